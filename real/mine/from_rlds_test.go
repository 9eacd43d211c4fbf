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

// rldsExample writes an episode of a source's layout as a TFRecord
// example: n steps whose frames show a square moving right (or standing
// still), the task text, the gripper closed over [close, open) and, for
// DROID, calibrated cameras and a success path.
type rldsSpec struct {
	task          string
	steps         int
	still         bool
	close, open   int // gripper closed over steps [close, open)
	lab, outcome  string
	noCalibration bool
}

func rldsExample(t *testing.T, l rlds.Layout, sp rldsSpec) *rlds.Example {
	ex := rlds.NewExample()
	first, last := make([]int64, sp.steps), make([]int64, sp.steps)
	first[0], last[sp.steps-1] = 1, 1
	ex.SetInt64s(rlds.StepKey, first...)
	ex.SetInt64s(rlds.LastKey, last...)
	for _, cam := range l.Cameras {
		frames := make([][]byte, sp.steps)
		for s := range frames {
			x := 60 + 80*s/(sp.steps-1)
			if sp.still {
				x = 60
			}
			frames[s] = frameJPEG(t, 256, 256, x, 100, 40, 128)
		}
		ex.SetBytes(cam.Keys[0], frames...)
	}
	if l.InstructionCodepoints {
		cps := make([]int64, sp.steps*l.InstructionWidth)
		for s := range sp.steps {
			for i, r := range []rune(sp.task) {
				cps[s*l.InstructionWidth+i] = int64(r)
			}
		}
		ex.SetInt64s(l.Instruction.Keys[0], cps...)
	} else {
		vals := make([][]byte, sp.steps)
		for s := range vals {
			vals[s] = []byte(sp.task)
		}
		ex.SetBytes(l.Instruction.Keys[0], vals...)
	}
	vectors := map[string][]float32{}
	for _, f := range []rlds.VectorField{l.Pose, l.Gripper} {
		if f.Width > 0 && vectors[f.Keys[0]] == nil {
			vectors[f.Keys[0]] = make([]float32, sp.steps*f.Width)
		}
	}
	if p := l.Pose; p.Width > 0 {
		for s := range sp.steps { // the effector at (0.4, 0, 0)
			vectors[p.Keys[0]][s*p.Width+p.Offset] = 0.4
		}
	}
	if g := l.Gripper; g.Width > 0 {
		for s := range sp.steps {
			closed := s >= sp.close && s < sp.open
			v := float32(0)
			if closed != l.GripperOpenIs1 {
				v = 1
			}
			vectors[g.Keys[0]][s*g.Width+g.Offset] = v
		}
	}
	for k, v := range vectors {
		ex.SetFloats(k, v...)
	}
	if l.Source == real.DROID {
		if !sp.noCalibration {
			// Camera 1 at x = -0.5, camera 2 at x = +0.5, both looking
			// along the base's z axis (no rotation): the release point
			// (0.4, 0, 0) lies nearer camera 2's centre.
			for c, cal := range l.Calibration[:2] {
				ex.SetFloats(cal.Extrinsics.Keys[0], float32(-0.5+float64(c)), 0, -1, 0, 0, 0)
				ex.SetFloats(cal.Intrinsics.Keys[0], 200, 200, 128, 128)
			}
		}
		ex.SetBytes(rlds.MetadataPrefix+"file_path", []byte(fmt.Sprintf("/r2d2/%s/%s/2023-07-07/trajectory.h5", sp.lab, sp.outcome)))
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
			if sp.steps == 1 { // a one-step episode
				sp.steps = 2
				ex := rldsExample(t, l, sp)
				exs = append(exs, trimToOneStep(t, l, ex))
				continue
			}
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

// trimToOneStep rewrites an example's per-step features to their first
// step only.
func trimToOneStep(t *testing.T, l rlds.Layout, ex *rlds.Example) *rlds.Example {
	out := rlds.NewExample()
	out.SetInt64s(rlds.StepKey, 1)
	out.SetInt64s(rlds.LastKey, 1)
	for _, cam := range l.Cameras {
		b, err := ex.Bytes(cam.Keys[0])
		if err != nil {
			t.Fatal(err)
		}
		out.SetBytes(cam.Keys[0], b[0])
	}
	for k := range ex.Features {
		if out.Features[k] != nil {
			continue
		}
		if b, err := ex.Bytes(k); err == nil {
			out.SetBytes(k, b[:1]...)
		} else if f, err := ex.Floats(k); err == nil {
			out.SetFloats(k, f[:len(f)/2]...)
		} else if n, err := ex.Int64s(k); err == nil {
			out.SetInt64s(k, n[:len(n)/2]...)
		}
	}
	return out
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
