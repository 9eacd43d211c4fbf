package render

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// roomHouse returns a rectangular w×d room ("room|1") with its four inner
// walls, their exterior sides, a door in the z=0 wall and a window in the
// z=d wall.
func roomHouse(w, d float64) *sim.House {
	h := &sim.House{Metadata: sim.HouseMetadata{Schema: sim.SchemaVersion}}
	h.Rooms = []sim.Room{{
		ID: "room|1", RoomType: "LivingRoom",
		FloorMaterial: sim.Material{Name: "WoodFloor", Color: &sim.RGB{R: 0.6, G: 0.45, B: 0.3}},
		FloorPolygon:  []sim.XYZ{{X: 0, Z: 0}, {X: 0, Z: d}, {X: w, Z: d}, {X: w, Z: 0}},
	}}
	segs := [][4]float64{{0, 0, 0, d}, {0, d, w, d}, {w, 0, w, d}, {0, 0, w, 0}}
	for _, side := range []string{"1", "exterior"} {
		room := "room|1"
		if side == "exterior" {
			room = "exterior"
		}
		for _, s := range segs {
			h.Walls = append(h.Walls, sim.Wall{
				ID:       fmt.Sprintf("wall|%s|%.2f|%.2f|%.2f|%.2f", side, s[0], s[1], s[2], s[3]),
				RoomID:   room,
				Material: sim.Material{Name: "PureWhite", Color: &sim.RGB{R: 0.85, G: 0.86, B: 0.8}},
				Polygon: []sim.XYZ{{X: s[0], Z: s[1]}, {X: s[2], Z: s[3]},
					{X: s[0], Y: 2.5, Z: s[1]}, {X: s[2], Y: 2.5, Z: s[3]}},
			})
		}
	}
	wid := func(side string, s [4]float64) string {
		return fmt.Sprintf("wall|%s|%.2f|%.2f|%.2f|%.2f", side, s[0], s[1], s[2], s[3])
	}
	h.Doors = []sim.Door{{ID: "door|1|0", AssetID: "Doorway_1", Room0: "room|1", Room1: "room|1",
		Wall0: wid("1", segs[3]), Wall1: wid("exterior", segs[3]),
		HolePolygon: []sim.XYZ{{X: 1, Y: 0}, {X: 2, Y: 2.1}}}}
	h.Windows = []sim.Window{{ID: "window|1|0", AssetID: "Window_1", Room0: "room|1", Room1: "room|1",
		Wall0: wid("1", segs[1]), Wall1: wid("exterior", segs[1]),
		HolePolygon: []sim.XYZ{{X: 1, Y: 0.9}, {X: 2.2, Y: 1.9}}}}
	return h
}

// randomScene builds a room with n random catalog objects at random poses,
// standing on the floor or floating, possibly overlapping.
func randomScene(t testing.TB, seed uint64, n int) *sim.Scene {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	w, d := 3.5+3*rng.Float64(), 3.5+3*rng.Float64()
	return furnish(t, roomHouse(w, d), rng, w, d, n, nil)
}

// furnish adds n random catalog objects to a w×d room house; keep, when
// non-nil, rejects object centres for which it returns false.
func furnish(t testing.TB, h *sim.House, rng *rand.Rand, w, d float64, n int, keep func(x, z float64) bool) *sim.Scene {
	t.Helper()
	cat := sim.DefaultCatalog()
	var types []string // the main pass's types: fixtures came later and would change every scene
	for _, name := range cat.Types() {
		if !cat.Type(name).Fixture {
			types = append(types, name)
		}
	}
	for i := 0; i < n; i++ {
		ti := cat.Type(types[rng.IntN(len(types))])
		va := ti.Variants[rng.IntN(len(ti.Variants))]
		size := va.Size
		y := size[1] / 2
		if rng.IntN(4) == 0 {
			y += rng.Float64() * 1.2
		}
		x, z := 0.2+(w-0.4)*rng.Float64(), 0.2+(d-0.4)*rng.Float64()
		if keep != nil && !keep(x, z) {
			i--
			continue
		}
		h.Objects = append(h.Objects, sim.HouseObject{
			AssetID:  va.AssetID,
			ID:       fmt.Sprintf("%s|%d", ti.Type, i),
			Position: sim.XYZ{X: x, Y: y, Z: z},
			Rotation: sim.XYZ{Y: 360 * rng.Float64()},
		})
	}
	s, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomCamera returns a camera inside the first room of s.
func randomCamera(s *sim.Scene, rng *rand.Rand, width, height int) sim.Camera {
	p := s.Rooms[0].Polygon
	minX, maxX, minZ, maxZ := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, q := range p {
		minX, maxX = math.Min(minX, q[0]), math.Max(maxX, q[0])
		minZ, maxZ = math.Min(minZ, q[1]), math.Max(maxZ, q[1])
	}
	pos := sim.Vec3{minX + 0.15 + (maxX-minX-0.3)*rng.Float64(), 0.3 + 1.9*rng.Float64(), minZ + 0.15 + (maxZ-minZ-0.3)*rng.Float64()}
	return sim.Camera{Position: pos, Yaw: 360 * rng.Float64(), Horizon: -30 + 90*rng.Float64(),
		FOV: 50 + 50*rng.Float64(), Width: width, Height: height}
}

// loadOneRoom loads testdata/houses/one_room.json.
func loadOneRoom(t testing.TB) *sim.Scene {
	t.Helper()
	s, _, err := sim.LoadHouseFile("../testdata/houses/one_room.json", sim.ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// procthorScene generates procthor house (seed, index) and builds its scene.
func procthorScene(t testing.TB, seed int64, index int) (*sim.House, *sim.Scene) {
	t.Helper()
	h, err := sim.Generate(sim.StyleProcTHOR, seed, index)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	return h, s
}
