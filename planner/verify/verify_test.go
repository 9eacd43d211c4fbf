package verify

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/planner"
	"flowbench/sim"
)

// frame builds a frame from rows of object names ("." = nothing).
func frame(rows ...string) *planner.Frame {
	table := []string{""}
	ids := map[rune]uint16{}
	f := &planner.Frame{W: len(rows[0]), H: len(rows)}
	for _, r := range rows {
		for _, ch := range r {
			if ch == '.' {
				f.IDs = append(f.IDs, 0)
				continue
			}
			if _, ok := ids[ch]; !ok {
				ids[ch] = uint16(len(table))
				table = append(table, string(ch))
			}
			f.IDs = append(f.IDs, ids[ch])
		}
	}
	f.IDTable = table
	return f
}

func TestCoverFourByFour(t *testing.T) {
	before := frame(
		"....",
		"BBBB",
		"..A.",
		"....")
	for _, tc := range []struct {
		after  *planner.Frame
		rate   float64
		cov, b int
	}{
		{frame("....", "AA..", "....", "...."), 0.5, 2, 4},
		{frame("....", "...A", "AAAA", "...."), 0.25, 1, 4},
		{frame("AAAA", "....", "AAAA", "AAAA"), 0, 0, 4},
		{frame("....", "AAAA", "....", "...."), 1, 4, 4},
		{frame("....", "BBBB", "....", "...."), 0, 0, 4}, // A absent after
	} {
		r, c, b := Cover(before, tc.after, "A", "B")
		if r != tc.rate || c != tc.cov || b != tc.b {
			t.Errorf("cover = %v (%d/%d), want %v (%d/%d)", r, c, b, tc.rate, tc.cov, tc.b)
		}
	}
	if r, _, b := Cover(frame("AA", ".."), frame("AA", ".."), "A", "B"); r != 0 || b != 0 {
		t.Errorf("B absent before: rate %v, pixels %d", r, b)
	}
	// Instance ids differ between the frames (A is id 1 here, B is id 1
	// before): only the object ids matter.
	a2 := frame("....", "A...", "....", "....")
	if r, c, _ := Cover(before, a2, "A", "B"); r != 0.25 || c != 1 {
		t.Errorf("cover across id tables = %v (%d)", r, c)
	}
}

func TestCentroidU(t *testing.T) {
	f := frame(
		".A.A",
		"....",
		".A.A",
		"LL..")
	if u, ok := CentroidU(f, "A"); !ok || u != 2 {
		t.Errorf("u(A) = %v %v, want 2", u, ok)
	}
	if u, ok := CentroidU(f, "L"); !ok || u != 0.5 {
		t.Errorf("u(L) = %v %v, want 0.5", u, ok)
	}
	if _, ok := CentroidU(f, "X"); ok {
		t.Error("absent object reported visible")
	}
}

func box(minx, miny, minz, maxx, maxy, maxz float64) sim.AABB {
	return sim.AABB{Min: sim.Vec3{minx, miny, minz}, Max: sim.Vec3{maxx, maxy, maxz}}
}

func TestGapAndDist(t *testing.T) {
	a := box(0, 0, 0, 1, 1, 1)
	for _, tc := range []struct {
		b    sim.AABB
		want float64
	}{
		{box(1, 0, 0, 2, 1, 1), 0},             // touching faces
		{box(0.5, 0.5, 0.5, 3, 3, 3), 0},       // overlapping
		{box(1.3, 1.4, 0, 2, 2, 1), 0.5},       // 0.3 along x, 0.4 along y
		{box(-3, 0.2, 0.2, -1, 0.8, 0.8), 1},   // 1 along −x
		{box(2, 2, 2, 3, 3, 3), math.Sqrt(3)},  // corner to corner
		{box(0.2, 0.2, -2.5, 0.8, 0.8, -2), 2}, // along −z
		{box(-1, -1, -1, 2, 2, 2), 0},          // containing
	} {
		if g := Gap(a, tc.b); math.Abs(g-tc.want) > 1e-12 || Gap(tc.b, a) != g {
			t.Errorf("Gap(%v) = %v, want %v (symmetric)", tc.b, g, tc.want)
		}
	}
	if d := Dist(sim.Vec3{1, 2, 3}, sim.Vec3{4, 6, 3}); d != 5 {
		t.Errorf("Dist = %v, want 5", d)
	}
}

