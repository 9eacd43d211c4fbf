package verify

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// Sizes of the agreement run over generated houses.
const (
	agreeHouses    = 64   // at least this many usable houses
	agreeQuestions = 2000 // at least this many questions over them
	agreeShort     = 8    // houses with -short
	agreeImage     = 256  // selected-view image size (pixel rules scale with it)
	agreeScore     = 96   // candidate scoring size
	mutateHouses   = 3    // houses whose records are also corrupted and must be rejected
)

// yesNoCats are the categories answered yes or no.
var yesNoCats = map[string]bool{"occlusion": true, "contact_wall": true, "left_right": true, "feasibility": true, "near_object": true}

// roundTrip returns the example as a dataset stores it (JSON encode/decode).
func roundTrip(t *testing.T, ex *planner.Example) *planner.Example {
	t.Helper()
	b, err := json.Marshal(ex)
	if err != nil {
		t.Fatal(err)
	}
	var out planner.Example
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// mustReject corrupts an example's answer, static answer, before answer and
// changed flag in turn and requires Check to fail on each; it returns how many
// corruptions were tried.
func mustReject(t *testing.T, v *Verifier, ex *planner.Example, out *planner.Outcome) int {
	t.Helper()
	other := func(s string) string {
		if ex.CategoryName == "closest_three" { // swap one letter of the set for one outside it
			for i := range ex.Choices {
				if l := letter(i); !strings.Contains(s, l) {
					return l + s[1:]
				}
			}
		}
		for i := range ex.Choices {
			if l := letter(i); l != s {
				return l
			}
		}
		return s
	}
	n := 0
	for _, field := range []string{"answer", "static", "before", "changed"} {
		bad := *ex
		switch field {
		case "answer":
			bad.Answer = other(ex.Answer)
		case "static":
			bad.StaticAnswer = other(ex.StaticAnswer)
		case "before":
			if ex.BeforeAnswer == "" {
				continue
			}
			bad.BeforeAnswer = other(ex.BeforeAnswer)
		case "changed":
			bad.Changed = !ex.Changed
		}
		n++
		if _, err := v.Check(&bad, out); err == nil {
			t.Errorf("%s: corrupted %s accepted", ex.ID, field)
		}
	}
	return n
}

// imageSizes returns the camera and scoring sizes of the agreement run:
// reduced by default to keep the test short; FLOWBENCH_VERIFY_IMAGE=800
// runs it at the released size (scoring at 200, as DefaultConfig).
func imageSizes(t *testing.T) (int, int) {
	s := os.Getenv("FLOWBENCH_VERIFY_IMAGE")
	if s == "" {
		return agreeImage, agreeScore
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 16 {
		t.Fatalf("FLOWBENCH_VERIFY_IMAGE=%q: want an image size of at least 16", s)
	}
	return n, min(n, planner.DefaultConfig().ScoreSize)
}

func newLocal() *planner.Local {
	return planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}})
}

