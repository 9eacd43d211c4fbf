package sim

import (
	"errors"
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
	bed.Model.Levels = []ModelLevel{blocksLevel(bed.Model.Size, [2]Vec3{{-1, -1, -1}, {1, -1 + 2*0.5/1.7, 1}})}
	before := map[string]Vec3{}
	for _, o := range s.Objects {
		before[o.ID] = o.Position
	}
	rep := ReseatChildren(s)
	// Pillow|1|1 would come down onto the book floating over the mattress:
	// it goes to the nearest free place on the mattress instead.
	if rep.Moved != 3 || rep.Relocated != 1 || rep.Removed != nil {
		t.Fatalf("report %+v, want 3 moved and Pillow|1|1 relocated", rep)
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
	for _, id := range []string{"Book|1|1", "Book|1|2"} {
		if s.Object(id).Position != before[id] {
			t.Fatalf("%s moved from %v to %v", id, before[id], s.Object(id).Position)
		}
	}
	if p1 := s.Object("Pillow|1|1"); math.Abs(bottom(p1.ID)-seat) > 1e-12 || s.CollidingWith(p1.ID) != nil {
		t.Fatalf("relocated Pillow|1|1 at %v (bottom %g), colliding with %v", p1.Position, bottom(p1.ID), s.CollidingWith(p1.ID))
	}
	// Book|1|2 floats 5 cm over the mattress inside the bed's box without
	// resting on it: that is an interpenetration (support.go).
	if got := s.CollidingWith(bed.ID); !reflect.DeepEqual(got, []string{"Book|1|2"}) {
		t.Fatalf("the bed collides with %v, want the floating book", got)
	}
	// A second call changes nothing.
	if rep := ReseatChildren(s); rep.Moved != 0 || rep.Relocated != 0 || rep.Removed != nil {
		t.Fatalf("second call: %+v", rep)
	}
	// The relocated pillow rests on the bed, and keeps it as parent when
	// the bed is moved away and back and the pillow is then put back
	// exactly (the planner's restore): a lost parent would leave it
	// hovering the next time the bed moves.
	if sup, _ := s.SupportAt("Pillow|1|1"); sup != bed.ID {
		t.Fatalf("Pillow|1|1 rests on %q, want the bed", sup)
	}
	bedAt, p1At := bed.Position, s.Object("Pillow|1|1").Position
	for _, m := range []struct {
		id  string
		pos Vec3
	}{{bed.ID, bedAt.Add(Vec3{0.3, 0, 0.1})}, {bed.ID, bedAt}, {"Pillow|1|1", p1At}} {
		if err := s.TeleportObject(m.id, m.pos, 0, true); err != nil {
			t.Fatal(err)
		}
	}
	if p1 := s.Object("Pillow|1|1"); p1.Parent != bed.ID || p1.Position != p1At {
		t.Fatalf("Pillow|1|1 after the bed's round trip: parent %q at %v, want the bed at %v", p1.Parent, p1.Position, p1At)
	}
	if err := s.TeleportObject(bed.ID, bedAt.Add(Vec3{0.3, 0, 0}), 0, true); err != nil {
		t.Fatal(err)
	}
	if d := s.Object("Pillow|1|1").Position.Sub(p1At); math.Abs(d[0]-0.3) > 1e-12 {
		t.Fatalf("Pillow|1|1 moved by %v with the bed, want 0.3 in x", d)
	}
	if err := s.TeleportObject(bed.ID, bedAt, 0, true); err != nil {
		t.Fatal(err)
	}
	if err := s.TeleportObject("Pillow|1|1", p1At, 0, true); err != nil {
		t.Fatal(err)
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
	// Not symmetric: the bed moved around the book floating over its
	// mattress (not resting on it) collides with it.
	var ce *CollisionError
	if err := s.CheckPlacement(bed.ID, bed.Position, bed.Yaw); !errors.As(err, &ce) || ce.Other != "Book|1|2" {
		t.Fatalf("bed in place around the floating book: %v", err)
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
		if rep := ReseatChildren(s); rep.Moved != 0 || rep.Relocated != 0 || rep.Removed != nil {
			t.Fatalf("seed %d: %+v", seed, rep)
		}
		for i, o := range s.Objects {
			if o.Position != before[i] {
				t.Fatalf("seed %d: %s moved", seed, o.ID)
			}
		}
	}
}

// TestReseatChildrenFollowsTheMesh gives the bed of bedScene a model: a
// mattress at the support surface over the front of the bed and the top
// face of a headboard block at the box top over the back (local z > 0.2 m).
// Children over the mattress are lowered onto it; the pillow over the
// headboard and the book inside it go to the nearest free place on the
// mattress instead of staying on the box top or sinking into the block.
func TestReseatChildrenFollowsTheMesh(t *testing.T) {
	s, bed := bedScene(t)
	m := bed.Model
	hx, hy, hz := m.Size[0]/2, m.Size[1]/2, m.Size[2]/2
	quad := func(y, z0, z1 float64, base uint32) ([]Vec3, []ModelTri) {
		return []Vec3{{-hx, y, z0}, {hx, y, z0}, {hx, y, z1}, {-hx, y, z1}},
			[]ModelTri{{V: [3]uint32{base, base + 1, base + 2}}, {V: [3]uint32{base, base + 2, base + 3}}}
	}
	mattressY := -hy + m.SupportY
	p0, t0 := quad(mattressY, -hz, 0.2, 0)
	p1, t1 := quad(hy, 0.2, hz, 4)
	m.Levels = []ModelLevel{{Pos: append(p0, p1...), Tris: append(t0, t1...)}}
	seat := bed.SupportTop()
	rep := ReseatChildren(s)
	if rep.Moved != 2 || rep.Relocated != 2 || rep.Removed != nil {
		t.Fatalf("report %+v, want 2 moved and 2 relocated", rep)
	}
	for _, id := range []string{"Pillow|1|0", "Bowl|1|0", "Book|1|0", "Pillow|1|1"} {
		o := s.Object(id)
		if b := o.Position[1] - o.Size[1]/2; math.Abs(b-seat) > 1e-12 {
			t.Errorf("%s bottom %g, want the mattress at %g", id, b, seat)
		}
		if !bed.holdsAt(o.OBB(), o.Type, seat) {
			t.Errorf("%s at %v: the mattress does not hold it", id, o.Position)
		}
		if c := s.CollidingWith(id); c != nil {
			t.Errorf("%s collides with %v", id, c)
		}
	}
}

func TestHeightAt(t *testing.T) {
	tr := Triangle{V: [3]Vec3{{0, 1, 0}, {2, 3, 0}, {0, 1, 2}}} // y = 1 + x
	for _, c := range []struct {
		x, z, y float64
		ok      bool
	}{{0.5, 0.5, 1.5, true}, {1, 1, 2, true}, {1.5, 1, 0, false}, {-0.1, 0.5, 0, false}} {
		y, ok := tr.HeightAt(c.x, c.z)
		if ok != c.ok || (ok && math.Abs(y-c.y) > 1e-12) {
			t.Errorf("HeightAt(%g, %g) = %g, %v; want %g, %v", c.x, c.z, y, ok, c.y, c.ok)
		}
	}
	vertical := Triangle{V: [3]Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}
	if _, ok := vertical.HeightAt(0.2, 0); ok {
		t.Error("a vertical triangle has no height above a point")
	}
}

// TestEnclosedBy: a point inside a closed box (a cabinet with its doors)
// is enclosed; with the front panel gone (an open shelf) or with only two
// opposite panels (a bed's head- and footboard) it is not; panels beyond
// the receptacle's box do not count.
func TestEnclosedBy(t *testing.T) {
	r := &Object{Position: Vec3{2, 0.5, 3}, Yaw: 90, Size: Vec3{1, 1, 0.6}}
	ax, az := r.Axes()
	// panel returns two triangles covering the side of r's box at local
	// offset (sx along x or sz along z).
	panel := func(local Vec3, alongX bool, scale float64) []Triangle {
		c := r.Position.Add(ax.Mul(local[0] * scale)).Add(az.Mul(local[2] * scale))
		var u Vec3
		if alongX { // a panel across z: spans z
			u = az.Mul(0.5 * r.Size[2] * scale)
		} else {
			u = ax.Mul(0.5 * r.Size[0] * scale)
		}
		v := Vec3{0, 0.5, 0}
		a, b, cc, d := c.Sub(u).Sub(v), c.Add(u).Sub(v), c.Add(u).Add(v), c.Sub(u).Add(v)
		return []Triangle{{V: [3]Vec3{a, b, cc}}, {V: [3]Vec3{a, cc, d}}}
	}
	sides := func(scale float64, which ...int) *Mesh {
		all := [][]Triangle{
			panel(Vec3{0.5, 0, 0}, true, scale), panel(Vec3{-0.5, 0, 0}, true, scale),
			panel(Vec3{0, 0, 0.3}, false, scale), panel(Vec3{0, 0, -0.3}, false, scale),
		}
		m := &Mesh{}
		for _, w := range which {
			m.Tris = append(m.Tris, all[w]...)
		}
		return m
	}
	p := r.Position.Add(ax.Mul(0.1)).Add(az.Mul(-0.05))
	for _, c := range []struct {
		name string
		mesh *Mesh
		want bool
	}{
		{"closed", sides(1, 0, 1, 2, 3), true},
		{"open front", sides(1, 0, 1, 3), false},
		{"head and foot boards", sides(1, 2, 3), false},
		{"panels outside the box", sides(1.5, 0, 1, 2, 3), false},
	} {
		if got := enclosedBy(c.mesh, r, p); got != c.want {
			t.Errorf("%s: enclosedBy = %v, want %v", c.name, got, c.want)
		}
	}
}
