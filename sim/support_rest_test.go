package sim

import (
	"math"
	"testing"
)

// blocksLevel returns a model level of closed axis-aligned blocks, each
// given by two opposite corners in units of the model's half size (−1..1
// on every axis), in a model of the given size; every face has its own
// corners with the face's outward normal.
func blocksLevel(size Vec3, blocks ...[2]Vec3) ModelLevel {
	var l ModelLevel
	for _, b := range blocks {
		for a := 0; a < 3; a++ { // the faces across axis a
			u, v := (a+1)%3, (a+2)%3
			for side := 0; side < 2; side++ {
				base := uint32(len(l.Pos))
				var n Vec3
				n[a] = float64(2*side - 1)
				for _, c := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
					var p Vec3
					p[a] = b[side][a]
					p[u], p[v] = b[c[0]][u], b[c[1]][v]
					l.Pos = append(l.Pos, Vec3{p[0] * size[0] / 2, p[1] * size[1] / 2, p[2] * size[2] / 2})
					l.Normal = append(l.Normal, n)
				}
				l.Tris = append(l.Tris, ModelTri{V: [3]uint32{base, base + 1, base + 2}}, ModelTri{V: [3]uint32{base, base + 2, base + 3}})
			}
		}
	}
	return l
}

// sofaScene is a living room with a 2 m sofa (0.85 m box, seat at 0.45 m,
// arms 0.2 m wide up to 0.62 m, back 0.2 m deep up to the top) turned by
// yaw, and a pillow on its box top over its left arm, where procedural
// generation put it: the case of the review's floating pillow
// (FloorPlan218/v3/near_object).
func sofaScene(t *testing.T, yaw float64) (*Scene, *Object, *Object) {
	cat := DefaultCatalog()
	var pillow Vec3
	for _, v := range cat.Type("Pillow").Variants {
		if v.AssetID == "pillow_24" {
			pillow = v.Size
		}
	}
	size := Vec3{2, 0.85, 0.9}
	h := specHouse(houseSpec{W: 6, D: 6, RoomTypes: [2]RoomType{LivingRoom}}, []HouseObject{
		{AssetID: sofaAsset(t, cat), ID: "Sofa|1|0", Position: XYZ{3, size[1] / 2, 3}, Rotation: XYZ{0, yaw, 0}},
	})
	s := mustScene(t, h)
	sofa := s.Object("Sofa|1|0")
	sofa.Size = size
	s.rebuildIndex()
	y := func(m float64) float64 { return 2*m/size[1] - 1 }
	x := func(m float64) float64 { return 2 * m / size[0] }
	z := func(m float64) float64 { return 2 * m / size[2] }
	sofa.Model = &Model{Key: "test#sofa", Size: size, SupportY: 0.45, Levels: []ModelLevel{blocksLevel(size,
		[2]Vec3{{-1, -1, -1}, {1, y(0.45), 1}},                  // seat
		[2]Vec3{{-1, y(0.45), z(0.25)}, {1, 1, 1}},              // back (local +z)
		[2]Vec3{{-1, y(0.45), -1}, {x(-0.8), y(0.62), z(0.25)}}, // left arm
		[2]Vec3{{x(0.8), y(0.45), -1}, {1, y(0.62), z(0.25)}},   // right arm
	)}}
	ax, az := sofa.Axes()
	at := sofa.Position.Add(ax.Mul(-0.9)).Add(az.Mul(-0.15))
	at[1] = size[1] + pillow[1]/2
	p := &Object{ID: "Pillow|1|0", Type: "Pillow", AssetID: "pillow_24", Position: at, Yaw: yaw, Size: pillow, Pickupable: true, Moveable: true, Parent: sofa.ID}
	s.addTestObject(p)
	return s, sofa, p
}

// sofaAsset returns a Sofa asset id of the catalog.
func sofaAsset(t *testing.T, cat *Catalog) string {
	vs := cat.Type("Sofa").Variants
	if len(vs) == 0 {
		t.Fatal("no Sofa variant")
	}
	return vs[0].AssetID
}

