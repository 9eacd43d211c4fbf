package assets

import "flowbench/sim"

// Types whose look has no front that matters (round or symmetric things,
// small objects lying on a surface, tables without drawers) may be drawn
// with their model turned 90° about the vertical axis when that fits the
// object's box better. Types with a front (seats, beds, cabinets,
// appliances, screens, shelves, desks, nightstands) are never turned, so they
// keep facing the object's forward axis. The toaster is the one appliance
// turned: AI2-THOR's toasters are deeper than wide (slots running front to
// back) while the catalog's is wider than deep, and a toaster reads as one
// from any side.
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
	"Toaster": true, "Tomato": true, "ToiletPaper": true, "Vase": true, "Watch": true, "WateringCan": true,
	"WineBottle": true,
}

// rollableTypes are flat things hung on a wall whose model may be drawn
// rolled 90° about its depth axis when that fits the object's box better:
// the one picture frame of the catalogs is landscape, and a frame hung
// portrait is still a frame.
var rollableTypes = map[string]bool{"Painting": true}

// orientation is how a variant's model is turned before it is fitted to
// an object's box.
type orientation int

const (
	asModelled orientation = iota
	turned                 // 90° about the vertical (turnableTypes)
	rolled                 // 90° about the depth axis (rollableTypes)
)

// orientations returns the orientations a type's variants may take.
func orientations(typ string) []orientation {
	out := []orientation{asModelled}
	if turnableTypes[typ] {
		out = append(out, turned)
	}
	if rollableTypes[typ] {
		out = append(out, rolled)
	}
	return out
}

// size returns an entry's size seen in orientation or: turned swaps width
// and depth, rolled swaps width and height.
func (or orientation) size(s sim.Vec3) sim.Vec3 {
	switch or {
	case turned:
		return sim.Vec3{s[2], s[1], s[0]}
	case rolled:
		return sim.Vec3{s[1], s[0], s[2]}
	}
	return s
}

// rotate returns a copy of m in orientation or: turned by (x, y, z) →
// (z, y, -x), rolled by (x, y, z) → (-y, x, z), both proper rotations about
// the box centre (the model is not mirrored). Surfaces, triangles and UVs
// are shared; positions and normals are new. A rolled model has no support
// surface. asModelled returns m itself.
func (or orientation) rotate(m *sim.Model) *sim.Model {
	if or == asModelled {
		return m
	}
	rot := func(v sim.Vec3) sim.Vec3 { return sim.Vec3{v[2], v[1], -v[0]} }
	sy := m.SupportY
	if or == rolled {
		rot = func(v sim.Vec3) sim.Vec3 { return sim.Vec3{-v[1], v[0], v[2]} }
		sy = 0
	}
	t := copyModel(m)
	t.Size, t.SupportY = or.size(m.Size), sy
	t.Levels = make([]sim.ModelLevel, len(m.Levels))
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
