package sim

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

// boxRoom is a 6×6 m room with one box-shaped safe at (3, h/2, 4).
func boxRoom(t testing.TB) (*Scene, *Object) {
	v := DefaultCatalog().Type("Safe").Variants[1]
	h := specHouse(houseSpec{W: 6, D: 6, RoomTypes: [2]RoomType{Bedroom}}, []HouseObject{
		{AssetID: v.AssetID, ID: "Safe|1|0", Position: XYZ{3, v.Size[1] / 2, 4}},
	})
	s := mustScene(t, h)
	return s, s.Object("Safe|1|0")
}

func TestRaycastBoxAnalytic(t *testing.T) {
	s, safe := boxRoom(t)
	front := safe.Position[2] - safe.Size[2]/2
	cam := NewCamera(Vec3{3, safe.Position[1], 1}, 0, 0)
	cx, cy := cam.Principal()
	hit, ok := s.Raycast(cam, cx, cy)
	want := front - 1
	if !ok || hit.ID != safe.ID || hit.Kind != MeshObject || math.Abs(hit.Depth-want) > 1e-12 || math.Abs(hit.Distance-want) > 1e-12 {
		t.Fatalf("centre ray: %+v %v, want the safe at depth %g", hit, ok, want)
	}
	if p := (Vec3{3, safe.Position[1], front}); hit.Point.Sub(p).Len() > 1e-12 {
		t.Fatalf("hit point %v, want %v", hit.Point, p)
	}
	// 20 pixels right of centre: the same planar depth, a longer distance.
	f := cam.Focal()
	hit, ok = s.Raycast(cam, cx+20, cy)
	if !ok || hit.ID != safe.ID || math.Abs(hit.Depth-want) > 1e-12 ||
		math.Abs(hit.Distance-want*math.Hypot(1, 20/f)) > 1e-12 || math.Abs(hit.Point[0]-(3+want*20/f)) > 1e-12 {
		t.Fatalf("off-centre ray: %+v", hit)
	}
	// Viewport (0.5, 0.5) is the image centre.
	h2, _ := s.RaycastViewport(cam, 0.5, 0.5)
	h1, _ := s.Raycast(cam, cx, cy)
	if h1 != h2 {
		t.Fatalf("RaycastViewport(0.5, 0.5) = %+v, Raycast(centre) = %+v", h2, h1)
	}
	// Viewport y = 0 is the top row: a ray above the safe reaches the wall.
	top, _ := s.RaycastViewport(cam, 0.5, 0.4)
	if top.ID != "wall|1|0.00|6.00|6.00|6.00" {
		t.Fatalf("upper viewport ray hit %s", top.ID)
	}
}

// A camera at height h pitched down by θ: along the centre column, row v
// meets the floor at planar depth h / (sin θ + a cos θ), a = (v − cy)/f.
func TestRaycastFloorRows(t *testing.T) {
	s := mustScene(t, specHouse(houseSpec{W: 6, D: 6, RoomTypes: [2]RoomType{Kitchen}}, nil))
	for _, theta := range []float64{0, 30, 55} {
		cam := NewCamera(Vec3{3, CameraHeight, 0.2}, 0, theta)
		cx, cy := cam.Principal()
		f := cam.Focal()
		sn, cs := math.Sincos(theta * math.Pi / 180)
		floorRows := 0
		for v := 0; v < cam.Height; v++ {
			a := (float64(v) - cy) / f
			den := sn + a*cs
			hit, ok := s.Raycast(cam, cx, float64(v))
			if !ok {
				t.Fatalf("θ=%g row %d: no hit inside a closed room", theta, v)
			}
			if den <= 0 {
				continue
			}
			depth := CameraHeight / den
			z := 0.2 + depth*(cs-a*sn)
			if z >= 6-1e-6 || z <= 1e-6 {
				continue // a wall comes first
			}
			floorRows++
			if hit.ID != "floor|room|1" || math.Abs(hit.Depth-depth) > 1e-12*depth || math.Abs(hit.Point[1]) > 1e-12 {
				t.Fatalf("θ=%g row %d: hit %s depth %.15g, want the floor at %.15g", theta, v, hit.ID, hit.Depth, depth)
			}
		}
		if floorRows < 100 {
			t.Fatalf("θ=%g: only %d rows see the floor", theta, floorRows)
		}
	}
}

func TestRaycastWallsCeilingAndFrontFaces(t *testing.T) {
	s := mustScene(t, specHouse(houseSpec{W: 6, D: 6, RoomTypes: [2]RoomType{Kitchen}}, nil))
	cx, cy := NewCamera(Vec3{}, 0, 0).Principal()
	// Inside, looking north: the room's side of the z = 6 wall, 5 m away.
	hit, ok := s.Raycast(NewCamera(Vec3{3, 1.5, 1}, 0, 0), cx, cy)
	if !ok || hit.ID != "wall|1|0.00|6.00|6.00|6.00" || hit.Kind != MeshWall || math.Abs(hit.Depth-5) > 1e-12 {
		t.Fatalf("inside ray: %+v", hit)
	}
	// Outside, looking south at the house: the exterior face, 1 m away.
	hit, ok = s.Raycast(NewCamera(Vec3{3, 1.5, 7}, 180, 0), cx, cy)
	if !ok || hit.ID != "wall|exterior|0.00|6.00|6.00|6.00" || math.Abs(hit.Depth-1) > 1e-12 {
		t.Fatalf("outside ray: %+v", hit)
	}
	// Outside, looking away: nothing (the walls' back faces do not count).
	if hit, ok := s.Raycast(NewCamera(Vec3{3, 1.5, 7}, 0, 0), cx, cy); ok {
		t.Fatalf("ray away from the house hit %+v", hit)
	}
	// Looking up 60°: the ceiling at 2.5 m.
	hit, ok = s.Raycast(NewCamera(Vec3{3, 1.5, 3}, 0, -60), cx, cy)
	if want := 1 / math.Sin(math.Pi/3); !ok || hit.ID != "ceiling|room|1" || math.Abs(hit.Depth-want) > 1e-12 {
		t.Fatalf("ceiling ray: %+v, want depth %g", hit, want)
	}
}

