package sim

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// Synthetic models for the ray-caster tests. Every model spans
// [-Size/2, Size/2] in its frame, as Model requires.

// sphereModel is a UV sphere of the given rings and segments
// (2·rings·segs − 2·segs triangles), radius 0.5·size per axis, with a radial
// jitter (0 for a smooth sphere) and consistent outward winding.
func sphereModel(rng *rand.Rand, rings, segs int, jitter float64) *Model {
	var l ModelLevel
	idx := func(r, s int) uint32 { return uint32(r*(segs+1) + s) }
	for r := 0; r <= rings; r++ {
		for s := 0; s <= segs; s++ {
			st, ct := math.Sincos(math.Pi * float64(r) / float64(rings))
			sp, cp := math.Sincos(2 * math.Pi * float64(s%segs) / float64(segs))
			rad := 0.5
			if jitter > 0 && r > 0 && r < rings && s < segs {
				rad *= 1 - jitter*rng.Float64()
			}
			p := Vec3{rad * st * cp, rad * ct, rad * st * sp}
			l.Pos = append(l.Pos, p)
			l.Normal = append(l.Normal, p.Normalize())
			l.UV = append(l.UV, [2]float32{float32(s) / float32(segs), float32(r) / float32(rings)})
		}
	}
	// Seam and pole vertices are duplicated by index but equal in position
	// only when the jitter spares them; re-point the seam to column 0.
	for r := 0; r <= rings; r++ {
		l.Pos[idx(r, segs)] = l.Pos[idx(r, 0)]
	}
	for r := 0; r < rings; r++ {
		for s := 0; s < segs; s++ {
			a, b, c, d := idx(r, s), idx(r, s+1), idx(r+1, s+1), idx(r+1, s)
			if r > 0 {
				l.Tris = append(l.Tris, ModelTri{V: [3]uint32{a, c, b}})
			}
			if r < rings-1 {
				l.Tris = append(l.Tris, ModelTri{V: [3]uint32{a, d, c}})
			}
		}
	}
	return &Model{Key: "test#sphere", Size: Vec3{1, 1, 1}, Surfaces: []*Surface{{Name: "plain", Color: RGB{0.5, 0.5, 0.5}}}, Levels: []ModelLevel{l}}
}

// soupModel is a random triangle soup inside the unit box with random
// winding, some exact duplicates (ties inside a mesh) and triangles on a
// coarse grid so that rays aimed at shared vertices and edges meet several
// triangles at the same t.
func soupModel(rng *rand.Rand, n int) *Model {
	var l ModelLevel
	grid := func() float64 { return float64(rng.IntN(5))/4 - 0.5 }
	add := func(p [3]Vec3) {
		base := uint32(len(l.Pos))
		for _, v := range p {
			l.Pos = append(l.Pos, v)
			l.Normal = append(l.Normal, Vec3{0, 1, 0})
			l.UV = append(l.UV, [2]float32{float32(v[0]), float32(v[2])})
		}
		l.Tris = append(l.Tris, ModelTri{V: [3]uint32{base, base + 1, base + 2}})
	}
	for len(l.Tris) < n {
		var p [3]Vec3
		switch rng.IntN(4) {
		case 0: // a grid-aligned triangle fan piece
			c := Vec3{grid(), grid(), grid()}
			for k := range p {
				p[k] = c
			}
			ax := rng.IntN(3)
			p[1][(ax+1)%3] += 0.25
			p[2][(ax+2)%3] += 0.25
			for k := range p {
				for a := 0; a < 3; a++ {
					p[k][a] = math.Max(-0.5, math.Min(0.5, p[k][a]))
				}
			}
		default:
			c := Vec3{rng.Float64() - 0.5, rng.Float64() - 0.5, rng.Float64() - 0.5}
			for k := range p {
				for a := 0; a < 3; a++ {
					p[k][a] = math.Max(-0.5, math.Min(0.5, c[a]+0.3*(rng.Float64()-0.5)))
				}
			}
		}
		if rng.IntN(2) == 0 {
			p[1], p[2] = p[2], p[1]
		}
		add(p)
		if rng.IntN(10) == 0 && len(l.Tris) < n {
			add(p) // an exact duplicate
		}
	}
	// Make it span the unit box exactly (corners of two tiny triangles).
	add([3]Vec3{{-0.5, -0.5, -0.5}, {-0.49, -0.5, -0.5}, {-0.5, -0.49, -0.5}})
	add([3]Vec3{{0.5, 0.5, 0.5}, {0.49, 0.5, 0.5}, {0.5, 0.49, 0.5}})
	return &Model{Key: "test#soup", Size: Vec3{1, 1, 1}, Surfaces: []*Surface{{Name: "plain"}}, Levels: []ModelLevel{l}}
}

