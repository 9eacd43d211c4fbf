package planner

import (
	"reflect"
	"testing"

	"flowbench/sim"
)

func metaObj(id, typ string, pos, size sim.Vec3, receptacle bool, parent string) ObjectMeta {
	o := ObjectMeta{ID: id, Type: typ, Position: pos, Size: size, Receptacle: receptacle, Parent: parent, Pickupable: !receptacle}
	h := size.Mul(0.5)
	o.AABB = sim.AABB{Min: pos.Sub(h), Max: pos.Add(h)}
	return o
}

// unstableAfter names the mover left with its centre past a table's edge,
// accepts it 5 cm inside, names a tray left bridging two tables when one
// of them is moved away, and ignores objects far from anything moved.
func TestUnstableAfter(t *testing.T) {
	onWall := defaultCatalogInfo().onWall
	before := []ObjectMeta{
		metaObj("DiningTable|1", "DiningTable", sim.Vec3{0.5, 0.375, 0.5}, sim.Vec3{1, 0.75, 1}, true, ""),
		metaObj("SideTable|2", "SideTable", sim.Vec3{1.35, 0.375, 0.5}, sim.Vec3{0.5, 0.75, 0.5}, true, ""),
		metaObj("Mug|1", "Mug", sim.Vec3{0.5, 0.8, 0.2}, sim.Vec3{0.1, 0.1, 0.1}, false, "DiningTable|1"),
		metaObj("Tray|1", "Tray", sim.Vec3{1.05, 0.76, 0.5}, sim.Vec3{0.3, 0.02, 0.3}, false, "DiningTable|1"),
		metaObj("Apple|1", "Apple", sim.Vec3{5, 0.04, 5}, sim.Vec3{0.08, 0.08, 0.08}, false, ""),
	}
	after := func(id string, pos sim.Vec3) []ObjectMeta {
		out := append([]ObjectMeta(nil), before...)
		for i := range out {
			if out[i].ID == id {
				d := pos.Sub(out[i].Position)
				out[i].Position = pos
				out[i].AABB = sim.AABB{Min: out[i].AABB.Min.Add(d), Max: out[i].AABB.Max.Add(d)}
			}
		}
		return out
	}
	// The tray's centre lies 5 cm past the dining table over the side
	// table: it stands on both together.
	if got := unstableAfter(before, before, onWall); got != "" {
		t.Fatalf("nothing moved: %q", got)
	}
	if got := unstableAfter(before, after("Mug|1", sim.Vec3{-0.03, 0.8, 0.2}), onWall); got != "Mug|1" {
		t.Errorf("mug 3 cm past the edge: %q, want Mug|1", got)
	}
	if got := unstableAfter(before, after("Mug|1", sim.Vec3{0.05, 0.8, 0.2}), onWall); got != "" {
		t.Errorf("mug 5 cm inside the edge: %q", got)
	}
	if got := unstableAfter(before, after("SideTable|2", sim.Vec3{3, 0.375, 3}), onWall); got != "Tray|1" {
		t.Errorf("side table moved from under the tray: %q, want Tray|1", got)
	}
	if got := unstableAfter(before, after("Apple|1", sim.Vec3{4, 0.04, 4}), onWall); got != "" {
		t.Errorf("apple moved across the floor: %q", got)
	}
}

// implausibleObjects names a floating object and both boxes of an
// interpenetrating pair, and leaves a mug resting on a table alone.
func TestImplausibleObjects(t *testing.T) {
	objs := []ObjectMeta{
		metaObj("DiningTable|1", "DiningTable", sim.Vec3{0.5, 0.375, 0.5}, sim.Vec3{1, 0.75, 1}, true, ""),
		metaObj("Mug|1", "Mug", sim.Vec3{0.5, 0.8, 0.2}, sim.Vec3{0.1, 0.1, 0.1}, false, "DiningTable|1"),
		metaObj("Mug|air", "Mug", sim.Vec3{3, 1.2, 3}, sim.Vec3{0.1, 0.1, 0.1}, false, ""),
		metaObj("Chair|1", "Chair", sim.Vec3{2, 0.45, 0.5}, sim.Vec3{0.5, 0.9, 0.5}, false, ""),
		metaObj("Chair|2", "Chair", sim.Vec3{2.4, 0.45, 0.5}, sim.Vec3{0.5, 0.9, 0.5}, false, ""),
	}
	got := implausibleObjects(objs, defaultCatalogInfo().onWall)
	want := map[string]string{"Mug|air": "unstable", "Chair|1": "overlaps Chair|2", "Chair|2": "overlaps Chair|1"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("implausible %v, want %v", got, want)
	}
}

// A house whose object floats (an imported house's mistake): PlanHouse
// reports it and no question moves or mentions it, where the same house
// without the mistake used it.
func TestPlanHouseSkipsImplausibleObjects(t *testing.T) {
	h := genHouse(t, 2)
	cfg := houseCfg("implausible")
	exs, _, rep, err := PlanHouse(newTestLocal(), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Implausible) != 0 {
		t.Fatalf("generated house has implausible objects: %v", rep.Implausible)
	}
	uses := func(exs []Example, id string) int {
		n := 0
		for _, ex := range exs {
			if ex.Mover.ObjectID == id {
				n++
			}
			for _, r := range ex.Referenced {
				if r.ObjectID == id {
					n++
				}
			}
		}
		return n
	}
	if len(exs) == 0 {
		t.Fatal("no examples")
	}
	id := exs[0].Mover.ObjectID
	var lift func(os []sim.HouseObject) bool
	lift = func(os []sim.HouseObject) bool {
		for i := range os {
			if os[i].ID == id {
				os[i].Position.Y += 0.5
				return true
			}
			if lift(os[i].Children) {
				return true
			}
		}
		return false
	}
	if !lift(h.Objects) {
		t.Fatalf("mover %s not in the house", id)
	}
	exs2, _, rep2, err := PlanHouse(newTestLocal(), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep2.Implausible[id] != "unstable" {
		t.Fatalf("floating %s reported as %q (all: %v)", id, rep2.Implausible[id], rep2.Implausible)
	}
	if n := uses(exs, id); n == 0 {
		t.Fatalf("test set-up: %s used by no question before", id)
	}
	if n := uses(exs2, id); n != 0 {
		t.Fatalf("floating %s used %d times", id, n)
	}
}
