package sim

import (
	"fmt"
	"hash/fnv"
	"math"
	"strings"
)

// Scene is the runtime form of a house: rooms and walls as geometry, objects
// flattened with their resolved sizes and flags. The simulator's queries and
// actions (teleport, settle, raycast, reachability) operate on a Scene.
type Scene struct {
	House   *House // the source house; HouseJSON writes current object poses back into a copy
	Catalog *Catalog
	Rooms   []RoomShape // fixed once built: RoomAt indexes them (room_locator.go)
	Walls   []WallShape
	Objects []*Object // parents come before their children
	// Surfaces optionally gives structure meshes ("floor|<room>",
	// "ceiling|<room>", wall ids) a textured look; nil keeps plain colours.
	Surfaces map[string]*Surface
	// Rugs optionally lays a rug on rooms' floors (room id → rug; see Rug).
	Rugs map[string]Rug

	index    map[string]int
	children map[string][]string
	grid     *spatialGrid
	locator  *roomLocator // RoomAt's index over Rooms, built by NewSceneWith
	meshes   *meshCache   // ray-cast meshes, rebuilt lazily when poses change (raycast.go)
}

// RoomShape is a room's type and floor polygon in the xz plane.
type RoomShape struct {
	ID       string
	Type     RoomType
	Polygon  [][2]float64 // (x, z) vertices
	Floor    RGB
	Material string
	// floorPaint and ceilingPaint are the floor's and the ceiling's colours
	// as plain surfaces, made once with the scene, so that every
	// StructureMeshes call of an undressed scene with rugs or lamps shares
	// one pointer (as WallShape.paint).
	floorPaint, ceilingPaint *Surface
}

// WallShape is one side of a zero-thickness wall from A to B (x, z).
type WallShape struct {
	ID       string
	RoomID   string // "exterior" for the outside face
	A, B     [2]float64
	Height   float64
	Holes    []Hole
	Normal   [2]float64 // unit normal pointing into RoomID's room (out of the house for exterior faces)
	Color    RGB
	Exterior bool
	// paint is the wall's colour as a plain surface, made once with the
	// scene: an undressed wall whose openings need per-triangle surfaces
	// uses it, so every StructureMeshes call shares one pointer.
	paint *Surface
}

// Hole is a rectangular door or window opening in wall-local coordinates:
// U along the wall from A, Y up from the floor.
type Hole struct {
	ID     string
	Asset  string // the door's or window's AI2-THOR asset id
	U0, U1 float64
	Y0, Y1 float64
	Door   bool
}

// Length returns the wall's length in metres.
func (w *WallShape) Length() float64 { return math.Hypot(w.B[0]-w.A[0], w.B[1]-w.A[1]) }

// SizeResolver gives the objectType and extents of an asset id; ok is false
// when the asset is unknown.
type SizeResolver func(assetID string) (objectType string, size Vec3, ok bool)

// NewScene builds a Scene from a house using the default catalog for sizes.
// A house with assets or types the catalog does not know (a real ProcTHOR
// house) is imported with the built-in asset table instead (ImportHouse),
// so it loads with no extra file.
func NewScene(h *House) (*Scene, error) {
	s, err := NewSceneWith(h, DefaultCatalog(), nil)
	if err == nil || !needsAssetTable(h, DefaultCatalog()) {
		return s, err
	}
	s, _, err2 := ImportHouse(h, ImportOptions{AssetDB: BuiltinAssetDB()})
	if err2 != nil {
		return nil, err
	}
	return s, nil
}

// needsAssetTable reports whether some object's asset or type is unknown to the catalog.
func needsAssetTable(h *House, cat *Catalog) bool {
	var walk func([]HouseObject) bool
	walk = func(objs []HouseObject) bool {
		for _, o := range objs {
			if _, _, ok := cat.Asset(o.AssetID); !ok || cat.Type(ObjectTypeFromID(o.ID)) == nil || walk(o.Children) {
				return true
			}
		}
		return false
	}
	return walk(h.Objects)
}

