package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

func TestInsetScales(t *testing.T) {
	cases := []struct {
		name       string
		obj, model sim.Vec3
		want, gap  sim.Vec3
		ok         bool
	}{
		// Scales (3.158, 2, 2): 22% distortion; touching on y and z (scale 2),
		// x may stretch to 3 (20%), 1.5 cm (5%) short of the box.
		{"short across", sim.Vec3{0.30, 0.10, 0.10}, sim.Vec3{0.095, 0.05, 0.05},
			sim.Vec3{3, 2, 2}, sim.Vec3{0.015, 0, 0}, true},
		// The same short in height.
		{"short in height", sim.Vec3{0.10, 0.30, 0.10}, sim.Vec3{0.05, 0.095, 0.05},
			sim.Vec3{2, 3, 2}, sim.Vec3{0, 0.015, 0}, true},
		// 2.5 cm = 14% short: beyond InsetMaxShare.
		{"too short", sim.Vec3{0.175, 0.05, 0.05}, sim.Vec3{0.1, 0.05, 0.05},
			sim.Vec3{1.5, 1, 1}, sim.Vec3{0.025, 0, 0}, false},
		// 5% short but 4 cm: beyond InsetMaxGap.
		{"gap too wide", sim.Vec3{0.80, 0.10, 0.10}, sim.Vec3{0.76 / 3, 0.05, 0.05},
			sim.Vec3{3, 2, 2}, sim.Vec3{0.04, 0, 0}, false},
		// A direct fit leaves no gap.
		{"direct", sim.Vec3{0.2, 0.1, 0.1}, sim.Vec3{0.1, 0.05, 0.05},
			sim.Vec3{2, 2, 2}, sim.Vec3{}, true},
	}
	for _, c := range cases {
		s, gap, ok := insetScales(c.obj, c.model)
		for k := 0; k < 3; k++ {
			if math.Abs(s[k]-c.want[k]) > 1e-9 || math.Abs(gap[k]-c.gap[k]) > 1e-9 {
				t.Errorf("%s: scales %v gaps %v, want %v %v", c.name, s, gap, c.want, c.gap)
				break
			}
		}
		if ok != c.ok {
			t.Errorf("%s: ok = %v, want %v", c.name, ok, c.ok)
		}
		if ok && Distortion(c.obj, sim.Vec3{c.obj[0] / s[0], c.obj[1] / s[1], c.obj[2] / s[2]}) > MaxDistortion+1e-9 {
			t.Errorf("%s: inset scales %v beyond MaxDistortion", c.name, s)
		}
	}
}

// TestDressInsetStaysInBox dresses objects whose only variant misses the
// box by 22% distortion: the drawn mesh lies inside the box, rests on its
// bottom, is centred across and falls short by the expected gap only; a
// receptacle gets no inset fit (it keeps its primitive).
func TestDressInsetStaysInBox(t *testing.T) {
	key := typeMap["RemoteControl"][0] // a turnable type with no procedural model
	cases := []struct {
		size, entry sim.Vec3
		receptacle  bool
		inset       bool
	}{
		{sim.Vec3{0.30, 0.10, 0.10}, sim.Vec3{0.095, 0.05, 0.05}, false, true},
		{sim.Vec3{0.10, 0.30, 0.10}, sim.Vec3{0.05, 0.095, 0.05}, false, true},
		{sim.Vec3{0.10, 0.30, 0.10}, sim.Vec3{0.05, 0.095, 0.05}, true, false},
		{sim.Vec3{0.10, 0.10, 0.30}, sim.Vec3{0.05, 0.05, 0.095}, true, false},
		{sim.Vec3{0.10, 0.10, 0.30}, sim.Vec3{0.05, 0.05, 0.095}, false, true},
	}
	for i, c := range cases {
		e := Entry{Key: key, Name: "remote", Size: c.entry, License: "CC0"}
		e.Library, e.ID, _ = cut(key)
		m := boxyModel(key, c.entry)
		d := newDresser([]Entry{e}, nil, func(string) (*sim.Model, error) { return m, nil })
		o := &sim.Object{ID: "RemoteControl|1", Type: "RemoteControl", AssetID: "RemoteControl_1", Position: sim.Vec3{1, 0.9, 2},
			Yaw: 30, Size: c.size, Receptacle: c.receptacle}
		s := &sim.Scene{Objects: []*sim.Object{o}}
		rep := d.dress(s, 1)
		if !c.inset {
			if o.Model != nil || rep.TooDistorted["RemoteControl"] != 1 || rep.Inset != 0 {
				t.Errorf("case %d: model %v, report %+v: want the primitive, counted too distorted", i, o.Model != nil, rep)
			}
			continue
		}
		if o.Model == nil || rep.Inset != 1 || rep.WithModel != 1 {
			t.Fatalf("case %d: model %v, report %+v: want an inset model", i, o.Model != nil, rep)
		}
		if dd := Distortion(o.Size, o.Model.Size); dd > MaxDistortion+1e-9 {
			t.Errorf("case %d: drawn with distortion %.3f", i, dd)
		}
		// Measure the drawn mesh in the object's frame.
		ax, az := o.Axes()
		lo, hi := sim.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, sim.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
		for _, tr := range sim.ObjectMesh(o).Tris {
			for _, v := range tr.V {
				d := v.Sub(o.Position)
				p := sim.Vec3{d.Dot(ax), d[1], d.Dot(az)}
				for k := 0; k < 3; k++ {
					lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
				}
			}
		}
		sc, gap, _ := insetScales(c.size, c.entry)
		for k := 0; k < 3; k++ {
			ext := c.entry[k] * sc[k]
			wantLo := -c.size[k] / 2
			if k != 1 {
				wantLo += gap[k] / 2 // centred across
			}
			if math.Abs(lo[k]-wantLo) > 1e-9 || math.Abs(hi[k]-(wantLo+ext)) > 1e-9 {
				t.Errorf("case %d axis %d: drawn [%.4f, %.4f], want [%.4f, %.4f] in a box of ±%.4f",
					i, k, lo[k], hi[k], wantLo, wantLo+ext, c.size[k]/2)
			}
			if lo[k] < -c.size[k]/2-1e-9 || hi[k] > c.size[k]/2+1e-9 {
				t.Errorf("case %d axis %d: drawn [%.4f, %.4f] leaves the box ±%.4f", i, k, lo[k], hi[k], c.size[k]/2)
			}
		}
	}
}