// addTestObject appends o (a child of o.Parent) to the scene.
func (s *Scene) addTestObject(o *Object) {
	s.index[o.ID] = len(s.Objects)
	s.Objects = append(s.Objects, o)
	if o.Parent != "" {
		s.children[o.Parent] = append(s.children[o.Parent], o.ID)
	}
	s.rebuildIndex()
}

// The review's floating pillow: on the sofa's box top over the arm it
// floats 0.23 m above the arm, and the drawn model does not hold it there
// (nor on the seat level, where it would sink into the arm). ReseatChildren
// moves it onto the seat, where the model holds it, at every yaw; it then
// collides with nothing and rests on the sofa.
func TestReseatPillowOffTheArm(t *testing.T) {
	for _, yaw := range []float64{0, 90, 33} {
		s, sofa, p := sofaScene(t, yaw)
		bottom := p.Position[1] - p.Size[1]/2
		if sofa.holdsAt(p.OBB(), p.Type, bottom) || sofa.holdsAt(p.OBB(), p.Type, sofa.SupportTop()) {
			t.Fatalf("yaw %g: the model holds the pillow over the arm", yaw)
		}
		if top := sofa.restOnModel(p.OBB(), bottom).top; math.Abs(bottom-top-0.23) > 1e-9 {
			t.Fatalf("yaw %g: pillow %g over the model, want 0.23", yaw, bottom-top)
		}
		rep := ReseatChildren(s)
		if rep.Relocated != 1 || rep.Moved != 0 || rep.Removed != nil {
			t.Fatalf("yaw %g: report %+v, want the pillow relocated", yaw, rep)
		}
		bottom = p.Position[1] - p.Size[1]/2
		if math.Abs(bottom-0.45) > 1e-9 || !sofa.holdsAt(p.OBB(), p.Type, bottom) {
			t.Fatalf("yaw %g: pillow at %v (bottom %g), want on the seat at 0.45", yaw, p.Position, bottom)
		}
		if c := s.CollidingWith(p.ID); c != nil {
			t.Fatalf("yaw %g: pillow collides with %v", yaw, c)
		}
		if sup, _ := s.SupportAt(p.ID); sup != sofa.ID {
			t.Fatalf("yaw %g: pillow rests on %q", yaw, sup)
		}
	}
}

// Teleports and settling follow the mesh: the pillow on the seat slid at
// seat height into the arm collides with the sofa (it would sink into the
// arm); dropped from above the arm it lands on the arm's top when the arm
// holds it, and is refused over the arm's edge, where it would tip; a cloth
// across the gap between the arm and the seat is not held by either.
func TestSettleOnTheMesh(t *testing.T) {
	s, sofa, p := sofaScene(t, 0)
	ReseatChildren(s)
	on := p.Position
	ax, _ := sofa.Axes()
	into := on.Add(ax.Mul(-0.9 - (on.Sub(sofa.Position)).Dot(ax)))
	if err := s.TeleportObject(p.ID, into, p.Yaw, false); err == nil {
		t.Fatalf("pillow slid into the arm at %v: accepted", into)
	}
	// A small box dropped over the middle of the arm lands on it.
	s.addTestObject(&Object{ID: "Box|1|0", Type: "Box", Position: Vec3{3 - 0.9, 1.5, 2.9}, Size: Vec3{0.15, 0.1, 0.15}, Pickupable: true})
	if _, err := s.Settle("Box|1|0"); err != nil {
		t.Fatal(err)
	}
	if b := s.Object("Box|1|0"); math.Abs(b.Position[1]-0.05-0.62) > 1e-9 || b.Parent != sofa.ID {
		t.Fatalf("box over the arm settled at %v on %q, want on the arm at 0.62", b.Position, b.Parent)
	}
	// Its centre over the seat, one edge on the arm: the arm does not hold
	// it (it would tip), the seat is not under its whole footprint.
	cloth := OBB{Center: Vec3{3 - 0.8 + 0.05, 0.62 + 0.005, 2.9}, Half: Vec3{0.075, 0.005, 0.15}, AxisX: Vec3{1, 0, 0}, AxisZ: Vec3{0, 0, 1}}
	if sofa.holdsAt(cloth, "Cloth", 0.62) || sofa.holdsAt(cloth, "Cloth", 0.45) {
		t.Fatal("a cloth across the arm's edge is held")
	}
	// Over the arm alone it is held; a cloth half over the basin-like gap
	// between arm and seat is not, though a rigid box of its size would be.
	cloth.Center[0] = 3 - 0.9
	if !sofa.holdsAt(cloth, "Cloth", 0.62) {
		t.Fatal("a cloth on the arm is not held")
	}
	cloth.Center[0] = 3 - 0.8 - 0.02
	if sofa.holdsAt(cloth, "Cloth", 0.62) || !sofa.holdsAt(cloth, "Box", 0.62) {
		t.Fatal("a cloth with 0.055 m of its 0.15 m over the seat: want held as a box, not as a cloth")
	}
}

