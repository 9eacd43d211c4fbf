package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSpatialGridStaysBoundedAndExact builds the grid of scenes whose room
// bounds would need up to 10^12 one-metre cells (or overflow int32, or are
// not finite) as a house that skipped validation could, and requires at most
// 2^17 cells and query results equal to brute force.
func TestSpatialGridStaysBoundedAndExact(t *testing.T) {
	for _, span := range []float64{10, 300, 1e6, 1e300} {
		for seed := uint64(0); seed < 5; seed++ {
			r := rand.New(rand.NewPCG(seed, 11))
			s := &Scene{Rooms: []RoomShape{{ID: "a", Polygon: [][2]float64{{-span, -span}, {-span, span}, {span, span}, {span, -span}}}}}
			for i := range 60 {
				// Objects cluster near the origin and a few sit far out.
				pos := Vec3{r.NormFloat64() * 3, r.Float64(), r.NormFloat64() * 3}
				if i%10 == 0 {
					pos[0], pos[2] = (r.Float64()*2-1)*span, (r.Float64()*2-1)*span
				}
				s.Objects = append(s.Objects, &Object{ID: fmt.Sprintf("Box|%d", i), Position: pos, Yaw: r.Float64() * 360,
					Size: Vec3{0.2 + r.Float64(), 0.5, 0.2 + r.Float64()}})
			}
			s.rebuildIndex()
			const limit = 1 << 17 // the documented bound, independent of the constant
			if n := len(s.grid.cells); n > limit || n != int(s.grid.nx)*int(s.grid.nz) || n < 1 {
				t.Fatalf("span %g: %d cells (%d × %d), limit %d", span, n, s.grid.nx, s.grid.nz, limit)
			}
			if span <= 100 && s.grid.cell != gridCell {
				t.Errorf("span %g: cell %g m, want %g m for a small plan", span, s.grid.cell, gridCell)
			}
			checkGrid(t, s)
			// Moves keep it exact too.
			for i := range 20 {
				o := s.Objects[i]
				o.Position = o.Position.Add(Vec3{r.NormFloat64(), 0, r.NormFloat64()})
				s.grid.update(int32(i), o.AABB())
			}
			checkGrid(t, s)
		}
	}
}