// boxyModel is a model filling the box of size: two triangles spanning
// opposite corners (all three axes' extremes).
func boxyModel(key string, size sim.Vec3) *sim.Model {
	h := size.Mul(0.5)
	return &sim.Model{Key: key, Size: size,
		Levels: []sim.ModelLevel{{Pos: []sim.Vec3{{-h[0], -h[1], -h[2]}, {h[0], -h[1], -h[2]}, {h[0], h[1], h[2]}, {-h[0], h[1], h[2]}},
			Tris: []sim.ModelTri{{V: [3]uint32{0, 1, 2}}, {V: [3]uint32{0, 2, 3}}}}},
		Surfaces: []*sim.Surface{{Name: "s", Color: sim.RGB{R: 0.5, G: 0.5, B: 0.5}}}}
}

// TestOrientations: turned and rolled models are proper rotations about the
// box centre whose extents are the swapped sizes, and a portrait painting
// whose only variant is a landscape frame is drawn with the frame rolled.
func TestOrientations(t *testing.T) {
	size := sim.Vec3{0.5, 0.35, 0.02}
	m := boxyModel("k", size)
	m.Levels[0].Normal = []sim.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 0}}
	for _, or := range []orientation{turned, rolled} {
		r := or.rotate(m)
		want := or.size(size)
		if r.Size != want {
			t.Errorf("orientation %d: size %v, want %v", or, r.Size, want)
		}
		for k, p := range r.Levels[0].Pos {
			for a := 0; a < 3; a++ {
				if math.Abs(math.Abs(p[a])-want[a]/2) > 1e-12 {
					t.Errorf("orientation %d: vertex %d at %v outside ±%v", or, k, p, want.Mul(0.5))
				}
			}
		}
		// A proper rotation keeps the handedness of the normals' frame.
		n := r.Levels[0].Normal
		if d := n[0].Cross(n[1]).Dot(n[2]); math.Abs(d-1) > 1e-12 {
			t.Errorf("orientation %d: normals' frame has determinant %g, want 1 (not mirrored)", or, d)
		}
	}
	key := typeMap["Painting"][0]
	e := Entry{Key: key, Name: "frame", Size: size, License: "GPL"}
	e.Library, e.ID, _ = cut(key)
	d := newDresser([]Entry{e}, nil, func(string) (*sim.Model, error) { return m, nil })
	o := &sim.Object{ID: "Painting|1", Type: "Painting", AssetID: "Wall_Decor_Painting_9", Position: sim.Vec3{1, 1.5, 0.01},
		Size: sim.Vec3{0.46, 0.61, 0.02}}
	rep := d.dress(&sim.Scene{Objects: []*sim.Object{o}}, 1)
	if o.Model == nil || rep.Rolled != 1 || o.Model.Size != rolled.size(size) {
		t.Fatalf("portrait painting: model %v, report %+v: want the frame rolled", o.Model != nil, rep)
	}
	if dd := Distortion(o.Size, o.Model.Size); dd > MaxDistortion {
		t.Errorf("rolled frame drawn with distortion %.3f", dd)
	}
}
