package export

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// duckdbReport is what testdata/duckdb/check.mjs prints.
type duckdbReport struct {
	Version string                                  `json:"duckdb_version"`
	Splits  map[string]map[string]int               `json:"splits"`
	Types   map[string]string                       `json:"types"`
	Rows    map[string][]map[string]json.RawMessage `json:"rows"`
	KV      map[string]string                       `json:"kv"`
	// SplitRows counts each table's rows by the split in their file
	// names, reading the table's folder by one glob; SplitMismatches
	// counts the questions whose split column disagrees.
	SplitRows       map[string]map[string]int `json:"split_rows"`
	SplitMismatches *int                      `json:"split_mismatches"`
	// ArrowFields is the footer's ARROW:schema decoded by Arrow JS; nil
	// when apache-arrow is not installed.
	ArrowFields map[string]struct {
		Type              string  `json:"type"`
		ExtensionName     *string `json:"extension_name"`
		ExtensionMetadata *string `json:"extension_metadata"`
		TensorShape       *string `json:"tensor_shape"`
	} `json:"arrow_fields"`
}

// TestDuckDBReadsDataset reads a small dataset with DuckDB (npm
// @duckdb/node-api), in both tensor types, and compares counts, dense
// column types and values with our reader; the "pages" case writes tensor
// pages of 1536 bytes (one row of depth; a row of flow spans two pages),
// so that a row group's dense columns span several pages.
func TestDuckDBReadsDataset(t *testing.T) {
	for _, tt := range []TensorType{TensorPlain, TensorExtension} {
		t.Run(tt.String(), func(t *testing.T) { testDuckDBReads(t, Options{TensorType: tt}) })
	}
	t.Run("pages", func(t *testing.T) { testDuckDBReads(t, Options{tensorPageBytes: 4 * 24 * 16}) })
}

