package simsource

import (
	"fmt"
	"image"
	"math"
	"slices"

	"flowbench/assets"
	"flowbench/flow"
	"flowbench/real"
	"flowbench/render"
	"flowbench/sim"
)

// Pair acceptance.
const (
	// maxAttempts is how many scenes Generate draws for one pair.
	maxAttempts = 40
	// moverMinPixels is the least visible area of a mover in I0 (the
	// Real rules need 1000 px, B.5); moverMinPixels1 in I1.
	moverMinPixels  = 1200
	moverMinPixels1 = 600
	// moverMaxShare caps a mover's area as a share of the frame (masks
	// above 5 % are dropped, B.2).
	moverMaxShare = 0.04
	// moverMaxAspect caps a mover's box aspect (B.5 rejects above 3.5).
	moverMaxAspect = 3.0
	// borderMargin is how far from the image's edges a dressed pair's mover
	// must stay in both frames, pixels.
	borderMargin = 2
	// minOthers is the least number of other objects seen with at least
	// landmarkPixels pixels in I0.
	minOthers      = 3
	landmarkPixels = 800
	// MinMaskPixels is the smallest visible part of an object that gets a
	// mask in the exact (noise-free) output.
	MinMaskPixels = 20
	// FarDepth is the depth given to pixels that see nothing (the outdoors
	// through a window), metres: the estimators' depth is always finite.
	FarDepth = 20.0
)

// sourceMargin is the custom source's margin m (B.4's default 3 cm).
const sourceMargin = 0.03

// Source returns the Real source of simulated pairs: custom, metric depth
// (g = 1), m = 3 cm, table-top variants of the rules, Depth Order asked.
func Source() real.Source {
	s, err := real.CustomSource(1, sourceMargin, false, true)
	if err != nil {
		panic(err)
	}
	return s
}

// PairID names pair index of a run with seed.
func PairID(seed int64, index int) string { return fmt.Sprintf("sim-%d-%05d", seed, index) }

// state is what one rendered frame gives: the frame, and the labels with
// the movers taken out of the scene.
type state struct {
	f      *render.Frame
	hidden *render.Frame
}

// Generate renders the simulated pair (seed, index) at a noise level with
// primitive shapes and returns it with its exact truth: GenerateWith without
// options. The scene, camera and move depend only on (seed, index), so the
// same pair at another level differs only in the estimator noise;
// everything is deterministic. The pair's intrinsics are the renderer's
// exact ones: f = 610 and the principal point (319.5, 239.5) in pixel-centre
// coordinates (real.DefaultIntrinsics up to that half-pixel convention).
func Generate(seed int64, index int, level NoiseLevel) (*real.Pair, *Truth, error) {
	return GenerateWith(seed, index, level, GenerateOptions{})
}

// GenerateOptions are GenerateWith's optional inputs; the zero value gives
// Generate's primitive shapes.
type GenerateOptions struct {
	// Assets, when not nil, dresses every scene with the library's
	// furniture models and textured structure (assets.Library.Dress, as
	// generate does), so the pairs look like photographs of real tabletops.
	// The truth follows the drawn models: boxes, centres and hull distances
	// come from their posed meshes.
	Assets *assets.Library
}

// GenerateWith is Generate with options. The same (seed, index, level,
// library) gives identical pairs; a dressed pair's scene, camera and move
// differ from the primitive pair's of the same (seed, index), since objects
// are placed only where the drawn surface carries them.
func GenerateWith(seed int64, index int, level NoiseLevel, opts GenerateOptions) (*real.Pair, *Truth, error) {
	np, ok := Noise[level]
	if !ok {
		return nil, nil, fmt.Errorf("simsource: unknown noise level %d", int(level))
	}
	var last error
	for attempt := 0; attempt < maxAttempts; attempt++ {
		p, t, err := generateAttempt(seed, index, attempt, opts.Assets)
		if err != nil {
			last = err
			continue
		}
		t.Noise = level.String()
		if opts.Assets != nil {
			t.Assets = opts.Assets.Hash
		}
		applyNoise(p, t, np, seed, index, level)
		return p, t, nil
	}
	return nil, nil, fmt.Errorf("simsource: pair %d of seed %d: no usable scene in %d attempts (last: %v)", index, seed, maxAttempts, last)
}

