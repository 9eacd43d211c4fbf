package score

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Every letter set written in every supported style reads back exactly.
func TestExtractRoundTripAllSets(t *testing.T) {
	styles := []func(ls []string) string{
		func(ls []string) string { return strings.Join(ls, "") },
		func(ls []string) string { return strings.Join(ls, ", ") },
		func(ls []string) string { return "{" + strings.Join(ls, ",") + "}" },
		func(ls []string) string { return "Answer: (" + strings.Join(ls, "), (") + ")" },
		func(ls []string) string {
			return "Reasoning first.\n**Final answer:** " + strings.Join(ls, " and ") + "."
		},
		func(ls []string) string {
			if len(ls) == 1 {
				return ls[0]
			}
			return strings.Join(ls[:len(ls)-1], ", ") + " and " + ls[len(ls)-1]
		},
		func(ls []string) string { return strings.ToLower(strings.Join(ls, ", ")) },
		func(ls []string) string { return "\\boxed{" + strings.Join(ls, ",") + "}" },
	}
	n := 0
	for mask := 1; mask < 1<<MaxChoices; mask++ {
		l := Letters(mask)
		if l.Len() > 3 {
			continue
		}
		var ls []string
		for _, r := range l.String() {
			ls = append(ls, string(r))
		}
		for i, st := range styles {
			reply := st(ls)
			got, ok := Extract(reply)
			if !ok || got != l {
				t.Errorf("style %d: Extract(%q) = %v %v, want %v", i, reply, got, ok, l)
			}
			n++
		}
	}
	if n < 300 {
		t.Fatalf("only %d cases", n)
	}
}

// Random predictors over many seeds: the scorer's Avg equals an
// independent count made from the prompt lines' shown answers.
func TestScoreMatchesPromptAnswers(t *testing.T) {
	qs := simSet(48)
	lines, _, err := BuildPrompts(qs, PromptOptions{Mode: Mode1A, Shuffles: 3})
	if err != nil {
		t.Fatal(err)
	}
	for seed := range 50 {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		var preds []Prediction
		right, missing := 0, 0
		for i, l := range lines {
			if rng.IntN(10) == 0 {
				missing++
				continue
			}
			n := len(l.Letters)
			var guess Letters
			for guess.Len() != len(l.Answer) {
				guess |= 1 << rng.IntN(n)
				if guess.Len() > len(l.Answer) {
					guess = 0
				}
			}
			if rng.IntN(3) == 0 { // sometimes the right answer, in a chatty style
				guess, _ = ParseLetters(l.Answer, n)
			}
			if guess.String() == l.Answer {
				right++
			}
			preds = append(preds, Prediction{ID: l.ID, Shuffle: l.Shuffle, Response: fmt.Sprintf("Thinking...\nAnswer: %s", guess), Line: i + 1})
		}
		r, err := Score(qs, "test", preds, Options{Shuffles: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.Avg.Mean, float64(right)/float64(len(lines))) || r.Missing != missing {
			t.Fatalf("seed %d: avg %v want %v, missing %d want %d", seed, r.Avg.Mean, float64(right)/float64(len(lines)), r.Missing, missing)
		}
	}
}
