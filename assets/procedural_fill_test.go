package assets

import (
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// TestProceduralModelsFillBoxes: the procedural models of pantry.go,
// room_items.go, appliances.go, open_vessels.go, desk_items.go and the
// spray bottle stay
// inside their box. Potatoes, lettuces, loaves, newspapers, boots,
// ottomans, footstools, dog beds, cloths, phones, televisions, toasters,
// microwaves, pots, mugs, alarm clocks, books and pencils fill it
// exactly; a pan spans its height and longer side (its body narrower than
// the box in a squarish one, so the handle keeps a third of the length);
// compact discs, candles, garbage bags, pepper mills, bowls, plates and
// desk lamps
// span its height and smaller horizontal side; a dumbbell
// spans its length and its smaller side across, a spray bottle its height
// and depth. All are wound with their normals and use all their surfaces,
// in every palette colour, at the catalog's sizes and on 200 random boxes
// of 0.5 cm to 1.2 m a side. A ray down through an ottoman's or a
// footstool's footprint meets its cushion at the box's top first, where
// objects rest on it; one down the middle of a pot's, a pan's or a mug's body meets
// its floor, below the rim by at least 75 % of the height (they are open),
// and so does one down a bowl's middle.
func TestProceduralModelsFillBoxes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for _, c := range []proceduralCase{
		{name: "potato", build: potatoModel, palette: potatoSkins, catalog: []sim.Vec3{{0.0659, 0.0659, 0.1011}, {0.0680, 0.0680, 0.1147}}},
		{name: "lettuce", build: lettuceModel, palette: lettuceGreens, catalog: []sim.Vec3{{0.1475, 0.1475, 0.2519}, {0.1715, 0.1679, 0.2481}}},
		{name: "bread", build: breadModel, palette: breadCrusts, catalog: []sim.Vec3{{0.1183, 0.1478, 0.2868}, {0.1657, 0.1626, 0.2741}}},
		{name: "newspaper", build: newspaperModel, palette: newsprints, catalog: []sim.Vec3{{0.2326, 0.0220, 0.1266}, {0.3604, 0.0375, 0.1287}}},
		{name: "cd", build: cdModel, palette: discLabels, catalog: []sim.Vec3{{0.1048, 0.0036, 0.1048}}, round: true},
		{name: "candle", build: candleModel, palette: candleWaxes, catalog: []sim.Vec3{{0.0499, 0.0816, 0.0496}, {0.0156, 0.1679, 0.0156}}, round: true},
		{name: "dumbbell", build: dumbbellModel, palette: dumbbellColours, catalog: []sim.Vec3{{0.1324, 0.1324, 0.3307}}, round: true, axes: []int{2, -1}},
		{name: "boots", build: bootsModel, palette: bootLeathers, catalog: []sim.Vec3{{0.2765, 0.5169, 0.2203}}},
		{name: "ottoman", build: ottomanModel, palette: ottomanFabrics, catalog: []sim.Vec3{{0.8587, 0.4152, 0.5191}, {0.7673, 0.4846, 0.4591}}},
		{name: "footstool", build: footstoolModel, palette: ottomanFabrics, catalog: []sim.Vec3{{0.3570, 0.4574, 0.2295}, {0.2797, 0.2063, 0.2758}}},
		{name: "garbageBag", build: garbageBagModel, palette: garbageBagColours, catalog: []sim.Vec3{{0.5108, 0.5579, 0.5152}}, round: true},
		{name: "dogBed", build: dogBedModel, palette: dogBedCovers, catalog: []sim.Vec3{{0.7307, 0.1088, 0.7307}, {0.9924, 0.3160, 0.8348}}},
		{name: "cloth", build: clothModel, palette: clothColours, catalog: []sim.Vec3{{0.2083, 0.0583, 0.1838}, {0.1960, 0.0233, 0.2144}}},
		{name: "sprayBottle", build: sprayBottleModel, palette: sprayBodies, catalog: []sim.Vec3{{0.0693, 0.2641, 0.1087}, {0.0329, 0.2455, 0.1125}}, round: true, axes: []int{1, 2}},
		{name: "cellPhone", build: cellPhoneModel, palette: phoneBacks, catalog: []sim.Vec3{{0.0784, 0.0060, 0.1617}, {0.0886, 0.0096, 0.1797}}},
		{name: "television", build: televisionModel, palette: tvFrames, catalog: []sim.Vec3{{0.8239, 0.5206, 0.1420}, {1.0685, 0.7528, 0.4058}}},
		{name: "toaster", build: toasterModel, palette: toasterShells, catalog: []sim.Vec3{{0.1928, 0.2043, 0.3406}, {0.1970, 0.2442, 0.4546}}},
		{name: "microwave", build: microwaveModel, palette: microwaveBodies, catalog: []sim.Vec3{{0.6073, 0.3535, 0.4063}, {0.7000, 0.3538, 0.3455}}},
		{name: "pot", build: potModel, palette: cookwareMetals, catalog: []sim.Vec3{{0.2891, 0.1675, 0.5017}, {0.4131, 0.2018, 0.3138}}},
		{name: "pan", build: panModel, palette: cookwareMetals, catalog: []sim.Vec3{{0.2896, 0.1026, 0.4489}, {0.3035, 0.0465, 0.2494}, {0.2405, 0.0408, 0.2685}}, round: true, axes: []int{1}},
		{name: "mug", build: mugModel, palette: mugGlazes, catalog: []sim.Vec3{{0.1092, 0.1036, 0.0859}, {0.1423, 0.0848, 0.1120}}},
		{name: "pepperMill", build: pepperMillModel, palette: pepperMillWoods, catalog: []sim.Vec3{{0.0402, 0.0959, 0.0406}, {0.0745, 0.1970, 0.0742}}, round: true},
		{name: "bowl", build: bowlModel, palette: bowlGlazes, catalog: []sim.Vec3{{0.1932, 0.0643, 0.1935}, {0.2324, 0.1118, 0.2434}}, round: true},
		{name: "plate", build: plateModel, palette: plateGlazes, catalog: []sim.Vec3{{0.1878, 0.0227, 0.1878}, {0.2068, 0.0246, 0.2105}}, round: true},
		{name: "alarmClock", build: alarmClockModel, palette: clockCases, catalog: []sim.Vec3{{0.0997, 0.1093, 0.0497}, {0.1678, 0.2328, 0.1650}}},
		{name: "book", build: bookModel, palette: bookCovers, catalog: []sim.Vec3{{0.1301, 0.0199, 0.2179}, {0.1768, 0.0429, 0.2336}}},
		{name: "pencil", build: pencilModel, palette: pencilPaints, catalog: []sim.Vec3{{0.0095, 0.0095, 0.1399}, {0.0130, 0.0119, 0.1909}}},
		{name: "deskLamp", build: deskLampModel, palette: lampShades, catalog: []sim.Vec3{{0.1026, 0.4635, 0.4251}, {0.2994, 0.3119, 0.2993}}, round: true},
	} {
		checkProcedural(t, c, 29, 200, 0.005, 1.2, func(m *sim.Model, size sim.Vec3, _ sim.RGB) {
			switch m.Key {
			case ottomanKey, footstoolKey:
				checkTopFirst(t, m, size, 0, rng, 20)
			case bowlKey:
				if y, _, ok := firstHitDown(m.Levels[0], 1e-4, 1e-4); !ok || y > size[1]/2-0.75*size[1] {
					t.Fatalf("bowl %v: a ray down its middle hit %v at %.4f, want the floor below %.4f", size, ok, y, size[1]/2-0.75*size[1])
				}
			case potKey, panKey, mugKey:
				// The body's centre: the middle, or the end of the longer
				// side a handle leaves (the box's back, or its left).
				S, L := min(size[0], size[2]), max(size[0], size[2])
				c := 0.0
				if L >= 1.35*S {
					c = -L/2 + S/2
				}
				if m.Key == panKey { // always one handle, at least a third of the length
					c = -L/2 + min(S, panBodyShare*L)/2
					long := 2
					if size[0] > size[2] {
						long = 0
					}
					checkRoundInBox(t, m, size, 1, long)
				}
				x, z := 0.0, c
				if size[0] > size[2] {
					x, z = c, 0 // turned: (x, y, z) → (z, y, −x)
				}
				if y, _, ok := firstHitDown(m.Levels[0], x+1e-4, z+1e-4); !ok || y > size[1]/2-0.75*size[1] {
					t.Fatalf("%s %v: a ray down the body at (%.3f, %.3f) hit %v at %.4f, want the floor below %.4f", m.Key, size, x, z, ok, y, size[1]/2-0.75*size[1])
				}
			}
		})
	}
}
