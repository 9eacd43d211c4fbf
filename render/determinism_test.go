package render

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"flowbench/sim"
)

// TestWorkersIdenticalOutput renders the same views with 1 and with several
// workers and requires byte-identical outputs and statistics.
func TestWorkersIdenticalOutput(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		s := randomScene(t, 500+seed, 40)
		rng := rand.New(rand.NewPCG(seed, 3))
		cam := randomCamera(s, rng, 203, 157)
		var frames []*Frame
		for _, w := range []int{1, 3, 8} {
			r, err := New(s, Options{Workers: w, Supersample: 2, Lighting: LightFlat})
			if err != nil {
				t.Fatal(err)
			}
			f, err := r.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			frames = append(frames, f)
		}
		a := frames[0]
		for _, b := range frames[1:] {
			if !bytes.Equal(a.RGB.Pix, b.RGB.Pix) || !reflect.DeepEqual(a.Depth, b.Depth) ||
				!reflect.DeepEqual(a.IDs, b.IDs) || !reflect.DeepEqual(a.ClassIDs, b.ClassIDs) || !reflect.DeepEqual(a.Stats, b.Stats) {
				t.Fatalf("seed %d: outputs differ between worker counts", seed)
			}
		}
	}
}

// TestWorkersIdenticalDefaultLook does the same for the default look on
// textured models (LOD, textures, lights, shadow maps, edge AA) and for
// supersampling, and across a moved object (shadow maps rebuilt).
func TestWorkersIdenticalDefaultLook(t *testing.T) {
	for seed := uint64(0); seed < 3; seed++ {
		s := modelScene(t, 700+seed, 25, 64)
		rng := rand.New(rand.NewPCG(seed, 3))
		cam := randomCamera(s, rng, 203, 157)
		for _, o := range []Options{{}, {Supersample: 2}, {Trilinear: true, ShadowMapSize: 200}} {
			var frames []*Frame
			for _, w := range []int{1, 3, 8} {
				o.Workers = w
				r, err := New(s, o)
				if err != nil {
					t.Fatal(err)
				}
				f, err := r.Render(cam)
				if err != nil {
					t.Fatal(err)
				}
				obj := s.Objects[0]
				obj.Position[0] += 0.1
				f2, err := r.Render(cam)
				obj.Position[0] -= 0.1
				if err != nil {
					t.Fatal(err)
				}
				frames = append(frames, f, f2)
			}
			for k := 2; k < len(frames); k++ {
				a, b := frames[k%2], frames[k]
				if !bytes.Equal(a.RGB.Pix, b.RGB.Pix) || !reflect.DeepEqual(a.Depth, b.Depth) ||
					!reflect.DeepEqual(a.IDs, b.IDs) || !reflect.DeepEqual(a.Stats, b.Stats) {
					t.Fatalf("seed %d options %+v: outputs differ between worker counts", seed, o)
				}
			}
		}
	}
}

