package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
)

// Every generated house (40 procthor houses and all 120 ithor scenes)
// follows what AI2-THOR's CreateHouse and ProcTHOR expect: floor, wall and
// ceiling materials named from ProcTHOR's material database (CreateHouse
// looks them up and throws on any other name), layers and light culling,
// soft shadows, openable doors, hole sizes from wall-holes.json, and door
// and window assetPosition as ProcTHOR computes it (checkAssetPositions).
func TestGeneratedHousesFollowCreateHouseRules(t *testing.T) {
	holeRef := loadProcTHORHoleRef(t)
	raw, err := os.ReadFile(referencePath(t, "procthor/material-database.json"))
	if err != nil {
		t.Fatal(err)
	}
	var groups map[string][]string
	if err := json.Unmarshal(raw, &groups); err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, names := range groups {
		for _, n := range names {
			known[n] = true
		}
	}
	check := func(house, field, name string) {
		if !known[name] {
			t.Errorf("%s: %s material %q is not in ProcTHOR's material database", house, field, name)
		}
	}
	var houses []*House
	var names []string
	for i := 0; i < 40; i++ {
		h, err := Generate(StyleProcTHOR, 11, i)
		if err != nil {
			t.Fatal(err)
		}
		houses, names = append(houses, h), append(names, fmt.Sprintf("procthor house %d", i))
	}
	for _, scene := range IthorSceneNames() {
		h, err := GenerateIthor(scene, 11)
		if err != nil {
			t.Fatal(err)
		}
		houses, names = append(houses, h), append(names, scene)
	}
	for k, h := range houses {
		for _, r := range h.Rooms {
			check(names[k], r.ID+" floor", r.FloorMaterial.Name)
		}
		for _, w := range h.Walls {
			check(names[k], w.ID, w.Material.Name)
		}
		check(names[k], "ceiling", h.ProceduralParameters.CeilingMaterial.Name)
		checkHouseLayersAndLights(t, names[k], h)
		checkHoleSizes(t, names[k], h)
		checkAssetPositions(t, holeRef, names[k], h)
		checkNoObjectMaterials(t, names[k], h.Objects)
	}
}

// checkNoObjectMaterials: no object overrides its asset's materials with a
// flat colour (AI2-THOR applies an object's "material" over every renderer
// of the asset); ProcTHOR's houses have "material": null.
func checkNoObjectMaterials(t *testing.T, name string, objs []HouseObject) {
	t.Helper()
	for _, o := range objs {
		if o.Material != nil || o.Color != nil {
			t.Errorf("%s: object %s overrides its materials (material %+v, color %+v)", name, o.ID, o.Material, o.Color)
		}
		checkNoObjectMaterials(t, name, o.Children)
	}
}

