package score

import "testing"

func TestExtract(t *testing.T) {
	cases := []struct {
		reply string
		want  string // "" = unreadable
	}{
		{"B", "B"},
		{"b", "B"},
		{"B.", "B"},
		{" C \n", "C"},
		{"(B)", "B"},
		{"**B**", "B"},
		{"Answer: (B)", "B"},
		{"answer: b", "B"},
		{"ANSWER: d.", "D"},
		{"The answer is C.", "C"},
		{"Answer - D", "D"},
		{"The answer is: (b)", "B"},
		{"To answer this, look at the lamp.\nB", "B"},
		{"The correct option is E!", "E"},
		{"A, B and D", "ABD"},
		{"ABD", "ABD"},
		{"{A,B,D}", "ABD"},
		{"A, B, D.", "ABD"},
		{"A B D", "ABD"},
		{"(A) (C) (F)", "ACF"},
		{"a, b and d", "ABD"},
		{"A/B/D", "ABD"},
		{"Final answer: **A, C, E**", "ACE"},
		{"Answer: `B`", "B"},
		{"### Answer\nB", "B"},
		{"<think>It could be A.</think>\nB", "B"},
		{"<think>It could be A.", ""},
		{"The box is \\boxed{D}.", "D"},
		{"\\boxed{\\text{A, C, D}}", "ACD"},
		{"The mug moves left.\nAnswer: B because the lamp stays.", "B"},
		{"Answer: B\nThe lamp is further than option A.", "B"},
		{"Let me think.\nThe chair will be closer.\nSo it must be C.", "C"},
		{"...therefore (b).", "B"},
		{"B. yes", "B"},
		{"(A) no", "A"},
		{"A chair is near the table.", ""},
		{"I cannot tell.", ""},
		{"", ""},
		{"A or B", ""},
		{"Answer: A or B", ""},
		{"It is either C or D", ""},
		{"The answer is a bit unclear.", ""},
		{"yes", ""},
		{"Answer: G", ""},
		{"Bed", ""},
	}
	for _, c := range cases {
		l, ok := Extract(c.reply)
		got := ""
		if ok {
			got = l.String()
		}
		if got != c.want {
			t.Errorf("Extract(%q) = %q (ok %v), want %q", c.reply, got, ok, c.want)
		}
	}
}

func TestParseLetters(t *testing.T) {
	if l, err := ParseLetters("DAB", 4); err != nil || l.String() != "ABD" || l.Len() != 3 {
		t.Fatalf("ParseLetters(DAB) = %v %v", l, err)
	}
	for _, bad := range []string{"", "E", "AA", "a", "A,B"} {
		if _, err := ParseLetters(bad, 4); err == nil {
			t.Errorf("ParseLetters(%q, 4) accepted", bad)
		}
	}
}
