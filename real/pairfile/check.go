package pairfile

import (
	"fmt"
	"image"

	"flowbench/real"
)

// checkPair refuses an in-memory pair that Read would refuse once
// written, naming the file Write would write and the field. Files are
// named as Write names them.
func checkPair(p *real.Pair) error {
	fail := func(file, field, format string, args ...any) error {
		return &Error{Pair: p.ID, File: file, Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	if why := checkID(p.ID); why != "" {
		return fail(PairJSON, "id", "%s", why)
	}
	if p.W < MinSize || p.W > MaxSize || p.H < MinSize || p.H > MaxSize {
		return fail(PairJSON, "width, height", "%d×%d (want %d..%d each)", p.W, p.H, MinSize, MaxSize)
	}
	if len(p.Task) > MaxTaskBytes {
		return fail(PairJSON, "task", "%d bytes (at most %d)", len(p.Task), MaxTaskBytes)
	}
	k := p.K
	for _, f := range []struct {
		name string
		v    float64
		ok   bool
	}{{"fx", k.Fx, k.Fx > 0 && k.Fx <= MaxFocal}, {"fy", k.Fy, k.Fy > 0 && k.Fy <= MaxFocal},
		{"cx", k.Cx, k.Cx >= 0 && k.Cx <= float64(p.W)}, {"cy", k.Cy, k.Cy >= 0 && k.Cy <= float64(p.H)}} {
		if !f.ok {
			return fail(PairJSON, "intrinsics."+f.name, "%g is out of range", f.v)
		}
	}
	n := p.W * p.H
	for i, fr := range []*real.Frame{&p.F0, &p.F1} {
		field := fmt.Sprintf("frames[%d]", i)
		if fr.Encoded == nil {
			if fr.Image == nil {
				return fail(frameName(i, ".png"), field+".image", "no image (Image and Encoded are both nil)")
			}
			if b := fr.Image.Bounds(); b != image.Rect(0, 0, p.W, p.H) {
				return fail(frameName(i, ".png"), field+".image", "image spans %v (want %d×%d at the origin)", b, p.W, p.H)
			}
		}
		if err := checkMasks(fr.Masks, p.W, p.H); err != "" {
			return fail(fmt.Sprintf("masks%d", i), field+".masks", "%s", err)
		}
		if len(fr.Depth) != n {
			return fail(fmt.Sprintf("depth%d.npy", i), field+".depth", "%d values (want W×H = %d)", len(fr.Depth), n)
		}
		if j, why := checkDepth(fr.Depth); why != "" {
			return fail(fmt.Sprintf("depth%d.npy", i), field+".depth", "depth at %s is %s (every depth must be finite and > 0)", pixelXY(j, p.W), why)
		}
		if fr.Arm != nil && len(fr.Arm) != n {
			return fail(fmt.Sprintf("arm%d.png", i), field+".arm", "%d values (want W×H = %d)", len(fr.Arm), n)
		}
	}
	for _, v := range []struct {
		file string
		data []float32
		lost bool
	}{{"tracks.npy", p.Tracks, true}, {"flow.npy", p.Flow, false}} {
		if v.data == nil && !v.lost {
			continue
		}
		if len(v.data) != 2*n {
			return fail(v.file, v.file[:len(v.file)-4], "%d values (want W×H×2 = %d)", len(v.data), 2*n)
		}
		if j, why := checkVectors(v.data, v.lost); why != "" {
			return fail(v.file, v.file[:len(v.file)-4], "%s at %s", why, pixelXY(j, p.W))
		}
	}
	return nil
}

// checkMasks checks a frame's masks as Read would: at least one, at most
// MaxInstances, each with a label, a score in [0, 1] and pixels in
// increasing order inside the frame.
func checkMasks(masks []real.Mask, w, h int) string {
	if len(masks) == 0 {
		return "no masks (a frame needs at least one mask)"
	}
	if len(masks) > MaxInstances {
		return fmt.Sprintf("%d masks (at most %d)", len(masks), MaxInstances)
	}
	for i, m := range masks {
		score := m.Score
		if why := checkMaskInfo(m.Label, &score); why != "" {
			return fmt.Sprintf("mask %d: %s", i, why)
		}
		if len(m.Pix) == 0 {
			return fmt.Sprintf("mask %d (%q) has no pixels", i, m.Label)
		}
		prev := int32(-1)
		for _, q := range m.Pix {
			if q <= prev || int(q) >= w*h {
				return fmt.Sprintf("mask %d (%q): pixel index %d after %d (want increasing indices in 0..%d)", i, m.Label, q, prev, w*h-1)
			}
			prev = q
		}
	}
	return ""
}

// frameName is the file name of frame i with the given extension.
func frameName(i int, ext string) string { return fmt.Sprintf("frame%d%s", i, ext) }
