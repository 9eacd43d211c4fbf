package export

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// polarsReport is what testdata/polars/check.mjs prints.
type polarsReport struct {
	Version string                                  `json:"polars_version"`
	Splits  map[string]map[string]int               `json:"splits"`
	Types   map[string]string                       `json:"types"`
	Rows    map[string][]map[string]json.RawMessage `json:"rows"`
	Errors  map[string]string                       `json:"errors"`
	// Glob is data/questions/*.parquet read as one table: its rows and
	// their count per value of the split column.
	Glob struct {
		Rows   int            `json:"rows"`
		Splits map[string]int `json:"splits"`
	} `json:"glob"`
}

func runPolars(t *testing.T, dir string) polarsReport {
	t.Helper()
	out := runNodeCheck(t, "polars", "nodejs-polars", dir)
	var rep polarsReport
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("polars/check.mjs output: %v\n%.2000s", err, out)
	}
	return rep
}

// TestPolarsReadsPlainTensors reads a dataset written with plain tensors
// with Polars (nodejs-polars 0.25.2, the Rust core of Python Polars) and
// checks both tables against our reader: counts, the dtypes of the dense
// columns, the question fields, and every value of every dense column.
func TestPolarsReadsPlainTensors(t *testing.T) {
	t.Run("default", func(t *testing.T) { testPolarsReadsPlain(t, Options{TensorType: TensorPlain}) })
	// Tensor pages of 1536 bytes: one row of depth, half a row of flow.
	t.Run("pages", func(t *testing.T) {
		testPolarsReadsPlain(t, Options{TensorType: TensorPlain, tensorPageBytes: 4 * 24 * 16})
	})
}

func testPolarsReadsPlain(t *testing.T, opt Options) {
	dir := t.TempDir()
	const w, h = 24, 16
	writeSynth(t, dir, 5, w, h, 2, opt)
	vq, _ := addSynthSplit(t, dir, "test", 3, w, h, 2, opt)
	rep := runPolars(t, dir)
	if len(rep.Errors) > 0 {
		t.Fatalf("Polars %s could not read the dataset: %v", rep.Version, rep.Errors)
	}
	qs, as := readAll(t, dir, "train")
	// Splits from the file names, and the questions folder read by one glob
	// holds every split's rows, each under its split.
	if len(rep.Splits) != 2 || rep.Splits["test"]["questions"] != len(vq) || rep.Splits["test"]["annotations"] != len(vq) {
		t.Errorf("Polars splits from file names %v, want train and test (%d rows)", rep.Splits, len(vq))
	}
	if g := rep.Glob; g.Rows != len(qs)+len(vq) || len(g.Splits) != 2 || g.Splits["train"] != len(qs) || g.Splits["test"] != len(vq) {
		t.Errorf("Polars data/questions/*.parquet: %d rows, by split %v; want train %d, test %d", g.Rows, g.Splits, len(qs), len(vq))
	}
	if got := rep.Splits["train"]; got["questions"] != len(qs) || got["annotations"] != len(as) {
		t.Fatalf("Polars counts %v, our reader %d questions and %d annotations", got, len(qs), len(as))
	}
	for col, elem := range map[string]string{"depth_before": "Float32", "depth_after": "Float32", "flow_forward": "Float32",
		"flow_backward": "Float32", "instance_before": "UInt16", "instance_after": "UInt16", "flow_valid": "UInt8", "change_mask": "UInt8"} {
		n := w * h
		if strings.HasPrefix(col, "flow_") && col != "flow_valid" {
			n *= 2
		}
		want := fmt.Sprintf("DataType(FixedSizeList(DataType(%s),%d))", elem, n)
		if got := rep.Types["annotations."+col]; got != want {
			t.Errorf("Polars dtype of %s is %q, want %q", col, got, want)
		}
	}
	rows := rep.Rows["train"]
	if len(rows) != len(qs) {
		t.Fatalf("Polars gave %d rows, our reader %d", len(rows), len(qs))
	}
	for i, r := range rows {
		q, a := qs[i], as[i]
		want := map[string]any{
			"id": q.ID, "category": q.Category, "answer": q.Answer, "choices": q.Choices,
			"view_id": q.ViewID, "changed": q.Changed, "K": q.Camera.K[:],
			"realised_x": q.RealisedMotion[0], "image_path": q.Image.Path, "mover": q.Mover.ObjectID,
			"annotation_id": a.ID, "width": a.Width, "height": a.Height, "instance_map_before": a.InstanceMapBefore, "objects_after": len(a.ObjectsAfter),
			"depth_before": a.DepthBefore, "depth_after": a.DepthAfter, "instance_before": a.InstanceBefore, "instance_after": a.InstanceAfter,
			"flow_forward": a.FlowForward, "flow_backward": a.FlowBackward, "flow_valid": a.FlowValid, "change_mask": a.ChangeMask,
		}
		for key, ours := range want {
			raw, ok := r[key]
			if !ok {
				t.Errorf("row %d: Polars printed no %s", i, key)
				continue
			}
			var theirs any
			if err := json.Unmarshal(raw, &theirs); err != nil {
				t.Fatalf("row %d: Polars %s is not JSON: %v", i, key, err)
			}
			if !reflect.DeepEqual(theirs, jsonValue(ours)) {
				t.Errorf("row %d: Polars %s = %.200v, ours %.200v", i, key, theirs, ours)
			}
		}
	}
}

// TestPolarsRefusesExtensionTensors documents why plain is the default
// tensor type: Polars 0.25.2 reads the questions table of a dataset written
// with extension tensors but refuses its annotations table
// (pola-rs/polars#9112). If this test fails because Polars now reads it,
// revisit the default in docs/dataset.md.
func TestPolarsRefusesExtensionTensors(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 3, 24, 16, 2, Options{TensorType: TensorExtension})
	rep := runPolars(t, dir)
	if n := rep.Splits["train"]["questions"]; n != 3 {
		t.Errorf("Polars read %d questions, want 3 (errors: %v)", n, rep.Errors)
	}
	msg, failed := rep.Errors["train/annotations"]
	if !failed {
		t.Fatalf("Polars %s read the annotations table with extension tensors: it no longer refuses them, so the default tensor type (plain) should be reconsidered", rep.Version)
	}
	if !strings.Contains(msg, FixedShapeTensorName) {
		t.Errorf("Polars failed on the annotations table for another reason than %s: %s", FixedShapeTensorName, msg)
	}
	t.Logf("Polars %s on extension tensors: %.160s", rep.Version, msg)
}

// jsonValue converts a Go value to what encoding/json decodes into an
// any, exactly: numbers (float32, integers) to float64, which holds them
// without rounding, slices to []any (nil to empty), strings and bools as
// they are.
func jsonValue(v any) any {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = jsonValue(rv.Index(i).Interface())
		}
		return out
	case reflect.Float32, reflect.Float64:
		return rv.Convert(reflect.TypeFor[float64]()).Interface()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(rv.Uint())
	}
	return v
}
