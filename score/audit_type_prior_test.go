package score

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"flowbench/planner"
)

// typedRow is a yes/no row of category cat whose mover is of type mover
// (and, when other is not empty, whose one other object is of type other);
// the text names neither type.
func typedRow(rng *rand.Rand, id, house, cat, mover, other string, yes bool) AuditRow {
	r := yesNoRow(id, house, cat, "The object (red dot) moves 0.40 m to the left.", "is the object (red dot) hidden behind the other one (blue dot)?", yes, rng.IntN(2) == 0)
	r.Mover = planner.ObjectRef{ObjectID: mover + "|1", ObjectType: mover, DotColor: "red"}
	if other != "" {
		r.Referenced = []planner.ObjectRef{{ObjectID: other + "|2", ObjectType: other, DotColor: "blue"}}
	}
	return r
}

// A mover of type Mug is always "yes" and a Bowl always "no" in the fit
// split; an unseen type (Plate) falls back to the fit split's majority
// (yes, 60 %). The text says nothing, so the text baselines cannot tell.
func TestAuditTypePriorPerMoverType(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var fit []AuditRow
	for i := 0; i < 100; i++ {
		typ, yes := "Mug", true
		if i%5 >= 3 {
			typ, yes = "Bowl", false
		}
		fit = append(fit, typedRow(rng, fmt.Sprintf("a%d/q%d", i/4, i), fmt.Sprintf("a%d", i/4), "contact_wall", typ, "", yes))
	}
	for _, plateYes := range []bool{true, false} {
		var eval []AuditRow
		for i := 0; i < 50; i++ {
			typ, yes := []string{"Mug", "Bowl", "Plate"}[i%3], false
			switch typ {
			case "Mug":
				yes = true
			case "Plate":
				yes = plateYes
			}
			eval = append(eval, typedRow(rng, fmt.Sprintf("b%d/q%d", i/4, i), fmt.Sprintf("b%d", i/4), "contact_wall", typ, "", yes))
		}
		rep, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
		if err != nil {
			t.Fatal(err)
		}
		ca := rep.Categories[0]
		want := 1.0 // Mug 17, Bowl 17, Plate 16 of 50
		if !plateYes {
			want = 34.0 / 50
		}
		if ca.Baselines[BaselineTypePrior] != want || ca.Baselines[BaselineTextTree] > 0.7 {
			t.Errorf("plates yes %v: type prior %.3f, want %.3f; text tree %.3f", plateYes, ca.Baselines[BaselineTypePrior], want, ca.Baselines[BaselineTextTree])
		}
		if _, ok := ca.Baselines[BaselineTypePairPrior]; ok {
			t.Error("type_pair_prior reported for rows without another object")
		}
	}
}

// Occlusion-style rows whose answer hangs on the pair (a Mug hides a Book,
// never a Cup): the mover type alone says nothing, the pair prior
// everything.
func TestAuditTypePairPrior(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	rows := func(prefix string, n int) []AuditRow {
		var out []AuditRow
		for i := 0; i < n; i++ {
			other := []string{"Book", "Cup"}[rng.IntN(2)]
			out = append(out, typedRow(rng, fmt.Sprintf("%s%d/q%d", prefix, i/4, i), fmt.Sprintf("%s%d", prefix, i/4), "occlusion", "Mug", other, other == "Book"))
		}
		return out
	}
	rep, err := AuditFit("val", rows("b", 200), "train", rows("a", 200), DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	ca := rep.Categories[0]
	if ca.Baselines[BaselineTypePairPrior] != 1 || ca.Baselines[BaselineTypePrior] > 0.6 {
		t.Errorf("type pair prior %.3f (want 1), type prior %.3f (want ≈ 0.5)", ca.Baselines[BaselineTypePairPrior], ca.Baselines[BaselineTypePrior])
	}
}

// Closer-to-style rows: with a Mug the Apple is the answer, with a Bowl
// the Cup, both always among the four choices, named by colour only. The
// per-(mover, choice) type rate finds it; the choice type alone cannot.
func TestAuditTypePriorObjectChoices(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	colours := []string{"red", "green", "blue", "yellow"}
	row := func(id, house string) AuditRow {
		mover := []string{"Mug", "Bowl"}[rng.IntN(2)]
		types := []string{"Apple", "Cup", "Lamp", "Pan"}
		rng.Shuffle(4, func(i, j int) { types[i], types[j] = types[j], types[i] })
		want := "Apple"
		if mover == "Bowl" {
			want = "Cup"
		}
		r := AuditRow{ID: id, HouseID: house, Category: "closer_to", MotionText: "The object (white dot) moves 0.50 m to the left.",
			Question: "After the move, which object is closest to the object (white dot)?", Mover: planner.ObjectRef{ObjectID: mover + "|1", ObjectType: mover},
			Width: 64, Height: 64, Metrics: "{}"}
		for c, typ := range types {
			r.Choices = append(r.Choices, "the object with the "+colours[c]+" dot")
			r.Referenced = append(r.Referenced, planner.ObjectRef{ObjectID: typ + "|2", ObjectType: typ, DotColor: colours[c]})
			r.Question += fmt.Sprintf("\n%c. %s", 'A'+c, r.Choices[c])
			if typ == want {
				r.Answer = string(rune('A' + c))
			}
		}
		return r
	}
	fit, eval := fitEvalRows(200, 4, row)
	rep, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	ca := rep.Categories[0]
	if ca.Baselines[BaselineTypePrior] != 1 || ca.Baselines[BaselineMajorityValue] > 0.65 || ca.Baselines[BaselineTextLogReg] > 0.4 {
		t.Errorf("type prior %.3f (want 1), majority value %.3f (want ≈ 0.5), text_logreg %.3f (want ≈ 0.25)",
			ca.Baselines[BaselineTypePrior], ca.Baselines[BaselineMajorityValue], ca.Baselines[BaselineTextLogReg])
	}
}

// fitEvalRows builds n rows for a fit split (houses a0, a1, …) and n for an
// evaluated split (houses b0, b1, …), perHouse rows a house, with row(id,
// house): two splits without a shared house.
func fitEvalRows(n, perHouse int, row func(id, house string) AuditRow) (fit, eval []AuditRow) {
	for i := 0; i < n; i++ {
		fit = append(fit, row(fmt.Sprintf("a%d/q%d", i/perHouse, i), fmt.Sprintf("a%d", i/perHouse)))
		eval = append(eval, row(fmt.Sprintf("b%d/q%d", i/perHouse, i), fmt.Sprintf("b%d", i/perHouse)))
	}
	return fit, eval
}
