package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sync"

	"flowbench/export"
	"flowbench/flow"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// The planner runs without RGB and without keeping frames (that keeps a
// house's 80 outcomes from holding 160 frames in memory). Each example is
// then annotated on its own: the before and after states are re-rendered
// from the example's camera with a renderer of our own, exact flow and masks
// are computed from the two renders, Set-of-Marks dots are drawn on both
// images with the colours the question text names, and the four images are
// PNG-encoded. The re-render is exact: the after state is the before state
// with every moved object set to its recorded after pose.

// annotator re-renders and annotates the examples of one house. It is not
// safe for concurrent use.
type annotator struct {
	scene    *sim.Scene
	renderer *render.Renderer
	flow     flow.Computer
	f0, f1   render.Frame
	noAnn    bool // questions only: no flow, no raw images
}

// newAnnotator builds the scene and renderer of a house.
func newAnnotator(h *sim.House, noAnnotations bool) (*annotator, error) {
	sc, err := sim.NewScene(h)
	if err != nil {
		return nil, err
	}
	r, err := render.New(sc, render.Options{Workers: 1})
	if err != nil {
		return nil, err
	}
	return &annotator{scene: sc, renderer: r, noAnn: noAnnotations}, nil
}

// exampleRows is one finished example: its two table rows.
type exampleRows struct {
	q export.QuestionRow
	a export.AnnotationRow
}

// annotate renders, marks and encodes one example.
func (an *annotator) annotate(ex *planner.Example, out *planner.Outcome) (exampleRows, error) {
	fail := func(what string, err error) (exampleRows, error) {
		return exampleRows{}, fmt.Errorf("example %s: %s: %w", ex.ID, what, err)
	}
	cam := ex.Camera
	before := map[string]flow.Pose{}
	for _, o := range out.ObjectsBefore {
		before[o.ID] = flow.Pose{Position: o.Position, Yaw: o.Yaw}
	}
	motions := map[string]flow.RigidMotion{}
	for _, o := range out.ObjectsAfter {
		from, ok := before[o.ID]
		if !ok {
			return fail("outcome", fmt.Errorf("moved object %s has no before pose", o.ID))
		}
		if an.scene.Object(o.ID) == nil {
			return fail("outcome", fmt.Errorf("moved object %s is not in the scene", o.ID))
		}
		motions[o.ID] = flow.RigidMotion{From: from, To: flow.Pose{Position: o.Position, Yaw: o.Yaw}}
	}
	if err := an.renderer.RenderInto(cam, &an.f0); err != nil {
		return fail("render before", err)
	}
	an.setPoses(motions, true)
	err := an.renderer.RenderInto(cam, &an.f1)
	an.setPoses(motions, false)
	if err != nil {
		return fail("render after", err)
	}

	ids := append([]string{ex.Mover.ObjectID}, refIDs(ex)...)
	colours := dotColours(ex)
	markRNG := render.NewMarkRNG(ex.Seed)
	m0 := placeVisibleMarks(&an.f0, ids, colours, markRNG)
	m1 := placeVisibleMarks(&an.f1, ids, colours, markRNG)

	var (
		pngs [4][]byte
		errs [4]error
		wg   sync.WaitGroup
	)
	imgs := []image.Image{render.DrawMarks(an.f0.RGB, m0, render.StyleDots), render.DrawMarks(an.f1.RGB, m1, render.StyleDots)}
	if !an.noAnn {
		imgs = append(imgs, an.f0.RGB, an.f1.RGB)
	}
	// The PNG encodes are independent of the flow: overlap them with it.
	for i, img := range imgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pngs[i], errs[i] = encodePNG(img)
		}()
	}
	var res *flow.Result
	var ferr error
	if !an.noAnn {
		res, ferr = an.flow.Compute(flow.FromRender(&an.f0), flow.FromRender(&an.f1), cam, motions)
	}
	wg.Wait()
	for _, e := range errs {
		if e != nil {
			return fail("encode png", e)
		}
	}
	if ferr != nil {
		return fail("flow", ferr)
	}
	q, err := export.NewQuestionRow(ex, pngs[0], pngs[1])
	if err != nil {
		return exampleRows{}, err
	}
	if an.noAnn {
		return exampleRows{q: q}, nil
	}
	// The annotation row keeps its own copies: the frames and the flow
	// computer's buffers are reused by the next example.
	o := planner.Outcome{
		Before:        plannerFrame(&an.f0),
		After:         plannerFrame(&an.f1),
		ObjectsBefore: out.ObjectsBefore,
		ObjectsAfter:  out.ObjectsAfter,
	}
	valid := make([]uint8, len(res.ValidForward.M))
	copy(valid, res.ValidForward.M)
	fl := export.Flow{
		Forward:  append([]float32(nil), res.Forward.D...),
		Backward: append([]float32(nil), res.Backward.D...),
		Valid:    valid,
		Change:   append([]uint8(nil), res.Change.M...),
	}
	a, err := export.NewAnnotationRow(ex.ID, &o, pngs[2], pngs[3], fl)
	if err != nil {
		return exampleRows{}, err
	}
	return exampleRows{q: q, a: a}, nil
}

