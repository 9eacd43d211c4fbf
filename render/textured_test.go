package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// quadModel is a unit-less quad model with the given corner positions
// (counter-clockwise seen from its front) and UVs, flat normal n.
func quadModel(p [4]sim.Vec3, uv [4][2]float32, n sim.Vec3, sf *sim.Surface) *sim.Model {
	l := sim.ModelLevel{Pos: p[:], UV: uv[:], Normal: []sim.Vec3{n, n, n, n},
		Tris: []sim.ModelTri{{V: [3]uint32{0, 1, 2}}, {V: [3]uint32{0, 2, 3}}}}
	// Wind the front towards n.
	for i := range l.Tris {
		t := &l.Tris[i]
		a, b, c := p[t.V[0]], p[t.V[1]], p[t.V[2]]
		if b.Sub(a).Cross(c.Sub(a)).Dot(n) < 0 {
			t.V[1], t.V[2] = t.V[2], t.V[1]
		}
	}
	return &sim.Model{Key: "test#quad", Surfaces: []*sim.Surface{sf}, Levels: []sim.ModelLevel{l}}
}

// modelObjects returns a 20 m empty room holding one object per model, each
// at the given world position with Size = model size (models use world
// offsets around the position, yaw 0).
func modelObjects(t testing.TB, models []*sim.Model, pos []sim.Vec3) *sim.Scene {
	t.Helper()
	h := bigRoom(t, 20)
	va := sim.DefaultCatalog().Type("CounterTop").Variants[0]
	for i := range models {
		h.Objects = append(h.Objects, sim.HouseObject{AssetID: va.AssetID, ID: fmt.Sprintf("CounterTop|%d", i),
			Position: sim.ToXYZ(pos[i])})
	}
	s, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range s.Objects {
		o.Position = pos[i]
		o.Model = models[i]
		o.Size = models[i].Size // zero: the model is used unscaled
		o.Yaw = 0
	}
	return s
}

// flatLight shows surface colour × texture exactly: ambient 1, no window, no room light.
var flatLight = Options{Workers: 1, Ambient: 1, Diffuse: 1e-300, RoomLight: -1, NoShadows: true, AntiAlias: AAOff}

var (
	red  = color.NRGBA{220, 40, 30, 255}
	blue = color.NRGBA{30, 60, 200, 255}
)

// checkerAt returns the checker colour of checkerTexture(n, cells, a, b) at
// (u, v) (v up) and the distance in UV to the nearest cell boundary.
func checkerAt(u, v float64, cells int, a, b color.NRGBA) (color.NRGBA, float64) {
	u -= math.Floor(u)
	v -= math.Floor(v)
	cx, cy := u*float64(cells), (1-v)*float64(cells)
	ix, iy := int(cx), int(cy)
	d := math.Min(math.Min(cx-float64(ix), float64(ix+1)-cx), math.Min(cy-float64(iy), float64(iy+1)-cy)) / float64(cells)
	if (ix+iy)%2 == 1 {
		return b, d
	}
	return a, d
}

func pixelRGB(f *Frame, x, y int) [3]uint8 {
	i := y*f.RGB.Stride + 4*x
	return [3]uint8{f.RGB.Pix[i], f.RGB.Pix[i+1], f.RGB.Pix[i+2]}
}

func near3(c [3]uint8, want color.NRGBA, tol int) bool {
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	return d(c[0], want.R) <= tol && d(c[1], want.G) <= tol && d(c[2], want.B) <= tol
}

