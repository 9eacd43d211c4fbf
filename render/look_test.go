package render

import (
	"image/color"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// modelScene is a furnished room whose objects all carry textured models
// (spheres for small objects, boxes otherwise) and whose floor and walls are
// textured.
func modelScene(t testing.TB, seed uint64, n int, texSize int) *sim.Scene {
	rng := rand.New(rand.NewPCG(seed, 99))
	w, d := 5.0, 4.5
	s := furnish(t, roomHouse(w, d), rng, w, d, n, nil)
	dressRoom(s, checkerTexture(256, 8, color.NRGBA{150, 110, 70, 255}, color.NRGBA{120, 85, 55, 255}),
		noiseTexture(256, 1))
	for i, o := range s.Objects {
		sf := &sim.Surface{Name: "m", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: noiseTexture(texSize, uint64(i+2))}
		if o.Size[0] < 0.4 && o.Size[1] < 0.4 {
			o.Model = sphereModel(o.Size, 20, 26, sf)
		} else {
			o.Model = boxModel(o.Size, 9, sf)
		}
	}
	return s
}

// TestLook writes the test scenes to /tmp/render_look for inspection.
func TestLook(t *testing.T) {
	if testing.Short() {
		t.Skip("look images")
	}
	one := loadOneRoom(t)
	cam := sim.Camera{Position: sim.Vec3{2, sim.CameraHeight, 0.4}, Yaw: 0, Horizon: 25, FOV: 90, Width: 400, Height: 400}
	for _, c := range []struct {
		name string
		o    Options
	}{{"one_room", Options{}}, {"one_room_flat", Options{Lighting: LightFlat, AntiAlias: AAOff}}, {"one_room_noaa", Options{AntiAlias: AAOff}}} {
		r, err := New(one, c.o)
		if err != nil {
			t.Fatal(err)
		}
		f, err := r.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		writeLook(t, c.name, f.RGB)
	}
	mug := one.Object("Mug|surface|1|1")
	closeCam := sim.Camera{Position: mug.Position.Add(sim.Vec3{-0.5, 0.6, -0.6}), Yaw: 40, Horizon: 40, FOV: 30, Width: 300, Height: 300}
	r0, err := New(one, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f0, err := r0.Render(closeCam)
	if err != nil {
		t.Fatal(err)
	}
	writeLook(t, "one_room_mug", f0.RGB)
	// A textured table with textured models resting on it, near the light.
	tsf := &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: checkerTexture(128, 4, color.NRGBA{170, 130, 90, 255}, color.NRGBA{150, 110, 75, 255})}
	osf := &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: noiseTexture(128, 9)}
	table := boxModel(sim.Vec3{1.4, 0.75, 0.9}, 4, tsf)
	ball := sphereModel(sim.Vec3{0.2, 0.2, 0.2}, 16, 20, osf)
	cube := boxModel(sim.Vec3{0.15, 0.25, 0.15}, 2, osf)
	ts := modelObjects(t, []*sim.Model{table, ball, cube}, []sim.Vec3{{10.3, 0.375, 10.4}, {10.0, 0.85, 10.3}, {10.6, 0.875, 10.55}})
	tr, err := New(ts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tf, err := tr.Render(sim.Camera{Position: sim.Vec3{9.2, 1.5, 9.0}, Yaw: 40, Horizon: 35, FOV: 60, Width: 400, Height: 400})
	if err != nil {
		t.Fatal(err)
	}
	writeLook(t, "table_models", tf.RGB)
	ms := modelScene(t, 3, 25, 128)
	r, err := New(ms, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Render(sim.Camera{Position: sim.Vec3{0.4, sim.CameraHeight, 0.4}, Yaw: 45, Horizon: 25, FOV: 90, Width: 400, Height: 400})
	if err != nil {
		t.Fatal(err)
	}
	writeLook(t, "models", f.RGB)
}
