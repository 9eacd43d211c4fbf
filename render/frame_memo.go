package render

import "flowbench/sim"

// Frame memo. A generated example renders its camera's "before" frame, then
// the "after" frame with some objects moved, then puts the objects back; the
// next example of the same view renders the same "before" frame again. A
// frame (RGB, depth, ids, classes, stats) is a function of the camera and
// of the objects' poses alone (the renderer's options are fixed, and the
// levels of detail, set-ups, shadow maps and culling all follow from those),
// so the renderer keeps the outputs of its last memoSlots RGB frames and
// copies them back when the camera and every object's pose key are those of
// one of them, instead of drawing the frame again. Label-only frames are
// not memoised (the label cache serves them); Options.NoFrameCache turns the
// memo off.

// memoSlots is how many recent RGB frames the memo keeps: the "before" and
// the "after" frame of one example.
const memoSlots = 2

// frameMemo holds the outputs of recent RGB frames.
type frameMemo struct {
	slots [memoSlots]memoSlot
	tick  uint64 // use counter: the least recently used slot is replaced
	hits  int    // frames recalled, for tests
	off   bool   // tests of the other caches turn the memo off
}

// memoSlot is one memoised frame and what it was drawn from.
type memoSlot struct {
	ok    bool
	used  uint64
	cam   sim.Camera
	keys  []poseKey // per object, its pose when the frame was drawn
	boxes []sim.AABB
	rgb   []uint8
	depth []float32
	ids   []uint16
	cls   []uint8
	stats []ObjectStats
}

// reset forgets every memoised frame (the scene's object list changed).
func (m *frameMemo) reset() {
	for i := range m.slots {
		m.slots[i].ok = false
	}
}

// memoMatches reports whether slot s was drawn from camera cam with the objects
// at the renderer's current pose keys.
func (r *Renderer) memoMatches(s *memoSlot, cam sim.Camera) bool {
	if !s.ok || s.cam != cam || len(s.keys) != r.nObj {
		return false
	}
	for i, k := range s.keys {
		if r.inst[i].key != k {
			return false
		}
	}
	return true
}

// recall copies a memoised frame for cam at the current poses into f and
// reports whether there was one. f's RGB image must already have the
// camera's size.
func (r *Renderer) recall(cam sim.Camera, f *Frame) bool {
	m := &r.memo
	if m.off {
		return false
	}
	for i := range m.slots {
		s := &m.slots[i]
		if !r.memoMatches(s, cam) {
			continue
		}
		m.tick++
		m.hits++
		s.used = m.tick
		W := 4 * f.Width
		for y := 0; y < f.Height; y++ {
			copy(f.RGB.Pix[y*f.RGB.Stride:y*f.RGB.Stride+W], s.rgb[y*W:(y+1)*W])
		}
		copy(f.Depth, s.depth)
		copy(f.IDs, s.ids)
		copy(f.ClassIDs, s.cls)
		f.Stats = append(f.Stats[:0], s.stats...)
		return true
	}
	return false
}

// remember stores the RGB frame f, just drawn from cam at the current poses,
// in the least recently used slot.
func (r *Renderer) remember(cam sim.Camera, f *Frame) {
	m := &r.memo
	if m.off {
		return
	}
	s := &m.slots[0]
	for i := range m.slots {
		if m.slots[i].used < s.used {
			s = &m.slots[i]
		}
	}
	m.tick++
	s.ok, s.used, s.cam = true, m.tick, cam
	s.keys = r.poseKeys(s.keys)
	s.boxes = r.poseBoxes(s.boxes)
	r.memoLast = 1 + slotIndex(m, s)
	W := 4 * f.Width
	s.rgb = grow(s.rgb, W*f.Height)
	for y := 0; y < f.Height; y++ {
		copy(s.rgb[y*W:(y+1)*W], f.RGB.Pix[y*f.RGB.Stride:y*f.RGB.Stride+W])
	}
	s.depth = append(s.depth[:0], f.Depth...)
	s.ids = append(s.ids[:0], f.IDs...)
	s.cls = append(s.cls[:0], f.ClassIDs...)
	s.stats = append(s.stats[:0], f.Stats...)
}

// slotIndex returns the index of slot s in m.
func slotIndex(m *frameMemo, s *memoSlot) int {
	for i := range m.slots {
		if &m.slots[i] == s {
			return i
		}
	}
	return -1
}
