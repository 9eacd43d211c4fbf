package export

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"

	"flowbench/planner"
	"flowbench/sim"
)

// synthPNG draws a w×h picture with the structure of a flat-shaded render:
// a few axis-aligned boxes of solid colour over a vertical gradient, with
// mild shading noise.
func synthPNG(rng *rand.Rand, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	type box struct {
		x0, y0, x1, y1 int
		c              color.RGBA
	}
	var boxes []box
	for range 12 {
		x0, y0 := rng.IntN(w), rng.IntN(h)
		boxes = append(boxes, box{x0, y0, x0 + 20 + rng.IntN(w/3), y0 + 20 + rng.IntN(h/3),
			color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}})
	}
	for y := range h {
		for x := range w {
			shade := uint8(120 + 100*y/h)
			c := color.RGBA{shade, shade - 10, shade - 30, 255}
			for _, b := range boxes {
				if x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1 {
					c = b.c
					f := 0.85 + 0.15*float64(x-b.x0)/float64(b.x1-b.x0)
					c.R, c.G, c.B = uint8(float64(c.R)*f), uint8(float64(c.G)*f), uint8(float64(c.B)*f)
				}
			}
			if rng.IntN(8) == 0 {
				c.R++
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// synthFrame returns a frame with the structure of a render: planar depth
// of a floor (1/z linear in the row), two oblique walls and boxes whose
// faces are planes (1/z linear in column and row), and blocky instance ids.
func synthFrame(rng *rand.Rand, w, h int) *planner.Frame {
	f := &planner.Frame{W: w, H: h, Depth: make([]float32, w*h), IDs: make([]uint16, w*h), RGB: make([]uint8, 3*w*h)}
	f.IDTable = []string{"", "floor|0", "wall|0|1", "wall|0|2"}
	type box struct {
		x0, y0, x1, y1 int
		a, b, c        float64 // 1/z = a + b·x + c·y over the box
		id             uint16
	}
	var boxes []box
	for k := range 10 {
		x0, y0 := rng.IntN(w), rng.IntN(h)
		boxes = append(boxes, box{x0, y0, x0 + 10 + rng.IntN(w/4), y0 + 10 + rng.IntN(h/4),
			1 / (1 + 4*rng.Float64()), (rng.Float64() - 0.5) * 0.2 / float64(w), (rng.Float64() - 0.5) * 0.2 / float64(h), uint16(4 + k)})
		f.IDTable = append(f.IDTable, fmt.Sprintf("Obj%d|+1.00|+0.00|-2.%02d", k, rng.IntN(100)))
	}
	split := w/3 + rng.IntN(w/3)
	for y := range h {
		for x := range w {
			i := y*w + x
			fx, fy := float64(x), float64(y)
			var inv float64
			switch {
			case y > h/2: // floor: depth depends on the row only
				inv = 0.05 + 1.2*(fy-float64(h/2))/float64(h)
				f.IDs[i] = 1
			case x < split: // left wall, receding
				inv = 0.3 + 0.25*fx/float64(w) - 0.05*fy/float64(h)
				f.IDs[i] = 2
			default: // right wall
				inv = 0.45 - 0.2*(fx-float64(split))/float64(w) + 0.03*fy/float64(h)
				f.IDs[i] = 3
			}
			for _, b := range boxes {
				if x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1 {
					inv = b.a + b.b*fx + b.c*fy
					f.IDs[i] = b.id
				}
			}
			f.Depth[i] = float32(1 / inv)
		}
	}
	return f
}

// synthRows returns a matching question and annotation row of w×h images.
func synthRows(rng *rand.Rand, k, w, h int) (QuestionRow, AnnotationRow) {
	cat := planner.Category(k % int(planner.NumCategories))
	ex := &planner.Example{
		ID: fmt.Sprintf("house_%03d/v%d/%s", k/8, k%3, cat), Split: "train", HouseID: fmt.Sprintf("house_%03d", k/8),
		SceneStyle: "procthor", ViewID: k % 3, Category: cat, CategoryName: cat.String(),
		MotionText: "Move the red-dot chair 1.0 m to the left.", Question: "After the motion, is the lamp (blue dot) hidden? A. yes B. no",
		Answer: "B", StaticQuestion: "Is the lamp hidden? A. yes B. no", StaticAnswer: "B", BeforeAnswer: "A", Changed: true,
		Reasoning:       "The chair no longer covers the lamp: cover rate 0.02 < 0.5.",
		Mover:           planner.ObjectRef{ObjectID: "Chair|+1.0|0|2", ObjectType: "Chair", DotColor: "red"},
		Camera:          sim.NewCamera(sim.Vec3{1.25, sim.CameraHeight, -0.5 + float64(k)}, 90, 30),
		RequestedMotion: sim.Vec3{-1, 0, 0}, RealisedMotion: sim.Vec3{-0.98, 0, 0.01 * float64(k)},
		Metrics: map[string]any{"cover_before": 0.81, "cover_after": 0.02, "threshold": 0.5},
	}
	ex.Camera.Width, ex.Camera.Height = w, h
	for i := range cat.NumChoices() {
		ex.Choices = append(ex.Choices, fmt.Sprintf("choice %c", 'A'+i))
		ex.Referenced = append(ex.Referenced, planner.ObjectRef{ObjectID: fmt.Sprintf("Obj%d", i), ObjectType: "Lamp", DotColor: "blue"})
	}
	if cat == planner.ClosestThree {
		ex.Answer = "ACE"
	}
	q, err := NewQuestionRow(ex, synthPNG(rng, w, h), synthPNG(rng, w, h))
	if err != nil {
		panic(err)
	}
	before, after := synthFrame(rng, w, h), synthFrame(rng, w, h)
	n := w * h
	fl := Flow{Forward: make([]float32, 2*n), Backward: make([]float32, 2*n), Valid: make([]uint8, n), Change: make([]uint8, n)}
	// The mover is every box with an even id: its flow is the image motion
	// of a 0.3 m sideways translation at its depth, f·Δx/z (f = w/2 at 90°).
	fpx := float32(w) / 2
	for i := range n {
		x := i % w
		if id := before.IDs[i]; id > 3 && id%2 == 0 {
			dx := -0.3 * fpx / before.Depth[i]
			fl.Forward[2*i], fl.Forward[2*i+1] = dx, 0.02*dx
			fl.Change[i] = 1
			if tx := float32(x) + dx; tx >= 0 && tx < float32(w) {
				fl.Valid[i] = 1
			}
		} else {
			fl.Valid[i] = 1
		}
		if id := after.IDs[i]; id > 3 && id%2 == 0 {
			dx := 0.3 * fpx / after.Depth[i]
			fl.Backward[2*i], fl.Backward[2*i+1] = dx, 0.02*dx
			fl.Change[i] = 1
		}
	}
	objs := []planner.ObjectMeta{
		{ID: "Chair|+1.0|0|2", Type: "Chair", Position: sim.Vec3{1, 0.45, 2}, Yaw: 90, Size: sim.Vec3{0.5, 0.9, 0.5},
			AABB: sim.AABB{Min: sim.Vec3{0.75, 0, 1.75}, Max: sim.Vec3{1.25, 0.9, 2.25}}, Moveable: true},
		{ID: "Lamp|2|0|3", Type: "FloorLamp", Position: sim.Vec3{2, 0.8, 3}, Size: sim.Vec3{0.3, 1.6, 0.3}, Pickupable: true, Parent: "Table|1"},
	}
	// objects_after holds the objects whose pose changed: the chair, moved
	// by the realised motion.
	objsAfter := []planner.ObjectMeta{objs[0]}
	objsAfter[0].Position = objsAfter[0].Position.Add(ex.RealisedMotion)
	objsAfter[0].AABB = sim.AABB{Min: objs[0].AABB.Min.Add(ex.RealisedMotion), Max: objs[0].AABB.Max.Add(ex.RealisedMotion)}
	out := &planner.Outcome{Before: before, After: after, ObjectsBefore: objs, ObjectsAfter: objsAfter}
	a, err := NewAnnotationRow(q.ID, out, synthPNG(rng, w, h), synthPNG(rng, w, h), fl)
	if err != nil {
		panic(err)
	}
	return q, a
}