// TestCheckerQuadTexels puts a checkerboard quad facing the camera at depth
// 2: every pixel away from cell boundaries shows the expected texel colour
// (magnified, level 0) at depth 2.
func TestCheckerQuadTexels(t *testing.T) {
	const cells = 8
	tex := checkerTexture(64, cells, red, blue)
	sf := &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: tex}
	q := quadModel([4]sim.Vec3{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}},
		[4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, sim.Vec3{0, 0, -1}, sf)
	eye := sim.Vec3{10, 1.5, 5}
	s := modelObjects(t, []*sim.Model{q}, []sim.Vec3{eye.Add(sim.Vec3{0, 0, 2})})
	cam := sim.Camera{Position: eye, FOV: 90, Width: 100, Height: 100}
	_, f := renderScene(t, s, flatLight, cam)
	writeLook(t, "checker_quad", f.RGB)
	inst, _ := f.Instance("CounterTop|0")
	checked := 0
	for y := 0; y < 100; y++ {
		for x := 0; x < 100; x++ {
			X, Y := (float64(x)-49.5)*2/50, -(float64(y)-49.5)*2/50
			if math.Abs(X) > 0.98 || math.Abs(Y) > 0.98 {
				continue
			}
			want, d := checkerAt((X+1)/2, (Y+1)/2, cells, red, blue)
			i := y*100 + x
			if f.IDs[i] != inst || math.Abs(float64(f.Depth[i])-2) > 1e-6 {
				t.Fatalf("pixel (%d,%d): id %d depth %g, want the quad at 2", x, y, f.IDs[i], f.Depth[i])
			}
			if d < 1.5/64 {
				continue
			}
			checked++
			if c := pixelRGB(f, x, y); !near3(c, want, 0) {
				t.Fatalf("pixel (%d,%d) uv (%.3f,%.3f): colour %v, want %v", x, y, (X+1)/2, (Y+1)/2, c, want)
			}
		}
	}
	if checked < 800 {
		t.Fatalf("only %d pixels checked", checked)
	}
}

// TestPerspectiveCorrectUV looks along a floor-like tilted quad (depth 1 to
// 4): colours follow the perspective-correct UVs, at many pixels where
// screen-affine interpolation would pick the other checker cell.
func TestPerspectiveCorrectUV(t *testing.T) {
	const cells = 4
	tex := checkerTexture(256, cells, red, blue)
	sf := &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: tex}
	// World offsets from the object position (= eye): y = -1, z from 1 to 4.
	p := [4]sim.Vec3{{-1, -1, 1}, {1, -1, 1}, {1, -1, 4}, {-1, -1, 4}}
	uv := [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	q := quadModel(p, uv, sim.Vec3{0, 1, 0}, sf)
	eye := sim.Vec3{10, 1.5, 5}
	s := modelObjects(t, []*sim.Model{q}, []sim.Vec3{eye})
	cam := sim.Camera{Position: eye, FOV: 90, Width: 200, Height: 200}
	_, f := renderScene(t, s, flatLight, cam)
	writeLook(t, "perspective_quad", f.RGB)
	fl := cam.Focal()
	cx, cy := cam.Principal()
	proj := func(q sim.Vec3) [2]float64 { return [2]float64{cx + fl*q[0]/q[2], cy - fl*q[1]/q[2]} }
	var sp [4][2]float64
	for i := range p {
		sp[i] = proj(p[i])
	}
	checked, distinguishing := 0, 0
	for y := int(cy) + 1; y < 200; y++ {
		for x := 0; x < 200; x++ {
			tt := fl / (float64(y) - cy) // ray hits y = -1 at depth tt
			X := tt * (float64(x) - cx) / fl
			u, v := (X+1)/2, (tt-1)/3
			if u < 0.06 || u > 0.94 || v < 0.03 || v > 0.6 {
				continue // wrap-around filtering near the edges; coarse mip levels far away
			}
			want, d := checkerAt(u, v, cells, red, blue)
			if d < 0.04 {
				continue
			}
			// Screen-affine UV in the triangle (0,1,2) or (0,2,3) holding the pixel.
			au, av := affineUV(sp, uv, float64(x), float64(y))
			aff, _ := checkerAt(au, av, cells, red, blue)
			checked++
			c := pixelRGB(f, x, y)
			if !near3(c, want, 2) {
				t.Fatalf("pixel (%d,%d) uv (%.3f,%.3f): colour %v, want %v", x, y, u, v, c, want)
			}
			if aff != want {
				distinguishing++
			}
		}
	}
	t.Logf("%d pixels checked, %d where affine interpolation gives the other cell", checked, distinguishing)
	if checked < 2000 || distinguishing < 300 {
		t.Fatalf("too few pixels: %d checked, %d distinguishing", checked, distinguishing)
	}
}

