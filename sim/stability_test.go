package sim

import (
	"reflect"
	"testing"
)

func metaBox(id, typ string, pos, size Vec3, yaw float64, receptacle bool, parent string) ObjectMeta {
	o := ObjectMeta{ID: id, Type: typ, Position: pos, Size: size, Yaw: yaw, Receptacle: receptacle, Parent: parent}
	o.AABB = o.OBB().AABB()
	return o
}

// Analytic support margins: a 0.2 m box on a 1 m table, near and past the
// edge; across two tables with a gap the support polygon bridges the gap.
func TestSupportMarginAnalytic(t *testing.T) {
	table := mkOBB(Vec3{0.5, 0.375, 0.5}, Vec3{1, 0.75, 1}, 0)
	box := func(x, yaw float64) OBB { return mkOBB(Vec3{x, 0.85, 0.5}, Vec3{0.2, 0.2, 0.2}, yaw) }
	for _, c := range []struct {
		x, yaw, want float64
	}{
		{0.5, 0, 0.1},    // in the middle: the box's own footprint bounds it
		{0.95, 0, 0.05},  // centre 5 cm inside the edge
		{1.0, 0, 0},      // centre on the edge
		{1.03, 0, -0.03}, // centre 3 cm past the edge, 7 cm of footprint on the table
		{1.03, 90, -0.03},
	} {
		if got := SupportMargin(box(c.x, c.yaw), []OBB{table}); !near(got, c.want, 1e-12) {
			t.Errorf("box at x %g yaw %g: margin %g, want %g", c.x, c.yaw, got, c.want)
		}
	}
	if got := SupportMargin(box(1.2, 0), []OBB{table}); got > -0.1 {
		t.Errorf("box off the table: margin %g, want no support", got)
	}
	second := mkOBB(Vec3{1.6, 0.375, 0.5}, Vec3{1, 0.75, 1}, 0) // from x 1.1
	wide := mkOBB(Vec3{1.05, 0.85, 0.5}, Vec3{0.4, 0.2, 0.2}, 0)
	if got := SupportMargin(wide, []OBB{table, second}); !near(got, 0.1, 1e-12) {
		t.Errorf("box across two tables: margin %g, want 0.1", got)
	}
	if got := SupportMargin(wide, []OBB{table}); !near(got, -0.05, 1e-12) {
		t.Errorf("box across one table's edge: margin %g, want -0.05", got)
	}
}

// A box on a table's edge with its centre past the edge does not stand; one
// with its centre inside does; the floor holds anything on it and a wall
// type needs no support.
func TestUnstableObjectsAnalytic(t *testing.T) {
	objs := []ObjectMeta{
		metaBox("DiningTable|1", "DiningTable", Vec3{0.5, 0.375, 0.5}, Vec3{1, 0.75, 1}, 0, true, ""),
		metaBox("Box|out", "Box", Vec3{1.03, 0.85, 0.5}, Vec3{0.2, 0.2, 0.2}, 0, true, "DiningTable|1"),
		metaBox("Box|in", "Box", Vec3{0.95, 0.85, 0.2}, Vec3{0.2, 0.2, 0.2}, 0, true, "DiningTable|1"),
		metaBox("Mug|on", "Mug", Vec3{0.95, 1.0, 0.2}, Vec3{0.1, 0.1, 0.1}, 0, false, "Box|in"),
		metaBox("Mug|floor", "Mug", Vec3{3, 0.05, 3}, Vec3{0.1, 0.1, 0.1}, 0, false, ""),
		metaBox("Painting|1", "Painting", Vec3{3, 1.5, 0.02}, Vec3{0.6, 0.4, 0.04}, 0, false, ""),
		metaBox("Mug|air", "Mug", Vec3{3, 1.0, 3}, Vec3{0.1, 0.1, 0.1}, 0, false, ""),
	}
	all := make([]int, len(objs))
	for i := range all {
		all[i] = i
	}
	got := UnstableObjects(objs, all, DefaultCatalog().OnWall)
	if want := []string{"Box|out", "Mug|air"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("unstable %v, want %v", got, want)
	}
}
