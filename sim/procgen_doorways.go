package sim

import "math"

// doorwayRetries bounds the re-draws of a procthor house whose furniture
// closes a doorway to the agent (see GenerateWith).
const doorwayRetries = 4

// retryTag salts the random streams of a re-drawn house.
const retryTag = 0x5d0a_71e3_c2b4_9f17

// doorwaysWalkable reports whether the agent can stand in every doorway of
// the house: some reachable floor grid point lies on the door's wall line
// within its hole (the agent's ReachablePositions, as AI2-THOR's
// GetReachablePositions). A house that cannot be built is not walkable.
func doorwaysWalkable(h *House) bool {
	s, err := NewScene(h)
	if err != nil {
		return false
	}
	ps := s.ReachablePositions()
	for _, d := range h.Doors {
		var w *WallShape
		for i := range s.Walls {
			if s.Walls[i].ID == d.Wall0 {
				w = &s.Walls[i]
			}
		}
		if w == nil || len(d.HolePolygon) < 2 {
			return false
		}
		found := false
		for _, p := range ps {
			u := math.Hypot(p[0]-w.A[0], p[2]-w.A[1])
			// On the wall line: the distance to the segment is zero.
			if segmentDistance(w.A, w.B, p[0], p[2]) < 1e-9 && u >= d.HolePolygon[0].X && u <= d.HolePolygon[1].X {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
