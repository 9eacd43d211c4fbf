// Package verify is a second, deliberately small implementation of the
// eight answer rules of Appendix A.2 (FlowBench). It recomputes the answer
// of a planned example from the realised outcome alone — the object
// metadata before and after the edit, the before/after instance-id frames,
// the house walls and, for feasibility, a replay of the named probe in a
// fresh simulator — and compares it with the letters the planner stored.
//
// It shares no code with the planner's rules: it uses the planner package
// only for its record types (Example, Outcome, ObjectMeta, Frame) and, for
// the probe replay, its in-process simulator backend (NewLocal); from sim it
// uses only data types and the scene's wall list as data. Every quantity
// (cover rate, AABB gap, wall clearance, mask centroid, centre distance,
// camera-frame direction) is re-derived here from its definition.
package verify

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"flowbench/planner"
	"flowbench/sim"
)

// Thresholds of the method that the verifier checks the question text against.
const (
	TauOcc  = 0.30 // cover-rate threshold, eq. 21
	TauWall = 0.22 // metres, contact threshold, eq. 32
	EpsPen  = 0.02 // metres, probe wall-penetration tolerance (A.2.5)
)

// Result is the verifier's own reading of one example.
type Result struct {
	Answer string // letters of the realised answer (after-state)
	// Before is the letters of the answer on the before-state, "" where the
	// category has none (occlusion, feasibility) or the before count is not
	// among the choices (count-near).
	Before string
	// Changed reports whether the realised answer differs from the
	// before-state's: Answer ≠ Before where there is a before answer, and for
	// count-near whether the count changed (even when the before count is not
	// a choice).
	Changed bool
	Detail  string // the deciding quantities, for reports
	// Static is the letters of the static (2A) answer where it differs in
	// kind from Answer (occlusion with Outcome.WithoutMover); "" means the
	// same as Answer.
	Static string
}

// Verifier recomputes answers for the examples of one house.
type Verifier struct {
	house  *sim.House
	walls  []wallPiece
	newSim func() *planner.Local
}

// New prepares a verifier for a house: it cuts the house's walls into solid
// pieces (door and window holes open). newSim gives a fresh simulator for
// feasibility replays; nil uses planner.NewLocal with default options.
func New(h *sim.House, newSim func() *planner.Local) (*Verifier, error) {
	sc, err := sim.NewScene(h)
	if err != nil {
		return nil, fmt.Errorf("verify: house: %w", err)
	}
	if newSim == nil {
		newSim = func() *planner.Local { return planner.NewLocal(planner.LocalOptions{}) }
	}
	return &Verifier{house: h, walls: solidPieces(sc.Walls), newSim: newSim}, nil
}

// Recompute derives the answer of ex from out on its own.
func (v *Verifier) Recompute(ex *planner.Example, out *planner.Outcome) (Result, error) {
	st := newStates(out)
	if _, ok := st.before[ex.Mover.ObjectID]; !ok {
		return Result{}, fmt.Errorf("%s: mover %q not in the before-state", ex.ID, ex.Mover.ObjectID)
	}
	for _, r := range ex.Referenced {
		if _, ok := st.before[r.ObjectID]; !ok {
			return Result{}, fmt.Errorf("%s: referenced %q not in the before-state", ex.ID, r.ObjectID)
		}
	}
	switch ex.CategoryName {
	case "occlusion":
		return occlusion(ex, out)
	case "closer_to":
		return closerTo(ex, st)
	case "contact_wall":
		return v.contactWall(ex, st)
	case "left_right":
		return leftRight(ex, out)
	case "feasibility":
		return v.feasibility(ex, out, st)
	case "closest_three":
		return closestThree(ex, st)
	case "count_near":
		return countNear(ex, st)
	case "near_object":
		return nearObject(ex, st)
	}
	return Result{}, fmt.Errorf("%s: unknown category %q", ex.ID, ex.CategoryName)
}

