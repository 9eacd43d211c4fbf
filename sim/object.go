package sim

import "math"

// Object is the runtime state of one placed object.
type Object struct {
	ID         string  // AI2-THOR objectId, e.g. "Mug|surface|2|4"
	Type       string  // objectType, e.g. "Mug"
	AssetID    string  // asset id, e.g. "Mug_1"
	Position   Vec3    // centre of the bounding box, world frame
	Yaw        float64 // rotation about +y in degrees (clockwise seen from above)
	Size       Vec3    // full extents in the object's own frame (x width, y height, z depth)
	Pickupable bool
	Moveable   bool
	Receptacle bool
	Kinematic  bool   // does not fall under gravity on its own
	Parent     string // objectId of the receptacle it rests on; "" for the floor
	Color      RGB    // base colour
	Material   string // material name, informative
	Shape      ShapeKind
	Model      *Model // real mesh drawn and ray-cast instead of Shape; nil for primitives
}

// Movable reports whether the planner may move the object (pickupable or moveable).
func (o *Object) Movable() bool { return o.Pickupable || o.Moveable }

// Axes returns the object's local x (right) and z (front) unit axes in the world frame.
func (o *Object) Axes() (x, z Vec3) { return YawAxes(o.Yaw) }

// YawAxes returns the world directions of local +x and +z for a yaw in degrees.
// Yaw 0 keeps them at world +x and +z; yaw 90 turns +z to world +x.
func YawAxes(yawDeg float64) (x, z Vec3) {
	s, c := math.Sincos(yawDeg * math.Pi / 180)
	return Vec3{c, 0, -s}, Vec3{s, 0, c}
}

// OBB is an oriented bounding box turned about the vertical axis only.
type OBB struct {
	Center Vec3
	Half   Vec3 // half extents along local x, y, z
	AxisX  Vec3 // world direction of local +x (horizontal)
	AxisZ  Vec3 // world direction of local +z (horizontal)
}

// OBB returns the object's oriented bounding box.
func (o *Object) OBB() OBB {
	x, z := o.Axes()
	return OBB{Center: o.Position, Half: o.Size.Mul(0.5), AxisX: x, AxisZ: z}
}

// Corners returns the 8 corners of the box: bit 0 of the index selects +x,
// bit 1 +y and bit 2 +z.
func (b OBB) Corners() [8]Vec3 {
	var c [8]Vec3
	for i := range c {
		sx, sy, sz := -1.0, -1.0, -1.0
		if i&1 != 0 {
			sx = 1
		}
		if i&2 != 0 {
			sy = 1
		}
		if i&4 != 0 {
			sz = 1
		}
		c[i] = b.Center.Add(b.AxisX.Mul(sx * b.Half[0])).Add(Vec3{0, sy * b.Half[1], 0}).Add(b.AxisZ.Mul(sz * b.Half[2]))
	}
	return c
}

// AABB returns the world axis-aligned box enclosing the OBB.
func (b OBB) AABB() AABB {
	ex := math.Abs(b.AxisX[0])*b.Half[0] + math.Abs(b.AxisZ[0])*b.Half[2]
	ez := math.Abs(b.AxisX[2])*b.Half[0] + math.Abs(b.AxisZ[2])*b.Half[2]
	e := Vec3{ex, b.Half[1], ez}
	return AABB{Min: b.Center.Sub(e), Max: b.Center.Add(e)}
}

// AABB returns the object's world axis-aligned bounding box.
func (o *Object) AABB() AABB { return o.OBB().AABB() }

// Corners returns the 8 corners of the object's oriented box.
func (o *Object) Corners() [8]Vec3 { return o.OBB().Corners() }

// AABB is an axis-aligned box.
type AABB struct {
	Min, Max Vec3
}

// Center returns the box centre.
func (a AABB) Center() Vec3 { return a.Min.Add(a.Max).Mul(0.5) }

// Size returns the box extents.
func (a AABB) Size() Vec3 { return a.Max.Sub(a.Min) }

// Corners returns the 8 corners with the same bit order as OBB.Corners.
func (a AABB) Corners() [8]Vec3 {
	var c [8]Vec3
	for i := range c {
		c[i] = a.Min
		if i&1 != 0 {
			c[i][0] = a.Max[0]
		}
		if i&2 != 0 {
			c[i][1] = a.Max[1]
		}
		if i&4 != 0 {
			c[i][2] = a.Max[2]
		}
	}
	return c
}

// Overlaps reports whether two boxes intersect with positive volume.
func (a AABB) Overlaps(b AABB) bool {
	return a.Min[0] < b.Max[0] && b.Min[0] < a.Max[0] &&
		a.Min[1] < b.Max[1] && b.Min[1] < a.Max[1] &&
		a.Min[2] < b.Max[2] && b.Min[2] < a.Max[2]
}

// Translate returns the box moved by d.
func (a AABB) Translate(d Vec3) AABB { return AABB{a.Min.Add(d), a.Max.Add(d)} }
