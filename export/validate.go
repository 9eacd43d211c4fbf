package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"math"

	"flowbench/planner"

	"github.com/apache/arrow-go/v18/arrow"
)

// ValidationError locates the first problem Validate found.
type ValidationError struct {
	Shard  string // shard file path, or the manifest's for a manifest problem
	Row    int    // row within the shard, from 0; -1 for a shard-level problem
	ID     string // question id, when known
	Reason string
}

// Error names the shard, row and id of the problem.
func (e *ValidationError) Error() string {
	if e.Row < 0 {
		return fmt.Sprintf("%s: %s", e.Shard, e.Reason)
	}
	return fmt.Sprintf("%s row %d (id %q): %s", e.Shard, e.Row, e.ID, e.Reason)
}

// Validate checks a dataset directory against everything its readers rely
// on. It runs CheckDataset first (the manifest against
// docs/schemas/manifest.schema.json, its layout, every shard's footer),
// then reads every row. The manifest must exist, have this schema version and agree with the
// shards (splits, shard counts, annotations present unless questions-only,
// every count and answer histogram, the tensor type of the dense columns,
// one for the whole dataset; the config recorded for each split agrees
// with its shards, see checkSplitConfig). Every shard must carry
// flowbench's Arrow schema and footer keys, and be byte for byte what
// flowbench's writer makes of its decoded rows (see shardReencoder: this
// covers the column statistics, schema names and types, page headers and
// key-value metadata that other readers trust), the shards of a split
// share one fingerprint, and every row is checked: no NULL in a
// required column; ids unique, well formed and matching the split, house,
// view and a known category; images decode as PNG of the camera's size;
// answer, static_answer and before_answer are letters among the choices
// and `changed` follows ChangedRule; the annotations row of each question
// has the same id, finite dense values, 0/1 masks and instance ids in the
// id map; and the cheap semantic cross-checks of checkAnnotationSemantics
// hold (flow against the change mask and the realised motion, objects_after
// against objects_before, depth and ids against the objects' boxes). A
// split without questions is refused unless its recorded config says
// "allow_empty": true (checkEmptySplits). It
// returns the number of questions checked per split, and a
// *ValidationError for the first problem.
func Validate(dir string) (map[string]int, error) {
	ds, err := CheckDataset(dir)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	seen := map[string]string{} // id -> "shard row n" of its first occurrence
	for _, split := range ds.Splits() {
		qs, as := ds.shards[split][QuestionsTable], ds.shards[split][AnnotationsTable]
		if len(as) > 0 && len(as) != len(qs) {
			return counts, &ValidationError{Shard: ds.Dir + "/data/questions/" + split + "-*.parquet", Row: -1,
				Reason: fmt.Sprintf("%d questions shards but %d annotations shards", len(qs), len(as))}
		}
		for k, qp := range qs {
			var questions []rowContext
			if err := eachShardRow(qp, split, QuestionsTable, decodeQuestions, (*shardEncoder).encodeQuestion, func(row int, q QuestionRow) error {
				questions = append(questions, rowContext{ID: q.ID, Camera: q.Camera, Mover: q.Mover.ObjectID, Motion: q.RealisedMotion})
				if reason := checkQuestion(&q); reason != "" {
					return &ValidationError{Shard: qp, Row: row, ID: q.ID, Reason: reason}
				}
				if q.Split != split {
					return &ValidationError{Shard: qp, Row: row, ID: q.ID, Reason: fmt.Sprintf("split column is %q in a shard of split %q (its file name)", q.Split, split)}
				}
				if first, dup := seen[q.ID]; dup {
					return &ValidationError{Shard: qp, Row: row, ID: q.ID, Reason: "duplicate id, first at " + first}
				}
				seen[q.ID] = fmt.Sprintf("%s row %d", qp, row)
				return nil
			}); err != nil {
				return counts, err
			}
			counts[split] += len(questions)
			if len(as) == 0 {
				continue
			}
			ap := as[k]
			n := 0
			if err := eachShardRow(ap, split, AnnotationsTable, decodeAnnotations, (*shardEncoder).encodeAnnotation, func(row int, a AnnotationRow) error {
				n++
				if row >= len(questions) {
					return &ValidationError{Shard: ap, Row: row, ID: a.ID, Reason: fmt.Sprintf("more rows than %s", qp)}
				}
				q := &questions[row]
				if a.ID != q.ID {
					return &ValidationError{Shard: ap, Row: row, ID: a.ID, Reason: fmt.Sprintf("id differs from the question %q at the same row", q.ID)}
				}
				if a.Width != q.Camera.Width || a.Height != q.Camera.Height {
					return &ValidationError{Shard: ap, Row: row, ID: a.ID,
						Reason: fmt.Sprintf("size %dx%d differs from the camera's %dx%d", a.Width, a.Height, q.Camera.Width, q.Camera.Height)}
				}
				if reason := checkAnnotationValues(&a); reason != "" {
					return &ValidationError{Shard: ap, Row: row, ID: a.ID, Reason: reason}
				}
				if reason := checkAnnotationSemantics(q, &a); reason != "" {
					return &ValidationError{Shard: ap, Row: row, ID: a.ID, Reason: reason}
				}
				return nil
			}); err != nil {
				return counts, err
			}
			if n != len(questions) {
				return counts, &ValidationError{Shard: ap, Row: -1, Reason: fmt.Sprintf("%d rows, but %s has %d", n, qp, len(questions))}
			}
		}
	}
	// After the rows, so that a damaged shard is reported as damaged.
	if err := checkFingerprints(ds); err != nil {
		return counts, err
	}
	if err := checkTensorTypes(ds); err != nil {
		return counts, err
	}
	if err := checkManifestCounts(ds); err != nil {
		return counts, err
	}
	if err := checkEmptySplits(ds, counts); err != nil {
		return counts, err
	}
	return counts, nil
}

