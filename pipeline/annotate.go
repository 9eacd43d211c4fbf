package pipeline

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"sort"

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
// renders, the example's text goes through the paraphrase grammar (and is
// switched to numbered badges with --marks badges), its Set-of-Marks
// overlays are drawn (planner.ExampleMarks: on I0 at the positions the
// planner chose; on I1 the marks of moved objects follow them and the
// others stay put), and the four images are PNG-encoded. The re-render is
// exact: the after state is the before state with every moved object set
// to its recorded after pose.

// annotator re-renders and annotates the examples of one house. It is not
// safe for concurrent use.
type annotator struct {
	frames frameSource
	flow   flow.Computer
	noAnn  bool // questions only: no flow, no raw images
	marks  render.MarkStyle
	// rephrase, when set, rewrites each example's text through a model
	// after the grammar (--rephrase-endpoint).
	rephrase *rephraser
	// pngs reuses the encodings of repeated before images (png_memo.go).
	pngs pngMemo
	// views holds the planner's before frames by view (view_images.go).
	views map[int]*planner.ViewImage
}

// frameSource renders an example's before and after frames from its camera:
// the before state, then every moved object at its after pose. The frames
// stay valid until the next call.
type frameSource interface {
	render(cam sim.Camera, motions map[string]flow.RigidMotion, order []string) (f0, f1 shotFrame, err error)
	close() error
}

// shotFrame is one rendered frame as the annotator needs it.
type shotFrame struct {
	rgb *image.RGBA
	flow.Frame
}

// newAnnotator builds an annotator that renders with the built-in renderer.
func newAnnotator(h *sim.House, noAnnotations bool, dress func(*sim.Scene)) (*annotator, error) {
	src, err := newLocalFrames(h, dress)
	if err != nil {
		return nil, err
	}
	return &annotator{frames: src, noAnn: noAnnotations}, nil
}

// localFrames renders with an in-process scene and renderer; poses are set
// directly (the recorded poses are exact, and carried objects have their own entries).
type localFrames struct {
	scene    *sim.Scene
	renderer *render.Renderer
	f0, f1   render.Frame
	image    *planner.ViewImage // the planner's before frame on offer (view_images.go)
	adopted  int                // before frames given a view image's colours (or recalled), for tests
}

func newLocalFrames(h *sim.House, dress func(*sim.Scene)) (*localFrames, error) {
	sc, err := sim.NewScene(h)
	if err != nil {
		return nil, err
	}
	if dress != nil {
		dress(sc)
	}
	r, err := render.New(sc, render.Options{Workers: 1})
	if err != nil {
		return nil, err
	}
	return &localFrames{scene: sc, renderer: r}, nil
}

func (l *localFrames) close() error { return nil }

func (l *localFrames) render(cam sim.Camera, motions map[string]flow.RigidMotion, _ []string) (shotFrame, shotFrame, error) {
	for id := range motions {
		if l.scene.Object(id) == nil {
			return shotFrame{}, shotFrame{}, fmt.Errorf("moved object %s is not in the scene", id)
		}
	}
	if err := l.renderBefore(cam); err != nil {
		return shotFrame{}, shotFrame{}, fmt.Errorf("render before: %w", err)
	}
	l.setPoses(motions, true)
	err := l.renderer.RenderInto(cam, &l.f1)
	l.setPoses(motions, false)
	if err != nil {
		return shotFrame{}, shotFrame{}, fmt.Errorf("render after: %w", err)
	}
	return shotFrame{l.f0.RGB, flow.FromRender(&l.f0)}, shotFrame{l.f1.RGB, flow.FromRender(&l.f1)}, nil
}

// setPoses puts every moved object at its after pose (after=true) or back
// at its before pose.
func (l *localFrames) setPoses(motions map[string]flow.RigidMotion, after bool) {
	for id, m := range motions {
		o := l.scene.Object(id)
		p := m.From
		if after {
			p = m.To
		}
		o.Position, o.Yaw = p.Position, p.Yaw
	}
}

