package planner

import (
	"math"
	"strings"
	"testing"

	"flowbench/sim"
)

// planOne runs one category with a fixed intent on a hand-built scene and
// checks that the scene is restored afterwards.
func planOne(t *testing.T, h *sim.House, cam sim.Camera, cat Category, in Intent) (*Example, *Outcome, string, *Local) {
	t.Helper()
	l := loaded(t, h)
	before, _ := l.Objects()
	ex, out, reason, err := PlanOne(l, h, testCfg(), cam, 0, cat, in)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := l.Objects()
	for i := range before {
		if before[i].Position != after[i].Position || before[i].Yaw != after[i].Yaw || before[i].Parent != after[i].Parent {
			t.Fatalf("%s: scene not restored: %s %v → %v", cat, before[i].ID, before[i].Position, after[i].Position)
		}
	}
	return ex, out, reason, l
}

func letterOf(ex *Example, choice string) string {
	for i, c := range ex.Choices {
		if c == choice {
			return Letter(i)
		}
	}
	return ""
}

func afterPos(out *Outcome, id string) (sim.Vec3, bool) {
	for _, o := range out.ObjectsAfter {
		if o.ID == id {
			return o.Position, true
		}
	}
	return sim.Vec3{}, false
}

// A ball left of a chair, seen from the front: a flip with a "yes" wish
// must move the ball right past the chair and ask "to the right of".
func TestLeftRightByConstruction(t *testing.T) {
	h := boxHouse(t, 8, 8,
		tObj{asset: assetBall, id: "BasketBall|1|1", x: 3.3, z: 3.2},
		tObj{asset: assetChair, id: "Chair|1|2", x: 4.0, z: 4.2})
	cam := testCam(4, 1.0, 0, 30, 360) // at 240 px the ball is too small for its dot
	ex, out, reason, _ := planOne(t, h, cam, LeftRight, Intent{PreferYes: true, WantFlip: true})
	if ex == nil {
		t.Fatalf("skipped: %s", reason)
	}
	if ex.Mover.ObjectID != "BasketBall|1|1" {
		t.Fatalf("mover %s, want the ball (the only movable in band with a landmark it can pass)", ex.Mover.ObjectID)
	}
	if !strings.Contains(ex.Question, "to the right of") {
		t.Errorf("question %q should ask 'right of'", ex.Question)
	}
	if ex.Answer != letterOf(ex, "yes") || ex.BeforeAnswer != letterOf(ex, "no") || !ex.Changed || !ex.Flip {
		t.Errorf("answer %s before %s changed %v flip %v, want yes/no/true/true (%v)", ex.Answer, ex.BeforeAnswer, ex.Changed, ex.Flip, ex.Choices)
	}
	p, ok := afterPos(out, "BasketBall|1|1")
	if !ok || p[0] <= 4.0 {
		t.Errorf("ball after x %v, want right of the chair at x=4", p)
	}
	if ex.RealisedMotion[0] <= 0 || math.Abs(ex.RealisedMotion[2]) > 1e-9 {
		t.Errorf("realised motion %v should be a pure +x (camera right) slide", ex.RealisedMotion)
	}
	if !strings.Contains(ex.MotionText, "to the right") || strings.Contains(ex.MotionText, "forward") {
		t.Errorf("motion text %q", ex.MotionText)
	}
}

