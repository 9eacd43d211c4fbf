package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/real"
	"flowbench/real/pairfile"
	"flowbench/real/rlds"
	"flowbench/score"
)

// sceneObject is one object of a synthetic tabletop episode: a square of
// a palette colour, at (x, y) in the 256×256 native frame at the first
// step and moved by (dx, dy) by the last.
type sceneObject struct {
	label  string
	c      color.RGBA
	x, y   int
	dx, dy int
}

// palette gives each synthetic object a colour no other has, whose grey
// level differs from the table's (128) by more than eq. 47's 35, so that
// a move shows in the change filter (a mid-green mover, grey 107, does
// not: the filter drops its episode).
var palette = []sceneObject{
	{label: "cup", c: color.RGBA{220, 30, 30, 255}}, {label: "bowl", c: color.RGBA{20, 110, 20, 255}},
	{label: "plate", c: color.RGBA{30, 60, 220, 255}}, {label: "spoon", c: color.RGBA{230, 210, 20, 255}},
	{label: "sponge", c: color.RGBA{120, 0, 120, 255}}, {label: "can", c: color.RGBA{150, 255, 255, 255}},
}

// paletteNames are the names the fake naming VLM gives the palette's
// objects, in order.
var paletteNames = []string{"red cup", "green bowl", "blue plate", "yellow spoon", "purple sponge", "cyan can"}

// namingServer is a fake VLM for B.4.9's naming: a crop is named by the
// palette colour nearest its centre pixel, every name fits one object and
// every name check passes.
func namingServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req score.ChatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages[0].Content) != 2 {
			http.Error(w, "want an image and an instruction", 400)
			return
		}
		parts := req.Messages[0].Content
		reply := "yes"
		switch text := parts[1].Text; {
		case strings.HasPrefix(text, "This is a crop"):
			b64, _ := strings.CutPrefix(parts[0].ImageURL.URL, "data:image/png;base64,")
			raw, _ := base64.StdEncoding.DecodeString(b64)
			img, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				http.Error(w, err.Error(), 400)
				return
			}
			b := img.Bounds()
			r, g, bl, _ := img.At((b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2).RGBA()
			best, bestD := 0, math.Inf(1)
			for k, o := range palette {
				d := math.Hypot(math.Hypot(float64(r>>8)-float64(o.c.R), float64(g>>8)-float64(o.c.G)), float64(bl>>8)-float64(o.c.B))
				if d < bestD {
					best, bestD = k, d
				}
			}
			reply = paletteNames[best]
		case strings.HasPrefix(text, "How many"):
			reply = "1"
		}
		fmt.Fprintf(w, `{"choices":[{"message":{"content":%q}}]}`, reply)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// sceneFrame draws the objects at step s of n (moved linearly) as a PNG.
