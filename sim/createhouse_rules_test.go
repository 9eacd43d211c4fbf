package sim

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// AI2-THOR's CreateHouse looks floor, wall and ceiling materials up by name
// in ProcTHOR's material database and throws on any other name: every
// generated house (procthor and all 120 ithor scenes) uses only those names.
func TestGeneratedHousesUseMaterialDatabaseNames(t *testing.T) {
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
	}
}
