package assets

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"

	"flowbench/sim"
)

// Showcase geometry: a large square room with the model at its centre, seen
// from the front-right and above, so every model is drawn alike.
const (
	showcaseRoom    = 20.0 // room side, metres
	showcaseAzimuth = 30.0 // degrees from the model's front (+z) towards +x
	showcaseFOV     = 45.0 // vertical field of view, degrees
)

// ShowcaseScene builds a one-room scene holding one object of type typ drawn
// with model m at the model's own size (front facing +z), and a camera of
// size px×px framing it from the front-right and above. It is what the
// contact sheet (flowbench assets gallery) draws for each model.
func ShowcaseScene(m *sim.Model, typ string, px int) (*sim.Scene, sim.Camera, error) {
	info := sim.DefaultCatalog().Type(typ)
	if info == nil || len(info.Variants) == 0 {
		return nil, sim.Camera{}, fmt.Errorf("assets: showcase: unknown object type %q", typ)
	}
	if m == nil || !(m.Size[0] > 0 && m.Size[1] > 0 && m.Size[2] > 0) {
		return nil, sim.Camera{}, fmt.Errorf("assets: showcase: %s: model without a size", typ)
	}
	c := showcaseRoom / 2
	h := &sim.House{Metadata: sim.HouseMetadata{Schema: sim.SchemaVersion}}
	floor, wall := sim.RGB{R: 0.62, G: 0.62, B: 0.62}, sim.RGB{R: 0.86, G: 0.86, B: 0.84}
	h.Rooms = []sim.Room{{ID: "room|1", RoomType: "LivingRoom", FloorMaterial: sim.Material{Name: "GreyFloor", Color: &floor},
		FloorPolygon: []sim.XYZ{{X: 0, Z: 0}, {X: 0, Z: showcaseRoom}, {X: showcaseRoom, Z: showcaseRoom}, {X: showcaseRoom, Z: 0}}}}
	corners := [][2]float64{{0, 0}, {showcaseRoom, 0}, {showcaseRoom, showcaseRoom}, {0, showcaseRoom}}
	for i := range corners {
		a, b := corners[i], corners[(i+1)%len(corners)]
		h.Walls = append(h.Walls, sim.Wall{ID: fmt.Sprintf("wall|1|%.2f|%.2f|%.2f|%.2f", a[0], a[1], b[0], b[1]), RoomID: "room|1",
			Material: sim.Material{Name: "PureWhite", Color: &wall}, Polygon: []sim.XYZ{
				{X: a[0], Z: a[1]}, {X: b[0], Z: b[1]}, {X: a[0], Y: 3, Z: a[1]}, {X: b[0], Y: 3, Z: b[1]}}})
	}
	v := info.Variants[0]
	h.Objects = []sim.HouseObject{{AssetID: v.AssetID, ID: typ + "|showcase", Kinematic: true,
		Position: sim.XYZ{X: c, Y: v.Size[1] / 2, Z: c}}}
	s, err := sim.NewScene(h)
	if err != nil {
		return nil, sim.Camera{}, fmt.Errorf("assets: showcase %s: %w", typ, err)
	}
	o := s.Objects[0]
	o.Size, o.Position, o.Yaw, o.Model = m.Size, sim.Vec3{c, m.Size[1] / 2, c}, 0, m
	// Frame the bounding sphere: its radius over sin(fov/2), with a margin.
	r := m.Size.Len() / 2
	d := 1.15 * r / math.Sin(showcaseFOV/2*math.Pi/180)
	elev := 25 * math.Pi / 180
	az := showcaseAzimuth * math.Pi / 180
	target := sim.Vec3{c, m.Size[1] / 2, c}
	eye := target.Add(sim.Vec3{d * math.Cos(elev) * math.Sin(az), d * math.Sin(elev), d * math.Cos(elev) * math.Cos(az)})
	cam := sim.Camera{Position: eye, Yaw: showcaseAzimuth + 180, Horizon: elev * 180 / math.Pi, FOV: showcaseFOV, Width: px, Height: px}
	if err := cam.Validate(); err != nil {
		return nil, cam, fmt.Errorf("assets: showcase %s: %w", typ, err)
	}
	return s, cam, nil
}

// GalleryItem is one model of the gallery: the AI2-THOR type it stands for,
// its catalog entry and the loaded model.
type GalleryItem struct {
	Type  string
	Entry Entry
	Model *sim.Model
}

// GalleryItems returns, type by type in name order, the first perType
// (all when perType < 1) mapped entries of each type that load; entries
// that fail to load are skipped with the loading error in skipped.
func (l *Library) GalleryItems(perType int) (items []GalleryItem, skipped []string) {
	tm := TypeMap()
	types := make([]string, 0, len(tm))
	for t := range tm {
		types = append(types, t)
	}
	sort.Strings(types)
	for _, t := range types {
		n := 0
		for _, key := range tm[t] {
			if perType > 0 && n >= perType {
				break
			}
			e, ok := l.Entry(key)
			if !ok {
				continue
			}
			m, err := l.Model(key)
			if err != nil {
				skipped = append(skipped, fmt.Sprintf("%s (%s): %v", key, t, err))
				continue
			}
			m = withoutCovers(m)
			if names := canvasSurfaces[key]; len(names) > 0 { // as dressed: an artwork (the first landscape)
				m = withArtwork(m, artwork(0, isPortrait(e.Size)), names)
			}
			items = append(items, GalleryItem{Type: t, Entry: e, Model: m})
			n++
		}
	}
	return items, skipped
}

// ProceduralGalleryItems returns the procedural models (procedural.go) as
// gallery items, type by type in name order: each type with a procedural
// fallback at the size of its first catalog variant, once per form for
// furniture, in the first colour or finish (a counter with its first
// worktop, a print with the first landscape). Their Entry has the model's
// key, the library "procedural" and a name for the label.
func ProceduralGalleryItems() []GalleryItem {
	var items []GalleryItem
	formNames := map[furnitureForm]string{formTable: "table", formTableShelf: "table with shelf", formNightTable: "table with drawer",
		formNightstand: "nightstand", formDresser: "chest of drawers", formCounter: "base units", formLowCabinet: "low cabinet", formShelves: "open shelves"}
	for _, t := range slices.Sorted(maps.Keys(proceduralTypes)) {
		info := sim.DefaultCatalog().Type(t)
		if info == nil || len(info.Variants) == 0 {
			continue
		}
		size := info.Variants[0].Size
		add := func(m *sim.Model, name string) {
			items = append(items, GalleryItem{Type: t, Entry: Entry{Library: "procedural", Key: m.Key, Name: name, Size: size}, Model: m})
		}
		switch k := proceduralTypes[t]; k {
		case procPrint:
			add(canvasPrint(size, artwork(0, isPortrait(size))), "canvas print")
		case procFurniture:
			for _, f := range furnitureForms[t] {
				add(furnitureModel(size, furnitureStyle{form: f}), formNames[f])
			}
		default:
			add(colouredModels[k].first(size), colouredModels[k].name)
		}

	}
	return items
}
