package tableplane

import (
	"errors"
	"fmt"
	"math"
)

// Pose is the board's pose in the camera frame (x right, y down, z away
// from the camera, metres): its x and y axes and normal as unit vectors
// and its origin. A board position (x, y) lies at Origin + x·X + y·Y.
type Pose struct {
	X, Y, N, Origin [3]float64
}

// ErrNoPose is returned when a homography does not decompose into a board
// pose in front of the camera.
var ErrNoPose = errors.New("tableplane: no board pose")

// Pose decomposes H = λ K [r₁ r₂ t] (Zhang's plane-based calibration) with
// the intrinsics fx, fy, cx, cy: r₁ and r₂ are the board axes in the
// camera frame and t its origin, the sign chosen so that the board lies
// in front of the camera. With intrinsics that are only approximately the
// camera's (B.1 assumes f = 610 for every source but DROID), r₁ and r₂ come
// out of unit length and orthogonal only approximately; they are made
// orthonormal symmetrically (each turned by the same angle), so that the
// pose is a rigid motion: distances between placed objects are exactly
// their board distances, which H alone fixes, and only the board's
// orientation and distance depend on the intrinsics.
func (p *Plane) Pose(fx, fy, cx, cy float64) (Pose, error) {
	if !(fx > 0) || !(fy > 0) || !finite(fx) || !finite(fy) || !finite(cx) || !finite(cy) {
		return Pose{}, fmt.Errorf("%w: intrinsics fx %v fy %v cx %v cy %v", ErrNoPose, fx, fy, cx, cy)
	}
	h := p.H
	col := func(j int) [3]float64 { // K⁻¹ h_j
		u, v, w := h[j], h[3+j], h[6+j]
		return [3]float64{(u - cx*w) / fx, (v - cy*w) / fy, w}
	}
	b1, b2, b3 := col(0), col(1), col(2)
	n1, n2 := norm(b1), norm(b2)
	if !(n1 > 0) || !(n2 > 0) || !finite(n1) || !finite(n2) {
		return Pose{}, fmt.Errorf("%w: degenerate homography", ErrNoPose)
	}
	lambda := 2 / (n1 + n2)
	if b3[2] < 0 {
		lambda = -lambda // the board in front of the camera: t_z > 0
	}
	var q Pose
	a, b := scale(b1, math.Copysign(1, lambda)/n1), scale(b2, math.Copysign(1, lambda)/n2)
	s, d := add(a, b), sub(a, b)
	ns, nd := norm(s), norm(d)
	if !(ns > 0) || !(nd > 0) {
		return Pose{}, fmt.Errorf("%w: board axes are parallel", ErrNoPose)
	}
	s, d = scale(s, 1/ns), scale(d, 1/nd)
	q.X = scale(add(s, d), 1/math.Sqrt2)
	q.Y = scale(sub(s, d), 1/math.Sqrt2)
	q.N = cross(q.X, q.Y)
	q.Origin = scale(b3, lambda)
	if !(q.Origin[2] > 0) {
		return Pose{}, fmt.Errorf("%w: the board origin is not in front of the camera", ErrNoPose)
	}
	return q, nil
}

// Camera returns board position (x, y) in the camera frame.
func (q Pose) Camera(x, y float64) [3]float64 {
	return add(q.Origin, add(scale(q.X, x), scale(q.Y, y)))
}

func norm(a [3]float64) float64 { return math.Sqrt(dot(a, a)) }

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func scale(a [3]float64, s float64) [3]float64 { return [3]float64{a[0] * s, a[1] * s, a[2] * s} }

func add(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

func sub(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
