package render

import "flowbench/sim"

// Shadow maps of the previous scene state. In a generated example objects
// move for the "after" frame and come back for the next example's "before"
// frame, so each light keeps, besides its faces, the faces of the state
// before its last rebuild, and takes them back when the scene returns to
// that state instead of drawing them again. Shadow maps are a function of
// the objects' poses alone, so the frames are the same either way.

// shadowAlt is a light's faces for another scene state.
type shadowAlt struct {
	depth [len(cubeAxes)][]float32
	key   []poseKey // the objects' poses the faces were drawn for
	boxes []sim.AABB
	ok    bool
}

// poseKeys returns the objects' current poses (the state shadow maps depend
// on), reusing dst's storage.
func (r *Renderer) poseKeys(dst []poseKey) []poseKey {
	dst = dst[:0]
	for i := 0; i < r.nObj; i++ {
		dst = append(dst, r.inst[i].key)
	}
	return dst
}

// restoreShadows swaps in L's other faces when they were drawn for the
// current poses, keeping the current ones as the other state; it reports
// whether it did (L is then valid).
func (r *Renderer) restoreShadows(L *roomLight) bool {
	a := &L.alt
	if !a.ok || !L.complete || len(a.key) != r.nObj {
		return false
	}
	for i, k := range a.key {
		if r.inst[i].key != k {
			return false
		}
	}
	for fi := range L.faces {
		L.faces[fi].depth, a.depth[fi] = a.depth[fi], L.faces[fi].depth
		L.faces[fi].valid = true
	}
	L.key, a.key = a.key, L.key
	L.boxes, a.boxes = a.boxes, L.boxes
	L.valid = true
	r.shadowRestores++
	return true
}

// saveShadows copies L's faces, when all were drawn for one state, as its
// other state, before they are redrawn for the current poses.
func (r *Renderer) saveShadows(L *roomLight) {
	a := &L.alt
	if !L.complete {
		a.ok = false
		return
	}
	for fi := range L.faces {
		a.depth[fi] = append(a.depth[fi][:0], L.faces[fi].depth...)
	}
	a.key = append(a.key[:0], L.key...)
	a.boxes = append(a.boxes[:0], L.boxes...)
	a.ok = true
}
