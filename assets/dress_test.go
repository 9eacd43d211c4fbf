package assets

import (
	"errors"
	"fmt"
	"image"
	"sort"
	"strings"
	"testing"

	"flowbench/sim"
)

// fakeSource builds catalog entries for the mapped keys with sizes derived
// from the sim catalog's variants: per type, the i-th key gets the
// (i mod n)-th asset size of the type, stretched per key so that some keys
// fit every object, some fit a few and some fit none. Models are boxes of
// the entry's size; SupportY follows DropOnTop.
func fakeSource(t *testing.T) ([]Entry, []SurfaceTexture, func(string) (*sim.Model, error), *int) {
	t.Helper()
	cat := sim.DefaultCatalog()
	var entries []Entry
	seen := map[string]bool{}
	types := make([]string, 0, len(typeMap))
	for typ := range typeMap {
		types = append(types, typ)
	}
	sort.Strings(types)
	stretch := []sim.Vec3{{1, 1, 1}, {1.1, 1.05, 1.12}, {1.6, 1, 1}, {0.9, 0.95, 0.92}, {1, 1.5, 1}, {2, 2, 2}}
	for _, typ := range types {
		vs := cat.Type(typ).Variants
		for i, k := range typeMap[typ] {
			if seen[k] {
				continue
			}
			seen[k] = true
			v := vs[i%len(vs)].Size
			st := stretch[i%len(stretch)]
			e := Entry{Key: k, Name: k, Size: sim.Vec3{v[0] * st[0], v[1] * st[1], v[2] * st[2]}, Creator: "c-" + k, License: "CC0"}
			e.Library, e.ID, _ = cut(k)
			if i%3 == 1 { // a support surface well below the top
				e.DropOnTop = 0.5 * e.Size[1]
			}
			entries = append(entries, e)
		}
	}
	byKey := map[string]*Entry{}
	for i := range entries {
		byKey[entries[i].Key] = &entries[i]
	}
	tex := &sim.Texture{Hash: "t", Levels: []*image.NRGBA{image.NewNRGBA(image.Rect(0, 0, 2, 2))}}
	var texs []SurfaceTexture
	for _, id := range append(append(append(append([]string{}, woodFloors...), kitchenFloors...), bathroomFloors...), bathroomWalls...) {
		texs = append(texs, SurfaceTexture{Key: "Default:" + id, Name: id, Category: "Floor", Size: [2]float64{0.4, 0.4}, Creator: "eTeks", License: "GPL", Texture: tex})
	}
	loads := 0
	models := map[string]*sim.Model{}
	load := func(key string) (*sim.Model, error) {
		loads++
		if m := models[key]; m != nil {
			return m, nil
		}
		e := byKey[key]
		if e == nil {
			return nil, errors.New("unknown key")
		}
		m := &sim.Model{Key: key, Size: e.Size, SupportY: e.DropOnTop,
			Levels: []sim.ModelLevel{{Pos: []sim.Vec3{{-e.Size[0] / 2, -e.Size[1] / 2, 0}, {e.Size[0] / 2, -e.Size[1] / 2, 0}, {0, e.Size[1] / 2, 0}},
				Tris: []sim.ModelTri{{V: [3]uint32{0, 1, 2}}}}},
			Surfaces: []*sim.Surface{{Name: "s", Color: sim.RGB{R: 0.5, G: 0.5, B: 0.5}}}}
		models[key] = m
		return m, nil
	}
	return entries, texs, load, &loads
}

func cut(k string) (string, string, bool) {
	for i := 0; i < len(k); i++ {
		if k[i] == ':' {
			return k[:i], k[i+1:], true
		}
	}
	return "", k, false
}

// procthorScene returns the scene of procthor house i of seed 1.
func procthorScene(t testing.TB, i int) *sim.Scene {
	t.Helper()
	_, s := procthorHouse(t, i)
	return s
}