// affineUV interpolates UVs linearly in screen space over the quad's two triangles.
func affineUV(sp [4][2]float64, uv [4][2]float32, x, y float64) (float64, float64) {
	for _, tri := range [][3]int{{0, 1, 2}, {0, 2, 3}} {
		a, b, c := sp[tri[0]], sp[tri[1]], sp[tri[2]]
		den := (b[1]-c[1])*(a[0]-c[0]) + (c[0]-b[0])*(a[1]-c[1])
		l0 := ((b[1]-c[1])*(x-c[0]) + (c[0]-b[0])*(y-c[1])) / den
		l1 := ((c[1]-a[1])*(x-c[0]) + (a[0]-c[0])*(y-c[1])) / den
		l2 := 1 - l0 - l1
		if l0 >= -1e-9 && l1 >= -1e-9 && l2 >= -1e-9 {
			u := l0*float64(uv[tri[0]][0]) + l1*float64(uv[tri[1]][0]) + l2*float64(uv[tri[2]][0])
			v := l0*float64(uv[tri[0]][1]) + l1*float64(uv[tri[1]][1]) + l2*float64(uv[tri[2]][1])
			return u, v
		}
	}
	return math.NaN(), math.NaN()
}

// levelTexture is a 64×64 texture whose mip levels are solid colours:
// level k has colour cols[k].
func levelTexture(cols []color.NRGBA) *sim.Texture {
	tx := &sim.Texture{Hash: "levels"}
	for k, n := 0, 64; n >= 1; k, n = k+1, n/2 {
		img := image.NewNRGBA(image.Rect(0, 0, n, n))
		for i := 0; i < n*n; i++ {
			c := cols[min(k, len(cols)-1)]
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = c.R, c.G, c.B, c.A
		}
		tx.Levels = append(tx.Levels, img)
	}
	return tx
}

// TestMipSelection checks that minification picks coarser levels: directly
// from UV derivatives, and in a render of a quad covering 64 texels on 16
// pixels (4 texels per pixel → level 2).
func TestMipSelection(t *testing.T) {
	cols := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255}, {9, 9, 9, 255}}
	tx := levelTexture(cols)
	for _, tc := range []struct {
		texelsPerPixel float64
		level          int
	}{{0.5, 0}, {1, 0}, {1.3, 0}, {2, 1}, {4, 2}, {8.5, 3}, {1000, 6}} {
		d := tc.texelsPerPixel / 64
		r, g, b := sampleTexture(tx, 0.3, 0.4, d, 0, 0, d*0.3, false)
		want := cols[tc.level]
		if quant(r) != want.R || quant(g) != want.G || quant(b) != want.B {
			t.Errorf("%g texels/pixel: colour (%d,%d,%d), want level %d %v", tc.texelsPerPixel, quant(r), quant(g), quant(b), tc.level, want)
		}
	}
	// Trilinear blends the two nearest levels: 2.83 texels/pixel is level 1.5.
	r, g, _ := sampleTexture(tx, 0.3, 0.4, 2.83/64, 0, 0, 0, true)
	if math.Abs(r-0) > 0.02 || math.Abs(g-0.5) > 0.02 {
		t.Errorf("trilinear at lod 1.5: r %.3f g %.3f, want 0 and 0.5", r, g)
	}
	// Render: the quad is 0.5 m wide at depth 2 on a 64-pixel, 90° view
	// (f = 32): 8 pixels for 64 texels = 8 texels/pixel → level 3.
	sf := &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: tx}
	q := quadModel([4]sim.Vec3{{-0.25, -0.25, 0}, {0.25, -0.25, 0}, {0.25, 0.25, 0}, {-0.25, 0.25, 0}},
		[4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, sim.Vec3{0, 0, -1}, sf)
	eye := sim.Vec3{10, 1.5, 5}
	for _, tc := range []struct {
		depth float64
		level int
	}{{0.25, 0}, {0.5, 1}, {1, 2}, {2, 3}} {
		s := modelObjects(t, []*sim.Model{q}, []sim.Vec3{eye.Add(sim.Vec3{0, 0, tc.depth})})
		r, err := New(s, flatLight)
		if err != nil {
			t.Fatal(err)
		}
		f, err := r.Render(sim.Camera{Position: eye, FOV: 90, Width: 64, Height: 64})
		if err != nil {
			t.Fatal(err)
		}
		if c := pixelRGB(f, 32, 32); !near3(c, cols[tc.level], 0) {
			t.Errorf("quad at depth %g (%g texels/pixel): centre colour %v, want level %d %v", tc.depth, 64/(0.5*32/tc.depth), c, tc.level, cols[tc.level])
		}
	}
}