// checkerTexture is an n×n texture whose alpha alternates per texel.
func checkerTexture(n int) *Texture {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			i := y*img.Stride + 4*x
			img.Pix[i], img.Pix[i+1], img.Pix[i+2] = 40, 160, 40
			if (x+y)%2 == 0 {
				img.Pix[i+3] = 255
			}
		}
	}
	return &Texture{Hash: fmt.Sprintf("checker%d", n), Levels: []*image.NRGBA{img}}
}

// cutoutModel is a stack of horizontal and vertical quads (two triangles
// each) on a cut-out checker surface, plus a solid plain floor quad, all
// spanning the unit box: rays pass through the transparent texels.
func cutoutModel(rng *rand.Rand) *Model {
	var l ModelLevel
	quad := func(a, b, c, d Vec3, uvs [4][2]float32, surf uint16) {
		base := uint32(len(l.Pos))
		for i, v := range [4]Vec3{a, b, c, d} {
			l.Pos = append(l.Pos, v)
			l.Normal = append(l.Normal, Vec3{0, 1, 0})
			l.UV = append(l.UV, uvs[i])
		}
		l.Tris = append(l.Tris, ModelTri{V: [3]uint32{base, base + 1, base + 2}, Surface: surf},
			ModelTri{V: [3]uint32{base, base + 2, base + 3}, Surface: surf})
	}
	rep := float32(1 + rng.IntN(3))
	uvs := [4][2]float32{{0, 0}, {rep, 0}, {rep, rep}, {0, rep}}
	for k := 0; k < 5; k++ {
		y := -0.5 + 0.25*float64(k)
		quad(Vec3{-0.5, y, -0.5}, Vec3{0.5, y, -0.5}, Vec3{0.5, y, 0.5}, Vec3{-0.5, y, 0.5}, uvs, 0)
		z := -0.5 + 0.25*float64(k)
		quad(Vec3{-0.5, -0.5, z}, Vec3{0.5, -0.5, z}, Vec3{0.5, 0.5, z}, Vec3{-0.5, 0.5, z}, uvs, 0)
	}
	quad(Vec3{-0.5, -0.5, -0.5}, Vec3{-0.5, -0.5, 0.5}, Vec3{0.5, -0.5, 0.5}, Vec3{0.5, -0.5, -0.5}, uvs, 1)
	return &Model{Key: "test#cutout", Size: Vec3{1, 1, 1},
		Surfaces: []*Surface{{Name: "leaves", Texture: checkerTexture(8), Cutout: true}, {Name: "base"}},
		Levels:   []ModelLevel{l}}
}

// dressScene gives about half of the scene's objects one of the models,
// sometimes a copy of another object's pose and model (exact ties between
// meshes), and returns the triangles' world vertices to aim rays at.
func dressScene(s *Scene, rng *rand.Rand, models []*Model) {
	for i, o := range s.Objects {
		switch {
		case rng.IntN(2) == 0:
			o.Model = models[rng.IntN(len(models))]
		case i > 0 && rng.IntN(8) == 0:
			src := s.Objects[rng.IntN(i)]
			if src.Model != nil {
				o.Position, o.Yaw, o.Size, o.Model = src.Position, src.Yaw, src.Size, src.Model
			}
		}
	}
}

