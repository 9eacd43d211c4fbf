package render

import "flowbench/sim"

// MaskBounds bounds, without drawing the objects, how many pixels each
// object's mask can have in the labels of a frame from cam: out[i] (one per
// scene object, in scene order; out is resized and returned) is at least
// min(capAt, the object's pixel count in RenderLabelsInto(cam)). Only the
// structure is drawn (the occlusion pass of occlusion.go, kept for a frame
// from the same view): an object can win only the pixel centres inside its
// projected box (widened by a pixel) where no structure surface is
// nearer than the box's nearest corner; counting stops at capAt. An object
// outside the view frustum has none; one reaching the near plane is bounded
// by capAt.
func (r *Renderer) MaskBounds(cam sim.Camera, capAt int, out []int) ([]int, error) {
	v, tw, err := r.structureView(cam)
	if err != nil {
		return out, err
	}
	out = grow(out, r.nObj)
	for i := range out {
		out[i] = r.maskBound(&v, i, tw, capAt, r.nObj < len(r.inst))
	}
	return out, nil
}

// noMesh stands for the objects in the draw list of MaskBounds' structure
// pass: no triangles, so set-up culls it.
var noMesh meshEntry

// maskBound is MaskBounds for object instance i (index), with the
// structure's inverse depth in r.occW and its per-tile minimum in r.occMin
// when structure is set. The object's box at its pose (instance.box) holds
// every level of detail of its mesh.
func (r *Renderer) maskBound(v *view, i, tw, capAt int, structure bool) int {
	box := r.inst[i].box
	if cullMesh(v, box) {
		return 0
	}
	x0, y0, x1, y1, wmax, ok := v.boxPixels(box)
	if !ok {
		return capAt // reaches the near plane
	}
	x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, v.w-1), min(y1, v.h-1)
	if x0 > x1 || y0 > y1 {
		return 0
	}
	if !structure {
		return min(capAt, (x1-x0+1)*(y1-y0+1))
	}
	limit := wmax * (1 + occMargin)
	n := 0
	for ty := y0 / occTile; ty <= y1/occTile; ty++ {
		for tx := x0 / occTile; tx <= x1/occTile; tx++ {
			if r.occMin[ty*tw+tx] > limit {
				continue // the structure hides the whole tile
			}
			for y := max(y0, ty*occTile); y <= min(y1, ty*occTile+occTile-1); y++ {
				row := r.occW[y*v.w:]
				for x := max(x0, tx*occTile); x <= min(x1, tx*occTile+occTile-1); x++ {
					if !(row[x] > limit) {
						if n++; n >= capAt {
							return n
						}
					}
				}
			}
		}
	}
	return n
}

// structureView validates cam, updates the scene and returns cam's view
// with the structure pass drawn (the structure meshes alone; the objects
// need no level of detail, the next frame chooses its own), kept for a
// frame from the same view, and the view's width in occlusion tiles.
func (r *Renderer) structureView(cam sim.Camera) (view, int, error) {
	if err := cam.Validate(); err != nil {
		return view{}, 0, err
	}
	if err := r.Update(); err != nil {
		return view{}, 0, err
	}
	v := newView(cam, 1, r.opts.Near)
	tw := (v.w + occTile - 1) / occTile
	if r.nObj < len(r.inst) && !r.structureKept(&v) {
		for i := range r.inst {
			if i < r.nObj {
				r.dl.mesh[i] = &noMesh
			} else {
				r.dl.mesh[i] = r.entry(i, 0)
			}
		}
		r.drawStructure(&v, tw)
	}
	return v, tw, nil
}
