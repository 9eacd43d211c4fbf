package sim

import (
	"fmt"
	"math"
)

// Camera defaults shared by the simulator and the renderer.
const (
	DefaultFOV    = 90.0  // vertical field of view in degrees
	DefaultSize   = 800   // image width and height in pixels
	CameraHeight  = 1.576 // eye height of AI2-THOR's standing agent, metres
	GridSize      = 0.25  // navigation grid step, metres
	AgentRadius   = 0.2   // agent radius for reachability, metres
	MaxHorizonUp  = -30.0 // AI2-THOR's camera horizon limits
	MaxHorizonDwn = 60.0
	// MaxPitch bounds a camera's horizon either way (degrees): Validate
	// accepts [-MaxPitch, MaxPitch], short of straight up or down, where
	// the yaw would be lost.
	MaxPitch = 89.9
)

// Camera is a pinhole camera in the Unity world frame. Yaw turns it about +y
// (degrees, 0 looks along +z, 90 along +x); Horizon pitches it (degrees,
// positive looks down). FOV is the vertical field of view in degrees.
type Camera struct {
	Position Vec3
	Yaw      float64
	Horizon  float64
	FOV      float64
	Width    int
	Height   int
}

// NewCamera returns a camera with the default FOV and image size.
func NewCamera(pos Vec3, yaw, horizon float64) Camera {
	return Camera{Position: pos, Yaw: yaw, Horizon: horizon, FOV: DefaultFOV, Width: DefaultSize, Height: DefaultSize}
}

// Validate reports a camera that cannot form an image.
func (c Camera) Validate() error {
	switch {
	case c.Width <= 0 || c.Height <= 0:
		return fmt.Errorf("camera: image size %dx%d must be positive", c.Width, c.Height)
	case !(c.FOV > 0 && c.FOV < 180):
		return fmt.Errorf("camera: field of view %g° must be in (0, 180)", c.FOV)
	case !finite3(c.Position) || math.IsNaN(c.Yaw) || math.IsInf(c.Yaw, 0) || math.IsNaN(c.Horizon) || math.IsInf(c.Horizon, 0):
		return fmt.Errorf("camera: pose %v yaw %g horizon %g is not finite", c.Position, c.Yaw, c.Horizon)
	case c.Horizon < -MaxPitch || c.Horizon > MaxPitch:
		return fmt.Errorf("camera: horizon %g° must be within [-%g, %g]", c.Horizon, MaxPitch, MaxPitch)
	}
	return nil
}

func finite3(v Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Basis returns the camera's right, down and forward unit vectors in the world
// frame: the OpenCV camera axes x, y and z.
func (c Camera) Basis() (right, down, forward Vec3) {
	sy, cy := math.Sincos(c.Yaw * math.Pi / 180)
	sh, ch := math.Sincos(c.Horizon * math.Pi / 180)
	right = Vec3{cy, 0, -sy}
	forward = Vec3{sy * ch, -sh, cy * ch}
	up := Vec3{sy * sh, ch, cy * sh}
	return right, up.Mul(-1), forward
}

// GroundAxes returns the camera's right and forward unit vectors projected
// onto the horizontal plane (used for camera-frame translations).
func (c Camera) GroundAxes() (right, forward Vec3) { return YawAxes(c.Yaw) }

// Focal returns the focal length in pixels (square pixels, fx = fy).
func (c Camera) Focal() float64 {
	return 0.5 * float64(c.Height) / math.Tan(c.FOV*math.Pi/360)
}

// Principal returns the principal point in OpenCV pixel coordinates, where
// the centre of pixel (i, j) is at (i, j); for an 800×800 image it is (399.5, 399.5).
func (c Camera) Principal() (cx, cy float64) {
	return 0.5 * float64(c.Width-1), 0.5 * float64(c.Height-1)
}

// K returns the OpenCV intrinsic matrix [[f,0,cx],[0,f,cy],[0,0,1]] row-major.
func (c Camera) K() [3][3]float64 {
	f := c.Focal()
	cx, cy := c.Principal()
	return [3][3]float64{{f, 0, cx}, {0, f, cy}, {0, 0, 1}}
}

// WorldToCamera returns the 4×4 matrix (row-major) taking homogeneous Unity
// world points to OpenCV camera coordinates (x right, y down, z forward).
func (c Camera) WorldToCamera() [4][4]float64 {
	r, d, f := c.Basis()
	p := c.Position
	return [4][4]float64{
		{r[0], r[1], r[2], -r.Dot(p)},
		{d[0], d[1], d[2], -d.Dot(p)},
		{f[0], f[1], f[2], -f.Dot(p)},
		{0, 0, 0, 1},
	}
}

// ToCamera maps a world point to OpenCV camera coordinates.
func (c Camera) ToCamera(p Vec3) Vec3 {
	r, d, f := c.Basis()
	q := p.Sub(c.Position)
	return Vec3{q.Dot(r), q.Dot(d), q.Dot(f)}
}

// Project maps a world point to pixel coordinates (u right, v down, OpenCV
// convention) and its planar depth z. ok is false behind the camera.
func (c Camera) Project(p Vec3) (u, v, z float64, ok bool) {
	q := c.ToCamera(p)
	if q[2] <= 1e-9 {
		return 0, 0, q[2], false
	}
	fl := c.Focal()
	cx, cy := c.Principal()
	return cx + fl*q[0]/q[2], cy + fl*q[1]/q[2], q[2], true
}

// Ray returns the world origin and unit direction of the ray through pixel
// coordinates (u, v); the centre of pixel (i, j) is (i, j).
func (c Camera) Ray(u, v float64) (origin, dir Vec3) {
	r, d, f := c.Basis()
	fl := c.Focal()
	cx, cy := c.Principal()
	dir = f.Add(r.Mul((u - cx) / fl)).Add(d.Mul((v - cy) / fl))
	return c.Position, dir.Normalize()
}

// RayCamera returns the (unnormalised) world direction for pixel (u, v) whose
// forward component is exactly 1, so that the ray parameter equals planar depth.
func (c Camera) RayCamera(u, v float64) Vec3 {
	r, d, f := c.Basis()
	fl := c.Focal()
	cx, cy := c.Principal()
	return f.Add(r.Mul((u - cx) / fl)).Add(d.Mul((v - cy) / fl))
}

// ViewportToPixel converts AI2-THOR viewport fractions (x right, y = 0 at the
// top, both in [0,1]) to OpenCV pixel coordinates.
func (c Camera) ViewportToPixel(x, y float64) (u, v float64) {
	return x*float64(c.Width) - 0.5, y*float64(c.Height) - 0.5
}
