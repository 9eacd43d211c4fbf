package real

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
)

// Options configure Process.
type Options struct {
	// Seed makes the per-pair random choices (mark numbers, the side a
	// Left Right question claims, no-change thresholds, the false claim):
	// each pair draws from hash(Seed, pair ID), so output does not depend
	// on order, workers or parts.
	Seed int64
	// Extended adds Closer To and Closest Three questions made with
	// halved margins where the full margins gave none (B.7).
	Extended bool
	// UseTask requires the mover to be the object the task names, where
	// the pair has task text (B.2).
	UseTask bool
	// WidthRadius replaces eq. 52's radius (w + h)/4 · z/(f g) by half the
	// box width, w/2 · z/(f g), for every object. Not the appendix's rule
	// (it uses w/2 only on Language-Table's table plane): an experiment
	// that measures what eq. 52's height term costs against exact
	// geometry (docs/real.md, "Agreement"); off by default.
	WidthRadius bool
}

// pairRand returns the pair's random source: a function of the seed and
// the pair ID only.
func pairRand(seed int64, id string) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s", seed, id)
	s := h.Sum64()
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

// Measure matches the pair's objects, picks the mover and landmarks,
// certifies the track (B.2), places everything in metric 3D and checks the
// scale (B.3), and applies B.5's filters on the mover and the move. The
// returned error is a *Skip naming the stage and the rule.
func Measure(p *Pair, opt Options) (*Measurement, error) {
	skip := func(stage, format string, args ...any) (*Measurement, error) {
		return nil, &Skip{PairID: p.ID, Stage: stage, Reason: fmt.Sprintf(format, args...)}
	}
	if p.Task != "" && IsRotationTask(p.Task) {
		return skip("measure", "rotation task %q (B.2)", p.Task)
	}
	ms := newMeasurer(p)
	objs := ms.objects(ms.match(), opt.WidthRadius)
	if len(objs) == 0 {
		return skip("measure", "no object matched across the frames (B.2)")
	}
	mover, mover2, err := chooseMover(objs, p.Task, opt.UseTask && p.Task != "")
	if err != nil {
		return skip("measure", "%v (B.2)", err)
	}
	a := &objs[mover]
	if a.Held1 > HeldMaxArmShare {
		return skip("measure", "the mover is still in the gripper: %.0f%% of its after-frame mask inside the dilated arm mask (B.2)", 100*a.Held1)
	}
	v, err := certify(p, a)
	if err != nil {
		return skip("measure", "%v", err)
	}
	if reason := moverFilter(p, ms, a); reason != "" {
		return skip("filter", "%s (B.5)", reason)
	}
	if mover2 >= 0 && (atBorder(objs[mover2].Box0, p) || atBorder(objs[mover2].Box1, p)) {
		return skip("filter", "the second mover, which the move text names, is cut by the frame border (not clearly in view)")
	}
	m := &Measurement{PairID: p.ID, Source: p.Source.Name, Objects: objs, Mover: mover, Mover2: mover2, TrackMedian: v,
		Ref: -1}
	rng := pairRand(opt.Seed, p.ID)
	m.Landmarks = chooseLandmarks(p, objs, mover, mover2, rng)
	if len(m.Landmarks) == 0 {
		return skip("measure", "no landmark (B.4)")
	}
	m.SizeChecks = sizeChecks(objs, p.K)
	m.SceneExtent = float64(p.W) * a.Z0 / p.K.Fx
	if m.Ref = chooseRef(objs, m.Landmarks, p.K, p.Plane != nil); m.Ref >= 0 {
		m.RefCm = math.Round(extent(&objs[m.Ref], p.K, p.Plane != nil) * 100)
	}
	if reason := moveFilter(p, m); reason != "" {
		return skip("filter", "%s", reason)
	}
	return m, nil
}

