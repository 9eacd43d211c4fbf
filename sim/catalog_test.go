package sim

import (
	"testing"
)

func TestCatalogCoversRoomsAndTypes(t *testing.T) {
	c := DefaultCatalog()
	if n := len(c.Types()); n < 60 {
		t.Fatalf("catalog has %d types, want at least 60", n)
	}
	for _, name := range []string{"Mug", "Apple", "HousePlant", "Chair", "Sofa", "GarbageCan", "CellPhone", "Statue",
		"Vase", "Laptop", "Pan", "Plate", "Book", "Television", "Bed", "Toilet"} {
		if c.Type(name) == nil {
			t.Errorf("catalog lacks %s", name)
		}
	}
	for _, r := range RoomTypes {
		for _, p := range []Placement{AgainstWall, FreeStanding, OnSurface} {
			if len(c.TypesIn(r, p)) == 0 {
				t.Errorf("room %s has no %s types", r, p)
			}
		}
	}
	occluders, occludees, preferred := 0, 0, 0
	for _, name := range c.Types() {
		ti := c.Type(name)
		switch ti.SizeClass {
		case Occluder:
			occluders++
		case Occludee:
			occludees++
		}
		if ti.Preferred {
			preferred++
		}
		if len(ti.Variants) < 1 {
			t.Errorf("%s has no variants", name)
		}
		for _, v := range ti.Variants {
			for k := 0; k < 3; k++ {
				if v.Size[k] <= 0 || v.Size[k] > 4 {
					t.Errorf("%s/%s size %v is not a plausible metric size", name, v.AssetID, v.Size)
				}
			}
			if typ, size, ok := c.Asset(v.AssetID); !ok || typ != name || size != v.Size {
				t.Errorf("asset lookup of %s gives (%s,%v,%v)", v.AssetID, typ, size, ok)
			}
		}
		if ti.Placement == OnSurface && ti.Variants[0].Size[1] > 1.2 {
			t.Errorf("%s is placed on surfaces but is %v m tall", name, ti.Variants[0].Size[1])
		}
	}
	if occluders < 8 || occludees < 8 || preferred < 10 {
		t.Errorf("size classes: %d occluders, %d occludees, %d preferred", occluders, occludees, preferred)
	}
	multi := 0
	for _, name := range c.Types() {
		if len(c.Type(name).Variants) >= 2 {
			multi++
		}
	}
	if multi < 50 {
		t.Errorf("only %d types have several size variants", multi)
	}
}
