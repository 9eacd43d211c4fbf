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

// LabelRenderer is implemented by simulators that can render the current
// camera's depth and instance ids without RGB (Frame.RGB nil), which is all
// that camera scoring and outcome measurements read. The labels must be
// exactly those Render returns. The planner uses it when present, and reads
// each frame before the next call, which may reuse the frame's arrays.
type LabelRenderer interface {
	RenderLabels() (*Frame, error)
}

// renderLabels renders depth and ids, through LabelRenderer when s has it.
func renderLabels(s Simulator) (*Frame, error) {
	if lr, ok := s.(LabelRenderer); ok {
		return lr.RenderLabels()
	}
	return s.Render()
}

// ObjectMeta is one object's metadata as AI2-THOR reports it. The
// observation types live in sim so that simulator backends below the planner
// (the websocket client in thor) can implement Simulator without importing it.
type ObjectMeta = sim.ObjectMeta

// RayHit is the first surface a ray meets.
type RayHit = sim.RayHit

// Frame is one rendered view: RGB, planar depth and instance ids.
type Frame = sim.Frame
