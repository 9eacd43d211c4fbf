package planner

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// TestFeasibilityProbeMeasure plans feasibility alone on ithor scenes with
// the test split's planner settings (full planners, m = 8 candidate views
// per room, 3× the FPS samples) and one balance per block of 8 houses,
// and logs the probes' relation to the setup move (orthogonal, same,
// opposite, compound, down), the yes share and the questions per slot. It
// is a measurement, not a check: it runs only with
// FLOWBENCH_FEAS_MEASURE=<houses> (every 120/houses-th scene;
// FLOWBENCH_FEAS_SIZE sets the image size, 256 by default).
func TestFeasibilityProbeMeasure(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("FLOWBENCH_FEAS_MEASURE"))
	if n <= 0 {
		t.Skip("set FLOWBENCH_FEAS_MEASURE=<houses> to measure")
	}
	size := 256
	if s, err := strconv.Atoi(os.Getenv("FLOWBENCH_FEAS_SIZE")); err == nil {
		size = s
	}
	rel := map[string]int{}
	relAns := map[string][2]int{}
	yes, qs := 0, 0
	byDir, byWord := map[string][2]int{}, map[string][2]int{}
	start := time.Now()
	exs, slots := planFeasScenes(t, n, size)
	for i := range exs {
		ex := &exs[i]
		qs++
		r := measuredRelation(ex)
		rel[r]++
		a := relAns[r]
		if ex.Answer == yesLetter(ex) {
			yes++
			a[1]++
		} else {
			a[0]++
		}
		relAns[r] = a
		pm := ex.Metrics["probe"].(map[string]any)
		key := fmt.Sprint(pm["direction"], "/", pm["direction2"])
		word := "then"
		if r == RelSame {
			word = "further"
		}
		for _, m := range []struct {
			m map[string][2]int
			k string
		}{{byDir, key}, {byWord, word}} {
			c := m.m[m.k]
			if ex.Answer == yesLetter(ex) {
				c[1]++
			} else {
				c[0]++
			}
			m.m[m.k] = c
		}
	}
	single := rel[RelOrthogonal] + rel[RelSame] + rel[RelOpposite]
	t.Logf("%d houses (%d px), %v: %d slots, %d questions (%.3f per slot), yes share %.3f",
		n, size, time.Since(start).Round(time.Second), slots, qs, float64(qs)/float64(slots), float64(yes)/float64(qs))
	for _, r := range []string{RelOrthogonal, RelSame, RelOpposite, RelCompound, RelDown} {
		t.Logf("  %-10s %4d (%.3f of all, %s of single slides) no/yes %v", r, rel[r], float64(rel[r])/float64(qs),
			shareOf(rel[r], single, r), relAns[r])
	}
	t.Logf("  answer from the relation to the setup move: %.3f", keyedMajority(relAns, qs))
	t.Logf("  answer from the stated direction(s): %.3f; from the wording (further/then): %.3f; majority %.3f; by direction %v, by wording %v",
		keyedMajority(byDir, qs), keyedMajority(byWord, qs), float64(max(yes, qs-yes))/float64(qs), byDir, byWord)
	t.Logf("  orthogonal share (slides on the other axis and drops): %.3f of all probes, %.3f of single slides",
		float64(rel[RelOrthogonal]+rel[RelDown])/float64(qs), float64(rel[RelOrthogonal])/float64(single))
}

// shareOf formats k/n for the single-slide relations, "-" for the others.
func shareOf(k, n int, r string) string {
	if r != RelOrthogonal && r != RelSame && r != RelOpposite {
		return "-"
	}
	return fmt.Sprintf("%.3f", float64(k)/float64(n))
}

// measuredRelation is the probe's relation to the setup move read from an
// emitted example alone: the realised motion's main camera-frame direction
// against the probe record's direction.
func measuredRelation(ex *Example) string {
	pm := ex.Metrics["probe"].(map[string]any)
	switch pm["kind"] {
	case ProbeDown:
		return RelDown
	case ProbeCompound:
		return RelCompound
	}
	setup := mainDirection(ex.Camera, ex.RealisedMotion)
	d := Direction(-1)
	for i, nm := range directionNames {
		if nm == pm["direction"] {
			d = Direction(i)
		}
	}
	return singleRelation(setup, d)
}

// keyedMajority is the accuracy of answering each key's majority answer.
func keyedMajority(m map[string][2]int, n int) float64 {
	right := 0
	for _, c := range m {
		right += max(c[0], c[1])
	}
	return float64(right) / float64(n)
}
