package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strings"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/real"
	"flowbench/real/marks"
	"flowbench/sim"
)

// prepareReal prepares a candidate question of pair p for its row, before
// the split selection: the dot colours (marks.ChooseColors, drawn from
// hash(seed, question id)), the texts naming objects by dot colour, and
// the metrics and question JSON. The error names what failed; the
// question is then left out.
func prepareReal(p *real.Pair, m *real.Measurement, q *real.Question, seed int64) (RealCandidate, error) {
	c := RealCandidate{Measurement: m, Question: *q}
	if len(q.Mentioned) == 0 || q.Mentioned[0] != m.Mover {
		return c, fmt.Errorf("question %s mentions %v: the mover (object %d) must come first", q.ID, q.Mentioned, m.Mover)
	}
	masks := make([][]int32, len(q.Mentioned))
	for i, o := range q.Mentioned {
		if o < 0 || o >= len(m.Objects) {
			return c, fmt.Errorf("question %s mentions object %d of %d", q.ID, o, len(m.Objects))
		}
		k := m.Objects[o].Mask0
		if k < 0 || k >= len(p.F0.Masks) {
			return c, fmt.Errorf("question %s: object %d has frame-0 mask %d of %d", q.ID, o, k, len(p.F0.Masks))
		}
		masks[i] = p.F0.Masks[k].Pix
	}
	if q.Named {
		// Named questions carry no marks: the dot version is the named
		// question on the unmarked frame.
		c.texts = real.Texts{Motion: q.MotionText, Question: q.Question, Static: q.StaticQuestion, Choices: q.Choices}
	} else {
		h := fnv.New64a()
		fmt.Fprintf(h, "%s", q.ID)
		cols, err := marks.ChooseColors(p.F0.Image, masks, rand.New(rand.NewPCG(uint64(seed), h.Sum64())))
		if err != nil {
			return c, fmt.Errorf("dot colours of question %s: %w", q.ID, err)
		}
		c.Colors = cols
		names := map[int]string{}
		for i, o := range q.Mentioned {
			names[o] = cols[i].Name
		}
		c.texts = real.Render(q, m, real.DotNamer(m, names))
	}
	metrics := map[string]any{"rule": q.Rule, "quantities": q.Quantities, "margin_cleared": finiteOrNil(q.MarginCleared),
		"rel_margin": finiteOrNil(q.RelMargin), "shortcut": q.Shortcut, "extended": q.Extended}
	b, err := json.Marshal(metrics)
	if err != nil {
		return c, fmt.Errorf("metrics of question %s: %w", q.ID, err)
	}
	c.metrics = string(b)
	b, err = json.Marshal(questionJSON{Question: *q, MarginCleared: finiteOrNil(q.MarginCleared), RelMargin: finiteOrNil(q.RelMargin)})
	if err != nil {
		return c, fmt.Errorf("question %s as JSON: %w", q.ID, err)
	}
	c.spec = string(b)
	return c, nil
}

// questionJSON is a real.Question as stored in question_spec: a margin
// that is not finite (a rule without a metric margin, e.g. Occlusion's)
// is stored as null, which JSON can hold and +Inf it cannot.
type questionJSON struct {
	real.Question
	MarginCleared *float64 `json:"margin_cleared"`
	RelMargin     *float64 `json:"rel_margin"`
}

