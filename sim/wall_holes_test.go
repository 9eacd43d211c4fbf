package sim

import (
	"math"
	"testing"
)

// holeWorldZ returns the world z interval of the hole on the wall with the
// given id (walls of boxRoomHouse's shared side run along x = w).
func holeWorldZ(t *testing.T, s *Scene, id string) [2]float64 {
	t.Helper()
	for _, w := range s.Walls {
		if w.ID != id {
			continue
		}
		if len(w.Holes) != 1 {
			t.Fatalf("wall %s has %d holes, want 1", id, len(w.Holes))
		}
		h := w.Holes[0]
		dz := (w.B[1] - w.A[1]) / w.Length()
		z0, z1 := w.A[1]+h.U0*dz, w.A[1]+h.U1*dz
		return [2]float64{math.Min(z0, z1), math.Max(z0, z1)}
	}
	t.Fatalf("no wall %s", id)
	return [2]float64{}
}

func TestHolesMeasureFromWall0FirstPolygonVertex(t *testing.T) {
	const w, d = 4.0, 5.0
	door := sharedDoor(w, d, 1, 2, 0) // z in [1, 2] on the shared wall x = 4
	// Wall 1's polygon starts at (w, d) and wall 2's at (w, 0): the offsets
	// are taken along wall0 from (w, d), whatever wall1's or the id's order.
	h := boxRoomHouse(2, w, d, []Door{door})
	s := mustScene(t, h)
	for _, id := range []string{door.Wall0, door.Wall1} {
		if got := holeWorldZ(t, s, id); math.Abs(got[0]-1) > 1e-9 || math.Abs(got[1]-2) > 1e-9 {
			t.Errorf("wall %s: hole at z %v, want [1, 2]", id, got)
		}
	}
	// Reversing wall0's polygon moves the origin to (w, 0): the same numbers
	// now mean z in [3, 4] on both sides.
	for i := range h.Walls {
		if h.Walls[i].ID == door.Wall0 {
			p := h.Walls[i].Polygon
			h.Walls[i].Polygon = []XYZ{p[1], p[0], p[3], p[2]}
		}
	}
	s = mustScene(t, h)
	for _, id := range []string{door.Wall0, door.Wall1} {
		if got := holeWorldZ(t, s, id); math.Abs(got[0]-3) > 1e-9 || math.Abs(got[1]-4) > 1e-9 {
			t.Errorf("reversed wall0: wall %s: hole at z %v, want [3, 4]", id, got)
		}
	}
}

// Generated houses write holes from wall0's first polygon vertex: the hole
// of every door lies inside both of its walls, at the same world place.
func TestGeneratedDoorHolesMatchOnBothSides(t *testing.T) {
	for i := 0; i < 20; i++ {
		h, err := Generate("procthor", 5, i)
		if err != nil {
			t.Fatal(err)
		}
		s := mustScene(t, h)
		byID := map[string]WallShape{}
		for _, w := range s.Walls {
			byID[w.ID] = w
		}
		world := func(w WallShape, hid string) [2][2]float64 {
			for _, hl := range w.Holes {
				if hl.ID == hid {
					dx, dz := (w.B[0]-w.A[0])/w.Length(), (w.B[1]-w.A[1])/w.Length()
					a := [2]float64{w.A[0] + hl.U0*dx, w.A[1] + hl.U0*dz}
					b := [2]float64{w.A[0] + hl.U1*dx, w.A[1] + hl.U1*dz}
					if a[0] > b[0] || (a[0] == b[0] && a[1] > b[1]) {
						a, b = b, a
					}
					return [2][2]float64{a, b}
				}
			}
			t.Fatalf("house %d: wall %s lacks hole %s", i, w.ID, hid)
			return [2][2]float64{}
		}
		for _, d := range h.Doors {
			a, b := world(byID[d.Wall0], d.ID), world(byID[d.Wall1], d.ID)
			for k := 0; k < 2; k++ {
				for j := 0; j < 2; j++ {
					if math.Abs(a[k][j]-b[k][j]) > 1e-9 {
						t.Fatalf("house %d door %s: wall0 hole %v, wall1 hole %v", i, d.ID, a, b)
					}
				}
			}
		}
	}
}
