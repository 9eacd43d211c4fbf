package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// boxRoomHouse builds rectangular rooms in a row along x, each w by d metres,
// with walls and exterior faces, and optional holes on the shared walls.
func boxRoomHouse(n int, w, d float64, holes []Door) *House {
	h := &House{Metadata: HouseMetadata{Schema: SchemaVersion, Agent: AgentPose{Position: XYZ{w / 2, 0.95, d / 2}}}}
	wall := func(owner, room string, a, b [2]float64) Wall {
		id := wallID(owner, a, b)
		return Wall{ID: id, RoomID: room, Polygon: []XYZ{{a[0], 0, a[1]}, {b[0], 0, b[1]}, {a[0], 2.5, a[1]}, {b[0], 2.5, b[1]}}}
	}
	for k := 0; k < n; k++ {
		x0, x1 := float64(k)*w, float64(k+1)*w
		id := fmt.Sprintf("room|%d", k+1)
		poly := [][2]float64{{x0, 0}, {x0, d}, {x1, d}, {x1, 0}}
		r := Room{ID: id, RoomType: string(Bedroom)}
		for i, p := range poly {
			r.FloorPolygon = append(r.FloorPolygon, XYZ{p[0], 0, p[1]})
			q := poly[(i+1)%4]
			h.Walls = append(h.Walls, wall(fmt.Sprint(k+1), id, p, q))
			shared := (i == 0 && k > 0) || (i == 2 && k < n-1)
			if !shared {
				h.Walls = append(h.Walls, wall("exterior", "exterior", p, q))
			}
		}
		h.Rooms = append(h.Rooms, r)
	}
	h.Doors = append(h.Doors, holes...)
	return h
}

// sharedDoor returns a hole in the wall between rooms 1 and 2 of a
// boxRoomHouse, from z0 to z1 (the wall runs from (w,0) to (w,d)), starting at sill.
func sharedDoor(w, d, z0, z1, sill float64) Door {
	return Door{ID: "door|1|2", Room0: "room|1", Room1: "room|2",
		Wall0: wallID("1", [2]float64{w, 0}, [2]float64{w, d}), Wall1: wallID("2", [2]float64{w, 0}, [2]float64{w, d}),
		// Room 1's shared wall polygon starts at (w, d): AI2-THOR measures
		// the hole from there, so z in [z0, z1] is d-z1 .. d-z0 along it.
		HolePolygon: []XYZ{{d - z1, sill, 0}, {d - z0, 2.1, 0}}}
}

// gridCount counts multiples of 0.25 in [lo, hi].
func gridCount(lo, hi float64) int {
	return int(math.Floor(hi/GridSize+1e-9)) - int(math.Ceil(lo/GridSize-1e-9)) + 1
}

func TestReachableEmptyRoom(t *testing.T) {
	for _, wd := range [][2]float64{{4, 5}, {4.1, 3.3}, {2.5, 2.5}} {
		s := mustScene(t, boxRoomHouse(1, wd[0], wd[1], nil))
		got := len(s.ReachablePositions())
		want := gridCount(AgentRadius, wd[0]-AgentRadius) * gridCount(AgentRadius, wd[1]-AgentRadius)
		if got != want {
			t.Errorf("%gx%g room: %d reachable positions, want %d", wd[0], wd[1], got, want)
		}
	}
}

func TestReachableDoorway(t *testing.T) {
	const w, d = 4.0, 4.0
	inner := gridCount(AgentRadius, w-AgentRadius) * gridCount(AgentRadius, d-AgentRadius)
	cases := []struct {
		name  string
		holes []Door
		want  int
	}{
		{"no door", nil, inner},
		// On the door line the disc's chord [z-0.2, z+0.2] must lie in [1, 2]: z = 1.25, 1.5, 1.75.
		{"door", []Door{sharedDoor(w, d, 1, 2, 0)}, 2*inner + 3},
		{"window", []Door{sharedDoor(w, d, 1, 2, 0.9)}, inner},
		// A 0.35 m gap is narrower than the agent: no passage.
		{"narrow door", []Door{sharedDoor(w, d, 1, 1.35, 0)}, inner},
	}
	for _, c := range cases {
		s := mustScene(t, boxRoomHouse(2, w, d, c.holes))
		ps := s.ReachablePositions()
		if len(ps) != c.want {
			t.Errorf("%s: %d reachable positions, want %d", c.name, len(ps), c.want)
		}
		rooms := s.ReachableRooms()
		if (rooms["room|2"] > 0) != (c.want > inner) {
			t.Errorf("%s: room counts %v", c.name, rooms)
		}
	}
}

