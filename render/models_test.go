package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"flowbench/sim"
)

// makeTexture builds a texture and its box-filtered mip chain from level 0.
func makeTexture(img *image.NRGBA) *sim.Texture {
	t := &sim.Texture{Hash: fmt.Sprintf("test-%p", img), Levels: []*image.NRGBA{img}}
	for cur := img; cur.Rect.Dx() > 1 || cur.Rect.Dy() > 1; {
		w, h := max(cur.Rect.Dx()/2, 1), max(cur.Rect.Dy()/2, 1)
		nx := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				var s [4]int
				n := 0
				for dy := 0; dy < 2; dy++ {
					for dx := 0; dx < 2; dx++ {
						sx, sy := min(2*x+dx, cur.Rect.Dx()-1), min(2*y+dy, cur.Rect.Dy()-1)
						i := sy*cur.Stride + 4*sx
						for k := 0; k < 4; k++ {
							s[k] += int(cur.Pix[i+k])
						}
						n++
					}
				}
				for k := 0; k < 4; k++ {
					nx.Pix[y*nx.Stride+4*x+k] = uint8((s[k] + n/2) / n)
				}
			}
		}
		t.Levels = append(t.Levels, nx)
		cur = nx
	}
	return t
}

// checkerTexture is an n×n texture of cells×cells squares of colours a and b
// (a in the top-left cell of the image, i.e. at u≈0, v≈1).
func checkerTexture(n, cells int, a, b color.NRGBA) *sim.Texture {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			c := a
			if (x*cells/n+y*cells/n)%2 == 1 {
				c = b
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return makeTexture(img)
}

// noiseTexture is a deterministic n×n coloured pattern (for benchmarks).
func noiseTexture(n int, seed uint64) *sim.Texture {
	rng := rand.New(rand.NewPCG(seed, 5))
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	base := [3]int{120 + rng.IntN(120), 100 + rng.IntN(120), 80 + rng.IntN(120)}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			k := 0.75 + 0.25*math.Sin(float64(x)*0.2+float64(seed))*math.Cos(float64(y)*0.13) + 0.1*rng.Float64()
			i := y*img.Stride + 4*x
			for c := 0; c < 3; c++ {
				img.Pix[i+c] = uint8(min(255, int(float64(base[c])*k)))
			}
			img.Pix[i+3] = 255
		}
	}
	return makeTexture(img)
}

// boxModel is a model of the box [-s/2, s/2] whose faces are split into
// div×div quads each, with per-face UVs spanning [0, 1] and flat normals;
// levels: div, then coarser halvings down to 1.
func boxModel(size sim.Vec3, div int, sf *sim.Surface) *sim.Model {
	m := &sim.Model{Key: "test#box", Size: size, Surfaces: []*sim.Surface{sf}}
	for d := div; d >= 1; d /= 2 {
		m.Levels = append(m.Levels, boxLevel(size, d))
		if d == 1 {
			break
		}
	}
	return m
}

func boxLevel(size sim.Vec3, div int) sim.ModelLevel {
	var l sim.ModelLevel
	h := size.Mul(0.5)
	// Each face: normal axis a, sign s; tangent axes (b, c).
	for a := 0; a < 3; a++ {
		for _, sg := range []float64{-1, 1} {
			b, c := (a+1)%3, (a+2)%3
			var n sim.Vec3
			n[a] = sg
			base := uint32(len(l.Pos))
			for j := 0; j <= div; j++ {
				for i := 0; i <= div; i++ {
					var p sim.Vec3
					p[a] = sg * h[a]
					p[b] = -h[b] + size[b]*float64(i)/float64(div)
					p[c] = -h[c] + size[c]*float64(j)/float64(div)
					l.Pos = append(l.Pos, p)
					l.Normal = append(l.Normal, n)
					l.UV = append(l.UV, [2]float32{float32(i) / float32(div), float32(j) / float32(div)})
				}
			}
			for j := 0; j < div; j++ {
				for i := 0; i < div; i++ {
					v00 := base + uint32(j*(div+1)+i)
					v10, v01, v11 := v00+1, v00+uint32(div+1), v00+uint32(div+2)
					t0 := sim.ModelTri{V: [3]uint32{v00, v10, v11}}
					t1 := sim.ModelTri{V: [3]uint32{v00, v11, v01}}
					// Wind outward: cross(V1-V0, V2-V0) along n.
					p0, p1, p2 := l.Pos[v00], l.Pos[v10], l.Pos[v11]
					if p1.Sub(p0).Cross(p2.Sub(p0)).Dot(n) < 0 {
						t0.V[1], t0.V[2] = t0.V[2], t0.V[1]
						t1.V[1], t1.V[2] = t1.V[2], t1.V[1]
					}
					l.Tris = append(l.Tris, t0, t1)
				}
			}
		}
	}
	return l
}

