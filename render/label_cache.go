package render

import "slices"

// Label cache. The planner renders one view's labels many times while it
// tries one object's motions, and an example's "after" frame is its
// "before" frame with a few objects moved: between two such frames only the
// moved objects' meshes differ. The set-ups of the other meshes are left as
// they are (same view, same mesh, same place in the set-up array). A band's
// labels (depth, ids, classes, stats) and its visible triangles are a
// function of the view and of the triangles its bin lists, in order, so a
// band that no changed mesh touches, in the cached frame or in this one,
// keeps its cached labels and is not rasterised again; in the other bands
// only the columns of the changed meshes' bounding boxes are.
//
// A frame with RGB also needs the visible triangle of every pixel (r.tbuf)
// for shading, so it keeps bands only while r.tbuf holds the cached frame's
// triangles at every pixel under the same set-up indices (labelCache.tbufOK,
// and every mesh's set-ups at the same place): a label-only frame whose
// set-up array moved (a mesh culled or drawn at another level of detail)
// leaves the kept bands' triangle indices stale.

// labelCache holds the last rasterised frame's labels and what they were
// drawn from.
type labelCache struct {
	ok       bool // the labels and band ranges are the last frame's
	tbufOK   bool // r.tbuf holds the last frame's visible triangles at every pixel
	nextOK   bool // tbufOK for the frame being drawn (markDirty → keepLabels)
	setupsOK bool // the set-up array holds the last frame's main view set-ups
	view     view
	ent      []*meshEntry // per instance: the mesh drawn,
	gen      []uint64     // its version,
	start    []int        // its first set-up,
	b0       []int32      // the bands its set-up triangles touched (b0 > b1: none),
	b1       []int32
	x0       []int32 // and the columns of their bounding boxes
	x1       []int32
	// setups is the first element of the set-up array the frame used: the
	// set-ups of unchanged meshes are still there when it is reused.
	setups *triSetup
	depth  []float32
	ids    []uint16
	cls    []uint8
}

// markDirty decides which bands of this frame (r.v, r.dl, the triangle
// bands r.tb0/r.tb1 that binAll recorded) must be rasterised: all of them
// unless useCache and the cache holds the same view (and, for a frame with
// RGB, the same triangles in r.tbuf under the same set-up indices);
// otherwise those that a mesh changed since the cached frame touches now or
// touched then, in the column spans those meshes' set-ups cover (r.lspans,
// shade_spans.go).
func (r *Renderer) markDirty(useCache, labelOnly bool, nb int) {
	r.dirty = grow(r.dirty, nb)
	c := &r.lc
	same := slices.Equal(c.start, r.dl.start)
	if !useCache || !c.ok || c.view != r.v || len(c.ent) != len(r.dl.mesh) || (!labelOnly && !(c.tbufOK && same)) {
		for b := range r.dirty {
			r.dirty[b] = true
		}
		c.nextOK = true
		r.lspansOn = false
		return
	}
	r.lspans = resetSpans(r.lspans, nb)
	r.markChangedSpans(r.lspans)
	for b := range r.dirty {
		r.dirty[b] = len(r.lspans[b]) > 0
	}
	r.lspansOn = true
	c.nextOK = c.tbufOK && same
}

// markSpan adds columns [x0, x1] to the spans of bands b0..b1.
func markSpan(dirty []bool, dx0, dx1 []int32, b0, b1, x0, x1 int32, nb int) {
	for b := max(b0, 0); b <= min(b1, int32(nb-1)); b++ {
		if !dirty[b] {
			dirty[b], dx0[b], dx1[b] = true, x0, x1
		}
		dx0[b], dx1[b] = min(dx0[b], x0), max(dx1[b], x1)
	}
}

// keepLabels records what this frame drew from; its labels are the cache
// only when useCache.
func (r *Renderer) keepLabels(useCache bool) {
	c := &r.lc
	c.ok = useCache
	c.tbufOK = useCache && c.nextOK
	c.setupsOK = true
	n := len(r.dl.mesh)
	c.view = r.v
	c.ent, c.gen = grow(c.ent, n), grow(c.gen, n)
	c.b0, c.b1 = grow(c.b0, n), grow(c.b1, n)
	for i, e := range r.dl.mesh {
		c.ent[i], c.gen[i] = e, e.gen
	}
	c.start = append(c.start[:0], r.dl.start...)
	copy(c.b0, r.tb0)
	copy(c.b1, r.tb1)
	c.x0, c.x1 = append(c.x0[:0], r.tx0...), append(c.x1[:0], r.tx1...)
	c.setups = nil
	if len(r.setups) > 0 {
		c.setups = &r.setups[0]
	}
}

// unchanged reports whether draw-list mesh i is the cached frame's, posed
// the same, with the same set-up range.
func (c *labelCache) unchanged(dl *drawList, i int) bool {
	e := dl.mesh[i]
	return e == c.ent[i] && e.gen == c.gen[i] && dl.start[i] == c.start[i] && dl.start[i+1] == c.start[i+1]
}

// setupsKept reports whether setupAll may leave the set-ups of unchanged
// meshes in setups as they are: in the main set-up of a frame (r.keepSetups)
// from the last frame's view, with the same set-up array, not overwritten
// since (supersampling reuses it).
func (r *Renderer) setupsKept(setups []triSetup, dl *drawList) bool {
	c := &r.lc
	return r.keepSetups && c.setupsOK && c.view == r.v && len(setups) > 0 && &setups[0] == c.setups &&
		len(c.ent) == len(dl.mesh) && len(c.start) == len(dl.start)
}

// cacheBand copies band b's labels, rows [y0, y1), between the frame and the
// cache: into the cache when it was rasterised, out of it when it was kept.
func (r *Renderer) cacheBand(b, y0, y1 int) {
	c := &r.lc
	f := r.frame
	lo, hi := y0*f.Width, y1*f.Width
	if r.dirty[b] {
		copy(c.depth[lo:hi], f.Depth[lo:hi])
		copy(c.ids[lo:hi], f.IDs[lo:hi])
		copy(c.cls[lo:hi], f.ClassIDs[lo:hi])
		return
	}
	copy(f.Depth[lo:hi], c.depth[lo:hi])
	copy(f.IDs[lo:hi], c.ids[lo:hi])
	copy(f.ClassIDs[lo:hi], c.cls[lo:hi])
}
