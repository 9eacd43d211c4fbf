package pairfile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/internal/schematest"
)

// TestSchema validates the pair.json and COCO RLE files Write makes, and
// hand-written documents, against docs/schemas/real-pair.schema.json, and
// checks that it rejects what Read rejects for the same reason.
func TestSchema(t *testing.T) {
	schema := schematest.Compile(t, "real-pair.schema.json")
	dir, err := schematest.Dir()
	if err != nil {
		t.Fatal(err)
	}
	rleSchema := schematest.CompileFile(t, filepath.Join(dir, "real-pair.schema.json")+"#/$defs/rleMasksFile")

	folder, _ := writeSynth(t, t.TempDir(), synthOptions{w: 48, h: 40, overlap: true})
	written, err := os.ReadFile(filepath.Join(folder, PairJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(schema, written); err != nil {
		t.Errorf("the pair.json Write made: %v", err)
	}
	rle, err := os.ReadFile(filepath.Join(folder, "masks1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(rleSchema, rle); err != nil {
		t.Errorf("the RLE file Write made: %v", err)
	}
	listRLE := `[{"label": "cup", "score": 0.5, "segmentation": {"size": [40, 48], "counts": [0, 5, 1915]}}]`
	if err := schematest.Validate(rleSchema, []byte(listRLE)); err != nil {
		t.Errorf("an RLE file with uncompressed counts: %v", err)
	}
	for _, bad := range []string{`[]`, `[{"label": "cup", "score": 0.5, "segmentation": {"size": [40, 48], "counts": [0, -5]}}]`,
		`[{"label": "cup", "score": 0.5, "iscrowd": 0, "segmentation": {"size": [40, 48], "counts": "0"}}]`} {
		if schematest.Validate(rleSchema, []byte(bad)) == nil {
			t.Errorf("the schema accepts the RLE file %s", bad)
		}
	}

	good := `{"format": "flowbench-real-pair/1", "id": "ep12", "source": "bridge_v2",
	  "task": "put the cup left of the bowl", "width": 640, "height": 480,
	  "frames": [
	    {"image": "frame0.jpg", "masks": {"labels": "masks0.png", "instances": [{"id": 1, "label": "cup", "score": 0.91}, {"id": 7, "label": "bowl", "score": 0.3, "task_noun": true}]}, "depth": "depth0.npy", "arm": "arm0.png"},
	    {"image": "frame1.jpg", "masks": {"rle": "masks1.json"}, "depth": "depth1.npy"}],
	  "tracks": "tracks.npy", "flow": "flow.npy"}`
	if err := schematest.Validate(schema, []byte(good)); err != nil {
		t.Errorf("a hand-written pair.json: %v", err)
	}
	custom := strings.Replace(good, `"bridge_v2"`, `{"name": "custom", "g": 1.2, "margin": 0.03, "room_scale": false, "depth_order": true}`, 1)
	if err := schematest.Validate(schema, []byte(custom)); err != nil {
		t.Errorf("a custom source: %v", err)
	}

	edit := func(doc string, f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal([]byte(doc), &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	frame := func(m map[string]any, i int) map[string]any { return m["frames"].([]any)[i].(map[string]any) }
	for name, f := range map[string]func(m map[string]any){
		"unknown field":         func(m map[string]any) { m["colour"] = "red" },
		"unknown frame field":   func(m map[string]any) { frame(m, 0)["normals"] = "n.npy" },
		"unknown source":        func(m map[string]any) { m["source"] = "bridge_v3" },
		"custom source as name": func(m map[string]any) { m["source"] = "custom" },
		"custom source without g": func(m map[string]any) {
			m["source"] = map[string]any{"name": "custom", "margin": 0.03}
		},
		"other format":             func(m map[string]any) { m["format"] = "flowbench-real-pair/2" },
		"no tracks":                func(m map[string]any) { delete(m, "tracks") },
		"one frame":                func(m map[string]any) { m["frames"] = m["frames"].([]any)[:1] },
		"width too small":          func(m map[string]any) { m["width"] = 8 },
		"no intrinsics at 48×40":   func(m map[string]any) { m["width"], m["height"] = 48, 40 },
		"droid without intrinsics": func(m map[string]any) { m["source"] = "droid" },
		"labels and rle":           func(m map[string]any) { frame(m, 1)["masks"].(map[string]any)["labels"] = "m.png" },
		"empty instances": func(m map[string]any) {
			frame(m, 0)["masks"].(map[string]any)["instances"] = []any{}
		},
		"score over 1": func(m map[string]any) {
			frame(m, 0)["masks"].(map[string]any)["instances"].([]any)[0].(map[string]any)["score"] = 1.5
		},
		"instance id 0": func(m map[string]any) {
			frame(m, 0)["masks"].(map[string]any)["instances"].([]any)[0].(map[string]any)["id"] = 0
		},
		"bad id":                 func(m map[string]any) { m["id"] = "../x" },
		"board without effector": func(m map[string]any) { m["board"] = map[string]any{"setup_id": "s1"} },
		"board without setup":    func(m map[string]any) { m["board"] = map[string]any{"effector0": []any{0.1, 0.2}} },
		"board with 3 corners": func(m map[string]any) {
			m["board"] = map[string]any{"effector0": []any{0.1, 0.2}, "corners": []any{[]any{1, 2}, []any{3, 4}, []any{5, 6}}}
		},
	} {
		if schematest.Validate(schema, edit(good, f)) == nil {
			t.Errorf("the schema accepts a pair.json with %s", name)
		}
	}
	// With intrinsics, another size and DROID are fine.
	ok := edit(good, func(m map[string]any) {
		m["width"], m["height"], m["source"] = 912, 512, "droid"
		m["intrinsics"] = map[string]any{"fx": 700, "fy": 700, "cx": 456, "cy": 256}
	})
	if err := schematest.Validate(schema, ok); err != nil {
		t.Errorf("a DROID pair with intrinsics: %v", err)
	}
	lt := edit(good, func(m map[string]any) {
		m["source"] = "language_table"
		m["board"] = map[string]any{"effector0": []any{0.31, -0.12}, "corners": []any{[]any{10, 400}, []any{630, 400}, []any{500, 100}, []any{140, 100}}}
	})
	if err := schematest.Validate(schema, lt); err != nil {
		t.Errorf("a Language-Table pair with a board: %v", err)
	}
}