// eachShardRow decodes a shard of split record by record and calls fn per
// row; a shard that cannot be read, whose footer keys are not flowbench's
// for the table, or whose records hold a NULL becomes a ValidationError.
// Each row is also encoded again (encode, see shardReencoder) and, once
// every row has passed fn, a file that is not byte for byte what
// flowbench's writer makes of its rows is a ValidationError naming what
// differs.
func eachShardRow[R any](path, split, table string, decode func(arrow.RecordBatch) ([]R, error),
	encode func(*shardEncoder, *R) error, fn func(int, R) error) error {
	newRe := func(sf *shardFile) (rowReencoder[R], error) {
		re, err := newShardReencoder(sf, split)
		if err != nil {
			return nil, err
		}
		return encodingReencoder[R]{re, encode}, nil
	}
	return walkShardRows(path, table, decode, newRe, func(row int, r *R) error { return fn(row, *r) })
}

// rowReencoder re-encodes a shard's decoded rows and compares the result
// with the shard's bytes: the motion tables' shardReencoder and the Real
// annotations' realReencoder.
type rowReencoder[R any] interface {
	// add queues the next row; it must not change afterwards.
	add(row *R)
	// finish returns why the shard differs from the re-encoding, or "".
	finish(sf *shardFile) string
	// abandon stops a re-encoding whose shard failed another check.
	abandon()
}

// encodingReencoder is a shardReencoder with its table's row encoder.
type encodingReencoder[R any] struct {
	*shardReencoder
	encode func(*shardEncoder, *R) error
}

func (e encodingReencoder[R]) add(row *R) { reencodeRow(e.shardReencoder, e.encode, row) }

// walkShardRows decodes a shard of table record by record and calls fn per
// row; a shard that cannot be read, whose footer keys are not flowbench's
// for the table, or whose records hold a NULL becomes a ValidationError.
// With newRe, each row is also encoded again and, once every row has
// passed fn, a file that is not byte for byte what flowbench's writer
// makes of its rows is a ValidationError naming what differs; a nil
// newRe only decodes.
func walkShardRows[R any](path, table string, decode func(arrow.RecordBatch) ([]R, error),
	newRe func(*shardFile) (rowReencoder[R], error), fn func(int, *R) error) error {
	sf, err := openShard(path)
	if err != nil {
		return &ValidationError{Shard: path, Row: -1, Reason: err.Error()}
	}
	defer sf.Close()
	for _, kv := range [][2]string{{SchemaVersionKey, SchemaVersion}, {TableKey, table}} {
		if got := sf.meta(kv[0]); got != kv[1] {
			return &ValidationError{Shard: path, Row: -1, Reason: fmt.Sprintf("footer key %s is %q, want %q", kv[0], got, kv[1])}
		}
	}
	var re rowReencoder[R]
	if newRe != nil {
		if re, err = newRe(sf); err != nil {
			return &ValidationError{Shard: path, Row: -1, Reason: err.Error()}
		}
	}
	row := 0
	var rowErr error
	err = sf.eachRecord(nil, func(rec arrow.RecordBatch) error {
		if col, i := firstNull(rec); col != "" {
			return &ValidationError{Shard: path, Row: row + i, Reason: nullReason(col)}
		}
		rows, err := decodeGuarded(path, rec, decode)
		if err != nil {
			return &ValidationError{Shard: path, Row: row, Reason: err.Error()}
		}
		for i := range rows {
			if rowErr = fn(row, &rows[i]); rowErr != nil {
				return errStop
			}
			if re != nil {
				re.add(&rows[i])
			}
			row++
		}
		return nil
	})
	if rowErr == nil && err == nil {
		if re != nil {
			if reason := re.finish(sf); reason != "" {
				return &ValidationError{Shard: path, Row: -1, Reason: reason}
			}
		}
		return nil
	}
	if re != nil {
		re.abandon()
	}
	if rowErr != nil {
		return rowErr
	}
	if _, ok := err.(*ValidationError); ok {
		return err
	}
	return &ValidationError{Shard: path, Row: -1, Reason: err.Error()}
}

