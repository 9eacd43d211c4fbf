package mine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"flowbench/real"
)

// frameJPEG is a w×h frame of a grey background with a red square of side
// s at (x, y), JPEG-encoded at quality 95.
func frameJPEG(t *testing.T, w, h, x, y, s int, bg uint8) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for py := range h {
		for px := range w {
			c := color.RGBA{bg, bg, bg, 255}
			if px >= x && px < x+s && py >= y && py < y+s {
				c = color.RGBA{220, 30, 30, 255}
			}
			img.SetRGBA(px, py, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// movingEpisode is an episode of n steps of a 256×256 camera whose square
// (side 40) moves 80 px right between the first and the last frame: φ is
// about 2·40²/256² ≈ 4.9 %, inside every source's bounds.
func movingEpisode(t *testing.T, source, id, task string, n int) *Episode {
	frames := make([][]byte, n)
	for i := range frames {
		frames[i] = frameJPEG(t, 256, 256, 60+80*i/(n-1), 100, 40, 128)
	}
	return &Episode{Source: source, ID: id, Instruction: task, Success: true, Cameras: []Camera{{Name: "image", Frames: frames, External: true}}}
}

// TestChangeFractionAnalytic: φ counts the interior pixels whose grey
// level differs by more than 35, and no others.
func TestChangeFractionAnalytic(t *testing.T) {
	a, b := image.NewRGBA(image.Rect(0, 0, 100, 100)), image.NewRGBA(image.Rect(0, 0, 100, 100))
	for i := range a.Pix {
		a.Pix[i], b.Pix[i] = 100, 100
	}
	set := func(img *image.RGBA, x, y int, v uint8) { img.SetRGBA(x, y, color.RGBA{v, v, v, 255}) }
	for x := 10; x < 30; x++ { // 20 pixels differing by 36: counted
		set(b, x, 50, 136)
	}
	for x := 40; x < 60; x++ { // 20 differing by exactly 35: not counted
		set(b, x, 60, 135)
	}
	set(b, 0, 0, 255) // on the border, outside Ω
	if got, want := ChangeFraction(a, b), 20.0/(96*96); got != want {
		t.Errorf("φ = %v, want %v", got, want)
	}
}

// TestTaskRules: each source's B.1 text rules on instructions written to
// hit one rule each.
func TestTaskRules(t *testing.T) {
	for _, c := range []struct{ source, task, want string }{
		{real.BridgeV2, "fold the cloth", DropFold},
		{real.BridgeV2, "wipe the table with the towel", DropWipe},
		{real.BridgeV2, "open the microwave", DropOpenClose},
		{real.BridgeV2, "close the drawer", DropOpenClose},
		{real.BridgeV2, "take the spoon out of the drawer", DropDrawer},
		{real.BridgeV2, "put the carrot into the pot", DropIntoContainer},
		{real.BridgeV2, "place the corn in the silver bowl", DropIntoContainer},
		{real.BridgeV2, "pick up the banana", DropPickOnly},
		{real.BridgeV2, "move the banana to the left of the pot", ""},
		{real.BridgeV2, "put the spoon on the towel", ""},
		{real.RT1, "pick coke can", DropPickOnly},
		{real.RT1, "move blue chip bag near apple", ""},
		{real.DROID, "put the marker in the cup and then close the lid", DropSeveralSteps},
		{real.DROID, "move both cups to the right", DropSeveralMovers},
		{real.DROID, "open the cabinet", DropArticulated},
		{real.DROID, "move the red cup to the left", ""},
		{real.LanguageTable, "fold anything you like", ""}, // its text is not used
		{real.BerkeleyUR5, "pick up the cup", ""},
	} {
		if got := taskDrop(c.source, normaliseTask(c.task)); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.source, c.task, got, c.want)
		}
	}
}

// TestLastRelease: the last closed-to-open step and the grasp's length.
func TestLastRelease(t *testing.T) {
	for _, c := range []struct {
		g          []float64
		step, held int
		ok         bool
	}{
		{[]float64{0, 1, 1, 0, 0, 1, 1, 1, 0}, 8, 3, true},
		{[]float64{0, 0, 0}, 0, 0, false},
		{[]float64{0, 1, 1, 1}, 0, 0, false}, // never opens again
		{[]float64{1, 1, 0.4}, 2, 2, true},
	} {
		s, h, ok := lastRelease(c.g)
		if s != c.step || h != c.held || ok != c.ok {
			t.Errorf("%v: %d %d %v, want %d %d %v", c.g, s, h, ok, c.step, c.held, c.ok)
		}
	}
}

// droidEpisode is a DROID episode of 20 steps whose gripper closes at
// step 2 for `held` steps, with two calibrated external cameras looking
// down the world z axis from x = ±0.5: the release point (0.4, 0, 0) is
// nearer the centre of the camera at x = 0.5.
func droidEpisode(t *testing.T, id, lab, task string, held int) *Episode {
	e := movingEpisode(t, real.DROID, id, task, 20)
	e.Lab = lab
	e.Gripper = make([]float64, 20)
	for s := 2; s < 2+held && s < 20; s++ {
		e.Gripper[s] = 1
	}
	e.EEPos = make([][3]float64, 20)
	for s := range e.EEPos {
		e.EEPos[s] = [3]float64{0.4, 0, 0}
	}
	k := &real.Intrinsics{Fx: 200, Fy: 200, Cx: 128, Cy: 128}
	cam := func(name string, x float64) Camera {
		return Camera{Name: name, Frames: e.Cameras[0].Frames, Intrinsics: k, External: true,
			WorldToCamera: &[12]float64{1, 0, 0, -x, 0, 1, 0, 0, 0, 0, 1, 1}}
	}
	e.Cameras = []Camera{cam("exterior_image_1_left", -0.5), cam("exterior_image_2_left", 0.5), {Name: "wrist_image_left", Frames: e.Cameras[0].Frames}}
	return e
}

// TestMinerCountsEveryRule mines a set of episodes built to hit each rule
// a known number of times and compares the report and the folders with
// what the construction implies.
func TestMinerCountsEveryRule(t *testing.T) {
	out := t.TempDir()
	m, err := NewMiner(out)
	if err != nil {
		t.Fatal(err)
	}
	var eps []*Episode
	for i := range 45 { // 40 kept, 5 over the per-task cap
		eps = append(eps, movingEpisode(t, real.BridgeV2, fmt.Sprintf("bridge-%02d", i), "move the pot to the right", 3))
	}
	eps = append(eps, movingEpisode(t, real.BridgeV2, "bridge-fold", "Fold the cloth.", 3))
	still := movingEpisode(t, real.RT1, "rt1-still", "move apple near can", 3)
	still.Cameras[0].Frames[2] = still.Cameras[0].Frames[0] // φ = 0
	eps = append(eps, still)
	flash := movingEpisode(t, real.BerkeleyUR5, "ur5-flash", "", 3)
	flash.Cameras[0].Frames[2] = frameJPEG(t, 256, 256, 0, 0, 0, 250) // grey 128 → 250: φ ≈ 1
	eps = append(eps, flash)
	bad := movingEpisode(t, real.LanguageTable, "lt-bad", "", 3)
	bad.Cameras[0].Frames[2] = []byte("not a jpeg")
	eps = append(eps, bad, movingEpisode(t, real.LanguageTable, "lt-ok", "", 2))
	for i := range 5 { // 3 kept, 2 over the (lab, instruction) cap
		eps = append(eps, droidEpisode(t, fmt.Sprintf("droid-%d", i), "lab1", "move the red cup to the left", 10))
	}
	eps = append(eps, droidEpisode(t, "droid-other-lab", "lab2", "move the red cup to the left", 10),
		droidEpisode(t, "droid-short", "lab1", "move the blue cup to the left", 5),
		droidEpisode(t, "droid-never", "lab1", "move the green cup to the left", 0))
	unsuccessful := droidEpisode(t, "droid-failed", "lab3", "move the red cup", 10)
	unsuccessful.Success = false
	eps = append(eps, unsuccessful)
	for _, e := range eps {
		if _, _, err := m.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	m.Skip()
	rep := m.Report()
	wantDrops := map[string]int{DropTaskCap: 5, DropFold: 1, DropChangeLow: 1, DropChangeHigh: 1, DropUndecodable: 1,
		DropLabCap: 2, DropShortGrasp: 1, DropNoRelease: 1, DropNotSuccessful: 1, DropUnreadable: 1}
	if !maps.Equal(rep.Dropped, wantDrops) {
		t.Errorf("dropped %v, want %v", rep.Dropped, wantDrops)
	}
	if rep.Episodes != len(eps)+1 || rep.Pairs != 40+1+4 {
		t.Errorf("%d episodes, %d pairs; want %d, %d", rep.Episodes, rep.Pairs, len(eps)+1, 45)
	}
	var doc Mined
	b, err := os.ReadFile(filepath.Join(out, "droid-0", MinedFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	// 256 px native to 912×512: fx 200·912/256, cx 128·912/256.
	if doc.Camera != "exterior_image_2_left" || doc.Width != 912 || doc.Height != 512 || doc.Steps != [2]int{0, 19} ||
		doc.Intrinsics.Fx != 200*912.0/256 || doc.Intrinsics.Cy != 128*512.0/256 {
		t.Errorf("droid-0: %+v", doc)
	}
	f, err := os.Open(filepath.Join(out, "bridge-00", "frame1.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err != nil || cfg.Width != 640 || cfg.Height != 480 {
		t.Errorf("bridge frame: %+v %v, want 640×480", cfg, err)
	}
	var pp PairPrompts
	b, err = os.ReadFile(filepath.Join(out, "droid-0", "prompts.json"))
	if err != nil || json.Unmarshal(b, &pp) != nil || len(pp.Objects) != real.HouseholdNouns || !slices.Equal(pp.Task, []string{"red cup"}) {
		t.Errorf("droid-0 prompts.json: %+v %v", pp, err)
	}
	if len(doc.TrackFrames) != 20 || doc.TrackSteps[19] != 19 {
		t.Errorf("droid-0 tracks %d frames %v, want the 20 steps", len(doc.TrackFrames), doc.TrackSteps)
	}
	if _, err := os.Stat(filepath.Join(out, "droid-0", "track", "19.jpg")); err != nil {
		t.Error(err)
	}
}

// TestTrackSteps: every step up to 48, else 48 evenly spaced, both ends
// kept, strictly increasing.
func TestTrackSteps(t *testing.T) {
	if got := trackSteps(0, 4); !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
		t.Errorf("0..4: %v", got)
	}
	for _, n := range []int{47, 48, 49, 100, 1000} {
		got := trackSteps(0, n)
		if len(got) != min(n+1, 48) || got[0] != 0 || got[len(got)-1] != n {
			t.Errorf("0..%d: %d steps %v", n, len(got), got)
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] {
				t.Fatalf("0..%d: not increasing at %d: %v", n, i, got)
			}
		}
	}
}

// TestDROIDOutcomeFrameArmOutOfView: DROID's I1 is the first step from
// the release on at which the effector leaves the chosen camera's view,
// and the last step when it never does.
func TestDROIDOutcomeFrameArmOutOfView(t *testing.T) {
	e := droidEpisode(t, "d", "lab", "move the red cup to the left", 10) // released at step 12
	ch, r := chooseFrames(e)
	if r != "" || ch.i1 != 19 {
		t.Fatalf("effector always in view: I1 %d (%q), want the last step 19", ch.i1, r)
	}
	for s := 15; s < 20; s++ { // from step 15 the effector is 2 m to the side
		e.EEPos[s] = [3]float64{2.5, 0, 0}
	}
	if ch, r = chooseFrames(e); r != "" || ch.i1 != 15 || ch.camera != 1 {
		t.Errorf("effector leaves at 15: I1 %d camera %d (%q), want 15 and camera 1", ch.i1, ch.camera, r)
	}
	e.EEPos[13] = [3]float64{0.4, 0, -5} // behind the cameras: out of view
	if ch, _ = chooseFrames(e); ch.i1 != 13 {
		t.Errorf("effector behind the camera at 13: I1 %d", ch.i1)
	}
}
