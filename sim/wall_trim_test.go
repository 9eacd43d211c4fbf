package sim

import (
	"math"
	"testing"
)

// TestWallTrimCells checks the trim grid of every wall of 20 houses: the
// cells tile the wall's panels exactly (every cell inside a panel, the
// areas equal), cells are trim exactly where their middle is on the
// skirting band or within CasingWidth of a hole, no cell reaches into a
// hole, and exterior faces have no trim. Every room-side wall carries a
// skirting board, and the houses have cased doors and windows.
func TestWallTrimCells(t *testing.T) {
	const eps = 1e-9
	walls, cased := 0, 0
	for hi, s := range openingHouses(t, 20) {
		for _, w := range s.Walls {
			panels := WallPanels(w)
			cells := wallCells(w)
			panelArea, cellArea := 0.0, 0.0
			for _, p := range panels {
				panelArea += (p[1] - p[0]) * (p[3] - p[2])
			}
			skirting := false
			for _, c := range cells {
				if c.u1-c.u0 < eps || c.y1-c.y0 < eps {
					t.Fatalf("house %d wall %s: empty cell %+v", hi, w.ID, c)
				}
				cellArea += (c.u1 - c.u0) * (c.y1 - c.y0)
				inPanel := false
				for _, p := range panels {
					if c.u0 >= p[0]-eps && c.u1 <= p[1]+eps && c.y0 >= p[2]-eps && c.y1 <= p[3]+eps {
						inPanel = true
					}
				}
				if !inPanel {
					t.Fatalf("house %d wall %s: cell %+v in no panel", hi, w.ID, c)
				}
				mu, my := (c.u0+c.u1)/2, (c.y0+c.y1)/2
				want := false
				if !w.Exterior {
					want = my < SkirtingHeight
					for _, h := range w.Holes {
						if mu > h.U0 && mu < h.U1 && my > h.Y0 && my < h.Y1 {
							t.Fatalf("house %d wall %s: cell %+v inside hole %s", hi, w.ID, c, h.ID)
						}
						near := mu > h.U0-CasingWidth && mu < h.U1+CasingWidth && my > h.Y0-CasingWidth && my < h.Y1+CasingWidth
						want = want || near
						if near {
							cased++
						}
					}
				}
				if c.trim != want {
					t.Fatalf("house %d wall %s: cell %+v trim %v, want %v", hi, w.ID, c, c.trim, want)
				}
				// A cell is all trim or all wall: no trim edge crosses it.
				if !w.Exterior && (c.y0 < SkirtingHeight-eps && c.y1 > SkirtingHeight+eps) {
					t.Fatalf("house %d wall %s: cell %+v crosses the skirting's top", hi, w.ID, c)
				}
				skirting = skirting || c.trim && my < SkirtingHeight
			}
			if math.Abs(cellArea-panelArea) > 1e-6 {
				t.Fatalf("house %d wall %s: cells cover %.6f m², panels %.6f m²", hi, w.ID, cellArea, panelArea)
			}
			if !w.Exterior {
				walls++
				if !skirting {
					t.Fatalf("house %d wall %s: no skirting board", hi, w.ID)
				}
			}
		}
	}
	if walls < 100 || cased < 100 {
		t.Fatalf("only %d room-side walls and %d casing cells: the test saw too little", walls, cased)
	}
}

// TestWallTrimRaycast casts rays straight at every room-side wall of 10
// houses, away from its holes: at half the skirting's height the ray meets
// the wall on TrimSurface, 0.5 m up on the wall's own surface, both at the
// wall's plane (1 m away), so the trim changes colours only; and just
// beside a door's jamb, within the casing, it meets TrimSurface too.
func TestWallTrimRaycast(t *testing.T) {
	checked, casings := 0, 0
	for hi, s := range openingHouses(t, 10) {
		c := NewCaster(StructureMeshes(s))
		for _, w := range s.Walls {
			if w.Exterior {
				continue
			}
			room := Vec3{w.Normal[0], 0, w.Normal[1]}
			shoot := func(u, y float64) (Hit, bool) {
				return c.Cast(wallPoint(w, u, y).Add(room), room.Mul(-1))
			}
			away := func(u float64) bool {
				for _, h := range w.Holes {
					if u > h.U0-CasingWidth-0.05 && u < h.U1+CasingWidth+0.05 {
						return false
					}
				}
				return u > 0.1 && u < w.Length()-0.1
			}
			for k := 1; k < 8; k++ {
				u := w.Length() * float64(k) / 8
				if !away(u) {
					continue
				}
				for _, y := range []float64{SkirtingHeight / 2, 0.5} {
					hit, ok := shoot(u, y)
					if !ok || hit.ID != w.ID {
						continue // something stands in front of the wall there
					}
					if math.Abs(hit.Distance-1) > 1e-9 {
						t.Fatalf("house %d wall %s at u %.2f y %.2f: hit at %.6f m, want the wall's plane at 1 m", hi, w.ID, u, y, hit.Distance)
					}
					if trim := hit.Surface == TrimSurface; trim != (y < SkirtingHeight) {
						t.Fatalf("house %d wall %s at u %.2f y %.2f: surface %v", hi, w.ID, u, y, hit.Surface)
					}
					checked++
				}
			}
			for _, h := range w.Holes {
				if !h.Door || h.U0 < CasingWidth {
					continue
				}
				hit, ok := shoot(h.U0-CasingWidth/2, 1)
				if ok && hit.ID == w.ID {
					if hit.Surface != TrimSurface {
						t.Fatalf("house %d wall %s door %s: the casing's ray met %v", hi, w.ID, h.ID, hit.Surface)
					}
					casings++
				}
			}
		}
	}
	if checked < 200 || casings < 10 {
		t.Fatalf("only %d wall rays and %d casing rays hit their wall", checked, casings)
	}
}
