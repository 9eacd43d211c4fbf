package assets

import (
	"testing"

	"flowbench/sim"
)

// TestKitchenToolModels: procedural knives, butter knives, forks,
// spatulas, ladles and dish sponges, in every colour of their palette,
// fill their box on every axis without leaving it, are wound with their
// normals, use all their surfaces and carry their key, at the catalog's
// sizes and on 200 random boxes of 5 mm to 60 cm a side.
func TestKitchenToolModels(t *testing.T) {
	tools := []struct {
		name    string
		key     string
		build   func(sim.Vec3, sim.RGB) *sim.Model
		palette []sim.RGB
		catalog []sim.Vec3
	}{
		{"knife", knifeKey, knifeModel, knifeHandles, []sim.Vec3{{0.0136, 0.0477, 0.3353}, {0.0139, 0.0489, 0.3359}}},
		{"butter knife", butterKnifeKey, butterKnifeModel, butterKnifeHandles, []sim.Vec3{{0.0067, 0.0212, 0.2684}, {0.0074, 0.0321, 0.2431}}},
		{"fork", forkKey, forkModel, forkMetals, []sim.Vec3{{0.0334, 0.0216, 0.2477}, {0.0299, 0.0311, 0.2104}}},
		{"spatula", spatulaKey, spatulaModel, spatulaColours, []sim.Vec3{{0.0641, 0.0173, 0.2975}}},
		{"ladle", ladleKey, ladleModel, ladleColours, []sim.Vec3{{0.0636, 0.0481, 0.2854}, {0.0796, 0.0432, 0.3058}, {0.0905, 0.0590, 0.2666}}},
		{"dish sponge", dishSpongeKey, dishSpongeModel, spongeColours, []sim.Vec3{{0.0736, 0.0260, 0.1389}}},
	}
	for _, tool := range tools {
		t.Run(tool.name, func(t *testing.T) {
			if len(tool.palette) == 0 {
				t.Fatal("empty palette")
			}
			for _, size := range testBoxes(29, 200, 0.005, 0.6, tool.catalog...) {
				for _, col := range tool.palette {
					m := tool.build(size, col)
					if m.Key != tool.key || m.Size != size || len(m.Levels) != 1 {
						t.Fatalf("%s %v: key %q, size %v, %d levels", tool.name, size, m.Key, m.Size, len(m.Levels))
					}
					checkInBox(t, m, size, 0.5)
					checkSurfacesUsed(t, m)
					if m.Surfaces[0].Color != col {
						t.Fatalf("%s: first surface %v, want the colour %v", tool.name, m.Surfaces[0].Color, col)
					}
				}
			}
		})
	}
}
