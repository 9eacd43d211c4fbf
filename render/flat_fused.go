package render

import "encoding/binary"

// Fused flat colours. With flat lighting and no anti-aliasing a pixel's
// colour depends only on the triangle at its centre (its mesh's per-triangle
// Lambert colour, or the outdoors where nothing is hit), so the raster pass
// writes it with the labels, in the same sweep over the band's triangle
// indices, and the shading pass skips the band. The colours are those
// colorRow writes.

// fuseFlatOK reports whether this frame's colours may be written by the
// raster pass: RGB wanted, drawn (not adopted, not incremental), flat
// lighting, no anti-aliasing, no supersampling.
func (r *Renderer) fuseFlatOK(skipRGB, adopt, inc bool) bool {
	o := &r.opts
	return !skipRGB && !adopt && !inc && o.Lighting == LightFlat && o.AntiAlias == AAOff && o.Supersample <= 1
}

// labelFlatRow writes row y's labels (as labelRow) and its flat colours,
// given the row's triangle indices tr, and adds its runs to st. It repeats
// labelRow's loop rather than sharing it: one loop with a colour flag made
// labels-only frames 12 % slower (BenchmarkFlatHouse/labels, 1 worker,
// median of 5 interleaved runs: 6.70 against 5.99 CPU ms per frame).
func (r *Renderer) labelFlatRow(y int, tr []int32, st []ObjectStats) {
	f := r.frame
	v := &r.v
	W := v.w
	fy := float64(y)
	row := y * W
	depth := f.Depth[row : row+W]
	ids := f.IDs[row : row+W]
	cls := f.ClassIDs[row : row+W]
	pix := f.RGB.Pix[y*f.RGB.Stride : y*f.RGB.Stride+4*W]
	runStart, runInst := 0, uint16(0)
	last := int32(-1)
	var s *triSetup
	var inst uint16
	var class uint8
	var col uint32
	for x := 0; x < W; x++ {
		t := tr[x]
		if t < 0 {
			depth[x], ids[x], cls[x] = 0, 0, 0
			c := r.backgroundColor(v, float64(x), fy)
			binary.LittleEndian.PutUint32(pix[4*x:], uint32(c[0])|uint32(c[1])<<8|uint32(c[2])<<16|255<<24)
			if runInst != 0 {
				addRun(&st[runInst], runStart, x, y)
				runStart, runInst = x, 0
			}
			continue
		}
		if t != last {
			s = &r.setups[t]
			inst = s.inst
			class = r.classes[inst]
			c := r.dl.mesh[inst-1].color[s.local]
			col = uint32(c[0]) | uint32(c[1])<<8 | uint32(c[2])<<16 | 255<<24
			last = t
		}
		w := s.wa*float64(x) + (s.wb*fy + s.wc)
		depth[x] = float32(1 / w)
		ids[x] = inst
		cls[x] = class
		binary.LittleEndian.PutUint32(pix[4*x:], col)
		if inst != runInst {
			addRun(&st[runInst], runStart, x, y)
			runStart, runInst = x, inst
		}
	}
	addRun(&st[runInst], runStart, W, y)
}
