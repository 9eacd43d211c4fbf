package render

import (
	"math"
	"testing"

	"flowbench/sim"
)

// bigRoom returns an empty square room of side l metres centred at (l/2, l/2).
func bigRoom(t testing.TB, l float64) *sim.House {
	t.Helper()
	h := roomHouse(l, l)
	h.Doors, h.Windows = nil, nil
	return h
}

// TestBoxDepthAnalytic places a box in front of the camera: the pixels of its
// front face have planar depth equal to the face's distance, and the mask's
// extent matches the projected face.
func TestBoxDepthAnalytic(t *testing.T) {
	h := bigRoom(t, 20)
	// Box_... from the catalog: use the CounterTop type's first variant (a ShapeBox).
	ti := sim.DefaultCatalog().Type("CounterTop")
	va := ti.Variants[0]
	const dist = 3.0                       // front face distance from the eye along +z
	eye := sim.Vec3{10, va.Size[1] / 2, 5} // only the front face can be seen
	centre := sim.Vec3{10, va.Size[1] / 2, eye[2] + dist + va.Size[2]/2}
	h.Objects = []sim.HouseObject{{AssetID: va.AssetID, ID: "CounterTop|0", Position: sim.ToXYZ(centre)}}
	s, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.Camera{Position: eye, FOV: 90, Width: 101, Height: 101}
	r, err := New(s, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := f.Instance("CounterTop|0")
	fl := cam.Focal()
	cx, cy := cam.Principal()
	checked := 0
	for v := 0; v < cam.Height; v++ {
		for u := 0; u < cam.Width; u++ {
			// Point on the front plane z = dist seen at this pixel.
			x := eye[0] + dist*(float64(u)-cx)/fl
			y := eye[1] - dist*(float64(v)-cy)/fl
			inFace := math.Abs(x-centre[0]) < va.Size[0]/2-1e-9 && y > 1e-9 && y < va.Size[1]-1e-9
			i := v*cam.Width + u
			if inFace != (f.IDs[i] == inst) {
				t.Fatalf("pixel (%d,%d): on front face %v, id %d (box %d)", u, v, inFace, f.IDs[i], inst)
			}
			if inFace {
				checked++
				if got := float64(f.Depth[i]); math.Abs(got-dist) > 1e-6*dist {
					t.Fatalf("pixel (%d,%d): depth %.9f, want %.9f", u, v, got, dist)
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d front-face pixels checked", checked)
	}
	st, _ := f.ObjectStats("CounterTop|0")
	if st.Pixels != checked {
		t.Errorf("stats count %d, mask pixels %d", st.Pixels, checked)
	}
}

// TestFloorDepthByRow looks at an empty floor from height h with horizon θ:
// the floor's planar depth at row v is h / (sin θ + cos θ · (v - cy) / f).
func TestFloorDepthByRow(t *testing.T) {
	for _, tc := range []struct{ h, theta, fov float64 }{{1.576, 30, 90}, {0.9, 10, 60}, {2.0, 55, 90}, {1.2, 0, 75}} {
		s, err := sim.NewScene(bigRoom(t, 40))
		if err != nil {
			t.Fatal(err)
		}
		eye := sim.Vec3{20, tc.h, 20}
		cam := sim.Camera{Position: eye, Yaw: 17, Horizon: tc.theta, FOV: tc.fov, Width: 64, Height: 96}
		r, err := New(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		f, err := r.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		floor, _ := f.Instance("floor|room|1")
		fl := cam.Focal()
		_, cy := cam.Principal()
		st, sn := math.Sincos(tc.theta * math.Pi / 180)
		rows := 0
		for v := 0; v < cam.Height; v++ {
			den := st + sn*(float64(v)-cy)/fl
			if den <= 0 {
				continue
			}
			want := tc.h / den
			// Only rows whose floor points all lie well inside the room.
			_, _, fw := cam.Basis()
			if want*math.Hypot(1, float64(cam.Width)/fl)*math.Hypot(fw[0], fw[2]+1) > 19 {
				continue
			}
			rows++
			for u := 0; u < cam.Width; u++ {
				i := v*cam.Width + u
				if f.IDs[i] != floor {
					t.Fatalf("h=%g θ=%g: pixel (%d,%d) id %q, want the floor", tc.h, tc.theta, u, v, f.IDTable[f.IDs[i]])
				}
				if got := float64(f.Depth[i]); math.Abs(got-want) > 1e-5*want {
					t.Fatalf("h=%g θ=%g: pixel (%d,%d) depth %.7f, want %.7f", tc.h, tc.theta, u, v, got, want)
				}
			}
		}
		if rows < 10 {
			t.Fatalf("h=%g θ=%g: only %d floor rows checked", tc.h, tc.theta, rows)
		}
	}
}

// TestNearPlaneClipsWall puts the camera 2 cm from a wall, looking along it
// and slightly towards it: the wall must be drawn wherever it is farther than
// the near plane, with exact depth, and nowhere nearer.
func TestNearPlaneClipsWall(t *testing.T) {
	s, err := sim.NewScene(bigRoom(t, 6))
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.Camera{Position: sim.Vec3{0.02, 1.2, 3}, Yaw: -60, Horizon: 5, FOV: 90, Width: 80, Height: 60}
	r, err := New(s, Options{Near: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	c := newRefCaster(s)
	c.near = 0.05
	bad := 0
	for v := 0; v < cam.Height; v++ {
		for u := 0; u < cam.Width; u++ {
			i := v*cam.Width + u
			h, ok := c.cast(cam, float64(u), float64(v))
			got := f.IDTable[f.IDs[i]]
			if !ok {
				h.ID = ""
			}
			if got != h.ID || math.Abs(float64(f.Depth[i])-h.Depth) > 1e-5*h.Depth {
				bad++
			}
			if f.IDs[i] != 0 && f.Depth[i] < 0.05 {
				t.Fatalf("pixel (%d,%d) drawn at depth %g inside the near plane", u, v, f.Depth[i])
			}
		}
	}
	wall, _ := f.ObjectStats("wall|1|0.00|0.00|0.00|6.00")
	if wall.Pixels < 500 {
		t.Fatalf("near wall covers only %d pixels", wall.Pixels)
	}
	if bad > 0 {
		t.Errorf("%d of %d pixels disagree with the ray cast", bad, cam.Width*cam.Height)
	}
}
