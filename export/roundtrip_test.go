package export

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeSynth writes n synthetic rows of w×h to a fresh dataset and returns
// the directory and the rows.
func writeSynth(t testing.TB, dir string, n, w, h, perShard int, opt Options) ([]QuestionRow, []AnnotationRow) {
	t.Helper()
	return writeSynthWhere(t, dir, n, w, h, perShard, opt, nil)
}

// writeSynthWhere is writeSynth writing only the rows of the n that keep
// accepts (all for nil).
func writeSynthWhere(t testing.TB, dir string, n, w, h, perShard int, opt Options, keep func(QuestionRow) bool) ([]QuestionRow, []AnnotationRow) {
	t.Helper()
	opt.RowsPerShard = perShard
	dw, err := Create(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("train", w, h)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var qs []QuestionRow
	var as []AnnotationRow
	for k := range n {
		q, a := synthRows(rng, k, w, h)
		if keep != nil && !keep(q) {
			continue
		}
		qs, as = append(qs, q), append(as, a)
		if err := sw.Add(q, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	houses := map[string]bool{}
	for _, q := range qs {
		houses[q.HouseID] = true
	}
	if _, err := dw.Finish("test", map[string]any{"houses": max(2, len(houses))}, map[string]int64{"train": 7}); err != nil {
		t.Fatal(err)
	}
	return qs, as
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	// Small row groups force several groups per shard.
	qs, as := writeSynth(t, dir, 7, 24, 16, 3, Options{MaxRowGroupBytes: 20000})
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := ds.Shards("train", QuestionsTable); len(got) != 3 || got[2] != ShardPath(dir, QuestionsTable, "train", 2, 3) {
		t.Fatalf("question shards %v", got)
	}
	i := 0
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(q, qs[i]) {
			t.Fatalf("question %d differs:\n got %+v\nwant %+v", i, q, qs[i])
		}
		i++
	}
	if i != len(qs) {
		t.Fatalf("read %d questions, wrote %d", i, len(qs))
	}
	i = 0
	for a, err := range ds.Annotations("train") {
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, as[i]) {
			t.Fatalf("annotation %d differs", i)
		}
		i++
	}
	if i != len(as) {
		t.Fatalf("read %d annotations, wrote %d", i, len(as))
	}
	// Lookup by id, in a later shard.
	a, err := ds.Annotation(as[5].ID)
	if err != nil || !reflect.DeepEqual(a, as[5]) {
		t.Fatalf("Annotation(%q): %v", as[5].ID, err)
	}
	q, err := ds.Question(qs[4].ID)
	if err != nil || !reflect.DeepEqual(q, qs[4]) {
		t.Fatalf("Question(%q): %v", qs[4].ID, err)
	}
	if _, err := ds.Question("nope"); err == nil {
		t.Fatal("lookup of a missing id succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "data", ".staging", "train")); !os.IsNotExist(err) {
		t.Fatalf("staging directory left behind: %v", err)
	}
}

func TestQuestionsOnly(t *testing.T) {
	dir := t.TempDir()
	qs, _ := writeSynth(t, dir, 3, 8, 8, 2, Options{QuestionsOnly: true})
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := ds.Shards("train", AnnotationsTable); len(got) != 0 {
		t.Fatalf("annotations shards %v written with QuestionsOnly", got)
	}
	n := 0
	for q, err := range ds.Questions("train") {
		if err != nil || !reflect.DeepEqual(q, qs[n]) {
			t.Fatalf("question %d: %v", n, err)
		}
		n++
	}
	if n != 3 {
		t.Fatalf("read %d questions", n)
	}
	if counts, err := Validate(dir); err != nil || counts["train"] != 3 {
		t.Fatalf("Validate: %v %v", counts, err)
	}
	card, _ := os.ReadFile(filepath.Join(dir, CardFile))
	if strings.Contains(string(card), "config_name: annotations") {
		t.Fatal("card lists an annotations config for a questions-only dataset")
	}
}

// TestEmptySplit closes a split with no rows: it still gets one shard per
// table carrying the schema, and reads back as empty.
func TestEmptySplit(t *testing.T) {
	dir := t.TempDir()
	dw, err := Create(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("val", 8, 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	m, err := dw.Finish("test", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st := m.Splits["val"]; st == nil || st.Questions != 0 || st.Shards != 1 {
		t.Fatalf("empty split stats %+v", m.Splits["val"])
	}
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range ds.Annotations("val") {
		t.Fatalf("empty split yielded a row (error %v)", err)
	}
	if got := ds.Shards("val", AnnotationsTable); len(got) != 1 || !strings.HasSuffix(got[0], "data/annotations/val-00000-of-00001.parquet") {
		t.Fatalf("shards %v", got)
	}
}

// TestIteratorStopsEarly breaks out of the iterators mid-shard and
// mid-dataset; a range-over-func iterator that kept yielding would panic.
func TestIteratorStopsEarly(t *testing.T) {
	dir := t.TempDir()
	qs, _ := writeSynth(t, dir, 5, 8, 8, 3, Options{})
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, stop := range []int{0, 1, 3} {
		n := 0
		for q, err := range ds.Questions("train") {
			if err != nil || q.ID != qs[n].ID {
				t.Fatalf("row %d: %v", n, err)
			}
			if n == stop {
				break
			}
			n++
		}
		if n != stop {
			t.Fatalf("stopped at %d, want %d", n, stop)
		}
	}
	for _, err := range ds.Annotations("nosuchsplit") {
		if err == nil || !strings.Contains(err.Error(), "nosuchsplit") {
			t.Fatalf("unknown split: %v", err)
		}
	}
}

// TestAddDoesNotKeepBuffers overwrites every slice of a row right after Add
// (as a generator reusing its frame buffers would) and checks that the
// dataset holds the values at the time of Add.
func TestAddDoesNotKeepBuffers(t *testing.T) {
	const w, h = 16, 8
	rng := rand.New(rand.NewPCG(4, 4))
	dir := t.TempDir()
	dw, _ := Create(dir, Options{RowsPerShard: 10})
	sw, err := dw.Split("train", w, h)
	if err != nil {
		t.Fatal(err)
	}
	var want []AnnotationRow
	for k := range 3 {
		q, a := synthRows(rng, k, w, h)
		keep := a
		keep.DepthBefore = append([]float32(nil), a.DepthBefore...)
		keep.FlowForward = append([]float32(nil), a.FlowForward...)
		keep.InstanceAfter = append([]uint16(nil), a.InstanceAfter...)
		keep.ChangeMask = append([]uint8(nil), a.ChangeMask...)
		keep.ImageBeforeRaw.Bytes = append([]byte(nil), a.ImageBeforeRaw.Bytes...)
		want = append(want, keep)
		if err := sw.Add(q, a); err != nil {
			t.Fatal(err)
		}
		for i := range a.DepthBefore {
			a.DepthBefore[i] = -1
		}
		for i := range a.FlowForward {
			a.FlowForward[i] = 99
		}
		for i := range a.InstanceAfter {
			a.InstanceAfter[i] = 7
		}
		for i := range a.ChangeMask {
			a.ChangeMask[i] = 5
		}
		for i := range a.ImageBeforeRaw.Bytes {
			a.ImageBeforeRaw.Bytes[i] = 0
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for a, err := range ds.Annotations("train") {
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, want[i]) {
			t.Fatalf("row %d holds values written after Add", i)
		}
		i++
	}
}
