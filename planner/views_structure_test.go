package planner

import (
	"math"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"flowbench/sim"
)

// A constructed 4×4 label frame: 3 mug pixels and 5 chair pixels of 16,
// the rest floor, wall and nothing. An object the frame does not show
// adds nothing; an id the simulator does not list as an object is
// structure.
func TestStructureShareAnalytic(t *testing.T) {
	const none, mug, floor, wall, chair, other = 0, 1, 2, 3, 4, 5
	f := &Frame{W: 4, H: 4, IDTable: []string{"", "Mug|1", "floor|r", "wall|1", "Chair|2", "Lamp|3"},
		IDs: []uint16{
			wall, wall, mug, mug,
			chair, chair, chair, mug,
			chair, chair, none, other,
			floor, floor, floor, none,
		}}
	objs := []ObjectMeta{{ID: "Mug|1"}, {ID: "Chair|2"}, {ID: "Book|9"}}
	if got, want := structureShare(PixelCounts(f), objs, f.W*f.H, nil), 8.0/16; got != want {
		t.Errorf("structure share %v, want %v", got, want)
	}
	if got := structureShare(PixelCounts(f), nil, f.W*f.H, nil); got != 1 {
		t.Errorf("no objects: structure share %v, want 1", got)
	}
	objs = append(objs, ObjectMeta{ID: "Lamp|3"})
	if got, want := structureShare(PixelCounts(f), objs, f.W*f.H, nil), 7.0/16; got != want {
		t.Errorf("with the lamp: structure share %v, want %v", got, want)
	}
}

