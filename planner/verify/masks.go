package verify

import (
	"fmt"
	"regexp"

	"flowbench/planner"
)

// instance returns the instance id under which a frame draws objectID, 0 if none.
func instance(f *planner.Frame, objectID string) uint16 {
	for i := 1; i < len(f.IDTable); i++ {
		if f.IDTable[i] == objectID {
			return uint16(i)
		}
	}
	return 0
}

// Cover is eq. 20: |M_A(after) ∩ M_B(before)| / |M_B(before)|, from the raw
// id masks of the two frames (same size). It returns the rate, the covered
// pixels and B's before pixels; the rate is 0 when B is not visible before.
func Cover(before, after *planner.Frame, a, b string) (rate float64, covered, bPixels int) {
	ib, ia := instance(before, b), instance(after, a)
	if ib == 0 {
		return 0, 0, 0
	}
	for p := range before.IDs {
		if before.IDs[p] == ib {
			bPixels++
			if ia != 0 && after.IDs[p] == ia {
				covered++
			}
		}
	}
	if bPixels == 0 {
		return 0, 0, 0
	}
	return float64(covered) / float64(bPixels), covered, bPixels
}

// CentroidU returns the mean column index of objectID's mask in a frame
// (the u of eq. 35) and whether the object is visible at all.
func CentroidU(f *planner.Frame, objectID string) (float64, bool) {
	id := instance(f, objectID)
	if id == 0 {
		return 0, false
	}
	var sum float64
	n := 0
	for p, v := range f.IDs {
		if v == id {
			sum += float64(p % f.W)
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

var (
	reOccPercent = regexp.MustCompile(`at least (\d+(?:\.\d+)?)% of`)
	reRelation   = regexp.MustCompile(`(?:is|are) .* (to the left of|to the right of) .* in the image\?`)
)

// occlusion is A.2.1: yes iff the mover covers at least τ_occ of the
// occludee's before-mask in the after frame. No before answer. The static
// answer reads the occludee's mask with the mover out of view where the
// outcome has that frame.
func occlusion(ex *planner.Example, out *planner.Outcome) (Result, error) {
	if out.Before == nil || out.After == nil {
		return Result{}, fmt.Errorf("%s: occlusion needs the before and after frames", ex.ID)
	}
	if len(ex.Referenced) != 1 {
		return Result{}, fmt.Errorf("%s: occlusion references %d objects, want 1", ex.ID, len(ex.Referenced))
	}
	if err := dotOrder(ex); err != nil {
		return Result{}, err
	}
	pct, err := parseNumber(ex, reOccPercent, "cover threshold")
	if err != nil {
		return Result{}, err
	}
	if pct/100 != TauOcc {
		return Result{}, fmt.Errorf("%s: question threshold %g%%, method τ_occ = %g", ex.ID, pct, TauOcc)
	}
	rate, cov, bpx := Cover(out.Before, out.After, ex.Mover.ObjectID, ex.Referenced[0].ObjectID)
	ans, err := yesNo(ex, rate >= pct/100)
	r := Result{Answer: ans, Detail: fmt.Sprintf("cover %d/%d = %.4f", cov, bpx, rate)}
	if err != nil || out.WithoutMover == nil {
		return r, err
	}
	// The static question asks about the part of B the other objects
	// leave in view: B's mask with the mover out of view.
	srate, scov, sbpx := Cover(out.WithoutMover, out.After, ex.Mover.ObjectID, ex.Referenced[0].ObjectID)
	r.Static, err = yesNo(ex, srate >= pct/100)
	r.Detail += fmt.Sprintf("; static cover %d/%d = %.4f", scov, sbpx, srate)
	return r, err
}

// leftRight is A.2.4: left(A, L) iff u(A) < u(L) from the after frame's
// mask centroids; the question asks "to the left of" or "to the right of".
// The before answer reads the same relation from the before frame.
func leftRight(ex *planner.Example, out *planner.Outcome) (Result, error) {
	if out.Before == nil || out.After == nil {
		return Result{}, fmt.Errorf("%s: left/right needs the before and after frames", ex.ID)
	}
	if len(ex.Referenced) != 1 {
		return Result{}, fmt.Errorf("%s: left/right references %d objects, want 1", ex.ID, len(ex.Referenced))
	}
	if err := dotOrder(ex); err != nil {
		return Result{}, err
	}
	m := reRelation.FindStringSubmatch(ex.Question)
	if m == nil {
		return Result{}, fmt.Errorf("%s: no left/right relation in %q", ex.ID, ex.Question)
	}
	askLeft := m[1] == "to the left of"
	a, l := ex.Mover.ObjectID, ex.Referenced[0].ObjectID
	side := func(f *planner.Frame) (bool, float64, float64, error) {
		ua, okA := CentroidU(f, a)
		ul, okL := CentroidU(f, l)
		if !okA || !okL {
			return false, 0, 0, fmt.Errorf("%s: mover or landmark not visible (%v, %v)", ex.ID, okA, okL)
		}
		return ua < ul, ua, ul, nil
	}
	left1, u1, ul1, err := side(out.After)
	if err != nil {
		return Result{}, err
	}
	left0, u0, ul0, err := side(out.Before)
	if err != nil {
		return Result{}, err
	}
	ans, err := yesNo(ex, left1 == askLeft)
	if err != nil {
		return Result{}, err
	}
	before, err := yesNo(ex, left0 == askLeft)
	return Result{Answer: ans, Before: before, Detail: fmt.Sprintf("%s; u after %.2f vs %.2f, before %.2f vs %.2f", m[1], u1, ul1, u0, ul0)}, err
}
