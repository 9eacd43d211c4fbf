package planner

import (
	"errors"
	"reflect"
	"testing"

	"flowbench/assets"
	"flowbench/render"
	"flowbench/sim"
)

// unbounded hides the Local backend's MaskBounds, so that SelectViews
// scores every candidate pose (as for a websocket simulator).
type unbounded struct {
	Simulator
	lr LabelRenderer
}

func (u unbounded) RenderLabels() (*Frame, error) { return u.lr.RenderLabels() }

// countingBounds counts the scored poses (label renders) and the bounded ones.
type countingBounds struct {
	*Local
	renders, bounds int
}

func (c *countingBounds) RenderLabels() (*Frame, error) { c.renders++; return c.Local.RenderLabels() }
func (c *countingBounds) MaskBounds(capAt int) ([]int, error) {
	c.bounds++
	return c.Local.MaskBounds(capAt)
}

// checkLazyViews selects the views of house h twice with the structure
// rule's threshold maxShare, scoring every candidate pose and scoring lazily
// from mask bounds, and requires the same views; it returns them and the
// label renders of each.
func checkLazyViews(t *testing.T, h *sim.House, dress func(*sim.Scene), seed uint64, maxShare float64) (sel ViewSelection, full, lazy int) {
	t.Helper()
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testCfg()
	cfg.CameraSize = 256
	load := func() *Local {
		l := NewLocal(LocalOptions{Render: render.Options{Workers: 1}, Dress: dress})
		if err := l.LoadHouse(h); err != nil {
			t.Fatal(err)
		}
		return l
	}
	ca := &countingBounds{Local: load()}
	want, err := selectViews(unbounded{Simulator: ca, lr: ca}, st, cfg, newRNG(seed), maxShare)
	if err != nil {
		t.Fatal(err)
	}
	cb := &countingBounds{Local: load()}
	got, err := selectViews(cb, st, cfg, newRNG(seed), maxShare)
	if err != nil {
		t.Fatal(err)
	}
	if ca.bounds != 0 {
		t.Fatalf("the unbounded simulator was asked for %d mask bounds", ca.bounds)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("lazy scoring selected\n%+v\nscoring every pose selected\n%+v", got, want)
	}
	if len(want.Views) == 0 {
		t.Fatal("no views selected: the comparison shows nothing")
	}
	return want, ca.renders, cb.renders
}

// TestLazyViewScoringKeepsViews: scoring candidate poses lazily from mask
// bounds selects exactly the views that scoring every pose selects, over
// generated houses, with far fewer label renders, with the structure rule
// (MaxStructureShare) and without it. The houses exercise the rule: in
// some it changes the views, and in some a room's A.1 candidates all fail
// it (the wider search runs, and finds a view or skips the room).
func TestLazyViewScoringKeepsViews(t *testing.T) {
	full, lazy, changed, over, skipped := 0, 0, 0, 0, 0
	houses := 6
	if testing.Short() {
		houses = 3 // make test's quick tier (still one changed house and fallbacks); make test-long checks 6
	}
	for i := 0; i < houses; i++ {
		h := genHouse(t, i)
		on, f, l := checkLazyViews(t, h, nil, uint64(i), MaxStructureShare)
		full, lazy = full+f, lazy+l
		off := on
		if i < 2 {
			off, f, l = checkLazyViews(t, h, nil, uint64(i), 1)
			full, lazy = full+f, lazy+l
		} else {
			off = lazyViews(t, h, uint64(i), 1)
		}
		if !reflect.DeepEqual(on.Views, off.Views) {
			changed++
		}
		for _, v := range on.Views {
			if v.Structure > MaxStructureShare {
				over++
			}
		}
		skipped += len(on.Skipped)
		if y := min(ViewMaxBudget, testCfg().PerRoom*len(h.Rooms)); len(on.Views) > y {
			t.Errorf("house %d: %d views, over the budget y = %d", i, len(on.Views), y)
		}
	}
	t.Logf("label renders: %d scoring every pose, %d lazily; the rule changed the views of %d houses; %d rooms skipped",
		full, lazy, changed, skipped)
	if lazy >= full {
		t.Errorf("lazy scoring rendered %d poses, scoring every pose %d", lazy, full)
	}
	if over > 0 {
		t.Errorf("%d selected views are over the structure rule", over)
	}
	if changed == 0 {
		t.Errorf("the houses do not exercise the structure rule: it changed no house's views")
	}
}

// lazyViews selects the views of house h lazily with threshold maxShare.
func lazyViews(t *testing.T, h *sim.House, seed uint64, maxShare float64) ViewSelection {
	t.Helper()
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testCfg()
	cfg.CameraSize = 256
	sel, err := selectViews(loaded(t, h), st, cfg, newRNG(seed), maxShare)
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

// TestLazyViewScoringKeepsViewsRealModels is TestLazyViewScoringKeepsViews
// with the installed Sweet Home 3D models. Skips when they are not installed.
func TestLazyViewScoringKeepsViewsRealModels(t *testing.T) {
	lib, err := assets.Open(assets.Options{})
	if errors.Is(err, assets.ErrNoAssets) {
		t.Skip("Sweet Home 3D libraries not installed (assets/install_debian.sh): no real models")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	dress := func(s *sim.Scene) { lib.Dress(s, assets.HouseSeed(s.House)) }
	full, lazy := 0, 0
	houses := 2
	if testing.Short() {
		houses = 1 // make test's quick tier; make test-long checks 2
	}
	for i := 0; i < houses; i++ {
		_, f, l := checkLazyViews(t, genHouse(t, i), dress, uint64(i), MaxStructureShare)
		full, lazy = full+f, lazy+l
	}
	t.Logf("label renders: %d scoring every pose, %d lazily", full, lazy)
}