// TestAgreementOverHouses plans generated procthor houses with the planner
// and recomputes every answer, static answer and before answer with this
// package: agreement must be 100% on at least 2,000 questions over at least
// 64 houses (8 houses with -short, without the count requirements).
func TestAgreementOverHouses(t *testing.T) {
	want := agreeHouses
	if testing.Short() {
		want = agreeShort
	}
	start := time.Now()
	bal := &planner.Balance{}
	perCat := map[string][2]int{} // checked, agreed
	yes := map[string]int{}       // yes/no categories: questions answered "yes"
	variants := map[string]int{}  // plan variants (probe kinds, cover grid, widened counts)
	houses, questions, agreed, mutants := 0, 0, 0, 0
	var bad []string
	for idx := 0; houses < want && idx < 3*want; idx++ {
		h, err := sim.Generate("procthor", 11, idx)
		if err != nil {
			t.Fatal(err)
		}
		cfg := planner.DefaultConfig()
		cfg.HouseID = fmt.Sprintf("verify%d", idx)
		cfg.CameraSize, cfg.ScoreSize = imageSizes(t)
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
			// Verify the stored record (a JSON round trip), not the in-memory one.
			ex := roundTrip(t, &exs[i])
			if houses <= mutateHouses {
				mutants += mustReject(t, v, ex, &outs[i])
			}
			if _, err := v.Check(ex, &outs[i]); err != nil {
				bad = append(bad, err.Error())
			} else {
				c[1]++
				agreed++
				if l, err := choiceLetter(ex, "yes"); err == nil && l == ex.Answer {
					yes[ex.CategoryName]++
				}
			}
			perCat[exs[i].CategoryName] = c
			variants[variantOf(ex)]++
		}
	}
	names := make([]string, 0, len(perCat))
	for k := range perCat {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, yn := yesNoCats[k]; yn {
			t.Logf("%-14s %4d questions, %4d agree, %4d yes", k, perCat[k][0], perCat[k][1], yes[k])
		} else {
			t.Logf("%-14s %4d questions, %4d agree", k, perCat[k][0], perCat[k][1])
		}
	}
	vnames := make([]string, 0, len(variants))
	for k := range variants {
		if k != "" {
			vnames = append(vnames, k)
		}
	}
	sort.Strings(vnames)
	for _, k := range vnames {
		t.Logf("variant %-32s %4d", k, variants[k])
	}
	t.Logf("%d houses, %d questions, %d agree, %d corrupted records rejected (%.1fs)", houses, questions, agreed, mutants, time.Since(start).Seconds())
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
	// Both classes of every yes/no category must have been checked.
	for k := range yesNoCats {
		if n := perCat[k][0]; !testing.Short() && (yes[k] == 0 || yes[k] == n) {
			t.Errorf("%s: %d of %d answers are yes; both classes must be exercised", k, yes[k], n)
		}
	}
	if len(perCat) != 8 {
		t.Errorf("questions from %d categories, want all 8: %v", len(perCat), names)
	}
}

// variantOf names the plan variant of an example for the run's log:
// feasibility probe kind and answer, occlusion plan, widened count-near
// answers; "" for the rest.
func variantOf(ex *planner.Example) string {
	switch ex.CategoryName {
	case "feasibility":
		pm, _ := ex.Metrics["probe"].(map[string]any)
		kind, _ := pm["kind"].(string)
		ans := "no"
		if l, err := choiceLetter(ex, "yes"); err == nil && l == ex.Answer {
			ans = "yes"
		}
		return "feasibility/" + kind + "/" + ans
	case "occlusion":
		p, _ := ex.Metrics["plan"].(string)
		return "occlusion/" + p
	case "count_near":
		if r, _ := ex.Metrics["answer_set_relaxed"].(bool); r {
			return "count_near/answer_set_relaxed"
		}
	}
	return ""
}

// TestAgreementFullPath plans a few houses with the full search budgets
// (cfg.Full: the full path's probe lengths and downward probes) and requires
// 100% agreement; skipped with -short.
func TestAgreementFullPath(t *testing.T) {
	if testing.Short() {
		t.Skip("full-path agreement plans extra houses; skipped with -short")
	}
	bal := &planner.Balance{}
	questions, kinds := 0, map[string]int{}
	for idx := 0; idx < 4; idx++ {
		h, err := sim.Generate("procthor", 13, idx)
		if err != nil {
			t.Fatal(err)
		}
		cfg := planner.DefaultConfig()
		cfg.HouseID = fmt.Sprintf("full%d", idx)
		cfg.CameraSize, cfg.ScoreSize = agreeImage, agreeScore
		cfg.KeepFrames, cfg.Full, cfg.Balance = true, true, bal
		exs, outs, rep, err := planner.PlanHouse(newLocal(), h, cfg)
		if err != nil {
			t.Fatalf("house %d: %v", idx, err)
		}
		if rep.Bad != "" {
			continue
		}
		v, err := New(h, newLocal)
		if err != nil {
			t.Fatal(err)
		}
		for i := range exs {
			questions++
			if k := variantOf(&exs[i]); k != "" {
				kinds[k]++
			}
			if _, err := v.Check(roundTrip(t, &exs[i]), &outs[i]); err != nil {
				t.Error(err)
			}
		}
	}
	t.Logf("%d questions; variants %v", questions, kinds)
	if questions == 0 {
		t.Error("no questions from the full path")
	}
}
