package simsource

import (
	"math"
	"math/rand/v2"

	"flowbench/sim"
)

// The move (issue 50, item 8): 5–30 cm on the surface, collision-free and
// supported, a pure translation.
const (
	minMove, maxMove = 0.05, 0.30
	// moveTries is how many target draws a move gets.
	moveTries = 40
	// maxDrop is how far Settle may lower a moved object and still count it
	// as resting where it was put, metres.
	maxDrop = 0.002
	// secondMoverShare is the share of pairs with a second mover.
	secondMoverShare = 0.2
	// viewMargin keeps a moved object's centre this many pixels inside the
	// image.
	viewMargin = 40.0
)

// moveObject translates object id by 5–30 cm in a random direction on the
// surface: the target box must lie on the top (where a dressed surface's
// drawn top carries it), clear every other object by
// clearance and pass the simulator's teleport check, and Settle must leave
// it on the surface where it was put. It returns false, with the scene
// unchanged, when no draw works.
func moveObject(r *rand.Rand, t *tabletop, cam sim.Camera, id string) bool {
	s := t.scene
	o := s.Object(id)
	start := o.Position
	for try := 0; try < moveTries; try++ {
		ang, l := uniform(r, 0, 2*math.Pi), uniform(r, minMove, maxMove)
		pos := start.Add(sim.Vec3{l * math.Cos(ang), 0, l * math.Sin(ang)})
		x, z := o.Axes()
		b := sim.OBB{Center: pos, Half: o.Size.Mul(0.5), AxisX: x, AxisZ: z}
		if !onTop(t.surface, b) || !t.support.holds(b) {
			continue
		}
		if u, v, _, ok := cam.Project(pos); !ok || u < viewMargin || v < viewMargin ||
			u > float64(cam.Width)-viewMargin || v > float64(cam.Height)-viewMargin {
			continue
		}
		if _, hit := s.CheckBox(inflate(b), id); hit {
			continue
		}
		if s.CheckPlacement(id, pos, o.Yaw) != nil {
			continue
		}
		if err := s.TeleportObject(id, pos, o.Yaw, false); err != nil {
			continue
		}
		dropped, err := s.Settle(id)
		if err == nil && math.Abs(dropped) <= maxDrop && o.Parent == t.surface.ID {
			return true
		}
		s.TeleportObject(id, start, o.Yaw, true)
		if s.Object(id).Parent != t.surface.ID {
			s.Settle(id)
		}
	}
	return false
}
