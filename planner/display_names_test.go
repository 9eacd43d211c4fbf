package planner

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"flowbench/sim"
)

// TestDisplayNamesCoverEveryType: every type the generator can mention (the
// catalog's, the built-in asset table's and, where ../shared/reference is
// present, the iTHOR floor plans') has a display name; names are distinct,
// lower case but for acronyms, and never a CamelCase join.
func TestDisplayNamesCoverEveryType(t *testing.T) {
	types := map[string]string{}
	for _, ty := range sim.DefaultCatalog().Types() {
		types[ty] = "catalog"
	}
	for _, ty := range sim.BuiltinAssetDB().Types() {
		types[ty] = "built-in asset table"
	}
	if b, err := os.ReadFile("../../shared/reference/ithor/floorplan-object-types.json"); err == nil {
		var ref struct{ Scenes map[string][]string }
		if err := json.Unmarshal(b, &ref); err != nil {
			t.Fatal(err)
		}
		for _, tys := range ref.Scenes {
			for _, ty := range tys {
				types[ty] = "iTHOR floor plans"
			}
		}
	} else {
		t.Logf("iTHOR floor-plan types not checked: %v", err)
	}
	for ty, from := range types {
		if _, ok := displayNames[ty]; !ok {
			t.Errorf("%s (%s) has no display name; TypeWords would call it %q", ty, from, TypeWords(ty))
		}
	}
	byName := map[string]string{}
	reWord := regexp.MustCompile(`^(?:[a-z]+|[A-Z]{2,})$`)
	for ty, n := range displayNames {
		if other, ok := byName[n.words]; ok {
			t.Errorf("%s and %s are both called %q", ty, other, n.words)
		}
		byName[n.words] = ty
		for _, w := range regexp.MustCompile(` `).Split(n.words, -1) {
			if !reWord.MatchString(w) {
				t.Errorf("%s: %q has the word %q", ty, n.words, w)
			}
		}
	}
}

// TestDisplayNamesReadNaturally: the CamelCase splits that read badly are
// replaced, names are what the text writes, and an unknown type falls back
// to TypeWords.
func TestDisplayNamesReadNaturally(t *testing.T) {
	for ty, want := range map[string]string{
		"RoomDecor": "decoration", "TableTopDecor": "table decoration", "BasketBall": "basketball",
		"CounterTop": "counter", "ArmChair": "armchair", "KeyChain": "key ring", "HousePlant": "houseplant",
		"SoapBar": "bar of soap", "Glassbottle": "glass bottle", "TVStand": "TV stand", "Boots": "boots",
		"GizmoStand": "gizmo stand",
	} {
		if got := DisplayName(ty); got != want {
			t.Errorf("DisplayName(%q) = %q, want %q", ty, got, want)
		}
	}
	if got := (ObjectRef{ObjectType: "KeyChain", DotColor: "red"}).Name(); got != "the key ring (red dot)" {
		t.Errorf("Name = %q", got)
	}
	if got := refName(ObjectRef{ObjectType: "ArmChair", Mark: 2}, 1, true); got != "the armchair marked 2" {
		t.Errorf("refName = %q", got)
	}
	for ty, want := range map[string]bool{"Boots": true, "Blinds": true, "Curtains": true, "Mug": false, "ClothesDryer": false, "Gizmos": false} {
		if PluralType(ty) != want {
			t.Errorf("PluralType(%q) = %v", ty, !want)
		}
	}
}
