package planner

import (
	"testing"

	"flowbench/render"
)

// The occludee floor lies below the size rule at every render size, at
// A.2.1's 20 px at 800 px scaled by area or above; at 512 px it is 65 px
// (a 2.05 px dot) against 245 px.
func TestOccludeeFloor(t *testing.T) {
	for _, w := range []int{128, 256, 320, 512, 800, 1024} {
		minR, area := OccludeeMinRadius(w, w), OccludeeMinArea(w, w)
		if minR >= render.MinMarkRadius(render.StyleDots, w, w) && w >= 256 {
			t.Errorf("%d px: occludee dot %.2f px is not under the size rule's %.2f px", w, minR, render.MinMarkRadius(render.StyleDots, w, w))
		}
		if area > render.MinMarkArea(render.StyleDots, w, w) || area < scaleFor(w).area(OccMinB) || area < render.MinAreaForRadius(minR) {
			t.Errorf("%d px: occludee floor %d px", w, area)
		}
	}
	if r, a := OccludeeMinRadius(512, 512), OccludeeMinArea(512, 512); r < 2 || r > 2.1 || a != 65 {
		t.Errorf("512 px: occludee floor %.3f px dot, %d px, want 2.05 and 65", r, a)
	}
}

// On the fixture's views: an object too small for the size rule but with
// room for the occludee's dot is refused as a mentioned object
// ("marks_small") and accepted as the occludee of the example being built
// (c.occludee); markedOccludees keeps exactly the referable occludees that
// pass OccludeeFits.
func TestOccludeeDotPlacement(t *testing.T) {
	exs, _ := plannedFixture()
	h, err := genHouseErr(0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	l := loaded(t, h)
	cat := defaultCatalogInfo()
	small, occs := 0, 0
	for _, ex := range exs {
		if ex.HouseID != "marks0" {
			continue
		}
		c, err := newViewCtx(l, st, houseCfg("marks0"), ex.Camera, newRNG(1))
		if err != nil {
			t.Fatal(err)
		}
		kept := map[string]bool{}
		for _, o := range c.markedOccludees(cat) {
			kept[o.ID] = true
			occs++
		}
		for _, o := range c.referables("") {
			if want := isOccludee(cat, o) && OccludeeFits(c.f0, o.ID); kept[o.ID] != want {
				t.Errorf("%s: markedOccludees has %s: %v, want %v", ex.ID, o.ID, kept[o.ID], want)
			}
		}
		movers := c.markedMovers()
		if len(movers) == 0 {
			continue
		}
		for _, o := range c.referables(movers[0].ID) {
			if MarkFits(c.f0, o.ID) || !OccludeeFits(c.f0, o.ID) {
				continue
			}
			ids := []string{movers[0].ID, o.ID}
			if _, why := c.placeDots(ids); why != "marks_small" {
				t.Errorf("%s: %s under the size rule placed with reason %q", ex.ID, o.ID, why)
			}
			c.occludee = o.ID
			dots, why := c.placeDots(ids)
			c.occludee = ""
			if why == "marks" || why == "marks_ambiguous" {
				continue // colours or spacing, not the size
			}
			if why != "" || dots[o.ID].Fit < OccludeeMinRadius(c.f0.W, c.f0.H) {
				t.Errorf("%s: occludee %s refused (%q) or too small a dot %+v", ex.ID, o.ID, why, dots[o.ID])
			}
			small++
		}
	}
	if small == 0 || occs == 0 {
		t.Errorf("the fixture gave %d small occludee placements and %d occludees; it should give both", small, occs)
	}
	t.Logf("%d small objects placed as occludees, %d occludees", small, occs)
}
