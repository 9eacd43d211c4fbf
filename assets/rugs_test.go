package assets

import (
	"math"
	"slices"
	"testing"

	"flowbench/sim"
)

// TestRoomRugs checks roomRug over the rooms of 60 generated houses: rugs
// only in living rooms and bedrooms, in RugChance − 15 % to RugChance + 8 %
// of them (only rooms too small for a rug get none); every rug's sides at
// least RugMargin inside the room's bounding box, between RugMinSide and
// RugMaxLong (the short one at most RugMaxShort) long, centred on the box
// in rectangular rooms, wholly on the room's floor (a 2 cm lattice); the
// same rug for the same seed, other draws for another seed, and at least
// half the designs used. TestRugLargestFloorRect checks where rugs go in
// the other rooms.
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
			if rectangular(r.Polygon) && (math.Abs((rug.X0+rug.X1)-(lo[0]+hi[0])) > 1e-9 || math.Abs((rug.Z0+rug.Z1)-(lo[1]+hi[1])) > 1e-9) {
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
	if share := float64(rugs) / float64(eligible); share < RugChance-0.15 || share > RugChance+0.08 {
		t.Fatalf("rugs in %.0f%% of living rooms and bedrooms, want %.0f%%–%.0f%%", 100*share, 100*(RugChance-0.15), 100*(RugChance+0.08))
	}
	if len(designs) < RugCount/2 || differ == 0 {
		t.Fatalf("%d designs used, %d rooms differ with another seed", len(designs), differ)
	}
}

// rectangular reports whether poly is an axis-aligned rectangle (its
// vertices on two x and two z coordinates).
func rectangular(poly [][2]float64) bool {
	xs, zs := map[float64]bool{}, map[float64]bool{}
	for _, p := range poly {
		xs[p[0]], zs[p[1]] = true, true
	}
	return len(xs) == 2 && len(zs) == 2
}

// TestRugLargestFloorRect checks, over the living rooms and bedrooms of 60
// generated houses (most of them not rectangles), that a room drawn for a
// rug gets one exactly when some rectangle of floor holds one, and that its
// rug is as large as the largest any rectangle of floor holds, found here
// by brute force: every rectangle with corners on the 0.25 m lattice the
// rooms are drawn on, kept when the centre of each of its 0.25 m cells is
// inside the polygon. The rug must also be the one such a rectangle holds
// (centred on it, its margins to it equal).
func TestRugLargestFloorRect(t *testing.T) {
	const step = 0.25
	lshaped, checked := 0, 0
	for i := range 60 {
		s := procthorScene(t, i)
		seed := HouseSeed(s.House)
		for _, r := range s.Rooms {
			if r.Type != sim.LivingRoom && r.Type != sim.Bedroom {
				continue
			}
			x0, z0, x1, z1 := sim.PolygonBounds(r.Polygon)
			for _, p := range r.Polygon {
				if math.Abs(p[0]/step-math.Round(p[0]/step)) > 1e-9 || math.Abs(p[1]/step-math.Round(p[1]/step)) > 1e-9 {
					t.Fatalf("house %d room %s: vertex %v off the %.2f m lattice", i, r.ID, p, step)
				}
			}
			nx, nz := int(math.Round((x1-x0)/step)), int(math.Round((z1-z0)/step))
			in := make([][]bool, nx)
			for a := range in {
				in[a] = make([]bool, nz)
				for b := range in[a] {
					in[a][b] = sim.PointInPolygon(r.Polygon, x0+(float64(a)+0.5)*step, z0+(float64(b)+0.5)*step)
				}
			}
			best := 0.0
			var held []sim.Rug // the rugs the lattice's floor rectangles hold
			for a0 := 0; a0 < nx; a0++ {
				for b0 := 0; b0 < nz; b0++ {
					for a1 := a0 + 1; a1 <= nx; a1++ {
						for b1 := b0 + 1; b1 <= nz; b1++ {
							ok := true
							for a := a0; a < a1 && ok; a++ {
								for b := b0; b < b1 && ok; b++ {
									ok = in[a][b]
								}
							}
							if !ok {
								continue
							}
							f := floorRect{x0 + float64(a0)*step, z0 + float64(b0)*step, x0 + float64(a1)*step, z0 + float64(b1)*step}
							if rug, fits := rugIn(f); fits {
								best = max(best, (rug.X1-rug.X0)*(rug.Z1-rug.Z0))
								held = append(held, rug)
							}
						}
					}
				}
			}
			rug, ok := roomRug(r, seed)
			if unit(seed, "rug", r.ID) >= RugChance {
				if ok {
					t.Fatalf("house %d room %s: a rug though not drawn", i, r.ID)
				}
				continue
			}
			checked++
			if !rectangular(r.Polygon) {
				lshaped++
			}
			if ok != (best > 0) {
				t.Fatalf("house %d room %s: rug %v, but the largest a floor rectangle holds is %.2f m²", i, r.ID, ok, best)
			}
			if !ok {
				continue
			}
			if area := (rug.X1 - rug.X0) * (rug.Z1 - rug.Z0); math.Abs(area-best) > 1e-9 {
				t.Fatalf("house %d room %s: rug of %.3f m², a floor rectangle holds %.3f m²", i, r.ID, area, best)
			}
			rug.Surface = nil
			if !slices.Contains(held, rug) {
				t.Fatalf("house %d room %s: rug %+v is not centred on a rectangle of floor", i, r.ID, rug)
			}
		}
	}
	t.Logf("%d rooms drawn for a rug, %d of them not rectangles", checked, lshaped)
	if lshaped < 20 {
		t.Fatalf("only %d rooms that are not rectangles checked", lshaped)
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
