package verify

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// Sizes of the agreement run over generated houses.
const (
	agreeHouses    = 50   // at least this many usable houses
	agreeQuestions = 2000 // at least this many questions over them
	agreeShort     = 8    // houses with -short
	agreeImage     = 128  // selected-view image size (pixel rules scale with it)
	agreeScore     = 96   // candidate scoring size
)

func newLocal() *planner.Local {
	return planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}})
}

// TestAgreementOverHouses plans generated procthor houses with the planner
// and recomputes every answer, static answer and before answer with this
// package: agreement must be 100% on at least 2,000 questions over at least
// 50 houses (8 houses with -short, without the count requirements).
func TestAgreementOverHouses(t *testing.T) {
	want := agreeHouses
	if testing.Short() {
		want = agreeShort
	}
	start := time.Now()
	bal := &planner.Balance{}
	perCat := map[string][2]int{} // checked, agreed
	houses, questions, agreed := 0, 0, 0
	var bad []string
	for idx := 0; houses < want && idx < 3*want; idx++ {
		h, err := sim.Generate("procthor", 11, idx)
		if err != nil {
			t.Fatal(err)
		}
		cfg := planner.DefaultConfig()
		cfg.HouseID = fmt.Sprintf("verify%d", idx)
		cfg.CameraSize, cfg.ScoreSize = agreeImage, agreeScore
		cfg.KeepFrames = true
		cfg.Balance = bal
		exs, outs, rep, err := planner.PlanHouse(newLocal(), h, cfg)
		if err != nil {
			t.Fatalf("house %d: %v", idx, err)
		}
		if rep.Bad != "" || len(exs) == 0 {
			continue
		}
		houses++
		v, err := New(h, newLocal)
		if err != nil {
			t.Fatal(err)
		}
		for i := range exs {
			questions++
			c := perCat[exs[i].CategoryName]
			c[0]++
			if _, err := v.Check(&exs[i], &outs[i]); err != nil {
				bad = append(bad, err.Error())
			} else {
				c[1]++
				agreed++
			}
			perCat[exs[i].CategoryName] = c
		}
	}
	names := make([]string, 0, len(perCat))
	for k := range perCat {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Logf("%-14s %4d questions, %4d agree", k, perCat[k][0], perCat[k][1])
	}
	t.Logf("%d houses, %d questions, %d agree (%.1fs)", houses, questions, agreed, time.Since(start).Seconds())
	for i, b := range bad {
		if i == 20 {
			t.Errorf("... and %d more", len(bad)-20)
			break
		}
		t.Error(b)
	}
	if houses < want {
		t.Errorf("only %d usable houses, want %d", houses, want)
	}
	if !testing.Short() && questions < agreeQuestions {
		t.Errorf("only %d questions, want at least %d", questions, agreeQuestions)
	}
	if len(perCat) != 8 {
		t.Errorf("questions from %d categories, want all 8: %v", len(perCat), names)
	}
}
