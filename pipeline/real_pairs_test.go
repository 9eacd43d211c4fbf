package pipeline

import (
	"fmt"
	"image"
	"image/color"

	"flowbench/real"
)

// realSynthObj is a rectangular object of a synthetic Real pair: label,
// colour, box in I0, depth (metres) and pixel motion to I1.
type realSynthObj struct {
	label  string
	col    color.NRGBA
	box    image.Rectangle
	z      float64
	dx, dy int
}

// realSynthPair draws a flat-depth tabletop pair (after real's own
// synthetic test): rectangles at their depths on a grey background 2 m
// away, with consistent frames, masks, depth and exact tracks, so
// measurement sees exactly the drawn geometry.
func realSynthPair(id string, objs []realSynthObj) *real.Pair {
	const w, h = real.DefaultWidth, real.DefaultHeight
	src, _ := real.CustomSource(1, real.MarginDefault, false, true)
	p := &real.Pair{ID: id, Source: src, W: w, H: h, K: real.DefaultIntrinsics, Tracks: make([]float32, 2*w*h)}
	for t := range 2 {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		depth := make([]float32, w*h)
		owner := make([]int, w*h)
		for i := range depth {
			depth[i], owner[i] = 2, -1
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = 120, 120, 120, 255
		}
		order := make([]int, len(objs))
		for i := range order {
			order[i] = i
		}
		for a := range order { // far to near
			for b := a + 1; b < len(order); b++ {
				if objs[order[b]].z > objs[order[a]].z {
					order[a], order[b] = order[b], order[a]
				}
			}
		}
		for _, k := range order {
			o := objs[k]
			box := o.box
			if t == 1 {
				box = box.Add(image.Pt(o.dx, o.dy))
			}
			box = box.Intersect(image.Rect(0, 0, w, h))
			for y := box.Min.Y; y < box.Max.Y; y++ {
				for x := box.Min.X; x < box.Max.X; x++ {
					depth[y*w+x], owner[y*w+x] = float32(o.z), k
					img.SetNRGBA(x, y, o.col)
				}
			}
		}
		fr := real.Frame{Image: img, Depth: depth}
		for k, o := range objs {
			var pix []int32
			for i, ow := range owner {
				if ow == k {
					pix = append(pix, int32(i))
				}
			}
			if len(pix) > 0 {
				fr.Masks = append(fr.Masks, real.Mask{Label: o.label, Score: 0.9, Pix: pix})
			}
			if t == 0 {
				for _, i := range pix {
					p.Tracks[2*i], p.Tracks[2*i+1] = float32(o.dx), float32(o.dy)
				}
			}
		}
		if t == 0 {
			p.F0 = fr
		} else {
			p.F1 = fr
		}
	}
	return p
}

// realTableScene is a red cup sliding dx pixels past five landmarks
// (shifted by off pixels so pairs differ), one of them 20 cm further
// from the camera, so that every category but Occlusion can be asked.
func realTableScene(dx, off int) []realSynthObj {
	o := image.Pt(0, off)
	return []realSynthObj{
		{"cup", color.NRGBA{200, 30, 30, 255}, image.Rect(400, 250, 440, 300).Add(o), 1.0, dx, 0},
		{"bowl", color.NRGBA{30, 30, 200, 255}, image.Rect(150, 240, 210, 290).Add(o), 1.2, 0, 0}, // 20 cm behind: Depth Order
		{"apple", color.NRGBA{30, 180, 30, 255}, image.Rect(300, 330, 340, 370).Add(o), 1.0, 0, 0},
		{"banana", color.NRGBA{230, 220, 40, 255}, image.Rect(520, 240, 580, 290).Add(o), 1.0, 0, 0},
		{"can", color.NRGBA{200, 100, 200, 255}, image.Rect(260, 150, 300, 200).Add(o), 1.0, 0, 0},
		{"bottle", color.NRGBA{20, 200, 200, 255}, image.Rect(480, 360, 520, 420).Add(o), 1.0, 0, 0},
	}
}

// realTestPairs returns n synthetic pairs and one that fails to load
// (its reason names a file and field, as pairfile's errors do) and one
// whose cup never moves (measurement skips it).
func realTestPairs(n int) []RealPairRef {
	var refs []RealPairRef
	for i := range n {
		id := fmt.Sprintf("pair%02d", i)
		dx, off := -150+10*(i%4), 5*(i%5)-10
		refs = append(refs, RealPairRef{ID: id, Load: func() (*real.Pair, error) { return realSynthPair(id, realTableScene(dx, off)), nil }})
	}
	refs = append(refs, RealPairRef{ID: "zz-broken", Load: func() (*real.Pair, error) {
		return nil, fmt.Errorf("zz-broken/depth0.npy: field shape: (480, 600), want (480, 640)")
	}})
	refs = append(refs, RealPairRef{ID: "zz-still", Load: func() (*real.Pair, error) { return realSynthPair("zz-still", realTableScene(0, 0)), nil }})
	return refs
}
