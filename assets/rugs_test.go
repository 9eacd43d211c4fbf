package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// TestRoomRugs checks roomRug over the rooms of 60 generated houses: rugs
// only in living rooms and bedrooms, in 30 % to RugChance + 5 % of them
// (small and L-shaped rooms get none); every rug's sides at least
// RugMargin inside the room's bounding box, between RugMinSide and
// RugMaxLong (the short one at most RugMaxShort) long, centred on the box,
// wholly on the room's floor (a 2 cm lattice); the same rug for the same
// seed, other draws for another seed, and at least half the designs used.
func TestRoomRugs(t *testing.T) {
	rooms, eligible, rugs, differ := 0, 0, 0, 0
	designs := map[*sim.Surface]bool{}
	for i := range 60 {
		s := procthorScene(t, i)
		seed := HouseSeed(s.House)
		for _, r := range s.Rooms {
			rooms++
			rug, ok := roomRug(r, seed)
			if again, ok2 := roomRug(r, seed); ok2 != ok || again != rug {
				t.Fatalf("house %d room %s: roomRug is not deterministic", i, r.ID)
			}
			if other, ok2 := roomRug(r, seed+1); ok2 != ok || other != rug {
				differ++
			}
			if r.Type == sim.LivingRoom || r.Type == sim.Bedroom {
				eligible++
			}
			if !ok {
				continue
			}
			rugs++
			if r.Type != sim.LivingRoom && r.Type != sim.Bedroom {
				t.Fatalf("house %d room %s (%s) has a rug", i, r.ID, r.Type)
			}
			designs[rug.Surface] = true
			bx0, bz0, bx1, bz1 := sim.PolygonBounds(r.Polygon)
			lo, hi := [2]float64{bx0, bz0}, [2]float64{bx1, bz1}
			w, d := rug.X1-rug.X0, rug.Z1-rug.Z0
			if rug.X0 < lo[0]+RugMargin-1e-9 || rug.X1 > hi[0]-RugMargin+1e-9 || rug.Z0 < lo[1]+RugMargin-1e-9 || rug.Z1 > hi[1]-RugMargin+1e-9 {
				t.Fatalf("house %d room %s: rug %+v closer than %.1f m to the room's box %v–%v", i, r.ID, rug, RugMargin, lo, hi)
			}
			if min(w, d) < RugMinSide || max(w, d) > RugMaxLong+1e-9 || min(w, d) > RugMaxShort+1e-9 {
				t.Fatalf("house %d room %s: rug %.2f × %.2f m", i, r.ID, w, d)
			}
			if math.Abs((rug.X0+rug.X1)-(lo[0]+hi[0])) > 1e-9 || math.Abs((rug.Z0+rug.Z1)-(lo[1]+hi[1])) > 1e-9 {
				t.Fatalf("house %d room %s: rug %+v not centred on the room's box", i, r.ID, rug)
			}
			for x := rug.X0; x <= rug.X1; x += 0.02 {
				for z := rug.Z0; z <= rug.Z1; z += 0.02 {
					if !sim.PointInPolygon(r.Polygon, x, z) {
						t.Fatalf("house %d room %s: rug point (%.2f, %.2f) off the floor", i, r.ID, x, z)
					}
				}
			}
		}
	}
	t.Logf("%d rooms, %d living rooms and bedrooms, %d rugs (%d designs), %d rooms differ with the next seed", rooms, eligible, rugs, len(designs), differ)
	if share := float64(rugs) / float64(eligible); share < 0.3 || share > RugChance+0.05 {
		t.Fatalf("rugs in %.0f%% of living rooms and bedrooms, want 30%%–%.0f%%", 100*share, 100*(RugChance+0.05))
	}
	if len(designs) < RugCount/2 || differ == 0 {
		t.Fatalf("%d designs used, %d rooms differ with another seed", len(designs), differ)
	}
}

// TestRugDesigns checks the painted rugs: RugCount distinct textures of
// rugTexels² texels with full mip chains, each framed by its border band:
// the texels of the rows next to the top and bottom edges stay within 30
// levels of the corner's colour (only the weave and brush noise vary), and
// the middle row's central half differs from the border by at least 20
// levels somewhere.
func TestRugDesigns(t *testing.T) {
	seen := map[string]bool{}
	for k, s := range rugDesigns() {
		tex := s.Texture
		if tex == nil || len(tex.Levels) == 0 || tex.Levels[0].Rect.Dx() != rugTexels || tex.Levels[0].Rect.Dy() != rugTexels {
			t.Fatalf("design %d: bad texture", k)
		}
		if n := len(tex.Levels); tex.Levels[n-1].Rect.Dx() != 1 {
			t.Fatalf("design %d: mip chain ends at %v", k, tex.Levels[n-1].Rect)
		}
		if seen[tex.Hash] {
			t.Fatalf("design %d repeats another", k)
		}
		seen[tex.Hash] = true
		img := tex.Levels[0]
		at := func(x, y int) [3]int {
			p := img.Pix[y*img.Stride+4*x:]
			return [3]int{int(p[0]), int(p[1]), int(p[2])}
		}
		ref := at(2, 2)
		for x := 0; x < rugTexels; x++ {
			for _, y := range []int{1, rugTexels - 2} {
				c := at(x, y)
				for ch := range 3 {
					if d := c[ch] - ref[ch]; d > 30 || d < -30 {
						t.Fatalf("design %d: border texel (%d, %d) %v, corner %v", k, x, y, c, ref)
					}
				}
			}
		}
		far := 0
		for x := rugTexels / 4; x < 3*rugTexels/4; x++ {
			mid := at(x, rugTexels/2)
			for ch := range 3 {
				far = max(far, abs(mid[ch]-ref[ch]))
			}
		}
		if far < 20 {
			t.Fatalf("design %d: the middle row stays within %d levels of the border %v", k, far, ref)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
