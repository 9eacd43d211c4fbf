package mine

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"testing"

	"flowbench/real"
	"flowbench/real/rlds"
)

// rldsSpec describes a synthetic episode: n steps whose frames show a
// square moving right (or standing still), the task text, the gripper
// closed over [close, open) and, for DROID, the lab, the outcome and
// whether the cameras are calibrated.
type rldsSpec struct {
	task          string
	steps         int
	still         bool
	close, open   int // gripper closed over steps [close, open)
	lab, outcome  string
	noCalibration bool
}

// rldsExample encodes the episode sp describes in layout l (through
// rlds.EncodeEpisode), the effector at (0.4, 0, 0) throughout.
func rldsExample(t *testing.T, l rlds.Layout, sp rldsSpec) *rlds.Example {
	ep := &rlds.Episode{Source: l.Source, Steps: sp.steps, Instruction: sp.task, Images: map[rlds.Camera][][]byte{}}
	for _, cam := range l.Cameras {
		frames := make([][]byte, sp.steps)
		for s := range frames {
			x := 60
			if !sp.still && sp.steps > 1 {
				x += 80 * s / (sp.steps - 1)
			}
			frames[s] = frameJPEG(t, 256, 256, x, 100, 40, 128)
		}
		ep.Images[cam.Camera] = frames
	}
	if l.Gripper.Width > 0 {
		ep.Gripper = make([]float64, sp.steps)
		for s := range ep.Gripper {
			if s >= sp.close && s < sp.open {
				ep.Gripper[s] = 1
			}
		}
	}
	if l.Pose.Width > 0 { // the effector at (0.4, 0, 0)
		ep.EEPose = make([][]float64, sp.steps)
		for s := range ep.EEPose {
			ep.EEPose[s] = make([]float64, l.Pose.Len)
			ep.EEPose[s][0] = 0.4
		}
	}
	if l.Source == real.DROID {
		if !sp.noCalibration {
			// Camera 1 at x = -0.5, camera 2 at x = +0.5, both looking
			// along the base's z axis (no rotation): the release point
			// (0.4, 0, 0) lies nearer camera 2's centre.
			ep.Calibration = map[rlds.Camera]rlds.Calibration{}
			for c, cal := range l.Calibration[:2] {
				ep.Calibration[cal.Camera] = rlds.Calibration{Extrinsics: []float64{-0.5 + float64(c), 0, -1, 0, 0, 0}, Intrinsics: []float64{200, 200, 128, 128}}
			}
		}
		ep.Metadata = map[string]string{"file_path": fmt.Sprintf("/r2d2/%s/%s/2023-07-07/trajectory.h5", sp.lab, sp.outcome)}
	}
	ex, err := rlds.EncodeEpisode(ep, l)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// TestMineRLDSEverySource writes a dataset directory per source layout,
// with episodes built to be kept or dropped by known rules, reads it
// through real/rlds and mines it: the pairs and the drops are exactly
// those of the construction.
func TestMineRLDSEverySource(t *testing.T) {
	ok := func(task string) rldsSpec {
		return rldsSpec{task: task, steps: 12, close: 2, open: 11, lab: "lab1", outcome: "success"}
	}
	cases := map[string]struct {
		specs []rldsSpec
		pairs int
		drops map[string]int
	}{
		real.BridgeV2: {[]rldsSpec{ok("move the pot to the right"), ok("fold the cloth"), ok("pick up the spoon"),
			{task: "move the cup left", steps: 12, still: true}}, 1,
			map[string]int{DropFold: 1, DropPickOnly: 1, DropChangeLow: 1}},
		real.DROID: {[]rldsSpec{ok("move the red cup to the left"), ok("open the drawer"),
			{task: "move the mug", steps: 12, close: 2, open: 6, lab: "lab1", outcome: "success"},
			{task: "move the bowl", steps: 12, close: 2, open: 11, lab: "lab2", outcome: "failure"},
			{task: "move the plate", steps: 12, close: 2, open: 11, lab: "lab1", outcome: "success", noCalibration: true}}, 1,
			map[string]int{DropArticulated: 1, DropShortGrasp: 1, DropNotSuccessful: 1, DropNoCalibration: 1}},
		real.LanguageTable: {[]rldsSpec{ok("push the red star to the left"), {task: "x", steps: 12, still: true}}, 1,
			map[string]int{DropChangeLow: 1}},
		real.RT1:         {[]rldsSpec{ok("move apple near can"), ok("pick coke can")}, 1, map[string]int{DropPickOnly: 1}},
		real.BerkeleyUR5: {[]rldsSpec{ok("put the cup on the plate"), {task: "x", steps: 1}}, 1, map[string]int{DropTooShort: 1}},
	}
	for source, c := range cases {
		l, err := rlds.LookupLayout(source)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		var exs []*rlds.Example
		for _, sp := range c.specs {
			exs = append(exs, rldsExample(t, l, sp))
		}
		if err := rlds.WriteDataset(dir, "ds_"+source, "train", exs); err != nil {
			t.Fatal(err)
		}
		d, err := rlds.Open(dir, rlds.Options{Source: source})
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "mined")
		m, err := NewMiner(out)
		if err != nil {
			t.Fatal(err)
		}
		for ep, err := range d.Episodes() {
			if err != nil {
				t.Errorf("%s: %v", source, err)
				m.Skip()
				continue
			}
			if _, _, err := m.Add(FromRLDS(ep)); err != nil {
				t.Fatal(err)
			}
		}
		rep := m.Report()
		if rep.Pairs != c.pairs || !maps.Equal(rep.Dropped, c.drops) || rep.Episodes != len(c.specs) {
			t.Errorf("%s: %d episodes, %d pairs, drops %v; want %d, %d, %v", source, rep.Episodes, rep.Pairs, rep.Dropped, len(c.specs), c.pairs, c.drops)
		}
		ents, _ := os.ReadDir(out)
		if len(ents) != c.pairs {
			t.Errorf("%s: %d folders, want %d", source, len(ents), c.pairs)
		}
		// Every layout records the effector; rldsExample puts it at x = 0.4.
		for _, ent := range ents {
			var doc Mined
			b, err := os.ReadFile(filepath.Join(out, ent.Name(), MinedFile))
			if err != nil || json.Unmarshal(b, &doc) != nil || doc.Effector == nil || math.Abs(doc.Effector[1][0]-0.4) > 1e-6 {
				t.Errorf("%s %s: effector %v (%v)", source, ent.Name(), doc.Effector, err)
			}
		}
	}
}

