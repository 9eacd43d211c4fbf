package pipeline

import (
	"cmp"
	"errors"
	"image"
	"slices"
	"sync"

	"flowbench/render"
)

// PNG memo. Consecutive examples of one view share their before frame: the
// unmarked I0 (image_before_raw) is the same picture, and the marked I0
// differs from it only around the marks. A PNG's bytes are a function of
// the pixels alone, band by band (render.EncodePNGBands), so the annotator
// keeps the band encodings, with their pixels, of its last few before
// images, and an image takes every band whose rows it shares with one of
// them instead of compressing it again. Comparing rows costs far less than
// compressing them.

// pngMemoSlots is how many recent images the memo keeps: the marked and
// unmarked I0 of the current view, and one spare.
const pngMemoSlots = 3

// pngMemo holds the band encodings of recent images. It is not safe for
// concurrent use.
type pngMemo struct {
	slots [pngMemoSlots]*render.PNGBands
	used  [pngMemoSlots]uint64
	tick  uint64 // use counter: the least recently used slot is replaced
	hits  int    // bands reused from the memo, for tests
}

// refs returns the remembered encodings, most recently used first.
func (m *pngMemo) refs() []*render.PNGBands {
	idx := make([]int, 0, pngMemoSlots)
	for i, s := range m.slots {
		if s != nil {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(m.used[b], m.used[a]) })
	out := make([]*render.PNGBands, len(idx))
	for k, i := range idx {
		out[k] = m.slots[i]
	}
	return out
}

// remember keeps p (encoded with its pixels) in the slot of an image with
// the same pixels, or else in the least recently used slot.
func (m *pngMemo) remember(p *render.PNGBands) {
	k := -1
	for i, s := range m.slots {
		if s != nil && s.SamePixels(p) {
			k = i
			break
		}
	}
	if k < 0 {
		k = 0
		for i := range m.slots {
			if m.used[i] < m.used[k] {
				k = i
			}
		}
	}
	m.tick++
	m.slots[k], m.used[k] = p, m.tick
}

// encodeExample encodes an example's images as PNG: the marked I0 and I1
// and, unless nil (questions only), the unmarked I0 and I1, in that order.
// Each takes the bands it shares with the remembered before images or with
// the example's images encoded before it (the unmarked I0 first, then the
// marked I0 and the unmarked I1 together, then the marked I1), and the
// before images are remembered for the next example.
func (m *pngMemo) encodeExample(marked0, marked1, raw0, raw1 *image.RGBA) (pngs [4][]byte, err error) {
	var b [4]*render.PNGBands
	var errs [4]error
	memo := m.refs()
	if raw0 != nil {
		if b[2], err = render.EncodePNGBands(raw0, true, memo...); err != nil {
			return pngs, err
		}
		m.hits += b[2].Reused()
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			b[3], errs[3] = render.EncodePNGBands(raw1, true, b[2])
		}()
		b[0], errs[0] = render.EncodePNGBands(marked0, true, append([]*render.PNGBands{b[2]}, memo...)...)
		wg.Wait()
		if err := errors.Join(errs[0], errs[3]); err != nil {
			return pngs, err
		}
		b[1], err = render.EncodePNGBands(marked1, false, b[3], b[0], b[2])
	} else {
		if b[0], err = render.EncodePNGBands(marked0, true, memo...); err != nil {
			return pngs, err
		}
		m.hits += b[0].Reused()
		b[1], err = render.EncodePNGBands(marked1, false, b[0])
	}
	if err != nil {
		return pngs, err
	}
	for i, p := range b {
		if p != nil {
			pngs[i] = p.Bytes()
		}
	}
	if b[2] != nil {
		m.remember(b[2])
	}
	m.remember(b[0])
	return pngs, nil
}