// aimPoints returns points on model triangles: vertices, edge midpoints and
// interior points.
func aimPoints(s *Scene, rng *rand.Rand, n int) []Vec3 {
	var withModel []*Object
	for _, o := range s.Objects {
		if o.Model != nil {
			withModel = append(withModel, o)
		}
	}
	var out []Vec3
	for len(out) < n && len(withModel) > 0 {
		m := ObjectMesh(withModel[rng.IntN(len(withModel))])
		tr := m.Tris[rng.IntN(len(m.Tris))]
		switch rng.IntN(3) {
		case 0:
			out = append(out, tr.V[rng.IntN(3)])
		case 1:
			k := rng.IntN(3)
			out = append(out, tr.V[k].Add(tr.V[(k+1)%3]).Mul(0.5))
		default:
			a, b := rng.Float64(), rng.Float64()
			if a+b > 1 {
				a, b = 1-a, 1-b
			}
			out = append(out, tr.V[0].Add(tr.V[1].Sub(tr.V[0]).Mul(a)).Add(tr.V[2].Sub(tr.V[0]).Mul(b)))
		}
	}
	return out
}

func testModels(rng *rand.Rand) []*Model {
	return []*Model{
		sphereModel(rng, 50, 51, 0),       // 5,000 triangles
		sphereModel(rng, 12, 16, 0.3),     // a lumpy closed-ish mesh
		soupModel(rng, 400+rng.IntN(800)), // random soup with duplicates and grid ties
		cutoutModel(rng),
		{Key: "test#tiny", Size: Vec3{1, 1, 1}, Levels: []ModelLevel{{ // below bvhMinTris: no tree
			Pos:  []Vec3{{-0.5, -0.5, -0.5}, {0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}, {-0.5, 0.5, 0.5}},
			Tris: []ModelTri{{V: [3]uint32{0, 1, 2}}, {V: [3]uint32{0, 2, 3}}}}}},
	}
}

// TestCastBVHMatchesOrderedLoop: the BVH caster returns exactly the hit of
// the ordered brute-force loop (same mesh, triangle, t, barycentrics) on
// every ray of many generated scenes with model-bearing objects.
func TestCastBVHMatchesOrderedLoop(t *testing.T) {
	scenes, rays := 24, 1200
	if testing.Short() {
		scenes, rays = 8, 800
	}
	var total, hits, modelHits, cutoutHits, backHits int
	for seed := uint64(0); seed < uint64(scenes); seed++ {
		s := fixtureScene(t, 100+seed)
		rng := rand.New(rand.NewPCG(seed, 77))
		dressScene(s, rng, testModels(rng))
		c := s.Caster()
		var world *Caster // world-frame trees for every mesh (NewCaster), checked on a few scenes
		if seed < 4 {
			world = NewCaster(append(objectMeshes(s), StructureMeshes(s)...))
		}
		meshes := map[string]Mesh{}
		aims := aimPoints(s, rng, rays/2)
		x0, z0, x1, z1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, r := range s.Rooms {
			a0, b0, a1, b1 := polygonBounds(r.Polygon)
			x0, z0, x1, z1 = math.Min(x0, a0), math.Min(z0, b0), math.Max(x1, a1), math.Max(z1, b1)
		}
		for k := 0; k < rays; k++ {
			o := Vec3{x0 + (x1-x0)*rng.Float64(), 0.05 + 2.3*rng.Float64(), z0 + (z1-z0)*rng.Float64()}
			var d Vec3
			if k < len(aims) {
				d = aims[k].Sub(o)
				if rng.IntN(4) == 0 { // axis-aligned components: parallel slabs
					d[rng.IntN(3)] = 0
				}
			} else {
				d = Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			}
			if d.Len() == 0 {
				continue
			}
			d = d.Mul(0.2 + 3*rng.Float64())
			got, gok := c.Cast(o, d)
			want, wok := c.castOrdered(o, d)
			total++
			if gok != wok || got != want {
				t.Fatalf("scene %d ray %d o=%v d=%v:\n BVH   %v %+v\n loop  %v %+v", seed, k, o, d, gok, got, wok, want)
			}
			if world != nil {
				if h, ok := world.Cast(o, d); ok != wok || h != want {
					t.Fatalf("scene %d ray %d: world-frame trees %v %+v, loop %v %+v", seed, k, ok, h, wok, want)
				}
			}
			if gok {
				hits++
				if ob := s.Object(got.ID); ob != nil && ob.Model != nil {
					modelHits++
					if got.Surface != nil && got.Surface.Cutout {
						cutoutHits++
					}
					m, ok := meshes[ob.ID]
					if !ok {
						m = ObjectMesh(ob)
						meshes[ob.ID] = m
					}
					if m.Tris[got.Tri].Normal().Dot(d) > 0 {
						backHits++
					}
				}
			}
		}
	}
	t.Logf("%d rays, %d hits (%d on models, %d on cut-out surfaces, %d back faces): BVH = ordered loop on all", total, hits, modelHits, cutoutHits, backHits)
	if modelHits < total/10 || cutoutHits == 0 || backHits == 0 {
		t.Fatalf("the rays exercised too little: %d model hits, %d cut-out hits, %d back-face hits of %d", modelHits, cutoutHits, backHits, total)
	}
}

