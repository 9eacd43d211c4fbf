package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// TestTiledModel: n copies side by side span exactly n widths, centred,
// each copy the source shifted by whole widths with the same normals, UVs
// and surfaces, and triangle indices within the copy's own vertices.
func TestTiledModel(t *testing.T) {
	size := sim.Vec3{0.6, 0.88, 0.62}
	m := boxyModel("k", size)
	m.Levels[0].Normal = []sim.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 0}}
	m.Levels[0].UV = [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	m.SupportY = 0.85
	for _, n := range []int{2, 3, 5} {
		tm := tiledModel(m, n)
		if want := (sim.Vec3{float64(n) * size[0], size[1], size[2]}); tm.Size != want || tm.SupportY != m.SupportY {
			t.Fatalf("n=%d: size %v support %g, want %v %g", n, tm.Size, tm.SupportY, want, m.SupportY)
		}
		l, src := tm.Levels[0], m.Levels[0]
		nv := len(src.Pos)
		if len(l.Pos) != n*nv || len(l.Normal) != n*nv || len(l.UV) != n*nv || len(l.Tris) != n*len(src.Tris) {
			t.Fatalf("n=%d: %d vertices, %d triangles", n, len(l.Pos), len(l.Tris))
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for k := range n {
			for i := range nv {
				p, q := l.Pos[k*nv+i], src.Pos[i]
				dx := (float64(k) - float64(n-1)/2) * size[0]
				if math.Abs(p[0]-q[0]-dx) > 1e-12 || p[1] != q[1] || p[2] != q[2] {
					t.Fatalf("n=%d copy %d vertex %d at %v, want %v shifted by %g", n, k, i, p, q, dx)
				}
				if l.Normal[k*nv+i] != src.Normal[i] || l.UV[k*nv+i] != src.UV[i] {
					t.Fatalf("n=%d copy %d vertex %d: normal or UV differ", n, k, i)
				}
				lo, hi = math.Min(lo, p[0]), math.Max(hi, p[0])
			}
			for j, tr := range l.Tris[k*len(src.Tris) : (k+1)*len(src.Tris)] {
				for c, v := range tr.V {
					if int(v) != k*nv+int(src.Tris[j].V[c]) {
						t.Fatalf("n=%d copy %d triangle %d: vertex %d, want %d", n, k, j, v, k*nv+int(src.Tris[j].V[c]))
					}
				}
			}
		}
		if math.Abs(lo+tm.Size[0]/2) > 1e-12 || math.Abs(hi-tm.Size[0]/2) > 1e-12 {
			t.Errorf("n=%d: spans [%g, %g], want ±%g", n, lo, hi, tm.Size[0]/2)
		}
	}
}

// TestDressTilesLongCounter: a counter top three base units long is drawn
// as three copies of a tileable cabinet (each copy fitting a third of the
// box); one that fits the cabinet itself is drawn directly; a run whose
// share fits no copy count gets no catalog model (a counter its procedural
// cabinet), and neither does a long box of a type that does not tile (the
// primitive).
func TestDressTilesLongCounter(t *testing.T) {
	key := tileEntries["CounterTop"][0]
	unit := sim.Vec3{0.60, 0.85, 0.64}
	cases := []struct {
		typ   string
		size  sim.Vec3
		tiles int // 0: no catalog model, 1: drawn directly
	}{
		{"CounterTop", sim.Vec3{1.80, 0.90, 0.66}, 3},
		{"CounterTop", sim.Vec3{2.45, 0.90, 0.62}, 4},
		{"CounterTop", sim.Vec3{0.62, 0.90, 0.66}, 1},
		{"CounterTop", sim.Vec3{2.40, 0.90, 1.20}, 0}, // far too deep
		{"DiningTable", sim.Vec3{1.80, 0.90, 0.66}, 0},
	}
	for i, c := range cases {
		e := Entry{Key: key, Name: "kitchen cabinet", Size: unit, License: "CC0"}
		e.Library, e.ID, _ = cut(key)
		m := boxyModel(key, unit)
		d := newDresser([]Entry{e}, nil, func(string) (*sim.Model, error) { return m, nil })
		d.byType["DiningTable"] = d.byType["CounterTop"] // a type that does not tile, same variant
		o := &sim.Object{ID: "o|1", Type: c.typ, AssetID: "a", Position: sim.Vec3{1, c.size[1] / 2, 2},
			Size: c.size, Receptacle: true}
		rep := d.dress(&sim.Scene{Objects: []*sim.Object{o}}, 1)
		switch c.tiles {
		case 0:
			if proc := proceduralTypes[c.typ] != procNone; rep.Tiled != 0 || rep.WithModel != 0 ||
				proc && (o.Model == nil || o.Model.Key != cabinetKey) || !proc && o.Model != nil {
				t.Errorf("case %d: drawn with %v (%d tiled), want no catalog model", i, o.Model, rep.Tiled)
			}
			continue
		case 1:
			if o.Model != m || rep.Tiled != 0 {
				t.Errorf("case %d: want the cabinet itself, got tiled %d", i, rep.Tiled)
			}
			continue
		}
		if o.Model == nil || rep.Tiled != 1 || len(o.Model.Levels[0].Tris) != c.tiles*len(m.Levels[0].Tris) {
			t.Fatalf("case %d: report %+v: want %d copies", i, rep, c.tiles)
		}
		share := sim.Vec3{c.size[0] / float64(c.tiles), c.size[1], c.size[2]}
		if dd := Distortion(share, unit); dd > MaxDistortion+1e-9 {
			t.Errorf("case %d: each copy distorted %.3f", i, dd)
		}
		if dd, want := Distortion(o.Size, o.Model.Size), Distortion(share, unit); math.Abs(dd-want) > 1e-9 {
			t.Errorf("case %d: run distortion %.4f, want the copy's %.4f", i, dd, want)
		}
	}
}
