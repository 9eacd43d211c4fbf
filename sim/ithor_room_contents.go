// Code generated from ../shared/reference/ithor/floorplan-object-types.json
// (askforalfred/alfred gen/layouts, AI2-THOR 2.1 era) by a one-off script,
// reading that era's Glassbottle as Bottle; DO NOT EDIT.

package sim

// ithorRoomContents lists, per room type, the catalog types that occur in at
// least one of the 30 real iTHOR scenes of that type. iTHOR-style rooms draw
// their random furniture and small objects only from these.
var ithorRoomContents = map[RoomType]map[string]bool{
	Kitchen: {
		"Apple": true, "Book": true, "Bottle": true, "Bowl": true, "Bread": true, "ButterKnife": true, "CellPhone": true,
		"Chair": true, "CoffeeMachine": true, "CounterTop": true, "CreditCard": true, "Cup": true,
		"DiningTable": true, "DishSponge": true, "Egg": true, "Faucet": true, "Fork": true, "Fridge": true,
		"GarbageCan": true, "HousePlant": true, "Kettle": true, "Knife": true, "Ladle": true,
		"Lettuce": true, "Microwave": true, "Mug": true, "Pan": true, "PaperTowelRoll": true,
		"Pen": true, "Pencil": true, "PepperShaker": true, "Plate": true, "Pot": true, "Potato": true,
		"Safe": true, "SaltShaker": true, "SideTable": true, "Sink": true, "SoapBottle": true,
		"Spatula": true, "Spoon": true, "SprayBottle": true, "Statue": true, "Toaster": true,
		"Tomato": true, "Vase": true, "WineBottle": true,
	},
	LivingRoom: {
		"ArmChair": true, "Book": true, "Boots": true, "Bowl": true, "Box": true, "Candle": true,
		"CellPhone": true, "Chair": true, "CoffeeTable": true, "CreditCard": true, "Desk": true,
		"DeskLamp": true, "DiningTable": true, "Dresser": true, "FloorLamp": true, "GarbageCan": true,
		"HousePlant": true, "KeyChain": true, "Laptop": true, "Newspaper": true, "Ottoman": true,
		"Painting": true, "Pen": true, "Pencil": true, "Pillow": true, "Plate": true,
		"RemoteControl": true, "Safe": true, "SideTable": true, "Sofa": true, "Statue": true,
		"TVStand": true, "Television": true, "TissueBox": true, "Vase": true, "Watch": true,
		"WateringCan": true,
	},
	Bedroom: {
		"AlarmClock": true, "ArmChair": true, "BasketBall": true, "Bed": true, "Book": true,
		"Boots": true, "Bowl": true, "Box": true, "CD": true, "CellPhone": true, "Chair": true,
		"Cloth": true, "CoffeeTable": true, "CounterTop": true, "CreditCard": true, "Desk": true,
		"DeskLamp": true, "DiningTable": true, "Dresser": true, "Footstool": true, "GarbageCan": true,
		"HousePlant": true, "KeyChain": true, "Laptop": true, "LaundryHamper": true, "Mug": true,
		"Painting": true, "Pen": true, "Pencil": true, "Pillow": true, "RemoteControl": true,
		"Safe": true, "SideTable": true, "Statue": true, "TeddyBear": true, "Television": true,
		"TissueBox": true, "Vase": true, "Watch": true,
	},
	Bathroom: {
		"Candle": true, "Cloth": true, "CounterTop": true, "DishSponge": true, "Dresser": true, "Faucet": true,
		"FloorLamp": true, "Footstool": true, "GarbageCan": true, "HandTowel": true, "HandTowelHolder": true, "HousePlant": true,
		"Painting": true, "PaperTowelRoll": true, "Plunger": true, "ScrubBrush": true, "SideTable": true,
		"Sink": true, "SoapBar": true, "SoapBottle": true, "SprayBottle": true, "TissueBox": true,
		"Toilet": true, "ToiletPaper": true, "ToiletPaperHanger": true, "Towel": true, "TowelHolder": true,
	},
}
