package sim

import (
	"math"
	"testing"
)

// TestFlowbenchOnlyAssetIDs: every variant of a flowbench-only type has a
// flowbench id, no AI2-THOR asset of the built-in table has one, and the
// catalog resolves the ids to their types.
func TestFlowbenchOnlyAssetIDs(t *testing.T) {
	cat := DefaultCatalog()
	for typ := range flowbenchVariants {
		ti := cat.Type(typ)
		if ti == nil || !ti.Fixture || len(ti.Variants) == 0 {
			t.Fatalf("%s: catalog type %+v", typ, ti)
		}
		for _, v := range ti.Variants {
			if !FlowbenchOnlyAsset(v.AssetID) {
				t.Errorf("%s: asset %s lacks the prefix %q", typ, v.AssetID, FlowbenchAssetPrefix)
			}
			if got, _, ok := cat.Asset(v.AssetID); !ok || got != typ {
				t.Errorf("%s: catalog resolves %s to %q, %v", typ, v.AssetID, got, ok)
			}
		}
	}
	db := BuiltinAssetDB()
	for _, typ := range db.Types() {
		for _, a := range db.AssetsOf(typ) {
			if FlowbenchOnlyAsset(a.AssetID) {
				t.Errorf("AI2-THOR asset %s (%s) reads as flowbench-only", a.AssetID, typ)
			}
		}
	}
	if FlowbenchOnlyAsset("Sink_14") || !FlowbenchOnlyAsset("flowbench_Cooktop_60") {
		t.Error("FlowbenchOnlyAsset misreads Sink_14 or flowbench_Cooktop_60")
	}
}

// ithorRoomsOf returns the scenes of the iTHOR style for one seed whose
// single room is of type rt.
func ithorRoomsOf(t *testing.T, rt RoomType) []*Scene {
	t.Helper()
	var out []*Scene
	for i := range IthorSceneNames() {
		h, err := Generate(StyleITHOR, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		if s.Rooms[0].Type == rt {
			out = append(out, s)
		}
	}
	if len(out) != IthorScenesPerRoomType {
		t.Fatalf("%d %s scenes", len(out), rt)
	}
	return out
}

// TestKitchenStoveAndSink: every iTHOR-style kitchen has a stove on a
// counter holding only pans and pots, with nothing else on its counter
// within its footprint; its sink basin is set into a counter with the top
// flush, and the faucet stands at the basin's back edge, its front over
// the basin.
func TestKitchenStoveAndSink(t *testing.T) {
	for _, s := range ithorRoomsOf(t, Kitchen) {
		stoves, basins := 0, 0
		for _, o := range s.Objects {
			p := s.Object(o.Parent)
			switch o.Type {
			case "Stove":
				stoves++
				if p == nil || p.Type != "CounterTop" {
					t.Fatalf("%s: stove %s on %v", s.Rooms[0].ID, o.ID, p)
				}
				for _, c := range s.Children(o.ID) {
					if ty := s.Object(c).Type; ty != "Pan" && ty != "Pot" {
						t.Errorf("%s: %s on the stove", s.Rooms[0].ID, c)
					}
				}
				for _, c := range s.Children(p.ID) {
					q := s.Object(c)
					if q.ID != o.ID && footprintOverlap(q.OBB(), o.OBB()) > 1e-6 {
						t.Errorf("%s: %s stands on the stove %s", s.Rooms[0].ID, q.ID, o.ID)
					}
				}
			case "Sink":
				basins++
				if !SetInBasin(o, p) || math.Abs(o.Position[1]+o.Size[1]/2-(p.Position[1]+p.Size[1]/2)) > 1e-9 {
					t.Fatalf("%s: sink %s is not set into its counter flush", s.Rooms[0].ID, o.ID)
				}
				_, az := YawAxes(o.Yaw)
				back := o.Position.Dot(az) - o.Size[2]/2
				found := false
				for _, c := range s.Children(p.ID) {
					f := s.Object(c)
					if f.Type != "Faucet" {
						continue
					}
					fb := f.Position.Dot(az) - f.Size[2]/2
					if fb >= back-faucetBehind-1e-9 && fb+f.Size[2] > back+0.04 {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: no faucet at the back edge of %s", s.Rooms[0].ID, o.ID)
				}
			}
		}
		if stoves != 1 || basins != 1 {
			t.Errorf("%s: %d stoves, %d sinks", s.Rooms[0].ID, stoves, basins)
		}
	}
}

// TestBathroomMirrorAndBathing: every iTHOR-style bathroom has a mirror
// and exactly one bathtub or shower, bathtubs in 21 ± 2 of the 30 (the
// real share), and its plunger, when it has one, stands within 0.5 m of
// the toilet.
func TestBathroomMirrorAndBathing(t *testing.T) {
	tubs, beside := 0, 0
	for k, s := range ithorRoomsOf(t, Bathroom) {
		name := IthorSceneNames()[3*IthorScenesPerRoomType+k]
		n := map[string]int{}
		var toilet, plunger *Object
		for _, o := range s.Objects {
			n[o.Type]++
			switch o.Type {
			case "Toilet":
				toilet = o
			case "Plunger":
				plunger = o
			}
		}
		if n["Mirror"] == 0 || n["Bathtub"]+n["Shower"] != 1 {
			t.Errorf("%s: %d mirrors, %d bathtubs, %d showers", s.Rooms[0].ID, n["Mirror"], n["Bathtub"], n["Shower"])
		}
		tubs += n["Bathtub"]
		if toilet != nil && plunger != nil {
			d := math.Hypot(toilet.Position[0]-plunger.Position[0], toilet.Position[2]-plunger.Position[2])
			if d <= math.Max(toilet.Size[0], toilet.Size[2])/2+0.5 {
				beside++
			} else if wd := wallDistance(s, plunger); wd > 0.05 {
				t.Errorf("%s: plunger %.2f m from the toilet and %.2f m from the nearest wall", name, d, wd)
			}
		}
	}
	if tubs < 19 || tubs > 23 {
		t.Errorf("%d bathtubs in 30 bathrooms, real iTHOR 21", tubs)
	}
	if beside < 25 {
		t.Errorf("plungers beside the toilet in %d of 30 bathrooms", beside)
	}
}

// wallDistance returns the distance from an object's footprint to the
// nearest edge of its room's polygon.
func wallDistance(s *Scene, o *Object) float64 {
	poly := s.Rooms[0].Polygon
	best := math.Inf(1)
	for _, q := range obbXZ(o) {
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			best = math.Min(best, pointSegDist(q, a, b))
		}
	}
	return best
}

// pointSegDist is the distance from q to the segment ab.
func pointSegDist(q, a, b [2]float64) float64 {
	d := [2]float64{b[0] - a[0], b[1] - a[1]}
	u := ((q[0]-a[0])*d[0] + (q[1]-a[1])*d[1]) / (d[0]*d[0] + d[1]*d[1])
	u = math.Max(0, math.Min(1, u))
	return math.Hypot(q[0]-a[0]-u*d[0], q[1]-a[1]-u*d[1])
}
