package score

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/planner"
)

// With one binary feature the penalised optimum has a closed form: the
// gradient in the bias and in the weight vanish, so the model's predicted
// positives equal the observed ones over all samples, and over the
// samples with the feature they fall short of the observed ones by λw.
// With a vanishing penalty the predictions are the two groups' rates.
func TestLogRegOptimumOneFeature(t *testing.T) {
	names := []string{"q:w:glossy"}
	var X [][]float64
	var y []bool
	// With the word: 30 samples, 24 positive; without: 50 samples, 10 positive.
	for i := 0; i < 80; i++ {
		on := i < 30
		x := 0.0
		if on {
			x = 1
		}
		X = append(X, []float64{x})
		y = append(y, (on && i < 24) || (!on && i >= 70))
	}
	train := make([]int, len(X))
	for i := range train {
		train[i] = i
	}
	for _, lambda := range []float64{1e-9, 1, 10} {
		m, err := fitLogReg(names, X, y, train, lambda, 1)
		if err != nil {
			t.Fatal(err)
		}
		p1, p0 := m.predict([]float64{1}), m.predict([]float64{0})
		if len(m.w) != 1 {
			t.Fatalf("%d weights, want 1", len(m.w))
		}
		if d := 30*p1 + 50*p0 - 34; math.Abs(d) > 1e-4 {
			t.Errorf("λ %g: predicted positives %.6f, observed 34", lambda, 30*p1+50*p0)
		}
		if d := 30*p1 - 24 + lambda*m.w[0]; math.Abs(d) > 1e-6 {
			t.Errorf("λ %g: 30 p1 − 24 + λw = %g, want 0", lambda, d)
		}
		if lambda < 1e-6 && (math.Abs(p1-0.8) > 1e-4 || math.Abs(p0-0.2) > 1e-4) {
			t.Errorf("unpenalised: p1 %.5f p0 %.5f, want 0.8 and 0.2", p1, p0)
		}
		if lambda >= 1 && !(p1 < 0.8 && p0 > 0.2) {
			t.Errorf("λ %g: p1 %.4f p0 %.4f should shrink toward each other", lambda, p1, p0)
		}
	}
}

// The design standardises numbers, marks absent ones, keeps words seen in
// at least minCount samples (and missing from as many), drops constants
// and adds an indicator per letter index.
func TestLogRegDesign(t *testing.T) {
	names := []string{"c:idx", "c:n", "m:right", "q:w:always", "q:w:rare", "q:w:some"}
	X := [][]float64{
		{0, 2, 0.5, 1, 1, 1},
		{1, missingValue, -0.5, 1, 0, 1},
		{2, 4, 0.5, 1, 0, 0},
		{0, 6, -0.5, 1, 0, 0},
	}
	cols := logRegDesign(names, X, []int{0, 1, 2, 3}, 2)
	var got []string
	for _, c := range cols {
		got = append(got, fmt.Sprintf("%s/%d/%g", names[c.feature], c.kind, c.level))
	}
	want := []string{"c:idx/1/0", "c:idx/3/0", "c:idx/3/1", "c:idx/3/2", "c:n/2/0", "c:n/1/0", "m:right/1/0", "q:w:some/0/0"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("columns %v, want %v", got, want)
	}
	cn := cols[5] // c:n over 2, 4, 6: mean 4, sd √(8/3)
	if math.Abs(cn.value(6)-2/math.Sqrt(8.0/3)) > 1e-12 || cn.value(missingValue) != 0 {
		t.Errorf("c:n column reads 6 as %g, absent as %g", cn.value(6), cn.value(missingValue))
	}
}

// glossyRow is a yes/no row whose answer is yes iff its stem says
// "glossy", with the rest of the stem random words.
func glossyRow(rng *rand.Rand, id, house string, glossy bool) AuditRow {
	filler := []string{"shiny", "round", "tall", "small", "wooden", "metal", "old", "new"}
	w := "matte"
	if glossy {
		w = "glossy"
	}
	stem := fmt.Sprintf("is the %s %s %s mug (red dot) near the bowl (blue dot)?", filler[rng.IntN(8)], w, filler[rng.IntN(8)])
	return yesNoRow(id, house, "near_object", fmt.Sprintf("The mug (red dot) moves 0.%d0 m to the left.", 1+rng.IntN(8)), stem, glossy, rng.IntN(2) == 0)
}

