// Package planner selects informative cameras, plans answer-changing object
// motions for the eight question categories, and reads every answer from the
// realised outcome. It talks to a simulator only through the Simulator
// interface, so the in-process backend and the websocket client are
// interchangeable and must give identical datasets for the same seed.
package planner

import "flowbench/sim"

// Simulator is everything the planner may ask of a simulator. Every method
// acts on the currently loaded house; all are deterministic.
type Simulator interface {
	// LoadHouse replaces the current scene (AI2-THOR CreateHouse).
	LoadHouse(h *sim.House) error
	// ReachablePositions returns standing floor points (y = 0) on the 0.25 m
	// grid connected to the house's start pose (GetReachablePositions).
	ReachablePositions() ([]sim.Vec3, error)
	// SetCamera places the camera (TeleportFull with the eye position, yaw, horizon).
	SetCamera(cam sim.Camera) error
	// Objects returns the metadata of every object, in a fixed order.
	Objects() ([]ObjectMeta, error)
	// TeleportObject moves an object (and what rests on it) to a bounding-box
	// centre and yaw. With force=false a colliding pose fails with an error and
	// changes nothing (TeleportObject, forceAction=false).
	TeleportObject(id string, pos sim.Vec3, yaw float64, force bool) error
	// Settle drops an object under gravity onto the highest support below it.
	Settle(id string) error
	// Raycast casts the ray through pixel (u, v) of the current camera
	// (OpenCV pixel coordinates) and returns the first hit (GetCoordinateFromRaycast).
	Raycast(u, v float64) (RayHit, bool, error)
	// Render renders the current camera: RGB, planar depth and instance ids.
	Render() (*Frame, error)
}

// ObjectMeta is one object's metadata as AI2-THOR reports it.
type ObjectMeta struct {
	ID         string
	Type       string
	Position   sim.Vec3 // bounding-box centre
	Yaw        float64  // degrees
	Size       sim.Vec3 // full extents in the object's own frame
	AABB       sim.AABB // world axis-aligned bounding box
	Pickupable bool
	Moveable   bool
	Receptacle bool
	Parent     string // receptacle it rests on, "" for the floor
}

// Movable reports whether the planner may move the object.
func (o *ObjectMeta) Movable() bool { return o.Pickupable || o.Moveable }

// RayHit is the first surface a ray meets.
type RayHit struct {
	Point    sim.Vec3
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
