package export

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"image"
	_ "image/jpeg" // raw frames may be JPEG
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"flowbench/real"
	"flowbench/real/marks"
)

// ValidateReal checks a FlowBench-Real dataset against everything its
// readers rely on and returns the questions per split. The manifest must
// be a Real manifest of this schema version naming exactly the splits on
// disk. Every questions shard goes through Validate's shard checks
// (footer keys, Arrow schema, no NULL, byte for byte flowbench's
// re-encoding of its rows) and every real_annotations shard through the
// same with its own encoder; shard k of both tables holds the same ids in
// the same order. Every question row: a unique id under its pair
// (<house_id>/...), a Real category, scene_style real:<source>, view 0,
// PNG images of the camera's size, answers that are letters among the
// choices, changed agreeing with answer and before_answer, metrics JSON.
// Every annotations row: its pair, source and size agree with the
// question's, its frames decode at that size, its question_spec JSON is
// the question row (id, category, choices, texts, answers, changed), its
// dot colours are distinct palette names, one per mentioned object, and
// its measurement JSON gives the answer again (RealRecompute: every
// category's definition applied to the measured positions, radii, depths
// and areas). The manifest's counts are the shards'. The test split meets
// B.6's caps (real.CheckCaps: one question per pair, the per-category
// no-change, answer and shortcut shares, yes/no at most 55:45).
func ValidateReal(dir string) (map[string]int, error) {
	if err := CheckManifestFile(dir); err != nil {
		return nil, err
	}
	m, err := ReadRealManifest(dir)
	if err != nil {
		return nil, err
	}
	mpath := filepath.Join(dir, ManifestFile)
	if m.SchemaVersion != SchemaVersion {
		return nil, &ValidationError{Shard: mpath, Row: -1, Reason: fmt.Sprintf("schema_version %q, want %q", m.SchemaVersion, SchemaVersion)}
	}
	if err := CheckLayout(dir); err != nil {
		return nil, err
	}
	shards, err := scanTableShards(dir, RealTables)
	if err != nil {
		return nil, err
	}
	if got, want := slices.Sorted(maps.Keys(shards)), slices.Sorted(maps.Keys(m.Splits)); !slices.Equal(got, want) {
		return nil, &ValidationError{Shard: mpath, Row: -1, Reason: fmt.Sprintf("the manifest lists the splits %v, the shards are of %v", want, got)}
	}
	counts := map[string]int{}
	seen := map[string]string{}
	for _, split := range slices.Sorted(maps.Keys(m.Splits)) {
		qs, as := shards[split][QuestionsTable], shards[split][RealAnnotationsTable]
		if len(qs) != len(as) {
			return counts, &ValidationError{Shard: TableDir(dir, RealAnnotationsTable), Row: -1,
				Reason: fmt.Sprintf("split %s has %d questions shards but %d real_annotations shards", split, len(qs), len(as))}
		}
		var specs []real.Question
		for k := range qs {
			n, err := validateRealShardPair(qs[k], as[k], split, seen, &specs)
			if err != nil {
				return counts, err
			}
			counts[split] += n
		}
		if split == RealTestSplit {
			if err := real.CheckCaps(specs); err != nil {
				return counts, &ValidationError{Shard: TableDir(dir, QuestionsTable), Row: -1,
					Reason: fmt.Sprintf("split %s breaks a cap of B.6: %v", split, err)}
			}
		}
		c, err := ComputeRealCounts(dir, split)
		if err != nil {
			return counts, err
		}
		st := m.Splits[split]
		if !reflect.DeepEqual(*c, st.RealCounts) {
			return counts, &ValidationError{Shard: mpath, Row: -1, Reason: fmt.Sprintf("split %s: the manifest's counts differ from the shards' (%s)", split, countsDiff(st.RealCounts, *c))}
		}
		if reason := checkRunReport(st.Run); reason != "" {
			return counts, &ValidationError{Shard: mpath, Row: -1, Reason: fmt.Sprintf("split %s: run: %s", split, reason)}
		}
	}
	return counts, nil
}

// RealTestSplit is the split whose questions must meet B.6's caps.
const RealTestSplit = "test"

