package planner

import (
	"math"
	"testing"

	"flowbench/sim"
)

// A frame whose objects are a painting, a mirror and a towel holder on the
// wall and a small mug is almost all structure: wall decor counts as
// structure, so a view filled by a painting fails the rule that a view
// filled by a sofa passes. A type the catalog lacks counts as an object,
// but for the named decor types (an imported house's Mirror).
func TestWallDecorIsStructure(t *testing.T) {
	const none, painting, mirror, holder, mug, sofa = 0, 1, 2, 3, 4, 5
	ids := make([]uint16, 100)
	for i := range ids {
		switch {
		case i < 60:
			ids[i] = painting
		case i < 75:
			ids[i] = mirror
		case i < 80:
			ids[i] = holder
		case i < 82:
			ids[i] = mug
		}
	}
	f := &Frame{W: 10, H: 10, IDTable: []string{"", "Painting|1", "Mirror|2", "TowelHolder|3", "Mug|4", "Sofa|5"}, IDs: ids}
	objs := []ObjectMeta{{ID: "Painting|1", Type: "Painting"}, {ID: "Mirror|2", Type: "Mirror"},
		{ID: "TowelHolder|3", Type: "TowelHolder"}, {ID: "Mug|4", Type: "Mug"}, {ID: "Sofa|5", Type: "Sofa"}}
	ci := defaultCatalogInfo()
	v := View{Structure: structureShare(PixelCounts(f), objs, 100, ci.wallDecor)}
	if v.Structure != 0.98 || showsRoom(v, MaxStructureShare) {
		t.Errorf("painting-filled frame: structure %v, passes %v; want 0.98, failing", v.Structure, showsRoom(v, MaxStructureShare))
	}
	if old := structureShare(PixelCounts(f), objs, 100, nil); math.Abs(old-0.18) > 1e-12 {
		t.Errorf("without the decor rule the share is %v, want 0.18 (the frame passed before)", old)
	}
	for i := range ids[:60] {
		ids[i] = sofa
	}
	if v := (View{Structure: structureShare(PixelCounts(f), objs, 100, ci.wallDecor)}); math.Abs(v.Structure-0.38) > 1e-12 || !showsRoom(v, MaxStructureShare) {
		t.Errorf("sofa-filled frame: structure %v, want 0.38, passing", v.Structure)
	}
	for typ, want := range map[string]bool{"Painting": true, "Mirror": true, "TowelHolder": true, "HandTowel": true,
		"ToiletPaperHanger": true, "Mug": false, "Sofa": false, "Television": false, "Unknown": false} {
		if got := ci.wallDecor(typ); got != want {
			t.Errorf("wallDecor(%s) = %v, want %v", typ, got, want)
		}
	}
}

// fakeSearch is a roomSearch whose candidate poses are every pose and
// whose scores come from judge: the score, structure share and whether
// the pose sees a movable object in the band.
func fakeSearch(cfg Config, judge func(p sim.Vec3, yaw, horizon float64) (score, structure float64, ok bool)) (*roomSearch, *int) {
	scored := 0
	return &roomSearch{cfg: cfg, maxShare: MaxStructureShare,
		pose: func(p sim.Vec3, yaw, horizon float64) (roomCand, bool, error) {
			return roomCand{cam: sim.NewCamera(sim.Vec3{p[0], p[1] + sim.CameraHeight, p[2]}, yaw, horizon), ub: math.Inf(1)}, true, nil
		},
		score: func(cam sim.Camera) (View, bool, error) {
			scored++
			p := sim.Vec3{cam.Position[0], cam.Position[1] - sim.CameraHeight, cam.Position[2]}
			sc, str, ok := judge(p, cam.Yaw, cam.Horizon)
			return View{Camera: cam, Score: sc, Structure: str}, ok, nil
		},
	}, &scored
}

// gridPoints is an n×n grid of floor points 1 m apart.
func gridPoints(n int) []sim.Vec3 {
	var pts []sim.Vec3
	for x := 0; x < n; x++ {
		for z := 0; z < n; z++ {
			pts = append(pts, sim.Vec3{float64(x), 0, float64(z)})
		}
	}
	return pts
}