// A chair 0.52 m from the far wall: "yes" slides it toward the wall to end
// 0–0.12 m from it, "no" away or along it to end at least 0.32 m from it
// (τ_wall = 0.22 m ∓ the margin rule); the slide's length lies in the
// first bin of the intent's length preference that has a plan.
func TestContactWallByConstruction(t *testing.T) {
	// Chair depth 0.3656: centre at z = 7.3 puts its back face at 7.4828.
	h := boxHouse(t, 8, 8, tObj{asset: assetChair, id: "Chair|1|1", x: 4, z: 7.3})
	cam := testCam(4, 5.0, 0, 30, 240)
	for _, c := range []struct {
		yes     bool
		lengths []float64 // bins by lower edge
		bin     int       // the bin the slide must come from
	}{
		{true, nil, 3}, // only [0.32, 0.5) reaches 0–0.12 m
		{true, []float64{0.65, wallSlideEdges[3]}, 3}, // [0.65, 0.8) has no plan
		{false, nil, 0},                  // away (or along) in [0.05, 0.15)
		{false, []float64{0.8, 0.05}, 6}, // away or along in [0.8, 1.0)
		{false, []float64{1.5, 0.25}, 2}, // fast path: nothing above 1.0 m
	} {
		ex, out, reason, l := planOne(t, h, cam, ContactWall, Intent{PreferYes: c.yes, Lengths: c.lengths})
		if ex == nil {
			t.Fatalf("%+v skipped: %s", c, reason)
		}
		want := "no"
		if c.yes {
			want = "yes"
		}
		if ex.Answer != letterOf(ex, want) || ex.BeforeAnswer != letterOf(ex, "no") {
			t.Errorf("%+v: answer %s before %s (%v)", c, ex.Answer, ex.BeforeAnswer, ex.Choices)
		}
		// Cross-check the clearance with sim's own geometry on the realised pose.
		p, _ := afterPos(out, "Chair|1|1")
		sc := l.Scene()
		o := sc.Object("Chair|1|1")
		box := o.AABB().Translate(p.Sub(o.Position))
		clr := sc.BoxWallClearance(box).Min()
		if c.yes && (clr < 0 || clr > 0.12+1e-9) || !c.yes && clr < 0.32-1e-9 {
			t.Errorf("%+v: clearance after %.4f", c, clr)
		}
		if got := ex.Metrics["wall_clearance_after"].(float64); math.Abs(got-clr) > 1e-5 {
			t.Errorf("metrics clearance %v, sim %v", got, clr)
		}
		d := p.Sub(o.Position)
		if m := math.Hypot(d[0], d[2]); wallBin(m) != c.bin || math.Abs(d[1]) > 1e-9 {
			t.Errorf("%+v: slide %v (%.3f m, bin %d)", c, d, m, wallBin(m))
		}
		if kind := ex.Metrics["slide"]; c.yes && kind != slideToward || !c.yes && kind == slideToward {
			t.Errorf("%+v: slide kind %v", c, kind)
		}
	}
}

// Every contact-wall plan predicts the wished class with the margin rule,
// stays in its length bin and under the slide cap, and runs along or
// across the nearest wall axis (property over many clearances).
func TestWallSlidesPredictTheirClass(t *testing.T) {
	c := &viewCtx{rng: newRNG(7)}
	rng := newRNG(8)
	kinds := map[string]int{}
	for i := 0; i < 2000; i++ {
		clr := -0.02 + 1.6*rng.Float64()
		ax := WallAxis(rng.IntN(4))
		yes := rng.IntN(2) == 0
		maxSlide := []float64{WallFastMaxSlide, 2.5}[rng.IntN(2)]
		b := rng.IntN(numWallBins)
		for _, p := range c.wallSlides(clr, ax, yes, b, maxSlide) {
			kinds[p.kind]++
			if p.length < wallSlideEdges[b] || p.length >= wallSlideEdges[b+1] || p.length > maxSlide {
				t.Fatalf("clr %.3f bin %d cap %v: length %.3f", clr, b, maxSlide, p.length)
			}
			along := math.Abs(p.dir.Dot(ax.Vec())) < 1e-9
			clr1 := clr // along the wall the clearance to it is unchanged
			switch p.kind {
			case slideToward:
				clr1 = clr - p.length
			case slideAway:
				clr1 = clr + p.length
			}
			if along != (p.kind == slideAlong) || math.Abs(p.dir.Len()-1) > 1e-9 {
				t.Fatalf("%s slide direction %v for axis %v", p.kind, p.dir, ax)
			}
			if p.kind != slideAlong && p.dir.Dot(ax.Vec()) > 0 != (p.kind == slideToward) {
				t.Fatalf("%s slide points %v for axis %v", p.kind, p.dir, ax)
			}
			if (clr1 < TauWall) != yes || clr1 < -EpsPen || !ThresholdMargin("tau_wall", clr1, TauWall).OK() {
				t.Fatalf("clr %.3f yes=%v: %s %.3f predicts %.3f", clr, yes, p.kind, p.length, clr1)
			}
		}
	}
	for _, k := range []string{slideToward, slideAway, slideAlong} {
		if kinds[k] == 0 {
			t.Errorf("no %s slide planned over 2000 cases (%v)", k, kinds)
		}
	}
}

