package planner

import (
	"math/rand/v2"
	"strings"
)

// badgeStream is the PCG stream of the badge numbering, seeded with the
// example's seed.
const badgeStream = 0x6ad9_e5c1_3b07_4f21

// NumberMarks switches an example from colour dots to the method's
// alternative, numbered badges: each mentioned object gets a number 1..n,
// shuffled from the example's seed so the mover is not always mark 1, and
// every text that names it (question, static question, choices, motion
// text, reasoning) names it by number instead of colour, "the mug (mark
// 2)". The dot colours are cleared; the mark positions stay those the
// planner chose. Examples already numbered are left as they are.
func NumberMarks(ex *Example) {
	var ids []string
	seen := map[string]bool{}
	for _, r := range append([]ObjectRef{ex.Mover}, ex.Referenced...) {
		if r.Mark > 0 {
			return
		}
		if !seen[r.ObjectID] {
			seen[r.ObjectID] = true
			ids = append(ids, r.ObjectID)
		}
	}
	perm := shuffled(rand.New(rand.NewPCG(ex.Seed, badgeStream)), len(ids))
	number := map[string]int{}
	for i, id := range ids {
		number[id] = perm[i] + 1
	}
	var pairs []string
	renumber := func(r *ObjectRef) {
		old := r.Name()
		r.Mark, r.DotColor = number[r.ObjectID], ""
		pairs = append(pairs, old, r.Name(), capitalise(old), capitalise(r.Name()))
	}
	renumber(&ex.Mover)
	for i := range ex.Referenced {
		renumber(&ex.Referenced[i])
	}
	rep := strings.NewReplacer(pairs...)
	ex.Question, ex.StaticQuestion = rep.Replace(ex.Question), rep.Replace(ex.StaticQuestion)
	ex.MotionText, ex.Reasoning = rep.Replace(ex.MotionText), rep.Replace(ex.Reasoning)
	choices := make([]string, len(ex.Choices))
	for i, c := range ex.Choices {
		choices[i] = rep.Replace(c)
	}
	ex.Choices = choices
}