// A faucet (a fixture) on a sink's box top 0.15 m above its drawn deck is
// lowered onto the deck, never moved sideways nor removed; one mounted
// through a raised part (sunk 2 cm into it) is not raised out of it.
func TestReseatLowersFloatingFixtures(t *testing.T) {
	cat := DefaultCatalog()
	vs := cat.Type("Sink").Variants
	if len(vs) == 0 || !cat.Type("Faucet").Fixture {
		t.Fatal("no Sink variant, or Faucet is no fixture")
	}
	size := Vec3{0.8, 0.95, 0.6}
	h := specHouse(houseSpec{W: 6, D: 6, RoomTypes: [2]RoomType{Kitchen}}, []HouseObject{
		{AssetID: vs[0].AssetID, ID: "Sink|1|0", Position: XYZ{3, size[1] / 2, 3}},
	})
	s := mustScene(t, h)
	sink := s.Object("Sink|1|0")
	sink.Size = size
	s.rebuildIndex()
	deck := 2*0.8/size[1] - 1    // the deck 0.8 m up, the box top at 0.95 m (a backsplash's height)
	raised := 2*0.93/size[1] - 1 // a raised part at local x 0.1–0.4 m, 0.93 m up
	sink.Model = &Model{Key: "test#sink", Size: size, Levels: []ModelLevel{blocksLevel(size,
		[2]Vec3{{-1, -1, -1}, {1, deck, 1}}, [2]Vec3{{0.25, deck, -1}, {1, raised, 1}})}}
	floating := &Object{ID: "Faucet|1|0", Type: "Faucet", Position: Vec3{3, 0.95 + 0.1, 3.2}, Size: Vec3{0.1, 0.2, 0.1}, Parent: sink.ID}
	sunk := &Object{ID: "Faucet|1|1", Type: "Faucet", Position: Vec3{3.25, 0.91 + 0.1, 3.2}, Size: Vec3{0.1, 0.2, 0.1}, Parent: sink.ID}
	s.addTestObject(floating)
	s.addTestObject(sunk) // 2 cm into the raised part
	rep := ReseatChildren(s)
	if rep.Moved != 1 || rep.Relocated != 0 || rep.Removed != nil {
		t.Fatalf("report %+v, want the floating faucet moved", rep)
	}
	if p := floating.Position; math.Abs(p[1]-0.1-0.8) > 1e-9 || p[0] != 3 || p[2] != 3.2 {
		t.Fatalf("floating faucet at %v, want lowered onto the deck at 0.8", p)
	}
	if p := sunk.Position; p[1] != 1.01 {
		t.Fatalf("mounted faucet moved to %v", p)
	}
	for _, id := range []string{floating.ID, sunk.ID} {
		if ok, err := s.HeldByModel(id); err != nil || !ok {
			t.Fatalf("%s: HeldByModel %v %v", id, ok, err)
		}
	}
}