func testDuckDBReads(t *testing.T, opt Options) {
	dir := t.TempDir()
	const w, h = 24, 16
	tt := opt.TensorType
	qs, as := writeSynth(t, dir, 5, w, h, 2, opt)
	vq, _ := addSynthSplit(t, dir, "validation", 3, w, h, 2, opt)
	out := runNodeCheck(t, "duckdb", "@duckdb/node-api", dir)
	var rep duckdbReport
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("check.mjs output: %v\n%s", err, out)
	}
	// The splits come from the file names of data/questions/*.parquet, as
	// Hugging Face infers them; each table's folder reads as one glob.
	if len(rep.Splits) != 2 || rep.Splits["validation"]["questions"] != len(vq) || rep.Splits["validation"]["annotations"] != len(vq) {
		t.Errorf("DuckDB splits from file names %v, want train and validation (%d rows)", rep.Splits, len(vq))
	}
	for _, table := range MotionTables {
		if got := rep.SplitRows[table]; len(got) != 2 || got["train"] != len(qs) || got["validation"] != len(vq) {
			t.Errorf("DuckDB data/%s/*.parquet: rows by file-name split %v, want train %d, validation %d", table, got, len(qs), len(vq))
		}
	}
	if rep.SplitMismatches == nil || *rep.SplitMismatches != 0 {
		t.Errorf("DuckDB: %v questions whose split column is not their file name's split", rep.SplitMismatches)
	}
	t.Logf("DuckDB %s types: depth_before %s, instance_before %s, flow_forward %s, flow_valid %s, image %s",
		rep.Version, rep.Types["annotations.depth_before"], rep.Types["annotations.instance_before"],
		rep.Types["annotations.flow_forward"], rep.Types["annotations.flow_valid"], rep.Types["questions.image"])
	if got := rep.Splits["train"]; got["questions"] != len(qs) || got["annotations"] != len(as) {
		t.Fatalf("DuckDB counts %v, wrote %d", got, len(qs))
	}
	// Dense columns must be numeric arrays or lists of the right element type.
	for col, elem := range map[string]string{"depth_before": "FLOAT", "depth_after": "FLOAT", "flow_forward": "FLOAT",
		"flow_backward": "FLOAT", "instance_before": "USMALLINT", "instance_after": "USMALLINT",
		"flow_valid": "UTINYINT", "change_mask": "UTINYINT"} {
		typ := rep.Types["annotations."+col]
		if typ != elem+"[]" && !matchArray(typ, elem) {
			t.Errorf("DuckDB type of %s is %q, want %s[] or %s[N]", col, typ, elem, elem)
		}
	}
	if rep.KV[SchemaVersionKey] != SchemaVersion || rep.KV[TableKey] != AnnotationsTable || rep.KV["flowbench.first_id"] != qs[0].ID {
		t.Errorf("DuckDB parquet_kv_metadata: %v", rep.KV)
	}
	if rep.ArrowFields == nil {
		t.Log("apache-arrow is not installed: the stored Arrow schema was not decoded by Arrow JS")
	}
	for _, f := range AnnotationsSchemaFor(w, h, tt).Fields() {
		if rep.ArrowFields == nil {
			break
		}
		got, ok := rep.ArrowFields[f.Name]
		if !ok {
			t.Errorf("Arrow JS: stored schema lacks %s", f.Name)
			continue
		}
		shape, err := TensorShape(f)
		if err != nil {
			if got.ExtensionName != nil || got.TensorShape != nil {
				t.Errorf("Arrow JS: %s has extension %s, tensor shape %s", f.Name, deref(got.ExtensionName), deref(got.TensorShape))
			}
			continue
		}
		dims, _ := json.Marshal(shape)
		wantType := fmt.Sprintf("FixedSizeList[%d]<", product(shape))
		if !strings.HasPrefix(got.Type, wantType) {
			t.Errorf("Arrow JS: %s is %s, want %s…", f.Name, got.Type, wantType)
		}
		switch tt {
		case TensorExtension:
			wantMeta := `{"shape":` + string(dims) + `}`
			if deref(got.ExtensionName) != FixedShapeTensorName || deref(got.ExtensionMetadata) != wantMeta || got.TensorShape != nil {
				t.Errorf("Arrow JS: %s has extension %v %v and tensor shape %v, want %s %s and none", f.Name,
					deref(got.ExtensionName), deref(got.ExtensionMetadata), deref(got.TensorShape), FixedShapeTensorName, wantMeta)
			}
		case TensorPlain:
			if got.ExtensionName != nil || got.ExtensionMetadata != nil || deref(got.TensorShape) != string(dims) {
				t.Errorf("Arrow JS: %s has extension %v %v and %s %v, want no extension and %s", f.Name,
					deref(got.ExtensionName), deref(got.ExtensionMetadata), TensorShapeKey, deref(got.TensorShape), dims)
			}
		}
	}
	rows := rep.Rows["train"]
	if len(rows) != len(qs) {
		t.Fatalf("DuckDB joined %d rows, want %d", len(rows), len(qs))
	}
	// Compare with our reader, not with the in-memory rows.
	oursQ, ours := readAll(t, dir, "train")
	for i, q := range oursQ {
		r, a := rows[i], ours[i]
		str := func(k string) (s string) { json.Unmarshal(r[k], &s); return }
		num := func(k string) (f float64) {
			if err := json.Unmarshal(r[k], &f); err != nil {
				var s string // DuckDB prints some numbers as strings
				json.Unmarshal(r[k], &s)
				json.Unmarshal([]byte(s), &f)
			}
			return
		}
		if str("id") != q.ID || str("answer") != q.Answer || str("category") != q.Category {
			t.Errorf("row %d: DuckDB id/answer/category %s %s %s, ours %s %s %s", i, str("id"), str("answer"), str("category"), q.ID, q.Answer, q.Category)
		}
		var choices, imap []string
		var K []float64
		json.Unmarshal(r["choices"], &choices)
		json.Unmarshal(r["instance_map_before"], &imap)
		json.Unmarshal(r["K"], &K)
		if len(choices) != len(q.Choices) || len(imap) != len(a.InstanceMapBefore) || len(K) != 9 || K[0] != q.Camera.K[0] || K[2] != q.Camera.K[2] {
			t.Errorf("row %d: DuckDB choices %v map %d K %v; ours %v %d %v", i, choices, len(imap), K, q.Choices, len(a.InstanceMapBefore), q.Camera.K)
		}
		if num("realised_x") != q.RealisedMotion[0] || int(num("image_bytes")) != len(q.Image.Bytes) {
			t.Errorf("row %d: realised x %v image bytes %v; ours %v %d", i, num("realised_x"), num("image_bytes"), q.RealisedMotion[0], len(q.Image.Bytes))
		}
		if int(num("width")) != w || int(num("height")) != h || int(num("depth_len")) != w*h || int(num("objects_after")) != len(a.ObjectsAfter) {
			t.Errorf("row %d: size %vx%v depth_len %v objects %v", i, num("width"), num("height"), num("depth_len"), num("objects_after"))
		}
		if num("depth_first") != float64(a.DepthBefore[0]) || num("flow_forward_first") != float64(a.FlowForward[0]) {
			t.Errorf("row %d: first depth %v flow %v, ours %v %v", i, num("depth_first"), num("flow_forward_first"), a.DepthBefore[0], a.FlowForward[0])
		}
		for _, c := range []struct {
			key  string
			ours float64
		}{
			{"depth_sum", sum(a.DepthBefore)}, {"flow_forward_sum", sum(a.FlowForward)},
			{"instance_after_sum", sum(a.InstanceAfter)}, {"flow_valid_sum", sum(a.FlowValid)}, {"change_sum", sum(a.ChangeMask)},
		} {
			if got := num(c.key); math.Abs(got-c.ours) > 1e-9*math.Max(1, math.Abs(c.ours)) {
				t.Errorf("row %d: DuckDB %s = %v, ours %v", i, c.key, got, c.ours)
			}
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func sum[T float32 | uint16 | uint8](v []T) float64 {
	s := 0.0
	for _, x := range v {
		s += float64(x)
	}
	return s
}

// matchArray reports whether typ is DuckDB's fixed-size array of elem, "ELEM[N]".
func matchArray(typ, elem string) bool {
	if len(typ) < len(elem)+3 || typ[:len(elem)] != elem || typ[len(elem)] != '[' || typ[len(typ)-1] != ']' {
		return false
	}
	for _, c := range typ[len(elem)+1 : len(typ)-1] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