func TestReachableObjects(t *testing.T) {
	cat := DefaultCatalog()
	const asset = "Dining_Table_201_1"
	_, size, ok := cat.Asset(asset)
	if !ok {
		t.Skipf("catalog lacks %s", asset)
	}
	for _, yaw := range []float64{0, 90, 30, 45} {
		h := boxRoomHouse(1, 5, 5, nil)
		h.Metadata.Agent.Position = XYZ{0.5, 0.95, 0.5}
		c := XYZ{2.5, size[1] / 2, 2.4}
		h.Objects = []HouseObject{{AssetID: asset, ID: "DiningTable|1|0", Kinematic: true, Position: c, Rotation: XYZ{0, yaw, 0}}}
		s := mustScene(t, h)
		o := s.Objects[0]
		corners := obbXZ(o)
		// Count free points analytically: inside the walls' margin and at
		// least AgentRadius from the rotated rectangle.
		want := 0
		for i := 1; float64(i)*GridSize <= 5-AgentRadius; i++ {
			for j := 1; float64(j)*GridSize <= 5-AgentRadius; j++ {
				if quadDist([2]float64{float64(i) * GridSize, float64(j) * GridSize}, corners) >= AgentRadius {
					want++
				}
			}
		}
		got := s.ReachablePositions()
		if len(got) != want {
			t.Errorf("yaw %g: %d reachable positions, want %d", yaw, len(got), want)
		}
		if len(got) > 0 && (got[0][0] != 0.5 || got[0][2] != 0.5) {
			t.Errorf("yaw %g: BFS starts at %v, want the agent's point (0.5, 0.5)", yaw, got[0])
		}
	}
}

func TestReachableStartFallback(t *testing.T) {
	h := boxRoomHouse(1, 4, 4, nil)
	base := mustScene(t, h).ReachablePositions()
	for _, p := range []XYZ{{-3, 0.95, 2}, {0.05, 0.95, 0.05}, {2.01, 0.95, 9}} {
		h.Metadata.Agent.Position = p
		got := mustScene(t, h).ReachablePositions()
		if len(got) != len(base) {
			t.Fatalf("agent at %v: %d positions, want %d", p, len(got), len(base))
		}
		// The start is the nearest point where the agent fits.
		best := math.Inf(1)
		for _, q := range got {
			best = math.Min(best, math.Hypot(q[0]-p.X, q[2]-p.Z))
		}
		if d := math.Hypot(got[0][0]-p.X, got[0][2]-p.Z); d > best+1e-12 {
			t.Errorf("agent at %v: BFS starts at %v (%.3f m), nearest fit is %.3f m", p, got[0], d, best)
		}
	}
}

// quadDist returns the distance from p to a convex quad (0 inside).
func quadDist(p [2]float64, q [4][2]float64) float64 {
	if PointInPolygon(q[:], p[0], p[1]) {
		return 0
	}
	d := math.Inf(1)
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		e := [2]float64{b[0] - a[0], b[1] - a[1]}
		t := ((p[0]-a[0])*e[0] + (p[1]-a[1])*e[1]) / (e[0]*e[0] + e[1]*e[1])
		t = math.Max(0, math.Min(1, t))
		d = math.Min(d, math.Hypot(a[0]+t*e[0]-p[0], a[1]+t*e[1]-p[1]))
	}
	return d
}