// setPoses puts every moved object at its after pose (after=true) or back
// at its before pose. Pose fields are set directly: the recorded poses are
// exact, and objects carried along have their own entries.
func (an *annotator) setPoses(motions map[string]flow.RigidMotion, after bool) {
	for id, m := range motions {
		o := an.scene.Object(id)
		p := m.From
		if after {
			p = m.To
		}
		o.Position, o.Yaw = p.Position, p.Yaw
	}
}

// plannerFrame copies the depth, ids and id table of a render into the
// planner's frame type (no RGB: the annotation row stores PNGs).
func plannerFrame(f *render.Frame) *planner.Frame {
	return &planner.Frame{
		W: f.Width, H: f.Height,
		Depth:   append([]float32(nil), f.Depth...),
		IDs:     append([]uint16(nil), f.IDs...),
		IDTable: append([]string(nil), f.IDTable...),
	}
}

// refIDs returns the objectIds of the referenced objects in order, without
// the mover and without repeats.
func refIDs(ex *planner.Example) []string {
	seen := map[string]bool{ex.Mover.ObjectID: true}
	var out []string
	for _, r := range ex.Referenced {
		if !seen[r.ObjectID] {
			seen[r.ObjectID] = true
			out = append(out, r.ObjectID)
		}
	}
	return out
}

// dotColours maps each marked objectId to the colour its dot is named by
// in the question text.
func dotColours(ex *planner.Example) map[string]render.NamedColor {
	out := map[string]render.NamedColor{ex.Mover.ObjectID: namedDot(ex.Mover.DotColor)}
	for _, r := range ex.Referenced {
		if _, ok := out[r.ObjectID]; !ok {
			out[r.ObjectID] = namedDot(r.DotColor)
		}
	}
	return out
}

// extraDots are dot colours the planner may name that the renderer's
// palette lacks.
var extraDots = map[string]color.RGBA{
	"brown":  {154, 99, 36, 255},
	"grey":   {128, 128, 128, 255},
	"gray":   {128, 128, 128, 255},
	"navy":   {0, 0, 128, 255},
	"maroon": {128, 0, 0, 255},
	"olive":  {128, 128, 0, 255},
	"teal":   {0, 128, 128, 255},
}

// namedDot returns the palette colour with the given name.
func namedDot(name string) render.NamedColor {
	for _, c := range render.Palette {
		if c.Name == name {
			return c
		}
	}
	if c, ok := extraDots[name]; ok {
		return render.NamedColor{Name: name, Color: c}
	}
	return render.NamedColor{Name: name, Color: color.RGBA{128, 128, 128, 255}}
}

// placeVisibleMarks places a dot on every id that is visible in f, in the
// colour the question names it by. Ids hidden in this frame (an occluded
// landmark in I1, say) get no dot. When the marks cannot all be placed
// together (no point far enough from the others), they are placed one at a
// time and those that do not fit are left out.
func placeVisibleMarks(f *render.Frame, ids []string, colours map[string]render.NamedColor, rng interface{ Uint64() uint64 }) []render.Mark {
	var vis []string
	for _, id := range ids {
		if st, ok := f.ObjectStats(id); ok && st.Pixels > 0 {
			vis = append(vis, id)
		}
	}
	if len(vis) == 0 {
		return nil
	}
	// Positions do not depend on the rng (only the palette draw does, and
	// the colours are replaced), so a fixed stream keeps this simple.
	marks, err := render.PlaceMarks(f, vis, render.NewMarkRNG(rng.Uint64()), render.StyleDots)
	if err != nil {
		var kept []string
		for _, id := range vis {
			try := append(append([]string(nil), kept...), id)
			if m, e := render.PlaceMarks(f, try, render.NewMarkRNG(0), render.StyleDots); e == nil {
				kept, marks = try, m
			}
		}
	}
	for i := range marks {
		marks[i].Color = colours[marks[i].ID]
	}
	return marks
}

// pngEncoder favours speed: the images are stored inside zstd-compressed
// Parquet pages, and BestSpeed PNGs are several times faster to write.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed}

// encodePNG encodes an image as PNG bytes.
func encodePNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if err := pngEncoder.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
