package score

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"flowbench/planner"
)

// flipYesNo returns rows with every yes/no answer flipped.
func flipYesNo(rows []AuditRow) []AuditRow {
	out := append([]AuditRow(nil), rows...)
	for i := range out {
		out[i].Answer = map[string]string{"A": "B", "B": "A"}[out[i].Answer]
	}
	return out
}

// Cross-split fitting learns from the fit split's labels only: flipping
// every answer of the evaluated split turns each trained baseline's
// accuracy a into 1 − a (its answers do not change), and flipping the fit
// split's answers does the same (its answers all change).
func TestAuditFitUsesOnlyFitLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var fit, eval []AuditRow
	for i := 0; i < 300; i++ {
		fit = append(fit, glossyRow(rng, fmt.Sprintf("a%d/q%d", i/6, i), fmt.Sprintf("a%d", i/6), rng.IntN(10) < 8))
	}
	for i := 0; i < 120; i++ {
		eval = append(eval, glossyRow(rng, fmt.Sprintf("b%d/q%d", i/6, i), fmt.Sprintf("b%d", i/6), rng.IntN(10) < 7))
	}
	run := func(fit, eval []AuditRow) map[string]float64 {
		rep, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
		if err != nil {
			t.Fatal(err)
		}
		if rep.FitSplit != "train" || rep.FitQuestions != 300 || rep.FitHouses != 50 || rep.Houses != 20 {
			t.Fatalf("fit split %q, %d questions, %d houses; evaluated on %d houses", rep.FitSplit, rep.FitQuestions, rep.FitHouses, rep.Houses)
		}
		return rep.Categories[0].Baselines
	}
	for _, rows := range [][]AuditRow{fit, eval} {
		for i := range rows {
			rows[i].Referenced = []planner.ObjectRef{{ObjectID: "Bowl|2", ObjectType: "Bowl", DotColor: "blue"}}
		}
	}
	base := run(fit, eval)
	if base[BaselineTextLogReg] < 0.95 || base[BaselineMajorityValue] < 0.6 {
		t.Fatalf("baselines %v", base)
	}
	for name, got := range map[string]map[string]float64{"evaluated": run(fit, flipYesNo(eval)), "fit": run(flipYesNo(fit), eval)} {
		for _, b := range trainedBaselines {
			if _, ok := base[b]; !ok {
				t.Fatalf("no %s baseline", b)
			}
			if math.Abs(got[b]-(1-base[b])) > 1e-12 {
				t.Errorf("%s labels flipped: %s %.4f, want 1 − %.4f", name, b, got[b], base[b])
			}
		}
	}
}

// Fitting on a split that shares a house with the evaluated one is
// refused, naming both splits and the house; so is a fit split without
// the evaluated category.
func TestAuditFitRefusesSharedHouses(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	var fit, eval []AuditRow
	for i := 0; i < 40; i++ {
		fit = append(fit, glossyRow(rng, fmt.Sprintf("a%d/q%d", i/4, i), fmt.Sprintf("a%d", i/4), i%2 == 0))
		eval = append(eval, glossyRow(rng, fmt.Sprintf("b%d/q%d", i/4, i), fmt.Sprintf("b%d", i/4), i%2 == 0))
	}
	eval = append(eval, glossyRow(rng, "a3/q99", "a3", true))
	_, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
	if err == nil || !strings.Contains(err.Error(), "split val and fit split train share 1 houses (a3)") {
		t.Errorf("shared house: %v", err)
	}
	eval = eval[:len(eval)-1]
	for i := range eval {
		eval[i].Category = "left_right"
	}
	if _, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions()); err == nil || !strings.Contains(err.Error(), "no left_right questions") {
		t.Errorf("fit split without the category: %v", err)
	}
}

// The table says where the baselines were fitted and prints the new
// columns.
func TestAuditFitTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	var fit, eval []AuditRow
	for i := 0; i < 80; i++ {
		fit = append(fit, typedRow(rng, fmt.Sprintf("a%d/q%d", i/4, i), fmt.Sprintf("a%d", i/4), "occlusion", "Mug", "Book", i%3 > 0))
		eval = append(eval, typedRow(rng, fmt.Sprintf("b%d/q%d", i/4, i), fmt.Sprintf("b%d", i/4), "occlusion", "Mug", "Book", i%3 > 0))
	}
	rep, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	ca := rep.Categories[0]
	ci := Wilson(ca.BestTextOnly*80, 80)
	if ca.BestTextOnlyCI != ci || !(ci.Lo < ca.BestTextOnly && ca.BestTextOnly < ci.Hi) || ca.BestOverChance != ca.BestTextOnly-0.5 {
		t.Errorf("best %.3f, interval %+v (want %+v), over chance %.3f", ca.BestTextOnly, ca.BestTextOnlyCI, ci, ca.BestOverChance)
	}
	var b bytes.Buffer
	if err := WriteAuditTable(&b, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"baselines fitted on split train (80 questions from 20 houses, none of them in val)", "logreg", "type prior", "type pair", "95% CI", "best is"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}