// countsDiff names the first field of RealCounts that differs.
func countsDiff(want, got RealCounts) string {
	wv, gv := reflect.ValueOf(want), reflect.ValueOf(got)
	for i := range wv.NumField() {
		if !reflect.DeepEqual(wv.Field(i).Interface(), gv.Field(i).Interface()) {
			name := wv.Type().Field(i).Tag.Get("json")
			w, _ := json.Marshal(wv.Field(i).Interface())
			g, _ := json.Marshal(gv.Field(i).Interface())
			return fmt.Sprintf("%s: manifest %s, shards %s", name, w, g)
		}
	}
	return "no field differs"
}

// checkRunReport checks the run report's own consistency.
func checkRunReport(r *RealRunReport) string {
	if r == nil {
		return "missing"
	}
	by := map[string]int{}
	for i, s := range r.Skipped {
		if s.PairID == "" || s.Stage == "" || s.Reason == "" {
			return fmt.Sprintf("skipped entry %d lacks its pair, stage or reason", i)
		}
		by[s.Stage]++
	}
	if !maps.Equal(by, r.SkippedByStage) && !(len(by) == 0 && len(r.SkippedByStage) == 0) {
		return fmt.Sprintf("skipped_by_stage %v, but the skipped entries count %v", r.SkippedByStage, by)
	}
	return ""
}

// validateRealShardPair checks questions shard qp and real_annotations
// shard ap of split; seen maps every id met so far to where.
func validateRealShardPair(qp, ap, split string, seen map[string]string, specs *[]real.Question) (int, error) {
	var questions []QuestionRow
	err := eachShardRow(qp, split, QuestionsTable, decodeQuestions, (*shardEncoder).encodeQuestion, func(row int, q QuestionRow) error {
		fail := func(format string, a ...any) error {
			return &ValidationError{Shard: qp, Row: row, ID: q.ID, Reason: fmt.Sprintf(format, a...)}
		}
		if first, dup := seen[q.ID]; dup {
			return fail("duplicate id, first at %s", first)
		}
		seen[q.ID] = fmt.Sprintf("%s row %d", qp, row)
		if q.Split != split {
			return fail("split column is %q in a shard of split %q", q.Split, split)
		}
		if reason := checkRealQuestion(&q); reason != "" {
			return fail("%s", reason)
		}
		q.Image, q.ImageAfter = Image{}, Image{}
		questions = append(questions, q)
		return nil
	})
	if err != nil {
		return 0, err
	}
	n := 0
	err = eachRealAnnotationRow(ap, split, true, func(row int, a *RealAnnotationRow) error {
		n++
		if row >= len(questions) {
			return &ValidationError{Shard: ap, Row: row, ID: a.ID, Reason: fmt.Sprintf("more rows than %s", qp)}
		}
		if reason := checkRealAnnotation(&questions[row], a); reason != "" {
			return &ValidationError{Shard: ap, Row: row, ID: a.ID, Reason: reason}
		}
		var rq real.Question
		if err := json.Unmarshal([]byte(a.QuestionSpec), &rq); err != nil { // checked above
			return &ValidationError{Shard: ap, Row: row, ID: a.ID, Reason: err.Error()}
		}
		*specs = append(*specs, rq)
		return nil
	})
	if err != nil {
		return 0, err
	}
	if n != len(questions) {
		return 0, &ValidationError{Shard: ap, Row: -1, Reason: fmt.Sprintf("%d rows, but %s has %d", n, qp, len(questions))}
	}
	return n, nil
}

