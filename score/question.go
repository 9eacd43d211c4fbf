package score

import (
	"fmt"
	"math"

	"flowbench/planner"
	"flowbench/sim"
)

// Question is what prompting and scoring need of one dataset question.
type Question struct {
	ID       string
	Split    string
	Category string // stable category name, e.g. "closest_three"

	MotionText     string   // t_m
	Question       string   // t_q: stem, newline, "A. …" lines in Choices order
	StaticQuestion string   // the same question about I1 without motion (mode 2A)
	Choices        []string // choice texts in letter order
	Answer         string   // sorted letters, e.g. "B" or "ABD"
	StaticAnswer   string
	BeforeAnswer   string // answer on the before-state, "" when the category has none
	Changed        bool   // Answer != BeforeAnswer

	Mover      planner.ObjectRef
	Referenced []planner.ObjectRef

	RealisedMotion sim.Vec3 // world displacement of the mover's centre, metres
	CausalGraph    string   // JSON planner.CausalGraph, "" when the row has none

	Image         []byte // PNG: I0 with marks
	ImageAfter    []byte // PNG: I1 with marks
	ImageRaw      []byte // PNG: I0 without marks (named-object prompts), may be nil
	ImageAfterRaw []byte // PNG: I1 without marks, may be nil
}

// QuestionSource yields the questions of one split in a fixed order. It
// returns an error naming the dataset when the split cannot be read.
type QuestionSource func(split string) ([]Question, error)

// Options returns how many distinct answers a uniform guesser could give:
// C(#choices, #answer letters), e.g. 20 for closest-three.
func (q *Question) Options() int {
	n, k := len(q.Choices), len(q.Answer)
	if k == 0 || k > n {
		return max(n, 1)
	}
	return binomial(n, k)
}

// Chance returns the probability that a uniform guess is correct: the
// planner's category chance for a simulated category, otherwise 1/Options.
func (q *Question) Chance() float64 {
	if c, err := planner.ParseCategory(q.Category); err == nil && len(q.Choices) == c.NumChoices() {
		return c.Chance()
	}
	return 1 / float64(q.Options())
}

// MotionLength returns |realised motion| in metres.
func (q *Question) MotionLength() float64 {
	m := q.RealisedMotion
	return math.Sqrt(m[0]*m[0] + m[1]*m[1] + m[2]*m[2])
}

// Validate checks the fields scoring relies on.
func (q *Question) Validate() error {
	if q.ID == "" {
		return fmt.Errorf("question with empty id")
	}
	n := len(q.Choices)
	if n < 2 || n > MaxChoices {
		return fmt.Errorf("question %s: %d choices (want 2..%d)", q.ID, n, MaxChoices)
	}
	for _, a := range []struct{ name, v string }{{"answer", q.Answer}, {"static answer", q.StaticAnswer}, {"before answer", q.BeforeAnswer}} {
		if a.v == "" && a.name != "answer" {
			continue
		}
		if _, err := ParseLetters(a.v, n); err != nil {
			return fmt.Errorf("question %s: %s %q: %w", q.ID, a.name, a.v, err)
		}
	}
	return nil
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}
