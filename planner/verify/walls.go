package verify

import (
	"fmt"
	"math"
	"regexp"
	"sort"

	"flowbench/planner"
	"flowbench/sim"
)

// wallTol is the contact tolerance of the simulator's collision tests
// (sim.CollisionTolerance, 1 mm): a wall piece must overlap the box's
// height range, and the box's footprint slab, by more than this to count.
const wallTol = 0.001

// wallPiece is a solid rectangle of a zero-thickness wall: the horizontal
// segment P→Q in (x, z) between heights y0 and y1.
type wallPiece struct {
	P, Q   [2]float64
	y0, y1 float64
}

// solidPieces cuts every wall into rectangles of solid material: the wall's
// length is split at every hole edge, and in each column the door and window
// holes covering it are removed from [0, height]. Holes are open.
func solidPieces(walls []sim.WallShape) []wallPiece {
	var out []wallPiece
	for _, w := range walls {
		dx, dz := w.B[0]-w.A[0], w.B[1]-w.A[1]
		l := math.Sqrt(dx*dx + dz*dz)
		if l == 0 {
			continue
		}
		us := []float64{0, l}
		for _, h := range w.Holes {
			us = append(us, math.Max(0, math.Min(l, h.U0)), math.Max(0, math.Min(l, h.U1)))
		}
		sort.Float64s(us)
		at := func(u float64) [2]float64 { return [2]float64{w.A[0] + dx*u/l, w.A[1] + dz*u/l} }
		for i := 1; i < len(us); i++ {
			u0, u1 := us[i-1], us[i]
			if u1-u0 < 1e-9 {
				continue
			}
			mid := (u0 + u1) / 2
			solid := [][2]float64{{0, w.Height}}
			for _, h := range w.Holes {
				if !(h.U0 < mid && mid < h.U1) {
					continue
				}
				var rest [][2]float64
				for _, s := range solid {
					lo, hi := math.Max(s[0], h.Y0), math.Min(s[1], h.Y1)
					if lo >= hi { // the hole misses this interval
						rest = append(rest, s)
						continue
					}
					if lo > s[0] {
						rest = append(rest, [2]float64{s[0], lo})
					}
					if hi < s[1] {
						rest = append(rest, [2]float64{hi, s[1]})
					}
				}
				solid = rest
			}
			for _, s := range solid {
				if s[1]-s[0] > 1e-9 {
					out = append(out, wallPiece{P: at(u0), Q: at(u1), y0: s[0], y1: s[1]})
				}
			}
		}
	}
	return out
}

// WallClearance is eq. 31 as docs/planner.md defines it: for each of the
// axes −x, +x, −z, +z, the signed gap from the box face to the nearest
// solid wall point ahead of the box centre, among the wall points whose
// height range overlaps the box and which lie inside the box's footprint
// slab across that axis; negative when a wall cuts into the box; +Inf when
// no wall lies along the axis. It returns the minimum over the four axes.
func WallClearance(pieces []wallPiece, b sim.AABB) float64 {
	best := math.Inf(1)
	c := [3]float64{(b.Min[0] + b.Max[0]) / 2, 0, (b.Min[2] + b.Max[2]) / 2}
	for _, p := range pieces {
		if math.Min(p.y1, b.Max[1])-math.Max(p.y0, b.Min[1]) <= wallTol {
			continue
		}
		// Along x the slab is the box's z range, along z its x range. In the
		// 2D wall points index 0 is x and index 1 is z.
		for _, ax := range [2]struct{ along, across, world, worldAcross int }{{0, 1, 0, 2}, {1, 0, 2, 0}} {
			lo, hi, ok := spanInSlab(p.P, p.Q, ax.across, b.Min[ax.worldAcross]+wallTol, b.Max[ax.worldAcross]-wallTol, ax.along)
			if !ok {
				continue
			}
			ctr := c[ax.world]
			if hi >= ctr { // wall points ahead along +axis: nearest is max(lo, ctr)
				best = math.Min(best, math.Max(lo, ctr)-b.Max[ax.world])
			}
			if lo <= ctr { // behind, along −axis: nearest is min(hi, ctr)
				best = math.Min(best, b.Min[ax.world]-math.Min(hi, ctr))
			}
		}
	}
	return best
}

// spanInSlab returns the range of coordinate `along` over the part of the
// segment P→Q whose coordinate `across` lies in [lo, hi].
func spanInSlab(P, Q [2]float64, across int, lo, hi float64, along int) (float64, float64, bool) {
	if lo > hi {
		return 0, 0, false
	}
	// Parameter range t ∈ [0, 1] with lo ≤ P + t(Q−P) ≤ hi along `across`.
	t0, t1 := 0.0, 1.0
	d := Q[across] - P[across]
	if d == 0 {
		if P[across] < lo || P[across] > hi {
			return 0, 0, false
		}
	} else {
		ta, tb := (lo-P[across])/d, (hi-P[across])/d
		t0, t1 = math.Max(t0, math.Min(ta, tb)), math.Min(t1, math.Max(ta, tb))
		if t0 > t1 {
			return 0, 0, false
		}
	}
	a := P[along] + t0*(Q[along]-P[along])
	z := P[along] + t1*(Q[along]-P[along])
	return math.Min(a, z), math.Max(a, z), true
}

var reWallCm = regexp.MustCompile(`less than (\d+(?:\.\d+)?) cm from it`)

// contactWall is A.2.3: yes iff the mover's wall clearance after the move is
// below τ_wall (stated in the question in centimetres); the before answer
// uses the before box.
func (v *Verifier) contactWall(ex *planner.Example, st states) (Result, error) {
	cm, err := parseNumber(ex, reWallCm, "wall threshold")
	if err != nil {
		return Result{}, err
	}
	if math.Abs(cm/100-TauWall) > 1e-12 {
		return Result{}, fmt.Errorf("%s: question threshold %g cm, method τ_wall = %g m", ex.ID, cm, TauWall)
	}
	id := ex.Mover.ObjectID
	c1 := WallClearance(v.walls, st.after[id].AABB)
	c0 := WallClearance(v.walls, st.before[id].AABB)
	ans, err := yesNo(ex, c1 < cm/100)
	if err != nil {
		return Result{}, err
	}
	before, err := yesNo(ex, c0 < cm/100)
	return Result{Answer: ans, Before: before, Detail: fmt.Sprintf("wall clearance before %.4f after %.4f", c0, c1)}, err
}
