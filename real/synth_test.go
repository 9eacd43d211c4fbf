package real

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// synthObj is a rectangular object of a synthetic pair: its label, colour,
// box in I0 (pixels), depth (metres) and pixel motion to I1.
type synthObj struct {
	label  string
	col    color.NRGBA
	box    image.Rectangle
	z      float64
	dx, dy int
}

// synthPair draws a flat-depth scene with rectangular objects at their own
// depths on a grey background 2 m away; the frames, masks, depth and exact
// tracks are consistent, so measurement sees exactly the drawn geometry.
func synthPair(id string, objs []synthObj) *Pair {
	const w, h = DefaultWidth, DefaultHeight
	src, _ := CustomSource(1, MarginDefault, false, true)
	p := &Pair{ID: id, Source: src, W: w, H: h, K: DefaultIntrinsics, Tracks: make([]float32, 2*w*h)}
	for t := range 2 {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		depth := make([]float32, w*h)
		owner := make([]int, w*h)
		for i := range depth {
			depth[i] = 2
			owner[i] = -1
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = 120, 120, 120, 255
		}
		// Draw far to near so nearer objects occlude.
		order := make([]int, len(objs))
		for i := range order {
			order[i] = i
		}
		for a := range order {
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
					i := y*w + x
					depth[i] = float32(o.z)
					owner[i] = k
					img.SetNRGBA(x, y, o.col)
				}
			}
		}
		fr := Frame{Image: img, Depth: depth}
		for k, o := range objs {
			var pix []int32
			for i, ow := range owner {
				if ow == k {
					pix = append(pix, int32(i))
				}
			}
			if len(pix) > 0 {
				fr.Masks = append(fr.Masks, Mask{Label: o.label, Score: 0.9, Pix: pix})
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

// tableScene is a mover (a red cup) that slides left past five landmarks.
func tableScene(dx int) []synthObj {
	return []synthObj{
		{"cup", color.NRGBA{200, 30, 30, 255}, image.Rect(400, 250, 440, 300), 1.0, dx, 0},
		{"bowl", color.NRGBA{30, 30, 200, 255}, image.Rect(150, 240, 210, 290), 1.0, 0, 0},
		{"apple", color.NRGBA{30, 180, 30, 255}, image.Rect(300, 330, 340, 370), 1.0, 0, 0},
		{"banana", color.NRGBA{230, 220, 40, 255}, image.Rect(520, 240, 580, 290), 1.0, 0, 0},
		{"can", color.NRGBA{200, 100, 200, 255}, image.Rect(260, 150, 300, 200), 1.0, 0, 0},
		{"bottle", color.NRGBA{20, 200, 200, 255}, image.Rect(480, 360, 520, 420), 1.0, 0, 0},
	}
}

func TestProcessSyntheticSlide(t *testing.T) {
	p := synthPair("slide", tableScene(-150))
	m, qs, skip := Process(p, Options{Seed: 1})
	if skip != nil {
		t.Fatalf("skip: %v", skip)
	}
	a := m.Objects[m.Mover]
	if a.Label != "cup" {
		t.Fatalf("mover %q, want cup", a.Label)
	}
	// eq. 48 at z = 1: 150 px at f = 610 is 24.6 cm.
	if d := a.Delta(); math.Abs(d[0]+150.0/610) > 1e-9 || math.Abs(d[1]) > 1e-9 || math.Abs(d[2]) > 1e-9 {
		t.Fatalf("delta %v", d)
	}
	if len(m.Landmarks) != 5 {
		t.Fatalf("%d landmarks, want 5", len(m.Landmarks))
	}
	if len(qs) == 0 {
		t.Fatal("no questions")
	}
	for _, q := range qs {
		t.Logf("%s %s ans=%s before=%s changed=%v\n%s\n%s", q.ID, q.Rule, q.Answer, q.BeforeAnswer, q.Changed, q.MotionText, q.Question)
	}
}

// TestMotionText checks the move text of the synthetic slide: whole
// centimetres, the imperative, and the scale reference.
func TestMotionText(t *testing.T) {
	p := synthPair("slide", tableScene(-150))
	m, qs, skip := Process(p, Options{Seed: 1})
	if skip != nil {
		t.Fatal(skip)
	}
	want := "Imagine moving the cup (mark 6) 25 cm to the left, as seen from the camera. For scale, the bottle (mark 2) measures about 10 cm at its largest."
	if qs[0].MotionText != want {
		t.Errorf("move text %q, want %q", qs[0].MotionText, want)
	}
	if a := m.Objects[m.Mover]; a.Mark != 6 {
		t.Errorf("mover mark %d", a.Mark)
	}
}
