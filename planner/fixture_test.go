package planner

import (
	"fmt"
	"testing"

	"flowbench/render"
	"flowbench/sim"
)

// tObj is an object of a hand-built test house. Y is the bottom height
// (0 = the floor); the centre height follows from the asset's size.
type tObj struct {
	asset, id string
	x, z, yaw float64
	bottom    float64
	children  []tObj
}

// boxHouse builds a one-room w×d house with four walls (height 2.5 m) and
// the given objects, validated by sim.NewScene.
func boxHouse(t testing.TB, w, d float64, objs ...tObj) *sim.House {
	t.Helper()
	cat := sim.DefaultCatalog()
	var conv func(o tObj) sim.HouseObject
	conv = func(o tObj) sim.HouseObject {
		_, size, ok := cat.Asset(o.asset)
		if !ok {
			t.Fatalf("unknown asset %q", o.asset)
		}
		ho := sim.HouseObject{AssetID: o.asset, ID: o.id,
			Position: sim.XYZ{X: o.x, Y: o.bottom + size[1]/2, Z: o.z}, Rotation: sim.XYZ{Y: o.yaw}}
		for _, c := range o.children {
			c.bottom = o.bottom + size[1]
			ho.Children = append(ho.Children, conv(c))
		}
		return ho
	}
	h := &sim.House{Metadata: sim.HouseMetadata{Schema: sim.SchemaVersion,
		Agent: sim.AgentPose{Position: sim.XYZ{X: w / 2, Y: 0.95, Z: 0.5}}}}
	h.Rooms = []sim.Room{{ID: "room|1", RoomType: "LivingRoom",
		FloorPolygon: []sim.XYZ{{X: 0, Z: 0}, {X: 0, Z: d}, {X: w, Z: d}, {X: w, Z: 0}}}}
	corners := [][2]float64{{0, 0}, {0, d}, {w, d}, {w, 0}, {0, 0}}
	for i := 0; i < 4; i++ {
		a, b := corners[i], corners[i+1]
		h.Walls = append(h.Walls, sim.Wall{
			ID:     fmt.Sprintf("wall|1|%.2f|%.2f|%.2f|%.2f", a[0], a[1], b[0], b[1]),
			RoomID: "room|1",
			Polygon: []sim.XYZ{{X: a[0], Z: a[1]}, {X: b[0], Z: b[1]},
				{X: a[0], Y: 2.5, Z: a[1]}, {X: b[0], Y: 2.5, Z: b[1]}},
		})
	}
	for _, o := range objs {
		h.Objects = append(h.Objects, conv(o))
	}
	if _, err := sim.NewScene(h); err != nil {
		t.Fatalf("test house: %v", err)
	}
	return h
}

// testCfg is a small-image configuration for hand-built scenes.
func testCfg() Config {
	cfg := DefaultConfig()
	cfg.HouseID = "test"
	cfg.CameraSize = 240
	cfg.KeepFrames = true
	return cfg
}

// loaded returns a Local backend with h loaded.
func loaded(t testing.TB, h *sim.House) *Local {
	t.Helper()
	l := NewLocal(LocalOptions{Render: render.Options{Workers: 1}})
	if err := l.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	return l
}

// testCam is a camera at floor point (x, z) looking along yaw.
func testCam(x, z, yaw, horizon float64, size int) sim.Camera {
	c := sim.NewCamera(sim.Vec3{x, sim.CameraHeight, z}, yaw, horizon)
	c.Width, c.Height = size, size
	return c
}

const (
	assetBall   = "RoboTHOR_basketball_rhode_island_novelty_v"
	assetChair  = "Chair_307_2"
	assetCan    = "RoboTHOR_garbage_bin_ai2_1_v"
	assetStatue = "Dog_Statue_1"
	assetBox    = "DecorativeBox2"
	assetTable  = "Coffee_Table_227_2_1"
	assetMug    = "Mug_2"
)