// One word that gives the answer away is found by the logistic regression
// fitted on another split and evaluated on held-out houses.
func TestAuditLogRegFindsGivingWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var fit, eval []AuditRow
	for i := 0; i < 400; i++ {
		fit = append(fit, glossyRow(rng, fmt.Sprintf("a%d/q%d", i/8, i), fmt.Sprintf("a%d", i/8), rng.IntN(2) == 0))
	}
	for i := 0; i < 200; i++ {
		eval = append(eval, glossyRow(rng, fmt.Sprintf("b%d/q%d", i/8, i), fmt.Sprintf("b%d", i/8), rng.IntN(2) == 0))
	}
	rep, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	if acc := rep.Categories[0].Baselines[BaselineTextLogReg]; acc < 0.95 {
		t.Errorf("text_logreg %.3f on a giving word, want ≥ 0.95", acc)
	}
}

// Closest-three-style questions whose three answer objects are always of
// the "near" types: the logistic regression scores each (question,
// choice) pair from the choice's words and picks the top three.
func TestAuditLogRegPicksTopThree(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	near := []string{"Apple", "Bowl", "Cup", "Egg", "Fork"}
	far := []string{"Kettle", "Lamp", "Pan", "Plate", "Spoon"}
	row := func(id, house string) AuditRow {
		var refs []planner.ObjectRef
		for _, set := range [][]string{near, far} {
			p := rng.Perm(len(set))
			for _, k := range p[:3] {
				refs = append(refs, planner.ObjectRef{ObjectID: set[k] + "|1", ObjectType: set[k]})
			}
		}
		rng.Shuffle(len(refs), func(i, j int) { refs[i], refs[j] = refs[j], refs[i] })
		var choices []string
		ans := ""
		q := "After the move, which three objects are closest to the mug?"
		for c, o := range refs {
			choices = append(choices, "the "+planner.TypeWords(o.ObjectType))
			q += fmt.Sprintf("\n%c. %s", 'A'+c, choices[c])
			for _, n := range near {
				if n == o.ObjectType {
					ans += string(rune('A' + c))
				}
			}
		}
		return AuditRow{ID: id, HouseID: house, Category: "closest_three", MotionText: "The mug (red dot) moves 0.50 m to the left.",
			Question: q, Choices: choices, Answer: ans, Mover: planner.ObjectRef{ObjectID: "Mug|1", ObjectType: "Mug"},
			Referenced: refs, Width: 64, Height: 64, Metrics: "{}"}
	}
	fit, eval := fitEvalRows(200, 5, row)
	rep, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	ca := rep.Categories[0]
	if ca.Chance != 1.0/20 || ca.Baselines[BaselineTextLogReg] != 1 || ca.Baselines[BaselineTypePrior] != 1 {
		t.Errorf("chance %.3f, text_logreg %.3f, type_prior %.3f; want 0.05, 1, 1", ca.Chance, ca.Baselines[BaselineTextLogReg], ca.Baselines[BaselineTypePrior])
	}
	if ca.Baselines[BaselineMajorityLetter] > 0.2 {
		t.Errorf("majority letter %.3f on shuffled letters", ca.Baselines[BaselineMajorityLetter])
	}
}

// With answers drawn independently of a text full of words and numbers,
// the cross-validated logistic regression stays within a few points of
// chance.
func TestAuditLogRegNoiseStaysAtChance(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	words := []string{"red", "blue", "green", "mug", "bowl", "cup", "left", "right", "near", "far", "table", "shelf", "small", "large", "old", "new"}
	var rows []AuditRow
	for i := 0; i < 2000; i++ {
		stem := "is the"
		for k := 0; k < 4; k++ {
			stem += " " + words[rng.IntN(len(words))]
		}
		stem += fmt.Sprintf(" within %.2f m?", 0.2+0.1*float64(rng.IntN(8)))
		motion := fmt.Sprintf("The mug moves 0.%d0 m to the %s.", 1+rng.IntN(8), []string{"left", "right"}[rng.IntN(2)])
		rows = append(rows, yesNoRow(fmt.Sprintf("h%d/q%d", i/10, i), fmt.Sprintf("h%d", i/10), "near_object", motion, stem, rng.IntN(2) == 0, rng.IntN(2) == 0))
	}
	ca := auditOf(t, rows)
	if acc := ca.Baselines[BaselineTextLogReg]; math.Abs(acc-0.5) > 0.04 {
		t.Errorf("text_logreg %.3f on answers independent of the text, want 0.5 ± 0.04", acc)
	}
}
