package sim

import (
	"fmt"
	"strings"
	"testing"
)

// TestGeneratedCountersAreStraight: the catalog's counter tops are exactly
// the built-in table's straight runs and islands, generated procthor houses
// and iTHOR kitchens use no other, and a house naming an L-shaped counter
// (as a real ProcTHOR house may) still loads, at the table's size.
func TestGeneratedCountersAreStraight(t *testing.T) {
	want := map[string]bool{}
	for _, a := range BuiltinAssetDB().AssetsOf("CounterTop") {
		id := a.AssetID
		if strings.HasPrefix(id, "Countertop_I_") || strings.HasPrefix(id, "Countertop_Island_") {
			want[id] = true
		} else if !strings.HasPrefix(id, "Countertop_L_") && !strings.HasPrefix(id, "Countertop_C_") {
			t.Errorf("counter asset %s is neither straight, island, L nor C", id)
		}
	}
	vs := DefaultCatalog().Type("CounterTop").Variants
	if len(vs) != len(want) || len(want) < 9 {
		t.Errorf("catalog counters: %d variants, want the table's %d straight ones", len(vs), len(want))
	}
	for _, v := range vs {
		if !want[v.AssetID] {
			t.Errorf("catalog counter variant %s is not straight", v.AssetID)
		}
	}
	seen := map[string]int{}
	check := func(name string, h *House) {
		var walk func([]HouseObject)
		walk = func(objs []HouseObject) {
			for _, o := range objs {
				if ObjectTypeFromID(o.ID) == "CounterTop" {
					seen[o.AssetID]++
					if !want[o.AssetID] {
						t.Errorf("%s: counter %s uses %s", name, o.ID, o.AssetID)
					}
				}
				walk(o.Children)
			}
		}
		walk(h.Objects)
	}
	for i := 0; i < 20; i++ {
		h, err := Generate(StyleProcTHOR, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("procthor house %d", i), h)
	}
	for _, n := range IthorSceneNames()[:30] {
		h, err := GenerateIthor(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		check(n, h)
	}
	if len(seen) < 6 {
		t.Errorf("generated counters use %d assets (%v), want most of the %d straight ones", len(seen), seen, len(want))
	}

	h, err := Generate(StyleProcTHOR, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	id := ""
	for i := range h.Objects {
		if ObjectTypeFromID(h.Objects[i].ID) == "CounterTop" {
			h.Objects[i].AssetID, id = "Countertop_L_4x8", h.Objects[i].ID
			break
		}
	}
	if id == "" {
		t.Fatal("house 0 has no counter top")
	}
	s, err := NewScene(h)
	if err != nil {
		t.Fatalf("a house with an L-shaped counter: %v", err)
	}
	if got, want := s.Object(id).Size, BuiltinAssetDB().Asset("Countertop_L_4x8").Size; got != want {
		t.Errorf("L-shaped counter size %v, want the table's %v", got, want)
	}
}

// TestCountersPreferLongRuns: in the procthor style, which prefers small
// variants of other types, counter tops are drawn preferring large ones,
// and 20 generated houses' counters average over 1.5 m long (a single base
// cabinet is 0.61 m).
func TestCountersPreferLongRuns(t *testing.T) {
	for _, typ := range []string{"CounterTop", "Sofa"} {
		ti := DefaultCatalog().Type(typ)
		vs := ti.Variants
		w := procthorStyle.variantWeights(ti)
		small, large := 0, 0
		for i, v := range vs {
			a := v.Size[0] * v.Size[2]
			if a < vs[small].Size[0]*vs[small].Size[2] {
				small = i
			}
			if a > vs[large].Size[0]*vs[large].Size[2] {
				large = i
			}
		}
		if long := w[large] > w[small]; long != (typ == "CounterTop") {
			t.Errorf("%s: weight %.2f for the largest variant, %.2f for the smallest", typ, w[large], w[small])
		}
	}
	sum, n := 0.0, 0
	for i := 0; i < 20; i++ {
		h, err := Generate(StyleProcTHOR, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range h.Objects {
			if ObjectTypeFromID(o.ID) == "CounterTop" {
				_, size, ok := DefaultCatalog().Asset(o.AssetID)
				if !ok {
					t.Fatalf("counter %s: unknown asset %s", o.ID, o.AssetID)
				}
				sum += size[0]
				n++
			}
		}
	}
	if n == 0 || sum/float64(n) < 1.5 {
		t.Errorf("%d counters average %.2f m long, want over 1.5 m", n, sum/float64(max(n, 1)))
	}
}