// TestStatsMatchMasks recomputes every instance's count, bounding box and
// centroid from the id image.
func TestStatsMatchMasks(t *testing.T) {
	s := randomScene(t, 77, 40)
	rng := rand.New(rand.NewPCG(1, 2))
	r, err := New(s, Options{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 4; k++ {
		cam := randomCamera(s, rng, 120, 90)
		f, err := r.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		n := len(f.IDTable)
		count := make([]int, n)
		sum := make([][2]float64, n)
		box := make([][4]int, n)
		for i := range box {
			box[i] = [4]int{1 << 30, 1 << 30, -1, -1}
		}
		for v := 0; v < f.Height; v++ {
			for u := 0; u < f.Width; u++ {
				id := f.IDs[v*f.Width+u]
				count[id]++
				sum[id][0] += float64(u)
				sum[id][1] += float64(v)
				b := &box[id]
				b[0], b[1], b[2], b[3] = min(b[0], u), min(b[1], v), max(b[2], u), max(b[3], v)
			}
		}
		for id := 1; id < n; id++ {
			st := f.Stats[id]
			if st.Pixels != count[id] {
				t.Fatalf("%s: %d pixels, mask has %d", f.IDTable[id], st.Pixels, count[id])
			}
			if count[id] == 0 {
				continue
			}
			b := box[id]
			if st.Min.X != b[0] || st.Min.Y != b[1] || st.Max.X != b[2] || st.Max.Y != b[3] {
				t.Fatalf("%s: box %v-%v, mask box %v", f.IDTable[id], st.Min, st.Max, b)
			}
			cu, cv := sum[id][0]/float64(count[id]), sum[id][1]/float64(count[id])
			if math.Abs(st.Centroid[0]-cu) > 1e-9 || math.Abs(st.Centroid[1]-cv) > 1e-9 {
				t.Fatalf("%s: centroid %v, mask centroid (%g, %g)", f.IDTable[id], st.Centroid, cu, cv)
			}
		}
	}
}

// TestClassesAndIDTable checks the id table order (objects in scene order,
// then structure meshes) and the class of every visible pixel.
func TestClassesAndIDTable(t *testing.T) {
	s := loadOneRoom(t)
	r, err := New(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.NewCamera(sim.Vec3{2, sim.CameraHeight, 0.5}, 0, 25)
	cam.Width, cam.Height = 96, 96
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{""}
	for _, o := range s.Objects {
		want = append(want, o.ID)
	}
	for _, m := range sim.StructureMeshes(s) {
		want = append(want, m.ID)
	}
	if !reflect.DeepEqual(f.IDTable, want) {
		t.Fatalf("id table %q, want %q", f.IDTable, want)
	}
	names := ClassNames(s.Catalog)
	seen := map[string]bool{}
	for i, id := range f.IDs {
		c := f.ClassIDs[i]
		if id == 0 {
			if c != ClassNone {
				t.Fatalf("empty pixel %d has class %d", i, c)
			}
			continue
		}
		name := f.IDTable[id]
		var wantClass string
		switch {
		case len(name) > 6 && name[:6] == "floor|":
			wantClass = "Floor"
		case len(name) > 8 && name[:8] == "ceiling|":
			wantClass = "Ceiling"
		case len(name) > 5 && name[:5] == "wall|":
			wantClass = "Wall"
		default:
			wantClass = s.Object(name).Type
		}
		if names[c] != wantClass {
			t.Fatalf("pixel %d of %s: class %d (%q), want %q", i, name, c, names[c], wantClass)
		}
		seen[wantClass] = true
	}
	for _, c := range []string{"Floor", "Wall", "DiningTable", "Chair"} {
		if !seen[c] {
			t.Errorf("class %s not visible in the test view", c)
		}
	}
}

// TestRenderIntoDoesNotAllocate renders repeatedly into the same frame.
func TestRenderIntoDoesNotAllocate(t *testing.T) {
	s := randomScene(t, 9, 30)
	rng := rand.New(rand.NewPCG(4, 4))
	cam := randomCamera(s, rng, 160, 120)
	for _, w := range []int{1, 4} {
		r, err := New(s, Options{Workers: w, Supersample: 2})
		if err != nil {
			t.Fatal(err)
		}
		f := NewFrame(cam.Width, cam.Height)
		if err := r.RenderInto(cam, f); err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(20, func() {
			if err := r.RenderInto(cam, f); err != nil {
				t.Fatal(err)
			}
		})
		limit := 0.0
		if w > 1 {
			limit = float64(5 * w) // goroutine start-up per parallel phase (5 phases with occlusion culling)
		}
		if allocs > limit {
			t.Errorf("workers=%d: %.1f allocations per frame, want ≤ %g", w, allocs, limit)
		}
	}
}

// TestUpdateFollowsMovedObjects moves an object and checks the next render
// against a fresh renderer built from the moved scene.
func TestUpdateFollowsMovedObjects(t *testing.T) {
	s := loadOneRoom(t)
	r, err := New(s, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.NewCamera(sim.Vec3{2, sim.CameraHeight, 0.5}, 0, 25)
	cam.Width, cam.Height = 64, 64
	before, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	o := s.Objects[0]
	o.Position = o.Position.Add(sim.Vec3{0.6, 0, -0.4})
	o.Yaw += 30
	after, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	_, want := renderScene(t, s, Options{Workers: 1}, cam)
	if !reflect.DeepEqual(after.IDs, want.IDs) || !reflect.DeepEqual(after.Depth, want.Depth) || !bytes.Equal(after.RGB.Pix, want.RGB.Pix) {
		t.Fatal("render after moving an object differs from a fresh renderer")
	}
	if reflect.DeepEqual(before.IDs, after.IDs) {
		t.Fatal("moving the table did not change the id image")
	}
}

// TestSupersampleChangesOnlyRGB checks that anti-aliasing leaves depth, ids,
// classes and stats at their pixel-centre values and only smooths colours.
func TestSupersampleChangesOnlyRGB(t *testing.T) {
	s := randomScene(t, 21, 30)
	rng := rand.New(rand.NewPCG(8, 8))
	cam := randomCamera(s, rng, 96, 80)
	var frames [2]*Frame
	for i, k := range []int{1, 3} {
		r, err := New(s, Options{Supersample: k, Lighting: LightFlat, AntiAlias: AAOff})
		if err != nil {
			t.Fatal(err)
		}
		f, err := r.Render(cam)
		if err != nil {
			t.Fatal(err)
		}
		frames[i] = f
	}
	a, b := frames[0], frames[1]
	// The k×k samples of a pixel are the pixel centres of the view k times
	// as large: a pixel is interior when those all show its instance (a
	// chair leg thinner than a pixel can miss every pixel centre and still
	// reach some samples).
	big := cam
	big.Width, big.Height = 3*cam.Width, 3*cam.Height
	_, hi := renderScene(t, s, Options{Lighting: LightFlat, AntiAlias: AAOff}, big)
	if !reflect.DeepEqual(a.Depth, b.Depth) || !reflect.DeepEqual(a.IDs, b.IDs) || !reflect.DeepEqual(a.ClassIDs, b.ClassIDs) || !reflect.DeepEqual(a.Stats, b.Stats) {
		t.Fatal("supersampling changed depth, ids, classes or stats")
	}
	// Interior pixels (all 8 neighbours and all samples share the id) keep
	// their exact colour; some edge pixels must change.
	framed := map[uint16]bool{}
	for k, m := range sim.StructureMeshes(s) {
		if len(m.Surfaces) > 1 { // trim, linings and frames: edges inside
			framed[uint16(len(s.Objects)+1+k)] = true
		}
	}
	changedEdge := 0
	for v := 1; v < a.Height-1; v++ {
		for u := 1; u < a.Width-1; u++ {
			i := v*a.Width + u
			same := true
			for dv := -1; dv <= 1; dv++ {
				for du := -1; du <= 1; du++ {
					if a.IDs[i+dv*a.Width+du] != a.IDs[i] || hi.IDs[(3*v+1+dv)*big.Width+3*u+1+du] != a.IDs[i] {
						same = false
					}
				}
			}
			pa, pb := a.RGB.Pix[4*i:4*i+3], b.RGB.Pix[4*i:4*i+3]
			if !same {
				if !bytes.Equal(pa, pb) {
					changedEdge++
				}
				continue
			}
			if a.IDs[i] >= uint16(len(s.Objects))+1 && !framed[a.IDs[i]] && !bytes.Equal(pa, pb) {
				// Flat structure faces: one triangle colour per quad → identical
				// (not walls with trim, linings or frames: colour edges inside).
				t.Fatalf("interior structure pixel (%d,%d) changed colour %v → %v", u, v, pa, pb)
			}
		}
	}
	if changedEdge == 0 {
		t.Fatal("supersampling changed no edge pixel")
	}
}

// TestAntiAliasKeepsExactBuffers renders the default look (interior lighting,
// textured models) with anti-aliasing off, edge anti-aliasing (the default)
// and 3×3 supersampling: depth, ids, classes and stats must be identical,
// and edge anti-aliasing must change only edge pixels' colours.
func TestAntiAliasKeepsExactBuffers(t *testing.T) {
	for _, s := range []*sim.Scene{randomScene(t, 21, 30), modelScene(t, 5, 20, 64)} {
		rng := rand.New(rand.NewPCG(8, 8))
		cam := randomCamera(s, rng, 96, 80)
		var frames []*Frame
		var rs []*Renderer
		for _, o := range []Options{{AntiAlias: AAOff}, {}, {Supersample: 3}, {SkipRGB: true}} {
			r, err := New(s, o)
			if err != nil {
				t.Fatal(err)
			}
			f, err := r.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			frames = append(frames, f)
			rs = append(rs, r)
		}
		a := frames[0]
		for _, b := range frames[1:] {
			if !reflect.DeepEqual(a.Depth, b.Depth) || !reflect.DeepEqual(a.IDs, b.IDs) || !reflect.DeepEqual(a.ClassIDs, b.ClassIDs) || !reflect.DeepEqual(a.Stats, b.Stats) {
				t.Fatal("anti-aliasing changed depth, ids, classes or stats")
			}
		}
		frames = frames[:3]
		changed, edges := 0, 0
		r := rs[1]
		r.v = newView(cam, 1, r.opts.Near)
		for v := 0; v < a.Height; v++ {
			for u := 0; u < a.Width; u++ {
				i := v*a.Width + u
				edge := r.isEdge(u, v)
				if edge {
					edges++
				}
				if !bytes.Equal(a.RGB.Pix[4*i:4*i+3], frames[1].RGB.Pix[4*i:4*i+3]) {
					if !edge {
						t.Fatalf("non-edge pixel (%d,%d) changed colour", u, v)
					}
					changed++
				}
			}
		}
		t.Logf("edge AA: %d edge pixels of %d, %d changed colour", edges, a.Width*a.Height, changed)
		if changed == 0 {
			t.Fatal("edge anti-aliasing changed no pixel")
		}
	}
}

// TestRenderRejectsBadCamera checks the camera validation errors.
func TestRenderRejectsBadCamera(t *testing.T) {
	r, err := New(loadOneRoom(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	good := sim.NewCamera(sim.Vec3{2, 1.5, 1}, 0, 0)
	for _, tc := range []struct {
		mod  func(*sim.Camera)
		want string
	}{
		{func(c *sim.Camera) { c.Width = 0 }, "image size"},
		{func(c *sim.Camera) { c.FOV = 180 }, "field of view"},
		{func(c *sim.Camera) { c.FOV = 0 }, "field of view"},
		{func(c *sim.Camera) { c.Position[0] = math.NaN() }, "not finite"},
	} {
		c := good
		tc.mod(&c)
		if _, err := r.Render(c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("camera %+v: error %v, want one mentioning %q", c, err, tc.want)
		}
	}
	if _, err := New(nil, Options{}); err == nil {
		t.Error("nil scene accepted")
	}
}
