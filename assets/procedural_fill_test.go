package assets

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// TestProceduralModelsFillBoxes: the procedural models of pantry.go,
// room_items.go, appliances.go, open_vessels.go, desk_items.go and the
// spray bottle stay
// inside their box. Potatoes, lettuces, loaves, newspapers, boots,
// ottomans, footstools, dog beds, cloths, phones, televisions, toasters,
// microwaves, pots, pans, mugs, alarm clocks, books and pencils fill it
// exactly; compact discs, candles, garbage bags, plates and desk lamps
// span its height and smaller horizontal side; a dumbbell
// spans its length and its smaller side across, a spray bottle its height
// and depth. All are wound with their normals and use all their surfaces,
// in every palette colour, at the catalog's sizes and on 200 random boxes
// of 0.5 cm to 1.2 m a side. A ray down through an ottoman's or a
// footstool's footprint meets its cushion at the box's top first, where
// objects rest on it; one down the middle of a pot's, a pan's or a mug's body meets
// its floor, below the rim by at least 75 % of the height (they are open).
func TestProceduralModelsFillBoxes(t *testing.T) {
	type kind struct {
		build   func(sim.Vec3, sim.RGB) *sim.Model
		palette []sim.RGB
		fills   bool  // fills the box; else round (checkRoundInBox)
		axes    []int // the axes a round model spans (nil: the default)
		catalog []sim.Vec3
	}
	kinds := []kind{
		{potatoModel, potatoSkins, true, nil, []sim.Vec3{{0.0659, 0.0659, 0.1011}, {0.0680, 0.0680, 0.1147}}},
		{lettuceModel, lettuceGreens, true, nil, []sim.Vec3{{0.1475, 0.1475, 0.2519}, {0.1715, 0.1679, 0.2481}}},
		{breadModel, breadCrusts, true, nil, []sim.Vec3{{0.1183, 0.1478, 0.2868}, {0.1657, 0.1626, 0.2741}}},
		{newspaperModel, newsprints, true, nil, []sim.Vec3{{0.2326, 0.0220, 0.1266}, {0.3604, 0.0375, 0.1287}}},
		{cdModel, discLabels, false, nil, []sim.Vec3{{0.1048, 0.0036, 0.1048}}},
		{candleModel, candleWaxes, false, nil, []sim.Vec3{{0.0499, 0.0816, 0.0496}, {0.0156, 0.1679, 0.0156}}},
		{dumbbellModel, dumbbellColours, false, []int{2, -1}, []sim.Vec3{{0.1324, 0.1324, 0.3307}}},
		{bootsModel, bootLeathers, true, nil, []sim.Vec3{{0.2765, 0.5169, 0.2203}}},
		{ottomanModel, ottomanFabrics, true, nil, []sim.Vec3{{0.8587, 0.4152, 0.5191}, {0.7673, 0.4846, 0.4591}}},
		{footstoolModel, ottomanFabrics, true, nil, []sim.Vec3{{0.3570, 0.4574, 0.2295}, {0.2797, 0.2063, 0.2758}}},
		{garbageBagModel, garbageBagColours, false, nil, []sim.Vec3{{0.5108, 0.5579, 0.5152}}},
		{dogBedModel, dogBedCovers, true, nil, []sim.Vec3{{0.7307, 0.1088, 0.7307}, {0.9924, 0.3160, 0.8348}}},
		{clothModel, clothColours, true, nil, []sim.Vec3{{0.2083, 0.0583, 0.1838}, {0.1960, 0.0233, 0.2144}}},
		{sprayBottleModel, sprayBodies, false, []int{1, 2}, []sim.Vec3{{0.0693, 0.2641, 0.1087}, {0.0329, 0.2455, 0.1125}}},
		{cellPhoneModel, phoneBacks, true, nil, []sim.Vec3{{0.0784, 0.0060, 0.1617}, {0.0886, 0.0096, 0.1797}}},
		{televisionModel, tvFrames, true, nil, []sim.Vec3{{0.8239, 0.5206, 0.1420}, {1.0685, 0.7528, 0.4058}}},
		{toasterModel, toasterShells, true, nil, []sim.Vec3{{0.1928, 0.2043, 0.3406}, {0.1970, 0.2442, 0.4546}}},
		{microwaveModel, microwaveBodies, true, nil, []sim.Vec3{{0.6073, 0.3535, 0.4063}, {0.7000, 0.3538, 0.3455}}},
		{potModel, cookwareMetals, true, nil, []sim.Vec3{{0.2891, 0.1675, 0.5017}, {0.4131, 0.2018, 0.3138}}},
		{panModel, cookwareMetals, true, nil, []sim.Vec3{{0.2896, 0.1026, 0.4489}, {0.3035, 0.0465, 0.2494}}},
		{mugModel, mugGlazes, true, nil, []sim.Vec3{{0.1092, 0.1036, 0.0859}, {0.1423, 0.0848, 0.1120}}},
		{plateModel, plateGlazes, false, nil, []sim.Vec3{{0.1878, 0.0227, 0.1878}, {0.2068, 0.0246, 0.2105}}},
		{alarmClockModel, clockCases, true, nil, []sim.Vec3{{0.0997, 0.1093, 0.0497}, {0.1678, 0.2328, 0.1650}}},
		{bookModel, bookCovers, true, nil, []sim.Vec3{{0.1301, 0.0199, 0.2179}, {0.1768, 0.0429, 0.2336}}},
		{pencilModel, pencilPaints, true, nil, []sim.Vec3{{0.0095, 0.0095, 0.1399}, {0.0130, 0.0119, 0.1909}}},
		{deskLampModel, lampShades, false, nil, []sim.Vec3{{0.1026, 0.4635, 0.4251}, {0.2994, 0.3119, 0.2993}}},
	}
	rng := rand.New(rand.NewPCG(5, 9))
	for _, k := range kinds {
		for i, size := range testBoxes(29, 200, 0.005, 1.2, k.catalog...) {
			m := k.build(size, k.palette[i%len(k.palette)])
			switch {
			case k.fills:
				checkInBox(t, m, size, 0.5)
			case k.axes != nil:
				axes := append([]int(nil), k.axes...)
				if axes[1] < 0 { // the smaller side across
					axes[1] = 0
					if size[1] < size[0] {
						axes[1] = 1
					}
				}
				checkRoundInBox(t, m, size, axes...)
			default:
				checkRoundInBox(t, m, size)
			}
			checkSurfacesUsed(t, m)
			switch m.Key {
			case ottomanKey, footstoolKey:
				for r := range 20 {
					x, z := (rng.Float64()-0.5)*size[0], (rng.Float64()-0.5)*size[2]
					if y, s, ok := firstHitDown(m.Levels[0], x, z); !ok || s != 0 || math.Abs(y-size[1]/2) > 1e-12 {
						t.Fatalf("%s %v, ray %d down at (%.3f, %.3f): hit %v at %.4f on surface %d, want the cushion at %.4f", m.Key, size, r, x, z, ok, y, s, size[1]/2)
					}
				}
			case potKey, panKey, mugKey:
				// The body's centre: the middle, or the end of the longer
				// side a handle leaves (the box's back, or its left).
				S, L := min(size[0], size[2]), max(size[0], size[2])
				c := 0.0
				if L >= 1.35*S {
					c = -L/2 + S/2
				}
				x, z := 0.0, c
				if size[0] > size[2] {
					x, z = c, 0 // turned: (x, y, z) → (z, y, −x)
				}
				if y, _, ok := firstHitDown(m.Levels[0], x+1e-4, z+1e-4); !ok || y > size[1]/2-0.75*size[1] {
					t.Fatalf("%s %v: a ray down the body at (%.3f, %.3f) hit %v at %.4f, want the floor below %.4f", m.Key, size, x, z, ok, y, size[1]/2-0.75*size[1])
				}
			}
		}
	}
}