// A garbage can beside the line of sight to a statue on the floor: "yes"
// puts the can in front of the statue and hides it.
func TestOcclusionByConstruction(t *testing.T) {
	h := boxHouse(t, 8, 8,
		tObj{asset: assetStatue, id: "Statue|1|1", x: 4, z: 4.2},
		tObj{asset: assetCan, id: "GarbageCan|1|2", x: 5.3, z: 3.3})
	cam := testCam(4, 1.5, 0, 30, 480) // at 240 px, or 3 m away at 480 px, the statue is too small for its dot
	ex, out, reason, _ := planOne(t, h, cam, Occlusion, Intent{PreferYes: true})
	if ex == nil {
		t.Fatalf("skipped: %s", reason)
	}
	if ex.Answer != letterOf(ex, "yes") {
		t.Fatalf("answer %s (%v), cover %v", ex.Answer, ex.Choices, ex.Metrics["cover_rate"])
	}
	// Recount the cover rate from the outcome frames.
	ib, ia := out.Before.InstanceOf("Statue|1|1"), out.After.InstanceOf("GarbageCan|1|2")
	nb, nc := 0, 0
	for i := range out.Before.IDs {
		if out.Before.IDs[i] == ib {
			nb++
			if out.After.IDs[i] == ia {
				nc++
			}
		}
	}
	if nb == 0 || float64(nc)/float64(nb) < TauOcc {
		t.Errorf("recounted cover %d/%d", nc, nb)
	}
	// The can must sit between the camera and the statue.
	p, _ := afterPos(out, "GarbageCan|1|2")
	if !(p[2] < 4.2 && p[2] > 1.2) {
		t.Errorf("can after %v not between camera and statue", p)
	}
}

// Helper: the six objects around a mover on a line, for the proximity categories.
func proximityHouse(t *testing.T) *sim.House {
	return boxHouse(t, 8, 8,
		tObj{asset: assetBox, id: "Box|1|0", x: 4, z: 4},
		tObj{asset: assetBall, id: "BasketBall|1|1", x: 3.4, z: 4.6},
		tObj{asset: assetBall, id: "BasketBall|1|2", x: 4.6, z: 4.6},
		tObj{asset: assetStatue, id: "Statue|1|3", x: 3.0, z: 3.8},
		tObj{asset: assetStatue, id: "Statue|1|4", x: 5.0, z: 3.8},
		tObj{asset: assetCan, id: "GarbageCan|1|5", x: 2.6, z: 5.2},
		tObj{asset: assetCan, id: "GarbageCan|1|6", x: 5.4, z: 5.2},
		tObj{asset: assetChair, id: "Chair|1|7", x: 4.0, z: 5.6})
}

// Recompute the proximity answers from the outcome with plain centre distances.
func centreDistances(out *Outcome, mover string) map[string]float64 {
	pos := map[string]sim.Vec3{}
	for _, o := range out.ObjectsBefore {
		pos[o.ID] = o.Position
	}
	for _, o := range out.ObjectsAfter {
		pos[o.ID] = o.Position
	}
	d := map[string]float64{}
	for id, p := range pos {
		if id != mover {
			v := p.Sub(pos[mover])
			d[id] = math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
		}
	}
	return d
}