func TestArgminAndTopThree(t *testing.T) {
	if i, ok := argminStrict([]float64{0.4, 0.1, 0.3, 0.2}); i != 1 || !ok {
		t.Errorf("argmin = %d %v", i, ok)
	}
	if _, ok := argminStrict([]float64{0.4, 0.1, 0.1}); ok {
		t.Error("a tie was reported unique")
	}
	if s, ok := topThree([]float64{3, 0.5, 2, 0.7, 9, 1}); s != "BDF" || !ok {
		t.Errorf("topThree = %q %v, want BDF", s, ok)
	}
	if _, ok := topThree([]float64{1, 2, 3, 3, 4, 5}); ok {
		t.Error("a 3rd/4th tie was reported unique")
	}
}

func TestCameraDir(t *testing.T) {
	for _, yaw := range []float64{0, 37, 90, 180, 275} {
		cam := sim.NewCamera(sim.Vec3{1, 1.5, 2}, yaw, 0)
		r, _ := CameraDir(yaw, "right")
		l, _ := CameraDir(yaw, "left")
		f, _ := CameraDir(yaw, "forward")
		b, _ := CameraDir(yaw, "back")
		if r.Add(l).Len() > 1e-12 || f.Add(b).Len() > 1e-12 || math.Abs(r.Dot(f)) > 1e-12 || r[1] != 0 || f[1] != 0 {
			t.Fatalf("yaw %v: axes not opposite/orthogonal/horizontal: %v %v", yaw, r, f)
		}
		p := cam.Position.Add(f.Mul(3))
		u0, _, z0, _ := cam.Project(p)
		u1, _, _, _ := cam.Project(p.Add(r.Mul(0.5)))
		_, _, z2, _ := cam.Project(p.Add(f.Mul(0.5)))
		if !(u1 > u0+1) || !(z2 > z0+0.49) {
			t.Errorf("yaw %v: right moved u %v→%v, forward moved depth %v→%v", yaw, u0, u1, z0, z2)
		}
	}
	if f, _ := CameraDir(90, "forward"); math.Abs(f[0]-1) > 1e-12 {
		t.Errorf("yaw 90 forward = %v, want +x", f)
	}
	if _, err := CameraDir(0, "up"); err == nil {
		t.Error("unknown direction accepted")
	}
}

func TestWaypoints(t *testing.T) {
	for _, tc := range []struct {
		p    Probe
		want []float64
	}{
		{Probe{Length: 0.5, Gap: 0.1}, []float64{0.1, 0.2, 0.3, 0.4, 0.5}},
		{Probe{Length: 0.35, Gap: 0.1}, []float64{0.1, 0.2, 0.3, 0.35}},
		{Probe{Length: 0.05, Gap: 0.1}, []float64{0.05}},
	} {
		got := tc.p.Waypoints(tc.p.Length)
		if len(got) != len(tc.want) {
			t.Fatalf("%v: waypoints %v, want %v", tc.p, got, tc.want)
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-12 {
				t.Errorf("%v: waypoints %v, want %v", tc.p, got, tc.want)
			}
		}
	}
}

