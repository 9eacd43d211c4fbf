package assets

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"flowbench/sim"
)

// TestArtworks: the artworks are fixed (painting one twice gives the same
// texels), all distinct, full mip chains, in their orientation's shape and
// not flat (every artwork's luminance varies across the canvas).
func TestArtworks(t *testing.T) {
	seen := map[string]bool{}
	for o, size := range []sim.Vec3{{4, 3, 0}, {3, 4, 0}} {
		for k := range ArtworkCount {
			a := artwork(k, isPortrait(size))
			l0 := a.Levels[0]
			w, h := l0.Rect.Dx(), l0.Rect.Dy()
			if (o == 0) != (w > h) {
				t.Errorf("artwork %d orientation %d is %d×%d", k, o, w, h)
			}
			if last := a.Levels[len(a.Levels)-1]; last.Rect.Dx() != 1 || last.Rect.Dy() != 1 {
				t.Errorf("artwork %d: mip chain ends at %v", k, last.Rect)
			}
			if again := paintArtwork(k, o == 1); !bytes.Equal(again.Levels[0].Pix, l0.Pix) || again.Hash != a.Hash {
				t.Errorf("artwork %d orientation %d differs when painted again", k, o)
			}
			if seen[a.Hash] {
				t.Errorf("artwork %d orientation %d repeats another", k, o)
			}
			seen[a.Hash] = true
			var sum, sum2 float64
			for i := 0; i < len(l0.Pix); i += 4 {
				y := 0.3*float64(l0.Pix[i]) + 0.59*float64(l0.Pix[i+1]) + 0.11*float64(l0.Pix[i+2])
				sum, sum2 = sum+y, sum2+y*y
			}
			n := float64(w * h)
			if sd := math.Sqrt(sum2/n - (sum/n)*(sum/n)); sd < 8 {
				t.Errorf("artwork %d orientation %d is nearly flat (luminance sd %.1f levels)", k, o, sd)
			}
		}
	}
}

// TestCanvasArtwork: a painting drawn with a frame listed in canvasSurfaces
// shows an artwork on the picture surfaces only, in the painting's
// orientation (a portrait painting, drawn with the landscape frame rolled,
// gets a portrait artwork), upright: u runs along x and v along y over the
// canvas. The frame and the shared source model keep their surfaces and
// UVs; the draw is a function of the seed and the object id, and spreads
// over the set.
func TestCanvasArtwork(t *testing.T) {
	const key = "Default:eTeks#frame"
	names := canvasSurfaces[key]
	if len(names) == 0 {
		t.Fatalf("%s has no canvas surfaces", key)
	}
	size := sim.Vec3{0.5, 0.35, 0.02}
	m := boxyModel(key, size)
	lv := &m.Levels[0]
	lv.Pos = append(lv.Pos, sim.Vec3{0, 0, -size[2] / 2})
	lv.UV = make([][2]float32, len(lv.Pos))
	lv.Tris = append(lv.Tris, sim.ModelTri{V: [3]uint32{0, 1, 4}, Surface: 1})
	grey := sim.RGB{R: 0.6, G: 0.6, B: 0.6}
	m.Surfaces = []*sim.Surface{{Name: names[0], Color: grey}, {Name: "Frame", Color: sim.RGB{}}}
	e := Entry{Key: key, Name: "frame", Size: size, License: "GPL"}
	e.Library, e.ID, _ = cut(key)
	d := newDresser([]Entry{e}, nil, func(string) (*sim.Model, error) { return m, nil })
	paintings := func(n int, sz sim.Vec3) []*sim.Object {
		var out []*sim.Object
		for i := range n {
			out = append(out, &sim.Object{ID: fmt.Sprintf("Painting|%d", i), Type: "Painting", AssetID: "Wall_Decor_Painting_4",
				Position: sim.Vec3{1, 1.5, 0.01}, Size: sz, Color: sim.RGB{R: 0.2, G: 0.5, B: 0.4}})
		}
		return out
	}
	for _, sz := range []sim.Vec3{size, {0.35, 0.5, 0.02}} {
		objs := paintings(40, sz)
		d.dress(&sim.Scene{Objects: objs}, 1)
		again := paintings(40, sz)
		d.dress(&sim.Scene{Objects: again}, 1)
		used := map[*sim.Texture]bool{}
		for i, o := range objs {
			if o.Model == nil {
				t.Fatalf("%v: %s was not drawn with the frame", sz, o.ID)
			}
			c := o.Model.Surfaces[0]
			tex := c.Texture
			if tex == nil || c.Color != (sim.RGB{R: 1, G: 1, B: 1}) || again[i].Model.Surfaces[0].Texture != tex {
				t.Fatalf("%v: %s canvas %+v, want an artwork in white, the same on a second dressing", sz, o.ID, c)
			}
			l0 := tex.Levels[0]
			if portrait := sz[1] > sz[0]; portrait != (l0.Rect.Dy() > l0.Rect.Dx()) {
				t.Errorf("%v: %s has a %v artwork", sz, o.ID, l0.Rect.Size())
			}
			used[tex] = true
			if f := o.Model.Surfaces[1]; f.Color != (sim.RGB{}) || f.Texture != nil {
				t.Errorf("%v: frame surface %+v, want it unchanged", sz, f)
			}
			l := o.Model.Levels[0]
			lo, hi := l.Pos[0], l.Pos[0]
			for _, v := range []uint32{0, 1, 2, 3} {
				lo = sim.Vec3{min(lo[0], l.Pos[v][0]), min(lo[1], l.Pos[v][1])}
				hi = sim.Vec3{max(hi[0], l.Pos[v][0]), max(hi[1], l.Pos[v][1])}
			}
			for _, v := range []uint32{0, 1, 2, 3} {
				p, uv := l.Pos[v], l.UV[v]
				want := [2]float64{(p[0] - lo[0]) / (hi[0] - lo[0]), (p[1] - lo[1]) / (hi[1] - lo[1])}
				if math.Abs(float64(uv[0])-want[0]) > 1e-6 || math.Abs(float64(uv[1])-want[1]) > 1e-6 {
					t.Fatalf("%v: canvas vertex %d at %v has UV %v, want %v", sz, v, p, uv, want)
				}
			}
			if l.UV[4] != ([2]float32{}) {
				t.Errorf("%v: the frame's vertex got UV %v", sz, l.UV[4])
			}
		}
		if len(used) < ArtworkCount/2 {
			t.Errorf("%v: 40 paintings show only %d artworks", sz, len(used))
		}
	}
	if m.Surfaces[0].Color != grey || m.Surfaces[0].Texture != nil || m.Levels[0].UV[2] != ([2]float32{}) {
		t.Errorf("the shared source model changed: %+v, UVs %v", m.Surfaces[0], m.Levels[0].UV)
	}
}

