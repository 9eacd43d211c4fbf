package render

import "flowbench/sim"

// CoverBound bounds, without drawing the objects, how many pixels of the
// labels of a frame from cam show any object: the pixel centres that
// MaskBounds lets some object win (inside its projected box, widened by a
// pixel, and not behind a nearer structure surface), each counted once. A
// frame's pixels showing structure or nothing are therefore at least
// cam.Width·cam.Height minus the bound. An object reaching the near plane
// may cover every pixel. The structure pass is MaskBounds', kept for the
// next call from the same view. Objects i with skip[i] set (skip in
// scene object order; nil or short: none) are left out: the bound is then
// one of the pixels showing any other object.
func (r *Renderer) CoverBound(cam sim.Camera, skip []bool) (int, error) {
	v, _, err := r.structureView(cam)
	if err != nil {
		return 0, err
	}
	structure := r.nObj < len(r.inst)
	r.cover = grow(r.cover, v.w*v.h)
	clear(r.cover)
	n := 0
	for i := 0; i < r.nObj; i++ {
		if i < len(skip) && skip[i] {
			continue
		}
		box := r.inst[i].box
		if cullMesh(&v, box) {
			continue
		}
		x0, y0, x1, y1, wmax, ok := v.boxPixels(box)
		if !ok {
			return v.w * v.h, nil // reaches the near plane
		}
		x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, v.w-1), min(y1, v.h-1)
		limit := wmax * (1 + occMargin)
		for y := y0; y <= y1; y++ {
			row, cov := r.occW[y*v.w:], r.cover[y*v.w:]
			for x := x0; x <= x1; x++ {
				if !cov[x] && (!structure || !(row[x] > limit)) {
					cov[x] = true
					n++
				}
			}
		}
	}
	return n, nil
}
