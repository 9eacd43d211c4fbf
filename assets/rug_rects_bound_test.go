package assets

import "testing"

// staircase returns a rectilinear floor of steps 1 m steps: 2·steps+2
// points on steps+1 distinct x and z lines.
func staircase(steps int) [][2]float64 {
	p := [][2]float64{{0, 0}}
	for i := 0; i < steps; i++ {
		p = append(p, [2]float64{float64(i), float64(i + 1)}, [2]float64{float64(i + 1), float64(i + 1)})
	}
	return append(p, [2]float64{float64(steps), 0})
}

// TestFloorRectsBounded: a floor outline with many distinct corner
// coordinates gets no rug rectangles instead of the O(n⁴) search (a
// 100-step staircase, as an imported 200-point room may be, gave about
// 25 million rectangles and took seconds per room), while a floor within
// the bounds keeps all of them.
func TestFloorRectsBounded(t *testing.T) {
	if n := len(floorRects(staircase(100))); n != 0 {
		t.Errorf("a 202-point staircase floor gives %d rug rectangles, want none (more than %d points)", n, maxRugPolygonPoints)
	}
	if n := len(floorRects(staircase(10))); n != 0 {
		t.Errorf("a 22-point staircase floor (11 × 11 lines) gives %d rug rectangles, want none (more than %d candidates)", n, maxRugRectangles)
	}
	// 6 steps: 7 × 7 lines, 21 · 21 = 441 candidate rectangles, within the
	// bound; those wholly on the floor are the staircase's sub-rectangles.
	if n := len(floorRects(staircase(6))); n == 0 {
		t.Errorf("a 14-point staircase floor gives no rug rectangles")
	}
}
