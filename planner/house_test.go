package planner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"flowbench/render"
	"flowbench/sim"
)

// houseCfg is the configuration of the generated-house tests: small images
// keep them fast; the planner's pixel constants scale with the image.
func houseCfg(id string) Config {
	cfg := DefaultConfig()
	cfg.HouseID = id
	cfg.CameraSize = 160
	cfg.KeepFrames = false
	return cfg
}

func genHouse(t testing.TB, i int) *sim.House {
	t.Helper()
	h, err := sim.Generate("procthor", 7, i)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func newTestLocal() *Local {
	return NewLocal(LocalOptions{Render: render.Options{Workers: 1}})
}

func examplesJSON(t testing.TB, exs []Example) []byte {
	t.Helper()
	b, err := json.Marshal(exs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Same seed → identical examples; any example regenerates alone with
// PlanOne from its recorded camera, view and intent; the scene is back in
// its original state (poses, bit for bit, and parents) after the whole
// house, and every example's before-state is the house's own.
func TestDeterminismAndRegeneration(t *testing.T) {
	h := genHouse(t, 0)
	cfg := houseCfg("det0")
	l1 := newTestLocal()
	ex1, outs1, rep, err := PlanHouse(l1, h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex1) < 8 {
		t.Fatalf("only %d examples (%+v)", len(ex1), rep)
	}
	ex2, _, _, err := PlanHouse(newTestLocal(), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(examplesJSON(t, ex1), examplesJSON(t, ex2)) {
		t.Fatal("two runs with the same seed differ")
	}
	cfg3 := cfg
	cfg3.Seed = 99
	ex3, _, _, _ := PlanHouse(newTestLocal(), h, cfg3)
	if bytes.Equal(examplesJSON(t, ex1), examplesJSON(t, ex3)) {
		t.Error("a different seed gives the same examples")
	}
	// Restoration over the whole house.
	fresh := newTestLocal()
	if err := fresh.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	want, _ := fresh.Objects()
	got, _ := l1.Objects()
	for i := range want {
		if want[i].Position != got[i].Position || want[i].Yaw != got[i].Yaw || want[i].Parent != got[i].Parent {
			t.Fatalf("object %s not restored: %v/%q vs %v/%q", want[i].ID, got[i].Position, got[i].Parent, want[i].Position, want[i].Parent)
		}
	}
	for k, out := range outs1 {
		for i, o := range out.ObjectsBefore {
			if o.Position != want[i].Position || o.Yaw != want[i].Yaw {
				t.Fatalf("%s: before-state of %s is %v, the house has %v", ex1[k].ID, o.ID, o.Position, want[i].Position)
			}
		}
	}
	// Regenerate a spread of examples alone.
	for k := 0; k < len(ex1); k += max(1, len(ex1)/6) {
		ex := ex1[k]
		l := newTestLocal()
		if err := l.LoadHouse(h); err != nil {
			t.Fatal(err)
		}
		cat, _ := ParseCategory(ex.CategoryName)
		one, _, reason, err := PlanOne(l, h, cfg, ex.Camera, ex.ViewID, cat, ex.Intent)
		if err != nil || one == nil {
			t.Fatalf("PlanOne %s: %v %s", ex.ID, err, reason)
		}
		if a, b := examplesJSON(t, []Example{ex}), examplesJSON(t, []Example{*one}); !bytes.Equal(a, b) {
			t.Errorf("PlanOne %s differs:\n%s\n%s", ex.ID, a, b)
		}
	}
}

// Every example is well formed: letters only, one answer letter per
// single-choice question, a sorted 3-letter set for closest-three, every
// referenced object has a distinct dot and is named in the text.
func checkWellFormed(t *testing.T, ex *Example) {
	t.Helper()
	cat, err := ParseCategory(ex.CategoryName)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Choices) != cat.NumChoices() {
		t.Errorf("%s: %d choices, want %d", ex.ID, len(ex.Choices), cat.NumChoices())
	}
	valid := func(l string) bool { return len(l) == 1 && l[0] >= 'A' && int(l[0]-'A') < len(ex.Choices) }
	if cat == ClosestThree {
		if len(ex.Answer) != 3 || !(ex.Answer[0] < ex.Answer[1] && ex.Answer[1] < ex.Answer[2]) {
			t.Errorf("%s: answer %q is not a sorted 3-letter set", ex.ID, ex.Answer)
		}
	} else if !valid(ex.Answer) {
		t.Errorf("%s: answer %q", ex.ID, ex.Answer)
	}
	_, ownStatic := ex.Metrics["static_cover_rate"] // occlusion whose mover hid part of B before
	if (ownStatic && !valid(ex.StaticAnswer)) || (ex.StaticAnswer != ex.Answer && !ownStatic) || ex.StaticQuestion == "" {
		t.Errorf("%s: static counterpart missing or not the answer", ex.ID)
	}
	dots := map[string]bool{ex.Mover.ObjectType + "/" + ex.Mover.DotColor: true}
	if !bytes.Contains([]byte(ex.Question), []byte(ex.Mover.Name())) || !strings.Contains(strings.ToLower(ex.MotionText), strings.ToLower(ex.Mover.Name())) {
		t.Errorf("%s: mover %q not named", ex.ID, ex.Mover.Name())
	}
	for _, r := range ex.Referenced {
		if dots[r.ObjectType+"/"+r.DotColor] {
			t.Errorf("%s: %s with dot colour %s twice", ex.ID, r.ObjectType, r.DotColor)
		}
		dots[r.ObjectType+"/"+r.DotColor] = true
		if !bytes.Contains([]byte(ex.Question), []byte(r.Name())) {
			t.Errorf("%s: %q not in the question", ex.ID, r.Name())
		}
	}
	if ex.Changed != (ex.BeforeAnswer != "" && ex.BeforeAnswer != ex.Answer) && cat != CountNear {
		t.Errorf("%s: changed flag %v with before %q answer %q", ex.ID, ex.Changed, ex.BeforeAnswer, ex.Answer)
	}
	if ex.Reasoning == "" || !bytes.Contains([]byte(ex.Reasoning), []byte(ex.Answer)) {
		t.Errorf("%s: reasoning does not conclude with the answer", ex.ID)
	}
	if _, ok := ex.Metrics["m0"]; !ok {
		t.Errorf("%s: no m0 metrics", ex.ID)
	}
}

// Balance and flip behaviour over many generated houses, with the running
// balance carried from house to house.
func TestBalanceAndFlipOverHouses(t *testing.T) {
	n := 10
	if testing.Short() {
		n = 4
	}
	bal := &Balance{}
	var all []Example
	bad := 0
	for i := 0; i < n; i++ {
		cfg := houseCfg(fmt.Sprintf("bal%d", i))
		cfg.Balance = bal
		exs, _, rep, err := PlanHouse(newTestLocal(), genHouse(t, 100+i), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Bad != "" {
			bad++
		}
		all = append(all, exs...)
	}
	for i := range all {
		checkWellFormed(t, &all[i])
	}
	st := Stats(all)
	t.Logf("%d houses (%d bad)\n%s", n, bad, st)
	for _, c := range st.Categories {
		if c.Count < 60 {
			continue
		}
		if c.NoRate != nil && abs(*c.NoRate-*c.TargetNo) > 0.1 {
			t.Errorf("%s: no-rate %.3f vs target %.2f", c.Category, *c.NoRate, *c.TargetNo)
		}
		if c.FlipRate != nil && abs(*c.FlipRate-FlipProbability) > 0.15 {
			t.Errorf("%s: flip rate %.3f", c.Category, *c.FlipRate)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Bad houses are reported, not planned.
func TestBadHouses(t *testing.T) {
	// No movable objects at all: no view passes the band test.
	empty := boxHouse(t, 5, 5)
	_, _, rep, err := PlanHouse(newTestLocal(), empty, houseCfg("empty"))
	if err != nil || rep.Bad != BadNoMovable {
		t.Errorf("empty house: %+v %v", rep, err)
	}
	// A single room without walls.
	nowalls := boxHouse(t, 5, 5, tObj{asset: assetBox, id: "Box|1|1", x: 2.5, z: 3})
	nowalls.Walls = nil
	exs, _, rep, err := PlanHouse(newTestLocal(), nowalls, houseCfg("nowalls"))
	if err != nil || rep.Bad != BadNoWalls || len(exs) != 0 {
		t.Errorf("no walls: %+v %v", rep, err)
	}
	// No reachable positions: the room is filled by one big object.
	full := boxHouse(t, 1, 1, tObj{asset: "Dining_Table_201_1", id: "DiningTable|1|1", x: 0.5, z: 0.5})
	exs, _, rep, err = PlanHouse(newTestLocal(), full, houseCfg("full"))
	if err != nil || rep.Bad != BadNoReachable || len(exs) != 0 {
		t.Errorf("no reachable: %+v %v", rep, err)
	}
}
