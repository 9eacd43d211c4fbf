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
