package simsource

import (
	"strings"
	"unicode"
)

// typeLabels maps sim object types to the lowercase noun a text-prompted
// segmenter would give them. Types absent here are labelled by splitting
// their camel-case name (labelOf).
var typeLabels = map[string]string{
	"Apple": "apple", "Tomato": "tomato", "Potato": "potato", "Egg": "egg", "Lettuce": "lettuce",
	"Bread": "bread", "Mug": "mug", "Cup": "cup", "Bowl": "bowl", "Plate": "plate", "Pan": "pan",
	"Pot": "pot", "Kettle": "kettle", "Knife": "knife", "ButterKnife": "knife", "Fork": "fork",
	"Spoon": "spoon", "Spatula": "spatula", "Ladle": "ladle", "SaltShaker": "salt shaker",
	"PepperShaker": "pepper shaker", "WineBottle": "bottle", "Bottle": "bottle",
	"PaperTowelRoll": "paper roll", "DishSponge": "sponge", "SoapBottle": "soap bottle",
	"SprayBottle": "spray bottle", "CellPhone": "phone", "Statue": "figurine", "Vase": "vase",
	"Book": "book", "Box": "box", "RemoteControl": "remote", "KeyChain": "keys", "CreditCard": "card",
	"Newspaper": "newspaper", "TissueBox": "tissue box", "Candle": "candle", "Watch": "watch",
	"AlarmClock": "clock", "Pencil": "pencil", "Pen": "pen", "CD": "disc", "TableTopDecor": "ornament",
	"SoapBar": "soap", "ToiletPaper": "toilet paper", "WateringCan": "watering can", "Laptop": "laptop",
	"Microwave": "microwave", "CoffeeMachine": "coffee machine", "Toaster": "toaster",
	"Television": "television", "DeskLamp": "lamp", "Pillow": "pillow", "Cloth": "rag",
}

// labelOf returns the segmenter label of an object type.
func labelOf(typ string) string {
	if l, ok := typeLabels[typ]; ok {
		return l
	}
	var b strings.Builder
	for i, r := range typ {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// similarLabels are the confusions a label swap draws from (noise.go):
// a similar noun, else a generic fallback of B.2.
var similarLabels = map[string][]string{
	"apple": {"tomato", "orange"}, "tomato": {"apple"}, "potato": {"bread", "egg"}, "egg": {"potato"},
	"mug": {"cup"}, "cup": {"mug", "can"}, "bowl": {"plate", "pot"}, "plate": {"bowl"},
	"pan": {"pot"}, "pot": {"pan", "bowl"}, "kettle": {"pot"}, "bottle": {"vase", "spray bottle"},
	"soap bottle": {"bottle"}, "spray bottle": {"bottle"}, "vase": {"bottle"},
	"salt shaker": {"pepper shaker"}, "pepper shaker": {"salt shaker"}, "knife": {"spoon"},
	"fork": {"spoon"}, "spoon": {"fork"}, "book": {"box"}, "box": {"book"}, "phone": {"remote"},
	"remote": {"phone"}, "lettuce": {"cabbage"}, "bread": {"potato"}, "sponge": {"soap"},
}

// genericLabels are the segmenter's generic fallbacks (real.GenericLabels'
// first two, the ones a tabletop object falls back to).
var genericLabels = []string{"small object", "kitchen item"}

// surfaceTypes are the receptacles a scene is built on, with the label their
// type would carry; their masks are never emitted (docs/real.md).
var surfaceTypes = map[string]string{
	"CounterTop": "counter", "DiningTable": "table", "Desk": "desk", "SideTable": "table", "CoffeeTable": "table",
}

// extraTypes are the small pickupable types added onto the surface, with
// the colours they are drawn in (one is picked per object).
var extraTypes = []struct {
	Type   string
	Colors [][3]float64
}{
	{"Apple", [][3]float64{{0.75, 0.08, 0.07}, {0.45, 0.70, 0.15}}},
	{"Tomato", [][3]float64{{0.85, 0.15, 0.08}}},
	{"Potato", [][3]float64{{0.66, 0.52, 0.30}}},
	{"Mug", [][3]float64{{0.15, 0.35, 0.75}, {0.9, 0.9, 0.88}, {0.85, 0.55, 0.1}}},
	{"Cup", [][3]float64{{0.2, 0.6, 0.35}, {0.92, 0.92, 0.92}, {0.8, 0.2, 0.45}}},
	{"Bowl", [][3]float64{{0.95, 0.93, 0.85}, {0.25, 0.45, 0.65}}},
	{"Bottle", [][3]float64{{0.1, 0.45, 0.2}, {0.55, 0.75, 0.85}}},
	{"SoapBottle", [][3]float64{{0.95, 0.75, 0.15}, {0.4, 0.2, 0.6}}},
	{"SaltShaker", [][3]float64{{0.92, 0.92, 0.9}}},
	{"Bread", [][3]float64{{0.72, 0.5, 0.25}}},
	{"Box", [][3]float64{{0.8, 0.65, 0.4}, {0.3, 0.3, 0.7}}},
	{"Book", [][3]float64{{0.6, 0.1, 0.1}, {0.1, 0.25, 0.5}}},
	{"Kettle", [][3]float64{{0.75, 0.75, 0.78}}},
	{"Egg", [][3]float64{{0.95, 0.9, 0.8}}},
	{"DishSponge", [][3]float64{{0.95, 0.85, 0.2}}},
	{"Vase", [][3]float64{{0.3, 0.55, 0.7}}},
}
