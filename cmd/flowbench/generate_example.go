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

// The planner runs without keeping frames (that keeps a house's 80 outcomes
// from holding 160 frames in memory). Each example is then annotated on its
// own: the before and after states are re-rendered from the example's camera
// with a renderer of our own, exact flow and masks are computed from the two
// renders, the planner's Set-of-Marks dots (colour and I0 position, chosen
// by render.PlaceMarks on I0) are drawn on both images, and the four images
// are PNG-encoded. The re-render is exact: the after state is the before
// state with every moved object set to its recorded after pose.

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

	marks := exampleMarks(ex, cam.Width, cam.Height)

	var (
		pngs [4][]byte
		errs [4]error
		wg   sync.WaitGroup
	)
	imgs := []image.Image{render.DrawMarks(an.f0.RGB, marks, render.StyleDots), render.DrawMarks(an.f1.RGB, marks, render.StyleDots)}
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

// exampleMarks returns the dots of an example, mover first, then the
// referenced objects in mention order (each object once): the colour the
// question names it by, at the I0 position the planner chose. The same
// dots are drawn on I0 and I1.
func exampleMarks(ex *planner.Example, w, h int) []render.Mark {
	radius := render.MarkRadius(render.StyleDots, w, h)
	seen := map[string]bool{}
	var out []render.Mark
	for _, r := range append([]planner.ObjectRef{ex.Mover}, ex.Referenced...) {
		if seen[r.ObjectID] || r.DotColor == "" {
			continue
		}
		seen[r.ObjectID] = true
		out = append(out, render.Mark{ID: r.ObjectID, Number: len(out) + 1, X: r.DotXY[0], Y: r.DotXY[1],
			Radius: radius, Color: namedDot(r.DotColor)})
	}
	return out
}

// namedDot returns the render palette colour with the given name (grey for
// a name the palette lacks, which the planner never gives).
func namedDot(name string) render.NamedColor {
	for _, c := range render.Palette {
		if c.Name == name {
			return c
		}
	}
	return render.NamedColor{Name: name, Color: color.RGBA{128, 128, 128, 255}}
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
