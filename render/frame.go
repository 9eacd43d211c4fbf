package render

import (
	"image"

	"flowbench/sim"
)

// Frame is one rendered view. Per-pixel slices are row-major, index v*Width+u.
type Frame struct {
	Width, Height int
	Camera        sim.Camera

	// RGB is the shaded colour image (alpha is always 255).
	RGB *image.RGBA
	// Depth is the planar z in metres of the surface at each pixel centre,
	// 0 where nothing is hit.
	Depth []float32
	// IDs is the instance id per pixel: 0 = nothing, else an index into IDTable.
	IDs []uint16
	// ClassIDs is the class per pixel: 0 = nothing, 1 + index of the object's
	// type in the catalog's sorted type list, or ClassFloor, ClassWall, ClassCeiling.
	ClassIDs []uint8
	// IDTable maps instance ids to id strings: IDTable[0] = "", then the
	// scene's objects in scene order, then the structure meshes ("floor|<room>",
	// "ceiling|<room>", wall ids). It is shared with the Renderer and must not
	// be modified.
	IDTable []string
	// Stats holds the visible-mask statistics of every instance id
	// (Stats[0] describes the empty pixels).
	Stats []ObjectStats

	index map[string]uint16
}

// ObjectStats describes the visible mask of one instance in a frame.
type ObjectStats struct {
	// Pixels is the number of visible pixels.
	Pixels int
	// Min and Max are the inclusive pixel bounds of the mask; meaningless when Pixels is 0.
	Min, Max image.Point
	// Centroid is the mean (u, v) of the mask's pixel centres.
	Centroid [2]float64

	sumU, sumV int64
}

// Box returns the mask's bounding rectangle (Max exclusive), empty when the
// instance is not visible.
func (s ObjectStats) Box() image.Rectangle {
	if s.Pixels == 0 {
		return image.Rectangle{}
	}
	return image.Rect(s.Min.X, s.Min.Y, s.Max.X+1, s.Max.Y+1)
}

// NewFrame allocates a frame of the given size (RenderInto fills it).
func NewFrame(width, height int) *Frame {
	f := &Frame{}
	f.resize(width, height, true)
	return f
}

// resize makes the per-pixel buffers fit width×height, reusing them when
// possible. Without rgb (label-only renders) a nil RGB image stays nil.
func (f *Frame) resize(width, height int, rgb bool) {
	n := width * height
	f.Width, f.Height = width, height
	if (rgb || f.RGB != nil) && (f.RGB == nil || f.RGB.Rect.Dx() != width || f.RGB.Rect.Dy() != height) {
		f.RGB = image.NewRGBA(image.Rect(0, 0, width, height))
	}
	f.Depth, f.IDs, f.ClassIDs = grow(f.Depth, n), grow(f.IDs, n), grow(f.ClassIDs, n)
}

// Instance returns the instance id of an id string (object id or structure
// mesh id); ok is false when the frame's table does not hold it.
func (f *Frame) Instance(id string) (inst uint16, ok bool) {
	if f.index != nil {
		inst, ok = f.index[id]
		return inst, ok
	}
	for i, s := range f.IDTable {
		if i > 0 && s == id {
			return uint16(i), true
		}
	}
	return 0, false
}

// ObjectStats returns the statistics of an id string; ok is false when the id is unknown.
func (f *Frame) ObjectStats(id string) (ObjectStats, bool) {
	inst, ok := f.Instance(id)
	if !ok || int(inst) >= len(f.Stats) {
		return ObjectStats{}, false
	}
	return f.Stats[inst], true
}
