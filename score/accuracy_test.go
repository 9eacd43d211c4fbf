package score

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestScoreHandFixture(t *testing.T) {
	qs := handFixture()
	// responses in original letters; "" = no prediction
	resp := [][2]string{
		{"B", "D"},       // q1: right, wrong (not stale: before is C)
		{"A", "A"},       // q2: right, right
		{"ACD", "ACE"},   // q3: wrong and stale, right
		{"A", ""},        // q4: right, missing
		{"?unsure", "A"}, // q5: unreadable, wrong
	}
	var preds []Prediction
	line := 0
	for i, r := range resp {
		for s, a := range r {
			if a == "" {
				continue
			}
			line++
			text := a
			if !strings.HasPrefix(a, "?") {
				text = "Answer: " + strings.Join(strings.Split(shownLetters(&qs[i], s, a), ""), ", ")
			} else {
				text = "I am not sure."
			}
			preds = append(preds, Prediction{ID: qs[i].ID, Shuffle: s, Response: text, Line: line})
		}
	}
	r, err := Score(qs, "test", preds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, got, want float64) {
		t.Helper()
		if !near(got, want) {
			t.Errorf("%s = %.6f, want %.6f", name, got, want)
		}
	}
	if r.Shuffles != 2 || r.Answers != 9 || r.Missing != 1 || r.Unreadable != 1 {
		t.Errorf("shuffles/answers/missing/unreadable = %d/%d/%d/%d, want 2/9/1/1", r.Shuffles, r.Answers, r.Missing, r.Unreadable)
	}
	check("avg s0", r.Avg.PerShuffle[0], 0.6)
	check("avg s1", r.Avg.PerShuffle[1], 0.4)
	check("avg", r.Avg.Mean, 0.5)
	check("avg std", r.Avg.Std, math.Sqrt(0.02))
	check("avg chance", r.Avg.Chance, (0.25+0.25+0.05+0.5+0.5)/5)
	wantCI := Wilson(2.5, 5)
	if *r.Avg.CI != wantCI {
		t.Errorf("avg CI %v, want %v", *r.Avg.CI, wantCI)
	}
	wantCat := map[string][3]float64{ // mean, std, chance
		"closer_to":     {0.75, math.Sqrt(0.125), 0.25},
		"closest_three": {0.5, math.Sqrt(0.5), 0.05},
		"feasibility":   {0, 0, 0.5},
		"occlusion":     {0.5, math.Sqrt(0.5), 0.5},
	}
	if len(r.Categories) != 4 || r.Categories[0].Name != "closer_to" || r.Categories[3].Name != "occlusion" {
		t.Fatalf("categories %+v", r.Categories)
	}
	for _, c := range r.Categories {
		w := wantCat[c.Name]
		check(c.Name+" mean", c.Mean, w[0])
		check(c.Name+" std", c.Std, w[1])
		check(c.Name+" chance", c.Chance, w[2])
	}
	check("cat-avg", r.CatAvg.Mean, 0.4375)
	check("cat-avg std", r.CatAvg.Std, 0.125/math.Sqrt2)
	check("cat-avg chance", r.CatAvg.Chance, (0.25+0.05+0.5+0.5)/4)
	check("changed", r.Changed.Mean, 0.5)
	check("unchanged", r.Unchanged.Mean, 1)
	if r.Changed.N != 3 || r.Unchanged.N != 1 {
		t.Errorf("changed/unchanged n = %d/%d, want 3/1", r.Changed.N, r.Unchanged.N)
	}
	check("gap", r.Gap, 0.5)
	check("gap mix", r.GapMix, 0.5)
	if r.Stale.Questions != 2 || r.Stale.Wrong != 2 || r.Stale.Stale != 1 {
		t.Errorf("stale %+v, want 2 questions, 2 wrong, 1 stale", r.Stale)
	}
	check("stale rate", r.Stale.Rate, 0.5)
	check("stale chance", r.Stale.Chance, (1.0/3+1.0/19)/2)
	check("short", r.Short.Mean, 0.5)
	check("long", r.Long.Mean, 0.5)
	check("short s0", r.Short.PerShuffle[0], 1)
	check("long s0", r.Long.PerShuffle[0], 1.0/3)
	if r.Short.N != 2 || r.Long.N != 3 {
		t.Errorf("short/long n = %d/%d, want 2/3", r.Short.N, r.Long.N)
	}
}

