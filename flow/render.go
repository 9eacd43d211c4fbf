package flow

import "flowbench/render"

// FromRender returns the flow view of a rendered frame. It shares the frame's
// slices: depth, instance ids and the id table (whose entries are objectIds
// for objects and structure ids for floors, ceilings and walls).
func FromRender(f *render.Frame) Frame {
	return Frame{W: f.Width, H: f.Height, Depth: f.Depth, IDs: f.IDs, Objects: f.IDTable}
}
