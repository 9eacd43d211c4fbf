package assets

import (
	"math/rand/v2"
	"strings"
	"testing"

	"flowbench/sim"
)

// TestFurnitureModels: every procedural table, cabinet and shelves form fills its
// box on every axis without leaving it and is wound with its normals, for
// 300 random boxes from 5 cm to 3 m a side; the top covers the footprint
// at the box's top (the simulation rests objects there), so a vertical ray
// down through any point of the footprint first meets the top; and each
// form uses the surfaces it should.
func TestFurnitureModels(t *testing.T) {
	forms := []furnitureForm{formTable, formTableShelf, formNightTable, formNightstand, formDresser, formCounter, formLowCabinet, formShelves}
	rng := rand.New(rand.NewPCG(3, 9))
	for i := range 300 {
		size := sim.Vec3{0.05 + 2.95*rng.Float64(), 0.05 + 2.95*rng.Float64(), 0.05 + 2.95*rng.Float64()}
		if i == 0 {
			size = sim.Vec3{0.55, 0.6, 0.45} // a typical side table
		}
		for _, f := range forms {
			st := furnitureStyle{form: f, finish: i % len(furnitureFinishes), top: i % len(worktops)}
			m := furnitureModel(size, st)
			checkInBox(t, m, size, 0.5)
			l := m.Levels[0]
			used := map[uint16]bool{}
			for _, tr := range l.Tris {
				used[tr.Surface] = true
			}
			want := map[furnitureForm][]uint16{
				formTable: {furnBody, furnTop}, formTableShelf: {furnBody, furnTop},
				formNightTable: {furnBody, furnTop, furnHandle},
				formShelves:    {furnBody, furnTop, furnShadow},
			}[f]
			if want == nil {
				want = []uint16{furnBody, furnTop, furnHandle, furnShadow}
			}
			if len(used) != len(want) {
				t.Fatalf("%v form %d: surfaces used %v, want %v", size, f, used, want)
			}
			for _, s := range want {
				if !used[s] {
					t.Fatalf("%v form %d: surface %d unused", size, f, s)
				}
			}
			checkTopFirst(t, m, size, furnTop, rng, 20)
		}
	}
	if m := furnitureModel(sim.Vec3{1, 1, 1}, furnitureStyle{form: formCounter, finish: 1, top: 2}); m.Surfaces[furnTop].Color != worktops[2] || m.Surfaces[furnBody].Color != furnitureFinishes[1] {
		t.Errorf("counter colours %v", m.Surfaces)
	}
}

// firstHitDown returns the height and surface of the highest triangle of l
// over the point (x, z) of the horizontal plane.
func firstHitDown(l sim.ModelLevel, x, z float64) (y float64, s uint16, ok bool) {
	for _, tr := range l.Tris {
		a, b, c := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
		// barycentric coordinates of (x, z) in the triangle's xz projection
		d := (b[2]-c[2])*(a[0]-c[0]) + (c[0]-b[0])*(a[2]-c[2])
		if d == 0 {
			continue
		}
		u := ((b[2]-c[2])*(x-c[0]) + (c[0]-b[0])*(z-c[2])) / d
		v := ((c[2]-a[2])*(x-c[0]) + (a[0]-c[0])*(z-c[2])) / d
		if u < 0 || v < 0 || u+v > 1 {
			continue
		}
		if hy := u*a[1] + v*b[1] + (1-u-v)*c[1]; !ok || hy > y {
			y, s, ok = hy, tr.Surface, true
		}
	}
	return y, s, ok
}

// TestProceduralGalleryItems: the gallery's procedural cells show every
// type with a procedural fallback, furniture in each of its forms, each at
// its first catalog variant's size, keyed with proceduralKeyPrefix; every
// furniture type has forms, every other kind but prints a colouredModels
// entry.
func TestProceduralGalleryItems(t *testing.T) {
	items := ProceduralGalleryItems()
	cells := map[string]int{}
	for _, it := range items {
		cells[it.Type]++
		if want := sim.DefaultCatalog().Type(it.Type).Variants[0].Size; it.Model.Size != want || it.Entry.Library != "procedural" || it.Entry.Name == "" ||
			!strings.HasPrefix(it.Model.Key, proceduralKeyPrefix) || it.Entry.Key != it.Model.Key {
			t.Errorf("%s: item %+v (model %s), want size %v, library procedural, a name and a key starting %q", it.Type, it.Entry, it.Model.Key, want, proceduralKeyPrefix)
		}
	}
	for typ, kind := range proceduralTypes {
		if cm, ok := colouredModels[kind]; kind != procPrint && kind != procFurniture && (!ok || cm.build == nil || cm.name == "") {
			t.Errorf("%s: procedural kind %d has no colouredModels entry", typ, kind)
		}
		want := 1
		if kind == procFurniture {
			want = len(furnitureForms[typ])
			if want == 0 {
				t.Errorf("%s: procedural furniture without forms", typ)
			}
		}
		if cells[typ] != want {
			t.Errorf("%s: %d gallery cells, want %d", typ, cells[typ], want)
		}
	}
}
