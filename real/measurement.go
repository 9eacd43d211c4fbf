package real

import (
	"image"
	"math"
)

// Role is what measurement made of an object.
type Role string

// Roles of matched objects (B.2).
const (
	RoleMover    Role = "mover"
	RoleMover2   Role = "second_mover" // another mover, described like the first
	RoleLandmark Role = "landmark"     // marked, non-moving
	RoleStatic   Role = "static"       // non-moving, not marked
	RoleMoving   Role = "moving"       // moved, neither mover nor landmark
)

// Object is one object matched across the two frames, with its measured
// geometry (eq. 48, 52).
type Object struct {
	// Label is the class label; Generic reports a generic fallback label.
	Label   string `json:"label"`
	Generic bool   `json:"generic"`
	// Mask0, Mask1 index the pair's frame-0 and frame-1 masks (Mask1 is
	// -1 when the object was not found in I1).
	Mask0 int `json:"mask0"`
	Mask1 int `json:"mask1"`
	// U0, V0, U1, V1 are the median pixels of the masks; Z0, Z1 the
	// median depths after dividing by g, metres.
	U0 float64 `json:"u0"`
	V0 float64 `json:"v0"`
	U1 float64 `json:"u1"`
	V1 float64 `json:"v1"`
	Z0 float64 `json:"z0"`
	Z1 float64 `json:"z1"`
	// X0, X1 are the 3D positions of eq. 48 in the camera frame of I0.
	X0 Vec3 `json:"x0"`
	X1 Vec3 `json:"x1"`
	// Box0, Box1 are the masks' bounding boxes (Max exclusive).
	Box0 image.Rectangle `json:"box0"`
	Box1 image.Rectangle `json:"box1"`
	// Area0, Area1 are the masks' pixel counts.
	Area0 int `json:"area0"`
	Area1 int `json:"area1"`
	// R0, R1 are the effective radii of eq. 52, metres.
	R0 float64 `json:"r0"`
	R1 float64 `json:"r1"`
	// ArmCover1 is the share of the object's before-frame mask that the
	// arm covers in I1 (B.4); Held1 the share of its after-frame mask
	// inside the 25-px-dilated arm mask (B.2's held mover).
	ArmCover1 float64 `json:"arm_cover1"`
	Held1     float64 `json:"held1"`
	// Role is what measurement made of the object; Mark its mark number
	// (1-based, shuffled per pair), 0 when unmarked.
	Role Role `json:"role"`
	Mark int  `json:"mark"`
	// MarkX, MarkY are where the object's mark sits in I0: the pixel of
	// its before-frame mask nearest the median pixel.
	MarkX float64 `json:"mark_x"`
	MarkY float64 `json:"mark_y"`
}

// Delta returns the object's displacement X1 − X0.
func (o *Object) Delta() Vec3 { return o.X1.Sub(o.X0) }

// Measurement is what Measure found in a pair: the matched objects, the
// mover, the marked landmarks and the scale reference.
type Measurement struct {
	PairID  string   `json:"pair_id"`
	Source  string   `json:"source"`
	Objects []Object `json:"objects"`
	// Mover indexes Objects; Mover2 is a second mover described in the
	// move text, -1 when none.
	Mover  int `json:"mover"`
	Mover2 int `json:"mover2"`
	// Landmarks are the marked landmarks in mark order (indices into
	// Objects), at most MaxLandmarks.
	Landmarks []int `json:"landmarks"`
	// Ref is the scale reference (an index into Objects, -1 when none)
	// and RefCm its stated size (B.4).
	Ref   int     `json:"ref"`
	RefCm float64 `json:"ref_cm"`
	// TrackMedian is v̄, the median track displacement over the mover's
	// before-frame mask, pixels (eq. 49).
	TrackMedian [2]float64 `json:"track_median"`
	// SizeChecks are the pair's objects of standard size with their
	// implied extents (eq. 50), for the run's size report.
	SizeChecks []SizeCheck `json:"size_checks,omitempty"`
	// SceneExtent is the frame's width at the mover's depth, W·z_A/f_x,
	// metres (B.5: no threshold above 85 % of it).
	SceneExtent float64 `json:"scene_extent"`
}

// Sub returns a − b.
func (a Vec3) Sub(b Vec3) Vec3 { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Add returns a + b.
func (a Vec3) Add(b Vec3) Vec3 { return Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Len returns the Euclidean length.
func (a Vec3) Len() float64 { return math.Sqrt(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]) }

// Skip is why a pair yields no question: the stage and a reason naming
// the file or rule.
type Skip struct {
	PairID string `json:"pair_id"`
	Stage  string `json:"stage"` // read, measure, scale, questions, filter
	Reason string `json:"reason"`
}

// Error implements error.
func (s *Skip) Error() string { return s.PairID + ": " + s.Stage + ": " + s.Reason }
