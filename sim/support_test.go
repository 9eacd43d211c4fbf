package sim

import (
	"math"
	"reflect"
	"testing"
)

func TestSupportTop(t *testing.T) {
	o := &Object{Position: Vec3{1, 0.5, 2}, Size: Vec3{2, 1, 2}}
	if got := o.SupportTop(); got != 1 {
		t.Fatalf("no model: SupportTop %g, want the box top 1", got)
	}
	o.Model = &Model{Size: Vec3{2, 2, 2}}
	if got := o.SupportTop(); got != 1 {
		t.Fatalf("SupportY 0: SupportTop %g, want the box top 1", got)
	}
	o.Model.SupportY = 0.8 // model 2 m tall, object 1 m: the seat at 0.4
	if got := o.SupportTop(); math.Abs(got-0.4) > 1e-15 {
		t.Fatalf("SupportY 0.8 of 2: SupportTop %g, want 0.4", got)
	}
	o.Model.SupportY = 2.5 // above the top: the top
	if got := o.SupportTop(); got != 1 {
		t.Fatalf("SupportY above the top: SupportTop %g, want 1", got)
	}
}

// bedScene is a bedroom with a 1.71 m tall bed (headboard) and, on its box
// top, a pillow, a bowl holding an apple and a second pillow above a book
// that floats between the mattress and the top; a thin book sits 2 cm below
// the mattress level and another lies deep inside the box.
func bedScene(t *testing.T) (*Scene, *Object) {
	cat := DefaultCatalog()
	size := func(typ, asset string) Vec3 {
		for _, v := range cat.Type(typ).Variants {
			if v.AssetID == asset {
				return v.Size
			}
		}
		t.Fatalf("no asset %s", asset)
		return Vec3{}
	}
	bed := size("Bed", "Bed_22")
	top := bed[1]
	seat := 0.5 * bed[1] / 1.7
	on := func(typ, asset, id string, x, bottom, z float64, children ...HouseObject) HouseObject {
		return HouseObject{AssetID: asset, ID: id, Position: XYZ{x, bottom + size(typ, asset)[1]/2, z}, Children: children}
	}
	bowlH := size("Bowl", "Bowl_15")[1]
	h := specHouse(houseSpec{W: 6, D: 6, RoomTypes: [2]RoomType{Bedroom}}, []HouseObject{
		{AssetID: "Bed_22", ID: "Bed|1|0", Position: XYZ{3, bed[1] / 2, 3}, Children: []HouseObject{
			on("Pillow", "pillow_24", "Pillow|1|0", 2.5, top, 2.5),
			on("Bowl", "Bowl_15", "Bowl|1|0", 3.4, top, 2.5, on("Apple", "Apple_29", "Apple|1|0", 3.4, top+bowlH, 2.5)),
			on("Book", "Book_14", "Book|1|0", 3, seat-0.02, 3.5),
			on("Book", "Book_11", "Book|1|1", 3.4, 0.2, 3.8),
			on("Pillow", "pillow_25", "Pillow|1|1", 2.5, top, 3.5),
		}},
		on("Book", "Book_7", "Book|1|2", 2.5, seat+0.05, 3.5),
	})
	s := mustScene(t, h)
	b := s.Object("Bed|1|0")
	b.Model = &Model{Key: "test#bed", Size: Vec3{bed[0], 1.7, bed[2]}, SupportY: 0.5}
	if got := b.SupportTop(); math.Abs(got-seat) > 1e-12 {
		t.Fatalf("bed SupportTop %g, want %g", got, seat)
	}
	return s, b
}