// sphereModel is a UV sphere filling the box size with smooth normals:
// rings×segs quads at level 0, then halvings (at least 4×4).
func sphereModel(size sim.Vec3, rings, segs int, sf *sim.Surface) *sim.Model {
	m := &sim.Model{Key: "test#sphere", Size: size, Surfaces: []*sim.Surface{sf}}
	for rr, ss := rings, segs; ; rr, ss = rr/2, ss/2 {
		m.Levels = append(m.Levels, sphereLevel(size, max(rr, 3), max(ss, 4)))
		if rr <= 4 {
			break
		}
	}
	return m
}

func sphereLevel(size sim.Vec3, rings, segs int) sim.ModelLevel {
	var l sim.ModelLevel
	h := size.Mul(0.5)
	for i := 0; i <= rings; i++ {
		th := math.Pi * float64(i) / float64(rings)
		for j := 0; j <= segs; j++ {
			ph := 2 * math.Pi * float64(j) / float64(segs)
			d := sim.Vec3{math.Sin(th) * math.Cos(ph), math.Cos(th), math.Sin(th) * math.Sin(ph)}
			l.Pos = append(l.Pos, sim.Vec3{d[0] * h[0], d[1] * h[1], d[2] * h[2]})
			n := sim.Vec3{d[0] / h[0], d[1] / h[1], d[2] / h[2]}
			l.Normal = append(l.Normal, n.Mul(1/n.Len()))
			l.UV = append(l.UV, [2]float32{float32(j) / float32(segs), 1 - float32(i)/float32(rings)})
		}
	}
	for i := 0; i < rings; i++ {
		for j := 0; j < segs; j++ {
			a := uint32(i*(segs+1) + j)
			b, c, d := a+1, a+uint32(segs+1), a+uint32(segs+2)
			for _, t := range [][3]uint32{{a, b, d}, {a, d, c}} {
				p0, p1, p2 := l.Pos[t[0]], l.Pos[t[1]], l.Pos[t[2]]
				nrm := p1.Sub(p0).Cross(p2.Sub(p0))
				if nrm.Len() < 1e-12 {
					continue
				}
				if nrm.Dot(p0.Add(p1).Add(p2)) < 0 {
					t[1], t[2] = t[2], t[1]
				}
				l.Tris = append(l.Tris, sim.ModelTri{V: t})
			}
		}
	}
	return l
}

// texturedRoom returns roomHouse(w, d) with textured floor and walls.
func dressRoom(s *sim.Scene, floorTex, wallTex *sim.Texture) {
	s.Surfaces = map[string]*sim.Surface{}
	for _, rm := range s.Rooms {
		s.Surfaces["floor|"+rm.ID] = &sim.Surface{Name: "floor", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: floorTex, Tile: 1}
	}
	for _, w := range s.Walls {
		s.Surfaces[w.ID] = &sim.Surface{Name: "wall", Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: wallTex, Tile: 0.8}
	}
}

// lookDir is where test scenes are written for visual inspection.
const lookDir = "/tmp/render_look"

// writeLook writes a frame's RGB to lookDir/name.png (best effort).
func writeLook(t testing.TB, name string, img image.Image) {
	if err := os.MkdirAll(lookDir, 0o755); err != nil {
		return
	}
	if err := WritePNG(filepath.Join(lookDir, name+".png"), img); err != nil {
		t.Logf("look image %s: %v", name, err)
	}
}