// discWallOK checks, independently of navigation.go, that the agent disc at
// p meets wall w only inside a doorway.
func discWallOK(p [2]float64, w *WallShape) bool {
	l := w.Length()
	ux, uz := (w.B[0]-w.A[0])/l, (w.B[1]-w.A[1])/l
	rx, rz := p[0]-w.A[0], p[1]-w.A[1]
	u := rx*ux + rz*uz
	perp := math.Abs(rx*uz - rz*ux)
	uc := math.Max(0, math.Min(l, u))
	if math.Hypot(w.A[0]+uc*ux-p[0], w.A[1]+uc*uz-p[1]) >= AgentRadius {
		return true
	}
	half := math.Sqrt(math.Max(AgentRadius*AgentRadius-perp*perp, 0))
	lo, hi := math.Max(u-half, 0), math.Min(u+half, l)
	for _, h := range w.Holes {
		if h.Y0 < 0.05 && lo >= h.U0-1e-9 && hi <= h.U1+1e-9 {
			return true
		}
	}
	return false
}

// stepWallOK checks that the step p→q crosses wall w's line only within a doorway.
func stepWallOK(p, q [2]float64, w *WallShape) bool {
	side := func(x [2]float64) float64 {
		return (w.B[0]-w.A[0])*(x[1]-w.A[1]) - (w.B[1]-w.A[1])*(x[0]-w.A[0])
	}
	sp, sq := side(p), side(q)
	if (sp > 1e-12 && sq > 1e-12) || (sp < -1e-12 && sq < -1e-12) {
		return true
	}
	var x [2]float64
	if math.Abs(sp-sq) < 1e-15 {
		x = p
	} else {
		t := sp / (sp - sq)
		x = [2]float64{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1])}
	}
	l := w.Length()
	u := ((x[0]-w.A[0])*(w.B[0]-w.A[0]) + (x[1]-w.A[1])*(w.B[1]-w.A[1])) / l
	if u < -1e-9 || u > l+1e-9 {
		return true
	}
	for _, h := range w.Holes {
		if h.Y0 < 0.05 && u >= h.U0-1e-9 && u <= h.U1+1e-9 {
			return true
		}
	}
	return false
}

// checkReachable verifies ReachablePositions on a scene: grid points on the
// floor, unique, collision-free (checked independently), inside rooms,
// 4-connected in BFS order through legal steps, and maximal.
func checkReachable(t *testing.T, tag string, s *Scene) []Vec3 {
	t.Helper()
	ps := s.ReachablePositions()
	if len(ps) == 0 {
		t.Fatalf("%s: no reachable positions", tag)
	}
	index := map[[2]int]int{}
	for k, p := range ps {
		i, j := int(math.Round(p[0]/GridSize)), int(math.Round(p[2]/GridSize))
		if p[1] != 0 || float64(i)*GridSize != p[0] || float64(j)*GridSize != p[2] {
			t.Fatalf("%s: position %v is not a floor grid point", tag, p)
		}
		if _, dup := index[[2]int{i, j}]; dup {
			t.Fatalf("%s: position %v repeated", tag, p)
		}
		index[[2]int{i, j}] = k
	}
	steps := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	var near []*WallShape
	type blocker struct {
		box  AABB
		quad [4][2]float64
		id   string
	}
	var blockers []blocker
	for _, o := range s.Objects {
		if o.Position[1]-o.Size[1]/2 < NavMaxHeight {
			blockers = append(blockers, blocker{o.AABB(), obbXZ(o), o.ID})
		}
	}
	for k, p := range ps {
		xz := [2]float64{p[0], p[2]}
		if s.RoomAt(p[0]+1.3e-7, p[2]+1.7e-7) == "" {
			t.Fatalf("%s: position %v is outside every room", tag, p)
		}
		// Walls within 0.5 m: the only ones the disc or a 0.25 m step can meet.
		near = near[:0]
		for i := range s.Walls {
			w := &s.Walls[i]
			if quadDist(xz, [4][2]float64{w.A, w.B, w.B, w.A}) < 0.5 {
				near = append(near, w)
			}
		}
		for _, w := range near {
			if !discWallOK(xz, w) {
				t.Fatalf("%s: position %v: agent disc crosses wall %s", tag, p, w.ID)
			}
		}
		for _, o := range blockers {
			b := o.box
			if b.Min[0] > p[0]+1 || b.Max[0] < p[0]-1 || b.Min[2] > p[2]+1 || b.Max[2] < p[2]-1 {
				continue
			}
			if quadDist(xz, o.quad) < AgentRadius {
				t.Fatalf("%s: position %v: agent disc hits %s", tag, p, o.id)
			}
		}
		legal := func(b [2]float64) bool {
			for _, w := range near {
				if !stepWallOK(xz, b, w) {
					return false
				}
			}
			return true
		}
		i, j := int(math.Round(p[0]/GridSize)), int(math.Round(p[2]/GridSize))
		parent := k == 0
		for _, d := range steps {
			n := [2]int{i + d[0], j + d[1]}
			b := [2]float64{float64(n[0]) * GridSize, float64(n[1]) * GridSize}
			m, in := index[n]
			if in && m < k && legal(b) {
				parent = true
			}
			// Maximality: a neighbour left out must not fit or must be walled off.
			if !in && legal(b) && s.AgentFits(b[0], b[1]) {
				t.Fatalf("%s: %v is reachable from %v but missing", tag, b, p)
			}
		}
		if !parent {
			t.Fatalf("%s: position %d %v has no earlier neighbour joined by a legal step", tag, k, p)
		}
	}
	return ps
}