// TestCutoutShowsBehind puts a quad whose texture is transparent on its left
// half in front of a solid quad: on the left the pixels show the back quad's
// colour, id and depth; on the right the front quad's.
func TestCutoutShowsBehind(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			a := uint8(255)
			if x < 32 {
				a = 0
			}
			img.SetNRGBA(x, y, color.NRGBA{200, 30, 30, a})
		}
	}
	front := &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: makeTexture(img), Cutout: true}
	back := &sim.Surface{Color: sim.RGB{R: 0.1, G: 0.2, B: 0.8}}
	corners := [4]sim.Vec3{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}
	uv := [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	qf := quadModel(corners, uv, sim.Vec3{0, 0, -1}, front)
	qb := quadModel([4]sim.Vec3{{-1.5, -1.5, 0}, {1.5, -1.5, 0}, {1.5, 1.5, 0}, {-1.5, 1.5, 0}}, uv, sim.Vec3{0, 0, -1}, back)
	eye := sim.Vec3{10, 1.5, 5}
	s := modelObjects(t, []*sim.Model{qf, qb}, []sim.Vec3{eye.Add(sim.Vec3{0, 0, 2}), eye.Add(sim.Vec3{0, 0, 2.5})})
	for _, o := range []Options{flatLight, {Workers: 2, Ambient: 1, Diffuse: 1e-300, RoomLight: -1, NoShadows: true}} {
		r, err := New(s, o)
		if err != nil {
			t.Fatal(err)
		}
		cam := sim.Camera{Position: eye, FOV: 90, Width: 100, Height: 100}
		f, err := r.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		writeLook(t, "cutout", f.RGB)
		fi, _ := f.Instance("CounterTop|0")
		bi, _ := f.Instance("CounterTop|1")
		for _, y := range []int{40, 50, 60} {
			for _, x := range []int{30, 40, 60, 70} {
				i := y*100 + x
				X := (float64(x) - 49.5) * 2 / 50 // on the front quad's plane
				if X < -0.05 {                    // hole: the back quad at depth 2.5
					if f.IDs[i] != bi || math.Abs(float64(f.Depth[i])-2.5) > 1e-6 || !near3(pixelRGB(f, x, y), color.NRGBA{quant(0.1), quant(0.2), quant(0.8), 255}, 0) {
						t.Fatalf("hole pixel (%d,%d): id %d depth %g colour %v, want the back quad", x, y, f.IDs[i], f.Depth[i], pixelRGB(f, x, y))
					}
				} else if X > 0.05 {
					if f.IDs[i] != fi || math.Abs(float64(f.Depth[i])-2) > 1e-6 || !near3(pixelRGB(f, x, y), color.NRGBA{200, 30, 30, 255}, 0) {
						t.Fatalf("solid pixel (%d,%d): id %d depth %g colour %v, want the front quad", x, y, f.IDs[i], f.Depth[i], pixelRGB(f, x, y))
					}
				}
			}
		}
		// The ray caster applies the same rule.
		for _, x := range []float64{30, 70} {
			h, ok := s.Raycast(cam, x, 50)
			want := "CounterTop|1"
			if x > 50 {
				want = "CounterTop|0"
			}
			if !ok || h.ID != want {
				t.Errorf("ray cast at (%g, 50): %q, want %q", x, h.ID, want)
			}
		}
	}
}

