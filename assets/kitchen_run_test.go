package assets

import (
	"errors"
	"math"
	"strings"
	"testing"

	"flowbench/sim"
)

// runTestDresser returns a dresser whose one entry is a tileable base
// cabinet, loading distinct box models for the cabinet, the cooker and the
// dishwasher (each a quad with its own surface, normals and UVs), or failing
// for the keys in missing.
func runTestDresser(missing ...string) (*dresser, map[string]*sim.Model) {
	key := tileEntries["CounterTop"][0]
	unit := sim.Vec3{0.60, 0.85, 0.64}
	models := map[string]*sim.Model{
		key:              boxyModel(key, unit),
		runCookerKey:     boxyModel(runCookerKey, sim.Vec3{0.60, 0.85, 0.62}),
		runDishwasherKey: boxyModel(runDishwasherKey, sim.Vec3{0.58, 0.86, 0.65}),
	}
	for _, m := range models {
		m.Levels[0].Normal = []sim.Vec3{{0, 0, 1}, {0, 0, 1}, {0.6, 0, 0.8}, {0, 1, 0}}
		m.Levels[0].UV = [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	}
	e := Entry{Key: key, Name: "kitchen cabinet", Size: unit, License: "CC0"}
	e.Library, e.ID, _ = cut(key)
	d := newDresser([]Entry{e}, nil, func(k string) (*sim.Model, error) {
		for _, m := range missing {
			if k == m {
				return nil, errors.New("not in this library")
			}
		}
		return models[k], nil
	})
	return d, models
}

// counterObj returns a counter top of the given width (0.61 m deep, 0.94 m
// high), standing at x.
func counterObj(id string, width, x float64) *sim.Object {
	return &sim.Object{ID: id, Type: "CounterTop", AssetID: "Countertop_I_8x2", Position: sim.Vec3{x, 0.47, 1},
		Size: sim.Vec3{width, 0.94, 0.61}, Receptacle: true}
}

// TestKitchenRunAppliances: the first counter of a room tiled with four
// cabinets shows a cooker in an inner place and a dishwasher in another,
// each stretched exactly to the cabinet's box in its place (unit normals),
// both credited; the room's next long counter and any run of two are plain
// rows of cabinets; the places follow the seed and not the run; without a
// cooker in the library the run is plain, and the failed load is counted
// and named in a warning.
func TestKitchenRunAppliances(t *testing.T) {
	d, models := runTestDresser()
	cab := models[tileEntries["CounterTop"][0]]
	s := &sim.Scene{Objects: []*sim.Object{counterObj("CounterTop|1|0", 2.44, 1), counterObj("CounterTop|1|1", 1.83, 4),
		counterObj("CounterTop|1|2", 1.22, 7)}}
	rep := d.dress(s, 7)
	if rep.Tiled != 3 || rep.Appliances != 2 || rep.Used[runCookerKey] != 1 || rep.Used[runDishwasherKey] != 1 {
		t.Fatalf("report: %d tiled, %d appliances, used %v; want 3 tiled, a cooker and a dishwasher", rep.Tiled, rep.Appliances, rep.Used)
	}
	for i, n := range []int{3, 2} {
		if m := s.Objects[i+1].Model; m == nil || len(m.Levels[0].Tris) != n*len(cab.Levels[0].Tris) || len(m.Surfaces) != len(cab.Surfaces) {
			t.Errorf("counter %d: want a plain row of %d cabinets", i+1, n)
		}
	}
	m := s.Objects[0].Model
	if m.Size != (sim.Vec3{4 * cab.Size[0], cab.Size[1], cab.Size[2]}) || m.Key != cab.Key || m.SupportY != cab.SupportY {
		t.Fatalf("run: size %v key %q support %v, want the row of four cabinets'", m.Size, m.Key, m.SupportY)
	}
	if len(m.Surfaces) != 3 {
		t.Fatalf("run: %d surfaces, want the cabinet's, the cooker's and the dishwasher's", len(m.Surfaces))
	}
	// Place k spans x in [(k-2)·w, (k-1)·w]; the surface of its triangles says
	// what stands there.
	l := m.Levels[0]
	if len(l.Pos) != 16 || len(l.Normal) != 16 || len(l.UV) != 16 || len(l.Tris) != 8 {
		t.Fatalf("run: %d positions, %d normals, %d UVs, %d triangles; want 16, 16, 16, 8", len(l.Pos), len(l.Normal), len(l.UV), len(l.Tris))
	}
	what := make([]uint16, 4)
	w := cab.Size[0]
	for k := range 4 {
		tr := l.Tris[2*k]
		what[k] = tr.Surface
		if l.Tris[2*k+1].Surface != tr.Surface {
			t.Errorf("place %d: its two triangles show different parts", k)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, p := range l.Pos[4*k : 4*k+4] {
			lo, hi = math.Min(lo, p[0]), math.Max(hi, p[0])
			if math.Abs(math.Abs(p[1])-cab.Size[1]/2) > 1e-12 || math.Abs(math.Abs(p[2])-cab.Size[2]/2) > 1e-12 {
				t.Errorf("place %d: vertex %v off the cabinet's box", k, p)
			}
		}
		if x0 := (float64(k) - 2) * w; math.Abs(lo-x0) > 1e-12 || math.Abs(hi-x0-w) > 1e-12 {
			t.Errorf("place %d spans x %.4f..%.4f, want %.4f..%.4f", k, lo, hi, x0, x0+w)
		}
		for _, nv := range l.Normal[4*k : 4*k+4] {
			if math.Abs(nv.Len()-1) > 1e-12 {
				t.Errorf("place %d: normal %v not unit", k, nv)
			}
		}
	}
	cooker, dish := -1, -1
	for k, sfc := range what {
		switch m.Surfaces[sfc] {
		case models[runCookerKey].Surfaces[0]:
			cooker = k
		case models[runDishwasherKey].Surfaces[0]:
			dish = k
		}
	}
	if cooker < 1 || cooker > 2 || dish < 0 || dish == cooker {
		t.Fatalf("places show surfaces %v: want the cooker in an inner place and the dishwasher in another", what)
	}
	// The cooker (0.62 deep) is stretched to the cabinet's 0.64: its slanted
	// normal (0.6, 0, 0.8) turns by the inverse stretch.
	nz := 0.8 * 0.62 / 0.64
	want := sim.Vec3{0.6, 0, nz}.Mul(1 / math.Hypot(0.6, nz))
	if got := l.Normal[4*cooker+2]; got.Sub(want).Len() > 1e-12 {
		t.Errorf("cooker normal %v, want %v", got, want)
	}

	// Same seed, same places; the places depend on the seed.
	again := &sim.Scene{Objects: []*sim.Object{counterObj("CounterTop|1|0", 2.44, 1)}}
	d.dress(again, 7)
	if again.Objects[0].Model != m {
		t.Error("dressing again with the same seed built another run")
	}
	seen := map[*sim.Model]bool{}
	for seed := int64(0); seed < 12; seed++ {
		o := &sim.Scene{Objects: []*sim.Object{counterObj("CounterTop|1|0", 2.44, 1)}}
		d.dress(o, seed)
		seen[o.Objects[0].Model] = true
	}
	if len(seen) < 3 {
		t.Errorf("12 seeds gave %d arrangements, want several", len(seen))
	}

	// No cooker in the library: a plain row, nothing credited but the cabinet.
	d2, _ := runTestDresser(runCookerKey)
	s2 := &sim.Scene{Objects: []*sim.Object{counterObj("CounterTop|1|0", 2.44, 1)}}
	rep2 := d2.dress(s2, 7)
	if rep2.Appliances != 0 || len(s2.Objects[0].Model.Surfaces) != 1 || len(rep2.Used) != 1 {
		t.Errorf("without a cooker: %d appliances, %d surfaces, used %v; want a plain row", rep2.Appliances, len(s2.Objects[0].Model.Surfaces), rep2.Used)
	}
	// The failed load is counted and named, as for any model.
	if rep2.LoadErrors != 1 || len(rep2.Warnings) != 1 || !strings.Contains(rep2.Warnings[0], runCookerKey) {
		t.Errorf("without a cooker: %d load errors, warnings %q; want one naming %s", rep2.LoadErrors, rep2.Warnings, runCookerKey)
	}
}

// A counter run in a bathroom (a vanity) or a bedroom shows no cooker or
// dishwasher: only kitchens, and rooms of no known type, get appliances.
func TestKitchenRunAppliancesOnlyInKitchens(t *testing.T) {
	square := [][2]float64{{-1, -1}, {9, -1}, {9, 3}, {-1, 3}}
	for _, c := range []struct {
		room  sim.RoomType
		cooks int
	}{{sim.Bathroom, 0}, {sim.Bedroom, 0}, {sim.Kitchen, 1}} {
		d, _ := runTestDresser()
		s := &sim.Scene{Objects: []*sim.Object{counterObj("CounterTop|1|0", 2.44, 1)},
			Rooms: []sim.RoomShape{{ID: "room|1", Type: c.room, Polygon: square}}}
		rep := d.dress(s, 7)
		if rep.Used[runCookerKey] != c.cooks || rep.Tiled != 1 {
			t.Errorf("%s: %d cookers, %d tiled; want %d, 1", c.room, rep.Used[runCookerKey], rep.Tiled, c.cooks)
		}
	}
}
