package sim

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// genSeeds is the number of seeds the cheap per-house properties are checked over.
const genSeeds = 200

func mustGenerate(t testing.TB, style string, seed int64, index int) (*House, *Scene) {
	t.Helper()
	h, err := Generate(style, seed, index)
	if err != nil {
		t.Fatalf("Generate(%q, %d, %d): %v", style, seed, index, err)
	}
	s, err := NewScene(h)
	if err != nil {
		t.Fatalf("Generate(%q, %d, %d) does not load: %v", style, seed, index, err)
	}
	return h, s
}

func mustEncode(t testing.TB, h *House) []byte {
	t.Helper()
	b, err := EncodeHouse(h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// houseCases returns (style, seed, index) triples: procthor over seeds with
// index 0 and 1, ithor over seeds cycling through all 120 scenes.
func houseCases(n int) [][3]int64 {
	var out [][3]int64
	for i := 0; i < n; i++ {
		out = append(out, [3]int64{0, int64(i), int64(i % 2)}, [3]int64{1, int64(i), int64((i * 7) % 120)})
	}
	return out
}

func TestGenerateDeterministic(t *testing.T) {
	for _, style := range Styles {
		for seed := int64(0); seed < 20; seed++ {
			h1, _ := mustGenerate(t, style, seed, int(seed%3))
			h2, _ := mustGenerate(t, style, seed, int(seed%3))
			if !bytes.Equal(mustEncode(t, h1), mustEncode(t, h2)) {
				t.Fatalf("%s seed %d: two runs gave different JSON", style, seed)
			}
		}
		a, _ := mustGenerate(t, style, 1, 0)
		b, _ := mustGenerate(t, style, 2, 0)
		c, _ := mustGenerate(t, style, 1, 1)
		if bytes.Equal(mustEncode(t, a), mustEncode(t, b)) {
			t.Errorf("%s: seeds 1 and 2 gave the same house", style)
		}
		if bytes.Equal(mustEncode(t, a), mustEncode(t, c)) {
			t.Errorf("%s: indices 0 and 1 gave the same house", style)
		}
	}
	// The two styles draw from different streams.
	p, _ := mustGenerate(t, StyleProcTHOR, 5, 0)
	i, _ := mustGenerate(t, StyleITHOR, 5, 0)
	if bytes.Equal(mustEncode(t, p), mustEncode(t, i)) {
		t.Error("procthor and ithor gave the same house")
	}
}

func TestGenerateBadInput(t *testing.T) {
	_, err := Generate("hm3d", 1, 0)
	if err == nil {
		t.Fatal("unknown style accepted")
	}
	for _, want := range []string{`"hm3d"`, "procthor", "ithor"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
	if _, err := Generate(StyleProcTHOR, 1, -1); err == nil {
		t.Error("negative index accepted")
	}
	if _, err := Generate(StyleITHOR, 1, 120); err == nil || !strings.Contains(err.Error(), "120") {
		t.Errorf("ithor index 120: got %v, want an out-of-range error", err)
	}
	for _, name := range []string{"FloorPlan0", "FloorPlan31", "FloorPlan200", "FloorPlan431", "Kitchen1", "FloorPlan01", "FloorPlan"} {
		if _, err := GenerateIthor(name, 1); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("GenerateIthor(%q): got %v, want an error naming it", name, err)
		}
	}
}

func TestIthorSceneNames(t *testing.T) {
	names := IthorSceneNames()
	if len(names) != 120 {
		t.Fatalf("%d names, want 120", len(names))
	}
	want := map[string]RoomType{}
	for k := 1; k <= 30; k++ {
		want["FloorPlan"+strconv.Itoa(k)] = Kitchen
		want["FloorPlan"+strconv.Itoa(200+k)] = LivingRoom
		want["FloorPlan"+strconv.Itoa(300+k)] = Bedroom
		want["FloorPlan"+strconv.Itoa(400+k)] = Bathroom
	}
	seen := map[string]bool{}
	for i, n := range names {
		typ, ok := want[n]
		if !ok || seen[n] {
			t.Fatalf("name %d %q is unexpected or repeated", i, n)
		}
		seen[n] = true
		h, err := GenerateIthor(n, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Rooms) != 1 || RoomType(h.Rooms[0].RoomType) != typ {
			t.Fatalf("%s: rooms %d of type %s, want one %s", n, len(h.Rooms), h.Rooms[0].RoomType, typ)
		}
		if h.Metadata.RoomSpecID != n {
			t.Errorf("%s: roomSpecId %q", n, h.Metadata.RoomSpecID)
		}
		g, err := Generate(StyleITHOR, 3, i)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mustEncode(t, g), mustEncode(t, h)) {
			t.Fatalf("Generate(ithor, 3, %d) differs from GenerateIthor(%q, 3)", i, n)
		}
	}
}

func TestGenerateJSONRoundTrip(t *testing.T) {
	for _, c := range houseCases(10) {
		h, s := mustGenerate(t, Styles[c[0]], c[1], int(c[2]))
		b := mustEncode(t, h)
		d, err := DecodeHouse(b)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mustEncode(t, d), b) {
			t.Fatalf("%v: decode+encode changed the bytes", c)
		}
		// The scene's write-back path gives the same house again.
		if !bytes.Equal(mustEncode(t, s.HouseJSON()), b) {
			t.Fatalf("%v: NewScene+HouseJSON changed the bytes", c)
		}
	}
}

