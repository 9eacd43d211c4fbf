package planner

import (
	"math"

	"flowbench/sim"
)

// Direction is a camera-frame cardinal slide direction (eq. 16).
type Direction int

// The four camera-frame directions.
const (
	Left Direction = iota
	Right
	Forward
	Back
)

var directionNames = [...]string{"left", "right", "forward", "back"}

// String names the direction as the question text does.
func (d Direction) String() string { return directionNames[d] }

// Delta is eq. 16: the world displacement of a slide of length m in
// direction d, using the camera's horizontal right and forward axes, so it
// never changes the height.
func Delta(cam sim.Camera, d Direction, m float64) sim.Vec3 {
	r, f := cam.GroundAxes()
	switch d {
	case Left:
		return r.Mul(-m)
	case Right:
		return r.Mul(m)
	case Forward:
		return f.Mul(m)
	}
	return f.Mul(-m)
}

// CameraComponents splits a world displacement into the camera's horizontal
// right and forward components and the vertical one.
func CameraComponents(cam sim.Camera, d sim.Vec3) (right, forward, up float64) {
	r, f := cam.GroundAxes()
	return d.Dot(r), d.Dot(f), d[1]
}

// SurfaceClearance is eq. 27: the Euclidean norm of the per-axis gaps
// between two axis-aligned boxes (0 when they touch or overlap).
func SurfaceClearance(a, b sim.AABB) float64 {
	var s float64
	for i := 0; i < 3; i++ {
		g := math.Max(0, math.Max(a.Min[i]-b.Max[i], b.Min[i]-a.Max[i]))
		s += g * g
	}
	return math.Sqrt(s)
}

// CentreDistance is eq. 39: the 3D distance between box centres.
func CentreDistance(a, b sim.Vec3) float64 { return a.Sub(b).Len() }

// horizontal returns v with y zeroed.
func horizontal(v sim.Vec3) sim.Vec3 { return sim.Vec3{v[0], 0, v[2]} }

// Structure is the static part of a house the planner may read directly:
// rooms and walls. Object state never comes from here.
type Structure struct {
	Rooms []sim.RoomShape
	Walls []sim.WallShape
	scene *sim.Scene // read-only; used for its walls only
}

// NewStructure builds the static structure of a house.
func NewStructure(h *sim.House) (*Structure, error) {
	sc, err := sim.NewScene(h)
	if err != nil {
		return nil, err
	}
	return &Structure{Rooms: sc.Rooms, Walls: sc.Walls, scene: sc}, nil
}

// RoomAt returns the room containing (x, z), or "".
func (s *Structure) RoomAt(x, z float64) string {
	for i := range s.Rooms {
		if sim.PointInPolygon(s.Rooms[i].Polygon, x, z) {
			return s.Rooms[i].ID
		}
	}
	return ""
}

// WallAxis is one of the four horizontal world axes of eq. 31.
type WallAxis int

// The four wall axes in the order of eq. 31.
const (
	NegX WallAxis = iota
	PosX
	NegZ
	PosZ
)

var wallAxisNames = [...]string{"-x", "+x", "-z", "+z"}

// String names the axis.
func (a WallAxis) String() string { return wallAxisNames[a] }

// Vec returns the axis as a unit world vector.
func (a WallAxis) Vec() sim.Vec3 {
	switch a {
	case NegX:
		return sim.Vec3{-1, 0, 0}
	case PosX:
		return sim.Vec3{1, 0, 0}
	case NegZ:
		return sim.Vec3{0, 0, -1}
	}
	return sim.Vec3{0, 0, 1}
}

// WallClearances returns the signed clearance of eq. 31 between a box and
// the walls along each axis, using sim's BoxWallClearance on the static
// structure (solid wall panels; door and window holes are open): the gap
// from the box face to the nearest wall panel ahead of it, negative when a
// wall cuts into the box, +Inf when no wall lies along that axis.
func (s *Structure) WallClearances(b sim.AABB) [4]float64 {
	c := s.scene.BoxWallClearance(b)
	return [4]float64{c.NegX, c.PosX, c.NegZ, c.PosZ}
}

// WallClearance is eq. 31: the minimum signed clearance over the four axes,
// and the axis attaining it.
func (s *Structure) WallClearance(b sim.AABB) (float64, WallAxis) {
	cl := s.WallClearances(b)
	best, ax := math.Inf(1), NegX
	for i, v := range cl {
		if v < best {
			best, ax = v, WallAxis(i)
		}
	}
	return best, ax
}