// The structure share of every selected view equals the share of its
// scoring-size render's pixels that show a wall, floor or ceiling of the
// house (named by the house, not by the objects), a painting or other
// static wall-mounted fixture, or nothing.
func TestViewStructureShareCrossCheck(t *testing.T) {
	cfg := testCfg()
	n := 0
	for i := 0; i < 3; i++ {
		h := genHouse(t, i)
		l := loaded(t, h)
		st, err := NewStructure(h)
		if err != nil {
			t.Fatal(err)
		}
		walls := map[string]bool{}
		for _, w := range h.Walls {
			walls[w.ID] = true
		}
		objs, err := l.Objects()
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range objs {
			if ti := sim.DefaultCatalog().Type(o.Type); ti != nil && ti.Placement == sim.OnWall && ti.Static() {
				walls[o.ID] = true // wall decor
			}
		}
		views, err := SelectViews(l, st, cfg, newRNG(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range views {
			l.SetCamera(scoreCamera(v.Camera, cfg))
			f, err := l.Render()
			if err != nil {
				t.Fatal(err)
			}
			bare := 0
			for _, id := range f.IDs {
				s := f.IDTable[id]
				if s == "" || walls[s] || strings.HasPrefix(s, "floor|") || strings.HasPrefix(s, "ceiling|") {
					bare++
				}
			}
			if want := float64(bare) / float64(len(f.IDs)); math.Abs(v.Structure-want) > 1e-12 {
				t.Errorf("house %d view %v: structure %v, counted %v", i, v.Camera.Position, v.Structure, want)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no views checked")
	}
}

// scoredCand is a candidate pose at x (metres apart along x) whose render
// gives score, structure share and ok.
type scoredCand struct {
	x, score, structure float64
	ok                  bool
}

// runKeepBest runs greedyKeep over cs with the given score and structure
// bounds (nil: unbounded) and returns the kept poses' x and the number of
// scored poses.
func runKeepBest(t *testing.T, cs []scoredCand, ub, minStructure []float64, perRoom int, maxShare float64) ([]float64, int) {
	t.Helper()
	cands := make([]roomCand, len(cs))
	byX := map[float64]scoredCand{}
	for i, c := range cs {
		cands[i] = roomCand{cam: sim.NewCamera(sim.Vec3{c.x, sim.CameraHeight, 0}, 0, 0), ub: math.Inf(1)}
		if ub != nil {
			cands[i].ub, cands[i].minStructure = ub[i], minStructure[i]
		}
		byX[c.x] = c
	}
	scored := 0
	score := func(cam sim.Camera) (View, bool, error) {
		scored++
		c := byX[cam.Position[0]]
		return View{Camera: cam, Score: c.score, Structure: c.structure}, c.ok, nil
	}
	kept, err := greedyKeep(cands, perRoom, maxShare, score)
	if err != nil {
		t.Fatal(err)
	}
	xs := []float64{}
	for _, v := range kept {
		xs = append(xs, v.Camera.Position[0])
	}
	return xs, scored
}

// The rule: the best-scoring candidate shows no object on 85 % of its
// frame, so the room proposes the passing ones; a room where no candidate
// passes proposes none (the wider search is TestRoomSearch's); a candidate without a movable
// object in the band does not pass.
func TestStructureRule(t *testing.T) {
	cs := []scoredCand{{0, 10, 0.85, true}, {2, 8, 0.6, true}, {4, 6, 0.9, true}, {6, 5, 0.7, true}}
	if got, _ := runKeepBest(t, cs, nil, nil, 3, MaxStructureShare); !reflect.DeepEqual(got, []float64{2, 6}) {
		t.Errorf("kept %v, want the passing poses 2 and 6", got)
	}
	if got, _ := runKeepBest(t, cs, nil, nil, 3, 1); !reflect.DeepEqual(got, []float64{0, 2, 4}) {
		t.Errorf("rule off: kept %v, want the three best 0, 2, 4", got)
	}
	none := []scoredCand{{0, 10, 0.8, true}, {2, 8, 0.95, true}, {4, 6, 0.75, true}, {6, 7, 0.71, true}}
	if got, _ := runKeepBest(t, none, nil, nil, 3, MaxStructureShare); len(got) != 0 {
		t.Errorf("no passing pose: kept %v, want none", got)
	}
	notOK := []scoredCand{{0, 10, 0.8, true}, {2, 0, 0.3, false}}
	if got, _ := runKeepBest(t, notOK, nil, nil, 3, MaxStructureShare); len(got) != 0 {
		t.Errorf("a pose that is no candidate passed: kept %v, want none", got)
	}
	// τ applies among the passing poses: 2.5 is within τ of 2.
	tau := []scoredCand{{0, 10, 0.85, true}, {2, 8, 0.6, true}, {2.5, 7, 0.5, true}, {6, 5, 0.4, true}}
	if got, _ := runKeepBest(t, tau, nil, nil, 3, MaxStructureShare); !reflect.DeepEqual(got, []float64{2, 6}) {
		t.Errorf("kept %v, want 2 and 6", got)
	}
}

// referenceKeep is greedyKeep written out: score every pose, keep the
// passing candidates, sort by score
// (pose order among equal scores) and keep greedily ViewTau apart.
func referenceKeep(cs []scoredCand, perRoom int, maxShare float64) []float64 {
	var ok, pass []int
	for i, c := range cs {
		if c.ok {
			ok = append(ok, i)
			if c.structure <= maxShare {
				pass = append(pass, i)
			}
		}
	}
	sort.SliceStable(pass, func(a, b int) bool { return cs[pass[a]].score > cs[pass[b]].score })
	kept := []float64{}
	for _, i := range pass {
		if len(kept) == perRoom {
			break
		}
		far := true
		for _, x := range kept {
			if math.Abs(cs[i].x-x) < ViewTau {
				far = false
			}
		}
		if far {
			kept = append(kept, cs[i].x)
		}
	}
	return kept
}

// Property test over 2000 random rooms: greedyKeep with valid score and
// structure bounds (ties included), without bounds and the written-out
// reference keep the same poses, with the rule on and off; bounds never
// cost more scores.
func TestStructureRuleBoundedMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 3))
	lazier := 0
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(12)
		cs := make([]scoredCand, n)
		ub, minS := make([]float64, n), make([]float64, n)
		for i := range cs {
			// Coarse scores and positions make ties and τ conflicts common.
			cs[i] = scoredCand{x: float64(i) * 0.5 * float64(1+rng.IntN(3)), score: float64(rng.IntN(8)),
				structure: float64(rng.IntN(11)) / 10, ok: rng.IntN(5) > 0}
			ub[i] = cs[i].score + float64(rng.IntN(3))
			minS[i] = max(0, cs[i].structure-float64(rng.IntN(4))/10)
			if !cs[i].ok {
				ub[i] = float64(rng.IntN(10))
			}
		}
		// Distinct positions (the fake scorer finds a pose by x).
		seen := map[float64]bool{}
		for i := range cs {
			for seen[cs[i].x] {
				cs[i].x += 0.1
			}
			seen[cs[i].x] = true
		}
		perRoom := 1 + rng.IntN(4)
		for _, maxShare := range []float64{MaxStructureShare, 1} {
			want := referenceKeep(cs, perRoom, maxShare)
			full, nFull := runKeepBest(t, cs, nil, nil, perRoom, maxShare)
			lazy, nLazy := runKeepBest(t, cs, ub, minS, perRoom, maxShare)
			if !reflect.DeepEqual(full, want) || !reflect.DeepEqual(lazy, want) {
				t.Fatalf("trial %d (max share %v, m = %d) %+v bounds %v %v: unbounded kept %v, bounded %v, reference %v",
					trial, maxShare, perRoom, cs, ub, minS, full, lazy, want)
			}
			if nLazy > nFull {
				t.Fatalf("trial %d: bounded scoring scored %d poses, unbounded %d", trial, nLazy, nFull)
			}
			if nLazy < nFull {
				lazier++
			}
		}
	}
	if lazier == 0 {
		t.Error("the bounds never saved a score: the test shows nothing about them")
	}
}

// NewStructureHistogram bins at the edges as documented: an edge value
// falls in the bin below it.
func TestStructureHistogram(t *testing.T) {
	h := NewStructureHistogram([]float64{0, 0.5, 0.55, 0.6, 0.7, 0.71, 0.8, 0.85, 0.9, 0.95, 1})
	if want := []int{2, 2, 1, 2, 2, 2}; !reflect.DeepEqual(h.Counts, want) || h.Views != 11 || h.Over != 6 {
		t.Errorf("histogram %+v, want counts %v of 11, 6 over", h, want)
	}
	if s := h.String(); !strings.Contains(s, "of 11 selected views") || !strings.Contains(s, ">0.9 18%") || !strings.Contains(s, "over 0.70: 6 (55%)") {
		t.Errorf("rendered %q", s)
	}
}