// wallKey is a wall's segment with sorted endpoints rounded to 1 mm.
func wallKey(a, b [2]float64) string {
	if b[0] < a[0] || (b[0] == a[0] && b[1] < a[1]) {
		a, b = b, a
	}
	return fmt.Sprintf("%.3f,%.3f,%.3f,%.3f", a[0], a[1], b[0], b[1])
}

func TestGeneratedStructure(t *testing.T) {
	for _, c := range houseCases(genSeeds) {
		style := Styles[c[0]]
		h, s := mustGenerate(t, style, c[1], int(c[2]))
		tag := fmt.Sprintf("%s seed %d index %d", style, c[1], c[2])
		if style == StyleProcTHOR && (len(h.Rooms) < 1 || len(h.Rooms) > 10) {
			t.Fatalf("%s: %d rooms", tag, len(h.Rooms))
		}
		if style == StyleITHOR && len(h.Rooms) != 1 {
			t.Fatalf("%s: %d rooms", tag, len(h.Rooms))
		}
		if h.Metadata.Schema != SchemaVersion {
			t.Fatalf("%s: schema %q", tag, h.Metadata.Schema)
		}
		checkWalls(t, tag, h, s)
		checkDoorsConnect(t, tag, h)
	}
}

// checkWalls checks the ProcTHOR wall layout: one wall per room side with
// the id encoding its endpoints, each interior side present once per room on
// either side, each outline side with an exterior face, holes inside walls.
func checkWalls(t *testing.T, tag string, h *House, s *Scene) {
	t.Helper()
	byID := map[string]*WallShape{}
	faces := map[string][]string{} // segment → owners ("room|N" or "exterior")
	for i := range s.Walls {
		w := &s.Walls[i]
		if byID[w.ID] != nil {
			t.Fatalf("%s: duplicate wall id %s", tag, w.ID)
		}
		byID[w.ID] = w
		f := strings.Split(w.ID, "|")
		if len(f) != 6 {
			t.Fatalf("%s: wall id %q is not wall|room|x0|z0|x1|z1", tag, w.ID)
		}
		owner := "room|" + f[1]
		if f[1] == "exterior" {
			owner = "exterior"
		}
		if owner != w.RoomID {
			t.Fatalf("%s: wall %s has roomId %s", tag, w.ID, w.RoomID)
		}
		var nums [4]float64
		for k := range nums {
			v, err := strconv.ParseFloat(f[2+k], 64)
			if err != nil {
				t.Fatalf("%s: wall id %q: %v", tag, w.ID, err)
			}
			nums[k] = v
		}
		if math.Abs(w.A[0]-nums[0]) > 0.006 || math.Abs(w.A[1]-nums[1]) > 0.006 || math.Abs(w.B[0]-nums[2]) > 0.006 || math.Abs(w.B[1]-nums[3]) > 0.006 {
			t.Fatalf("%s: wall %s spans (%v)→(%v)", tag, w.ID, w.A, w.B)
		}
		if w.Height < 2.5 || w.Height > 2.8 {
			t.Fatalf("%s: wall %s height %g", tag, w.ID, w.Height)
		}
		k := wallKey(w.A, w.B)
		faces[k] = append(faces[k], owner)
	}
	// Each room side is a wall of that room; across it is one other room or the exterior.
	for _, r := range s.Rooms {
		for i, a := range r.Polygon {
			b := r.Polygon[(i+1)%len(r.Polygon)]
			owners := faces[wallKey(a, b)]
			if len(owners) != 2 || (owners[0] != r.ID && owners[1] != r.ID) || owners[0] == owners[1] {
				t.Fatalf("%s: side %v→%v of %s has wall faces %v, want this room and one other side", tag, a, b, r.ID, owners)
			}
		}
	}
	for k, owners := range faces {
		if len(owners) != 2 {
			t.Fatalf("%s: segment %s has %d wall faces %v", tag, k, len(owners), owners)
		}
	}
	check := func(kind string, d Door) {
		w0, w1 := byID[d.Wall0], byID[d.Wall1]
		if w0 == nil || w1 == nil {
			t.Fatalf("%s: %s %s names missing walls %s, %s", tag, kind, d.ID, d.Wall0, d.Wall1)
		}
		if wallKey(w0.A, w0.B) != wallKey(w1.A, w1.B) {
			t.Fatalf("%s: %s %s joins walls on different segments", tag, kind, d.ID)
		}
		if w0.RoomID != d.Room0 {
			t.Fatalf("%s: %s %s wall0 %s belongs to %s, not room0 %s", tag, kind, d.ID, d.Wall0, w0.RoomID, d.Room0)
		}
		lo, hi := d.HolePolygon[0], d.HolePolygon[1]
		if lo.X < 0.1 || hi.X > w0.Length()-0.1 || hi.X-lo.X < 0.8 || hi.Y > w0.Height {
			t.Fatalf("%s: %s %s hole %v..%v does not fit wall %s of length %.2f", tag, kind, d.ID, lo, hi, w0.ID, w0.Length())
		}
	}
	for _, d := range h.Doors {
		check("door", d)
		if byID[d.Wall1].RoomID != d.Room1 || d.HolePolygon[0].Y != 0 {
			t.Fatalf("%s: door %s: wall1 room %s vs room1 %s, sill %g", tag, d.ID, byID[d.Wall1].RoomID, d.Room1, d.HolePolygon[0].Y)
		}
	}
	for _, d := range h.Windows {
		check("window", d)
		if !byID[d.Wall1].Exterior || d.HolePolygon[0].Y < 0.3 {
			t.Fatalf("%s: window %s is not on an exterior wall above the floor", tag, d.ID)
		}
	}
}