func TestReseatChildren(t *testing.T) {
	s, bed := bedScene(t)
	seat := bed.SupportTop()
	before := map[string]Vec3{}
	for _, o := range s.Objects {
		before[o.ID] = o.Position
	}
	rep := ReseatChildren(s)
	if rep.Moved != 3 || !reflect.DeepEqual(rep.Blocked, []string{"Pillow|1|1"}) {
		t.Fatalf("report %+v, want 3 moved and Pillow|1|1 blocked", rep)
	}
	bottom := func(id string) float64 { o := s.Object(id); return o.Position[1] - o.Size[1]/2 }
	for _, id := range []string{"Pillow|1|0", "Bowl|1|0", "Book|1|0"} {
		o := s.Object(id)
		if math.Abs(bottom(id)-seat) > 1e-12 || o.Position[0] != before[id][0] || o.Position[2] != before[id][2] {
			t.Fatalf("%s at %v (bottom %g), want bottom %g at the same x, z as %v", id, o.Position, bottom(id), seat, before[id])
		}
		if got := s.CollidingWith(id); got != nil {
			t.Fatalf("%s collides with %v after reseating", id, got)
		}
		if sup, _ := s.SupportAt(id); sup != bed.ID {
			t.Fatalf("%s rests on %q, want the bed", id, sup)
		}
	}
	// The apple moved with its bowl.
	if d := s.Object("Apple|1|0").Position.Sub(before["Apple|1|0"]); math.Abs(d[1]-(bottom("Bowl|1|0")-(before["Bowl|1|0"][1]-s.Object("Bowl|1|0").Size[1]/2))) > 1e-12 || d[0] != 0 || d[2] != 0 {
		t.Fatalf("apple moved by %v, the bowl by %v", d, s.Object("Bowl|1|0").Position.Sub(before["Bowl|1|0"]))
	}
	for _, id := range []string{"Book|1|1", "Pillow|1|1", "Book|1|2"} {
		if s.Object(id).Position != before[id] {
			t.Fatalf("%s moved from %v to %v", id, before[id], s.Object(id).Position)
		}
	}
	if got := s.CollidingWith(bed.ID); got != nil {
		t.Fatalf("the bed collides with %v", got)
	}
	// A second call changes nothing.
	if rep := ReseatChildren(s); rep.Moved != 0 || len(rep.Blocked) != 1 {
		t.Fatalf("second call: %+v", rep)
	}

	// Settle lands on the mattress, not on the headboard's box top.
	p := s.Object("Pillow|1|0")
	if err := s.TeleportObject(p.ID, Vec3{3, 1.9, 2.4}, 0, false); err != nil {
		t.Fatal(err)
	}
	if p.Parent != "" {
		t.Fatalf("pillow in the air has parent %q", p.Parent)
	}
	if _, err := s.Settle(p.ID); err != nil {
		t.Fatal(err)
	}
	if math.Abs(bottom(p.ID)-seat) > 1e-12 || p.Parent != bed.ID {
		t.Fatalf("settled pillow bottom %g parent %q, want %g on the bed", bottom(p.ID), p.Parent, seat)
	}
	// Teleporting onto the mattress is accepted and parents the pillow to the bed.
	if err := s.TeleportObject(p.ID, Vec3{3.4, seat + p.Size[1]/2, 3.2}, 30, false); err != nil || p.Parent != bed.ID {
		t.Fatalf("teleport onto the mattress: %v, parent %q", err, p.Parent)
	}
	// Reaching below the mattress still collides with the bed.
	low := OBB{Center: Vec3{3, seat - 0.05 + 0.05, 3}, Half: Vec3{0.1, 0.05, 0.1}, AxisX: Vec3{1, 0, 0}, AxisZ: Vec3{0, 0, 1}}
	if c, hit := s.CheckBox(low); !hit || c.Other != bed.ID {
		t.Fatalf("box sunk 5 cm into the mattress: %+v %v, want the bed", c, hit)
	}
	// Symmetric: moving the bed itself under objects standing above its mattress is fine.
	if err := s.CheckPlacement(bed.ID, bed.Position, bed.Yaw); err != nil {
		t.Fatalf("bed in place: %v", err)
	}
}

// Without models ReseatChildren changes nothing.
func TestReseatChildrenWithoutModels(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		s := fixtureScene(t, seed)
		before := make([]Vec3, len(s.Objects))
		for i, o := range s.Objects {
			before[i] = o.Position
			if o.Receptacle && o.SupportTop() != o.AABB().Max[1] {
				t.Fatalf("%s: SupportTop %g, AABB top %g", o.ID, o.SupportTop(), o.AABB().Max[1])
			}
		}
		if rep := ReseatChildren(s); rep.Moved != 0 || rep.Blocked != nil {
			t.Fatalf("seed %d: %+v", seed, rep)
		}
		for i, o := range s.Objects {
			if o.Position != before[i] {
				t.Fatalf("seed %d: %s moved", seed, o.ID)
			}
		}
	}
}
