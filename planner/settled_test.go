package planner

import (
	"testing"

	"flowbench/sim"
)

// TestSettledAfter covers the case of issue 14 (a 1.8 mm drop onto another
// receptacle was reported as not settled) and the boundaries of the rule.
func TestSettledAfter(t *testing.T) {
	at := func(y float64, parent string) ObjectMeta {
		return ObjectMeta{ID: "Mug|1", Position: sim.Vec3{1, y, 2}, Parent: parent}
	}
	for _, c := range []struct {
		name          string
		ran           bool
		before, after ObjectMeta
		want          bool
	}{
		{"1.8 mm drop onto another receptacle", true, at(0.9018, "Table|1"), at(0.9, "Shelf|2"), true},
		{"1.8 mm drop on the same receptacle", true, at(0.9018, "Table|1"), at(0.9, "Table|1"), true},
		{"3 cm drop", true, at(0.93, "Table|1"), at(0.9, "Table|1"), true},
		{"no drop, same receptacle", true, at(0.9, "Table|1"), at(0.9, "Table|1"), false},
		{"drop below SettleDrop", true, at(0.90005, "Table|1"), at(0.9, "Table|1"), false},
		{"same height, another receptacle", true, at(0.9, "Table|1"), at(0.9, "Table|3"), true},
		{"onto the floor", true, at(0.5, "Table|1"), at(0.05, ""), true},
		{"not settled at all", false, at(0.93, "Table|1"), at(0.9, "Shelf|2"), false},
	} {
		if got := settledAfter(c.ran, c.before, c.after); got != c.want {
			t.Errorf("%s: settled %v, want %v", c.name, got, c.want)
		}
	}
}

// TestSettleOutcome: only feasibility keeps a settle drop (A.2.5); in the
// other categories a mover that would drop fails the edit as unsupported,
// and one resting on a support at its planned height is kept, never
// reported as settled (a parent change at the same height included).
func TestSettleOutcome(t *testing.T) {
	at := func(y float64, parent string) ObjectMeta {
		return ObjectMeta{ID: "Mug|1", Position: sim.Vec3{1, y, 2}, Parent: parent}
	}
	for _, c := range []struct {
		name          string
		cat           Category
		ran           bool
		before, after ObjectMeta
		settled       bool
		why           string
	}{
		{"feasibility keeps a drop", Feasibility, true, at(0.9, "Table|1"), at(0.05, ""), true, ""},
		{"feasibility, no drop", Feasibility, true, at(0.9, "Table|1"), at(0.9, "Table|1"), false, ""},
		{"closer-to drop fails", CloserTo, true, at(0.9, "Table|1"), at(0.05, ""), false, "unsupported"},
		{"count-near 3 mm drop fails", CountNear, true, at(0.903, "Table|1"), at(0.9, "Table|1"), false, "unsupported"},
		{"left/right same height, other table", LeftRight, true, at(0.9, "Table|1"), at(0.9, "Table|3"), false, ""},
		{"closest-three below SettleDrop", ClosestThree, true, at(0.90005, "Table|1"), at(0.9, "Table|1"), false, ""},
		{"not settled (not pickupable)", NearObject, false, at(0.9, "Table|1"), at(0.5, ""), false, ""},
	} {
		settled, why := settleOutcome(settlesIn(c.cat), c.ran, c.before, c.after)
		if settled != c.settled || why != c.why {
			t.Errorf("%s: (%v, %q), want (%v, %q)", c.name, settled, why, c.settled, c.why)
		}
	}
	for cat := Category(0); cat < NumCategories; cat++ {
		if settlesIn(cat) != (cat == Feasibility) {
			t.Errorf("settlesIn(%v) = %v", cat, settlesIn(cat))
		}
	}
}
