package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"flowbench/export"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// tamperTarget is the first question of the reference dataset whose mover
// moved and shows valid pixels in I0, and the shard that holds it.
type tamperTarget struct {
	shard int // shard index in split train
	row   int // row within the shard
	id    string
}

// findTamperTarget picks the row the semantic tamperings are applied to.
func findTamperTarget(t *testing.T, dir string) tamperTarget {
	t.Helper()
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	shards := ds.Shards("train", export.AnnotationsTable)
	for k, p := range shards {
		m, err := readStagedMeta(p)
		if err != nil {
			t.Fatal(err)
		}
		row := 0
		for i, qs := range shardQuestions(t, ds, m) {
			q := qs
			a, err := ds.Annotation(q.ID)
			if err != nil {
				t.Fatal(err)
			}
			valid := 0
			for p, id := range a.InstanceBefore {
				if a.InstanceMapBefore[id] == q.Mover.ObjectID && a.FlowValid[p] == 1 {
					valid++
				}
			}
			if q.RealisedMotion.Len() > 0.05 && valid > 20 && len(a.ObjectsAfter) > 0 {
				return tamperTarget{shard: k, row: i, id: q.ID}
			}
			row++
		}
	}
	t.Fatal("no question in the reference dataset has a visible mover that moved")
	return tamperTarget{}
}

// shardQuestions returns the questions of the shard described by m.
func shardQuestions(t *testing.T, ds *export.Dataset, m stagedMeta) []export.QuestionRow {
	t.Helper()
	var out []export.QuestionRow
	in := false
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		if q.ID == m.firstID {
			in = true
		}
		if in {
			out = append(out, q)
		}
		if q.ID == m.lastID {
			break
		}
	}
	return out
}