// Many exactly coincident triangles overflow the candidate buffer; near-equal
// chains fall back to the ordered loop too. Both must still match it.
func TestCastTieChainsAndOverflow(t *testing.T) {
	var l ModelLevel
	// 40 copies of one quad (overflow), then a ladder of quads 0.6e-9 apart
	// relative to their distance (a tie chain), then a plain quad.
	quad := func(z float64) {
		base := uint32(len(l.Pos))
		l.Pos = append(l.Pos, Vec3{-0.5, -0.5, z}, Vec3{0.5, -0.5, z}, Vec3{0.5, 0.5, z}, Vec3{-0.5, 0.5, z})
		l.Tris = append(l.Tris, ModelTri{V: [3]uint32{base, base + 1, base + 2}}, ModelTri{V: [3]uint32{base, base + 2, base + 3}})
	}
	for k := 0; k < 40; k++ {
		quad(0)
	}
	for k := 0; k < 8; k++ {
		quad(-0.5 + 1e-9*float64(k%3))
	}
	quad(0.5)
	md := &Model{Size: Vec3{1, 1, 1}, Levels: []ModelLevel{l}}
	s, safe := boxRoom(t)
	safe.Model = md
	c := s.Caster()
	rng := rand.New(rand.NewPCG(1, 2))
	fb := castFallbacks.Load()
	for k := 0; k < 3000; k++ {
		o := Vec3{2 + 2*rng.Float64(), 0.1 + rng.Float64(), 1 + 0.5*rng.Float64()}
		if k%2 == 1 {
			o[2] = 5.5 + 0.4*rng.Float64()
		}
		target := safe.Position.Add(Vec3{safe.Size[0] * (rng.Float64() - 0.5), safe.Size[1] * (rng.Float64() - 0.5), 0})
		d := target.Sub(o)
		got, gok := c.Cast(o, d)
		want, wok := c.castOrdered(o, d)
		if gok != wok || got != want {
			t.Fatalf("ray %d: BVH %v %+v, loop %v %+v", k, gok, got, wok, want)
		}
	}
	if castFallbacks.Load() == fb {
		t.Fatal("no ray took the fallback")
	}
}

