package sim

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// Issue 36's first contents rule over 60 procthor houses and the 120
// iTHOR-style scenes: at most one garbage can per room (fails with the cap
// removed: 3 cans in most iTHOR-style bathrooms and kitchens).
func TestOneGarbageCanPerRoom(t *testing.T) {
	check := func(name string, h *House) {
		cans := map[string]int{}
		for _, o := range h.Objects {
			if ObjectTypeFromID(o.ID) == "GarbageCan" {
				cans[roomOfID(o.ID)]++
			}
		}
		for room, n := range cans {
			if n > 1 {
				t.Errorf("%s: room %s has %d garbage cans", name, room, n)
			}
		}
	}
	eachGenerated(t, 3, 60, 0, IthorSceneNames(), check)
}

// roomOfID returns the room number field of a "Type|room|k" object id.
func roomOfID(id string) string {
	if f := strings.Split(id, "|"); len(f) >= 3 {
		return f[1]
	}
	return ""
}

// The iTHOR style's contents follow the real scenes: for three seeds,
// every object type flowbench's catalog has that real iTHOR rooms of a
// type hold is present in a share of the 30 generated rooms of that type
// within ContentsTolerance of the real share. Types iTHOR has as scene
// structure without a catalog type (Cabinet, Drawer, StoveBurner, Mirror,
// Window, ...) are not generated and not checked here; WriteContents lists
// them with their gap. Before presence was drawn per room (0.3.9) 78, 81
// and 86 of the 145 checked pairs were off for seeds 1, 2 and 3, e.g.
// living-room pillows 0.43 against 1.00, bedroom watches 1.00 against 0.07.
func TestIthorContentsFollowRealScenes(t *testing.T) {
	cat := DefaultCatalog()
	for _, seed := range []int64{1, 2, 3} {
		st, err := GenerationStats(StyleITHOR, seed, len(IthorSceneNames()))
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, r := range st.Contents() {
			ti := cat.Type(r.Type)
			if !ithorRoomContents[r.Room][r.Type] || ti == nil || ti.Fixture && !slices.Contains(ti.Rooms, r.Room) {
				continue // structure in iTHOR, or a kitchen sink (a bathroom fixture in the catalog)
			}
			checked++
			if math.Abs(r.Gap()) > ContentsTolerance {
				t.Errorf("seed %d, %s: %s in %.2f of the rooms, %.2f of the real iTHOR scenes", seed, r.Room, r.Type, r.Presence, r.Ithor)
			}
		}
		if checked < 100 {
			t.Fatalf("seed %d: only %d room-type pairs checked", seed, checked)
		}
	}
}

// Pillows lie on beds and sofas, in both styles: every generated Pillow's
// parent is a Bed or a Sofa.
func TestPillowsOnBedsAndSofas(t *testing.T) {
	pillows := 0
	var check func(name string, objs []HouseObject, parent string)
	check = func(name string, objs []HouseObject, parent string) {
		for _, o := range objs {
			typ := ObjectTypeFromID(o.ID)
			if typ == "Pillow" {
				pillows++
				if parent != "Bed" && parent != "Sofa" {
					t.Errorf("%s: %s lies on a %q", name, o.ID, parent)
				}
			}
			for _, c := range o.Children {
				check(name, []HouseObject{c}, typ)
			}
		}
	}
	eachGenerated(t, 1, 30, 1, IthorSceneNames(), func(name string, h *House) { check(name, h.Objects, "") })
	if pillows < 60 {
		t.Fatalf("only %d pillows generated", pillows)
	}
}

// Floor plants stand against a wall: every top-level HousePlant's back
// lies within 1 cm of its room's boundary (procthor and iTHOR styles).
func TestHousePlantsAgainstWalls(t *testing.T) {
	plants := 0
	check := func(name string, h *House) {
		s, err := NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range s.Objects {
			if o.Type != "HousePlant" || o.Parent != "" {
				continue
			}
			plants++
			if d := s.BoxWallClearance(o.AABB()).Min(); d > 0.01 {
				t.Errorf("%s: %s stands %.3f m from the nearest wall", name, o.ID, d)
			}
		}
	}
	eachGenerated(t, 1, 20, 1, IthorSceneNames(), check)
	if plants < 40 {
		t.Fatalf("only %d floor plants", plants)
	}
}

