package mine

import (
	"slices"
	"testing"
)

// TestPromptListsMatchB2: the embedded lists have B.2's counts and generic
// fallbacks, without repeats.
func TestPromptListsMatchB2(t *testing.T) {
	p, err := Prompts()
	if err != nil {
		t.Fatal(err)
	}
	for name, l := range map[string][]string{"kitchen": p.Kitchen, "household": p.Household} {
		s := slices.Clone(l)
		slices.Sort(s)
		if len(slices.Compact(s)) != len(l) {
			t.Errorf("%s list repeats a noun: %v", name, l)
		}
	}
}

// TestTaskNouns: the runs of words that are not articles, verbs,
// prepositions or directions.
func TestTaskNouns(t *testing.T) {
	for task, want := range map[string][]string{
		"move the red cup to the left of the bowl":     {"red cup", "bowl"},
		"Put the corn on the towel.":                   {"corn", "towel"},
		"push blue block next to the green star":       {"blue block", "green star"},
		"pick coke can":                                {"coke can"},
		"move the cup and the cup to the right of cup": {"cup"},
		"": nil,
	} {
		if got := TaskNouns(task); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", task, got, want)
		}
	}
}