// TestCanvasPrint: a canvas print is the object's box exactly (twelve
// triangles on its six faces, wound counter-clockwise seen from outside
// like the catalogs' models), its front (+z) on the artwork surface with
// UVs spanning it upright, the rest on the edge surface.
func TestCanvasPrint(t *testing.T) {
	size := sim.Vec3{0.84, 0.47, 0.02}
	art := artwork(3, isPortrait(size))
	m := canvasPrint(size, art)
	if m.Size != size || len(m.Levels) != 1 || len(m.Surfaces) != 2 || m.Surfaces[0].Texture != art || m.Surfaces[1].Texture != nil {
		t.Fatalf("print %+v", m)
	}
	l := m.Levels[0]
	if len(l.Tris) != 12 {
		t.Fatalf("%d triangles, want 12", len(l.Tris))
	}
	h := size.Mul(0.5)
	front := 0
	for _, tr := range l.Tris {
		a, b, c := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		n := b.Sub(a).Cross(c.Sub(a)).Normalize()
		for _, v := range tr.V {
			p := l.Pos[v]
			for k := range 3 {
				if math.Abs(math.Abs(p[k])-h[k]) > 1e-15 {
					t.Fatalf("vertex %v is not a corner of the box ±%v", p, h)
				}
			}
			if l.Normal[v].Sub(n).Len() > 1e-12 {
				t.Fatalf("triangle %v: winding normal %v, vertex normal %v", tr, n, l.Normal[v])
			}
			if c := l.Pos[v].Dot(n); math.Abs(c-math.Abs(h.Dot(sim.Vec3{math.Abs(n[0]), math.Abs(n[1]), math.Abs(n[2])}))) > 1e-12 {
				t.Fatalf("triangle %v faces inwards (normal %v)", tr, n)
			}
		}
		if onFront := n[2] > 0.5; onFront != (tr.Surface == 0) {
			t.Fatalf("triangle with normal %v on surface %d", n, tr.Surface)
		}
		if tr.Surface == 0 {
			front++
			for _, v := range tr.V {
				p, uv := l.Pos[v], l.UV[v]
				if math.Abs(float64(uv[0])-(p[0]+h[0])/size[0]) > 1e-6 || math.Abs(float64(uv[1])-(p[1]+h[1])/size[1]) > 1e-6 {
					t.Fatalf("front vertex %v has UV %v", p, uv)
				}
			}
		}
	}
	if front != 2 {
		t.Fatalf("%d front triangles, want 2", front)
	}
}