// moverFilter is B.5's first two items on the mover: elongated, small,
// shrinking, a large depth change, knocked over, or never moved.
func moverFilter(p *Pair, ms *measurer, a *Object) string {
	w, h := float64(a.Box0.Dx()), float64(a.Box0.Dy())
	switch {
	case math.Max(w, h) > MoverMaxAspect*math.Min(w, h):
		return fmt.Sprintf("the mover is elongated (box %gx%g px)", w, h)
	case a.Area0 < MoverMinArea:
		return fmt.Sprintf("the mover covers %d px (< %d)", a.Area0, MoverMinArea)
	case float64(a.Area1) < MoverMinVisibleKeep*float64(a.Area0):
		return fmt.Sprintf("the mover shrinks to %d of %d px", a.Area1, a.Area0)
	case math.Abs(a.Z1-a.Z0) > MoverMaxDepthChange:
		return fmt.Sprintf("the mover's depth changes by %.2f m", math.Abs(a.Z1-a.Z0))
	case atBorder(a.Box0, p) || atBorder(a.Box1, p):
		return "the mover is cut by the frame border (not clearly in view)"
	}
	if isContainer(a.Label) {
		w1, h1 := float64(a.Box1.Dx()), float64(a.Box1.Dy())
		if h > KnockedOverAspect*w && w1 > KnockedOverAspect*h1 {
			return "a container was knocked over (tall in I0, lying in I1)"
		}
	}
	if c, ok := oldPlaceCorrelation(p, ms, a); ok && c > NeverMovedCorr {
		return fmt.Sprintf("the object never moved: its old place still correlates %.2f with the before frame", c)
	}
	return ""
}

// oldPlaceCorrelation is the grey-level correlation between I0 and I1 over
// the mover's before-frame pixels that its after-frame mask does not
// cover: high when the object is still there (B.5).
func oldPlaceCorrelation(p *Pair, ms *measurer, a *Object) (float64, bool) {
	m0, m1 := p.F0.Masks[a.Mask0].Pix, p.F1.Masks[a.Mask1].Pix
	var s0, s1, s00, s11, s01, n float64
	j := 0
	for _, q := range m0 {
		for j < len(m1) && m1[j] < q {
			j++
		}
		if j < len(m1) && m1[j] == q {
			continue
		}
		g0, g1 := gray(ms.f[0].rgb, q), gray(ms.f[1].rgb, q)
		s0, s1, s00, s11, s01, n = s0+g0, s1+g1, s00+g0*g0, s11+g1*g1, s01+g0*g1, n+1
	}
	if n < 50 {
		return 0, false
	}
	c0, c1 := s00-s0*s0/n, s11-s1*s1/n
	if c0 <= 0 || c1 <= 0 {
		return 0, false
	}
	return (s01 - s0*s1/n) / math.Sqrt(c0*c1), true
}

func gray(rgb []uint8, p int32) float64 {
	return 0.299*float64(rgb[3*p]) + 0.587*float64(rgb[3*p+1]) + 0.114*float64(rgb[3*p+2])
}

// moveFilter is B.5's move items: a stated move under 5 cm, a failed
// scale-consistency check (eq. 51), or a stated direction or magnitude
// that contradicts the tracked motion.
func moveFilter(p *Pair, m *Measurement) string {
	a := &m.Objects[m.Mover]
	cx, cy := statedMove(a.Delta())
	cMv := math.Hypot(float64(cx), float64(cy))
	if cMv < MinStatedMove*100 {
		return fmt.Sprintf("the stated move is %.0f cm (< %.0f cm, B.5)", cMv, MinStatedMove*100)
	}
	piMv := math.Hypot(a.U1-a.U0, a.V1-a.V0)
	if m.Ref >= 0 {
		r := &m.Objects[m.Ref]
		piRef := float64(max(r.Box0.Dx(), r.Box0.Dy()))
		if _, err := scaleConsistent(cMv, piMv, m.RefCm, piRef); err != nil {
			return err.Error() + " (B.3)"
		}
	} else {
		return "no scale reference between 3 and 60 cm (B.4)"
	}
	// Stated direction and magnitude against the track (B.5): the stated
	// centimetres projected at the mover's depth against v̄.
	v := m.TrackMedian
	sx, sy := float64(cx)/100*p.K.Fx/a.Z0, float64(cy)/100*p.K.Fy/a.Z0
	ns, nv := math.Hypot(sx, sy), math.Hypot(v[0], v[1])
	if ns > 0 && nv > 0 {
		if cos := (sx*v[0] + sy*v[1]) / (ns * nv); cos < DirectionMinCos {
			return fmt.Sprintf("the stated direction contradicts the tracked motion (cos %.2f, B.5)", cos)
		}
		if r := nv / ns; r < MagnitudeMinRatio || r >= MagnitudeMaxRatio {
			return fmt.Sprintf("the stated magnitude is far from the tracked one (ratio %.2f, B.5)", r)
		}
	}
	return ""
}

