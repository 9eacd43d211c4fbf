package planner

import (
	"math"
	"strings"

	"flowbench/sim"
)

// ObjMetric is one object's measured state in m0 or m1.
type ObjMetric struct {
	Type             string   `json:"type"`
	Position         sim.Vec3 `json:"position"`
	CentreDistance   float64  `json:"centre_distance"`          // to the mover, eq. 39
	SurfaceClearance float64  `json:"surface_clearance"`        // to the mover, eq. 27
	WallClearance    *float64 `json:"wall_clearance,omitempty"` // eq. 31, mover only
	Pixels           int      `json:"pixels"`                   // visible pixels in the frame
	U                *float64 `json:"u,omitempty"`              // mask centroid, when visible
}

// objectMetrics measures the mover and ids in one state.
func (c *viewCtx) objectMetrics(objs []ObjectMeta, byID map[string]int, m Masks, mover string, ids []string) map[string]ObjMetric {
	mv := &objs[byID[mover]]
	out := map[string]ObjMetric{}
	for _, id := range append([]string{mover}, ids...) {
		o := &objs[byID[id]]
		om := ObjMetric{Type: o.Type, Position: round6v(o.Position), Pixels: m.Pixels(id),
			CentreDistance:   round6(CentreDistance(mv.Position, o.Position)),
			SurfaceClearance: round6(SurfaceClearance(mv.AABB, o.AABB))}
		if id == mover {
			if w, _ := c.st.WallClearance(o.AABB); !math.IsInf(w, 0) {
				w = round6(w)
				om.WallClearance = &w
			}
		}
		if ms, ok := m[id]; ok {
			u := round6(ms.U)
			om.U = &u
		}
		out[id] = om
	}
	return out
}

func round6(x float64) float64    { return math.Round(x*1e6) / 1e6 }
func round6v(v sim.Vec3) sim.Vec3 { return sim.Vec3{round6(v[0]), round6(v[1]), round6(v[2])} }

// newExample fills the parts every category shares: ids, mover and
// referenced objects with their Set-of-Marks dots, camera, motion and motion
// text, and the m0/m1 metrics. It returns false when a named object is not
// framed (framing.go) or the dots cannot be placed unambiguously;
// c.marksWhy then holds the reason.
func (c *viewCtx) newExample(cat Category, e *edit, refIDs []string) (*Example, bool) {
	named := append([]string{e.moverID}, refIDs...)
	if why := c.framingWhy(e, named); why != "" {
		c.marksWhy = why
		return nil, false
	}
	dots, why := c.placeDots(named)
	if why != "" {
		c.marksWhy = why
		return nil, false
	}
	mk := func(id string) ObjectRef {
		m := dots[id]
		return ObjectRef{ObjectID: id, ObjectType: c.obj0(id).Type, DotColor: m.Color.Name, DotXY: [2]float64{m.X, m.Y}}
	}
	ex := &Example{
		Category: cat, CategoryName: cat.String(),
		Mover:           mk(e.moverID),
		Camera:          c.cam,
		RequestedMotion: round6v(e.requested),
		RealisedMotion:  round6v(e.realised),
		Settled:         e.settled,
	}
	for _, id := range refIDs {
		ex.Referenced = append(ex.Referenced, mk(id))
	}
	ex.out = &Outcome{ObjectsBefore: c.objs0, ObjectsAfter: movedOnly(c.objs0, e.objs1)}
	if c.cfg.KeepFrames {
		ex.out.Before, ex.out.After = c.f0, e.f1
	}
	ex.MotionText = MotionText(ex.Mover, c.cam, e.realised, e.settled)
	ex.Metrics = map[string]any{
		"m0": c.objectMetrics(c.objs0, c.byID0, c.m0, e.moverID, refIDs),
		"m1": c.objectMetrics(e.objs1, e.byID1, e.m1, e.moverID, refIDs),
	}
	return ex, true
}

// ref returns the ObjectRef of a referenced id (or the mover).
func (ex *Example) ref(id string) ObjectRef {
	if ex.Mover.ObjectID == id {
		return ex.Mover
	}
	for _, r := range ex.Referenced {
		if r.ObjectID == id {
			return r
		}
	}
	return ObjectRef{ObjectID: id, ObjectType: sim.ObjectTypeFromID(id), DotColor: "?"}
}

// setQA writes the question, its static counterpart, choices and answers.
// stem is the question without its lead-in; the moving question starts
// "After the move, " and the static one "In this image, ".
func (ex *Example) setQA(stem string, choices []string, answer, before string) {
	ex.Choices = choices
	ex.Question = "After the move, " + stem + "\n" + formatChoices(choices)
	ex.StaticQuestion = "In this image, " + stem + "\n" + formatChoices(choices)
	ex.Answer = answer
	ex.StaticAnswer = answer // I1 shows the realised after-state, which decides both
	ex.BeforeAnswer = before
	ex.Changed = before != "" && before != answer
}

// setStaticStem replaces the static question's stem (after "In this
// image, "), for a category whose static question has its own wording.
func (ex *Example) setStaticStem(stem string) {
	ex.StaticQuestion = "In this image, " + stem + "\n" + formatChoices(ex.Choices)
}

// yesNo returns the shuffled yes/no choices and the letters of yes and no.
func (c *viewCtx) yesNo() (choices []string, yes, no string) {
	p := shuffled(c.rng, 2)
	base := []string{"yes", "no"}
	choices = []string{base[p[0]], base[p[1]]}
	for i, ch := range choices {
		if ch == "yes" {
			yes = Letter(i)
		} else {
			no = Letter(i)
		}
	}
	return choices, yes, no
}

// yn returns the letter of a yes/no answer.
func yn(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// capitalise upper-cases the first letter.
func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// NoWall stands in metrics for an infinite wall clearance (no wall along any axis).
const NoWall = 99.0

func finiteOr(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return NoWall
	}
	return x
}
