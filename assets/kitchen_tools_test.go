package assets

import (
	"testing"

	"flowbench/sim"
)

// TestKitchenToolModels: procedural knives, butter knives, forks, spoons,
// spatulas, ladles and dish sponges, in every colour of their palette,
// fill their box on every axis without leaving it, are wound with their
// normals, use all their surfaces and carry their key, at the catalog's
// sizes and on 200 random boxes of 5 mm to 60 cm a side.
func TestKitchenToolModels(t *testing.T) {
	for _, c := range []struct {
		proceduralCase
		key string
	}{
		{proceduralCase{name: "knife", build: knifeModel, palette: knifeHandles, catalog: []sim.Vec3{{0.0136, 0.0477, 0.3353}, {0.0139, 0.0489, 0.3359}}}, knifeKey},
		{proceduralCase{name: "butter knife", build: butterKnifeModel, palette: butterKnifeHandles, catalog: []sim.Vec3{{0.0067, 0.0212, 0.2684}, {0.0074, 0.0321, 0.2431}}}, butterKnifeKey},
		{proceduralCase{name: "fork", build: forkModel, palette: forkMetals, catalog: []sim.Vec3{{0.0334, 0.0216, 0.2477}, {0.0299, 0.0311, 0.2104}}}, forkKey},
		{proceduralCase{name: "spoon", build: spoonModel, palette: forkMetals, catalog: []sim.Vec3{{0.0414, 0.0191, 0.2074}}}, spoonKey},
		{proceduralCase{name: "spatula", build: spatulaModel, palette: spatulaColours, catalog: []sim.Vec3{{0.0641, 0.0173, 0.2975}}}, spatulaKey},
		{proceduralCase{name: "ladle", build: ladleModel, palette: ladleColours, catalog: []sim.Vec3{{0.0636, 0.0481, 0.2854}, {0.0796, 0.0432, 0.3058}, {0.0905, 0.0590, 0.2666}}}, ladleKey},
		{proceduralCase{name: "dish sponge", build: dishSpongeModel, palette: spongeColours, catalog: []sim.Vec3{{0.0736, 0.0260, 0.1389}}}, dishSpongeKey},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkProcedural(t, c.proceduralCase, 29, 200, 0.005, 0.6, func(m *sim.Model, size sim.Vec3, col sim.RGB) {
				if m.Key != c.key {
					t.Fatalf("%s %v: key %q, want %q", c.name, size, m.Key, c.key)
				}
				if m.Surfaces[0].Color != col {
					t.Fatalf("%s: first surface %v, want the colour %v", c.name, m.Surfaces[0].Color, col)
				}
			})
		})
	}
}