func TestRaycastSeesMoves(t *testing.T) {
	s, safe := boxRoom(t)
	cam := NewCamera(Vec3{3, safe.Position[1], 1}, 0, 0)
	cx, cy := cam.Principal()
	c0 := s.Caster()
	if s.Caster() != c0 {
		t.Fatal("the cached caster was rebuilt without a change")
	}
	if err := s.TeleportObject(safe.ID, safe.Position.Add(Vec3{0, 0, -1}), 0, false); err != nil {
		t.Fatal(err)
	}
	hit, _ := s.Raycast(cam, cx, cy)
	if want := safe.Position[2] - safe.Size[2]/2 - 1; math.Abs(hit.Depth-want) > 1e-12 {
		t.Fatalf("after teleport depth %g, want %g", hit.Depth, want)
	}
	if old, _ := c0.Raycast(cam, cx, cy); math.Abs(old.Depth-(hit.Depth+1)) > 1e-12 {
		t.Fatalf("an earlier caster changed: depth %g", old.Depth)
	}
	// A direct edit (no teleport) is seen too.
	safe.Position[0] += 5
	if hit, _ := s.Raycast(cam, cx, cy); hit.ID == safe.ID {
		t.Fatal("ray still hits the safe after it was moved away")
	}
}

// bruteRaycast intersects every front-facing triangle of freshly built meshes
// by plane intersection and edge half-space tests (independent of
// Möller–Trumbore and of the cache and culling).
func bruteRaycast(s *Scene, o, d Vec3) (string, float64) {
	meshes := objectMeshes(s)
	meshes = append(meshes, StructureMeshes(s)...)
	best, id := math.Inf(1), ""
	for _, m := range meshes {
		for _, tr := range m.Tris {
			n := tr.Normal()
			dn := d.Dot(n)
			if dn >= 0 {
				continue
			}
			t := n.Dot(tr.V[0].Sub(o)) / dn
			if t <= 0 || t >= best {
				continue
			}
			p := o.Add(d.Mul(t))
			in := true
			for k := 0; k < 3; k++ {
				a, b := tr.V[k], tr.V[(k+1)%3]
				if b.Sub(a).Cross(p.Sub(a)).Dot(n) < 0 {
					in = false
				}
			}
			if in {
				best, id = t, m.ID
			}
		}
	}
	return id, best
}

func TestRaycastAgreesWithBruteForceAndProjection(t *testing.T) {
	n, mismatch := 0, 0
	for seed := uint64(0); seed < 12; seed++ {
		s := fixtureScene(t, seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		for k := 0; k < 60; k++ {
			x0, z0, x1, z1 := polygonBounds(s.Rooms[0].Polygon)
			cam := NewCamera(Vec3{x0 + 0.3 + (x1-x0-0.6)*rng.Float64(), 0.5 + 1.5*rng.Float64(), z0 + 0.3 + (z1-z0-0.6)*rng.Float64()},
				360*rng.Float64(), -30+90*rng.Float64())
			u, v := float64(cam.Width)*rng.Float64()-0.5, float64(cam.Height)*rng.Float64()-0.5
			hit, ok := s.Raycast(cam, u, v)
			id, depth := bruteRaycast(s, cam.Position, cam.RayCamera(u, v))
			n++
			if !ok {
				if id != "" && depth > 1e-6 {
					t.Fatalf("seed %d: no hit, brute force hits %s at %g", seed, id, depth)
				}
				continue
			}
			if math.Abs(hit.Depth-depth) > 1e-9*depth {
				t.Fatalf("seed %d: depth %.12g (%s), brute force %.12g (%s)", seed, hit.Depth, hit.ID, depth, id)
			}
			if hit.ID != id {
				mismatch++ // equal depths: a shared edge or coplanar faces
			}
			pu, pv, pz, ok := cam.Project(hit.Point)
			if !ok || math.Abs(pu-u) > 1e-6 || math.Abs(pv-v) > 1e-6 || math.Abs(pz-hit.Depth) > 1e-9*pz {
				t.Fatalf("seed %d: hit %v projects to (%g, %g, %g), ray was (%g, %g) depth %g", seed, hit.Point, pu, pv, pz, u, v, hit.Depth)
			}
		}
	}
	if mismatch*1000 > n {
		t.Fatalf("%d of %d rays name a different mesh than brute force", mismatch, n)
	}
}

func TestCasterConcurrentUse(t *testing.T) {
	s := fixtureScene(t, 3)
	cam := NewCamera(Vec3{1, CameraHeight, 1}, 45, 20)
	want := make([]Hit, 64)
	for i := range want {
		want[i], _ = s.Raycast(cam, float64(i*12), float64(i*12))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range want {
				if h, _ := s.Raycast(cam, float64(i*12), float64(i*12)); h != want[i] {
					errs <- "concurrent raycast differs"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
