package sim

import "image"

// The observation types a simulator backend reports to the planner (see
// planner.Simulator): object metadata, ray hits and rendered frames. They
// live here, at the bottom of the dependency graph, so that every backend
// (the in-process one in planner, the websocket client in thor) can produce
// them.

// ObjectMeta is one object's metadata as AI2-THOR reports it.
type ObjectMeta struct {
	ID         string
	Type       string
	Position   Vec3    // bounding-box centre
	Yaw        float64 // degrees
	Size       Vec3    // full extents in the object's own frame
	AABB       AABB    // world axis-aligned bounding box
	Pickupable bool
	Moveable   bool
	Receptacle bool
	Parent     string // receptacle it rests on, "" for the floor
}

// Movable reports whether the object may be moved (pickupable or moveable).
func (o *ObjectMeta) Movable() bool { return o.Pickupable || o.Moveable }

// OBB returns the oriented box the metadata describes (as Object.OBB).
func (o *ObjectMeta) OBB() OBB {
	x, z := YawAxes(o.Yaw)
	return OBB{Center: o.Position, Half: o.Size.Mul(0.5), AxisX: x, AxisZ: z}
}

// HoldsBottom reports whether receptacle r can hold an object whose bottom
// lies at height bottom: r's box reaches that height within SupportContact
// (its top, or a lowered surface inside it).
func (r *ObjectMeta) HoldsBottom(bottom float64) bool {
	return r.Receptacle && r.AABB.Min[1] <= bottom+SupportContact && r.AABB.Max[1] >= bottom-SupportContact
}

// RayHit is the first surface a ray meets.
type RayHit struct {
	Point    Vec3
	ID       string  // objectId or structure id
	Distance float64 // along the ray, metres
	Depth    float64 // planar depth, metres
}

// Frame is one rendered view.
type Frame struct {
	W, H    int
	RGB     []uint8   // W*H*3, row-major from the top-left pixel
	Depth   []float32 // W*H planar depth in metres, 0 where nothing is hit
	IDs     []uint16  // W*H instance ids, 0 = none
	IDTable []string  // IDTable[id] is the objectId or structure id; IDTable[0] = ""
}

// InstanceOf returns the instance id of an objectId in this frame, or 0.
func (f *Frame) InstanceOf(objectID string) uint16 {
	for i, s := range f.IDTable {
		if i > 0 && s == objectID {
			return uint16(i)
		}
	}
	return 0
}

// RGBImage returns the frame's RGB as an opaque image (nil RGB gives a
// black one).
func (f *Frame) RGBImage() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, f.W, f.H))
	f.CopyRGB(img)
	return img
}

// CopyRGB writes the frame's RGB into dst, which must be W×H, with alpha
// 255.
func (f *Frame) CopyRGB(dst *image.RGBA) {
	for i, j := 0, 0; i+2 < len(f.RGB) && j+3 < len(dst.Pix); i, j = i+3, j+4 {
		dst.Pix[j], dst.Pix[j+1], dst.Pix[j+2], dst.Pix[j+3] = f.RGB[i], f.RGB[i+1], f.RGB[i+2], 255
	}
}
