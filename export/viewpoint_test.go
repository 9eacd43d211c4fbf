package export

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

func framePNG(t testing.TB, f *planner.Frame) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, f.W, f.H))
	for i := 0; i < f.W*f.H; i++ {
		copy(img.Pix[4*i:], f.RGB[3*i:3*i+3])
		img.Pix[4*i+3] = 255
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// viewpointRows plans the viewpoint scenes of one generated house at 64 px
// and builds their rows.
func viewpointRows(t testing.TB) ([][]ViewpointQuestionRow, [][]ViewpointViewRow) {
	t.Helper()
	h, err := sim.Generate("procthor", 7, 401)
	if err != nil {
		t.Fatal(err)
	}
	cfg := planner.DefaultViewpointConfig()
	cfg.HouseID, cfg.Seed, cfg.CameraSize = "vp", 3, 96
	cfg.Views.CameraSize = 96
	ss, err := planner.PlanViewpoints(planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}}), h, cfg)
	if err != nil || len(ss) < 3 {
		t.Fatalf("%d scenes, %v", len(ss), err)
	}
	var qs [][]ViewpointQuestionRow
	var vs [][]ViewpointViewRow
	for i := range ss[:3] {
		sc := &ss[i]
		var views [][]byte
		for _, tg := range sc.Targets {
			views = append(views, framePNG(t, tg.Frame))
		}
		q, v, err := NewViewpointRows(sc, "test", framePNG(t, sc.Source), views, cfg.Margin)
		if err != nil {
			t.Fatal(err)
		}
		qs, vs = append(qs, q), append(vs, v)
	}
	return qs, vs
}