// drawnHorizons replays A.1's horizon draws of a room search: the horizon
// drawn for each FPS point and yaw.
func drawnHorizons(pts []sim.Vec3, k int, seed uint64) map[poseKey]bool {
	rng := newRNG(seed)
	out := map[poseKey]bool{}
	for _, p := range farthestPoints(pts, k) {
		for _, yaw := range ViewYaws {
			out[poseKey{p, yaw, ViewHorizons[rng.IntN(len(ViewHorizons))]}] = true
		}
	}
	return out
}

// A room whose only passing candidate is a pose A.1's search does not try
// (the horizon not drawn at an FPS point, or an FPS point beyond K) finds
// it in the wider search, and keeps only it.
func TestRoomSearchFindsWiderPose(t *testing.T) {
	cfg := DefaultConfig()
	cfg.FPSPerRoom, cfg.PerRoom = 3, 3
	pts := gridPoints(6)
	drawn := drawnHorizons(pts, cfg.FPSPerRoom, 7)
	p0 := farthestPoints(pts, cfg.FPSPerRoom)[1]
	h := ViewHorizons[0]
	if drawn[poseKey{p0, 135, h}] {
		h = ViewHorizons[1]
	}
	beyond := farthestPoints(pts, ViewSearchFPSFactor*cfg.FPSPerRoom)[cfg.FPSPerRoom+2]
	for name, target := range map[string]poseKey{"undrawn horizon": {p0, 135, h}, "FPS point beyond K": {beyond, 270, ViewHorizons[1]}} {
		if drawn[target] {
			t.Fatalf("%s: A.1 tries the target pose %v", name, target)
		}
		rs, _ := fakeSearch(cfg, func(p sim.Vec3, yaw, horizon float64) (float64, float64, bool) {
			if (poseKey{p, yaw, horizon}) == target {
				return 5, 0.6, true
			}
			return 20, 0.85, true // better scores, but bare
		})
		r, err := rs.first(pts, newRNG(7))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.kept) != 1 || !r.widened || r.skipped() != "" {
			t.Fatalf("%s: kept %d views (widened %v, skipped %q), want the one passing pose", name, len(r.kept), r.widened, r.skipped())
		}
		c := r.kept[0].Camera
		if got := (poseKey{sim.Vec3{c.Position[0], 0, c.Position[2]}, c.Yaw, c.Horizon}); got != target {
			t.Errorf("%s: kept %v, want %v", name, got, target)
		}
	}
	// A room whose A.1 candidates pass does not search wider.
	rs, scored := fakeSearch(cfg, func(p sim.Vec3, yaw, horizon float64) (float64, float64, bool) { return p[0] + p[2], 0.5, true })
	r, err := rs.first(pts, newRNG(7))
	if err != nil {
		t.Fatal(err)
	}
	if r.widened || len(r.kept) != cfg.PerRoom || *scored > cfg.FPSPerRoom*len(ViewYaws) {
		t.Errorf("passing room: widened %v, kept %d, scored %d poses", r.widened, len(r.kept), *scored)
	}
}

// A room where nothing passes even in the wider search proposes no view and
// says why; every pose of the wider search was tried.
func TestRoomSearchSkipsBareRoom(t *testing.T) {
	cfg := DefaultConfig()
	cfg.FPSPerRoom = 2
	pts := gridPoints(5)
	rs, scored := fakeSearch(cfg, func(sim.Vec3, float64, float64) (float64, float64, bool) { return 10, 0.75, true })
	r, err := rs.first(pts, newRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.kept) != 0 || r.skipped() != SkipRoomBare {
		t.Errorf("bare room: kept %d, skipped %q, want none and %q", len(r.kept), r.skipped(), SkipRoomBare)
	}
	if want := ViewSearchFPSFactor * cfg.FPSPerRoom * len(ViewYaws) * len(ViewHorizons); *scored != want || len(r.cands) != want {
		t.Errorf("scored %d of %d candidates, want every pose of the wider search, %d", *scored, len(r.cands), want)
	}
	rs, _ = fakeSearch(cfg, func(sim.Vec3, float64, float64) (float64, float64, bool) { return 0, 0.2, false })
	if r, err = rs.first(pts, newRNG(1)); err != nil || r.skipped() != SkipRoomNoCandidate {
		t.Errorf("room without an object in the band: skipped %q (%v), want %q", r.skipped(), err, SkipRoomNoCandidate)
	}
	if r, err = rs.first(nil, newRNG(1)); err != nil || r.skipped() != SkipRoomNoPositions {
		t.Errorf("room without positions: skipped %q (%v), want %q", r.skipped(), err, SkipRoomNoPositions)
	}
}