// TestTwoSided draws a two-sided quad seen from its back (and flips its
// normal towards the viewer: it is lit like its front), and checks that a
// one-sided triangle seen from its back is not set up.
func TestTwoSided(t *testing.T) {
	sf := &sim.Surface{Color: sim.RGB{R: 0.8, G: 0.8, B: 0.8}}
	corners := [4]sim.Vec3{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}
	uv := [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	eye := sim.Vec3{10, 1.5, 5}
	opts := Options{Workers: 1, Ambient: 0.2, Diffuse: 0.6, LightDir: sim.Vec3{0, 0, -1}, RoomLight: -1, NoShadows: true, AntiAlias: AAOff}
	var cols [2][3]uint8
	for k, n := range []sim.Vec3{{0, 0, -1}, {0, 0, 1}} { // front towards the camera, then away
		q := quadModel(corners, uv, n, sf)
		s := modelObjects(t, []*sim.Model{q}, []sim.Vec3{eye.Add(sim.Vec3{0, 0, 2})})
		r, err := New(s, opts)
		if err != nil {
			t.Fatal(err)
		}
		f, err := r.Render(sim.Camera{Position: eye, FOV: 90, Width: 40, Height: 40})
		if err != nil {
			t.Fatal(err)
		}
		inst, _ := f.Instance("CounterTop|0")
		if f.IDs[20*40+20] != inst || math.Abs(float64(f.Depth[20*40+20])-2) > 1e-6 {
			t.Fatalf("normal %v: centre id %d depth %g, want the quad at 2", n, f.IDs[20*40+20], f.Depth[20*40+20])
		}
		cols[k] = pixelRGB(f, 20, 20)
	}
	if cols[0] != cols[1] || cols[0][0] != quant(0.8*0.8) {
		t.Errorf("front colour %v, back colour %v, want both %d", cols[0], cols[1], quant(0.8*0.8))
	}
	// One-sided vs two-sided set-up of a triangle seen from its back.
	v := newView(sim.Camera{Position: eye, FOV: 90, Width: 40, Height: 40}, 1, DefaultNear)
	tri := sim.Triangle{V: [3]sim.Vec3{eye.Add(sim.Vec3{-1, -1, 2}), eye.Add(sim.Vec3{1, 1, 2}), eye.Add(sim.Vec3{1, -1, 2})}, Shade: 1}
	if tri.Normal().Dot(sim.Vec3{0, 0, -1}) > 0 {
		tri.V[1], tri.V[2] = tri.V[2], tri.V[1]
	}
	var s1, s2 triSetup
	setupTri(&v, &tri, false, &s1)
	setupTri(&v, &tri, true, &s2)
	if s1.ok || !s2.ok || !s2.back {
		t.Fatalf("back face: one-sided ok=%v, two-sided ok=%v back=%v; want false, true, true", s1.ok, s2.ok, s2.back)
	}
}

// roomLightOnly renders cam in an empty 12 m room lit by its room light
// and an ambient term amb only (no window light, shadows or anti-aliasing),
// and returns the scene, the light's position and the frame.
func roomLightOnly(t *testing.T, amb float64, cam sim.Camera) (*sim.Scene, sim.Vec3, *Frame) {
	t.Helper()
	s, err := sim.NewScene(bigRoom(t, 12))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(s, Options{Workers: 1, Ambient: amb, Diffuse: 1e-300, NoShadows: true, AntiAlias: AAOff})
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	return s, r.lights[0].pos, f
}

// pixelPoint returns the world point seen at the centre of pixel (x, y) of
// frame f rendered from cam, from its planar depth.
func pixelPoint(cam sim.Camera, f *Frame, x, y int) sim.Vec3 {
	o, d := cam.Ray(float64(x), float64(y))
	_, _, fw := cam.Basis()
	return o.Add(d.Mul(float64(f.Depth[y*f.Width+x]) / d.Dot(fw)))
}

// TestRoomLightFalloff looks down at an empty floor: without shadows or
// other light, every floor pixel is floor colour × (ambient + room light ×
// cos θ / (1 + d²/R²)) with the light above the room centre, so brightness
// falls with distance from the point below the light.
func TestRoomLightFalloff(t *testing.T) {
	const amb = 0.05
	cam := sim.Camera{Position: sim.Vec3{6, 1.6, 2}, Horizon: 50, FOV: 90, Width: 120, Height: 120}
	s, L, f := roomLightOnly(t, amb, cam)
	if math.Abs(L[0]-6) > 1e-9 || math.Abs(L[2]-6) > 1e-9 || math.Abs(L[1]-(2.5-RoomLightDrop)) > 1e-9 {
		t.Fatalf("light at %v, want (6, %g, 6)", L, 2.5-RoomLightDrop)
	}
	writeLook(t, "falloff", f.RGB)
	floor, _ := f.Instance("floor|room|1")
	fc := s.Rooms[0].Floor
	var profile []uint8
	checked := 0
	for y := 0; y < 120; y++ {
		for x := 0; x < 120; x++ {
			i := y*120 + x
			if f.IDs[i] != floor {
				continue
			}
			p := pixelPoint(cam, f, x, y)
			dl := L.Sub(p)
			dist := dl.Len()
			k := DefaultRoomLight * (dl[1] / dist) / (1 + dist*dist/(RoomLightFalloff*RoomLightFalloff))
			want := quant(fc.R * (amb + k*RoomLightColor[0]))
			got := pixelRGB(f, x, y)[0]
			if d := int(got) - int(want); d < -1 || d > 1 {
				t.Fatalf("floor pixel (%d,%d) at %.2f m from the light: red %d, want %d", x, y, dist, got, want)
			}
			checked++
			if x == 60 {
				profile = append(profile, got)
			}
		}
	}
	if checked < 5000 {
		t.Fatalf("only %d floor pixels", checked)
	}
	// Brightness falls along the column from the point below the light
	// towards the camera (farther from the light).
	_, v0, _, ok := cam.Project(sim.Vec3{6, 0, 6})
	if !ok || len(profile) < 20 {
		t.Fatalf("light foot not in view")
	}
	below := pixelRGB(f, 60, int(math.Round(v0)))[0]
	far := pixelRGB(f, 60, 119)[0]
	t.Logf("red below the light %d, at the bottom row %d", below, far)
	if below <= far+20 {
		t.Errorf("no falloff: %d below the light, %d farther away", below, far)
	}
}

// TestCeilingBounce looks up at an empty room's ceiling: without shadows,
// every ceiling pixel is ceiling colour × (ambient + room light × warm ×
// (cos θ + BounceFraction) / (1 + d²/R²)), the ceiling facing straight down
// (so its bounce factor −n_y is 1) and the light hanging below it; on most
// of the ceiling the bounce is worth more than 3 levels, so that a renderer
// without it fails. The ceiling lamp's diffuser over the light shows its
// colour exactly, whatever the light (Surface.Emissive).
func TestCeilingBounce(t *testing.T) {
	const amb = 0.05
	cam := sim.Camera{Position: sim.Vec3{6, 1.6, 1}, Horizon: -50, FOV: 90, Width: 120, Height: 120}
	_, L, f := roomLightOnly(t, amb, cam)
	writeLook(t, "ceiling_bounce", f.RGB)
	ceil, ok := f.Instance("ceiling|room|1")
	if !ok {
		t.Fatal("no ceiling in view")
	}
	const cc = 0.92 // the ceiling's colour (red), sim's default
	lc := sim.CeilingLampSurface.Color
	lamp := [3]uint8{quant(lc.R), quant(lc.G), quant(lc.B)}
	checked, bounced, glowing := 0, 0, 0
	for y := 0; y < 120; y++ {
		for x := 0; x < 120; x++ {
			i := y*120 + x
			if f.IDs[i] != ceil {
				continue
			}
			p := pixelPoint(cam, f, x, y)
			if math.Abs(p[1]-2.5) > 1e-6 {
				t.Fatalf("ceiling pixel (%d,%d) at height %.4f", x, y, p[1])
			}
			// The ceiling lamp over the light: its diffuser shows its
			// colour as is (a 1 cm margin for the pixel's footprint); the
			// frame round it is left out.
			if off := math.Max(math.Abs(p[0]-L[0]), math.Abs(p[2]-L[2])); off < sim.CeilingLampSize/2+0.01 {
				if off < sim.CeilingLampSize/2-sim.CeilingLampRim-0.01 {
					if got := pixelRGB(f, x, y); got != lamp {
						t.Fatalf("lamp pixel (%d,%d): %v, want %v", x, y, got, lamp)
					}
					glowing++
				}
				continue
			}
			dl := L.Sub(p)
			dist := dl.Len()
			fall := DefaultRoomLight / (1 + dist*dist/(RoomLightFalloff*RoomLightFalloff))
			cos := -dl[1] / dist // n = (0, -1, 0)
			want := quant(cc * (amb + fall*(cos+BounceFraction)*RoomLightColor[0]))
			got := pixelRGB(f, x, y)[0]
			if d := int(got) - int(want); d < -1 || d > 1 {
				t.Fatalf("ceiling pixel (%d,%d) at %.2f m from the light: red %d, want %d", x, y, dist, got, want)
			}
			if int(want)-int(quant(cc*(amb+fall*cos*RoomLightColor[0]))) > 3 {
				bounced++
			}
			checked++
		}
	}
	if checked < 3000 || glowing < 8 {
		t.Fatalf("only %d ceiling pixels, %d of the lamp's diffuser", checked, glowing)
	}
	t.Logf("%d ceiling pixels, %d of them more than 3 levels brighter for the bounce", checked, bounced)
	if bounced < checked/2 {
		t.Errorf("the bounce is worth more than 3 levels on only %d of %d ceiling pixels", bounced, checked)
	}
}

// TestShadowBelowObject floats a box above the floor under the room light:
// floor points whose segment to the light crosses the box are darker than
// without shadows, and floor points whose segment clearly misses it are
// unchanged.
func TestShadowBelowObject(t *testing.T) {
	h := bigRoom(t, 8)
	va := sim.DefaultCatalog().Type("CounterTop").Variants[0]
	h.Objects = []sim.HouseObject{{AssetID: va.AssetID, ID: "CounterTop|0", Position: sim.XYZ{X: 4.3, Y: 1.2, Z: 4.2}}}
	s, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	o := s.Objects[0]
	o.Position = sim.Vec3{4.3, 1.2, 4.2}
	o.Size = sim.Vec3{0.5, 0.3, 0.4}
	cam := sim.Camera{Position: sim.Vec3{4, 2.0, 1.5}, Horizon: 55, FOV: 90, Width: 160, Height: 160}
	var frames [2]*Frame
	var lightPos sim.Vec3
	for k, noSh := range []bool{true, false} {
		r, f := renderScene(t, s, Options{Workers: 2, NoShadows: noSh, AntiAlias: AAOff}, cam)
		frames[k] = f
		lightPos = r.lights[0].pos
	}
	writeLook(t, "shadow_below", frames[1].RGB)
	f := frames[1]
	floor, _ := f.Instance("floor|room|1")
	box := o.AABB()
	grow := func(b sim.AABB, d float64) sim.AABB {
		return sim.AABB{Min: b.Min.Sub(sim.Vec3{d, d, d}), Max: b.Max.Add(sim.Vec3{d, d, d})}
	}
	inner, outer := grow(box, -0.04), grow(box, 0.04)
	shadowed, lit := 0, 0
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			i := y*f.Width + x
			if f.IDs[i] != floor {
				continue
			}
			p := pixelPoint(cam, f, x, y)
			seg := lightPos.Sub(p)
			a, b := pixelRGB(frames[0], x, y), pixelRGB(f, x, y)
			switch {
			case segmentHitsBox(p, seg, inner):
				if int(b[0]) > int(a[0])-20 {
					t.Fatalf("floor (%.2f, %.2f) in the box's shadow: red %d with shadows, %d without", p[0], p[2], b[0], a[0])
				}
				shadowed++
			case !segmentHitsBox(p, seg, outer):
				if a != b {
					t.Fatalf("floor (%.2f, %.2f) out of the shadow: colour %v with shadows, %v without", p[0], p[2], b, a)
				}
				lit++
			}
		}
	}
	t.Logf("%d shadowed floor pixels, %d lit", shadowed, lit)
	if shadowed < 200 || lit < 5000 {
		t.Fatalf("too few pixels: %d shadowed, %d lit", shadowed, lit)
	}
}

