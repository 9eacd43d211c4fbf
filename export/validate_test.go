package export

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// writeRows writes the given rows as split train with one shard per 2 rows.
func writeRows(t *testing.T, dir string, qs []QuestionRow, as []AnnotationRow) {
	t.Helper()
	dw, err := Create(dir, Options{RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("train", int(as[0].Width), int(as[0].Height))
	if err != nil {
		t.Fatal(err)
	}
	for i := range qs {
		if err := sw.Add(qs[i], as[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := dw.Finish("test", nil, map[string]int64{"train": 1}); err != nil {
		t.Fatal(err)
	}
}

func TestValidate(t *testing.T) {
	const w, h = 20, 12
	fresh := func() ([]QuestionRow, []AnnotationRow) {
		rng := rand.New(rand.NewPCG(3, 4))
		var qs []QuestionRow
		var as []AnnotationRow
		for k := range 5 {
			q, a := synthRows(rng, k, w, h)
			qs, as = append(qs, q), append(as, a)
		}
		return qs, as
	}
	qs, as := fresh()
	dir := t.TempDir()
	writeRows(t, dir, qs, as)
	counts, err := Validate(dir)
	if err != nil || counts["train"] != 5 {
		t.Fatalf("valid dataset: counts %v, error %v", counts, err)
	}

	// Each corruption is found at the row (3 = shard 1, row 1) it was put in.
	cases := []struct {
		name    string
		corrupt func(q *QuestionRow, a *AnnotationRow)
		table   string
		reason  string
	}{
		{"answer letter", func(q *QuestionRow, a *AnnotationRow) { q.Answer = "Z" }, "questions", "not among"},
		{"image", func(q *QuestionRow, a *AnnotationRow) { q.Image.Bytes = q.Image.Bytes[:len(q.Image.Bytes)/2] }, "questions", "does not decode"},
		{"image size", func(q *QuestionRow, a *AnnotationRow) {
			q.ImageAfter.Bytes = synthPNG(rand.New(rand.NewPCG(1, 1)), w+1, h)
		}, "questions", "is 21x12"},
		{"flow NaN", func(q *QuestionRow, a *AnnotationRow) { a.FlowBackward[2*(3*w+5)+1] = float32(math.NaN()) }, "annotations", "flow_backward at pixel (x=5, y=3)"},
		{"flow Inf", func(q *QuestionRow, a *AnnotationRow) { a.FlowForward[7] = float32(math.Inf(1)) }, "annotations", "flow_forward"},
		{"id not in map", func(q *QuestionRow, a *AnnotationRow) { a.InstanceAfter[w+2] = uint16(len(a.InstanceMapAfter)) }, "annotations", "instance_after at pixel (x=2, y=1)"},
		{"mask", func(q *QuestionRow, a *AnnotationRow) { a.ChangeMask[0] = 2 }, "annotations", "change_mask"},
		{"duplicate id", func(q *QuestionRow, a *AnnotationRow) {
			q.ID, a.ID, q.Category = "house_000/v0/occlusion", "house_000/v0/occlusion", "occlusion"
		}, "questions", "duplicate id, first at"},
		{"split", func(q *QuestionRow, a *AnnotationRow) { q.Split = "" }, "questions", "split column"},
		{"causal graph cycle", func(q *QuestionRow, a *AnnotationRow) {
			q.CausalGraph = `{"nodes":[{"id":"x","kind":"event"},{"id":"answer","kind":"attribute"}],"edges":[{"from":"x","to":"answer"},{"from":"answer","to":"x"}]}`
		}, "questions", "causal_graph: causal graph: cycle"},
		{"causal graph answer", func(q *QuestionRow, a *AnnotationRow) {
			q.CausalGraph = fmt.Sprintf(`{"nodes":[{"id":"answer","kind":"attribute","value":"%sX"}]}`, q.Answer)
		}, "questions", "answer node"},
		{"causal graph metric", func(q *QuestionRow, a *AnnotationRow) {
			q.CausalGraph = fmt.Sprintf(`{"nodes":[{"id":"c","kind":"attribute","value":0.9,"metric":"/cover_after"},{"id":"answer","kind":"attribute","value":%q}],"edges":[{"from":"c","to":"answer"}]}`, q.Answer)
		}, "questions", "the metrics hold 0.02 at /cover_after"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			qs, as := fresh()
			q, a := qs[3], as[3]
			// Copy the slices we corrupt so other rows are untouched.
			a.FlowForward = append([]float32(nil), a.FlowForward...)
			a.FlowBackward = append([]float32(nil), a.FlowBackward...)
			a.InstanceAfter = append([]uint16(nil), a.InstanceAfter...)
			a.ChangeMask = append([]uint8(nil), a.ChangeMask...)
			c.corrupt(&q, &a)
			qs[3], as[3] = q, a
			dir := t.TempDir()
			writeRows(t, dir, qs, as)
			_, err := Validate(dir)
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v is not a ValidationError", err)
			}
			if !strings.HasSuffix(ve.Shard, c.table+"/train-00001-of-00003.parquet") || ve.Row != 1 || !strings.Contains(ve.Reason, c.reason) {
				t.Fatalf("got %v, want %s shard 1 row 1 with %q", ve, c.table, c.reason)
			}
		})
	}
}

// TestAddRejectsUnpairedRows checks that the writer refuses a question and
// annotations with different ids, so the tables cannot drift apart.
func TestAddRejectsUnpairedRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	q0, a0 := synthRows(rng, 0, 8, 8)
	_, a1 := synthRows(rng, 1, 8, 8)
	qs, as := []QuestionRow{q0}, []AnnotationRow{a0, a1}
	dw, err := Create(t.TempDir(), Options{RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("train", int(as[0].Width), int(as[0].Height))
	if err != nil {
		t.Fatal(err)
	}
	q, a := qs[0], as[1]
	if err := sw.Add(q, a); err == nil {
		t.Fatal("Add accepted a question and annotations with different ids")
	}
}