// NewSceneWith builds a Scene from a house. Sizes come from resolve when it is
// non-nil and knows the asset, else from the catalog by asset id; an object
// whose asset is unknown to both is an error naming it. Flags (pickupable,
// receptacle, ...) and shapes come from the catalog by objectType.
func NewSceneWith(h *House, cat *Catalog, resolve SizeResolver) (*Scene, error) {
	if err := ValidateHouse(h); err != nil {
		return nil, err
	}
	s := &Scene{House: h, Catalog: cat, index: map[string]int{}, children: map[string][]string{}}
	for _, r := range h.Rooms {
		rs := RoomShape{ID: r.ID, Type: RoomType(r.RoomType), Material: r.FloorMaterial.Name}
		for _, p := range r.FloorPolygon {
			rs.Polygon = append(rs.Polygon, [2]float64{p.X, p.Z})
		}
		rs.Floor = materialColor(r.FloorMaterial, "floor|"+r.ID)
		rs.floorPaint = &Surface{Name: "paint:floor|" + r.ID, Color: rs.Floor, Tile: 1}
		rs.ceilingPaint = &Surface{Name: "paint:ceiling|" + r.ID, Color: ceilingColor(h), Tile: 1}
		s.Rooms = append(s.Rooms, rs)
	}
	polys := make([][][2]float64, len(s.Rooms))
	for i := range s.Rooms {
		polys[i] = s.Rooms[i].Polygon
	}
	s.locator = newRoomLocator(polys)
	houseWalls := map[string]Wall{}
	for _, w := range h.Walls {
		houseWalls[w.ID] = w
	}
	holes := map[string][]Hole{}
	addHoles := func(d Door, isDoor bool) {
		if len(d.HolePolygon) < 2 {
			return
		}
		w0, ok := houseWalls[d.Wall0]
		if !ok {
			return
		}
		for _, w := range []string{d.Wall0, d.Wall1} {
			if hw, ok := houseWalls[w]; ok && w != "" {
				holes[w] = append(holes[w], holeOnWall(d, isDoor, w0, hw))
			}
		}
	}
	for _, d := range h.Doors {
		addHoles(d, true)
	}
	for _, d := range h.Windows {
		addHoles(d, false)
	}
	for _, w := range h.Walls {
		if w.Empty {
			continue // an open boundary between rooms: no geometry in AI2-THOR either
		}
		ws, err := s.wallShape(w)
		if err != nil {
			return nil, err
		}
		ws.Holes = holes[w.ID]
		s.Walls = append(s.Walls, ws)
	}
	var add func(o HouseObject, parent string, path string) error
	add = func(o HouseObject, parent, path string) error {
		obj, err := s.newObject(o, parent, cat, resolve, path)
		if err != nil {
			return err
		}
		if _, dup := s.index[obj.ID]; dup {
			return fmt.Errorf("%s: duplicate objectId %q", path, obj.ID)
		}
		s.index[obj.ID] = len(s.Objects)
		s.Objects = append(s.Objects, obj)
		if parent != "" {
			s.children[parent] = append(s.children[parent], obj.ID)
		}
		for i, c := range o.Children {
			if err := add(c, obj.ID, fmt.Sprintf("%s.children[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	}
	for i, o := range h.Objects {
		if err := add(o, "", fmt.Sprintf("objects[%d]", i)); err != nil {
			return nil, err
		}
	}
	for i, o := range s.Objects {
		c := o.Position
		if s.RoomAt(c[0], c[2]) == "" {
			return nil, fmt.Errorf("object %q (objects, index %d) at (%.3f, %.3f, %.3f) lies outside every room", o.ID, i, c[0], c[1], c[2])
		}
	}
	s.rebuildIndex()
	return s, nil
}

// ObjectTypeFromID returns the objectType encoded before the first '|' of an
// AI2-THOR objectId ("Mug|surface|2|4" → "Mug").
func ObjectTypeFromID(id string) string {
	if i := strings.IndexByte(id, '|'); i >= 0 {
		return id[:i]
	}
	return id
}

func (s *Scene) newObject(o HouseObject, parent string, cat *Catalog, resolve SizeResolver, path string) (*Object, error) {
	var (
		typ  string
		size Vec3
		ok   bool
	)
	if resolve != nil {
		typ, size, ok = resolve(o.AssetID)
	}
	if !ok {
		typ, size, ok = cat.Asset(o.AssetID)
	}
	if !ok {
		return nil, fmt.Errorf("%s: object %q has unknown assetId %q", path, o.ID, o.AssetID)
	}
	if idType := ObjectTypeFromID(o.ID); idType != "" && cat.Type(idType) != nil {
		typ = idType
	}
	info := cat.Type(typ)
	if info == nil {
		return nil, fmt.Errorf("%s: object %q has objectType %q, which the catalog does not know", path, o.ID, typ)
	}
	obj := &Object{
		ID: o.ID, Type: typ, AssetID: o.AssetID,
		Position: o.Position.Vec(), Yaw: o.Rotation.Y, Size: size,
		Pickupable: info.Pickupable, Moveable: info.Moveable || info.Pickupable, Receptacle: info.Receptacle,
		Kinematic: o.Kinematic, Parent: parent, Shape: info.Shape,
	}
	var m Material
	if o.Material != nil {
		m = *o.Material
	}
	obj.Material = m.Name
	obj.Color = materialColor(m, o.AssetID+"|"+o.ID)
	return obj, nil
}

// materialColor returns the material's colour, or a deterministic muted
// colour hashed from the key when the material has none.
func materialColor(m Material, key string) RGB {
	if m.Color != nil {
		return *m.Color
	}
	h := fnv.New32a()
	h.Write([]byte(m.Name + "#" + key))
	v := h.Sum32()
	f := func(shift uint) float64 { return 0.25 + 0.6*float64((v>>shift)&0xff)/255 }
	return RGB{f(0), f(8), f(16)}
}

func (s *Scene) wallShape(w Wall) (WallShape, error) {
	ws := WallShape{ID: w.ID, RoomID: w.RoomID, Exterior: w.RoomID == "exterior" || strings.HasPrefix(w.ID, "wall|exterior|")}
	if len(w.Polygon) < 3 {
		return ws, fmt.Errorf("wall %q: polygon has %d points, need at least 3", w.ID, len(w.Polygon))
	}
	// The base is the two distinct (x,z) points; the height is the largest y.
	pts, height := wallBase(w)
	ws.Height = height
	if len(pts) != 2 {
		return ws, fmt.Errorf("wall %q: polygon must span exactly two floor points, found %d", w.ID, len(pts))
	}
	ws.A, ws.B = pts[0], pts[1]
	if ws.Height <= 0 {
		return ws, fmt.Errorf("wall %q: height %g must be positive", w.ID, ws.Height)
	}
	// Keep the id's endpoint order when it encodes one (hole intervals are
	// converted to this frame by holeOnWall).
	if a, b, ok := idOrder(w.ID, ws.A, ws.B); ok {
		ws.A, ws.B = a, b
	}
	dx, dz := ws.B[0]-ws.A[0], ws.B[1]-ws.A[1]
	l := math.Hypot(dx, dz)
	n := [2]float64{-dz / l, dx / l}
	mid := [2]float64{(ws.A[0] + ws.B[0]) / 2, (ws.A[1] + ws.B[1]) / 2}
	probe := func(sign float64) string {
		return s.RoomAt(mid[0]+sign*0.05*n[0], mid[1]+sign*0.05*n[1])
	}
	if ws.Exterior {
		if probe(1) != "" {
			n = [2]float64{-n[0], -n[1]}
		}
	} else if probe(1) != w.RoomID && probe(-1) == w.RoomID {
		n = [2]float64{-n[0], -n[1]}
	}
	ws.Normal = n
	if w.Color != nil {
		ws.Color = *w.Color
	} else {
		ws.Color = materialColor(w.Material, "wall|"+w.RoomID)
	}
	ws.paint = &Surface{Name: "paint:" + w.ID, Color: ws.Color, Tile: 1}
	return ws, nil
}

// Object returns the object with the given id, or nil.
func (s *Scene) Object(id string) *Object {
	if i, ok := s.index[id]; ok {
		return s.Objects[i]
	}
	return nil
}

// Children returns the ids of the objects resting directly on id.
func (s *Scene) Children(id string) []string { return s.children[id] }

// Descendants returns id's children, their children, and so on, depth first.
func (s *Scene) Descendants(id string) []string {
	var out []string
	var walk func(string)
	walk = func(p string) {
		for _, c := range s.children[p] {
			out = append(out, c)
			walk(c)
		}
	}
	walk(id)
	return out
}

// RoomAt returns the id of the room whose floor polygon contains (x, z), or
// "": the first such room in room order. A scene built by NewScene answers
// through its room locator, testing only the polygon edges near the point.
func (s *Scene) RoomAt(x, z float64) string {
	if l := s.locator; l != nil && len(l.rooms) == len(s.Rooms) {
		if k, _ := l.locate(x, z); k >= 0 {
			return s.Rooms[k].ID
		}
		return ""
	}
	for i := range s.Rooms {
		if PointInPolygon(s.Rooms[i].Polygon, x, z) {
			return s.Rooms[i].ID
		}
	}
	return ""
}

// Room returns the room with the given id, or nil.
func (s *Scene) Room(id string) *RoomShape {
	for i := range s.Rooms {
		if s.Rooms[i].ID == id {
			return &s.Rooms[i]
		}
	}
	return nil
}

// PointInPolygon reports whether (x, z) lies inside the polygon (even-odd rule).
func PointInPolygon(poly [][2]float64, x, z float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		if edgeCrossesRight(poly[i], poly[j], x, z) {
			in = !in
		}
	}
	return in
}

// edgeCrossesRight reports whether the polygon edge a-b crosses the ray from
// (x, z) towards +x, counting an edge that starts exactly at the ray's z
// (a half-open rule, so a vertex on the ray counts once).
func edgeCrossesRight(a, b [2]float64, x, z float64) bool {
	return (a[1] > z) != (b[1] > z) && x < (b[0]-a[0])*(z-a[1])/(b[1]-a[1])+a[0]
}

// HouseJSON returns a copy of the source house with every object's current
// position, yaw and parent written back, ready to be saved or sent to AI2-THOR.
func (s *Scene) HouseJSON() *House {
	h := *s.House
	var build func(parent string) []HouseObject
	build = func(parent string) []HouseObject {
		var out []HouseObject
		var ids []string
		if parent == "" {
			for _, o := range s.Objects {
				if o.Parent == "" {
					ids = append(ids, o.ID)
				}
			}
		} else {
			ids = s.children[parent]
		}
		for _, id := range ids {
			o := s.Object(id)
			var ho HouseObject
			if orig := s.source(id); orig != nil {
				ho = *orig // keep states, colour, layer and material
			}
			ho.AssetID, ho.ID, ho.Kinematic = o.AssetID, o.ID, o.Kinematic
			ho.Position, ho.Rotation = ToXYZ(o.Position), XYZ{0, o.Yaw, 0}
			ho.Children = build(id)
			out = append(out, ho)
		}
		return out
	}
	h.Objects = build("")
	return &h
}

func (s *Scene) source(id string) *HouseObject {
	var find func([]HouseObject) *HouseObject
	find = func(list []HouseObject) *HouseObject {
		for i := range list {
			if list[i].ID == id {
				return &list[i]
			}
			if f := find(list[i].Children); f != nil {
				return f
			}
		}
		return nil
	}
	return find(s.House.Objects)
}