func TestCastTwoSidedAndCutout(t *testing.T) {
	s, safe := boxRoom(t)
	rng := rand.New(rand.NewPCG(3, 3))
	safe.Model = sphereModel(rng, 20, 24, 0)
	c := s.Caster()
	// From the sphere's centre every ray meets its inside (back faces).
	for k := 0; k < 200; k++ {
		d := Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		h, ok := c.Cast(safe.Position, d)
		if !ok || h.ID != safe.ID {
			t.Fatalf("ray from inside the two-sided sphere: %v %+v", ok, h)
		}
	}
	// Structure meshes stay one-sided: from outside the house looking away, nothing.
	cx, cy := NewCamera(Vec3{}, 0, 0).Principal()
	if h, ok := s.Raycast(NewCamera(Vec3{3, 1.5, 7}, 0, 0), cx, cy); ok {
		t.Fatalf("ray away from the house hit %+v", h)
	}
	// A vertical cut-out quad facing -z across the safe's box: rays through
	// transparent texels reach the wall behind, rays through opaque ones stop.
	var l ModelLevel
	l.Pos = []Vec3{{-0.5, -0.5, 0}, {0.5, -0.5, 0}, {0.5, 0.5, 0}, {-0.5, 0.5, 0}}
	l.UV = [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	l.Tris = []ModelTri{{V: [3]uint32{0, 1, 2}}, {V: [3]uint32{0, 2, 3}}}
	tex := checkerTexture(4)
	safe.Model = &Model{Size: Vec3{1, 1, 1}, Surfaces: []*Surface{{Texture: tex, Cutout: true}}, Levels: []ModelLevel{l}}
	c = s.Caster()
	var opaque, clear int
	for k := 0; k < 400; k++ {
		fu, fv := rng.Float64(), rng.Float64()
		p := safe.Position.Add(Vec3{(fu - 0.5) * safe.Size[0], (fv - 0.5) * safe.Size[1], 0})
		o := Vec3{p[0], p[1], 1}
		h, ok := c.Cast(o, Vec3{0, 0, 1})
		if !ok {
			t.Fatal("no hit inside a closed room")
		}
		if tex.Opaque(fu, fv) {
			opaque++
			if h.ID != safe.ID || math.Abs(h.UV[0]-fu) > 1e-9 || math.Abs(h.UV[1]-fv) > 1e-9 {
				t.Fatalf("opaque texel (%g, %g): hit %+v", fu, fv, h)
			}
		} else {
			clear++
			if h.ID == safe.ID {
				t.Fatalf("transparent texel (%g, %g) was hit: %+v", fu, fv, h)
			}
		}
	}
	if opaque < 100 || clear < 100 {
		t.Fatalf("opaque %d, clear %d", opaque, clear)
	}
}

// Attaching a model to an object invalidates its cached mesh.
func TestCasterSeesModelChange(t *testing.T) {
	s, safe := boxRoom(t)
	cam := NewCamera(Vec3{3, safe.Position[1], 1}, 0, 0)
	cx, cy := cam.Principal()
	h0, _ := s.Raycast(cam, cx, cy)
	safe.Model = sphereModel(rand.New(rand.NewPCG(1, 1)), 10, 12, 0)
	h1, _ := s.Raycast(cam, cx, cy)
	if h0.Surface != nil || h1.ID != safe.ID || h1.Surface != safe.Model.Surfaces[0] {
		t.Fatalf("after attaching a sphere model: %+v (box hit at %g)", h1, h0.Depth)
	}
}

// modelBenchScene is a 12×12 m room with 80 objects (9 × 9 grid minus one)
// carrying 2,000-triangle models (8 distinct lumpy spheres and soups).
func modelBenchScene(b testing.TB) *Scene {
	v := DefaultCatalog().Type("Safe").Variants[1]
	var objs []HouseObject
	for i := 0; i < 80; i++ {
		x, z := 1+1.2*float64(i%9), 1+1.2*float64(i/9)
		objs = append(objs, HouseObject{AssetID: v.AssetID, ID: fmt.Sprintf("Safe|%d|0", i), Position: XYZ{x, v.Size[1] / 2, z}, Rotation: XYZ{0, float64(17 * i % 360), 0}})
	}
	s := mustScene(b, specHouse(houseSpec{W: 12, D: 12, RoomTypes: [2]RoomType{LivingRoom}}, objs))
	rng := rand.New(rand.NewPCG(9, 9))
	var models []*Model
	for k := 0; k < 8; k++ {
		if k%2 == 0 {
			models = append(models, sphereModel(rng, 25, 41, 0.2)) // 1,968 triangles
		} else {
			models = append(models, soupModel(rng, 1998))
		}
	}
	for i, o := range s.Objects {
		o.Model = models[i%len(models)]
	}
	return s
}

// BenchmarkCastModels measures camera rays through a scene of 80 objects ×
// 2,000 triangles: bvh is Cast, brute the ordered loop it replaced.
func BenchmarkCastModels(b *testing.B) {
	s := modelBenchScene(b)
	c := s.Caster()
	rng := rand.New(rand.NewPCG(2, 2))
	type ray struct{ o, d Vec3 }
	rays := make([]ray, 1024)
	for i := range rays {
		cam := NewCamera(Vec3{0.3 + 11.4*rng.Float64(), CameraHeight, 0.3}, -40+80*rng.Float64(), 25)
		rays[i] = ray{cam.Position, cam.RayCamera(float64(cam.Width)*rng.Float64(), float64(cam.Height)*rng.Float64())}
	}
	for _, mode := range []string{"bvh", "brute"} {
		b.Run(mode, func(b *testing.B) {
			cast := c.Cast
			if mode == "brute" {
				cast = c.castOrdered
			}
			b.ReportAllocs()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				r := rays[i&1023]
				cast(r.o, r.d)
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "rays/s")
		})
	}
}