// oneRoom is the hand-written 4 m × 5 m room (x 0..4, z 0..5, walls 2.5 m
// high) with a window hole in the z = 5 wall at x 1..2, y 0.9..1.9.
func oneRoom(t *testing.T) *sim.House {
	t.Helper()
	h, err := sim.ReadHouseFile(filepath.Join("..", "..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestWallClearanceOneRoom(t *testing.T) {
	v, err := New(oneRoom(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		b    sim.AABB
		want float64
	}{
		{"centre", box(1.5, 0, 2, 2.5, 1, 3), 1.5},
		{"near +x", box(2.5, 0, 1.5, 3.95, 1, 2.1), 0.05},
		{"near -z", box(1.5, 0, 0.3, 2.5, 1, 1.3), 0.3},
		// The x = 4 wall passes through the box: along ±z the wall point
		// nearest the centre is the centre itself, so the clearance is minus
		// the half depth (−0.5), below the −0.1 along +x.
		{"cuts into +x wall", box(3.8, 0, 2, 4.1, 1, 3), -0.5},
		{"cuts into +x wall, thin", box(3.8, 0, 2.45, 4.1, 1, 2.55), -0.1},
		{"under the window hole only", box(1.2, 1.0, 4.7, 1.8, 1.5, 4.9), 1.2},
		{"overlaps the wall below the window", box(1.2, 0.5, 4.7, 1.8, 1.5, 4.9), 0.1},
		{"beside the window", box(2.2, 1.0, 4.7, 2.8, 1.5, 4.85), 0.15},
		{"above the walls", box(1.5, 2.6, 2, 2.5, 3, 3), math.Inf(1)},
	} {
		if got := WallClearance(v.walls, tc.b); math.Abs(got-tc.want) > 1e-9 && !(math.IsInf(got, 1) && math.IsInf(tc.want, 1)) {
			t.Errorf("%s: clearance %v, want %v", tc.name, got, tc.want)
		}
	}
	if wallTol != sim.CollisionTolerance {
		t.Errorf("wall tolerance %v differs from the simulator's %v", wallTol, sim.CollisionTolerance)
	}
}

// TestWallClearanceMatchesPlannerStructure cross-checks the independent
// wall clearance with the planner's documented one on random boxes in
// generated houses (two implementations of eq. 31).
func TestWallClearanceMatchesPlannerStructure(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 0
	for idx := 0; idx < 6; idx++ {
		h, err := sim.Generate("procthor", 5, idx)
		if err != nil {
			t.Fatal(err)
		}
		v, err := New(h, nil)
		if err != nil {
			t.Fatal(err)
		}
		st, err := planner.NewStructure(h)
		if err != nil {
			t.Fatal(err)
		}
		var lo, hi [2]float64 = [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
		for _, w := range st.Walls {
			for _, p := range [][2]float64{w.A, w.B} {
				lo[0], lo[1] = math.Min(lo[0], p[0]), math.Min(lo[1], p[1])
				hi[0], hi[1] = math.Max(hi[0], p[0]), math.Max(hi[1], p[1])
			}
		}
		for k := 0; k < 400; k++ {
			cx, cz := lo[0]+rng.Float64()*(hi[0]-lo[0]), lo[1]+rng.Float64()*(hi[1]-lo[1])
			sx, sy, sz := 0.05+rng.Float64(), 0.05+rng.Float64()*1.5, 0.05+rng.Float64()
			y0 := rng.Float64() * 2
			b := box(cx-sx/2, y0, cz-sz/2, cx+sx/2, y0+sy, cz+sz/2)
			want, _ := st.WallClearance(b)
			got := WallClearance(v.walls, b)
			if !(got == want || math.Abs(got-want) < 1e-9) {
				t.Errorf("house %d box %v: clearance %v, planner structure %v", idx, b, got, want)
			}
			n++
		}
	}
	if n != 2400 {
		t.Errorf("checked %d boxes", n)
	}
}

// meta returns an object record with a box of the given centre and extents.
func meta(id string, c, s sim.Vec3) planner.ObjectMeta {
	h := s.Mul(0.5)
	return planner.ObjectMeta{ID: id, Type: strings.Split(id, "|")[0], Position: c, Size: s,
		AABB: sim.AABB{Min: c.Sub(h), Max: c.Add(h)}, Moveable: true}
}

var colours = []string{"red", "blue", "green", "yellow", "purple", "orange", "pink"}

func ref(id string, i int) planner.ObjectRef {
	return planner.ObjectRef{ObjectID: id, ObjectType: strings.Split(id, "|")[0], DotColor: colours[i]}
}

func name(r planner.ObjectRef) string {
	return fmt.Sprintf("the %s (%s dot)", strings.ToLower(r.ObjectType), r.DotColor)
}

// handExample fills the question fields of a hand-built example.
func handExample(cat, stem string, choices []string, answer, before string, mover planner.ObjectRef, refs ...planner.ObjectRef) *planner.Example {
	var lines []string
	for i, c := range choices {
		lines = append(lines, letter(i)+". "+c)
	}
	return &planner.Example{ID: "hand/" + cat, CategoryName: cat, Mover: mover, Referenced: refs, Choices: choices,
		Question: "After the move, " + stem + "\n" + strings.Join(lines, "\n"),
		Answer:   answer, StaticAnswer: answer, BeforeAnswer: before, Changed: before != "" && before != answer,
		Metrics: map[string]any{}}
}

func mustAgree(t *testing.T, v *Verifier, ex *planner.Example, out *planner.Outcome) {
	t.Helper()
	if _, err := v.Check(ex, out); err != nil {
		t.Error(err)
	}
	// Every other answer letter must be rejected.
	for i := range ex.Choices {
		if l := letter(i); l != ex.Answer && len(ex.Answer) == 1 {
			bad := *ex
			bad.Answer, bad.StaticAnswer = l, l
			if _, err := v.Check(&bad, out); err == nil {
				t.Errorf("%s: wrong answer %s accepted", ex.ID, l)
			}
		}
	}
}

func TestHandBuiltImageCategories(t *testing.T) {
	v := &Verifier{}
	// Frames name objects by single letters: the mover is "A", the other "B".
	objs := []planner.ObjectMeta{meta("A", sim.Vec3{1, 0.5, 1}, sim.Vec3{0.5, 1, 0.5}), meta("B", sim.Vec3{2, 0.5, 1}, sim.Vec3{0.2, 0.3, 0.2})}
	a, b := ref("A", 0), ref("B", 1)
	before := frame(
		"........",
		"..BB....",
		"..BB.A..",
		"........")
	// The chair moves in front of the vase: it covers 3 of its 4 pixels (75%).
	after := frame(
		"........",
		"..AA....",
		"..AB....",
		"........")
	out := &planner.Outcome{Before: before, After: after, ObjectsBefore: objs}
	stem := "does " + name(a) + " hide at least 30% of the part of " + name(b) + " that was visible before the move?"
	mustAgree(t, v, handExample("occlusion", stem, []string{"no", "yes"}, "B", "", a, b), out)
	// Only 1 of 4 pixels (25%): no.
	out2 := &planner.Outcome{Before: before, After: frame("........", "..A.....", "....A...", "........"), ObjectsBefore: objs}
	mustAgree(t, v, handExample("occlusion", stem, []string{"yes", "no"}, "B", "", a, b), out2)

	// Left/right: A starts right of B (u 5 vs 2.5) and ends left of it (u 0 vs 2.5).
	lrAfter := frame(
		"A.......",
		"..BB....",
		"A.BB....",
		"........")
	out3 := &planner.Outcome{Before: before, After: lrAfter, ObjectsBefore: objs}
	lrStem := "is " + name(a) + " to the left of " + name(b) + " in the image?"
	mustAgree(t, v, handExample("left_right", lrStem, []string{"yes", "no"}, "A", "B", a, b), out3)
	rrStem := "is " + name(a) + " to the right of " + name(b) + " in the image?"
	mustAgree(t, v, handExample("left_right", rrStem, []string{"no", "yes"}, "A", "B", a, b), out3)
}

func TestHandBuiltDistanceCategories(t *testing.T) {
	v := &Verifier{}
	unit := sim.Vec3{0.2, 0.2, 0.2}
	mv0 := meta("Mug|0", sim.Vec3{0, 1, 0}, unit)
	mv1 := meta("Mug|0", sim.Vec3{2, 1, 0}, unit)
	// Options on the x axis at centre distances (before | after):
	// B x=0.5 (0.5 | 1.5), C x=1.6 (1.6 | 0.4), D x=2.7 (2.7 | 0.7), E x=-1.0 (1.0 | 3.0),
	// F x=3.1 (3.1 | 1.1), G x=-0.3 (0.3 | 2.3).
	xs := map[string]float64{"B": 0.5, "C": 1.6, "D": 2.7, "E": -1.0, "F": 3.1, "G": -0.3}
	objs := []planner.ObjectMeta{mv0}
	ids := []string{"B", "C", "D", "E", "F", "G"}
	refs := make([]planner.ObjectRef, len(ids))
	for i, k := range ids {
		id := "Box" + k + "|1"
		objs = append(objs, meta(id, sim.Vec3{xs[k], 1, 0}, unit))
		refs[i] = ref(id, i+1)
	}
	out := &planner.Outcome{ObjectsBefore: objs, ObjectsAfter: []planner.ObjectMeta{mv1}}
	mover := ref("Mug|0", 0)
	names := func(rs []planner.ObjectRef) []string {
		var s []string
		for _, r := range rs {
			s = append(s, name(r))
		}
		return s
	}
	// Closer-to over B, C, D, E (AABB gaps = centre distance − 0.2 here): nearest after is C (B before).
	ct := refs[:4]
	mustAgree(t, v, handExample("closer_to", "which of these objects is closest to "+name(mover)+"?", names(ct), "B", "A", mover, ct...), out)
	// Closest three of six after: C (0.4), D (0.7), F (1.1) → letters B, C, E; before: G, B, E → A, D, F.
	ex := handExample("closest_three", "which three of these objects are closest to "+name(mover)+"?", names(refs), "BCE", "ADF", mover, refs...)
	if _, err := v.Check(ex, out); err != nil {
		t.Error(err)
	}
	ex.Answer, ex.StaticAnswer = "BCF", "BCF"
	if _, err := v.Check(ex, out); err == nil {
		t.Error("closest-three: wrong set accepted")
	}
	// Count near within 1.25 m: after C, D, F → 3; before G, B, E → 3. Within 0.65: after C → 1 (not a choice).
	cnStem := func(tau string) string {
		return "how many of these six objects have their centre within " + tau + " of the centre of " + name(mover) + ": " + strings.Join(names(refs), ", ") + "?"
	}
	mustAgree(t, v, handExample("count_near", cnStem("1.25 m"), []string{"5", "3", "2", "4"}, "B", "B", mover, refs...), out)
	// Within 1.50 m: after C, D, F, B(1.5) → 4; before G, B, E, C(1.6 no) → 3.
	mustAgree(t, v, handExample("count_near", cnStem("1.50 m"), []string{"2", "3", "4", "5"}, "C", "B", mover, refs...), out)
	// Widened answer set (last count-near fallback): within 0.65 m after C → 1; before G, B → 2.
	mustAgree(t, v, handExample("count_near", cnStem("0.65 m"), []string{"4", "1", "6", "2"}, "B", "D", mover, refs...), out)
	for _, bad := range [][]string{{"4", "1", "7", "2"}, {"4", "1", "1", "2"}, {"1", "2", "3"}, {"x", "1", "2", "3"}} {
		if _, err := v.Check(handExample("count_near", cnStem("0.65 m"), bad, "B", "D", mover, refs...), out); err == nil {
			t.Errorf("count-near choices %v accepted", bad)
		}
	}
	// Near object: C is within 0.50 m after (0.4) but not before (1.6).
	nearStem := "is the centre of " + name(mover) + " within 0.50 m of the centre of " + name(refs[1]) + "?"
	mustAgree(t, v, handExample("near_object", nearStem, []string{"no", "yes"}, "B", "A", mover, refs[1]), out)
}

func TestHandBuiltContactWall(t *testing.T) {
	v, err := New(oneRoom(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	mover := ref("Box|1", 0)
	stem := "is " + name(mover) + " touching a wall (less than 22 cm from it)?"
	// Before 1.0 m from the +x wall, after 0.05 m: yes, before no.
	b0 := meta("Box|1", sim.Vec3{2.75, 0.5, 1.8}, sim.Vec3{0.5, 1, 0.6})
	b1 := meta("Box|1", sim.Vec3{3.7, 0.5, 1.8}, sim.Vec3{0.5, 1, 0.6})
	out := &planner.Outcome{ObjectsBefore: []planner.ObjectMeta{b0}, ObjectsAfter: []planner.ObjectMeta{b1}}
	mustAgree(t, v, handExample("contact_wall", stem, []string{"yes", "no"}, "A", "B", mover), out)
	// A box that moves in front of the window hole, clear of the wall's solid parts: no.
	w0 := meta("Box|1", sim.Vec3{1.5, 1.25, 4.2}, sim.Vec3{0.6, 0.5, 0.2})
	w1 := meta("Box|1", sim.Vec3{1.5, 1.25, 4.8}, sim.Vec3{0.6, 0.5, 0.2})
	out2 := &planner.Outcome{ObjectsBefore: []planner.ObjectMeta{w0}, ObjectsAfter: []planner.ObjectMeta{w1}}
	mustAgree(t, v, handExample("contact_wall", stem, []string{"no", "yes"}, "A", "A", mover), out2)
}

func TestHandBuiltFeasibility(t *testing.T) {
	h := oneRoom(t)
	v, err := New(h, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := newLocal()
	if err := s.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	objs, err := s.Objects()
	if err != nil {
		t.Fatal(err)
	}
	var chair planner.ObjectMeta
	for _, o := range objs {
		if o.Type == "Chair" {
			chair = o
		}
	}
	// Camera looking along +x (yaw 90): forward = +x, right = −z.
	mover := ref(chair.ID, 0)
	clr := 4 - chair.AABB.Max[0]
	for _, tc := range []struct {
		words, dir string
		length     float64
		yes        bool
	}{
		{"forward (away from the camera)", "forward", math.Ceil((clr+0.1)*20) / 20, false}, // into the +x wall
		{"to the right", "right", 0.3, true},                                               // towards z = 0, free
		{"to the right", "right", 2.0, false},                                              // through the z = 0 wall
	} {
		// Both wordings: "a further" (a probe continuing the setup move) and
		// "then be moved" (any other).
		stem := fmt.Sprintf("could %s be moved a further %.2f m %s without colliding with anything?", name(mover), tc.length, tc.words)
		if tc.yes {
			stem = fmt.Sprintf("could %s then be moved %.2f m %s without colliding with anything?", name(mover), tc.length, tc.words)
		}
		choices := []string{"yes", "no"}
		ans := "B"
		if tc.yes {
			ans = "A"
		}
		ex := handExample("feasibility", stem, choices, ans, "", mover)
		ex.Camera = sim.NewCamera(sim.Vec3{0.5, sim.CameraHeight, 1.8}, 90, 0)
		ex.Metrics["probe"] = map[string]any{"direction": tc.dir, "length": tc.length, "waypoint_gap": 0.1}
		mustAgree(t, v, ex, &planner.Outcome{ObjectsBefore: objs})
	}
	if clr < 0.3 || clr > 2 {
		t.Fatalf("chair clearance to the +x wall %v: the fixture changed", clr)
	}
	// Compound and downward probes.
	into := math.Ceil((clr+0.1)*20) / 20
	for _, tc := range []struct {
		words  string
		metric map[string]any
		yes    bool
	}{
		{"0.30 m to the right and 0.10 m forward (away from the camera) at the same time, along one straight diagonal line,",
			map[string]any{"kind": "compound", "direction": "right", "length": 0.3, "direction2": "forward", "length2": 0.1}, true},
		{fmt.Sprintf("0.30 m to the right and %.2f m forward (away from the camera) at the same time, along one straight diagonal line,", into),
			map[string]any{"kind": "compound", "direction": "right", "length": 0.3, "direction2": "forward", "length2": into}, false},
		{"0.40 m straight down", map[string]any{"kind": "down", "direction": "down", "length": 0.4}, false}, // into the floor
	} {
		stem := fmt.Sprintf("could %s then be moved %s without colliding with anything?", name(mover), tc.words)
		ans := "B"
		if tc.yes {
			ans = "A"
		}
		ex := handExample("feasibility", stem, []string{"yes", "no"}, ans, "", mover)
		ex.Camera = sim.NewCamera(sim.Vec3{0.5, sim.CameraHeight, 1.8}, 90, 0)
		tc.metric["waypoint_gap"] = 0.1
		ex.Metrics["probe"] = tc.metric
		mustAgree(t, v, ex, &planner.Outcome{ObjectsBefore: objs})
		// The record must match the text: a wrong kind or second component is rejected.
		bad := map[string]any{}
		for k, x := range tc.metric {
			bad[k] = x
		}
		if tc.metric["kind"] == "compound" {
			bad["length2"] = 0.5
		} else {
			bad["kind"] = "single"
		}
		ex.Metrics["probe"] = bad
		if _, err := v.Check(ex, &planner.Outcome{ObjectsBefore: objs}); err == nil {
			t.Errorf("%s: mismatched probe record %v accepted", tc.words, bad)
		}
	}
	// A compound on one axis is not a two-axis probe.
	stem := "could " + name(mover) + " be moved a further 0.30 m to the right and 0.20 m to the left at the same time, along one straight diagonal line, without colliding with anything?"
	ex := handExample("feasibility", stem, []string{"yes", "no"}, "A", "", mover)
	ex.Metrics["probe"] = map[string]any{"kind": "compound", "direction": "right", "length": 0.3, "direction2": "left", "length2": 0.2, "waypoint_gap": 0.1}
	if _, err := v.Check(ex, &planner.Outcome{ObjectsBefore: objs}); err == nil {
		t.Error("one-axis compound probe accepted")
	}
}