func TestProximityCategoriesRecomputed(t *testing.T) {
	h := proximityHouse(t)
	cam := testCam(4, 1.8, 0, 30, 480) // every neighbour large enough for its dot
	planned := map[Category]int{}
	for _, flip := range []bool{true, false} {
		for _, cat := range []Category{ClosestThree, CountNear, NearObject} {
			ex, out, reason, _ := planOne(t, h, cam, cat, Intent{PreferYes: true, WantFlip: flip})
			if ex == nil {
				t.Logf("%s flip=%v skipped: %s", cat, flip, reason)
				continue
			}
			planned[cat]++
			d := centreDistances(out, ex.Mover.ObjectID)
			switch cat {
			case ClosestThree:
				// The answer letters are the three options with the smallest distances.
				type od struct {
					l string
					d float64
				}
				var ods []od
				for i, r := range ex.Referenced {
					ods = append(ods, od{Letter(i), d[r.ObjectID]})
				}
				for i := range ods {
					for j := i + 1; j < len(ods); j++ {
						if ods[j].d < ods[i].d {
							ods[i], ods[j] = ods[j], ods[i]
						}
					}
				}
				got := []string{ods[0].l, ods[1].l, ods[2].l}
				if sortedJoin(got) != ex.Answer {
					t.Errorf("closest three: answer %s, recomputed %v", ex.Answer, got)
				}
			case CountNear:
				tau := ex.Metrics["tau"].(float64)
				n := 0
				for _, r := range ex.Referenced {
					if d[r.ObjectID] <= tau {
						n++
					}
				}
				if ex.Choices[ex.Answer[0]-'A'] != itoa(n) {
					t.Errorf("count near: answer %s=%s, recomputed %d", ex.Answer, ex.Choices[ex.Answer[0]-'A'], n)
				}
			case NearObject:
				tau := ex.Metrics["tau"].(float64)
				want := "no"
				if d[ex.Referenced[0].ObjectID] <= tau {
					want = "yes"
				}
				if ex.Answer != letterOf(ex, want) {
					t.Errorf("near: answer %s, recomputed %s", ex.Answer, want)
				}
			}
			if cat.FlipSeeking() && ex.Flip != flip {
				t.Logf("%s: flip %v with wish %v (relaxed)", cat, ex.Flip, flip)
			}
		}
	}
	for _, cat := range []Category{ClosestThree, CountNear, NearObject} {
		if planned[cat] == 0 {
			t.Errorf("%s: no question planned in this room, nothing recomputed", cat)
		}
	}
}

func sortedJoin(s []string) string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return strings.Join(s, "")
}

func itoa(n int) string { return string(rune('0' + n)) }

// aabbAfter returns every object's world AABB after the edit.
func aabbAfter(out *Outcome) map[string]sim.AABB {
	m := map[string]sim.AABB{}
	for _, o := range out.ObjectsBefore {
		m[o.ID] = o.AABB
	}
	for _, o := range out.ObjectsAfter {
		m[o.ID] = o.AABB
	}
	return m
}

func TestCloserToRecomputed(t *testing.T) {
	h := boxHouse(t, 8, 8,
		tObj{asset: assetBox, id: "Box|1|1", x: 4, z: 3.2},
		tObj{asset: assetStatue, id: "Statue|1|2", x: 3.6, z: 3.5},
		tObj{asset: assetCan, id: "GarbageCan|1|3", x: 4.6, z: 4.4},
		tObj{asset: assetChair, id: "Chair|1|4", x: 6.6, z: 5.6},
		tObj{asset: assetBall, id: "BasketBall|1|5", x: 2.0, z: 4.4})
	cam := testCam(4, 1.2, 0, 30, 480) // every landmark large enough for its dot
	kinds := map[bool]int{}
	for _, wish := range []bool{true, false} {
		ex, out, reason, _ := planOne(t, h, cam, CloserTo, Intent{WantFlip: wish})
		if ex == nil {
			t.Fatalf("change wish %v skipped: %s", wish, reason)
		}
		boxes := aabbAfter(out)
		before := map[string]sim.AABB{}
		for _, o := range out.ObjectsBefore {
			before[o.ID] = o.AABB
		}
		arg := func(m map[string]sim.AABB) (int, float64) {
			best, bd, second := -1, math.Inf(1), math.Inf(1)
			for i, r := range ex.Referenced {
				d := sim.AABBSurfaceClearance(m[ex.Mover.ObjectID], m[r.ObjectID])
				if d < bd {
					best, second, bd = i, bd, d
				} else if d < second {
					second = d
				}
			}
			return best, second - bd
		}
		n1, gap := arg(boxes)
		if Letter(n1) != ex.Answer || gap <= CloserMargin {
			t.Errorf("answer %s, recomputed nearest %s with margin %.3f", ex.Answer, Letter(n1), gap)
		}
		plan := ex.Metrics["plan"].(map[string]any)
		stay := plan["stay"].(bool)
		kinds[stay]++
		n0, _ := arg(before)
		if Letter(n0) != ex.BeforeAnswer || ex.Changed == stay {
			t.Errorf("stay plan %v: before answer %s, recomputed %s; changed %v", stay, ex.BeforeAnswer, Letter(n0), ex.Changed)
		}
		want := plan["c"]
		if stay {
			want = plan["b"]
			// A controlled non-change heads for C: the gap to C shrinks.
			var cID string
			for _, r := range ex.Referenced {
				if r.ObjectID == plan["c"] {
					cID = r.ObjectID
				}
			}
			mv := ex.Mover.ObjectID
			if d0, d1 := sim.AABBSurfaceClearance(before[mv], before[cID]), sim.AABBSurfaceClearance(boxes[mv], boxes[cID]); d1 > d0-CloserApproach+1e-9 {
				t.Errorf("stay plan: gap to C %.3f -> %.3f, want at least %.2f nearer", d0, d1, CloserApproach)
			}
		}
		if ex.Referenced[n1].ObjectID != want {
			t.Errorf("nearest after is %s, the plan's target is %v (stay %v)", ex.Referenced[n1].ObjectID, want, stay)
		}
		if stay == wish {
			t.Logf("change wish %v met by a fallback plan (stay %v)", wish, stay)
		}
		if len(ex.Choices) != 4 {
			t.Errorf("%d choices", len(ex.Choices))
		}
	}
	if kinds[true] == 0 {
		t.Errorf("no controlled non-change planned in this room (kinds %v)", kinds)
	}
}