// fill widens the rooms with the fewest proposals first, and only while
// the proposals cannot fill the budget.
func TestRoomSearchFill(t *testing.T) {
	cfg := DefaultConfig()
	cfg.FPSPerRoom, cfg.PerRoom = 2, 3
	pts := gridPoints(6)
	// Room a passes at one A.1 pose only and at every pose of the wider
	// search's new points; room b passes everywhere (two proposals, its
	// two FPS points). Room b, with fewer than m proposals too, has more
	// than a: it is widened only after a.
	a1 := farthestPoints(pts, cfg.FPSPerRoom)
	judgeA := func(p sim.Vec3, yaw, horizon float64) (float64, float64, bool) {
		if p == a1[0] && yaw == 0 {
			return 9, 0.5, true
		}
		for _, q := range a1 {
			if p == q {
				return 9, 0.9, true
			}
		}
		return 1, 0.5, true
	}
	for _, tc := range []struct {
		budget  int
		widened bool
		kept    int
	}{{3, false, 1}, {4, true, 3}} {
		ra, _ := fakeSearch(cfg, judgeA)
		a, err := ra.first(pts, newRNG(2))
		if err != nil {
			t.Fatal(err)
		}
		rb, _ := fakeSearch(cfg, func(p sim.Vec3, _, _ float64) (float64, float64, bool) { return p[0], 0.5, true })
		b, err := rb.first(pts, newRNG(2))
		if err != nil {
			t.Fatal(err)
		}
		if len(a.kept) != 1 || a.widened || len(b.kept) != 2 {
			t.Fatalf("A.1 search: room a kept %d (widened %v), b %d; want 1, 2", len(a.kept), a.widened, len(b.kept))
		}
		// Room c is skipped (nothing passes): it counts as short but has
		// been widened already.
		rc, _ := fakeSearch(cfg, func(sim.Vec3, float64, float64) (float64, float64, bool) { return 5, 0.9, true })
		c, err := rc.first(pts, newRNG(2))
		if err != nil || c.skipped() != SkipRoomBare {
			t.Fatalf("room c: skipped %q (%v)", c.skipped(), err)
		}
		if err := ra.fill([]*roomState{b, c, a}, 3, tc.budget); err != nil {
			t.Fatal(err)
		}
		if a.widened != tc.widened || len(a.kept) != tc.kept || b.widened {
			t.Errorf("budget %d: room a widened %v with %d proposals, b widened %v; want %v, %d, false",
				tc.budget, a.widened, len(a.kept), b.widened, tc.widened, tc.kept)
		}
	}
}

// Camera selection treats the objects no physics would hold where they are
// as immovable (the planner never moves them): the floating mug and the
// interpenetrating chairs lose their movable flags, the others keep
// theirs, and the objects the planner was given are not changed.
func TestPinImplausible(t *testing.T) {
	objs := []ObjectMeta{
		metaObj("DiningTable|1", "DiningTable", sim.Vec3{0.5, 0.375, 0.5}, sim.Vec3{1, 0.75, 1}, true, ""),
		metaObj("Mug|1", "Mug", sim.Vec3{0.5, 0.8, 0.2}, sim.Vec3{0.1, 0.1, 0.1}, false, "DiningTable|1"),
		metaObj("Mug|air", "Mug", sim.Vec3{3, 1.2, 3}, sim.Vec3{0.1, 0.1, 0.1}, false, ""),
		metaObj("Chair|1", "Chair", sim.Vec3{2, 0.45, 0.5}, sim.Vec3{0.5, 0.9, 0.5}, false, ""),
		metaObj("Chair|2", "Chair", sim.Vec3{2.4, 0.45, 0.5}, sim.Vec3{0.5, 0.9, 0.5}, false, ""),
	}
	for i := range objs {
		objs[i].Pickupable = objs[i].Type == "Mug"
		objs[i].Moveable = objs[i].Type != "Mug"
	}
	got := pinImplausible(objs)
	for i, o := range got {
		bad := o.ID == "Mug|air" || o.ID == "Chair|1" || o.ID == "Chair|2"
		if o.Movable() == bad || !objs[i].Movable() {
			t.Errorf("%s: movable %v after pinning (%v before)", o.ID, o.Movable(), objs[i].Movable())
		}
	}
}
