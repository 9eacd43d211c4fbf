package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestRoomOf(t *testing.T) {
	sp := houseSpec{W: 6, D: 4, Split: 3, DoorZ: 1, RoomTypes: [2]RoomType{Kitchen, LivingRoom}}
	v := DefaultCatalog().Type("Safe").Variants[0]
	s := mustScene(t, specHouse(sp, []HouseObject{
		{AssetID: v.AssetID, ID: "Safe|1|0", Position: XYZ{1, v.Size[1] / 2, 1}},
		{AssetID: v.AssetID, ID: "Safe|2|1", Position: XYZ{4.5, v.Size[1] / 2, 3}},
	}))
	for id, want := range map[string]string{"Safe|1|0": "room|1", "Safe|2|1": "room|2"} {
		if got, err := s.RoomOf(id); err != nil || got != want {
			t.Errorf("RoomOf(%s) = %q, %v; want %q", id, got, err, want)
		}
	}
	if _, err := s.RoomOf("Nope"); err == nil {
		t.Error("unknown id accepted")
	}
}

func TestBoxWallClearance(t *testing.T) {
	s := oneRoomScene(t) // 4 × 5 m; window in the z = 5 wall at x 1–2, y 0.9–1.9
	inf := math.Inf(1)
	for _, c := range []struct {
		name string
		a    AABB
		want Clearance
	}{
		{"free box", AABB{Vec3{1, 0, 1}, Vec3{2, 1, 1.5}}, Clearance{PosX: 2, NegX: 1, PosZ: 3.5, NegZ: 1}},
		{"touching the east wall", AABB{Vec3{3.5, 0, 2}, Vec3{4, 1, 3}}, Clearance{PosX: 0, NegX: 3.5, PosZ: 2, NegZ: 2}},
		// The wall also runs through the box along z: minus the half depth there.
		{"cut by the east wall", AABB{Vec3{3.8, 0, 2}, Vec3{4.1, 1, 3}}, Clearance{PosX: -0.1, NegX: 3.8, PosZ: -0.5, NegZ: -0.5}},
		{"in a corner", AABB{Vec3{0, 0, 0}, Vec3{0.5, 1, 0.5}}, Clearance{PosX: 3.5, NegX: 0, PosZ: 4.5, NegZ: 0}},
		// Inside the window's height and width: nothing blocks +z.
		{"facing the window", AABB{Vec3{1.2, 1.0, 4}, Vec3{1.8, 1.5, 4.5}}, Clearance{PosX: 2.2, NegX: 1.2, PosZ: inf, NegZ: 4}},
		// Lower, the wall under the window blocks it.
		{"below the window", AABB{Vec3{1.2, 0.2, 4}, Vec3{1.8, 0.7, 4.5}}, Clearance{PosX: 2.2, NegX: 1.2, PosZ: 0.5, NegZ: 4}},
	} {
		if got := s.BoxWallClearance(c.a); !clearanceNear(got, c.want, 1e-12) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	got, err := s.WallClearance(chair) // yaw 90 at (3.2, ·, 1.8): x extent 0.5047, z extent 0.4688
	if err != nil {
		t.Fatal(err)
	}
	want := Clearance{PosX: 4 - 3.2 - 0.5047/2, NegX: 3.2 - 0.5047/2, PosZ: 5 - 1.8 - 0.4688/2, NegZ: 1.8 - 0.4688/2}
	if !clearanceNear(got, want, 1e-9) || !near(got.Min(), want.PosX, 1e-9) {
		t.Fatalf("chair clearance %+v, want %+v", got, want)
	}
}

func clearanceNear(a, b Clearance, tol float64) bool {
	eq := func(x, y float64) bool { return x == y || math.Abs(x-y) <= tol }
	return eq(a.PosX, b.PosX) && eq(a.NegX, b.NegX) && eq(a.PosZ, b.PosZ) && eq(a.NegZ, b.NegZ)
}

// Clearance agrees with the collision checks: a box translated along +x by
// less than its clearance does not cut a wall; by more than clearance plus
// the tolerance, it does.
func TestWallClearanceMatchesCollision(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	s := mustScene(t, specHouse(houseSpec{W: 7, D: 5, Split: 3.5, DoorZ: 2, RoomTypes: [2]RoomType{Kitchen, Bedroom}}, nil))
	cutsWall := func(b OBB) bool {
		for k := range s.Walls {
			if WallPenetration(&s.Walls[k], b) > CollisionTolerance {
				return true
			}
		}
		return false
	}
	checked := 0
	for i := 0; i < 2000; i++ {
		size := Vec3{0.2 + rng.Float64(), 0.3 + 2.3*rng.Float64(), 0.2 + rng.Float64()}
		b := mkOBB(Vec3{0.6 + 5.8*rng.Float64(), size[1] / 2, 0.6 + 3.8*rng.Float64()}, size, 0)
		if cutsWall(b) {
			continue
		}
		c := s.BoxWallClearance(b.AABB())
		for _, m := range []struct {
			gap float64
			dir Vec3
		}{{c.PosX, Vec3{1, 0, 0}}, {c.NegX, Vec3{-1, 0, 0}}, {c.PosZ, Vec3{0, 0, 1}}, {c.NegZ, Vec3{0, 0, -1}}} {
			if math.IsInf(m.gap, 1) {
				continue
			}
			if m.gap < -CollisionTolerance {
				t.Fatalf("box %v cuts no wall but has clearance %g", b.Center, m.gap)
			}
			in, out := b, b
			in.Center = b.Center.Add(m.dir.Mul(m.gap - 0.0005))
			out.Center = b.Center.Add(m.dir.Mul(m.gap + 0.01))
			if cutsWall(in) || !cutsWall(out) {
				t.Fatalf("box %v size %v dir %v: clearance %g disagrees with the wall test (%v, %v)", b.Center, size, m.dir, m.gap, cutsWall(in), cutsWall(out))
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d clearances checked", checked)
	}
}

func TestAABBSurfaceClearance(t *testing.T) {
	a := AABB{Vec3{0, 0, 0}, Vec3{1, 1, 1}}
	for _, c := range []struct {
		b    AABB
		want float64
	}{
		{AABB{Vec3{4, 0, 5}, Vec3{5, 1, 6}}, 5},       // gaps 3, 0, 4
		{AABB{Vec3{0.5, 0.5, 0.5}, Vec3{2, 2, 2}}, 0}, // overlapping
		{AABB{Vec3{1, 0, 0}, Vec3{2, 1, 1}}, 0},       // touching
		{AABB{Vec3{-3, 3, -0.5}, Vec3{-1, 4, 0.5}}, math.Sqrt(1 + 4)},
	} {
		if got := AABBSurfaceClearance(a, c.b); !near(got, c.want, 1e-12) {
			t.Errorf("clearance to %v: %g, want %g", c.b, got, c.want)
		}
	}
	// The eq. (27) form equals the min/max form max(0, a.min−b.max, b.min−a.max).
	rng := rand.New(rand.NewPCG(9, 9))
	rnd := func() AABB {
		c := Vec3{4 * rng.Float64(), 4 * rng.Float64(), 4 * rng.Float64()}
		h := Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
		return AABB{c.Sub(h), c.Add(h)}
	}
	for i := 0; i < 5000; i++ {
		p, q := rnd(), rnd()
		sum := 0.0
		for k := 0; k < 3; k++ {
			g := math.Max(0, math.Max(p.Min[k]-q.Max[k], q.Min[k]-p.Max[k]))
			sum += g * g
		}
		if got := AABBSurfaceClearance(p, q); !near(got, math.Sqrt(sum), 1e-12) || got != AABBSurfaceClearance(q, p) {
			t.Fatalf("case %d: %g, min/max form %g", i, got, math.Sqrt(sum))
		}
	}
}

func TestCenterDistances(t *testing.T) {
	s := oneRoomScene(t)
	d, err := s.CenterDistance(table, chair) // (2, 0.3391, 3) and (3.2, 0.4828, 1.8)
	if want := math.Sqrt(1.2*1.2 + 0.1437*0.1437 + 1.2*1.2); err != nil || !near(d, want, 1e-12) {
		t.Fatalf("CenterDistance = %g, %v; want %g", d, err, want)
	}
	p, err := s.PlanarCenterDistance(table, chair)
	if err != nil || !near(p, 1.2*math.Sqrt2, 1e-12) {
		t.Fatalf("PlanarCenterDistance = %g, %v", p, err)
	}
	sc, err := s.SurfaceClearance(mug, chair)
	want := AABBSurfaceClearance(s.Object(mug).AABB(), s.Object(chair).AABB())
	if err != nil || sc != want || sc <= 0 {
		t.Fatalf("SurfaceClearance = %g, %v", sc, err)
	}
	if _, err := s.CenterDistance(table, "Nope"); err == nil {
		t.Fatal("unknown id accepted")
	}
}