// rewriteQuestion rewrites the questions shard of the target with the
// target row changed by edit.
func rewriteQuestion(t *testing.T, dir string, tg tamperTarget, edit func(*export.QuestionRow)) {
	t.Helper()
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	shard := ds.Shards("train", export.QuestionsTable)[tg.shard]
	m, err := readStagedMeta(shard)
	if err != nil {
		t.Fatal(err)
	}
	rows := shardQuestions(t, ds, m)
	edit(&rows[tg.row])
	w, err := export.NewShardWriter(shard, export.QuestionsTable, export.ShardOptions{Metadata: keptFooterKeys(t, shard)})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range rows {
		if err := w.WriteQuestion(q); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// rewriteAnnotation rewrites the annotations shard of the target with the
// target row changed by edit.
func rewriteAnnotation(t *testing.T, dir string, tg tamperTarget, edit func(*export.AnnotationRow)) {
	t.Helper()
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	shard := ds.Shards("train", export.AnnotationsTable)[tg.shard]
	m, err := readStagedMeta(shard)
	if err != nil {
		t.Fatal(err)
	}
	var rows []export.AnnotationRow
	for _, q := range shardQuestions(t, ds, m) {
		a, err := ds.Annotation(q.ID)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, a)
	}
	edit(&rows[tg.row])
	w, err := export.NewShardWriter(shard, export.AnnotationsTable, export.ShardOptions{W: int(rows[0].Width), H: int(rows[0].Height), Metadata: keptFooterKeys(t, shard)})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range rows {
		if err := w.WriteAnnotation(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// rewriteRaw reads the target's annotations shard as an Arrow table and
// writes it back with pqarrow under the flowbench schema, after edit has
// replaced columns; storeSchema false drops ARROW:schema from the footer.
func rewriteRaw(t *testing.T, dir string, tg tamperTarget, storeSchema bool, edit func(cols []arrow.Array) []arrow.Array) {
	t.Helper()
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	shard := ds.Shards("train", export.AnnotationsTable)[tg.shard]
	kept := keptFooterKeys(t, shard)
	pf, err := file.OpenParquetFile(shard, false)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	pf.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	var cols []arrow.Array
	for i := 0; i < int(tbl.NumCols()); i++ {
		c, err := array.Concatenate(tbl.Column(i).Data().Chunks(), memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	cols = edit(cols)
	var w, h int
	if a, err := ds.Annotation(tg.id); err == nil {
		w, h = int(a.Width), int(a.Height)
	}
	schema := export.AnnotationsSchema(w, h)
	rec := array.NewRecordBatch(schema, cols, int64(cols[0].Len()))
	defer rec.Release()
	out := array.NewTableFromRecords(schema, []arrow.RecordBatch{rec})
	defer out.Release()
	f, err := os.Create(shard)
	if err != nil {
		t.Fatal(err)
	}
	var opts []pqarrow.WriterOption
	if storeSchema {
		opts = append(opts, pqarrow.WithStoreSchema())
	}
	fw, err := pqarrow.NewFileWriter(schema, f, parquet.NewWriterProperties(), pqarrow.NewArrowWriterProperties(opts...))
	if err != nil {
		t.Fatal(err)
	}
	if err := fw.WriteTable(out, 1<<20); err != nil {
		t.Fatal(err)
	}
	// The footer keys flowbench's writer adds outside the Arrow schema.
	kept["flowbench.rows"] = strconv.Itoa(cols[0].Len())
	for k, v := range kept {
		if err := fw.AppendKeyValueMetadata(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
}

// withNull returns a copy of an array whose element i is NULL.
func withNull(d arrow.ArrayData, i int) arrow.ArrayData {
	bitmap := make([]byte, bitutil.BytesForBits(int64(d.Len())))
	bitutil.SetBitsTo(bitmap, 0, int64(d.Len()), true)
	bitutil.ClearBit(bitmap, i)
	bufs := append([]*memory.Buffer{memory.NewBufferBytes(bitmap)}, d.Buffers()[1:]...)
	return array.NewData(d.DataType(), d.Len(), bufs, d.Children(), 1, d.Offset())
}

// withNullElement returns a copy of a tensor (fixed-size-list) column with
// element k of row i NULL: the tensor fields' items are nullable, as in
// pyarrow's fixed_shape_tensor storage, so a NULL fits the exact schema.
func withNullElement(a arrow.Array, i, k int) arrow.Array {
	d := a.Data()
	n := int(d.DataType().(*arrow.FixedSizeListType).Len())
	child := withNull(d.Children()[0], (d.Offset()+i)*n+k)
	nd := array.NewData(d.DataType(), d.Len(), d.Buffers(), []arrow.ArrayData{child}, d.NullN(), d.Offset())
	return array.MakeFromData(nd)
}

// editManifest replaces DIR/manifest.json with edit's result on the
// decoded original (edit may change m and return it, or return another
// document such as nil).
func editManifest(t *testing.T, dir string, edit func(m map[string]any) any) {
	t.Helper()
	p := filepath.Join(dir, export.ManifestFile)
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	raw, _ = json.Marshal(edit(m))
	if err := os.WriteFile(p, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestValidateRejectsTampering applies each tampering of issue 14 to a
// copy of the generated reference dataset; validate must exit 1 with a
// message naming the problem (and the shard and row where there is one).
func TestValidateRejectsTampering(t *testing.T) {
	referenceRun(t)
	tg := findTamperTarget(t, copyReference(t))
	colIndex := func(name string) int { return export.AnnotationsSchema(1, 1).FieldIndices(name)[0] }
	cases := []struct {
		name   string
		tamper func(t *testing.T, dir string)
		want   []string
	}{
		{"annotations shards deleted", func(t *testing.T, dir string) {
			paths, _ := filepath.Glob(filepath.Join(dir, "data", "annotations", "train-*.parquet"))
			if len(paths) == 0 {
				t.Fatal("no annotations shards to delete")
			}
			for _, p := range paths {
				os.Remove(p)
			}
		}, []string{"manifest.json", "holds no annotations shards"}},
		{"manifest deleted", func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, export.ManifestFile))
		}, []string{"manifest.json", "missing"}},
		{"wrong question count", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) any {
				st := m["splits"].(map[string]any)["train"].(map[string]any)
				st["questions"] = st["questions"].(float64) + 1
				return m
			})
		}, []string{"manifest.json", "questions is"}},
		{"wrong shard count", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) any {
				st := m["splits"].(map[string]any)["train"].(map[string]any)
				st["shards"] = st["shards"].(float64) + 1
				return m
			})
		}, []string{"manifest.json", "shards listed"}},
		{"extra split", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) any {
				m["splits"].(map[string]any)["val"] = m["splits"].(map[string]any)["train"]
				return m
			})
		}, []string{"manifest.json", "lists splits [train val]"}},
		{"schema_version 99", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) any { m["schema_version"] = "99"; return m })
		}, []string{"manifest.json", `schema_version is "99"`}},
		{"static_answer outside choices", func(t *testing.T, dir string) {
			rewriteQuestion(t, dir, tg, func(q *export.QuestionRow) { q.StaticAnswer = "Z" })
		}, []string{"questions/train-", tg.id, "static_answer"}},
		{"before_answer outside choices", func(t *testing.T, dir string) {
			rewriteQuestion(t, dir, tg, func(q *export.QuestionRow) { q.BeforeAnswer = "Q" })
		}, []string{"questions/train-", tg.id, "before_answer"}},
		{"changed inconsistent", func(t *testing.T, dir string) {
			rewriteQuestion(t, dir, tg, func(q *export.QuestionRow) { q.Changed = !q.Changed })
		}, []string{"questions/train-", tg.id, "changed is"}},
		{"unknown category", func(t *testing.T, dir string) {
			rewriteQuestion(t, dir, tg, func(q *export.QuestionRow) { q.Category = "teleport" })
		}, []string{"questions/train-", tg.id, `unknown category "teleport"`}},
		{"NULL in a tensor column", func(t *testing.T, dir string) {
			rewriteRaw(t, dir, tg, true, func(cols []arrow.Array) []arrow.Array {
				i := colIndex("flow_forward")
				cols[i] = withNullElement(cols[i], tg.row, 7)
				return cols
			})
		}, []string{"annotations/train-", "row " + strconv.Itoa(tg.row), "flow_forward[] is NULL"}},
		{"zeroed flow", func(t *testing.T, dir string) {
			rewriteAnnotation(t, dir, tg, func(a *export.AnnotationRow) {
				clear(a.FlowForward)
				clear(a.FlowBackward)
			})
		}, []string{"annotations/train-", tg.id, "flow_forward is 0 on"}},
		{"empty change mask", func(t *testing.T, dir string) {
			rewriteAnnotation(t, dir, tg, func(a *export.AnnotationRow) { clear(a.ChangeMask) })
		}, []string{"annotations/train-", tg.id, "outside the change mask"}},
		{"objects_after equal to objects_before", func(t *testing.T, dir string) {
			rewriteAnnotation(t, dir, tg, func(a *export.AnnotationRow) { a.ObjectsAfter = a.ObjectsBefore })
		}, []string{"annotations/train-", tg.id, "with its pose before the motion"}},
		{"mover missing from objects_after", func(t *testing.T, dir string) {
			rewriteAnnotation(t, dir, tg, func(a *export.AnnotationRow) { a.ObjectsAfter = nil })
		}, []string{"annotations/train-", tg.id, "objects_after has no entry for the mover"}},
		{"depth inconsistent with the objects", func(t *testing.T, dir string) {
			rewriteAnnotation(t, dir, tg, func(a *export.AnnotationRow) {
				for i := range a.DepthBefore {
					a.DepthBefore[i] *= 1.5
				}
			})
		}, []string{"annotations/train-", tg.id, "outside its aabb"}},
		{"ARROW:schema dropped", func(t *testing.T, dir string) {
			rewriteRaw(t, dir, tg, false, func(cols []arrow.Array) []arrow.Array { return cols })
		}, []string{"annotations/train-", "has no ARROW:schema"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := copyReference(t)
			c.tamper(t, dir)
			out, code := genCLI(t, "validate", dir)
			if code != 1 {
				t.Fatalf("validate exit code %d, want 1:\n%s", code, out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Fatalf("validate output does not mention %q:\n%s", w, out)
				}
			}
		})
	}
}
