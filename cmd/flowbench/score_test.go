package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/score"
	"flowbench/sim"
)

const testW, testH = 8, 6

// solidPNG encodes a testW×testH image of one colour with one tinted pixel.
func solidPNG(t *testing.T, c color.RGBA, tint int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, testW, testH))
	for p := range testW * testH {
		img.SetRGBA(p%testW, p/testW, c)
	}
	img.SetRGBA(tint%testW, tint/testW, color.RGBA{255, 0, 0, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func testFrame() *planner.Frame {
	n := testW * testH
	return &planner.Frame{W: testW, H: testH, RGB: make([]uint8, 3*n), Depth: make([]float32, n), IDs: make([]uint16, n), IDTable: []string{""}}
}

// gtFlow is the ground-truth flow of question k: pixels 0..k+1 move by (2+k, 1).
func gtFlow(k int) ([]float32, []uint8) {
	f := make([]float32, 2*testW*testH)
	m := make([]uint8, testW*testH)
	for p := 0; p <= k+1; p++ {
		f[2*p], f[2*p+1] = float32(2+k), 1
		m[p], m[p+1] = 1, 1
	}
	return f, m
}

// writeTestDataset writes a dataset with one question per category in
// "test" and two in "train", in the planner's text format.
func writeTestDataset(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ds")
	dw, err := export.Create(dir, export.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, split := range []string{"test", "train"} {
		sw, err := dw.Split(split, testW, testH)
		if err != nil {
			t.Fatal(err)
		}
		n := int(planner.NumCategories)
		if split == "train" {
			n = 2
		}
		for k := range n {
			cat := planner.Category(k)
			choices := make([]string, cat.NumChoices())
			for i := range choices {
				choices[i] = fmt.Sprintf("option %d", i)
			}
			ans := string(rune('A' + k%len(choices)))
			if cat == planner.ClosestThree {
				ans = "BDE"
			}
			before := string(rune('A' + (k+1)%len(choices)))
			if cat == planner.ClosestThree {
				before = "BCE"
			}
			if cat == planner.Feasibility {
				before = ""
			}
			stem := "is the lamp (blue dot) hidden?"
			ex := &planner.Example{
				ID: fmt.Sprintf("%s_house/v%d/%s", split, k, cat), Split: split, HouseID: split + "_house", Category: cat, CategoryName: cat.String(),
				MotionText: "Move the chair (red dot) 0.50 m left.",
				Question:   "After the move, " + stem + "\n" + fmtChoices(choices), StaticQuestion: "In this image, " + stem + "\n" + fmtChoices(choices),
				Choices: choices, Answer: ans, StaticAnswer: ans, BeforeAnswer: before, Changed: before != "" && before != ans,
				Mover:      planner.ObjectRef{ObjectID: "Chair|1", ObjectType: "Chair", DotColor: "red"},
				Referenced: []planner.ObjectRef{{ObjectID: "Lamp|2", ObjectType: "FloorLamp", DotColor: "blue"}},
				Camera:     sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 0, 0), RealisedMotion: sim.Vec3{0.1 * float64(k), 0, 0},
			}
			ex.Camera.Width, ex.Camera.Height = testW, testH
			q, err := export.NewQuestionRow(ex, solidPNG(t, color.RGBA{10, 20, 30, 255}, k), solidPNG(t, color.RGBA{10, 20, 30, 255}, k+1))
			if err != nil {
				t.Fatal(err)
			}
			fwd, change := gtFlow(k)
			n := testW * testH
			fl := export.Flow{Forward: fwd, Backward: make([]float32, 2*n), Valid: make([]uint8, n), Change: change}
			a, err := export.NewAnnotationRow(q.ID, &planner.Outcome{Before: testFrame(), After: testFrame()},
				solidPNG(t, color.RGBA{50, 50, 50, 255}, k), solidPNG(t, color.RGBA{50, 50, 50, 255}, k+2), fl)
			if err != nil {
				t.Fatal(err)
			}
			if err := sw.Add(q, a); err != nil {
				t.Fatal(err)
			}
		}
		if err := sw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := dw.Finish("test", nil, nil); err != nil {
		t.Fatal(err)
	}
	return dir
}

func fmtChoices(choices []string) string {
	var s []string
	for i, c := range choices {
		s = append(s, fmt.Sprintf("%c. %s", 'A'+i, c))
	}
	return strings.Join(s, "\n")
}

func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPromptsScorePipeline(t *testing.T) {
	ds := writeTestDataset(t)
	tmp := t.TempDir()
	pf := filepath.Join(tmp, "prompts.jsonl")
	if code, _, e := runCmd(t, "prompts", ds, "--split", "test", "--mode", "1A", "--shuffles", "3", "--out", pf); code != 0 {
		t.Fatalf("prompts: %d %s", code, e)
	}
	lines, err := score.ReadPromptsFile(pf)
	if err != nil || len(lines) != 3*int(planner.NumCategories) {
		t.Fatalf("prompts file: %d lines, %v", len(lines), err)
	}
	// a perfect predictions file from the prompts' shown answers
	var perfect strings.Builder
	aRight := 0
	for _, l := range lines {
		fmt.Fprintf(&perfect, `{"id":%q,"shuffle":%d,"response":"The answer is %s."}`+"\n", l.ID, l.Shuffle, strings.Join(strings.Split(l.Answer, ""), ", "))
		if l.Answer == "A" {
			aRight++
		}
	}
	perfectPath := filepath.Join(tmp, "perfect.jsonl")
	os.WriteFile(perfectPath, []byte(perfect.String()), 0o644)
	plot := filepath.Join(tmp, "chart.png")
	code, out, e := runCmd(t, "score", ds, "--split", "test", "--predictions", perfectPath, "--predictions-2a", perfectPath, "--format", "json", "--plot", plot)
	if code != 0 {
		t.Fatalf("score: %d %s", code, e)
	}
	var rep struct {
		Motion, Static struct {
			Avg     struct{ Mean, Chance float64 }
			CatAvg  struct{ Mean float64 } `json:"cat_avg"`
			Missing int
		}
		Gap struct{ Avg float64 } `json:"imagination_gap"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json report: %v\n%s", err, out)
	}
	if rep.Motion.Avg.Mean != 1 || rep.Motion.CatAvg.Mean != 1 || rep.Static.Avg.Mean != 1 || rep.Gap.Avg != 0 || rep.Motion.Missing != 0 {
		t.Errorf("perfect file: %+v", rep)
	}
	if want := (0.5 + 0.25 + 0.5 + 0.5 + 0.5 + 0.05 + 0.25 + 0.5) / 8; rep.Motion.Avg.Chance-want > 1e-12 || want-rep.Motion.Avg.Chance > 1e-12 {
		t.Errorf("chance %v, want %v", rep.Motion.Avg.Chance, want)
	}
	if img, err := os.ReadFile(plot); err != nil || !bytes.HasPrefix(img, []byte("\x89PNG")) {
		t.Errorf("chart: %v", err)
	}

	// eval against a fake server that always answers "A", then score it
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"model":"fake","choices":[{"message":{"content":"**A**"}}],"usage":{"total_tokens":5}}`)
	}))
	defer srv.Close()
	preds := filepath.Join(tmp, "preds.jsonl")
	if code, _, e := runCmd(t, "eval", "--prompts", pf, "--endpoint", srv.URL+"/v1", "--model", "fake", "--out", preds, "--quiet"); code != 0 {
		t.Fatalf("eval: %d %s", code, e)
	}
	code, out, e = runCmd(t, "score", ds, "--split", "test", "--predictions", preds, "--format", "csv")
	if code != 0 {
		t.Fatalf("score csv: %d %s", code, e)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v", err)
	}
	found := false
	for _, r := range recs {
		if r[1] == "overall" && r[2] == "avg" {
			found = true
			if want := fmt.Sprintf("%.6f", float64(aRight)/float64(len(lines))); r[4] != want {
				t.Errorf("always-A avg %s, want %s", r[4], want)
			}
		}
	}
	if !found {
		t.Errorf("csv has no avg row:\n%s", out)
	}
	code, out, _ = runCmd(t, "score", ds, "--split", "test", "--predictions", preds)
	if code != 0 || !strings.Contains(out, "| Chance |") || !strings.Contains(out, "Stale rate") {
		t.Errorf("markdown report:\n%s", out)
	}

	// named variant and 2A prompts use the raw / after images
	named := filepath.Join(tmp, "named.jsonl")
	if code, _, e := runCmd(t, "prompts", ds, "--split", "test", "--mode", "2a", "--named", "--shuffles", "1", "--out", named); code != 0 {
		t.Fatalf("named prompts: %d %s", code, e)
	}
	nl, _ := score.ReadPromptsFile(named)
	if len(nl) != int(planner.NumCategories) || strings.Contains(nl[0].Body.Messages[0].Content[1].Text, "dot)") || nl[0].Mode != score.Mode2A {
		t.Errorf("named 2A prompts: %+v", nl[0])
	}
}