// procthorHouse returns procthor house i of seed 1 and its scene.
func procthorHouse(t testing.TB, i int) (*sim.House, *sim.Scene) {
	t.Helper()
	h, err := sim.Generate(sim.StyleProcTHOR, 1, i)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	return h, s
}

func testScenes(t *testing.T) []*sim.Scene {
	t.Helper()
	var out []*sim.Scene
	for i := 0; i < 3; i++ {
		out = append(out, procthorScene(t, i))
	}
	for _, n := range []string{"FloorPlan1", "FloorPlan401"} {
		h, err := sim.GenerateIthor(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sim.NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// fingerprint lists each object's model key and each structure surface.
func fingerprint(s *sim.Scene) string {
	out := ""
	for _, o := range s.Objects {
		k := "-"
		if o.Model != nil {
			k = o.Model.Key
		}
		out += o.ID + "=" + k + ";"
	}
	ids := make([]string, 0, len(s.Surfaces))
	for id := range s.Surfaces {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		sf := s.Surfaces[id]
		out += fmt.Sprintf("%s=%s/%.4f/%.4f/%.4f/%.3f;", id, sf.Name, sf.Color.R, sf.Color.G, sf.Color.B, sf.Tile)
	}
	return out
}

func TestDressDeterministicPerSeed(t *testing.T) {
	entries, texs, load, _ := fakeSource(t)
	d := newDresser(entries, texs, load)
	a, b, c := testScenes(t), testScenes(t), testScenes(t)
	differ := false
	for i := range a {
		ra := d.dress(a[i], 7)
		rb := d.dress(b[i], 7)
		if fingerprint(a[i]) != fingerprint(b[i]) {
			t.Fatalf("scene %d: two dressings with seed 7 differ", i)
		}
		if fmt.Sprint(ra.Used) != fmt.Sprint(rb.Used) || ra.WithModel != rb.WithModel {
			t.Fatalf("scene %d: reports differ: %v vs %v", i, ra.Used, rb.Used)
		}
		d.dress(c[i], 8)
		if fingerprint(a[i]) != fingerprint(c[i]) {
			differ = true
		}
	}
	if !differ {
		t.Error("seeds 7 and 8 dress all scenes identically: the seed is not used")
	}
	// The draw depends only on (seed, object id, asset id): a fresh dresser
	// (another process) gives the same result.
	d2 := newDresser(entries, texs, load)
	s := testScenes(t)[0]
	d2.dress(s, 7)
	if fingerprint(s) != fingerprint(a[0]) {
		t.Error("a second dresser over the same library dresses differently")
	}
}

func TestDressDistortionBoundAndCounts(t *testing.T) {
	entries, texs, load, _ := fakeSource(t)
	d := newDresser(entries, texs, load)
	byKey := map[string]Entry{}
	for _, e := range entries {
		byKey[e.Key] = e
	}
	var total DressReport
	for _, s := range testScenes(t) {
		rep := d.dress(s, 3)
		total.Add(rep)
		if rep.Objects != len(s.Objects) || rep.WithModel+rep.Primitive != rep.Objects {
			t.Fatalf("counts: objects %d (scene %d), with model %d + primitive %d", rep.Objects, len(s.Objects), rep.WithModel, rep.Primitive)
		}
		noVar, tooDist := map[string]int{}, map[string]int{}
		used, prints := map[string]int{}, 0
		for _, o := range s.Objects {
			fits := false
			mapped := false
			for _, k := range typeMap[o.Type] {
				if e, ok := byKey[k]; ok {
					mapped = true
					for _, or := range orientations(o.Type) {
						if Distortion(o.Size, or.size(e.Size)) <= MaxDistortion {
							fits = true
						}
						if _, _, ok := insetScales(o.Size, or.size(e.Size)); ok && !o.Receptacle {
							fits = true
						}
					}
				}
			}
			switch {
			case !mapped:
				noVar[o.Type]++
			case !fits:
				tooDist[o.Type]++
			}
			if o.Model == nil || strings.HasPrefix(o.Model.Key, proceduralKeyPrefix) {
				if fits {
					t.Errorf("%s (%s): a variant fits but the primitive was kept", o.ID, o.Type)
				}
				if (o.Model != nil) != (proceduralTypes[o.Type] != procNone) || o.Model != nil && o.Model.Size != o.Size {
					t.Errorf("%s (%s): fallback %v, want a procedural model of the box exactly for proceduralTypes, else the primitive", o.ID, o.Type, o.Model)
				}
				if o.Model != nil {
					prints++
				}
				continue
			}
			used[o.Model.Key]++
			if dd := Distortion(o.Size, o.Model.Size); dd > MaxDistortion+1e-9 {
				t.Errorf("%s (%s): model %s drawn with distortion %.3f > %.2f", o.ID, o.Type, o.Model.Key, dd, MaxDistortion)
			}
			found := false
			for _, k := range typeMap[o.Type] {
				found = found || k == o.Model.Key
			}
			if !found {
				t.Errorf("%s (%s): model %s is not mapped to the type", o.ID, o.Type, o.Model.Key)
			}
			if supportTypes[o.Type] && !supportOK(&Entry{Size: o.Model.Size, DropOnTop: o.Model.SupportY}) {
				// allowed only when no fitting variant has a top support
				for _, k := range typeMap[o.Type] {
					if e, ok := byKey[k]; ok && Distortion(o.Size, e.Size) <= MaxDistortion && supportOK(&e) {
						t.Errorf("%s (%s): low-support %s chosen although %s fits with a top support", o.ID, o.Type, o.Model.Key, k)
						break
					}
				}
			}
		}
		if fmt.Sprint(noVar) != fmt.Sprint(rep.NoVariant) {
			t.Errorf("NoVariant = %v, want %v", rep.NoVariant, noVar)
		}
		if fmt.Sprint(tooDist) != fmt.Sprint(rep.TooDistorted) {
			t.Errorf("TooDistorted = %v, want %v", rep.TooDistorted, tooDist)
		}
		if fmt.Sprint(used) != fmt.Sprint(rep.Used) {
			t.Errorf("Used = %v, want %v", rep.Used, used)
		}
		if prints != rep.Procedural {
			t.Errorf("Procedural = %d, want %d", rep.Procedural, prints)
		}
	}
	if total.WithModel == 0 || len(total.TooDistorted) == 0 || len(total.NoVariant) == 0 {
		t.Errorf("test library should exercise models and both fallbacks: %+v", total)
	}
	t.Logf("objects %d, with model %d, primitive %d, support parents %d (below top %d)",
		total.Objects, total.WithModel, total.Primitive, total.SupportParents, total.SupportBelowTop)
}

func TestDressSkipsVariantsThatFailToLoad(t *testing.T) {
	entries, texs, load, _ := fakeSource(t)
	bad := map[string]bool{}
	for _, k := range typeMap["Chair"] {
		bad[k] = true
	}
	// Leave the chairs one loadable variant that fits every chair.
	good := typeMap["Chair"][0]
	delete(bad, good)
	for i := range entries {
		if entries[i].Key == good {
			entries[i].Size = sim.Vec3{1, 2, 1}
		}
	}
	failing := func(k string) (*sim.Model, error) {
		if bad[k] {
			return nil, errors.New("broken OBJ")
		}
		return load(k)
	}
	d := newDresser(entries, texs, failing)
	for _, s := range testScenes(t) {
		rep := d.dress(s, 1)
		for _, o := range s.Objects {
			if o.Model != nil && bad[o.Model.Key] {
				t.Fatalf("%s got the unloadable model %s", o.ID, o.Model.Key)
			}
		}
		if rep.LoadErrors > 0 && len(rep.Warnings) == 0 {
			t.Error("load errors without a warning")
		}
		if rep.WithModel+rep.Primitive != rep.Objects {
			t.Error("counts do not add up with load errors")
		}
	}
	// A chair whose only fitting variants fail falls back to the good one or
	// the primitive, and the failures are counted.
	h, _ := sim.Generate(sim.StyleProcTHOR, 1, 0)
	s, _ := sim.NewScene(h)
	var chair *sim.Object
	for _, o := range s.Objects {
		if o.Type == "Chair" {
			chair = o
			break
		}
	}
	if chair == nil {
		t.Skip("no chair in house 0")
	}
	for i := range entries { // make every chair variant fit this chair exactly
		for _, k := range typeMap["Chair"] {
			if entries[i].Key == k {
				entries[i].Size = chair.Size
			}
		}
	}
	d = newDresser(entries, texs, failing)
	rep := d.dress(s, 1)
	if chair.Model == nil || chair.Model.Key != good {
		t.Errorf("chair model = %v, want the loadable %s", chair.Model, good)
	}
	if rep.LoadErrors == 0 {
		t.Error("no load errors counted")
	}
}

func TestDressSetsEverySurface(t *testing.T) {
	entries, texs, load, _ := fakeSource(t)
	d := newDresser(entries, texs, load)
	for _, s := range testScenes(t) {
		rep := d.dress(s, 5)
		meshes := sim.StructureMeshes(s)
		for _, m := range meshes {
			sf := s.Surfaces[m.ID]
			if sf == nil {
				t.Fatalf("structure mesh %s has no surface", m.ID)
			}
			// Room-side walls also carry the trim's surface (sim/wall_trim.go),
			// and walls with an outdoor window or door the frames' after it
			// (sim/wall_openings.go).
			extra := []*sim.Surface{}
			if m.Kind == sim.MeshWall && len(m.Surfaces) > 1 {
				extra = m.Surfaces[1:]
			}
			switch {
			case len(extra) == 0:
			case len(extra) == 1 && (extra[0] == sim.TrimSurface || extra[0] == sim.FrameSurface):
			case len(extra) == 2 && extra[0] == sim.TrimSurface && extra[1] == sim.FrameSurface:
			default:
				t.Fatalf("structure mesh %s: surfaces %v after its own", m.ID, extra)
			}
			if m.Surfaces[0] != sf || len(m.Attrs) != len(m.Tris) {
				t.Fatalf("structure mesh %s was not dressed with its surface", m.ID)
			}
			switch m.Kind {
			case sim.MeshFloor:
				if sf.Texture == nil || !(sf.Tile > 0) {
					t.Errorf("floor %s: not textured (%+v)", m.ID, sf)
				}
			case sim.MeshCeiling:
				if sf.Texture != nil || sf.Color.R < 0.9 || sf.Color.G < 0.9 || sf.Color.B < 0.9 {
					t.Errorf("ceiling %s is not white: %+v", m.ID, sf)
				}
			}
		}
		for _, r := range s.Rooms {
			fl := s.Surfaces["floor|"+r.ID]
			if r.Type == sim.Bedroom || r.Type == sim.LivingRoom {
				if fl.Name != "Default:"+woodFloors[0] && fl.Name != "Default:"+woodFloors[1] {
					t.Errorf("%s %s floor is %s, want a wooden floor", r.Type, r.ID, fl.Name)
				}
			}
			if r.Type == sim.Kitchen || r.Type == sim.Bathroom {
				ok := false
				for _, id := range append(append([]string{}, kitchenFloors...), bathroomFloors...) {
					ok = ok || fl.Name == "Default:"+id
				}
				if !ok {
					t.Errorf("%s %s floor is %s, want tiles", r.Type, r.ID, fl.Name)
				}
			}
		}
		if rep.Surfaces < len(meshes) || len(rep.Textures) == 0 {
			t.Errorf("report: %d surfaces for %d meshes, textures %v", rep.Surfaces, len(meshes), rep.Textures)
		}
	}
	// Without textures every structure mesh still gets a (plain) surface.
	d = newDresser(entries, nil, load)
	s := testScenes(t)[0]
	d.dress(s, 5)
	for _, m := range sim.StructureMeshes(s) {
		if sf := s.Surfaces[m.ID]; sf == nil || sf.Texture != nil {
			t.Fatalf("%s: want a plain surface without textures, got %+v", m.ID, sf)
		}
	}
}

func TestChoosePrefersTopSupportAndBand(t *testing.T) {
	o := &sim.Object{ID: "DiningTable|1", Type: "DiningTable", AssetID: "x", Size: sim.Vec3{1.5, 0.75, 0.9}}
	keys := typeMap["DiningTable"]
	entries := []Entry{
		{Key: keys[0], Size: sim.Vec3{1.5, 0.75, 0.9}, DropOnTop: 0.3},  // perfect fit, low support
		{Key: keys[1], Size: sim.Vec3{1.5, 0.78, 0.9}},                  // near fit, top support
		{Key: keys[2], Size: sim.Vec3{1.5, 0.75, 0.9}, DropOnTop: 0.74}, // perfect, support at the top
		{Key: keys[3], Size: sim.Vec3{1.5, 0.75, 1.6}},                  // too distorted (also turned)
	}
	d := newDresser(entries, nil, nil)
	counts := map[string]int{}
	for seed := int64(0); seed < 200; seed++ {
		order, res := d.choose(o, seed)
		if res != fitOK || len(order) != 2 {
			t.Fatalf("choose = %v %v", order, res)
		}
		counts[order[0].e.Key]++
	}
	if counts[keys[0]] != 0 || counts[keys[3]] != 0 {
		t.Errorf("low-support or distorted variant chosen: %v", counts)
	}
	if counts[keys[1]] == 0 || counts[keys[2]] == 0 {
		t.Errorf("the seeded tie-break never picks one of the two variants within the band: %v", counts)
	}
	// Outside the band the better variant always wins.
	entries[1].Size = sim.Vec3{1.5, 0.86, 0.9} // 14.7 % distortion
	d = newDresser(entries, nil, nil)
	for seed := int64(0); seed < 50; seed++ {
		order, _ := d.choose(o, seed)
		if order[0].e.Key != keys[2] {
			t.Fatalf("seed %d: %s chosen over the better fit", seed, order[0].e.Key)
		}
	}
}

func TestDistortion(t *testing.T) {
	if d := Distortion(sim.Vec3{1, 2, 3}, sim.Vec3{2, 4, 6}); d > 1e-12 {
		t.Errorf("uniform scale distortion = %v", d)
	}
	// Scales 1.2, 0.8, 1.0 lie within 20 % of the uniform scale 1.
	if d := Distortion(sim.Vec3{1.2, 0.8, 1}, sim.Vec3{1, 1, 1}); d < 0.199 || d > 0.201 {
		t.Errorf("±20%% stretch distortion = %v", d)
	}
	if d := Distortion(sim.Vec3{3, 2, 2}, sim.Vec3{1, 1, 1}); d < 0.199 || d > 0.201 {
		t.Errorf("1.5:1 aspect change distortion = %v, want 0.2", d)
	}
	if d := Distortion(sim.Vec3{1, 1, 1}, sim.Vec3{0, 1, 1}); d < 1e9 {
		t.Errorf("degenerate size distortion = %v", d)
	}
}

func TestDressUsesOnlySquareTextures(t *testing.T) {
	entries, texs, load, _ := fakeSource(t)
	for i := range texs {
		if texs[i].Key == "Default:"+woodFloors[0] {
			texs[i].Size = [2]float64{0.6, 0.4}
		}
	}
	d := newDresser(entries, texs, load)
	for _, s := range testScenes(t) {
		d.dress(s, 9)
		for id, sf := range s.Surfaces {
			if sf.Name == "Default:"+woodFloors[0] {
				t.Fatalf("%s uses the non-square texture %s", id, sf.Name)
			}
			if sf.Texture != nil && sf.Tile != 0.4 {
				t.Errorf("%s: tile %.3f, want the texture's size 0.4", id, sf.Tile)
			}
		}
	}
}