// Questions generates a measured pair's candidate questions (B.4): flips
// first in every category, and a no-change question only where no flip
// passed; Depth Order keeps at most one no-change question.
func Questions(p *Pair, m *Measurement, opt Options) []Question {
	r := newRules(p, m, pairRand(opt.Seed^0x5eed, p.ID))
	return finishQuestions(p, m, r.candidates(opt.Extended), "", func(q *Question) Texts { return Render(q, m, MarkNamer(m)) })
}

// candidates runs every category rule: flips first, a no-change question
// only where no flip passed, at most one no-change Depth Order question;
// extended adds halved-margin Closer To and Closest Three (B.7).
func (r *rules) candidates(extended bool) []Question {
	var qs []Question
	qs = append(qs, r.threshold()...)
	qs = append(qs, r.leftRight()...)
	ct := r.closerTo(1)
	if len(ct) == 0 && extended {
		ct = r.closerTo(ExtendedMarginFactor)
	}
	qs = append(qs, ct...)
	c3 := r.closestThree(1)
	if len(c3) == 0 && extended {
		c3 = r.closestThree(ExtendedMarginFactor)
	}
	qs = append(qs, c3...)
	qs = append(qs, r.countNear()...)
	qs = append(qs, r.occlusion()...)
	flipped := false
	for _, q := range qs {
		flipped = flipped || q.Changed
	}
	noChangeDepth := false
	for _, q := range r.depthOrder() {
		if q.Changed {
			flipped = true
		} else if noChangeDepth {
			continue
		} else {
			noChangeDepth = true
		}
		qs = append(qs, q)
	}
	if !flipped {
		qs = append(qs, r.noChange()...)
	}
	return qs
}

// finishQuestions gives a pair's questions their ids ("<pair>/<kind><category>/<k>"),
// mentioned objects and texts, sorted by id.
func finishQuestions(p *Pair, m *Measurement, qs []Question, kind string, render func(*Question) Texts) []Question {
	n := map[string]int{}
	for i := range qs {
		q := &qs[i]
		q.PairID, q.Source = p.ID, p.Source.Name
		q.ID = fmt.Sprintf("%s/%s%s/%d", p.ID, kind, q.Spec.Category, n[q.Spec.Category])
		n[q.Spec.Category]++
		q.Mentioned = mentioned(m, &q.Spec)
		t := render(q)
		q.MotionText, q.Question, q.StaticQuestion, q.Choices = t.Motion, t.Question, t.Static, t.Choices
		q.StaticAnswer = q.Answer
	}
	sort.SliceStable(qs, func(i, j int) bool { return qs[i].ID < qs[j].ID })
	return qs
}

// mentioned lists the objects a question names: the mover(s) first, then
// its landmark or options.
func mentioned(m *Measurement, s *Spec) []int {
	out := []int{m.Mover}
	if m.Mover2 >= 0 {
		out = append(out, m.Mover2)
	}
	if m.Ref >= 0 {
		out = append(out, m.Ref)
	}
	add := func(i int) {
		for _, k := range out {
			if k == i {
				return
			}
		}
		out = append(out, i)
	}
	if s.Landmark >= 0 {
		add(s.Landmark)
	}
	for _, i := range s.Options {
		add(i)
	}
	for _, i := range s.Counted {
		add(i)
	}
	return out
}

// Process measures a pair and generates its candidate questions. A pair
// that yields nothing returns a Skip naming the stage and the reason; the
// questions are candidates for Select (B.6, B.7).
func Process(p *Pair, opt Options) (*Measurement, []Question, *Skip) {
	m, err := Measure(p, opt)
	if err != nil {
		if s, ok := err.(*Skip); ok {
			return nil, nil, s
		}
		return nil, nil, &Skip{PairID: p.ID, Stage: "measure", Reason: err.Error()}
	}
	qs := Questions(p, m, opt)
	if len(qs) == 0 {
		return m, nil, &Skip{PairID: p.ID, Stage: "questions", Reason: "no category rule passed (B.4)"}
	}
	return m, qs, nil
}
