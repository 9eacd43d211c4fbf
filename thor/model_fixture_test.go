package thor

import (
	"image"
	"image/color"

	"flowbench/sim"
)

// Synthetic textured assets for the thor tests (no asset library needed).

// checkerTexture is an n×n checkerboard of cells×cells squares of a and b
// with its mip chain; hole (when set) makes the a squares of the left half
// transparent, for cut-outs. (With an odd number of cells dividing n the
// holes are the same whether v = 0 is the image's bottom row, as sim
// documents and the renderer's colour sampling and Blender do, or its top
// row, as sim.Texture.Opaque reads it at the time of writing.)
func checkerTexture(hash string, n, cells int, a, b color.NRGBA, hole bool) *sim.Texture {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			c := b
			if (x*cells/n+y*cells/n)%2 == 0 {
				c = a
				if hole && x < n/2 {
					c.A = 0
				}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	t := &sim.Texture{Hash: hash, Levels: []*image.NRGBA{img}}
	for l := img; l.Rect.Dx() > 1 || l.Rect.Dy() > 1; {
		w, h := max(l.Rect.Dx()/2, 1), max(l.Rect.Dy()/2, 1)
		next := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				var s [4]int
				for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
					c := l.NRGBAAt(min(2*x+d[0], l.Rect.Dx()-1), min(2*y+d[1], l.Rect.Dy()-1))
					s[0], s[1], s[2], s[3] = s[0]+int(c.R), s[1]+int(c.G), s[2]+int(c.B), s[3]+int(c.A)
				}
				next.SetNRGBA(x, y, color.NRGBA{uint8(s[0] / 4), uint8(s[1] / 4), uint8(s[2] / 4), uint8(s[3] / 4)})
			}
		}
		t.Levels = append(t.Levels, next)
		l = next
	}
	return t
}

// cubeModel is a unit-size textured box (24 vertices, 12 triangles, front
// faces outward) whose faces use surface 0, except the top (+y) which uses
// surface 1 when the model has two surfaces. UVs span [0, 1] per face.
func cubeModel(key string, surfaces ...*sim.Surface) *sim.Model {
	l := sim.ModelLevel{}
	faces := []struct{ n, u, v sim.Vec3 }{
		{sim.Vec3{1, 0, 0}, sim.Vec3{0, 0, -1}, sim.Vec3{0, 1, 0}},
		{sim.Vec3{-1, 0, 0}, sim.Vec3{0, 0, 1}, sim.Vec3{0, 1, 0}},
		{sim.Vec3{0, 1, 0}, sim.Vec3{1, 0, 0}, sim.Vec3{0, 0, -1}},
		{sim.Vec3{0, -1, 0}, sim.Vec3{1, 0, 0}, sim.Vec3{0, 0, 1}},
		{sim.Vec3{0, 0, 1}, sim.Vec3{1, 0, 0}, sim.Vec3{0, 1, 0}},
		{sim.Vec3{0, 0, -1}, sim.Vec3{-1, 0, 0}, sim.Vec3{0, 1, 0}},
	}
	for fi, f := range faces {
		base := uint32(len(l.Pos))
		for _, c := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
			p := f.n.Mul(0.5).Add(f.u.Mul(c[0] - 0.5)).Add(f.v.Mul(c[1] - 0.5))
			l.Pos = append(l.Pos, p)
			l.Normal = append(l.Normal, f.n)
			l.UV = append(l.UV, [2]float32{float32(c[0]), float32(c[1])})
		}
		s := uint16(0)
		if fi == 2 && len(surfaces) > 1 {
			s = 1
		}
		// u × v = n for every face above, so (0, 1, 2) faces outward.
		l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{base, base + 1, base + 2}, Surface: s},
			sim.ModelTri{V: [3]uint32{base, base + 2, base + 3}, Surface: s})
	}
	return &sim.Model{Key: key, Size: sim.Vec3{1, 1, 1}, Surfaces: surfaces, Levels: []sim.ModelLevel{l}}
}

var (
	checkerA = color.NRGBA{220, 60, 40, 255}   // red
	checkerB = color.NRGBA{240, 220, 120, 255} // cream
	floorA   = color.NRGBA{90, 60, 40, 255}    // dark wood
	floorB   = color.NRGBA{150, 110, 70, 255}  // light wood
)

// testDress returns a deterministic dress hook: every object of the given
// types (all when none are given) gets a textured cube model (one shared
// model; every third object a variant whose checker has cut-out holes in the
// red squares of its left half, so one sees into the two-sided cube) and every
// floor a textured surface (1 m tiles), every other wall side a striped one. An object's colour becomes the
// texture's mean so that an untextured renderer shows roughly the same.
func testDress(types ...string) func(*sim.Scene) {
	cube := checkerTexture("0123456789abcdef0123456789abcdef", 64, 4, checkerA, checkerB, false)
	holes := checkerTexture("00112233445566778899aabbccddeeff", 60, 5, checkerA, checkerB, true)
	wood := checkerTexture("fedcba9876543210fedcba9876543210", 32, 2, floorA, floorB, false)
	stripes := checkerTexture("5555aaaa5555aaaa5555aaaa5555aaaa", 16, 1, color.NRGBA{255, 255, 255, 255}, color.NRGBA{215, 215, 215, 255}, false)
	model := cubeModel("test#cube", &sim.Surface{Name: "checker", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: cube},
		&sim.Surface{Name: "top", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: cube})
	cutout := cubeModel("test#cutout", &sim.Surface{Name: "grille", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: holes, Cutout: true})
	want := map[string]bool{}
	for _, t := range types {
		want[t] = true
	}
	mean := func(a, b color.NRGBA) sim.RGB {
		return sim.RGB{R: (float64(a.R) + float64(b.R)) / 510, G: (float64(a.G) + float64(b.G)) / 510, B: (float64(a.B) + float64(b.B)) / 510}
	}
	return func(s *sim.Scene) {
		for i, o := range s.Objects {
			if len(want) == 0 || want[o.Type] {
				o.Model = model
				if i%3 == 1 {
					o.Model = cutout
				}
				o.Color = mean(checkerA, checkerB)
			}
		}
		if s.Surfaces == nil {
			s.Surfaces = map[string]*sim.Surface{}
		}
		for i := range s.Rooms {
			r := &s.Rooms[i]
			s.Surfaces["floor|"+r.ID] = &sim.Surface{Name: "wood", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: wood, Tile: 1}
			r.Floor = mean(floorA, floorB)
		}
		// Every other wall side gets a tinted stripe texture (2 m tiles).
		for i := range s.Walls {
			if w := &s.Walls[i]; i%2 == 0 {
				s.Surfaces[w.ID] = &sim.Surface{Name: "paper", Color: w.Color, Texture: stripes, Tile: 2}
			}
		}
	}
}