// checkRealQuestion returns why a Real question row is invalid, or "".
func checkRealQuestion(q *QuestionRow) string {
	switch {
	case q.HouseID == "" || !strings.HasPrefix(q.ID, q.HouseID+"/"):
		return fmt.Sprintf("id is not <house_id>/... (house_id %q)", q.HouseID)
	case !slices.Contains(real.Categories, q.Category):
		return fmt.Sprintf("unknown category %q (want one of %s)", q.Category, strings.Join(real.Categories, ", "))
	case !strings.HasPrefix(q.SceneStyle, "real:") || !slices.Contains(real.SourceNames, strings.TrimPrefix(q.SceneStyle, "real:")):
		return fmt.Sprintf("scene_style %q is not real:<source> (sources %v)", q.SceneStyle, real.SourceNames)
	case q.ViewID != 0:
		return fmt.Sprintf("view_id %d, want 0", q.ViewID)
	case q.Camera.Width <= 0 || q.Camera.Height <= 0:
		return fmt.Sprintf("camera size %dx%d", q.Camera.Width, q.Camera.Height)
	case len(q.Choices) < 2:
		return fmt.Sprintf("%d choices, want at least 2", len(q.Choices))
	}
	for _, c := range []struct {
		name string
		im   Image
	}{{"image", q.Image}, {"image_after", q.ImageAfter}} {
		if r := checkPNG(c.name, c.im, q.Camera.Width, q.Camera.Height); r != "" {
			return r
		}
	}
	for _, c := range []struct {
		name, letters string
		optional      bool
	}{{"answer", q.Answer, false}, {"static_answer", q.StaticAnswer, true}, {"before_answer", q.BeforeAnswer, true}} {
		if r := checkLetters(c.name, c.letters, len(q.Choices), c.optional); r != "" {
			return r
		}
	}
	if q.BeforeAnswer != "" && q.Changed != (q.Answer != q.BeforeAnswer) {
		return fmt.Sprintf("changed is %v, but answer %q and before_answer %q say otherwise", q.Changed, q.Answer, q.BeforeAnswer)
	}
	if !json.Valid([]byte(q.Metrics)) {
		return "metrics is not valid JSON"
	}
	return ""
}

