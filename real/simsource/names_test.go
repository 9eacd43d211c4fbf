package simsource

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"flowbench/real"
)

// TestNamedAgreement checks named-object questions (B.4.9) on simulated
// pairs against exact geometry, with names from the labels and B.4.9's
// name rules: at least 95 % agree at each noise level (real check
// --named over 300 pairs gives 99.6 % without noise and 100 % with the
// default noise), every one carries the direction note and names no mark,
// and no name the rules reject is used (40 pairs per level, 24 with
// -short).
func TestNamedAgreement(t *testing.T) {
	pairs, least := 40, 20
	if testing.Short() {
		pairs, least = 24, 8
	}
	for _, lv := range []NoiseLevel{NoiseNone, NoiseDefault} {
		agree, total := 0, 0
		for i := range pairs {
			p, tr, err := Generate(3, i, lv)
			if err != nil {
				t.Fatal(err)
			}
			m, _, skip := real.Process(p, real.Options{Seed: 3})
			if skip != nil {
				continue
			}
			names, rej := real.AcceptNames(p, m, OracleNames(m))
			for _, r := range rej {
				if names[r.Object] != "" {
					t.Errorf("%s: object %d both named %q and rejected (%s)", p.ID, r.Object, names[r.Object], r.Reason)
				}
			}
			nm, qs := real.NamedQuestions(p, m, names, real.Options{Seed: 3})
			for _, q := range qs {
				if !strings.Contains(q.MotionText, real.NamedDirections) || strings.Contains(q.Question+q.MotionText, "(mark ") {
					t.Errorf("%s: %q / %q", q.ID, q.MotionText, q.Question)
				}
				for _, n := range q.Names {
					if real.NameProblem(n) != "" || !slices.Contains(slices.Collect(maps.Values(names)), n) {
						t.Errorf("%s uses name %q", q.ID, n)
					}
				}
			}
			for _, v := range Check(p, nm, qs, tr) {
				total++
				if v.Agree {
					agree++
				}
			}
		}
		t.Logf("noise %s: %d of %d named questions agree", lv, agree, total)
		if total < least || float64(agree) < 0.95*float64(total) {
			t.Errorf("noise %s: %d of %d named questions agree with exact geometry (want ≥ 95 %% of at least %d)", lv, agree, total, least)
		}
	}
}
