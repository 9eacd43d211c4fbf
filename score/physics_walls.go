package score

import (
	"math"

	"flowbench/export"
)

// PhysicsWall is one wall face of a house as the physics audit needs it: a
// segment in xz from A to B, its height, and its door and window holes in
// wall coordinates (U along the wall from A, Y up from the floor).
type PhysicsWall struct {
	ID     string
	A, B   [2]float64
	Height float64
	Holes  []PhysicsHole
}

// PhysicsHole is a door or window opening of a wall.
type PhysicsHole struct {
	ID     string
	U0, U1 float64
	Y0, Y1 float64
}

// PhysicsWallReach is how far, in metres, a wall-mounted object may stand
// off a wall and still hang on it.
const PhysicsWallReach = 0.05

// wallFindings checks one state's objects against a house's walls: boxes
// cut into a wall by more than PhysicsOverlapTol where their footprint
// crosses the wall's line outside its holes ("in_wall", the amount the
// depth; a table reaching through a doorway meets no wall), and wall-mounted objects hanging on a
// wall across a hole ("over_hole", the amount the overlap along the wall).
func wallFindings(boxes []pbox, objs []export.ObjectRow, walls []PhysicsWall) []PhysicsFinding {
	var out []PhysicsFinding
	for i := range boxes {
		b := &boxes[i]
		for _, w := range walls {
			dx, dz := w.B[0]-w.A[0], w.B[1]-w.A[1]
			l := math.Hypot(dx, dz)
			if l == 0 {
				continue
			}
			ux, uz := dx/l, dz/l
			e0, e1, d0, d1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
			for _, p := range b.fp {
				rx, rz := p[0]-w.A[0], p[1]-w.A[1]
				e, d := rx*ux+rz*uz, -rx*uz+rz*ux
				e0, e1, d0, d1 = math.Min(e0, e), math.Max(e1, e), math.Min(d0, d), math.Max(d1, d)
			}
			along := math.Min(e1, l) - math.Max(e0, 0)
			if along <= PhysicsOverlapTol || math.Min(b.y1, w.Height)-math.Max(b.y0, 0) <= PhysicsOverlapTol {
				continue
			}
			if WallMountedTypes[objs[i].ObjectType] && math.Min(math.Abs(d0), math.Abs(d1)) <= PhysicsWallReach {
				for _, h := range w.Holes {
					if ov := math.Min(e1, h.U1) - math.Max(e0, h.U0); ov > PhysicsOverlapTol && math.Min(b.y1, h.Y1)-math.Max(b.y0, h.Y0) > PhysicsOverlapTol {
						out = append(out, PhysicsFinding{Kind: "over_hole", Object: objs[i].ObjectID, Other: w.ID + " " + h.ID, Amount: ov})
						break
					}
				}
			}
			depth := math.Min(d1, -d0)
			if depth <= PhysicsOverlapTol {
				continue
			}
			// Where the footprint crosses the wall's line: through a door or
			// window opening it meets no wall.
			c0, c1 := math.Inf(1), math.Inf(-1)
			for k := range b.fp {
				p, q := b.fp[k], b.fp[(k+1)%len(b.fp)]
				ep, dp := (p[0]-w.A[0])*ux+(p[1]-w.A[1])*uz, -(p[0]-w.A[0])*uz+(p[1]-w.A[1])*ux
				eq, dq := (q[0]-w.A[0])*ux+(q[1]-w.A[1])*uz, -(q[0]-w.A[0])*uz+(q[1]-w.A[1])*ux
				if (dp < 0) != (dq < 0) {
					e := ep + (eq-ep)*dp/(dp-dq)
					c0, c1 = math.Min(c0, e), math.Max(c1, e)
				}
			}
			c0, c1 = math.Max(c0, 0), math.Min(c1, l)
			inHole := c1-c0 <= PhysicsOverlapTol
			for _, h := range w.Holes {
				if c0 >= h.U0-PhysicsOverlapTol && c1 <= h.U1+PhysicsOverlapTol && b.y0 >= h.Y0-PhysicsOverlapTol && b.y1 <= h.Y1+PhysicsOverlapTol {
					inHole = true
				}
			}
			if !inHole {
				out = append(out, PhysicsFinding{Kind: "in_wall", Object: objs[i].ObjectID, Other: w.ID, Amount: depth})
			}
		}
	}
	return out
}