func writeViewpoint(t *testing.T, dir string, qs [][]ViewpointQuestionRow, vs [][]ViewpointViewRow) {
	t.Helper()
	w, err := NewViewpointWriter(dir, "test", 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range qs {
		if err := w.Add(qs[i], vs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := ComputeViewpointStats(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	m := &ViewpointManifest{Name: "flowbench", Family: FamilyViewpoint, Version: "test", SchemaVersion: SchemaVersion,
		Config: map[string]any{"margin": planner.ViewMargin}, Splits: map[string]*ViewpointSplitStats{"test": st}, Schema: DescribeViewpointSchema()}
	if err := WriteViewpointManifest(dir, m); err != nil {
		t.Fatal(err)
	}
}

// TestViewpointRoundTrip writes three scenes in two shard pairs, reads
// every row back equal, validates the dataset, and checks that a wrong
// answer, a wrong step and a truncated shard are each reported.
func TestViewpointRoundTrip(t *testing.T) {
	qs, vs := viewpointRows(t)
	dir := t.TempDir()
	writeViewpoint(t, dir, qs, vs)
	got, err := ViewpointQuestions(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	var want []ViewpointQuestionRow
	for _, q := range qs {
		want = append(want, q...)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("questions read back differ: %d rows vs %d", len(got), len(want))
	}
	k := 0
	err = EachViewpointView(dir, "test", func(v *ViewpointViewRow) error {
		w := vs[k/9][k%9]
		if !reflect.DeepEqual(*v, w) {
			t.Errorf("view %s read back differs", w.ID)
		}
		k++
		return nil
	})
	if err != nil || k != 27 {
		t.Fatalf("views: %d, %v", k, err)
	}
	n, err := ValidateViewpoint(dir)
	if err != nil || n["test"] != len(want) {
		t.Fatalf("validate: %v %v", n, err)
	}
	// One non-empty row group per scene; column statistics on every column
	// but the pixel columns.
	shards, _ := filepath.Glob(filepath.Join(dir, "data", "*", "test-*.parquet"))
	if len(shards) == 0 {
		t.Fatal("no viewpoint shards")
	}
	groups := 0
	for _, path := range shards {
		sf, err := openShard(path)
		if err != nil {
			t.Fatal(err)
		}
		md := sf.pf.MetaData()
		groups += md.NumRowGroups()
		for rg := 0; rg < md.NumRowGroups(); rg++ {
			if md.RowGroup(rg).NumRows() == 0 {
				t.Errorf("%s: row group %d is empty", filepath.Base(path), rg)
			}
			for c := 0; c < md.RowGroup(rg).NumColumns(); c++ {
				cc, err := md.RowGroup(rg).ColumnChunk(c)
				if err != nil {
					t.Fatal(err)
				}
				p := cc.PathInSchema().String()
				if ok, _ := cc.StatsSet(); ok == slices.Contains(viewpointBulkColumns, p) {
					t.Errorf("%s column %s: statistics %v, want %v", filepath.Base(path), p, ok, !ok)
				}
			}
		}
		sf.Close()
	}
	if groups != 2*len(qs) { // two tables
		t.Errorf("%d row groups in the shards, want one per scene and table (%d)", groups, 2*len(qs))
	}
	card, _ := os.ReadFile(filepath.Join(dir, CardFile))
	if !strings.Contains(string(card), "viewpoint_views") {
		t.Errorf("card lacks the views table")
	}
	checkViewpointCard(t, dir, card, map[string]int{ViewpointQuestionsTable: len(all(qs)), ViewpointViewsTable: len(all(vs))})

	for _, c := range []struct {
		name    string
		corrupt func(q []ViewpointQuestionRow)
		reason  string
	}{
		{"answer", func(q []ViewpointQuestionRow) { q[1].Answer = []string{"front"} }, "the tags' floor offset gives"},
		{"step", func(q []ViewpointQuestionRow) { q[2].Step = 7 }, "step 7, want 3"},
		{"tag", func(q []ViewpointQuestionRow) { q[0].Object = 99 }, "not among the tags"},
	} {
		t.Run(c.name, func(t *testing.T) {
			q2 := make([][]ViewpointQuestionRow, len(qs))
			for i := range qs {
				q2[i] = append([]ViewpointQuestionRow(nil), qs[i]...)
			}
			c.corrupt(q2[2])
			d := t.TempDir()
			writeViewpoint(t, d, q2, vs)
			_, err := ValidateViewpoint(d)
			var ve *ValidationError
			if !errors.As(err, &ve) || !strings.HasSuffix(ve.Shard, "viewpoint_questions/test-00001-of-00002.parquet") || !strings.Contains(ve.Reason, c.reason) {
				t.Errorf("got %v, want shard 1 with %q", err, c.reason)
			}
		})
	}
	// A truncated views shard is refused, naming it.
	p := filepath.Join(dir, "data", "viewpoint_views", "test-00000-of-00002.parquet")
	b, _ := os.ReadFile(p)
	os.WriteFile(p, b[:len(b)/2], 0o644)
	if _, err := ValidateViewpoint(dir); err == nil || !strings.Contains(err.Error(), "viewpoint_views/test-00000-of-00002") {
		t.Errorf("truncated shard: %v", err)
	}
}

// all flattens per-scene rows.
func all[R any](rows [][]R) []R {
	var out []R
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// checkViewpointCard parses the viewpoint card's front matter and checks
// that each table's config globs exactly its shards (the new layout,
// data/<table>/test-NNNNN-of-NNNNN.parquet) and that dataset_info counts
// its rows.
func checkViewpointCard(t *testing.T, dir string, card []byte, rows map[string]int) {
	t.Helper()
	front, _, _ := strings.Cut(strings.TrimPrefix(string(card), "---\n"), "\n---\n")
	var f struct {
		Configs []struct {
			Name      string `json:"config_name"`
			DataFiles []struct {
				Split, Path string
			} `json:"data_files"`
		} `json:"configs"`
		Info []struct {
			Name   string `json:"config_name"`
			Splits []struct {
				Name        string `json:"name"`
				NumExamples int    `json:"num_examples"`
			} `json:"splits"`
		} `json:"dataset_info"`
	}
	if err := yaml.Unmarshal([]byte(front), &f); err != nil {
		t.Fatalf("viewpoint card front matter: %v", err)
	}
	if len(f.Configs) != 2 || len(f.Info) != 2 {
		t.Fatalf("viewpoint card: %d configs, %d dataset_info entries; want 2 and 2", len(f.Configs), len(f.Info))
	}
	for i, c := range f.Configs {
		got, _ := filepath.Glob(filepath.Join(dir, c.DataFiles[0].Path))
		want, err := ViewpointShards(dir, "test", c.Name)
		if err != nil || c.DataFiles[0].Split != "test" || strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("config %s: %q matches %v, want %v (%v)", c.Name, c.DataFiles[0].Path, got, want, err)
		}
		if in := f.Info[i]; in.Name != c.Name || len(in.Splits) != 1 || in.Splits[0].NumExamples != rows[c.Name] {
			t.Errorf("dataset_info %+v, want %d rows of %s", in, rows[c.Name], c.Name)
		}
	}
}
