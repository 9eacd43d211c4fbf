package pairfile

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	"flowbench/real"
)

// readLabels reads a 16-bit gray label PNG whose pixel values are the
// instances' ids (0: background) and returns the instances' masks in the
// order listed. Every id in the image must be listed and every listed
// instance must have pixels. The pixels are counted in one pass over the
// decoded image and placed in a second, into one backing array, so each
// Pix comes out in increasing row-major order without sorting.
func (r *pairReader) readLabels(file, field string, inst []instanceDoc) ([]real.Mask, error) {
	img, _, err := r.readImageFile(file, field, "a labels PNG", []string{kindPNG}, func(c image.Config) string {
		if c.ColorModel != color.Gray16Model {
			return "labels PNG is " + modelName(c.ColorModel) + " (want 16-bit gray)"
		}
		return ""
	})
	if err != nil {
		return nil, err
	}
	g, ok := img.(*image.Gray16)
	if !ok {
		return nil, r.dataErr(file, field, "labels PNG decodes to %T, not plain 16-bit gray (a transparency chunk?)", img)
	}
	maxID := 0
	for _, in := range inst {
		maxID = max(maxID, in.ID)
	}
	// slot[id] is 1 + the instance's position, 0 for an unlisted id.
	slot := make([]int32, maxID+1)
	for i, in := range inst {
		slot[in.ID] = int32(i + 1)
	}
	w, h := r.w, r.h
	counts := make([]int, len(inst))
	for y := 0; y < h; y++ {
		row := g.Pix[y*g.Stride : y*g.Stride+2*w]
		for x := 0; x < w; x++ {
			v := int(row[2*x])<<8 | int(row[2*x+1])
			if v == 0 {
				continue
			}
			if v > maxID || slot[v] == 0 {
				return nil, r.dataErr(file, field, "id %d at %s is not listed in instances", v, pixelXY(y*w+x, w))
			}
			counts[slot[v]-1]++
		}
	}
	total := 0
	for i, c := range counts {
		if c == 0 {
			return nil, r.dataErr(file, field, "instance id %d (%q) has no pixels", inst[i].ID, inst[i].Label)
		}
		total += c
	}
	backing := make([]int32, total)
	masks := make([]real.Mask, len(inst))
	off := 0
	for i, in := range inst {
		masks[i] = real.Mask{Label: in.Label, Score: *in.Score, TaskNoun: in.TaskNoun, Pix: backing[off : off : off+counts[i]]}
		off += counts[i]
	}
	for y := 0; y < h; y++ {
		row := g.Pix[y*g.Stride : y*g.Stride+2*w]
		for x := 0; x < w; x++ {
			if v := int(row[2*x])<<8 | int(row[2*x+1]); v != 0 {
				m := &masks[slot[v]-1]
				m.Pix = append(m.Pix, int32(y*w+x))
			}
		}
	}
	return masks, nil
}

// encodeLabels returns masks that do not overlap as a 16-bit label PNG,
// mask i having id i+1; ok is false when two masks share a pixel (or there
// are more than 65,535).
func encodeLabels(masks []real.Mask, w, h int) (b []byte, ok bool, err error) {
	if len(masks) > 0xffff {
		return nil, false, nil
	}
	g := image.NewGray16(image.Rect(0, 0, w, h))
	for i, m := range masks {
		id := uint16(i + 1)
		for _, p := range m.Pix {
			o := 2 * int(p)
			if g.Pix[o] != 0 || g.Pix[o+1] != 0 {
				return nil, false, nil
			}
			g.Pix[o], g.Pix[o+1] = byte(id>>8), byte(id)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, g); err != nil {
		return nil, false, err
	}
	return buf.Bytes(), true, nil
}