// GenerateOptions.ObjectColors asks for the flat colours: every object then
// has a palette material with a colour, and the house is otherwise the
// default one byte for byte (the colours are drawn either way, so no other
// choice moves).
func TestObjectColorsAreOptIn(t *testing.T) {
	type gen func(GenerateOptions) (*House, error)
	var cases []gen
	var names []string
	for i := 0; i < 12; i++ {
		cases = append(cases, func(o GenerateOptions) (*House, error) { return GenerateWith(StyleProcTHOR, 3, i, o) })
		names = append(names, fmt.Sprintf("procthor house %d", i))
	}
	for _, scene := range []string{"FloorPlan1", "FloorPlan215", "FloorPlan322", "FloorPlan430"} {
		cases = append(cases, func(o GenerateOptions) (*House, error) { return GenerateIthorWith(scene, 3, o) })
		names = append(names, scene)
	}
	for k, g := range cases {
		plain, err := g(GenerateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		painted, err := g(GenerateOptions{ObjectColors: true})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		var strip func(objs []HouseObject)
		strip = func(objs []HouseObject) {
			for i := range objs {
				if m := objs[i].Material; m == nil || m.Name == "" || m.Color == nil {
					t.Errorf("%s: object %s has material %+v with ObjectColors", names[k], objs[i].ID, m)
				}
				objs[i].Material = nil
				n++
				strip(objs[i].Children)
			}
		}
		strip(painted.Objects)
		if n == 0 {
			t.Fatalf("%s: no objects", names[k])
		}
		a, _ := json.Marshal(plain)
		b, _ := json.Marshal(painted)
		if string(a) != string(b) {
			t.Errorf("%s: with ObjectColors the house differs in more than the object materials", names[k])
		}
	}
}

// checkHouseLayersAndLights: every room, wall and object is on a
// Procedural layer; a room light shares its room's layer and culls the
// other three; every light casts soft shadows; neighbouring rooms differ.
func checkHouseLayersAndLights(t *testing.T, name string, h *House) {
	t.Helper()
	roomLayer := map[string]string{}
	for _, r := range h.Rooms {
		if !strings.HasPrefix(r.Layer, "Procedural") {
			t.Errorf("%s: room %s has layer %q", name, r.ID, r.Layer)
		}
		roomLayer[r.ID] = r.Layer
	}
	for _, w := range h.Walls {
		if w.Layer == "" || (w.RoomID != "exterior" && w.Layer != roomLayer[w.RoomID]) {
			t.Errorf("%s: wall %s has layer %q (room %s on %q)", name, w.ID, w.Layer, w.RoomID, roomLayer[w.RoomID])
		}
	}
	var walk func(o HouseObject)
	walk = func(o HouseObject) {
		if !strings.HasPrefix(o.Layer, "Procedural") {
			t.Errorf("%s: object %s has layer %q", name, o.ID, o.Layer)
		}
		for _, c := range o.Children {
			walk(c)
		}
	}
	for _, o := range h.Objects {
		walk(o)
	}
	for _, d := range h.Doors {
		if d.Room0 != d.Room1 && roomLayer[d.Room0] == roomLayer[d.Room1] && roomLayer[d.Room0] != "Procedural0" {
			t.Errorf("%s: door %s joins two rooms on layer %s", name, d.ID, roomLayer[d.Room0])
		}
		if strings.HasPrefix(d.AssetID, "Doorway") && (d.Openable == nil || !*d.Openable) {
			t.Errorf("%s: door %s (%s) is not openable", name, d.ID, d.AssetID)
		}
	}
	for _, l := range h.ProceduralParameters.Lights {
		if l.Shadow == nil || l.Shadow.Type != "Soft" {
			t.Errorf("%s: light %s has no soft shadow settings", name, l.ID)
		}
		if l.Type != "point" {
			continue
		}
		if !strings.HasPrefix(l.Layer, "Procedural") || len(l.CullingMaskOff) != 3 || slices.Contains(l.CullingMaskOff, l.Layer) {
			t.Errorf("%s: light %s on layer %q culls %v", name, l.ID, l.Layer, l.CullingMaskOff)
		}
	}
}

// checkHoleSizes: door and window holes have the size ProcTHOR's
// wall-holes.json gives their asset, when it lists the asset.
func checkHoleSizes(t *testing.T, name string, h *House) {
	t.Helper()
	raw, err := os.ReadFile(referencePath(t, "procthor/wall-holes.json"))
	if err != nil {
		t.Fatal(err)
	}
	var holes map[string]struct{ Min, Max XYZ }
	if err := json.Unmarshal(raw, &holes); err != nil {
		t.Fatal(err)
	}
	for _, d := range append(append([]Door{}, h.Doors...), h.Windows...) {
		want, ok := holes[d.AssetID]
		if !ok {
			continue
		}
		a, b := d.HolePolygon[0], d.HolePolygon[1]
		if w := want.Max.X - want.Min.X; math.Abs(math.Abs(b.X-a.X)-w) > 1e-3 {
			t.Errorf("%s: %s (%s) hole is %.4f m wide, wall-holes.json says %.4f", name, d.ID, d.AssetID, math.Abs(b.X-a.X), w)
		}
		if hh := want.Max.Y - want.Min.Y; math.Abs(math.Abs(b.Y-a.Y)-hh) > 1e-3 {
			t.Errorf("%s: %s (%s) hole is %.4f m high, wall-holes.json says %.4f", name, d.ID, d.AssetID, math.Abs(b.Y-a.Y), hh)
		}
	}
}