// checkRealAnnotation returns why an annotations row disagrees with its
// question row q or with its own measurement, or "".
func checkRealAnnotation(q *QuestionRow, a *RealAnnotationRow) string {
	switch {
	case a.ID != q.ID:
		return fmt.Sprintf("id differs from the question %q at the same row", q.ID)
	case a.PairID != q.HouseID:
		return fmt.Sprintf("pair_id %q, the question's house_id is %q", a.PairID, q.HouseID)
	case "real:"+a.Source != q.SceneStyle:
		return fmt.Sprintf("source %q, the question's scene_style is %q", a.Source, q.SceneStyle)
	case a.Width != q.Camera.Width || a.Height != q.Camera.Height:
		return fmt.Sprintf("size %dx%d differs from the camera's %dx%d", a.Width, a.Height, q.Camera.Width, q.Camera.Height)
	}
	for _, c := range []struct {
		name string
		im   Image
	}{{"image_before_raw", a.ImageBeforeRaw}, {"image_after_raw", a.ImageAfterRaw}} {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(c.im.Bytes))
		if err == nil {
			_, _, err = image.Decode(bytes.NewReader(c.im.Bytes))
		}
		if err != nil {
			return fmt.Sprintf("%s does not decode as PNG or JPEG: %v", c.name, err)
		}
		if cfg.Width != int(a.Width) || cfg.Height != int(a.Height) {
			return fmt.Sprintf("%s is %dx%d, want %dx%d", c.name, cfg.Width, cfg.Height, a.Width, a.Height)
		}
	}
	if r := checkPNG("image_dots", a.ImageDots, a.Width, a.Height); r != "" {
		return r
	}
	var m real.Measurement
	if err := json.Unmarshal([]byte(a.Measurement), &m); err != nil {
		return "measurement is not a real.Measurement: " + err.Error()
	}
	if m.PairID != a.PairID || m.Source != a.Source {
		return fmt.Sprintf("measurement is of pair %q from %q, the row's is %q from %q", m.PairID, m.Source, a.PairID, a.Source)
	}
	var rq real.Question
	if err := json.Unmarshal([]byte(a.QuestionSpec), &rq); err != nil {
		return "question_spec is not a real.Question: " + err.Error()
	}
	for _, f := range []struct {
		name      string
		spec, row any
	}{{"id", rq.ID, q.ID}, {"pair_id", rq.PairID, q.HouseID}, {"category", rq.Spec.Category, q.Category},
		{"choices", rq.Choices, q.Choices}, {"answer", rq.Answer, q.Answer}, {"before_answer", rq.BeforeAnswer, q.BeforeAnswer},
		{"static_answer", rq.StaticAnswer, q.StaticAnswer}, {"changed", rq.Changed, q.Changed},
		{"motion_text", rq.MotionText, q.MotionText}, {"question", rq.Question, q.Question}, {"static_question", rq.StaticQuestion, q.StaticQuestion}} {
		if !reflect.DeepEqual(f.spec, f.row) {
			return fmt.Sprintf("question_spec's %s is %v, the questions row's %v", f.name, f.spec, f.row)
		}
	}
	if len(rq.Mentioned) == 0 || rq.Mentioned[0] != m.Mover {
		return fmt.Sprintf("question_spec mentions %v, want the mover (object %d) first", rq.Mentioned, m.Mover)
	}
	if rq.Named {
		if r := checkRealNamed(q, a, &rq); r != "" {
			return r
		}
	} else if IsRealNamedID(q.ID) {
		return "a named question's id on a question with marks"
	} else if len(a.DotColors) != len(rq.Mentioned) {
		return fmt.Sprintf("%d dot colours for %d mentioned objects", len(a.DotColors), len(rq.Mentioned))
	}
	used := map[string]bool{}
	for _, c := range a.DotColors {
		if _, ok := marks.ColorByName(c); !ok || used[c] {
			return fmt.Sprintf("dot colours %q: %q is not a palette colour or is used twice", a.DotColors, c)
		}
		used[c] = true
	}
	for _, i := range rq.Mentioned {
		if i < 0 || i >= len(m.Objects) {
			return fmt.Sprintf("question_spec mentions object %d of %d", i, len(m.Objects))
		}
	}
	mover := &m.Objects[m.Mover]
	if q.Mover.ObjectType != mover.Label {
		return fmt.Sprintf("mover %s is a %s, the measurement's mover a %s", q.Mover.ObjectID, q.Mover.ObjectType, mover.Label)
	}
	if !rq.Named && q.Mover.DotColor != a.DotColors[0] {
		return fmt.Sprintf("mover %s (%s, %s dot), the measurement's mover is a %s with the %s dot",
			q.Mover.ObjectID, q.Mover.ObjectType, q.Mover.DotColor, mover.Label, a.DotColors[0])
	}
	ans, before, err := RealRecompute(&m, &rq)
	if err != nil {
		return "recomputing the answer from the measurement: " + err.Error()
	}
	if ans != q.Answer {
		return fmt.Sprintf("answer %q, but the measured geometry gives %q (%s)", q.Answer, ans, rq.Rule)
	}
	if before != "" && before != q.BeforeAnswer {
		return fmt.Sprintf("before_answer %q, but the measured geometry gives %q (%s)", q.BeforeAnswer, before, rq.Rule)
	}
	return ""
}

// checkRealNamed returns why a named-object question's rows (B.4.9) are
// inconsistent, or "": one usable name per mentioned object, no marks or
// dots anywhere (the dot version is the named question itself), the
// direction note after the move, and no mark named in the texts.
func checkRealNamed(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) string {
	switch {
	case !IsRealNamedID(q.ID):
		return "named question whose id is not <pair>/named-<category>/<k>"
	case len(rq.Names) != len(rq.Mentioned):
		return fmt.Sprintf("named question with %d names for %d mentioned objects", len(rq.Names), len(rq.Mentioned))
	case len(a.DotColors) != 0 || q.Mover.DotColor != "" || q.Mover.Mark != 0:
		return "named question with dot colours or marks"
	case a.QuestionDots != q.Question || a.MotionTextDots != q.MotionText:
		return "named question whose dot version differs from it"
	case !strings.Contains(q.MotionText, real.NamedDirections):
		return fmt.Sprintf("named question's move text lacks %q", real.NamedDirections)
	case strings.Contains(q.Question, "(mark ") || strings.Contains(q.MotionText, "(mark "):
		return "named question names a mark"
	}
	for i, n := range rq.Names {
		if r := real.NameProblem(n); r != "" || n != real.NormalizeName(n) {
			return fmt.Sprintf("named question's name %q of object %d: %s", n, rq.Mentioned[i], cmp.Or(r, "not normalized"))
		}
	}
	return ""
}