// Feasibility in an open room: a "yes" probe must pass every waypoint; a
// "no" probe must hit something; both recomputed with sim's own placement
// check and wall clearance.
func TestFeasibilityRecomputed(t *testing.T) {
	h := boxHouse(t, 5, 6,
		tObj{asset: assetBox, id: "Box|1|1", x: 2.5, z: 3.4},
		tObj{asset: assetChair, id: "Chair|1|2", x: 1.2, z: 3.6},
		tObj{asset: assetChair, id: "Chair|1|3", x: 3.8, z: 3.6})
	cam := testCam(2.5, 1.0, 0, 30, 240)
	for _, yes := range []bool{true, false} {
		ex, out, reason, l := planOne(t, h, cam, Feasibility, Intent{PreferYes: yes})
		if ex == nil {
			t.Fatalf("yes=%v skipped: %s", yes, reason)
		}
		want := map[bool]string{true: "yes", false: "no"}[yes]
		if ex.Answer != letterOf(ex, want) {
			t.Fatalf("yes=%v: answer %s (%v)", yes, ex.Answer, ex.Choices)
		}
		pr := ex.Metrics["probe"].(map[string]any)
		dirs := map[string]Direction{"left": Left, "right": Right, "forward": Forward, "back": Back}
		dir := dirs[pr["direction"].(string)]
		length := pr["length"].(float64)
		if !strings.Contains(ex.Question, metres(length)) {
			t.Errorf("question %q does not state the probe length", ex.Question)
		}
		var d sim.Vec3
		switch pr["kind"] {
		case ProbeDown:
			d = sim.Vec3{0, -length, 0}
		case ProbeCompound:
			l2 := pr["length2"].(float64)
			if !strings.Contains(ex.Question, metres(l2)) {
				t.Errorf("question %q does not state the second component", ex.Question)
			}
			d = Delta(cam, dir, length).Add(Delta(cam, dirs[pr["direction2"].(string)], l2))
		default:
			d = Delta(cam, dir, length)
		}
		total := d.Len()
		// Put the scene in the after-state, then walk the probe.
		sc := l.Scene()
		for _, o := range out.ObjectsAfter {
			if err := sc.TeleportObject(o.ID, o.Position, o.Yaw, true); err != nil {
				t.Fatal(err)
			}
		}
		mv := sc.Object(ex.Mover.ObjectID)
		start, box0 := mv.Position, mv.AABB()
		feasible := true
		for k := 1; float64(k-1)*0.1 < total-1e-9; k++ {
			f := math.Min(1, float64(k)*0.1/total)
			if sc.CheckPlacement(mv.ID, start.Add(d.Mul(f)), mv.Yaw) != nil ||
				sc.BoxWallClearance(box0.Translate(d.Mul(f))).Min() < -EpsPen {
				feasible = false
				break
			}
		}
		if feasible != yes {
			t.Errorf("yes=%v: recomputed probe %v feasible=%v", yes, pr, feasible)
		}
	}
}