func TestScoreBadInputCLI(t *testing.T) {
	ds := writeTestDataset(t)
	tmp := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(tmp, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"score", ds, "--split", "val", "--predictions", write("a", "")}, 2, `no split "val"`},
		{[]string{"score", ds}, 2, "--predictions is required"},
		{[]string{"score", ds, "--split", "test", "--predictions", write("b", `{"id":"train_house/v0/occlusion","response":"A"}`+"\n")}, 1, `belongs to split "train"`},
		{[]string{"score", ds, "--split", "test", "--predictions", write("c", `{"id":"test_house/v0/occlusion","response":"A"}`+"\n{oops\n")}, 1, "c:2: malformed JSON"},
		{[]string{"score", ds, "--split", "test", "--predictions", write("d", `{"id":"x/y","response":"A"}`+"\n")}, 1, `line 1: unknown question id "x/y"`},
		{[]string{"score", ds, "--split", "test", "--predictions", write("e", strings.Repeat(`{"id":"test_house/v0/occlusion","response":"A"}`+"\n", 2))}, 1, "line 2: duplicate"},
		{[]string{"score", ds, "--split", "test", "--predictions", write("f", ""), "--format", "xml"}, 2, "--format"},
		{[]string{"score-flow", ds, "--split", "test", "--pred-flow", "/nonexistent"}, 2, "not a directory"},
		{[]string{"prompts", ds, "--split", "test", "--mode", "3C", "--out", "x"}, 2, "unknown mode"},
		{[]string{"eval", "--prompts", "p", "--out", "o"}, 2, "--model is required"},
	}
	for _, c := range cases {
		code, _, e := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d (want %d), stderr %q lacks %q", c.args, code, c.code, e, c.want)
		}
	}
	// missing predictions are counted and stated
	code, out, e := runCmd(t, "score", ds, "--split", "test", "--predictions", write("g", `{"id":"test_house/v0/occlusion","response":"A"}`+"\n"))
	if code != 0 || !strings.Contains(out, "7 of 8 (question, shuffle) pairs had no prediction") || !strings.Contains(e, "7 of 8") {
		t.Errorf("missing predictions: %d\n%s\n%s", code, out, e)
	}
}