// generateAttempt builds one scene, camera and move and renders the exact
// pair, dressed with lib unless it is nil; an error means this attempt's
// draws did not give a usable pair.
func generateAttempt(seed int64, index, attempt int, lib *assets.Library) (*real.Pair, *Truth, error) {
	r := stream(seed, index, "scene", attempt)
	t, err := buildTabletop(r, seed, lib)
	if err != nil {
		return nil, nil, err
	}
	cam, ok := placeCamera(r, t)
	if !ok {
		return nil, nil, fmt.Errorf("no free camera pose")
	}
	s := t.scene
	rd, err := render.New(s, render.Options{Workers: 1})
	if err != nil {
		return nil, nil, err
	}
	var s0, s1 state
	if s0.f, err = rd.Render(cam); err != nil {
		return nil, nil, err
	}
	// The mover: a pickupable object on the surface near the work area,
	// well in view, compact, small enough to pick up.
	var cands []string
	others := 0
	for _, o := range s.Objects {
		st, _ := s0.f.ObjectStats(o.ID)
		if !tabletopType(o.Type) || st.Pixels == 0 {
			continue
		}
		if st.Pixels >= landmarkPixels {
			others++
		}
		box := st.Box()
		aspect := float64(max(box.Dx(), box.Dy())) / float64(max(1, min(box.Dx(), box.Dy())))
		if o.Pickupable && o.Parent == t.surface.ID && planar(o.Position, t.center) < workRadius+0.1 &&
			math.Max(o.Size[0], o.Size[2]) <= t.limits().side && st.Pixels >= moverMinPixels &&
			(!t.dressed || inside(box, cam)) &&
			float64(st.Pixels) <= moverMaxShare*float64(cam.Width*cam.Height) && aspect <= moverMaxAspect &&
			len(s.Children(o.ID)) == 0 {
			cands = append(cands, o.ID)
		}
	}
	if len(cands) == 0 || others < minOthers+1 {
		return nil, nil, fmt.Errorf("%d mover candidates, %d objects in view", len(cands), others)
	}
	snap0 := flow.Snapshot(s)
	r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	var movers []string
	for _, id := range cands {
		if moveObject(r, t, cam, id) {
			movers = append(movers, id)
			break
		}
	}
	if len(movers) == 0 {
		return nil, nil, fmt.Errorf("no mover could move")
	}
	if r.Float64() < secondMoverShare {
		for _, id := range cands {
			if id != movers[0] && moveObject(r, t, cam, id) {
				movers = append(movers, id)
				break
			}
		}
	}
	snap1 := flow.Snapshot(s)
	if s1.f, err = rd.Render(cam); err != nil {
		return nil, nil, err
	}
	if st, _ := s1.f.ObjectStats(movers[0]); st.Pixels < moverMinPixels1 || t.dressed && !inside(st.Box(), cam) {
		return nil, nil, fmt.Errorf("mover %s shows %d px after the move, box %v", movers[0], st.Pixels, st.Box())
	}
	if s1.hidden, err = hiddenLabels(rd, s, cam, movers); err != nil {
		return nil, nil, err
	}
	// Back to the before poses for the labels without the movers there.
	for _, id := range movers {
		p := snap0[id]
		s.TeleportObject(id, p.Position, p.Yaw, true)
	}
	if s0.hidden, err = hiddenLabels(rd, s, cam, movers); err != nil {
		return nil, nil, err
	}
	motions, err := flow.MotionsBetween(snap0, snap1)
	if err != nil {
		return nil, nil, err
	}
	field, err := flow.Forward(flow.FromRender(s0.f), cam, motions)
	if err != nil {
		return nil, nil, err
	}
	truth := buildTruth(t, cam, s0, s1, snap0, snap1, movers)
	truth.PairID, truth.Seed, truth.Index = PairID(seed, index), seed, index
	p := &real.Pair{
		ID: truth.PairID, Source: Source(), W: cam.Width, H: cam.Height, K: truth.K,
		F0:     exactFrame(s0.f, truth),
		F1:     exactFrame(s1.f, truth),
		Tracks: tracksOf(field),
	}
	return p, truth, nil
}

// inside reports whether a pixel box keeps borderMargin pixels from every
// edge of the image: an object cut by the border is not clearly in view.
func inside(b image.Rectangle, cam sim.Camera) bool {
	return b.Min.X >= borderMargin && b.Min.Y >= borderMargin && b.Max.X <= cam.Width-borderMargin && b.Max.Y <= cam.Height-borderMargin
}

// tabletopType reports whether objects of a type get masks: the small
// objects that rest on surfaces (not furniture, fixtures or structure).
func tabletopType(typ string) bool {
	info := sim.DefaultCatalog().Type(typ)
	return info != nil && info.Placement == sim.OnSurface
}

// hiddenLabels renders labels only with the movers taken out of the scene
// (teleported far below the floor), then puts them back.
func hiddenLabels(rd *render.Renderer, s *sim.Scene, cam sim.Camera, movers []string) (*render.Frame, error) {
	back := make([]flow.Pose, len(movers))
	for i, id := range movers {
		o := s.Object(id)
		back[i] = flow.PoseOf(o)
		s.TeleportObject(id, o.Position.Add(sim.Vec3{0, -100, 0}), o.Yaw, true)
	}
	f := &render.Frame{}
	err := rd.RenderLabelsInto(cam, f)
	for i, id := range movers {
		s.TeleportObject(id, back[i].Position, back[i].Yaw, true)
	}
	return f, err
}

// exactFrame returns a frame's estimator outputs without noise: its RGB,
// depth (FarDepth where nothing is hit) and one mask per truth object with
// at least MinMaskPixels visible pixels, in truth order.
func exactFrame(f *render.Frame, t *Truth) real.Frame {
	depth := slices.Clone(f.Depth)
	for i, d := range depth {
		if !(d > 0) {
			depth[i] = FarDepth
		}
	}
	slot := make([]int, len(f.IDTable)) // instance id → truth object + 1
	pix := make([][]int32, len(t.Objects))
	for i, o := range t.Objects {
		if int(o.Instance) < len(slot) {
			slot[o.Instance] = i + 1
			pix[i] = make([]int32, 0, o.Pixels0+o.Pixels1)
		}
	}
	for i, id := range f.IDs {
		if int(id) < len(slot) && slot[id] > 0 {
			k := slot[id] - 1
			pix[k] = append(pix[k], int32(i))
		}
	}
	var masks []real.Mask
	for k, px := range pix {
		if len(px) >= MinMaskPixels {
			masks = append(masks, real.Mask{Label: t.Objects[k].Label, Score: 1, Pix: px})
		}
	}
	return real.Frame{Image: f.RGB, Depth: depth, Masks: masks}
}

// tracksOf converts the exact forward flow into point tracks: NaN where the
// flow is unknown (no surface, or behind the camera after the motion).
func tracksOf(f flow.Field) []float32 {
	out := make([]float32, len(f.D))
	nan := float32(math.NaN())
	for i := 0; i < len(f.D); i += 2 {
		dx, dy := f.D[i], f.D[i+1]
		if flow.Known(dx, dy) {
			out[i], out[i+1] = dx, dy
		} else {
			out[i], out[i+1] = nan, nan
		}
	}
	return out
}