// checkPNG decodes an image fully and checks its size.
func checkPNG(name string, im Image, w, h int32) string {
	img, err := png.Decode(bytes.NewReader(im.Bytes))
	if err != nil {
		return fmt.Sprintf("%s does not decode as PNG: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != int(w) || b.Dy() != int(h) {
		return fmt.Sprintf("%s is %dx%d, want %dx%d", name, b.Dx(), b.Dy(), w, h)
	}
	return ""
}

// checkQuestion returns why a question row is invalid, or "".
func checkQuestion(q *QuestionRow) string {
	if q.ID == "" {
		return "empty id"
	}
	if q.Camera.Width <= 0 || q.Camera.Height <= 0 {
		return fmt.Sprintf("camera size %dx%d", q.Camera.Width, q.Camera.Height)
	}
	for _, c := range []struct {
		name string
		im   Image
	}{{"image", q.Image}, {"image_after", q.ImageAfter}} {
		if r := checkPNG(c.name, c.im, q.Camera.Width, q.Camera.Height); r != "" {
			return r
		}
	}
	if len(q.Choices) == 0 {
		return "no choices"
	}
	if r := checkCategory(q); r != "" {
		return r
	}
	for _, c := range []struct {
		name, letters string
		optional      bool
	}{{"answer", q.Answer, false}, {"static_answer", q.StaticAnswer, false}, {"before_answer", q.BeforeAnswer, true}} {
		if r := checkLetters(c.name, c.letters, len(q.Choices), c.optional); r != "" {
			return r
		}
		if c.letters != "" && len(c.letters) != len(q.Answer) {
			return fmt.Sprintf("%s %q has %d letters but answer %q has %d", c.name, c.letters, len(c.letters), q.Answer, len(q.Answer))
		}
	}
	if want := ChangedRule(q.Category, q.Answer, q.BeforeAnswer); q.Changed != want {
		return fmt.Sprintf("changed is %v, but answer %q and before_answer %q give %v (%s)", q.Changed, q.Answer, q.BeforeAnswer, want, changedRuleText)
	}
	if !json.Valid([]byte(q.Metrics)) {
		return "metrics is not valid JSON"
	}
	if q.CausalGraph != "" {
		g, err := planner.ParseCausalGraph(q.CausalGraph)
		if err != nil {
			return "causal_graph: " + err.Error()
		}
		if err := g.Agrees(q.Metrics, q.Answer); err != nil {
			return "causal_graph: " + err.Error()
		}
	}
	for _, v := range append(q.Camera.K[:], q.Camera.WorldToCamera[:]...) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "camera matrix is not finite"
		}
	}
	return ""
}

// checkAnnotationValues returns why an annotations row is invalid, or "".
func checkAnnotationValues(a *AnnotationRow) string {
	for _, c := range []struct {
		name string
		im   Image
	}{{"image_before_raw", a.ImageBeforeRaw}, {"image_after_raw", a.ImageAfterRaw}} {
		if r := checkPNG(c.name, c.im, a.Width, a.Height); r != "" {
			return r
		}
	}
	w := int(a.Width)
	for _, c := range []struct {
		name string
		v    []float32
		comp int
	}{{"flow_forward", a.FlowForward, 2}, {"flow_backward", a.FlowBackward, 2}, {"depth_before", a.DepthBefore, 1}, {"depth_after", a.DepthAfter, 1}} {
		for i, x := range c.v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || (c.comp == 1 && x < 0) {
				p := i / c.comp
				return fmt.Sprintf("%s at pixel (x=%d, y=%d) is %v", c.name, p%w, p/w, x)
			}
		}
	}
	for _, c := range []struct {
		name string
		ids  []uint16
		m    []string
	}{{"instance_before", a.InstanceBefore, a.InstanceMapBefore}, {"instance_after", a.InstanceAfter, a.InstanceMapAfter}} {
		if len(c.m) == 0 || c.m[0] != "" {
			return fmt.Sprintf("%s map must start with the empty entry for id 0", c.name)
		}
		for i, id := range c.ids {
			if int(id) >= len(c.m) {
				return fmt.Sprintf("%s at pixel (x=%d, y=%d) is %d, not in its %d-entry map", c.name, i%w, i/w, id, len(c.m))
			}
		}
	}
	for _, c := range []struct {
		name string
		v    []uint8
	}{{"flow_valid", a.FlowValid}, {"change_mask", a.ChangeMask}} {
		for i, x := range c.v {
			if x > 1 {
				return fmt.Sprintf("%s at pixel (x=%d, y=%d) is %d, want 0 or 1", c.name, i%w, i/w, x)
			}
		}
	}
	ids := map[string]bool{}
	for _, o := range a.ObjectsBefore {
		if ids[o.ObjectID] {
			return fmt.Sprintf("objects_before lists %q twice", o.ObjectID)
		}
		ids[o.ObjectID] = true
	}
	return ""
}