func TestScoreFlowCLI(t *testing.T) {
	ds := writeTestDataset(t)
	pred := t.TempDir()
	frames := t.TempDir()
	// oracle flows for categories 0..3 (nested paths), zero for 4..5 (flattened), none for 6..7
	for k := range 6 {
		id := fmt.Sprintf("test_house/v%d/%s", k, planner.Category(k))
		f, _ := gtFlow(k)
		if k >= 4 {
			f = make([]float32, len(f))
			if err := render.WriteNPYFile(filepath.Join(pred, strings.ReplaceAll(id, "/", "__")+".npy"), []int{testH, testW, 2}, f); err != nil {
				t.Fatal(err)
			}
			continue
		}
		p := filepath.Join(pred, filepath.FromSlash(id)+".npy")
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := render.WriteNPYFile(p, []int{testH, testW, 2}, f); err != nil {
			t.Fatal(err)
		}
	}
	// one generated frame: the true outcome
	os.WriteFile(filepath.Join(frames, "test_house__v0__occlusion.png"), solidPNG(t, color.RGBA{50, 50, 50, 255}, 2), 0o644)
	code, out, e := runCmd(t, "score-flow", ds, "--split", "test", "--pred-flow", pred, "--pred-frames", frames, "--format", "json", "--name", "m")
	if code != 0 {
		t.Fatalf("score-flow: %d %s", code, e)
	}
	var reps []score.FlowReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatal(err)
	}
	m, zero, oracle := reps[0], reps[1], reps[2]
	if m.Samples != 8 || m.Missing != 2 || m.Acc != 0.5 || m.Blank != 0.5 || m.REPEMean != 0.5 || m.DirN != 4 {
		t.Errorf("model %+v", m)
	}
	if zero.Acc != 0 || zero.REPEMean != 1 || zero.Blank != 1 || oracle.Acc != 1 || oracle.REPEMean != 0 {
		t.Errorf("baselines %+v %+v", zero, oracle)
	}
	if m.Frames == nil || m.Frames.Samples != 8 || m.Frames.Missing != 7 || zero.Frames.DeltaMean != 0 || oracle.Frames.DeltaMean <= 0 {
		t.Errorf("frames %+v / %+v / %+v", m.Frames, zero.Frames, oracle.Frames)
	}
	// sample 0's frame is exact: ΔPSNR = MaxPSNR − copy PSNR, the others 0
	if oracle.Frames.DeltaMean <= m.Frames.DeltaMean || m.Frames.DeltaMean <= 0 {
		t.Errorf("ΔPSNR model %v oracle %v", m.Frames.DeltaMean, oracle.Frames.DeltaMean)
	}
	code, out, _ = runCmd(t, "score-flow", ds, "--split", "test", "--pred-flow", pred)
	if code != 0 || !strings.Contains(out, "| zero flow | 8 | 0.0 | 1.000 | 1.000 | 100.0 |") || !strings.Contains(out, "| oracle | 8 | 100.0 | 0.000 |") {
		t.Errorf("markdown:\n%s", out)
	}
}