// Towels hang from holders: every generated Towel and HandTowel has its top
// level with a TowelHolder's or HandTowelHolder's (1 mm), its back on the
// holder's front face and its centre in front of the holder, in 30
// procthor houses and the 30 iTHOR-style bathrooms; every iTHOR-style
// bathroom has both towels (AI2-THOR's scenes all do).
func TestTowelsHangOnHolders(t *testing.T) {
	towels := 0
	check := func(name string, h *House) {
		s, err := NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		has := map[string]bool{}
		for _, o := range s.Objects {
			if o.Type != "Towel" && o.Type != "HandTowel" {
				continue
			}
			towels++
			has[o.Type] = true
			hung := false
			for _, hd := range s.Objects {
				if hd.Type != "TowelHolder" && hd.Type != "HandTowelHolder" || hd.Yaw != o.Yaw {
					continue
				}
				ax, az := YawAxes(o.Yaw)
				d := o.Position.Sub(hd.Position)
				along, out := d.Dot(ax), d.Dot(az)
				top := math.Abs(o.Position[1]+o.Size[1]/2-(hd.Position[1]+hd.Size[1]/2)) < 1e-3
				front := math.Abs(out-(hd.Size[2]+o.Size[2])/2) < 1e-3
				if top && front && math.Abs(along) <= hd.Size[0]/2 {
					hung = true
				}
			}
			if !hung {
				t.Errorf("%s: %s hangs from no holder", name, o.ID)
			}
		}
		if strings.HasPrefix(name, "FloorPlan4") && (!has["Towel"] || !has["HandTowel"]) {
			t.Errorf("%s: towels %v", name, has)
		}
	}
	eachGenerated(t, 1, 30, 1, floorPlans(401, 430), check)
	if towels < 60 {
		t.Fatalf("only %d towels", towels)
	}
}

// Seating faces the television: in living rooms holding a sofa and a TV,
// some sofa has the TV's centre within tvView of its forward direction, in
// at least 90 % of the 30 iTHOR-style living rooms and of the procthor
// living rooms of 100 houses (before 0.3.10: 27 of 30 and 74 of 119; with
// the TV on any unit and no rule, 14 of 30).
func TestSofasFaceTheTelevision(t *testing.T) {
	count := func(h *House) (rooms, facing int) {
		s, err := NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range s.Rooms {
			if r.Type != LivingRoom {
				continue
			}
			var tvs, sofas []*Object
			for _, o := range s.Objects {
				if s.RoomAt(o.Position[0], o.Position[2]) != r.ID {
					continue
				}
				switch o.Type {
				case "Television":
					tvs = append(tvs, o)
				case "Sofa":
					sofas = append(sofas, o)
				}
			}
			if len(tvs) == 0 || len(sofas) == 0 {
				continue
			}
			rooms++
		look:
			for _, so := range sofas {
				_, az := YawAxes(so.Yaw)
				for _, tv := range tvs {
					d := tv.Position.Sub(so.Position)
					d[1] = 0
					if d.Dot(az) >= d.Len()*math.Cos(tvView*math.Pi/180)-1e-9 {
						facing++
						break look
					}
				}
			}
		}
		return rooms, facing
	}
	rooms, facing := 0, 0
	eachGenerated(t, 1, 0, 1, floorPlans(201, 230), func(_ string, h *House) {
		r, f := count(h)
		rooms, facing = rooms+r, facing+f
	})
	t.Logf("iTHOR style: %d of %d living rooms with a sofa facing the TV", facing, rooms)
	if rooms < 28 || float64(facing) < 0.9*float64(rooms) {
		t.Errorf("iTHOR style: %d of %d living rooms with a sofa facing the TV", facing, rooms)
	}
	rooms, facing = 0, 0
	eachGenerated(t, 1, 100, 1, nil, func(_ string, h *House) {
		r, f := count(h)
		rooms, facing = rooms+r, facing+f
	})
	t.Logf("procthor style: %d of %d living rooms with a sofa facing the TV", facing, rooms)
	if rooms < 80 || float64(facing) < 0.9*float64(rooms) {
		t.Errorf("procthor style: %d of %d living rooms with a sofa facing the TV", facing, rooms)
	}
}

// eachGenerated calls fn with procthor houses 0..houses-1 of seed
// procthorSeed, then with the named iTHOR-style scenes of seed ithorSeed.
func eachGenerated(t *testing.T, procthorSeed int64, houses int, ithorSeed int64, scenes []string, fn func(name string, h *House)) {
	t.Helper()
	for i := 0; i < houses; i++ {
		h, err := Generate(StyleProcTHOR, procthorSeed, i)
		if err != nil {
			t.Fatal(err)
		}
		fn(fmt.Sprintf("procthor seed %d house %d", procthorSeed, i), h)
	}
	for _, name := range scenes {
		h, err := GenerateIthor(name, ithorSeed)
		if err != nil {
			t.Fatal(err)
		}
		fn(name, h)
	}
}

// floorPlans names the iTHOR scenes FloorPlan{first..last}.
func floorPlans(first, last int) []string {
	var out []string
	for k := first; k <= last; k++ {
		out = append(out, fmt.Sprintf("FloorPlan%d", k))
	}
	return out
}
