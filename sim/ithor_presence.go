// Code generated from ../shared/reference/ithor/floorplan-object-types.json
// (askforalfred/alfred gen/layouts, AI2-THOR 2.1 era) by a one-off script,
// reading that era's Glassbottle as Bottle; DO NOT EDIT.

package sim

// IthorScenesPerRoomType is how many real iTHOR scenes there are of each
// room type (FloorPlan1–30 kitchens, 201–230 living rooms, 301–330
// bedrooms, 401–430 bathrooms).
const IthorScenesPerRoomType = 30

// ithorPresence counts, per room type, the real iTHOR scenes of that type
// holding at least one object of each type (structure such as Cabinet,
// Drawer, Mirror and StoveBurner included; no instance counts exist).
var ithorPresence = map[RoomType]map[string]int{
	Kitchen: {
		"Apple": 30, "Blinds": 5, "Book": 2, "Bottle": 7, "Bowl": 30, "Bread": 30, "ButterKnife": 29,
		"Cabinet": 30, "CellPhone": 4, "Chair": 25, "CoffeeMachine": 30, "CounterTop": 30,
		"CreditCard": 3, "Cup": 30, "Curtains": 2, "DiningTable": 16, "DishSponge": 30, "Drawer": 28,
		"Egg": 30, "Faucet": 30, "Fork": 30, "Fridge": 30, "GarbageCan": 30, "HousePlant": 10,
		"Kettle": 15, "Knife": 30, "Ladle": 10, "Lettuce": 30, "LightSwitch": 30, "Microwave": 30,
		"Mirror": 2, "Mug": 30, "Pan": 30, "PaperTowelRoll": 10, "Pen": 2, "Pencil": 2,
		"PepperShaker": 30, "Plate": 30, "Pot": 30, "Potato": 30, "Safe": 1, "SaltShaker": 30,
		"Shelf": 5, "SideTable": 3, "Sink": 30, "SinkBasin": 30, "SoapBottle": 30, "Spatula": 30,
		"Spoon": 30, "SprayBottle": 2, "Statue": 4, "StoveBurner": 30, "StoveKnob": 30, "Toaster": 30,
		"Tomato": 30, "Vase": 4, "Window": 26, "WineBottle": 10,
	},
	LivingRoom: {
		"ArmChair": 27, "Blinds": 1, "Book": 7, "Boots": 5, "Bowl": 4, "Box": 30, "Cabinet": 4,
		"Candle": 3, "CellPhone": 7, "Chair": 20, "CoffeeTable": 25, "CreditCard": 30, "Curtains": 8,
		"Desk": 1, "DeskLamp": 7, "DiningTable": 14, "Drawer": 23, "Dresser": 10, "FloorLamp": 30,
		"GarbageCan": 30, "HousePlant": 30, "KeyChain": 30, "Lamp": 6, "Laptop": 30, "LightSwitch": 30,
		"Mirror": 3, "Newspaper": 18, "Ottoman": 4, "Painting": 30, "Pen": 5, "Pencil": 4, "Pillow": 30,
		"Plate": 10, "RemoteControl": 30, "Safe": 2, "Shelf": 12, "SideTable": 24, "Sofa": 30,
		"Statue": 29, "TVStand": 12, "Television": 30, "TissueBox": 9, "Vase": 18, "Watch": 16,
		"WateringCan": 13, "Window": 28,
	},
	Bedroom: {
		"AlarmClock": 30, "ArmChair": 6, "BaseballBat": 13, "BasketBall": 11, "Bed": 30, "Blinds": 27,
		"Book": 30, "Boots": 3, "Bowl": 13, "Box": 12, "CD": 30, "Cabinet": 5, "CellPhone": 30,
		"Chair": 22, "Cloth": 5, "CoffeeTable": 1, "CounterTop": 1, "CreditCard": 30, "Curtains": 2,
		"Desk": 19, "DeskLamp": 20, "DiningTable": 5, "Drawer": 29, "Dresser": 15, "Footstool": 1,
		"GarbageCan": 30, "HousePlant": 7, "KeyChain": 30, "Lamp": 10, "Laptop": 30, "LaundryHamper": 8,
		"LaundryHamperLid": 8, "LightSwitch": 30, "Mirror": 30, "Mug": 16, "Painting": 13, "Pen": 30,
		"Pencil": 30, "Pillow": 30, "Poster": 6, "RemoteControl": 3, "Safe": 5, "Shelf": 20,
		"SideTable": 19, "Statue": 4, "TeddyBear": 10, "Television": 3, "TennisRacket": 10,
		"TissueBox": 4, "Vase": 3, "Watch": 2, "Window": 30,
	},
	Bathroom: {
		"Bathtub": 21, "BathtubBasin": 20, "Cabinet": 15, "Candle": 30, "Cart": 2, "Cloth": 30,
		"CounterTop": 25, "DishSponge": 6, "Drawer": 15, "Dresser": 2, "Faucet": 28, "FloorLamp": 2,
		"Footstool": 1, "GarbageCan": 30, "HandTowel": 30, "HandTowelHolder": 30, "HousePlant": 1,
		"LightSwitch": 30, "Mirror": 30, "Painting": 1, "PaperTowelRoll": 4, "Plunger": 30,
		"ScrubBrush": 30, "Shelf": 8, "ShowerCurtain": 13, "ShowerDoor": 17, "ShowerGlass": 13,
		"ShowerHead": 12, "SideTable": 2, "Sink": 30, "SinkBasin": 30, "SoapBar": 30, "SoapBottle": 30,
		"SprayBottle": 30, "TissueBox": 9, "Toilet": 30, "ToiletPaper": 30, "ToiletPaperHanger": 30,
		"Towel": 30, "TowelHolder": 30, "Window": 19,
	},
}
