package planner

import (
	"math"
	"strings"
	"testing"
)

func mkEx(cat Category, answer string, choices []string, flip bool) Example {
	return Example{Category: cat, CategoryName: cat.String(), Answer: answer, Choices: choices, Flip: flip}
}

func TestStatsCounts(t *testing.T) {
	yn := []string{"yes", "no"}
	ny := []string{"no", "yes"}
	var exs []Example
	// Occlusion: 8 yes, 2 no (letters vary with the shuffle).
	for i := 0; i < 8; i++ {
		if i%2 == 0 {
			exs = append(exs, mkEx(Occlusion, "A", yn, false))
		} else {
			exs = append(exs, mkEx(Occlusion, "B", ny, false))
		}
	}
	exs = append(exs, mkEx(Occlusion, "B", yn, false), mkEx(Occlusion, "A", ny, false))
	// Closest three: 4 examples, 3 flips.
	for i := 0; i < 4; i++ {
		exs = append(exs, mkEx(ClosestThree, "ABD", make([]string, 6), i < 3))
	}
	r := Stats(exs)
	if r.Total != 14 || len(r.Categories) != 2 {
		t.Fatalf("report %+v", r)
	}
	occ, c3 := r.Categories[0], r.Categories[1]
	if occ.Count != 10 || math.Abs(*occ.NoRate-0.2) > 1e-12 || occ.FlipRate != nil {
		t.Errorf("occlusion stats %+v", occ)
	}
	if math.Abs(*c3.FlipRate-0.75) > 1e-12 || c3.Letters["A"] != 4 || c3.Letters["D"] != 4 {
		t.Errorf("closest-three stats %+v", c3)
	}
	want := (10*0.5 + 4*0.05) / 14
	if math.Abs(r.ChanceOverall-want) > 1e-12 {
		t.Errorf("chance %v, want %v", r.ChanceOverall, want)
	}
	if !strings.Contains(r.String(), "closest_three") {
		t.Error("table misses a category")
	}
}

func TestStatsProblems(t *testing.T) {
	var exs []Example
	for i := 0; i < 200; i++ { // all "yes": no-rate 0 vs 0.5
		exs = append(exs, mkEx(NearObject, "A", []string{"yes", "no"}, true))
	}
	for i := 0; i < 60; i++ { // always letter A, never a flip
		exs = append(exs, mkEx(CountNear, "A", []string{"2", "3", "4", "5"}, false))
	}
	p := Stats(exs).Problems()
	if len(p) != 4 {
		t.Fatalf("problems %q, want near no-rate, near flip, count flip, count letter", p)
	}
}

func TestConfigValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []func(*Config){
		func(c *Config) { c.Categories = nil },
		func(c *Config) { c.Categories = []Category{Occlusion, Occlusion} },
		func(c *Config) { c.Categories = []Category{NumCategories} },
		func(c *Config) { c.VisiblePixels = 0 },
		func(c *Config) { c.FPSPerRoom = 0 },
		func(c *Config) { c.Views = -1 },
	}
	for i, f := range bad {
		c := DefaultConfig()
		f(&c)
		if c.Validate() == nil {
			t.Errorf("case %d: bad config accepted", i)
		}
	}
}