// segmentHitsBox reports whether p + t·d, t in [0, 1], meets box b.
func segmentHitsBox(p, d sim.Vec3, b sim.AABB) bool {
	t0, t1 := 0.0, 1.0
	for k := 0; k < 3; k++ {
		if d[k] == 0 {
			if p[k] < b.Min[k] || p[k] > b.Max[k] {
				return false
			}
			continue
		}
		ta, tb := (b.Min[k]-p[k])/d[k], (b.Max[k]-p[k])/d[k]
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = math.Max(t0, ta), math.Min(t1, tb)
		if t0 > t1 {
			return false
		}
	}
	return true
}

// TestModelCrossCheck compares ids and depths of textured model scenes
// (two-sided, LOD) with sim.Raycast at random pixel centres: at full detail
// they must agree like primitives do; with automatic LOD the agreement rate
// is reported.
func TestModelCrossCheck(t *testing.T) {
	for _, full := range []bool{true, false} {
		var total, agree int
		for si := 0; si < 6; si++ {
			s := modelScene(t, uint64(300+si), 25, 32)
			r, err := New(s, Options{Workers: 2, LevelOfDetail: !full})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(si), 11))
			for ci := 0; ci < 4; ci++ {
				cam := randomCamera(s, rng, 400, 300)
				f, err := r.Render(cam)
				if err != nil {
					t.Fatal(err)
				}
				for p := 0; p < 300; p++ {
					x, y := rng.IntN(cam.Width), rng.IntN(cam.Height)
					i := y*cam.Width + x
					h, ok := s.Raycast(cam, float64(x), float64(y))
					if !ok {
						h.ID, h.Depth = "", 0
					}
					total++
					if f.IDTable[f.IDs[i]] == h.ID && math.Abs(float64(f.Depth[i])-h.Depth) <= 1e-4*h.Depth {
						agree++
					}
				}
			}
		}
		rate := float64(agree) / float64(total)
		t.Logf("full detail %v: ids and depths agree with sim.Raycast at %d of %d pixels (%.3f%%)", full, agree, total, 100*rate)
		if full && rate < 0.999 {
			t.Errorf("full-detail agreement %.4f%% below 99.9%%", 100*rate)
		}
	}
}