func sceneFrame(t *testing.T, objs []sceneObject, s, n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for i := range img.Pix {
		img.Pix[i] = 128
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	for _, o := range objs {
		x, y := o.x+o.dx*s/(n-1), o.y+o.dy*s/(n-1)
		for py := y; py < y+28; py++ {
			for px := x; px < x+28; px++ {
				img.SetRGBA(px, py, o.c)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// synthEpisodes writes a Bridge V2 release of n episodes: each moves one
// object (the task's) across a table holding four others.
func synthEpisodes(t *testing.T, dir string, n int) {
	l, err := rlds.LookupLayout(real.BridgeV2)
	if err != nil {
		t.Fatal(err)
	}
	var exs []*rlds.Example
	for e := range n {
		objs := make([]sceneObject, 5)
		for k := range objs {
			objs[k] = palette[(e+k)%len(palette)]
			objs[k].x, objs[k].y = 20+45*k, 40+((e*37+k*71)%150)
		}
		objs[0].dx, objs[0].dy = 0, 0
		mover := &objs[e%5]
		mover.dx, mover.dy = 30-(e%3)*30, 40-(e%2)*80
		if mover.y+mover.dy < 5 || mover.y+mover.dy > 220 {
			mover.dy = -mover.dy
		}
		const steps = 6
		frames := make([][]byte, steps)
		for s := range frames {
			frames[s] = sceneFrame(t, objs, s, steps)
		}
		ep := &rlds.Episode{Source: real.BridgeV2, Steps: steps, Instruction: "move the " + mover.label + " across the table",
			Images: map[rlds.Camera][][]byte{"image_0": frames}, Gripper: make([]float64, steps), EEPose: make([][]float64, steps)}
		for s := range ep.EEPose {
			ep.EEPose[s] = make([]float64, 6)
		}
		ex, err := rlds.EncodeEpisode(ep, l)
		if err != nil {
			t.Fatal(err)
		}
		exs = append(exs, ex)
	}
	if err := rlds.WriteDataset(dir, "bridge_dataset", "train", exs); err != nil {
		t.Fatal(err)
	}
}

// estimate plays the three estimators on a mined pair folder, exactly:
// the segmenter finds each palette colour (label, score 0.9), the depth
// model puts the table at 0.8 m (before the factor g), the tracker moves
// each object's pixels by its centroid's displacement and the table's by
// nothing. It writes a pair folder under out.
func estimate(t *testing.T, mined, out string) {
	var doc struct {
		ID, Source, Task string
		Width, Height    int
		Intrinsics       struct{ Fx, Fy, Cx, Cy float64 }
	}
	b, err := os.ReadFile(filepath.Join(mined, "mined.json"))
	if err != nil || json.Unmarshal(b, &doc) != nil {
		t.Fatalf("%s: %v", mined, err)
	}
	src, err := real.LookupSource(doc.Source)
	if err != nil {
		t.Fatal(err)
	}
	w, h := doc.Width, doc.Height
	p := &real.Pair{ID: doc.ID, Source: src, Task: doc.Task, W: w, H: h,
		K: real.Intrinsics{Fx: doc.Intrinsics.Fx, Fy: doc.Intrinsics.Fy, Cx: doc.Intrinsics.Cx, Cy: doc.Intrinsics.Cy}}
	centroids := [2]map[string][2]float64{{}, {}}
	for i, f := range []*real.Frame{&p.F0, &p.F1} {
		enc, err := os.ReadFile(filepath.Join(mined, fmt.Sprintf("frame%d.png", i)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(enc))
		if err != nil {
			t.Fatal(err)
		}
		f.Image, f.Encoded = img, enc
		f.Depth = make([]float32, w*h)
		for k := range f.Depth {
			f.Depth[k] = float32(0.8 * src.G)
		}
		for _, o := range palette {
			var m real.Mask
			var sx, sy float64
			for y := range h {
				for x := range w {
					r, g, bb, _ := img.At(x, y).RGBA()
					if uint8(r>>8) == o.c.R && uint8(g>>8) == o.c.G && uint8(bb>>8) == o.c.B {
						m.Pix = append(m.Pix, int32(y*w+x))
						sx, sy = sx+float64(x), sy+float64(y)
					}
				}
			}
			if len(m.Pix) == 0 {
				continue
			}
			m.Label, m.Score = o.label, 0.9
			f.Masks = append(f.Masks, m)
			centroids[i][o.label] = [2]float64{sx / float64(len(m.Pix)), sy / float64(len(m.Pix))}
		}
	}
	p.Tracks = make([]float32, 2*w*h)
	for _, m := range p.F0.Masks {
		c0, c1 := centroids[0][m.Label], centroids[1][m.Label]
		for _, px := range m.Pix {
			p.Tracks[2*px], p.Tracks[2*px+1] = float32(c1[0]-c0[0]), float32(c1[1]-c0[1])
		}
	}
	if err := pairfile.Write(filepath.Join(out, doc.ID), p); err != nil {
		t.Fatal(err)
	}
}

// TestRealFromEpisodesEndToEnd goes synthetic RLDS episodes → real mine →
// the estimators (played exactly by estimate) → real build → prompts 1A
// and 2A → eval against a fake server answering "A" (1A) → score, with
// objects named by a fake naming VLM for named-object questions (B.4.9),
// and
// recomputes the report's per-category and average accuracies, chance
// and the 2A − 1A imagination gap from the prompts' answers.
// FLOWBENCH_REAL_E2E_DIR=DIR (new or empty) keeps the run's files there.
func TestRealFromEpisodesEndToEnd(t *testing.T) {
	tmp := t.TempDir()
	if d := os.Getenv("FLOWBENCH_REAL_E2E_DIR"); d != "" { // keep the run to look at
		tmp = d
	}
	eps, mined, pairs, ds := filepath.Join(tmp, "episodes"), filepath.Join(tmp, "mined"), filepath.Join(tmp, "pairs"), filepath.Join(tmp, "real")
	os.MkdirAll(eps, 0o755)
	synthEpisodes(t, eps, 24)
	if code, out, e := runCLI("real", "mine", "--episodes", eps, "--out", mined); code != exitOK || !strings.Contains(out, "24 episodes, 24 pairs") {
		t.Fatalf("real mine: exit %d\n%s\n%s", code, out, e)
	}
	folders, _ := filepath.Glob(filepath.Join(mined, "*", "mined.json"))
	for _, f := range folders {
		estimate(t, filepath.Dir(f), pairs)
	}
	namer := namingServer(t)
	if code, out, e := runCLI("real", "build", pairs, "--split", "train", "--out", ds, "--names-endpoint", namer.URL, "--names-model", "namer"); code != exitOK {
		t.Fatalf("real build: exit %d\n%s\n%s", code, out, e)
	}
	if code, out, e := runCLI("validate", ds); code != exitOK {
		t.Fatalf("validate: exit %d\n%s\n%s", code, out, e)
	}
	p1, p2 := filepath.Join(tmp, "p1.jsonl"), filepath.Join(tmp, "p2.jsonl")
	for mode, p := range map[string]string{"1A": p1, "2A": p2} {
		if code, _, e := runCLI("prompts", ds, "--split", "train", "--mode", mode, "--shuffles", "3", "--out", p); code != exitOK {
			t.Fatalf("prompts %s: %s", mode, e)
		}
	}
	// The colour-dot version: the same questions, objects named by dot
	// colour, I0 with dots instead of badges.
	pd := filepath.Join(tmp, "pdots.jsonl")
	if code, _, e := runCLI("prompts", ds, "--split", "train", "--marks", "dots", "--shuffles", "3", "--out", pd); code != exitOK {
		t.Fatalf("prompts --marks dots: %s", e)
	}
	if code, _, e := runCLI("prompts", ds, "--split", "train", "--marks", "dots", "--mode", "2A", "--out", pd+"2"); code != exitUsage || !strings.Contains(e, "modes 1A and 1B") {
		t.Errorf("prompts --marks dots --mode 2A: exit %d %q", code, e)
	}
	dotLines, err := score.ReadPromptsFile(pd)
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for _, l := range dotLines {
		b, _ := json.Marshal(l.Body)
		if strings.Contains(l.ID, "/named-") { // B.4.9: names, no marks or dots
			named++
			if !strings.Contains(string(b), real.NamedDirections) || strings.Contains(string(b), " dot)") || strings.Contains(string(b), "(mark ") {
				t.Fatalf("%s: a named prompt with dots or marks, or without the direction note: %.400s", l.ID, b)
			}
			continue
		}
		if !strings.Contains(string(b), " dot)") || strings.Contains(string(b), "(mark ") {
			t.Fatalf("%s: a dots prompt without dots or with marks: %.400s", l.ID, b)
		}
	}
	if named == 0 {
		t.Error("no named-object question reached the prompts")
	}
	lines1, err := score.ReadPromptsFile(p1)
	if err != nil || len(lines1) == 0 {
		t.Fatalf("prompts 1A: %d lines, %v", len(lines1), err)
	}
	lines2, err := score.ReadPromptsFile(p2)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"model":"fake","choices":[{"message":{"content":"The answer is A."}}],"usage":{"total_tokens":5}}`)
	}))
	defer srv.Close()
	preds1, preds2 := filepath.Join(tmp, "preds1.jsonl"), filepath.Join(tmp, "preds2.jsonl")
	if code, _, e := runCLI("eval", "--prompts", p1, "--endpoint", srv.URL+"/v1", "--model", "fake", "--out", preds1, "--quiet"); code != exitOK {
		t.Fatalf("eval: %s", e)
	}
	var perfect strings.Builder // 2A: every answer right
	for _, l := range lines2 {
		fmt.Fprintf(&perfect, `{"id":%q,"shuffle":%d,"response":"The answer is %s."}`+"\n", l.ID, l.Shuffle, strings.Join(strings.Split(l.Answer, ""), ", "))
	}
	os.WriteFile(preds2, []byte(perfect.String()), 0o644)
	code, out, e := runCLI("score", ds, "--split", "train", "--predictions", preds1, "--predictions-2a", preds2, "--format", "json")
	if code != exitOK {
		t.Fatalf("score: %s", e)
	}
	var rep struct {
		Motion struct {
			Categories []struct {
				Name string
				N    int
				Mean float64
			}
			Avg    struct{ Mean float64 }
			CatAvg struct{ Mean float64 } `json:"cat_avg"`
		}
		Gap struct {
			Categories map[string]float64
			Avg        float64
		} `json:"imagination_gap"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// Recompute: the fake model is right where the shown answer is A.
	right, n := map[string]int{}, map[string]int{}
	total := 0
	for _, l := range lines1 {
		n[l.Category]++
		if l.Answer == "A" {
			right[l.Category]++
			total++
		}
	}
	if len(rep.Motion.Categories) != len(n) || len(n) < 3 {
		t.Fatalf("report has %d categories, the prompts %d: %s", len(rep.Motion.Categories), len(n), out)
	}
	catSum := 0.0
	for _, c := range rep.Motion.Categories {
		want := float64(right[c.Name]) / float64(n[c.Name])
		catSum += want
		if math.Abs(c.Mean-want) > 1e-9 {
			t.Errorf("%s: accuracy %v, recomputed %v", c.Name, c.Mean, want)
		}
		if g := rep.Gap.Categories[c.Name]; math.Abs(g-(1-want)) > 1e-9 {
			t.Errorf("%s: 2A − 1A gap %v, recomputed %v", c.Name, g, 1-want)
		}
	}
	if want := float64(total) / float64(len(lines1)); math.Abs(rep.Motion.Avg.Mean-want) > 1e-9 {
		t.Errorf("Avg %v, recomputed %v", rep.Motion.Avg.Mean, want)
	}
	if want := catSum / float64(len(n)); math.Abs(rep.Motion.CatAvg.Mean-want) > 1e-9 {
		t.Errorf("Cat-avg %v, recomputed %v", rep.Motion.CatAvg.Mean, want)
	}
	t.Logf("%d pairs, %d 1A prompts (%d with colour dots, %d named) over %d categories; always-A avg %.3f", len(folders), len(lines1), len(dotLines), named, len(n), rep.Motion.Avg.Mean)
	if len(dotLines) != len(lines1) {
		t.Errorf("%d dots prompts, %d badge prompts", len(dotLines), len(lines1))
	}
	code, md, _ := runCLI("score", ds, "--split", "train", "--predictions", preds1, "--predictions-2a", preds2)
	if code != exitOK || !strings.Contains(md, "Cat-avg") {
		t.Errorf("markdown report:\n%s", md)
	}
}