func finiteOrNil(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// realPairImages are the images a pair's rows share.
type realPairImages struct {
	badges0, badges1, raw0, raw1 []byte
	ext0, ext1                   string
	plain0, plain1               []byte // unmarked PNGs, for named questions (made when needed)
}

// plain returns the pair's unmarked frames as PNG, the images of its
// named-object questions.
func (im *realPairImages) plain(p *real.Pair) ([]byte, []byte, error) {
	if im.plain0 == nil {
		var err error
		if im.plain0, err = encodePNG(p.F0.Image); err != nil {
			return nil, nil, err
		}
		if im.plain1, err = encodePNG(p.F1.Image); err != nil {
			return nil, nil, err
		}
	}
	return im.plain0, im.plain1, nil
}

// realPairRows builds the rows of one pair's kept questions (cands, in
// order): I0 and I1 with the numbered badges, the raw frames, the dot
// image per question. measurement is the pair's measurement JSON.
func realPairRows(p *real.Pair, m *real.Measurement, measurement string, cands []RealCandidate, split string) ([]export.QuestionRow, []export.RealAnnotationRow, error) {
	var im realPairImages
	b0, b1 := realBadges(m)
	var err error
	if im.badges0, err = encodePNG(marks.Numbered(p.F0.Image, b0)); err != nil {
		return nil, nil, err
	}
	if im.badges1, err = encodePNG(marks.Numbered(p.F1.Image, b1)); err != nil {
		return nil, nil, err
	}
	if im.raw0, im.ext0, err = rawFrame(&p.F0); err != nil {
		return nil, nil, err
	}
	if im.raw1, im.ext1, err = rawFrame(&p.F1); err != nil {
		return nil, nil, err
	}
	cam := realCamera(p)
	a := m.Objects[m.Mover]
	d := a.Delta()
	motion := sim.Vec3{d[0], d[1], d[2]}
	qs := make([]export.QuestionRow, len(cands))
	as := make([]export.RealAnnotationRow, len(cands))
	for k := range cands {
		c := &cands[k]
		q := &c.Question
		stem := strings.ReplaceAll(q.ID, "/", "_")
		colors := []string{}
		refs := make([]planner.ObjectRef, len(q.Mentioned))
		before, after := im.badges0, im.badges1
		var dotPNG []byte
		if q.Named {
			if before, after, err = im.plain(p); err != nil {
				return nil, nil, err
			}
			dotPNG = before
			for i, o := range q.Mentioned {
				refs[i] = planner.ObjectRef{ObjectID: realObjectID(m, o), ObjectType: m.Objects[o].Label}
			}
		} else {
			dots := make([]marks.Dot, len(q.Mentioned))
			for i, o := range q.Mentioned {
				obj := &m.Objects[o]
				dots[i] = marks.Dot{X: obj.MarkX, Y: obj.MarkY, Color: c.Colors[i]}
				colors = append(colors, c.Colors[i].Name)
				refs[i] = planner.ObjectRef{ObjectID: realObjectID(m, o), ObjectType: obj.Label, DotColor: colors[i],
					DotXY: [2]float64{obj.MarkX, obj.MarkY}, Mark: obj.Mark}
			}
			if dotPNG, err = encodePNG(marks.Dots(p.F0.Image, dots)); err != nil {
				return nil, nil, err
			}
		}
		mj := measurement
		if c.mjson != "" {
			mj = c.mjson
		}
		qs[k] = export.QuestionRow{ID: q.ID, Split: split, HouseID: p.ID, SceneStyle: "real:" + m.Source, ViewID: 0,
			Category: q.Spec.Category, Image: export.Image{Bytes: before, Path: stem + "_image.png"},
			ImageAfter: export.Image{Bytes: after, Path: stem + "_image_after.png"},
			MotionText: q.MotionText, Question: q.Question, Choices: q.Choices, Answer: q.Answer,
			StaticQuestion: q.StaticQuestion, StaticAnswer: q.StaticAnswer, BeforeAnswer: q.BeforeAnswer, Changed: q.Changed,
			Mover: refs[0], Referenced: refs[1:], Camera: cam, RequestedMotion: motion, RealisedMotion: motion, Settled: true,
			Metrics: c.metrics}
		as[k] = export.RealAnnotationRow{ID: q.ID, PairID: p.ID, Source: m.Source, Width: int32(p.W), Height: int32(p.H),
			ImageBeforeRaw: export.Image{Bytes: im.raw0, Path: stem + "_before_raw" + im.ext0},
			ImageAfterRaw:  export.Image{Bytes: im.raw1, Path: stem + "_after_raw" + im.ext1},
			ImageDots:      export.Image{Bytes: dotPNG, Path: stem + "_dots.png"},
			DotColors:      colors, QuestionDots: c.texts.Question, MotionTextDots: c.texts.Motion,
			Measurement: mj, QuestionSpec: c.spec}
	}
	return qs, as, nil
}

// realBadges are the numbered badges of a pair's marked objects on I0 and,
// for those seen after the move, on I1 (moved with their object).
func realBadges(m *real.Measurement) (b0, b1 []marks.Badge) {
	for _, o := range m.Objects {
		if o.Mark <= 0 {
			continue
		}
		b0 = append(b0, marks.Badge{N: o.Mark, X: o.MarkX, Y: o.MarkY})
		if o.Mask1 >= 0 {
			b1 = append(b1, marks.Badge{N: o.Mark, X: o.MarkX + o.U1 - o.U0, Y: o.MarkY + o.V1 - o.V0})
		}
	}
	return b0, b1
}

// realObjectID names an object in the questions table: obj<mark>, or
// obj-mover for an unmarked mover (obj-<index> for any other unmarked
// object).
func realObjectID(m *real.Measurement, o int) string {
	switch {
	case m.Objects[o].Mark > 0:
		return fmt.Sprintf("obj%d", m.Objects[o].Mark)
	case o == m.Mover:
		return "obj-mover"
	}
	return fmt.Sprintf("obj-%d", o)
}

// realCamera is the camera row of a pair: the camera frame of I0 is the
// world frame (identity pose), the intrinsics are the pair's.
func realCamera(p *real.Pair) export.CameraRow {
	k := p.K
	c := export.CameraRow{FOV: 2 * math.Atan(float64(p.H)/(2*k.Fy)) * 180 / math.Pi, Width: int32(p.W), Height: int32(p.H),
		K: [9]float64{k.Fx, 0, k.Cx, 0, k.Fy, k.Cy, 0, 0, 1}}
	for i := range 4 {
		c.WorldToCamera[5*i] = 1
	}
	return c
}

// rawFrame returns a frame's file as read (PNG or JPEG) with its
// extension, or the decoded image encoded as PNG when the bytes were not
// kept.
func rawFrame(f *real.Frame) ([]byte, string, error) {
	switch {
	case bytes.HasPrefix(f.Encoded, []byte("\x89PNG")):
		return f.Encoded, ".png", nil
	case bytes.HasPrefix(f.Encoded, []byte{0xff, 0xd8}):
		return f.Encoded, ".jpg", nil
	}
	b, err := encodePNG(f.Image)
	return b, ".png", err
}
