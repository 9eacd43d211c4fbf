package sim

import (
	"math"
	"testing"
)

// The built-in asset table holds every asset of the reference asset
// database with the same type, properties and extents (to 6 significant digits).
func TestBuiltinAssetDBMatchesReference(t *testing.T) {
	ref, err := LoadAssetDB(referencePath(t, "procthor/asset-database.json"))
	if err != nil {
		t.Fatal(err)
	}
	b := BuiltinAssetDB()
	if b.Len() != ref.Len() || len(b.Types()) != len(ref.Types()) {
		t.Fatalf("built-in table: %d assets of %d types, reference %d of %d", b.Len(), len(b.Types()), ref.Len(), len(ref.Types()))
	}
	for _, typ := range ref.Types() {
		for _, a := range ref.AssetsOf(typ) {
			g := b.Asset(a.AssetID)
			if g == nil {
				t.Fatalf("built-in table lacks %s", a.AssetID)
			}
			if g.ObjectType != a.ObjectType || g.PrimaryProperty != a.PrimaryProperty || g.Receptacle() != a.Receptacle() ||
				len(g.SecondaryProperties) != len(a.SecondaryProperties) {
				t.Errorf("%s: built-in %+v, reference %+v", a.AssetID, *g, *a)
			}
			for k := 0; k < 3; k++ {
				if math.Abs(g.Size[k]-a.Size[k]) > 1e-5*a.Size[k] {
					t.Errorf("%s: extent %d is %g, reference %g", a.AssetID, k, g.Size[k], a.Size[k])
				}
			}
		}
	}
}

// A real ProcTHOR house loads with no extra file: NewScene falls back to the
// built-in table, and what ImportHouse writes back reloads with NewScene.
func TestReferenceHouseLoadsWithoutAssetFile(t *testing.T) {
	h, err := ReadHouseFile(referencePath(t, "procthor/house-procthor-train-1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewSceneWith(h, DefaultCatalog(), nil); err == nil {
		t.Fatal("the reference house loads with the catalog alone; this test no longer exercises the fallback")
	}
	s, err := NewScene(h)
	if err != nil {
		t.Fatalf("NewScene(reference house): %v", err)
	}
	imp, rep, err := ImportHouse(h, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// 177 of the house's objects: all but its light switches and other
	// decor the catalog lacks (paintings, sinks and, since 0.3.10, its 3
	// faucets are catalog types).
	if rep.AssetDB != "(built-in)" || len(s.Objects) != len(imp.Objects) || len(s.Objects) != 177 {
		t.Errorf("asset db %q: NewScene kept %d objects, ImportHouse %d; want 177 (as with the reference asset database)", rep.AssetDB, len(s.Objects), len(imp.Objects))
	}
	again, err := NewScene(imp.HouseJSON())
	if err != nil {
		t.Fatalf("NewScene(imported house JSON): %v", err)
	}
	for i, o := range imp.Objects {
		p := again.Objects[i]
		if p.ID != o.ID || p.Size != o.Size || p.Position != o.Position || p.Receptacle != o.Receptacle {
			t.Fatalf("object %d reloads as %s %v %v, want %s %v %v", i, p.ID, p.Size, p.Position, o.ID, o.Size, o.Position)
		}
	}
}