// BenchmarkBVHBuild builds the tree of a 10,000-triangle model (a lumpy
// sphere); ms/10k-tris is the build time per 10,000 triangles.
func BenchmarkBVHBuild(b *testing.B) {
	md := sphereModel(rand.New(rand.NewPCG(4, 4)), 50, 102, 0.2) // 9,996 triangles
	n := len(md.Levels[0].Tris)
	b.ReportAllocs()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		modelTree(md)
	}
	b.ReportMetric(time.Since(start).Seconds()*1e3/float64(b.N)*1e4/float64(n), "ms/10k-tris")
}

// BenchmarkCasterMoveModel is the cost of a raycast right after moving one
// object with a 20,000-triangle model: the pose's mesh is rebuilt, its tree
// comes from the per-model cache.
func BenchmarkCasterMoveModel(b *testing.B) {
	s, safe := boxRoom(b)
	safe.Model = sphereModel(rand.New(rand.NewPCG(5, 5)), 100, 101, 0.1)
	s.Caster()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		safe.Position[0] = 3 + 0.001*float64(i&1)
		s.Caster()
	}
}

// BenchmarkCasterAfterMove is the cost of a Caster snapshot after one
// primitive object moved in the physics benchmark scene: its mesh is
// re-tessellated and (with the trees) the top-level tree rebuilt.
func BenchmarkCasterAfterMove(b *testing.B) {
	s := benchScene(b)
	o := s.Objects[len(s.Objects)/2]
	s.Caster()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		o.Position[0] += 0.001 * float64(1-2*(i&1))
		s.Caster()
	}
}