func TestFastLog2(t *testing.T) {
	for x := 1.0; x < 1e6; x *= 1.0137 {
		if d := math.Abs(fastLog2(x) - math.Log2(x)); d > 0.01 {
			t.Fatalf("fastLog2(%g) = %g, log2 %g", x, fastLog2(x), math.Log2(x))
		}
	}
	for k := 0; k < 20; k++ {
		if fastLog2(math.Ldexp(1, k)) != float64(k) {
			t.Fatalf("fastLog2(2^%d) = %g", k, fastLog2(math.Ldexp(1, k)))
		}
	}
}

// TestCutoutOrientation cuts out the top half of a texture image (v > 0.5,
// v up as in OBJ): on a quad with v growing upwards on screen the upper half
// is a hole and the lower half shows the texture's colour, so alpha and
// colour are read from the same rows.
func TestCutoutOrientation(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			c := color.NRGBA{20, 180, 40, 255} // bottom rows of the image: v < 0.5
			if y < 32 {
				c = color.NRGBA{250, 0, 250, 0}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	front := &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: makeTexture(img), Cutout: true}
	corners := [4]sim.Vec3{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}}
	uv := [4][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	eye := sim.Vec3{10, 1.5, 5}
	s := modelObjects(t, []*sim.Model{quadModel(corners, uv, sim.Vec3{0, 0, -1}, front)}, []sim.Vec3{eye.Add(sim.Vec3{0, 0, 2})})
	r, err := New(s, flatLight)
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Render(sim.Camera{Position: eye, FOV: 90, Width: 100, Height: 100})
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := f.Instance("CounterTop|0")
	for _, y := range []int{30, 40, 60, 70} { // quad rows span 25..74; upper half above row 49.5
		i := y*100 + 50
		if y < 50 && f.IDs[i] == inst {
			t.Errorf("row %d (upper half, v > 0.5) is not a hole", y)
		}
		if y >= 50 && (f.IDs[i] != inst || !near3(pixelRGB(f, 50, y), color.NRGBA{20, 180, 40, 255}, 0)) {
			t.Errorf("row %d (lower half): id %d colour %v, want the quad in green", y, f.IDs[i], pixelRGB(f, 50, y))
		}
	}
}

// renderScene builds a renderer for s with opts and renders cam.
func renderScene(t testing.TB, s *sim.Scene, opts Options, cam sim.Camera) (*Renderer, *Frame) {
	t.Helper()
	r, err := New(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	return r, f
}