func TestReachableGeneratedHouses(t *testing.T) {
	n := genSeeds
	if testing.Short() {
		n = 50
	}
	for _, style := range Styles {
		for seed := 0; seed < n; seed++ {
			index := seed % 2
			if style == StyleITHOR {
				index = (seed * 7) % 120
			}
			h, s := mustGenerate(t, style, int64(seed), index)
			tag := fmt.Sprintf("%s seed %d index %d", style, seed, index)
			ps := checkReachable(t, tag, s)
			a := h.Metadata.Agent.Position
			if a.Y != 0.95 || !s.AgentFits(a.X, a.Z) || ps[0][0] != a.X || ps[0][2] != a.Z {
				t.Fatalf("%s: agent start %v does not fit or is not where the search starts (%v)", tag, a, ps[0])
			}
			for id, c := range s.roomCounts(ps) {
				if c == 0 {
					t.Fatalf("%s: %s is unreachable", tag, id)
				}
			}
			checkDoorsWalkable(t, tag, s, ps)
		}
	}
}

// checkDoorsWalkable checks that the agent stands in every doorway: some
// reachable position lies on each door's wall line within its hole.
func checkDoorsWalkable(t *testing.T, tag string, s *Scene, ps []Vec3) {
	t.Helper()
	for _, d := range s.House.Doors {
		var w *WallShape
		for i := range s.Walls {
			if s.Walls[i].ID == d.Wall0 {
				w = &s.Walls[i]
			}
		}
		// The hole as the scene cut it, measured from w.A (HolePolygon is
		// measured from wall0's first polygon vertex, which may be w.B).
		var hole *Hole
		for i := range w.Holes {
			if w.Holes[i].ID == d.ID {
				hole = &w.Holes[i]
			}
		}
		if hole == nil {
			t.Fatalf("%s: wall %s has no hole for %s", tag, w.ID, d.ID)
		}
		found := false
		for _, p := range ps {
			xz := [2]float64{p[0], p[2]}
			if quadDist(xz, [4][2]float64{w.A, w.B, w.B, w.A}) > 1e-9 {
				continue
			}
			u := math.Hypot(p[0]-w.A[0], p[2]-w.A[1])
			if u >= hole.U0 && u <= hole.U1 {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: no reachable position in doorway %s", tag, d.ID)
		}
	}
}

func TestReachableOneRoomTestdata(t *testing.T) {
	h, err := ReadHouseFile("../testdata/houses/one_room.json")
	if err != nil {
		t.Fatal(err)
	}
	s := mustScene(t, h)
	ps := checkReachable(t, "one_room.json", s)
	if rooms := s.ReachableRooms(); rooms["room|1"] != len(ps) {
		t.Errorf("room counts %v for %d positions", rooms, len(ps))
	}
}

// referenceDir is where the shared AI2-THOR reference files live, seen from this package.
const referenceDir = "../../shared/reference/procthor"

// TestReachableReferenceHouse runs the reachability checks on a real
// ProcTHOR house, whose walls are not on the 0.25 m grid. Objects whose type
// the catalog lacks are dropped; sizes come from the asset database.
func TestReachableReferenceHouse(t *testing.T) {
	housePath := filepath.Join(referenceDir, "house-procthor-train-1.json")
	dbPath := filepath.Join(referenceDir, "asset-database.json")
	if _, err := os.Stat(housePath); err != nil {
		t.Skipf("reference house not available (%v): skipping", err)
	}
	raw, err := os.ReadFile(dbPath)
	if err != nil {
		t.Skipf("asset database not available (%v): skipping", err)
	}
	var db map[string][]struct {
		AssetID     string `json:"assetId"`
		BoundingBox XYZ    `json:"boundingBox"`
	}
	if err := json.Unmarshal(raw, &db); err != nil {
		t.Fatal(err)
	}
	type entry struct {
		typ  string
		size Vec3
	}
	assets := map[string]entry{}
	for typ, list := range db {
		for _, a := range list {
			assets[a.AssetID] = entry{typ, a.BoundingBox.Vec()}
		}
	}
	h, err := ReadHouseFile(housePath)
	if err != nil {
		t.Fatal(err)
	}
	// ProcTHOR marks open boundaries between rooms with "empty": true; such
	// wall sides have no geometry in AI2-THOR, so they do not block walking.
	rawHouse, err := os.ReadFile(housePath)
	if err != nil {
		t.Fatal(err)
	}
	var flags struct {
		Walls []struct {
			ID    string `json:"id"`
			Empty bool   `json:"empty"`
		} `json:"walls"`
	}
	if err := json.Unmarshal(rawHouse, &flags); err != nil {
		t.Fatal(err)
	}
	empty := map[string]bool{}
	for _, w := range flags.Walls {
		empty[w.ID] = w.Empty
	}
	var walls []Wall
	for _, w := range h.Walls {
		if !empty[w.ID] {
			walls = append(walls, w)
		}
	}
	h.Walls = walls
	cat := DefaultCatalog()
	var keep func([]HouseObject) []HouseObject
	keep = func(list []HouseObject) []HouseObject {
		var out []HouseObject
		for _, o := range list {
			if e, ok := assets[o.AssetID]; ok && cat.Type(e.typ) != nil && cat.Type(ObjectTypeFromID(o.ID)) != nil {
				o.Children = keep(o.Children)
				out = append(out, o)
			}
		}
		return out
	}
	h.Objects = keep(h.Objects)
	s, err := NewSceneWith(h, cat, func(id string) (string, Vec3, bool) {
		e, ok := assets[id]
		return e.typ, e.size, ok
	})
	if err != nil {
		t.Fatal(err)
	}
	ps := checkReachable(t, "house-procthor-train-1", s)
	t.Logf("reference house: %d objects kept, %d reachable positions, per room %v", len(s.Objects), len(ps), s.roomCounts(ps))
	// With holes measured from wall0's first polygon vertex (as AI2-THOR
	// does), every door is where ProcTHOR put it: every room is reachable
	// with the furniture in place. (Measured from the wall id's first
	// endpoint, door|2|3 sat behind Sofa|3|3 and only the kitchen was.)
	for id, c := range s.roomCounts(ps) {
		if c == 0 {
			t.Errorf("reference house with furniture: %s is unreachable", id)
		}
	}
	// Without furniture, its doors and open boundaries join every room too.
	h.Objects = nil
	bare, err := NewSceneWith(h, cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps = checkReachable(t, "house-procthor-train-1 without objects", bare)
	for id, c := range bare.roomCounts(ps) {
		if c == 0 {
			t.Errorf("reference house without objects: %s is unreachable", id)
		}
	}
}