// Check recomputes ex and compares it with the stored answer, the static
// (mode 2A) answer, which asks the same about I1, and the before answer.
func (v *Verifier) Check(ex *planner.Example, out *planner.Outcome) (Result, error) {
	r, err := v.Recompute(ex, out)
	if err != nil {
		return r, err
	}
	if ex.CategoryName != "count_near" {
		r.Changed = r.Before != "" && r.Before != r.Answer
	}
	switch {
	case r.Answer != ex.Answer:
		return r, fmt.Errorf("%s: answer %q, verifier %q (%s)", ex.ID, ex.Answer, r.Answer, r.Detail)
	case r.Static == "" && ex.StaticAnswer != r.Answer:
		return r, fmt.Errorf("%s: static answer %q, verifier %q (%s)", ex.ID, ex.StaticAnswer, r.Answer, r.Detail)
	case r.Static != "" && ex.StaticAnswer != r.Static:
		return r, fmt.Errorf("%s: static answer %q, verifier %q (%s)", ex.ID, ex.StaticAnswer, r.Static, r.Detail)
	case ex.BeforeAnswer != r.Before:
		return r, fmt.Errorf("%s: before answer %q, verifier %q (%s)", ex.ID, ex.BeforeAnswer, r.Before, r.Detail)
	case ex.Changed != r.Changed:
		return r, fmt.Errorf("%s: changed %v, verifier %v (%s)", ex.ID, ex.Changed, r.Changed, r.Detail)
	}
	return r, nil
}

// states holds every object's pose before and after the edit.
type states struct {
	before, after map[string]planner.ObjectMeta
}

// newStates builds the before map from ObjectsBefore and the after map by
// overriding it with ObjectsAfter (which lists only objects that moved).
func newStates(out *planner.Outcome) states {
	s := states{before: map[string]planner.ObjectMeta{}, after: map[string]planner.ObjectMeta{}}
	for _, o := range out.ObjectsBefore {
		s.before[o.ID] = o
		s.after[o.ID] = o
	}
	for _, o := range out.ObjectsAfter {
		s.after[o.ID] = o
	}
	return s
}

// letter is the choice letter of index i.
func letter(i int) string { return string(rune('A' + i)) }

// choiceLetter returns the letter of the choice whose text is exactly text.
func choiceLetter(ex *planner.Example, text string) (string, error) {
	for i, c := range ex.Choices {
		if c == text {
			return letter(i), nil
		}
	}
	return "", fmt.Errorf("%s: no choice %q among %q", ex.ID, text, ex.Choices)
}

// yesNo maps a yes/no truth to its letter.
func yesNo(ex *planner.Example, b bool) (string, error) {
	if b {
		return choiceLetter(ex, "yes")
	}
	return choiceLetter(ex, "no")
}

// checkOptionOrder verifies that choice i names Referenced[i] (its dot
// colour appears in the choice text), so letters map to objects correctly.
func checkOptionOrder(ex *planner.Example) error {
	if len(ex.Choices) != len(ex.Referenced) {
		return fmt.Errorf("%s: %d choices for %d referenced objects", ex.ID, len(ex.Choices), len(ex.Referenced))
	}
	for i, r := range ex.Referenced {
		if !strings.Contains(ex.Choices[i], "("+r.DotColor+" dot)") {
			return fmt.Errorf("%s: choice %s %q does not name %s (%s dot)", ex.ID, letter(i), ex.Choices[i], r.ObjectID, r.DotColor)
		}
	}
	return nil
}

// parseNumber finds the first match of re in s and parses group 1.
func parseNumber(ex *planner.Example, re *regexp.Regexp, what string) (float64, error) {
	m := re.FindStringSubmatch(ex.Question)
	if m == nil {
		return 0, fmt.Errorf("%s: no %s in question %q", ex.ID, what, ex.Question)
	}
	x, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %s %q: %v", ex.ID, what, m[1], err)
	}
	return x, nil
}

// dotOrder checks that the question mentions the mover's dot before the
// first referenced object's dot (A is the mover, B/L the other object).
func dotOrder(ex *planner.Example) error {
	if len(ex.Referenced) == 0 {
		return nil
	}
	i := strings.Index(ex.Question, "("+ex.Mover.DotColor+" dot)")
	j := strings.LastIndex(ex.Question, "("+ex.Referenced[0].DotColor+" dot)")
	if i < 0 || j < 0 || i >= j {
		return fmt.Errorf("%s: question %q does not name the mover (%s dot) before %s (%s dot)",
			ex.ID, ex.Question, ex.Mover.DotColor, ex.Referenced[0].ObjectID, ex.Referenced[0].DotColor)
	}
	return nil
}
