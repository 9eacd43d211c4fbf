package assets_test

import (
	"errors"
	"math"
	"sort"
	"testing"

	"flowbench/assets"
	"flowbench/render"
	"flowbench/sim"
)

// cutleryTypes are the thin kitchen tools issue 52 found invisible at
// 512 px.
var cutleryTypes = map[string]bool{"Fork": true, "Knife": true, "ButterKnife": true, "Spoon": true}

// cutleryPixels renders, for every piece of cutlery in the 30 iTHOR-style
// kitchens (seed 1) dressed with the installed models, a 512 px view with
// the default 90° field of view from the reachable point nearest to dist
// metres from it, at the agent's eye height, looking at it, and returns
// the pieces' visible pixels by type (sorted), and the same for the plain
// boxes of the undressed scene (the most a model inside the box can show).
func cutleryPixels(t *testing.T, lib *assets.Library, dist float64) (out, boxes map[string][]int) {
	t.Helper()
	out, boxes = map[string][]int{}, map[string][]int{}
	for _, name := range sim.IthorSceneNames()[:30] {
		h, err := sim.GenerateIthor(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sim.NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := sim.NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		lib.Dress(s, assets.HouseSeed(h))
		r, err := render.New(s, render.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		rp, err := render.New(plain, render.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		reach := s.ReachablePositions()
		var f render.Frame
		for i, o := range s.Objects {
			if !cutleryTypes[o.Type] {
				continue
			}
			best, bd := sim.Vec3{}, math.Inf(1)
			for _, p := range reach {
				d := math.Abs(math.Hypot(p[0]-o.Position[0], p[2]-o.Position[2]) - dist)
				if d < bd {
					best, bd = p, d
				}
			}
			eye := sim.Vec3{best[0], sim.CameraHeight, best[2]}
			dx, dz := o.Position[0]-eye[0], o.Position[2]-eye[2]
			yaw := math.Atan2(dx, dz) * 180 / math.Pi
			hor := math.Atan2(eye[1]-o.Position[1], math.Hypot(dx, dz)) * 180 / math.Pi
			cam := sim.Camera{Position: eye, Yaw: yaw, Horizon: hor, FOV: sim.DefaultFOV, Width: 512, Height: 512}
			if err := r.RenderLabelsInto(cam, &f); err != nil {
				t.Fatal(err)
			}
			out[o.Type] = append(out[o.Type], f.Stats[i+1].Pixels)
			if err := rp.RenderLabelsInto(cam, &f); err != nil {
				t.Fatal(err)
			}
			boxes[o.Type] = append(boxes[o.Type], f.Stats[i+1].Pixels)
		}
	}
	for _, v := range out {
		sort.Ints(v)
	}
	for _, v := range boxes {
		sort.Ints(v)
	}
	return out, boxes
}

// TestCutleryVisible (long tier; needs the installed libraries): forks,
// knives, butter knives and spoons seen from 1.5 m at 512 px show enough
// pixels to be seen and marked: the median piece of each type at least
// 40 px, and at most a fifth of them under 10 px (occluded ones included).
func TestCutleryVisible(t *testing.T) {
	if testing.Short() {
		t.Skip("long tier: renders about 200 views")
	}
	lib, err := assets.Open(assets.Options{})
	if errors.Is(err, assets.ErrNoAssets) {
		t.Skip("Sweet Home 3D libraries not installed")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	for _, dist := range []float64{1.5, 2.5} {
		px, boxes := cutleryPixels(t, lib, dist)
		for _, typ := range []string{"Fork", "Knife", "ButterKnife", "Spoon"} {
			v := px[typ]
			if len(v) == 0 {
				t.Errorf("%s: no instances", typ)
				continue
			}
			small := sort.SearchInts(v, 10)
			bx := boxes[typ]
			t.Logf("%.1f m %-11s n=%3d  p10 %4d  median %4d  p90 %4d  under 10 px %d; its box: median %4d px", dist, typ, len(v), v[len(v)/10], v[len(v)/2], v[9*len(v)/10], small, bx[len(bx)/2])
			if dist == 1.5 && (v[len(v)/2] < 40 || 5*small > len(v)) {
				t.Errorf("%s at %.1f m: median %d px, %d of %d under 10 px", typ, dist, v[len(v)/2], small, len(v))
			}
		}
	}
}
