package score

import (
	"fmt"
	"strings"

	"flowbench/planner"
	"flowbench/sim"
)

// fixtureQuestion builds a question in the planner's text format.
func fixtureQuestion(id, cat string, n int, answer, before string, motion float64) Question {
	choices := make([]string, n)
	for i := range choices {
		choices[i] = fmt.Sprintf("the object %c (%s dot)", 'a'+i, []string{"red", "blue", "green", "yellow", "light blue", "pink"}[i])
	}
	stem := "which object is it?"
	return Question{
		ID: id, Split: "test", Category: cat,
		MotionText:     "Move the mug (red dot) 0.50 m to the left.",
		Question:       "After the move, " + stem + "\n" + formatChoices(choices),
		StaticQuestion: "In this image, " + stem + "\n" + formatChoices(choices),
		Choices:        choices, Answer: answer, StaticAnswer: answer, BeforeAnswer: before,
		Changed:        before != "" && before != answer,
		Mover:          planner.ObjectRef{ObjectID: "Mug|1", ObjectType: "Mug", DotColor: "red"},
		RealisedMotion: sim.Vec3{motion * 0.6, 0, -motion * 0.8},
		Image:          []byte("png-before-" + id), ImageAfter: []byte("png-after-" + id),
		ImageRaw: []byte("raw-before-" + id), ImageAfterRaw: []byte("raw-after-" + id),
	}
}

// handFixture is the five-question set whose scores are worked out by hand
// in TestScoreHandFixture.
func handFixture() []Question {
	return []Question{
		fixtureQuestion("h/q1", "closer_to", 4, "B", "C", 0.2),
		fixtureQuestion("h/q2", "closer_to", 4, "A", "A", 0.8),
		fixtureQuestion("h/q3", "closest_three", 6, "ACE", "ACD", 0.5),
		fixtureQuestion("h/q4", "occlusion", 2, "A", "B", 0.3),
		fixtureQuestion("h/q5", "feasibility", 2, "B", "", 1.0),
	}
}

// shownLetters converts original letters to the letters shown in shuffle k.
func shownLetters(q *Question, k int, orig string) string {
	l, err := ParseLetters(orig, len(q.Choices))
	if err != nil {
		panic(err)
	}
	s, _ := l.Map(Inverse(Shuffle(q.ID, len(q.Choices), k)))
	return s.String()
}

// predictionsJSONL renders predictions as a JSONL file body.
func predictionsJSONL(lines ...string) *strings.Reader {
	return strings.NewReader(strings.Join(lines, "\n") + "\n")
}