// exampleRows is one finished example: its two table rows, and the pooled
// buffers behind the annotation row's dense arrays (nil without one), to be
// released once the row is written.
type exampleRows struct {
	q    export.QuestionRow
	a    export.AnnotationRow
	bufs *rowBuffers
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
		motions[o.ID] = flow.RigidMotion{From: from, To: flow.Pose{Position: o.Position, Yaw: o.Yaw}}
	}
	if t, ok := an.frames.(viewImageTaker); ok {
		t.takeViewImage(an.views[ex.ViewID])
	}
	f0, f1, err := an.frames.render(cam, motions, parentsFirst(out.ObjectsBefore, out.ObjectsAfter))
	if err != nil {
		return fail("outcome", err)
	}

	if an.marks == render.StyleBadges {
		planner.NumberMarks(ex)
	}
	planner.Paraphrase(ex)
	if an.rephrase != nil {
		an.rephrase.rephrase(ex)
	}
	m0, m1 := planner.ExampleMarks(ex, an.marks, markFrame(&f0), markFrame(&f1), planner.MovedIDs(out))

	var raw0, raw1 *image.RGBA
	if !an.noAnn {
		raw0, raw1 = f0.rgb, f1.rgb
	}
	// The PNG encodes are independent of the flow: overlap them with it.
	var (
		pngs [4][]byte
		perr error
		done = make(chan struct{})
	)
	go func() {
		defer close(done)
		pngs, perr = an.pngs.encodeExample(render.DrawMarks(f0.rgb, m0, an.marks), render.DrawMarks(f1.rgb, m1, an.marks), raw0, raw1)
	}()
	var bufs *rowBuffers
	var ferr error
	if !an.noAnn {
		bufs = getRowBuffers()
		ferr = an.flow.ComputeInto(&bufs.flow, f0.Frame, f1.Frame, cam, motions)
	}
	<-done
	if perr != nil {
		return fail("encode png", perr)
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
	// The annotation row's dense arrays live in bufs: the frames are reused
	// by the next example, so their labels are copied in; the flow computer
	// wrote its fields there directly.
	bufs.depth0, bufs.ids0 = append(bufs.depth0[:0], f0.Depth...), append(bufs.ids0[:0], f0.IDs...)
	bufs.depth1, bufs.ids1 = append(bufs.depth1[:0], f1.Depth...), append(bufs.ids1[:0], f1.IDs...)
	o := planner.Outcome{
		Before:        plannerFrame(&f0.Frame, bufs.depth0, bufs.ids0),
		After:         plannerFrame(&f1.Frame, bufs.depth1, bufs.ids1),
		ObjectsBefore: out.ObjectsBefore,
		ObjectsAfter:  out.ObjectsAfter,
	}
	res := &bufs.flow
	fl := export.Flow{Forward: res.Forward.D, Backward: res.Backward.D, Valid: res.ValidForward.M, Change: res.Change.M}
	a, err := export.NewAnnotationRow(ex.ID, &o, pngs[2], pngs[3], fl)
	if err != nil {
		return exampleRows{}, err
	}
	return exampleRows{q: q, a: a, bufs: bufs}, nil
}

// plannerFrame wraps a frame's copied depth and ids, with a copy of its id
// table, in the planner's frame type (no RGB: the annotation row stores PNGs).
func plannerFrame(f *flow.Frame, depth []float32, ids []uint16) *planner.Frame {
	return &planner.Frame{W: f.W, H: f.H, Depth: depth, IDs: ids, IDTable: append([]string(nil), f.Objects...)}
}

// parentsFirst orders the moved objects so that every object comes after
// the objects it rested on before the move (by depth of the before-state
// parent chain, then in the given order): teleporting a parent moves what
// rests on it, so parents must be placed first.
func parentsFirst(before, moved []planner.ObjectMeta) []string {
	parent := map[string]string{}
	for _, o := range before {
		parent[o.ID] = o.Parent
	}
	depth := func(id string) int {
		d := 0
		for p := parent[id]; p != "" && d < len(before); p = parent[p] {
			d++
		}
		return d
	}
	ids := make([]string, len(moved))
	for i, o := range moved {
		ids[i] = o.ID
	}
	sort.SliceStable(ids, func(a, b int) bool { return depth(ids[a]) < depth(ids[b]) })
	return ids
}

// markFrame wraps a rendered frame for mark placement (ids and RGB).
func markFrame(f *shotFrame) *render.Frame {
	return &render.Frame{Width: f.W, Height: f.H, RGB: f.rgb, IDs: f.IDs, IDTable: f.Objects}
}

// pngEncoder favours speed: the images are stored inside zstd-compressed
// Parquet pages, and BestSpeed PNGs are several times faster to write.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed}

// encodePNG encodes an image as PNG bytes (frames and overlays, *image.RGBA,
// with render.EncodePNGFast: one fixed row filter, about twice as fast).
func encodePNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if m, ok := img.(*image.RGBA); ok {
		if err := render.EncodePNGFast(&b, m); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	if err := pngEncoder.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
