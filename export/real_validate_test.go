package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/internal/schematest"
	"flowbench/planner"
	"flowbench/real"
)

// realTestPNG is a small solid PNG.
func realTestPNG(t *testing.T, w, h int, c color.NRGBA) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// writeRealTestDataset writes a one-question Real dataset by hand: a cup
// (mark 2) slides 25 cm left to end beside a bowl (mark 1); "will the cup
// be within 10 cm of the bowl?" is yes after the move and no before.
// mod may change the rows before they are written.
func writeRealTestDataset(t *testing.T, dir string, mod func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question)) {
	t.Helper()
	writeRealTestSplit(t, dir, realFixtureSplit, mod)
}

// realFixtureSplit is the hand-built dataset's split: not "test", whose
// one yes/no question would break B.6's 55:45 (TestValidateRealTestCaps).
const realFixtureSplit = "val"

// writeRealTestSplit is writeRealTestDataset into split.
func writeRealTestSplit(t *testing.T, dir, split string, mod func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question)) {
	t.Helper()
	const w, h = 64, 48
	m := real.Measurement{PairID: "p1", Source: real.BridgeV2, Mover: 0, Mover2: -1, Landmarks: []int{1}, Ref: 1, RefCm: 15,
		Objects: []real.Object{
			{Label: "cup", Mask0: 0, Mask1: 0, X0: real.Vec3{0, 0, 1}, X1: real.Vec3{-0.25, 0, 1}, Z0: 1, Z1: 1, R0: 0.03, R1: 0.03, Role: real.RoleMover, Mark: 2, MarkX: 40, MarkY: 20, Area0: 1200, Area1: 1200},
			{Label: "bowl", Mask0: 1, Mask1: 1, X0: real.Vec3{-0.3, 0, 1}, X1: real.Vec3{-0.3, 0, 1}, Z0: 1, Z1: 1, R0: 0.04, R1: 0.04, Role: real.RoleLandmark, Mark: 1, MarkX: 10, MarkY: 20, Area0: 1500, Area1: 1500},
		}}
	rq := real.Question{ID: "p1/near_object", PairID: "p1", Source: real.BridgeV2,
		Spec:    real.Spec{Category: real.CatThreshold, Landmark: 1, T: 0.10, Claim: "within"},
		Changed: true, MotionText: "The cup (mark 2) moves 25 cm to the left.",
		Question:       "After the move, will the cup (mark 2) be within 10 cm of the bowl (mark 1)?\nA. yes\nB. no",
		StaticQuestion: "In this image, is the cup (mark 2) within 10 cm of the bowl (mark 1)?\nA. yes\nB. no",
		Choices:        []string{"yes", "no"}, Answer: "A", BeforeAnswer: "B", StaticAnswer: "A", Mentioned: []int{0, 1},
		Rule: "B.4.1 flip T=0.10", Quantities: map[string]float64{"d0": 0.23, "d1": 0}, MarginCleared: 0.1}
	img := realTestPNG(t, w, h, color.NRGBA{100, 100, 100, 255})
	q := QuestionRow{ID: rq.ID, Split: split, HouseID: "p1", SceneStyle: "real:bridge_v2", Category: rq.Spec.Category,
		Image: Image{Bytes: img, Path: "p1_near_object_image.png"}, ImageAfter: Image{Bytes: img, Path: "p1_near_object_image_after.png"},
		MotionText: rq.MotionText, Question: rq.Question, Choices: rq.Choices, Answer: rq.Answer, StaticQuestion: rq.StaticQuestion,
		StaticAnswer: rq.StaticAnswer, BeforeAnswer: rq.BeforeAnswer, Changed: true,
		Mover:      planner.ObjectRef{ObjectID: "obj2", ObjectType: "cup", DotColor: "red"},
		Referenced: []planner.ObjectRef{{ObjectID: "obj1", ObjectType: "bowl", DotColor: "blue"}},
		Camera:     CameraRow{FOV: 60, Width: w, Height: h, K: [9]float64{610, 0, 32, 0, 610, 24, 0, 0, 1}}, Settled: true, Metrics: `{"rule":"B.4.1"}`}
	a := RealAnnotationRow{ID: rq.ID, PairID: "p1", Source: real.BridgeV2, Width: w, Height: h,
		ImageBeforeRaw: Image{Bytes: img}, ImageAfterRaw: Image{Bytes: img}, ImageDots: Image{Bytes: img}, DotColors: []string{"red", "blue"}}
	if mod != nil {
		mod(&q, &a, &rq)
	}
	mb, _ := json.Marshal(m)
	qb, _ := json.Marshal(rq)
	a.Measurement, a.QuestionSpec = string(mb), string(qb)
	wr, err := NewRealWriter(dir, split, Range{0, 1, 1}, "fp")
	if err != nil {
		t.Fatal(err)
	}
	if err := wr.AddPair([]QuestionRow{q}, []RealAnnotationRow{a}); err != nil {
		t.Fatal(err)
	}
	if err := wr.Cut(); err != nil {
		t.Fatal(err)
	}
	if err := wr.Close(); err != nil {
		t.Fatal(err)
	}
	man, err := NewRealManifest(dir, split, nil, map[string]int64{split: 1},
		map[string]*RealRunReport{split: {InputPairs: 1, Candidates: map[string]int{"near_object": 1}, Skipped: []RealSkip{}, SkippedByStage: map[string]int{}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteRealManifest(dir, man); err != nil {
		t.Fatal(err)
	}
}

func TestValidateRealHandBuilt(t *testing.T) {
	dir := t.TempDir()
	writeRealTestDataset(t, dir, nil)
	counts, err := ValidateReal(dir)
	if err != nil || counts[realFixtureSplit] != 1 {
		t.Fatalf("ValidateReal: %v, %v", counts, err)
	}
	m, err := ReadRealManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c := m.Splits[realFixtureSplit].Categories["near_object"]; c == nil || c.Chance != 0.5 || c.Changed != 1 {
		t.Fatalf("near_object stats %+v", c)
	}
	if f, err := DatasetFamily(dir); err != nil || f != FamilyReal {
		t.Fatalf("family %q, %v", f, err)
	}
}

func TestValidateRealMutants(t *testing.T) {
	for _, c := range []struct {
		name, want string
		mod        func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question)
	}{
		{"answer flipped in both tables", `answer "B", but the measured geometry gives "A"`, func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) {
			q.Answer, q.BeforeAnswer, rq.Answer, rq.BeforeAnswer = "B", "A", "B", "A"
		}},
		{"claim beyond without its answer", `measured geometry gives "B"`, func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) {
			rq.Spec.Claim = "beyond"
		}},
		{"spec disagrees with the row", "question_spec's answer is B, the questions row's A", func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) {
			rq.Answer = "B"
		}},
		{"dot colour twice", `"red" is not a palette colour or is used twice`, func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) {
			a.DotColors = []string{"red", "red"}
		}},
		{"unknown category", `unknown category "feasibility"`, func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) {
			q.Category = "feasibility"
		}},
		{"answer beyond the choices", `letter C is not among the 2 choices`, func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) {
			q.Answer = "C"
		}},
		{"pair id", `pair_id "p2"`, func(q *QuestionRow, a *RealAnnotationRow, rq *real.Question) {
			a.PairID = "p2"
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeRealTestDataset(t, dir, c.mod)
			_, err := ValidateReal(dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("ValidateReal: %v, want an error containing %q", err, c.want)
			}
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Row != 0 {
				t.Fatalf("error %T %v does not locate row 0", err, err)
			}
		})
	}
}

func TestValidateRealDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	writeRealTestDataset(t, dir, nil)
	shard := ShardPath(dir, RealAnnotationsTable, realFixtureSplit, 0, 1)
	b, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	good := append([]byte(nil), b...)
	b[len(b)/2] ^= 0x01 // a byte inside the pages
	if err := os.WriteFile(shard, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ValidateReal(dir); err == nil {
		t.Fatal("a flipped byte in real_annotations passed validation")
	}
	if err := os.WriteFile(shard, good, 0o644); err != nil {
		t.Fatal(err)
	}
	mp := filepath.Join(dir, ManifestFile)
	raw, _ := os.ReadFile(mp)
	edited := strings.Replace(string(raw), `"questions": 1`, `"questions": 2`, 1)
	if err := os.WriteFile(mp, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ValidateReal(dir); err == nil || !strings.Contains(err.Error(), "manifest's counts differ") {
		t.Fatalf("edited manifest: %v", err)
	}
}

// TestRealManifestSchema checks a written Real manifest against
// docs/schemas/manifest.schema.json, and that the schema is closed.
func TestRealManifestSchema(t *testing.T) {
	schema := schematest.Compile(t, "manifest.schema.json")
	dir := t.TempDir()
	writeRealTestDataset(t, dir, nil)
	raw, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(schema, raw); err != nil {
		t.Fatalf("real manifest: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	m["splits"].(map[string]any)[realFixtureSplit].(map[string]any)["houses"] = 1
	b, _ := json.Marshal(m)
	if err := schematest.Validate(schema, b); err == nil || !strings.Contains(err.Error(), "houses") {
		t.Fatalf("a motion field in a Real split: %v", err)
	}
}

// TestValidateRealTestCaps checks that a test split is held to B.6's caps:
// the hand-built dataset's one yes/no question is 1:0 yes to no.
func TestValidateRealTestCaps(t *testing.T) {
	dir := t.TempDir()
	writeRealTestSplit(t, dir, RealTestSplit, nil)
	if _, err := ValidateReal(dir); err == nil || !strings.Contains(err.Error(), "breaks a cap of B.6: yes/no 1:0") {
		t.Fatalf("ValidateReal of a 1:0 test split: %v, want the yes/no cap", err)
	}
}
