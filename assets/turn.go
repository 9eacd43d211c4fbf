package assets

import "flowbench/sim"

// Types whose look has no front that matters (round or symmetric things,
// small objects lying on a surface, tables without drawers) may be drawn
// with their model turned 90° about the vertical axis when that fits the
// object's box better. Types with a front (seats, beds, cabinets,
// appliances, screens, shelves, desks, nightstands) are never turned, so they
// keep facing the object's forward axis.
var turnableTypes = map[string]bool{
	"AlarmClock": true, "Apple": true, "BasketBall": true, "Book": true, "Boots": true, "Bottle": true,
	"Bowl": true, "Box": true, "Bread": true, "ButterKnife": true, "CD": true, "Candle": true,
	"CellPhone": true, "Cloth": true, "CoffeeTable": true, "CreditCard": true, "Cup": true,
	"DiningTable": true, "DishSponge": true, "DogBed": true, "Dumbbell": true, "Egg": true,
	"FloorLamp": true, "Footstool": true, "Fork": true, "GarbageBag": true, "GarbageCan": true,
	"HandTowel": true, "HousePlant": true, "KeyChain": true, "Knife": true, "Ladle": true,
	"Laptop": false, "LaundryHamper": true, "Lettuce": true, "Mug": true, "Newspaper": true,
	"Ottoman": true, "Pan": true, "PaperTowelRoll": true, "Pen": true, "Pencil": true,
	"PepperShaker": true, "Pillow": true, "Plate": true, "Plunger": true, "Pot": true,
	"Potato": true, "RemoteControl": true, "RoomDecor": true, "SaltShaker": true,
	"ScrubBrush": true, "SoapBar": true, "SoapBottle": true, "Spatula": true, "Spoon": true,
	"SprayBottle": true, "Statue": true, "Stool": true, "TableTopDecor": true, "TissueBox": true,
	"Tomato": true, "ToiletPaper": true, "Vase": true, "Watch": true, "WateringCan": true,
	"WineBottle": true,
}

// turnedSize is an entry's size seen with the model turned 90°: width and
// depth swap.
func turnedSize(s sim.Vec3) sim.Vec3 { return sim.Vec3{s[2], s[1], s[0]} }

// turnModel returns a copy of m rotated by (x, y, z) → (z, y, -x); surfaces
// and triangles are shared, positions and normals are new.
func turnModel(m *sim.Model) *sim.Model {
	rot := func(v sim.Vec3) sim.Vec3 { return sim.Vec3{v[2], v[1], -v[0]} }
	t := &sim.Model{Key: m.Key, Size: turnedSize(m.Size), Surfaces: m.Surfaces, SupportY: m.SupportY,
		Levels: make([]sim.ModelLevel, len(m.Levels))}
	for i, l := range m.Levels {
		nl := sim.ModelLevel{Pos: make([]sim.Vec3, len(l.Pos)), Normal: make([]sim.Vec3, len(l.Normal)), UV: l.UV, Tris: l.Tris}
		for k, p := range l.Pos {
			nl.Pos[k] = rot(p)
		}
		for k, n := range l.Normal {
			nl.Normal[k] = rot(n)
		}
		t.Levels[i] = nl
	}
	return t
}