// Snapshots after moves refit the previous top-level tree (and rebuild it
// every topRefits snapshots); hits still equal the ordered loop's.
func TestCastAfterMoves(t *testing.T) {
	s := fixtureScene(t, 21)
	rng := rand.New(rand.NewPCG(21, 1))
	dressScene(s, rng, testModels(rng))
	x0, z0, x1, z1 := polygonBounds(s.Rooms[0].Polygon)
	refitted := 0
	for step := 0; step < 2*topRefits+5; step++ {
		o := s.Objects[rng.IntN(len(s.Objects))]
		o.Position = o.Position.Add(Vec3{rng.Float64() - 0.5, 0.2 * (rng.Float64() - 0.5), rng.Float64() - 0.5})
		o.Yaw += 30 * rng.Float64()
		c := s.Caster()
		if c.refits > 0 {
			refitted++
		}
		aims := aimPoints(s, rng, 60)
		for k := 0; k < 120; k++ {
			or := Vec3{x0 + (x1-x0)*rng.Float64(), 0.05 + 2.3*rng.Float64(), z0 + (z1-z0)*rng.Float64()}
			d := Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			if k < len(aims) {
				d = aims[k].Sub(or)
			}
			got, gok := c.Cast(or, d)
			want, wok := c.castOrdered(or, d)
			if gok != wok || got != want {
				t.Fatalf("step %d ray %d: BVH %v %+v, loop %v %+v", step, k, gok, got, wok, want)
			}
		}
	}
	if refitted < topRefits {
		t.Fatalf("only %d snapshots refitted the top-level tree", refitted)
	}
}

// TestModelTreeSharedAcrossScenes: two scenes carrying the same model cast
// through one tree, built once for the model, and both still agree with the
// ordered loop.
func TestModelTreeSharedAcrossScenes(t *testing.T) {
	md := sphereModel(rand.New(rand.NewPCG(3, 3)), 10, 12, 0.1)
	var trees []*bvh
	for k := 0; k < 2; k++ {
		s, safe := boxRoom(t)
		safe.Model = md
		c := s.Caster()
		i := slices.Index(s.Objects, safe)
		m := c.meshes[i].ready()
		if !m.local || m.tree == nil {
			t.Fatalf("scene %d: the model mesh has no local tree", k)
		}
		trees = append(trees, m.tree)
		cam := NewCamera(Vec3{3, safe.Position[1], 1}, 0, 0)
		for u := 0.0; u < float64(cam.Width); u += 7 {
			for v := 0.0; v < float64(cam.Height); v += 7 {
				got, gok := c.Raycast(cam, u, v)
				want, wok := c.castOrdered(cam.Position, cam.RayCamera(u, v))
				if gok != wok || got.ID != want.ID || got.Depth != want.Depth {
					t.Fatalf("scene %d pixel (%g,%g): tree %v %+v, loop %v %+v", k, u, v, gok, got, wok, want)
				}
			}
		}
	}
	if trees[0] != trees[1] {
		t.Error("each scene built its own tree of the same model")
	}
}

// TestLazyModelMeshBounds: the bounds a snapshot gives a model mesh before
// preparing it hold the prepared mesh, for random poses, stretches and
// turns of the test models.
func TestLazyModelMeshBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	s, safe := boxRoom(t)
	lazy := 0
	for _, md := range testModels(rng) {
		for k := 0; k < 20; k++ {
			safe.Model = md
			safe.Yaw = 360 * rng.Float64()
			safe.Size = Vec3{0.2 + rng.Float64(), 0.2 + rng.Float64(), 0.2 + rng.Float64()}
			c := s.Caster()
			i := slices.Index(s.Objects, safe)
			m := &c.meshes[i]
			if m.lazy == nil {
				continue // below bvhMinTris: prepared at once
			}
			lazy++
			b := m.bounds
			p := m.ready()
			if p.ntris != m.ntris || len(p.tris) != m.ntris {
				t.Fatalf("model %s: %d triangles announced, %d prepared", md.Key, m.ntris, len(p.tris))
			}
			mesh := ObjectMesh(safe)
			for _, tr := range mesh.Tris {
				for _, v := range tr.V {
					for a := 0; a < 3; a++ {
						if v[a] < b.Min[a] || v[a] > b.Max[a] {
							t.Fatalf("model %s yaw %g: vertex %v outside the lazy bounds %v", md.Key, safe.Yaw, v, b)
						}
					}
				}
			}
		}
	}
	if lazy == 0 {
		t.Fatal("no model mesh was prepared lazily")
	}
}