// TestWorldToCameraInvertsPose: a pose's inverse maps the camera's own
// position to the origin and a point ahead along its z to (0, 0, d).
func TestWorldToCameraInvertsPose(t *testing.T) {
	pose := []float64{0.3, -0.2, 1.1, 0.4, -0.7, 1.9}
	m := worldToCamera(pose)
	apply := func(p [3]float64) [3]float64 {
		return [3]float64{m[0]*p[0] + m[1]*p[1] + m[2]*p[2] + m[3], m[4]*p[0] + m[5]*p[1] + m[6]*p[2] + m[7], m[8]*p[0] + m[9]*p[1] + m[10]*p[2] + m[11]}
	}
	if c := apply([3]float64{0.3, -0.2, 1.1}); math.Hypot(math.Hypot(c[0], c[1]), c[2]) > 1e-12 {
		t.Errorf("the camera centre maps to %v", c)
	}
	// With no rotation a point 2 m ahead along base z is (0, 0, 2).
	m = worldToCamera([]float64{1, 2, 3, 0, 0, 0})
	if got := [3]float64{m[2]*5 + m[3] + m[0], m[6]*5 + m[7] + 2*m[5], m[10]*5 + m[11]}; math.Abs(got[2]-2) > 1e-12 || math.Abs(got[0]) > 1e-12 {
		t.Errorf("identity pose: %v", got)
	}
	if lab, ok := droidLabSuccess("/r2d2/ILIAD/failure/2023/x.h5"); lab != "ILIAD" || ok {
		t.Errorf("failure path: %q %v", lab, ok)
	}
}

var updateTiny = flag.Bool("update-tiny", false, "rewrite testdata/rlds/bridge_tiny")

// tinyDir is the small synthetic Bridge V2 release committed for the
// README's Real path and the CLI tests: four episodes, two kept, one
// folding, one still.
const tinyDir = "../../testdata/rlds/bridge_tiny"

// TestTinyDataset: the committed tiny dataset is what rldsExample writes
// (go test -run TestTinyDataset -update-tiny rewrites it) and mines to
// two pairs.
func TestTinyDataset(t *testing.T) {
	l, err := rlds.LookupLayout(real.BridgeV2)
	if err != nil {
		t.Fatal(err)
	}
	specs := []rldsSpec{{task: "move the pot to the right", steps: 8}, {task: "fold the cloth", steps: 8},
		{task: "put the spoon on the towel", steps: 8}, {task: "move the cup left", steps: 8, still: true}}
	var exs []*rlds.Example
	for _, sp := range specs {
		exs = append(exs, rldsExample(t, l, sp))
	}
	if *updateTiny {
		os.RemoveAll(tinyDir)
		if err := os.MkdirAll(tinyDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := rlds.WriteDataset(tinyDir, "bridge_dataset", "train", exs); err != nil {
			t.Fatal(err)
		}
	}
	d, err := rlds.Open(tinyDir, rlds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMiner(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for ep, err := range d.Episodes() {
		if err != nil {
			t.Fatal(err)
		}
		want, _ := rlds.BuildEpisode(exs[k], l, ep.File, ep.Record)
		if ep.Instruction != want.Instruction || ep.Steps != want.Steps {
			t.Errorf("episode %d differs from the construction (rerun with -update-tiny)", k)
		}
		k++
		if _, _, err := m.Add(FromRLDS(ep)); err != nil {
			t.Fatal(err)
		}
	}
	rep := m.Report()
	if d.Source != real.BridgeV2 || rep.Pairs != 2 || !maps.Equal(rep.Dropped, map[string]int{DropFold: 1, DropChangeLow: 1}) {
		t.Errorf("%s: %d pairs, drops %v; want bridge_v2, 2 pairs, one fold and one still", d.Source, rep.Pairs, rep.Dropped)
	}
}