// checkDoorsConnect checks that the doors join all rooms into one graph.
func checkDoorsConnect(t *testing.T, tag string, h *House) {
	t.Helper()
	adj := map[string][]string{}
	for _, d := range h.Doors {
		adj[d.Room0] = append(adj[d.Room0], d.Room1)
		adj[d.Room1] = append(adj[d.Room1], d.Room0)
	}
	seen := map[string]bool{h.Rooms[0].ID: true}
	stack := []string{h.Rooms[0].ID}
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range adj[r] {
			if !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	if len(seen) != len(h.Rooms) {
		t.Fatalf("%s: doors reach %d of %d rooms", tag, len(seen), len(h.Rooms))
	}
}

// obbXZ returns the object's OBB corners in xz (from object.go, independent
// of the generator's footprint code), bits 0 (+x) and 2 (+z).
func obbXZ(o *Object) [4][2]float64 {
	c := o.Corners()
	return [4][2]float64{{c[0][0], c[0][2]}, {c[1][0], c[1][2]}, {c[5][0], c[5][2]}, {c[4][0], c[4][2]}}
}

// quadsOverlap runs a separating-axis test on two convex quads; they overlap
// when every axis shows an overlap deeper than tol.
func quadsOverlap(a, b [4][2]float64, tol float64) bool {
	for _, q := range [][4][2]float64{a, b} {
		for i := 0; i < 4; i++ {
			e := [2]float64{q[(i+1)%4][0] - q[i][0], q[(i+1)%4][1] - q[i][1]}
			n := [2]float64{-e[1], e[0]}
			l := math.Hypot(n[0], n[1])
			n = [2]float64{n[0] / l, n[1] / l}
			amin, amax, bmin, bmax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
			for k := 0; k < 4; k++ {
				pa := a[k][0]*n[0] + a[k][1]*n[1]
				pb := b[k][0]*n[0] + b[k][1]*n[1]
				amin, amax = math.Min(amin, pa), math.Max(amax, pa)
				bmin, bmax = math.Min(bmin, pb), math.Max(bmax, pb)
			}
			if math.Min(amax, bmax)-math.Max(amin, bmin) <= tol {
				return false
			}
		}
	}
	return true
}

func TestGeneratedObjects(t *testing.T) {
	cat := DefaultCatalog()
	for _, c := range houseCases(genSeeds) {
		style := Styles[c[0]]
		h, s := mustGenerate(t, style, c[1], int(c[2]))
		tag := fmt.Sprintf("%s seed %d index %d", style, c[1], c[2])
		if len(s.Objects) == 0 {
			t.Fatalf("%s: no objects", tag)
		}
		for i, o := range s.Objects {
			info := cat.Type(o.Type)
			typ, size, ok := cat.Asset(o.AssetID)
			if !ok || typ != o.Type || size != o.Size {
				t.Fatalf("%s: %s has asset %s of type %s", tag, o.ID, o.AssetID, typ)
			}
			f := strings.Split(o.ID, "|")
			room := ""
			if o.Parent == "" {
				if len(f) != 3 || !o.Kinematic || info.Placement == OnSurface {
					t.Fatalf("%s: floor object %s (kinematic %v, placement %v)", tag, o.ID, o.Kinematic, info.Placement)
				}
				room = "room|" + f[1]
				if info.Placement == OnWall {
					// Hung: lower edge above the floor, top below the ceiling.
					if lo, hi := o.Position[1]-o.Size[1]/2, o.Position[1]+o.Size[1]/2; lo < 0.2 || hi > s.Walls[0].Height-0.05 {
						t.Fatalf("%s: wall-mounted %s spans y %.2f..%.2f (wall height %.2f)", tag, o.ID, lo, hi, s.Walls[0].Height)
					}
				} else if math.Abs(o.Position[1]-o.Size[1]/2) > 1e-9 {
					t.Fatalf("%s: %s is not standing on the floor: y %g, height %g", tag, o.ID, o.Position[1], o.Size[1])
				}
			} else {
				p := s.Object(o.Parent)
				// Sink basins stand on kitchen counters (standAppliances).
				if len(f) != 4 || f[1] != "surface" || o.Kinematic || (info.Placement != OnSurface && info.Type != "Sink") || !p.Receptacle {
					t.Fatalf("%s: small object %s on %s", tag, o.ID, o.Parent)
				}
				room = "room|" + f[2]
				top := p.Position[1] + p.Size[1]/2
				if math.Abs(o.Position[1]-o.Size[1]/2-top) > 1e-9 && !SetInBasin(o, p) { // a basin is set into its counter
					t.Fatalf("%s: %s bottom %g is not on %s's top %g", tag, o.ID, o.Position[1]-o.Size[1]/2, p.ID, top)
				}
				// Its footprint lies on its parent's top.
				pc := obbXZ(p)
				for _, q := range obbXZ(o) {
					if !PointInPolygon(pc[:], q[0], q[1]) {
						t.Fatalf("%s: %s overhangs %s", tag, o.ID, p.ID)
					}
				}
			}
			poly := s.Room(room)
			if poly == nil {
				t.Fatalf("%s: %s names room %s, which does not exist", tag, o.ID, room)
			}
			// The iTHOR style draws what real iTHOR rooms of the type hold.
			allowed := style == StyleITHOR && ithorRoomContents[poly.Type][info.Type]
			for _, rt := range info.Rooms {
				allowed = allowed || rt == poly.Type
			}
			if !allowed {
				t.Fatalf("%s: %s stands in a %s, which the catalog does not allow", tag, o.ID, poly.Type)
			}
			for _, q := range obbXZ(o) {
				if !PointInPolygon(poly.Polygon, q[0], q[1]) {
					t.Fatalf("%s: corner %v of %s lies outside %s", tag, q, o.ID, room)
				}
			}
			if hobj := s.source(o.ID); hobj == nil || hobj.Material != nil {
				t.Fatalf("%s: %s overrides its asset's materials (flat colours are opt-in: GenerateOptions.ObjectColors)", tag, o.ID)
			}
			// Towels hang in front of their holders (TestTowelsHangOnHolders).
			// Sink basins stand on counters.
			if (info.Placement == AgainstWall || info.Placement == OnWall) && o.Type != "Towel" && o.Type != "HandTowel" && o.Parent == "" {
				checkAgainstWall(t, tag, s, o, room)
			}
			// No two objects interpenetrate: footprints and heights both overlapping.
			for _, q := range s.Objects[i+1:] {
				ya, yb := o.AABB(), q.AABB()
				vert := math.Min(ya.Max[1], yb.Max[1]) - math.Max(ya.Min[1], yb.Min[1])
				if vert > 1e-3 && quadsOverlap(obbXZ(o), obbXZ(q), 1e-3) && !SetInBasin(o, s.Object(o.Parent)) && !SetInBasin(q, s.Object(q.Parent)) {
					t.Fatalf("%s: %s and %s overlap", tag, o.ID, q.ID)
				}
			}
		}
		_ = h
	}
}

// checkAgainstWall checks an against-wall object's back (local -z face) is
// within 2 cm of a wall of its room, along its full width, and its front faces the room.
func checkAgainstWall(t *testing.T, tag string, s *Scene, o *Object, room string) {
	t.Helper()
	x, z := o.Axes()
	hx, hz := o.Size[0]/2, o.Size[2]/2
	back := [2][2]float64{
		{o.Position[0] - z[0]*hz - x[0]*hx, o.Position[2] - z[2]*hz - x[2]*hx},
		{o.Position[0] - z[0]*hz + x[0]*hx, o.Position[2] - z[2]*hz + x[2]*hx},
	}
	for _, w := range s.Walls {
		if w.RoomID != room {
			continue
		}
		if math.Sqrt(segDist2(back[0], w.A, w.B)) < 0.02 && math.Sqrt(segDist2(back[1], w.A, w.B)) < 0.02 {
			// Facing the room: local +z is the wall's inward normal.
			if math.Abs(z[0]-w.Normal[0]) > 1e-6 || math.Abs(z[2]-w.Normal[1]) > 1e-6 {
				t.Fatalf("%s: %s backs onto %s but faces (%.2f, %.2f), wall normal %v", tag, o.ID, w.ID, z[0], z[2], w.Normal)
			}
			return
		}
	}
	t.Fatalf("%s: against-wall object %s has no wall behind it", tag, o.ID)
}

func TestGeneratedRoomShapes(t *testing.T) {
	shapes := map[int]int{} // number of polygon vertices (of 4-only, 6 for L) → rooms
	types := map[RoomType]int{}
	ithorShapes := map[int]int{}
	for k := 0; k < genSeeds; k++ {
		style, seed, index := StyleProcTHOR, int64(k), 0
		if k%2 == 1 {
			style, seed, index = StyleITHOR, int64(k/120), k%120
		}
		h, _ := mustGenerate(t, style, seed, index)
		for _, r := range h.Rooms {
			types[RoomType(r.RoomType)]++
			// Count corners (direction changes) of the polygon.
			n, corners := len(r.FloorPolygon), 0
			for i := range r.FloorPolygon {
				a, b, c := r.FloorPolygon[(i+n-1)%n], r.FloorPolygon[i], r.FloorPolygon[(i+1)%n]
				cr := (b.X-a.X)*(c.Z-b.Z) - (b.Z-a.Z)*(c.X-b.X)
				if math.Abs(cr) > 1e-9 {
					corners++
				}
			}
			if corners != 4 && corners != 6 {
				t.Fatalf("%s seed %d index %d: %s has %d corners: neither a rectangle nor an L", style, seed, index, r.ID, corners)
			}
			if style == StyleITHOR {
				ithorShapes[corners]++
			} else {
				shapes[corners]++
			}
			for _, p := range r.FloorPolygon {
				if math.Abs(p.X/GridSize-math.Round(p.X/GridSize)) > 1e-9 || math.Abs(p.Z/GridSize-math.Round(p.Z/GridSize)) > 1e-9 {
					t.Fatalf("%s seed %d index %d: %s vertex %v is off the 0.25 m grid", style, seed, index, r.ID, p)
				}
			}
		}
	}
	if shapes[4] == 0 || shapes[6] == 0 || ithorShapes[4] == 0 || ithorShapes[6] == 0 {
		t.Errorf("room shapes procthor %v, ithor %v: want both rectangles (4 corners) and L-shapes (6)", shapes, ithorShapes)
	}
	for _, rt := range RoomTypes {
		if types[rt] == 0 {
			t.Errorf("no %s in %d houses", rt, genSeeds)
		}
	}
}

// TestStylesDiffer checks the ithor test split is distributed differently:
// denser rooms and disjoint palettes.
func TestStylesDiffer(t *testing.T) {
	p, err := GenerationStats(StyleProcTHOR, 1, 40)
	if err != nil {
		t.Fatal(err)
	}
	i, err := GenerationStats(StyleITHOR, 1, 40)
	if err != nil {
		t.Fatal(err)
	}
	if i.ObjectsPerRoom() <= 1.3*p.ObjectsPerRoom() {
		t.Errorf("ithor %.1f objects/room is not clearly denser than procthor %.1f", i.ObjectsPerRoom(), p.ObjectsPerRoom())
	}
	// ithor prefers the larger asset variants of the same furniture types.
	meanArea := func(style string) float64 {
		sum, n := 0.0, 0
		for k := 0; k < 60; k++ {
			_, s := mustGenerate(t, style, 4, k)
			for _, o := range s.Objects {
				if o.Type == "Bed" || o.Type == "Sofa" || o.Type == "Dresser" || o.Type == "Fridge" || o.Type == "TVStand" {
					sum += o.Size[0] * o.Size[2]
					n++
				}
			}
		}
		return sum / float64(n)
	}
	ap, ai := meanArea(StyleProcTHOR), meanArea(StyleITHOR)
	t.Logf("mean furniture footprint: procthor %.2f m², ithor %.2f m²", ap, ai)
	if ai <= 1.1*ap {
		t.Errorf("mean furniture footprint: ithor %.2f m², procthor %.2f m²: want ithor clearly larger", ai, ap)
	}
	floors := func(style string) map[string]bool {
		out := map[string]bool{}
		for k := 0; k < 30; k++ {
			h, _ := mustGenerate(t, style, 2, k)
			for _, r := range h.Rooms {
				out[r.FloorMaterial.Name] = true
			}
		}
		return out
	}
	fp, fi := floors(StyleProcTHOR), floors(StyleITHOR)
	for n := range fi {
		if fp[n] {
			t.Errorf("floor material %q used by both styles", n)
		}
	}
}

func TestGenerationStats(t *testing.T) {
	for _, style := range Styles {
		st, err := GenerationStats(style, 1, 50)
		if err != nil {
			t.Fatal(err)
		}
		if st.Houses != 50 || st.FullyReachable != 50 {
			t.Errorf("%s: every room reachable in %d of %d houses", style, st.FullyReachable, st.Houses)
		}
		var rooms, objs int
		for _, r := range st.ByRoomType {
			rooms += r.Rooms
			objs += r.Objects
		}
		if rooms != st.Rooms || objs != st.Objects {
			t.Errorf("%s: per-type totals %d rooms, %d objects vs %d, %d", style, rooms, objs, st.Rooms, st.Objects)
		}
		var buf bytes.Buffer
		if err := st.WriteTable(&buf); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), "50/50 (100.0%)") {
			t.Errorf("%s: table lacks the reachability line:\n%s", style, buf.String())
		}
		t.Logf("\n%s", buf.String())
	}
	if _, err := GenerationStats("nope", 1, 5); err == nil {
		t.Error("unknown style accepted")
	}
}
