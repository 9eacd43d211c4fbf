package sim

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

func oneRoomScene(t testing.TB) *Scene {
	t.Helper()
	h, err := ReadHouseFile(filepath.Join("..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	return mustScene(t, h)
}

func mkOBB(c, size Vec3, yaw float64) OBB {
	x, z := YawAxes(yaw)
	return OBB{Center: c, Half: size.Mul(0.5), AxisX: x, AxisZ: z}
}

// near is declared in camera_test.go (identical); merged branches share it.

func TestOBBPenetrationAxisAligned(t *testing.T) {
	unit := Vec3{1, 1, 1}
	a := mkOBB(Vec3{0, 0.5, 0}, unit, 0)
	for _, c := range []struct {
		off  Vec3
		want float64
	}{
		{Vec3{0.9, 0, 0}, 0.1},
		{Vec3{0, 0, -0.75}, 0.25},
		{Vec3{1, 0, 0}, 0},
		{Vec3{1.5, 0, 0}, -0.5},
		{Vec3{0.2, 0.95, 0.1}, 0.05}, // y decides
		{Vec3{0, 1.2, 0}, -0.2},
	} {
		b := mkOBB(a.Center.Add(c.off), unit, 0)
		if got := OBBPenetration(a, b); !near(got, c.want, 1e-12) {
			t.Errorf("offset %v: penetration %g, want %g", c.off, got, c.want)
		}
		if got := OBBPenetration(b, a); !near(got, c.want, 1e-12) {
			t.Errorf("offset %v: penetration not symmetric: %g", c.off, got)
		}
	}
}

// Two unit cubes turned 45° and placed along their shared diagonal: their
// AABBs overlap, their oriented boxes are 1 − 0.9·√2 apart.
func TestOBBPenetrationRotatedAABBFalsePositive(t *testing.T) {
	unit := Vec3{1, 1, 1}
	a := mkOBB(Vec3{0, 0.5, 0}, unit, 45)
	b := mkOBB(Vec3{0.9, 0.5, 0.9}, unit, 45)
	if !a.AABB().Overlaps(b.AABB()) {
		t.Fatal("test set-up: the AABBs should overlap")
	}
	want := 1 - 0.9*math.Sqrt2
	if got := OBBPenetration(a, b); !near(got, want, 1e-12) {
		t.Fatalf("penetration %g, want %g (separated)", got, want)
	}
	// Closer along the diagonal they do touch and then overlap.
	c := mkOBB(Vec3{0.6, 0.5, 0.6}, unit, 45)
	if got, want := OBBPenetration(a, c), 1-0.6*math.Sqrt2; !near(got, want, 1e-12) || got <= CollisionTolerance {
		t.Fatalf("penetration %g, want %g (overlapping)", got, want)
	}
	// A 45° cube beside an axis-aligned one: the diamond's tip reaches
	// √2/2 from its centre.
	d := mkOBB(Vec3{0, 0.5, 0}, unit, 0)
	e := mkOBB(Vec3{0.5 + math.Sqrt2/2 - 0.01, 0.5, 0}, unit, 45)
	if got := OBBPenetration(d, e); !near(got, 0.01, 1e-12) {
		t.Fatalf("tip penetration %g, want 0.01", got)
	}
}

// footprintArea returns the area of the intersection of two box footprints
// by polygon clipping, an independent check of the separating-axis test.
func footprintArea(a, b OBB) float64 {
	poly := func(o OBB) [][2]float64 {
		f := o.footprint()
		return f[:]
	}
	subject := poly(a)
	clip := poly(b)
	for i := range clip {
		p, q := clip[i], clip[(i+1)%len(clip)]
		inside := func(v [2]float64) float64 { // left of p→q for counter-clockwise clip
			return (q[0]-p[0])*(v[1]-p[1]) - (q[1]-p[1])*(v[0]-p[0])
		}
		var out [][2]float64
		for j := range subject {
			c, d := subject[j], subject[(j+1)%len(subject)]
			fc, fd := inside(c), inside(d)
			if fc >= 0 {
				out = append(out, c)
			}
			if (fc >= 0) != (fd >= 0) {
				t := fc / (fc - fd)
				out = append(out, [2]float64{c[0] + t*(d[0]-c[0]), c[1] + t*(d[1]-c[1])})
			}
		}
		subject = out
		if len(subject) == 0 {
			return 0
		}
	}
	area := 0.0
	for i := range subject {
		j := (i + 1) % len(subject)
		area += subject[i][0]*subject[j][1] - subject[j][0]*subject[i][1]
	}
	return math.Abs(area) / 2
}

func TestOBBPenetrationAgreesWithPolygonClipping(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 0
	for i := 0; i < 20000; i++ {
		a := mkOBB(Vec3{rng.Float64(), 0.5, rng.Float64()}, Vec3{0.1 + rng.Float64(), 1, 0.1 + rng.Float64()}, 360*rng.Float64())
		b := mkOBB(Vec3{rng.Float64() * 2, 0.5, rng.Float64() * 2}, Vec3{0.1 + rng.Float64(), 1, 0.1 + rng.Float64()}, 360*rng.Float64())
		// The footprint winding must be counter-clockwise for the clipper.
		fa := a.footprint()
		if (fa[1][0]-fa[0][0])*(fa[2][1]-fa[0][1])-(fa[1][1]-fa[0][1])*(fa[2][0]-fa[0][0]) < 0 {
			t.Fatal("footprint winding is not consistent")
		}
		d := OBBPenetration(a, b)
		area := footprintArea(a, b)
		switch {
		case d > 1e-6 && area <= 0:
			t.Fatalf("case %d: SAT says depth %g, clipping says no overlap", i, d)
		case d < -1e-6 && area > 1e-9:
			t.Fatalf("case %d: SAT says separated by %g, clipping says area %g", i, -d, area)
		}
		if d > 0 {
			n++
		}
	}
	if n < 1000 || n > 19000 {
		t.Fatalf("test distribution is degenerate: %d overlapping of 20000", n)
	}
}

func TestWallPenetration(t *testing.T) {
	s := oneRoomScene(t)
	wall := func(id string) *WallShape {
		for k := range s.Walls {
			if s.Walls[k].ID == id {
				return &s.Walls[k]
			}
		}
		t.Fatalf("no wall %s", id)
		return nil
	}
	east := wall("wall|1|4.00|0.00|4.00|5.00")  // x = 4
	north := wall("wall|1|0.00|5.00|4.00|5.00") // z = 5, window x 1–2, y 0.9–1.9
	extN := wall("wall|exterior|0.00|5.00|4.00|5.00")
	small := Vec3{0.2, 0.2, 0.2}
	for _, c := range []struct {
		name string
		w    *WallShape
		b    OBB
		want float64
	}{
		{"straddles east wall", east, mkOBB(Vec3{3.95, 0.5, 2}, small, 0), 0.05},
		{"straddles, deeper inside", east, mkOBB(Vec3{4.03, 0.5, 2}, small, 0), 0.07},
		{"within tolerance", east, mkOBB(Vec3{3.9005, 0.5, 2}, small, 0), 0},
		{"touching", east, mkOBB(Vec3{3.9, 0.5, 2}, small, 0), 0},
		{"beyond wall end", east, mkOBB(Vec3{4, 0.5, 5.2}, small, 0), 0},
		{"past the end by less than the tolerance", east, mkOBB(Vec3{4, 0.5, 5.0995}, small, 0), 0},
		{"above the wall", east, mkOBB(Vec3{4, 2.7, 2}, small, 0), 0},
		{"rotated straddling", east, mkOBB(Vec3{4, 0.5, 2}, small, 45), 0.1 * math.Sqrt2},
		{"through the window", north, mkOBB(Vec3{1.5, 1.4, 5}, Vec3{0.5, 0.5, 0.5}, 0), 0},
		{"through the window, exterior face", extN, mkOBB(Vec3{1.5, 1.4, 5}, Vec3{0.5, 0.5, 0.5}, 0), 0},
		{"window edge cut", north, mkOBB(Vec3{1.9, 1.4, 5}, Vec3{0.5, 0.5, 0.5}, 0), 0.25},
		{"below the window", north, mkOBB(Vec3{1.5, 0.8, 5.05}, Vec3{0.5, 0.5, 0.5}, 0), 0.2},
		{"fits the window within tolerance", north, mkOBB(Vec3{1.5, 1.4, 5.1}, Vec3{0.9995 + 0.001, 0.999, 0.5}, 0), 0},
	} {
		if got := WallPenetration(c.w, c.b); !near(got, c.want, 1e-9) {
			t.Errorf("%s: depth %g, want %g", c.name, got, c.want)
		}
	}
}

// Two rooms joined by a door: a box passes through the doorway but not
// through the wall beside it or above the door's height.
func TestWallDoorHole(t *testing.T) {
	sp := houseSpec{W: 6, D: 4, Split: 3, DoorZ: 1, RoomTypes: [2]RoomType{Kitchen, LivingRoom}}
	s := mustScene(t, specHouse(sp, nil))
	in := mkOBB(Vec3{3, 0.5, 1.5}, Vec3{0.6, 1, 0.6}, 30) // its section on the wall line spans 0.6/cos 30° ≈ 0.69 m
	if c, hit := s.CheckBox(in); hit {
		t.Fatalf("box in the doorway collides with %s", c.Other)
	}
	beside := mkOBB(Vec3{3, 0.5, 0.8}, Vec3{0.6, 1, 0.6}, 0)
	if c, hit := s.CheckBox(beside); !hit || !strings.HasPrefix(c.Other, "wall|1|3.00") || !near(c.Depth, 0.3, 1e-9) {
		t.Fatalf("box across the door jamb: got %+v %v, want room 1's interior wall at depth 0.3", c, hit)
	}
	tall := mkOBB(Vec3{3, 1.2, 1.5}, Vec3{0.6, 2.4, 0.6}, 0) // reaches above the 2.1 m door
	if _, hit := s.CheckBox(tall); !hit {
		t.Fatal("a box taller than the door passes through it")
	}
	// Both sides of the interior wall are listed; each one sees the box.
	n := 0
	for k := range s.Walls {
		if WallPenetration(&s.Walls[k], beside) > CollisionTolerance {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("box across the interior wall cuts %d wall sides, want 2", n)
	}
}

func TestCheckBoxFloorAndOutline(t *testing.T) {
	s := oneRoomScene(t)
	size := Vec3{0.2, 0.2, 0.2}
	for _, c := range []struct {
		name  string
		b     OBB
		other string
		depth float64
	}{
		{"free", mkOBB(Vec3{1, 0.1, 1}, size, 0), "", 0},
		{"sunk 2 mm", mkOBB(Vec3{1, 0.098, 1}, size, 0), FloorID, 0.002},
		{"sunk 0.5 mm", mkOBB(Vec3{1, 0.0995, 1}, size, 0), "", 0},
		{"outside", mkOBB(Vec3{5, 0.1, 1}, size, 0), OutsideHouseID, 0},
		{"hugging the outline", mkOBB(Vec3{0.1, 0.1, 0.1}, size, 0), "", 0},
		{"corner 2 mm out", mkOBB(Vec3{0.098, 0.1, 1}, size, 0), "", 0}, // the west wall catches it
		{"into the table", mkOBB(Vec3{2, 0.3, 3}, size, 0), "DiningTable|1|0", 0.2},
	} {
		col, hit := s.CheckBox(c.b)
		if c.name == "corner 2 mm out" {
			if !hit || !strings.HasPrefix(col.Other, "wall|") {
				t.Errorf("%s: got %+v %v, want a wall", c.name, col, hit)
			}
			continue
		}
		if hit != (c.other != "") || col.Other != c.other || !near(col.Depth, c.depth, 1e-9) {
			t.Errorf("%s: got %+v %v, want %q depth %g", c.name, col, hit, c.other, c.depth)
		}
	}
	// Ignoring an object lets a box overlap it.
	if col, hit := s.CheckBox(mkOBB(Vec3{2, 0.3, 3}, size, 0), "DiningTable|1|0"); hit {
		t.Fatalf("ignored table still reported: %+v", col)
	}
}

func TestInsideHouseCornerTolerance(t *testing.T) {
	s := oneRoomScene(t)
	size := Vec3{0.2, 0.2, 0.2}
	if !s.InsideHouse(mkOBB(Vec3{0.1 - 0.0009, 0.1, 1}, size, 0)) {
		t.Fatal("a corner 0.9 mm outside should count as inside")
	}
	if s.InsideHouse(mkOBB(Vec3{0.1 - 0.0011, 0.1, 1}, size, 0)) {
		t.Fatal("a corner 1.1 mm outside should count as outside")
	}
}

func TestCollidingWith(t *testing.T) {
	s := oneRoomScene(t)
	if got := s.CollidingWith("DiningTable|1|0"); len(got) != 0 {
		t.Fatalf("table in its start pose collides with %v", got)
	}
	for _, c := range []struct {
		pos  Vec3
		want []string
	}{
		{Vec3{3.9, 0.47, 3}, []string{"wall|1|4.00|0.00|4.00|5.00", "wall|exterior|4.00|0.00|4.00|5.00", FloorID, OutsideHouseID}},
		{Vec3{2.8, 0.4828, 3}, []string{"DiningTable|1|0"}},
	} {
		if err := s.TeleportObject("Chair|1|2", c.pos, 90, true); err != nil {
			t.Fatal(err)
		}
		if got := s.CollidingWith("Chair|1|2"); strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Fatalf("at %v CollidingWith = %v, want %v", c.pos, got, c.want)
		}
	}
	if s.CollidingWith("nope") != nil {
		t.Fatal("unknown id should give nil")
	}
}

func TestCollisionErrorMessage(t *testing.T) {
	e := &CollisionError{Mover: "A", Object: "Mug|1", Other: "wall|1|0|0|1|0"}
	if got, want := e.Error(), "Mug|1 is colliding with wall|1|0|0|1|0 after teleport."; got != want {
		t.Fatalf("message %q, want %q", got, want)
	}
	e.Action = "settle"
	if !strings.HasSuffix(e.Error(), "after settle.") {
		t.Fatalf("settle message %q", e.Error())
	}
}
