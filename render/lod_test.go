package render

import (
	"bytes"
	"reflect"
	"testing"

	"flowbench/sim"
)

// TestLODChoiceAndPoseCache checks the level chosen by projected size
// (thresholds scaled with the image), full detail, and that posed meshes are
// cached per (object, level): an unchanged object is not re-posed, a moved
// one is, and moving marks the shadow maps stale.
func TestLODChoiceAndPoseCache(t *testing.T) {
	sf := &sim.Surface{Color: sim.RGB{R: 0.7, G: 0.6, B: 0.5}}
	size := sim.Vec3{0.5, 0.5, 0.5}
	mk := func() *sim.Model { return sphereModel(size, 16, 16, sf) } // levels 16, 8, 4 rings
	eye := sim.Vec3{10, 1.5, 1}
	// Diameter of the bounding sphere: |size| = 0.866 m, so d = 0.866·f/z
	// pixels with f = size/2 at 90°; the levels have 480, 112 and 24
	// triangles, and a level is drawn when d²/2 ≥ its triangles: level 0 for
	// d ≥ 31.0 px, level 1 for d ≥ 15.0 px, else level 2.
	s := modelObjects(t, []*sim.Model{mk(), mk(), mk()}, []sim.Vec3{eye.Add(sim.Vec3{0, 0, 1.5}), eye.Add(sim.Vec3{0.5, 0, 5}), eye.Add(sim.Vec3{-1, 0, 9})})
	if n := s.Objects[0].Model.LevelCount(); n != 3 {
		t.Fatalf("test model has %d levels, want 3", n)
	}
	for k, want := range []int{480, 112, 24} {
		if got := len(s.Objects[0].Model.Levels[k].Tris); got != want {
			t.Fatalf("test model level %d has %d triangles, want %d", k, got, want)
		}
	}
	// z = 1.5, 5, 9 m: at 800 px d = 231, 69, 38 px; at 400 px 115, 35, 19 px;
	// at 200 px 58, 17, 9.6 px; at 100 px 29, 8.7, 4.8 px.
	for _, tc := range []struct {
		size int
		full bool
		want [3]int
	}{{800, false, [3]int{0, 0, 0}}, {400, false, [3]int{0, 0, 1}}, {200, false, [3]int{0, 1, 2}}, {100, false, [3]int{1, 2, 2}}, {800, true, [3]int{0, 0, 0}}} {
		r, err := New(s, Options{Workers: 1, LevelOfDetail: !tc.full})
		if err != nil {
			t.Fatal(err)
		}
		cam := sim.Camera{Position: eye, FOV: 90, Width: tc.size, Height: tc.size}
		if _, err := r.Render(cam); err != nil {
			t.Fatal(err)
		}
		for i := range s.Objects {
			e := r.dl.mesh[i]
			lvl := -1
			for l := range r.inst[i].levels {
				if &r.inst[i].levels[l] == e {
					lvl = l
				}
			}
			if lvl != tc.want[i] {
				t.Errorf("size %d full %v: object %d drawn at level %d, want %d", tc.size, tc.full, i, lvl, tc.want[i])
			}
		}
	}
	r, err := New(s, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.Camera{Position: eye, FOV: 90, Width: 200, Height: 200}
	if _, err := r.Render(cam); err != nil {
		t.Fatal(err)
	}
	var first [3]*meshEntry
	var gen [3]uint64
	for i := range s.Objects {
		first[i], gen[i] = r.dl.mesh[i], r.dl.mesh[i].gen
	}
	s.Objects[1].Position[0] += 0.01
	if _, err := r.Render(cam); err != nil {
		t.Fatal(err)
	}
	for i := range s.Objects {
		same := first[i] == r.dl.mesh[i] && gen[i] == r.dl.mesh[i].gen
		if same != (i != 1) {
			t.Errorf("object %d: posed mesh kept %v after object 1 moved", i, same)
		}
	}
	if !r.lights[0].valid {
		t.Error("shadow maps not rebuilt after the move")
	}
}

// TestMovedObjectMatchesFreshRenderer moves objects of a textured model
// scene one after the other (shadow-map faces are rebuilt only where the
// move can change them) and compares every frame with a fresh renderer's.
func TestMovedObjectMatchesFreshRenderer(t *testing.T) {
	s := modelScene(t, 42, 20, 32)
	cam := sim.Camera{Position: sim.Vec3{0.4, sim.CameraHeight, 0.4}, Yaw: 45, Horizon: 25, FOV: 90, Width: 160, Height: 160}
	r, err := New(s, Options{Workers: 2, ShadowMapSize: 256})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 6; k++ {
		o := s.Objects[(k*7)%len(s.Objects)]
		o.Position = o.Position.Add(sim.Vec3{0.15, 0, -0.1})
		o.Yaw += 20
		got, err := r.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := New(s, Options{Workers: 1, ShadowMapSize: 256})
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.RGB.Pix, want.RGB.Pix) || !reflect.DeepEqual(got.IDs, want.IDs) || !reflect.DeepEqual(got.Depth, want.Depth) {
			t.Fatalf("move %d (%s): frame differs from a fresh renderer's", k, o.ID)
		}
	}
}