// simSet is a larger question set over all eight categories.
func simSet(n int) []Question {
	cats := []struct {
		name    string
		choices int
		multi   bool
	}{{"occlusion", 2, false}, {"closer_to", 4, false}, {"contact_wall", 2, false}, {"left_right", 2, false},
		{"feasibility", 2, false}, {"closest_three", 6, true}, {"count_near", 4, false}, {"near_object", 2, false}}
	var qs []Question
	for i := range n {
		c := cats[i%len(cats)]
		ans := string(rune('A' + (i*7)%c.choices))
		if c.multi {
			ans = []string{"ABC", "ACE", "BDF", "CDE"}[i%4]
		}
		before := string(rune('A' + (i*3)%c.choices))
		if c.multi {
			before = "ABD"
		}
		if c.name == "feasibility" {
			before = ""
		}
		qs = append(qs, fixtureQuestion(fmt.Sprintf("house_%03d/v%d/%s", i/8, i%3, c.name), c.name, c.choices, ans, before, float64(i%10)/10))
	}
	return qs
}

func TestPerfectPredictionsScore100(t *testing.T) {
	qs := simSet(64)
	lines, _, err := BuildPrompts(qs, PromptOptions{Mode: Mode1A, Shuffles: 3})
	if err != nil {
		t.Fatal(err)
	}
	var preds []Prediction
	for i, l := range lines {
		preds = append(preds, Prediction{ID: l.ID, Shuffle: l.Shuffle, Response: "**" + l.Answer + "**", Line: i + 1})
	}
	r, err := Score(qs, "test", preds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Avg.Mean != 1 || r.CatAvg.Mean != 1 || r.Missing != 0 || r.Unreadable != 0 || r.Shuffles != 3 {
		t.Fatalf("perfect file: avg %v cat-avg %v missing %d unreadable %d shuffles %d", r.Avg.Mean, r.CatAvg.Mean, r.Missing, r.Unreadable, r.Shuffles)
	}
	for _, c := range r.Categories {
		if c.Mean != 1 || c.Std != 0 {
			t.Errorf("%s: %v ± %v", c.Name, c.Mean, c.Std)
		}
	}
	if r.Stale.Wrong != 0 {
		t.Errorf("perfect file has %d wrong answers", r.Stale.Wrong)
	}
	// chance over the eight categories equally represented = mean of Table 1's chance row
	if !near(r.CatAvg.Chance, (0.25+0.05+0.5+0.25+0.5+0.5+0.5+0.5)/8) {
		t.Errorf("cat-avg chance %v", r.CatAvg.Chance)
	}
}

func TestAlwaysAScoresItsRate(t *testing.T) {
	qs := simSet(80)
	lines, _, err := BuildPrompts(qs, PromptOptions{Mode: Mode1A, Shuffles: 3})
	if err != nil {
		t.Fatal(err)
	}
	// independent path: the prompt lines state the shown answer; "A" is
	// right exactly when the shown answer is "A".
	right := make([]float64, 3)
	perQ := len(qs)
	var preds []Prediction
	for i, l := range lines {
		if l.Answer == "A" {
			right[l.Shuffle]++
		}
		preds = append(preds, Prediction{ID: l.ID, Shuffle: l.Shuffle, Response: "a", Line: i + 1})
	}
	r, err := Score(qs, "test", preds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := (right[0] + right[1] + right[2]) / 3 / float64(perQ)
	if !near(r.Avg.Mean, want) {
		t.Fatalf("always-A avg %v, want %v", r.Avg.Mean, want)
	}
	for s := range 3 {
		if !near(r.Avg.PerShuffle[s], right[s]/float64(perQ)) {
			t.Errorf("shuffle %d: %v, want %v", s, r.Avg.PerShuffle[s], right[s]/float64(perQ))
		}
	}
	for _, c := range r.Categories {
		if c.Name == "closest_three" && c.Mean != 0 {
			t.Errorf("a single letter can never answer closest-three, got %v", c.Mean)
		}
	}
	if want == 0 || want == 1 {
		t.Fatalf("degenerate fixture: rate %v", want)
	}
}

func TestMissingPredictionsCountWrong(t *testing.T) {
	qs := handFixture()
	r, err := Score(qs, "test", []Prediction{{ID: "h/q2", Response: "A", Line: 1}}, Options{Shuffles: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.Missing != 14 || !near(r.Avg.Mean, 1.0/15) || r.Shuffles != 3 {
		t.Fatalf("missing %d avg %v shuffles %d, want 14, 1/15, 3", r.Missing, r.Avg.Mean, r.Shuffles)
	}
	var md strings.Builder
	rep := &Report{Mode: Mode1A, Motion: r}
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "14 of 15 (question, shuffle) pairs had no prediction") {
		t.Errorf("report does not state the missing count:\n%s", md.String())
	}
}

func TestScoreBadInput(t *testing.T) {
	qs := handFixture()
	locate := func(id string) (string, bool) {
		if strings.HasPrefix(id, "train/") {
			return "train", true
		}
		return "", false
	}
	cases := []struct {
		name  string
		preds []Prediction
		opt   Options
		want  []string
	}{
		{"unknown id", []Prediction{{ID: "nope", Line: 3}}, Options{}, []string{"line 3", `unknown question id "nope"`}},
		{"duplicate", []Prediction{{ID: "h/q1", Shuffle: 1, Line: 2}, {ID: "h/q1", Shuffle: 1, Line: 7}}, Options{},
			[]string{"line 7", "duplicate prediction for question h/q1 shuffle 1 (first on line 2)"}},
		{"wrong split by id", []Prediction{{ID: "train/x", Line: 4}}, Options{Locate: locate}, []string{"line 4", `belongs to split "train", not "test"`}},
		{"wrong split field", []Prediction{{ID: "h/q1", Split: "val", Line: 5}}, Options{}, []string{"line 5", `split "val"`}},
		{"shuffle out of range", []Prediction{{ID: "h/q1", Shuffle: 3, Line: 6}}, Options{Shuffles: 3}, []string{"line 6", "shuffle 3"}},
	}
	for _, c := range cases {
		_, err := Score(qs, "test", c.preds, c.opt)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
	}
}

func TestReadPredictions(t *testing.T) {
	ps, err := ReadPredictions(predictionsJSONL(
		`{"id":"a","shuffle":2,"response":"B","latency_ms":12,"usage":{"total_tokens":3}}`,
		``,
		`{"id":"b","response":null}`,
		`{"id":"c","response":"x","shuffle":null,"split":"test"}`), "p.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || ps[0].Shuffle != 2 || ps[0].Line != 1 || ps[1].Line != 3 || ps[1].Response != "" || ps[2].Shuffle != 0 || ps[2].Split != "test" {
		t.Fatalf("read %+v", ps)
	}
	_, err = ReadPredictions(predictionsJSONL(
		`{"id":"a","response":"B"}`,
		`{"id":"a","response":"B"`,
		`{"response":"B"}`,
		`{"id":"c","shuffle":-1,"response":"B"}`,
		`{"id":"d","shuffle":1.5,"response":"B"}`,
		`{"id":"e"}`,
		`{"id":"f","response":7}`), "p.jsonl")
	if err == nil {
		t.Fatal("malformed lines accepted")
	}
	for _, w := range []string{"p.jsonl:2: malformed JSON", `p.jsonl:3: no "id"`, "p.jsonl:4:", "p.jsonl:5:", `p.jsonl:6: question e: no "response"`, `p.jsonl:7: question f: "response" is not a string`} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error lacks %q:\n%v", w, err)
		}
	}
	if strings.Contains(err.Error(), "p.jsonl:1:") {
		t.Errorf("valid line 1 reported: %v", err)
	}
}

func TestImaginationGap(t *testing.T) {
	qs := handFixture()
	motion, err := Score(qs, "test", []Prediction{{ID: "h/q1", Response: "B", Line: 1}, {ID: "h/q4", Response: "A", Line: 2}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	static, err := Score(qs, "test", []Prediction{{ID: "h/q1", Response: "B", Line: 1}, {ID: "h/q2", Response: "A", Line: 2}, {ID: "h/q5", Response: "B", Line: 3}}, Options{Static: true})
	if err != nil {
		t.Fatal(err)
	}
	g, err := ImaginationGap(motion, static)
	if err != nil {
		t.Fatal(err)
	}
	// motion: 2/5, categories closer .5, c3 0, feas 0, occl 1 → cat-avg .375
	// static: 3/5, closer 1, c3 0, feas 1, occl 0 → cat-avg .5
	if !near(g.Avg, 0.2) || !near(g.CatAvg, 0.125) || !near(g.Categories["closer_to"], 0.5) || !near(g.Categories["occlusion"], -1) {
		t.Fatalf("gap %+v", g)
	}
	if _, err := ImaginationGap(motion, &Result{Split: "val"}); err == nil {
		t.Error("gap across splits accepted")
	}
}
