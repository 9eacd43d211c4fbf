package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"flowbench/sim"
)

// Procedural fallbacks. Types whose primitive shape misdescribes them are
// drawn, when no catalog variant fits or the libraries have none, with a
// model built in code in their own box (proceduralTypes):
//   - paintings as canvas prints showing an artwork (canvas_print.go,
//     artwork.go; a frame cannot be squashed to a 2 cm box at the width of
//     a large painting);
//   - side tables, coffee tables, desks, dressers, kitchen counters, TV
//     stands and shelving units as tables, cabinets and open shelves in a
//     style (furniture.go);
//   - pillows (pillow.go), vacuum cleaners (vacuum.go), tissue boxes,
//     credit cards and key chains (small_objects.go), statues and tall
//     floor decorations (decor.go), apples, eggs, tomatoes and watering
//     cans (kitchen_produce.go), vases, plungers, pens and spray bottles
//     (household.go), knives, butter knives, forks, spatulas, ladles and
//     dish sponges (kitchen_tools.go), towel bars, toilet-paper holders,
//     hand towels, toilet and kitchen rolls and soap (bathroom.go),
//     potatoes, lettuces and bread (pantry.go), newspapers, compact discs,
//     candles, dumbbells, boots, ottomans, footstools, garbage bags, dog
//     beds and cloths (room_items.go), phones, televisions, toasters and
//     microwaves (appliances.go), pots, pans, mugs and plates
//     (open_vessels.go), alarm clocks, books, pencils and desk lamps
//     (desk_items.go), faucets and sink basins (plumbing.go), and the
//     flowbench-only fixtures: cooktops, wall cabinets, mirrors, bathtubs
//     and shower stalls (fixtures_models.go), each in a colour of its
//     palette (colouredModels).
//
// A model never leaves the simulated box. It fills the box on every axis
// unless it is round: round ones span the box's height and its smaller
// horizontal side (a pen or a dumbbell, lying along z, its length and its
// smaller side across; a spray bottle its height and depth), and a
// watering can in a box wider than 0.6 of its depth spans its height and
// depth. Tables, cabinets, shelves, ottomans and footstools have their
// top at the box's top, where the simulation rests objects; pots, pans
// and mugs are open, and what fits in them is lowered onto their floor as
// in the catalogs' bowls (sim.ReseatChildren). It is no catalog model: the
// coverage figures count it among the primitive fallbacks
// (DressReport.Primitive; Procedural says how many) and no attribution
// lists it.

// proceduralKeyPrefix starts every procedural model's Model.Key (no
// catalog key has a library named "flowbench").
const proceduralKeyPrefix = "flowbench:"

// proceduralKind names a procedural model.
type proceduralKind int

const (
	procNone              proceduralKind = iota
	procPrint                            // canvas print (canvas_print.go)
	procPillow                           // cushion (pillow.go)
	procVacuum                           // upright vacuum cleaner (vacuum.go)
	procFurniture                        // table or cabinet (furniture.go)
	procTissueBox                        // tissue box (small_objects.go)
	procCreditCard                       // credit card (small_objects.go)
	procKeyChain                         // key chain (small_objects.go)
	procStatue                           // statue (decor.go)
	procFloorVase                        // floor vase with twigs (decor.go)
	procApple                            // apple (kitchen_produce.go)
	procEgg                              // egg (kitchen_produce.go)
	procTomato                           // tomato (kitchen_produce.go)
	procWateringCan                      // watering can (kitchen_produce.go)
	procVase                             // vase (household.go)
	procPlunger                          // plunger (household.go)
	procPen                              // pen (household.go)
	procKnife                            // kitchen knife (kitchen_tools.go)
	procButterKnife                      // butter knife (kitchen_tools.go)
	procFork                             // fork (kitchen_tools.go)
	procSpatula                          // spatula (kitchen_tools.go)
	procLadle                            // ladle (kitchen_tools.go)
	procDishSponge                       // dish sponge (kitchen_tools.go)
	procTowelHolder                      // towel bar (bathroom.go)
	procToiletPaperHanger                // toilet-paper holder (bathroom.go)
	procHandTowel                        // hand towel (bathroom.go)
	procToiletPaper                      // toilet-paper roll (bathroom.go)
	procPaperTowelRoll                   // kitchen-paper roll (bathroom.go)
	procSoapBar                          // bar of soap (bathroom.go)
	procPotato                           // potato (pantry.go)
	procLettuce                          // lettuce (pantry.go)
	procBread                            // loaf of bread (pantry.go)
	procNewspaper                        // folded newspaper (room_items.go)
	procCD                               // compact disc (room_items.go)
	procCandle                           // candle (room_items.go)
	procDumbbell                         // dumbbell (room_items.go)
	procBoots                            // pair of boots (room_items.go)
	procOttoman                          // ottoman (room_items.go)
	procGarbageBag                       // garbage bag (room_items.go)
	procDogBed                           // dog bed (room_items.go)
	procCloth                            // folded cloth (room_items.go)
	procFootstool                        // footstool, as an ottoman (room_items.go)
	procSprayBottle                      // spray bottle (household.go)
	procCellPhone                        // mobile phone (appliances.go)
	procTelevision                       // television on a stand (appliances.go)
	procToaster                          // toaster (appliances.go)
	procMicrowave                        // microwave oven (appliances.go)
	procPot                              // pot (open_vessels.go)
	procPan                              // pan (open_vessels.go)
	procMug                              // mug (open_vessels.go)
	procPlate                            // plate (open_vessels.go)
	procAlarmClock                       // alarm clock (desk_items.go)
	procBook                             // book (desk_items.go)
	procPencil                           // pencil (desk_items.go)
	procDeskLamp                         // desk lamp (desk_items.go)
	procFaucet                           // faucet (plumbing.go)
	procSinkBasin                        // sink basin (plumbing.go)
	procTowelRing                        // hand-towel ring (bathroom.go)
	procPepperMill                       // pepper mill (pepper_mill.go)
	procSpoon                            // spoon (kitchen_tools.go)
	procBowl                             // bowl (pepper_mill.go)
	procCooktop                          // cooktop (fixtures_models.go)
	procWallCabinet                      // wall cabinet (fixtures_models.go)
	procMirror                           // framed mirror (fixtures_models.go)
	procBathtub                          // bathtub (fixtures_models.go)
	procShower                           // shower stall (fixtures_models.go)
)

// proceduralTypes are the types with a procedural fallback.
var proceduralTypes = map[string]proceduralKind{"Painting": procPrint, "Pillow": procPillow, "VacuumCleaner": procVacuum,
	"SideTable": procFurniture, "CoffeeTable": procFurniture, "Dresser": procFurniture, "CounterTop": procFurniture, "TVStand": procFurniture,
	"Desk": procFurniture, "ShelvingUnit": procFurniture,
	"TissueBox": procTissueBox, "CreditCard": procCreditCard, "KeyChain": procKeyChain, "Statue": procStatue, "RoomDecor": procFloorVase,
	"Apple": procApple, "Egg": procEgg, "Tomato": procTomato, "WateringCan": procWateringCan,
	"Vase": procVase, "Plunger": procPlunger, "Pen": procPen,
	"Knife": procKnife, "ButterKnife": procButterKnife, "Fork": procFork, "Spatula": procSpatula, "Ladle": procLadle, "DishSponge": procDishSponge,
	"TowelHolder": procTowelHolder, "HandTowelHolder": procTowelRing, "ToiletPaperHanger": procToiletPaperHanger, "HandTowel": procHandTowel, "Towel": procHandTowel, "ToiletPaper": procToiletPaper,
	"PaperTowelRoll": procPaperTowelRoll, "SoapBar": procSoapBar, "Potato": procPotato, "Lettuce": procLettuce, "Bread": procBread,
	"Newspaper": procNewspaper, "CD": procCD, "Candle": procCandle, "Dumbbell": procDumbbell, "Boots": procBoots, "Ottoman": procOttoman,
	"GarbageBag": procGarbageBag, "DogBed": procDogBed, "Cloth": procCloth, "Footstool": procFootstool, "SprayBottle": procSprayBottle,
	"CellPhone": procCellPhone, "Television": procTelevision, "Toaster": procToaster, "Microwave": procMicrowave, "Pot": procPot, "Pan": procPan,
	"Mug": procMug, "Plate": procPlate, "AlarmClock": procAlarmClock, "Book": procBook, "Pencil": procPencil, "DeskLamp": procDeskLamp, "Faucet": procFaucet, "Sink": procSinkBasin,
	"PepperShaker": procPepperMill, "Spoon": procSpoon, "Bowl": procBowl,
	"Stove": procCooktop, "Cabinet": procWallCabinet, "Mirror": procMirror, "Bathtub": procBathtub, "Shower": procShower}

// colouredModel is a procedural model drawn in one colour of a palette
// (nil: no colour), chosen by a seeded hash of the house, the object's id
// and salt; name labels it in the gallery.
type colouredModel struct {
	palette *[]sim.RGB
	salt    string
	build   func(size sim.Vec3, col sim.RGB) *sim.Model
	name    string
}

// colouredModels are the procedural kinds that colouredModel describes:
// all but prints (an artwork) and furniture (a style).
var colouredModels = map[proceduralKind]colouredModel{
	procPillow:            {&pillowColours, "pillow", pillowModel, "cushion"},
	procVacuum:            {&vacuumColours, "vacuum", vacuumModel, "upright vacuum"},
	procTissueBox:         {&tissueBoxColours, "tissue-box", tissueBoxModel, "tissue box"},
	procCreditCard:        {&cardColours, "credit-card", creditCardModel, "card"},
	procKeyChain:          {nil, "", func(size sim.Vec3, _ sim.RGB) *sim.Model { return keyChainModel(size) }, "keys"},
	procStatue:            {&statueMaterials, "statue", statueModel, "figure on a plinth"},
	procFloorVase:         {&floorVaseColours, "floor-vase", floorVaseModel, "floor vase"},
	procApple:             {&appleSkins, "apple", appleModel, "apple"},
	procEgg:               {&eggShells, "egg", eggModel, "egg"},
	procTomato:            {&tomatoSkins, "tomato", tomatoModel, "tomato"},
	procWateringCan:       {&canColours, "watering-can", wateringCanModel, "watering can"},
	procVase:              {&vaseGlazes, "vase", vaseModel, "vase"},
	procPlunger:           {&plungerCups, "plunger", plungerModel, "plunger"},
	procPen:               {&penBodies, "pen", penModel, "pen"},
	procKnife:             {&knifeHandles, "knife", handleToFront(knifeModel), "kitchen knife"},
	procButterKnife:       {&butterKnifeHandles, "butter-knife", handleToFront(butterKnifeModel), "butter knife"},
	procFork:              {&forkMetals, "fork", handleToFront(forkModel), "fork"},
	procSpatula:           {&spatulaColours, "spatula", handleToFront(spatulaModel), "spatula"},
	procLadle:             {&ladleColours, "ladle", handleToFront(ladleModel), "ladle"},
	procDishSponge:        {&spongeColours, "sponge", dishSpongeModel, "sponge"},
	procTowelHolder:       {&holderMetals, "towel-holder", towelHolderModel, "towel bar"},
	procToiletPaperHanger: {&holderMetals, "paper-hanger", toiletPaperHangerModel, "paper holder"},
	procHandTowel:         {&towelColours, "hand-towel", handTowelModel, "hand towel"},
	procToiletPaper:       {&toiletPaperWhites, "toilet-paper", toiletPaperModel, "toilet roll"},
	procPaperTowelRoll:    {&kitchenPaperWhites, "paper-towel", paperTowelRollModel, "kitchen roll"},
	procSoapBar:           {&soapColours, "soap", soapBarModel, "soap bar"},
	procPotato:            {&potatoSkins, "potato", potatoModel, "potato"},
	procLettuce:           {&lettuceGreens, "lettuce", lettuceModel, "lettuce"},
	procBread:             {&breadCrusts, "bread", breadModel, "loaf"},
	procNewspaper:         {&newsprints, "newspaper", newspaperModel, "newspaper"},
	procCD:                {&discLabels, "cd", cdModel, "compact disc"},
	procCandle:            {&candleWaxes, "candle", candleModel, "candle"},
	procDumbbell:          {&dumbbellColours, "dumbbell", dumbbellModel, "dumbbell"},
	procBoots:             {&bootLeathers, "boots", bootsModel, "boots"},
	procOttoman:           {&ottomanFabrics, "ottoman", ottomanModel, "ottoman"},
	procGarbageBag:        {&garbageBagColours, "garbage-bag", garbageBagModel, "garbage bag"},
	procDogBed:            {&dogBedCovers, "dog-bed", dogBedModel, "dog bed"},
	procCloth:             {&clothColours, "cloth", clothModel, "folded cloth"},
	procFootstool:         {&ottomanFabrics, "footstool", footstoolModel, "footstool"},
	procSprayBottle:       {&sprayBodies, "spray-bottle", sprayBottleModel, "spray bottle"},
	procCellPhone:         {&phoneBacks, "cell-phone", cellPhoneModel, "phone"},
	procTelevision:        {&tvFrames, "television", televisionModel, "flat television"},
	procToaster:           {&toasterShells, "toaster", toasterModel, "toaster"},
	procMicrowave:         {&microwaveBodies, "microwave", microwaveModel, "microwave"},
	procPot:               {&cookwareMetals, "pot", potModel, "pot"},
	procPan:               {&cookwareMetals, "pan", panModel, "pan"},
	procMug:               {&mugGlazes, "mug", mugModel, "mug"},
	procPlate:             {&plateGlazes, "plate", plateModel, "plate"},
	procAlarmClock:        {&clockCases, "alarm-clock", alarmClockModel, "alarm clock"},
	procBook:              {&bookCovers, "book", bookModel, "book"},
	procPencil:            {&pencilPaints, "pencil", pencilModel, "pencil"},
	procDeskLamp:          {&lampShades, "desk-lamp", deskLampModel, "desk lamp"},
	procFaucet:            {&holderMetals, "faucet", faucetModel, "faucet"},
	procSinkBasin:         {&basinColours, "sink-basin", sinkBasinModel, "sink basin"},
	procTowelRing:         {&holderMetals, "towel-ring", towelRingModel, "towel ring"},
	procPepperMill:        {&pepperMillWoods, "pepper-mill", pepperMillModel, "pepper mill"},
	procSpoon:             {&forkMetals, "spoon", handleToFront(spoonModel), "spoon"},
	procBowl:              {&bowlGlazes, "bowl", bowlModel, "bowl"},
	procCooktop:           {&cooktopTops, "cooktop", cooktopModel, "cooktop"},
	procWallCabinet:       {&cabinetFronts, "wall-cabinet", wallCabinetModel, "wall cabinet"},
	procMirror:            {&mirrorFrames, "mirror", mirrorModel, "mirror"},
	procBathtub:           {&bathWhites, "bathtub", bathtubModel, "bathtub"},
	procShower:            {&showerFrames, "shower", showerModel, "shower stall"},
}

// colourOf is the colour of object o drawn as cm in a house dressed with
// seed (black when cm has no palette).
func (cm colouredModel) colourOf(o *sim.Object, seed int64) sim.RGB {
	if cm.palette == nil {
		return sim.RGB{}
	}
	p := *cm.palette
	return p[objectHash(seed, o.ID, cm.salt)%uint64(len(p))]
}

// first builds cm in a box of size in its palette's first colour (the
// gallery's and proceduralHash's reference).
func (cm colouredModel) first(size sim.Vec3) *sim.Model {
	var col sim.RGB
	if cm.palette != nil {
		col = (*cm.palette)[0]
	}
	return cm.build(size, col)
}

// procedural returns the procedural model of object o in a house dressed
// with seed (nil when its type has none), shared through the derived
// models: their number is bounded by the box sizes of the types' assets
// times the artworks, the colours or the styles.
func (d *dresser) procedural(o *sim.Object, seed int64) *sim.Model {
	switch k := proceduralTypes[o.Type]; k {
	case procNone:
		return nil
	case procPrint:
		art := paintingArt(o, seed)
		return d.derived.get(derivedKey{kind: derivedPrint, size: o.Size, art: art}, func() *sim.Model { return canvasPrint(o.Size, art) })
	case procFurniture:
		st := furnitureStyleOf(o, seed)
		return d.derived.get(derivedKey{kind: derivedFurniture, size: o.Size, style: st}, func() *sim.Model { return furnitureModel(o.Size, st) })
	default:
		cm := colouredModels[k]
		col := cm.colourOf(o, seed)
		if k == procWallCabinet {
			col = wallCabinetColour(o, seed) // one colour for a kitchen's row
		}
		return d.derived.get(derivedKey{kind: derivedColoured, proc: k, size: o.Size, colour: col}, func() *sim.Model { return cm.build(o.Size, col) })
	}
}

// proceduralHash is a hash of the procedural models' geometry and surfaces:
// every kind built at two reference boxes (every furniture form), so that
// DressKey changes whenever a builder does.
func proceduralHash() string {
	h := sha256.New()
	for _, size := range []sim.Vec3{{0.6, 0.8, 0.45}, {1.9, 0.35, 0.9}} {
		ms := []*sim.Model{canvasPrint(size, artwork(0, false))}
		for _, k := range slices.Sorted(maps.Keys(colouredModels)) {
			ms = append(ms, colouredModels[k].first(size))
		}
		for f := formTable; f <= formShelves; f++ {
			ms = append(ms, furnitureModel(size, furnitureStyle{form: f}))
		}
		for _, m := range ms {
			l := m.Levels[0]
			fmt.Fprintf(h, "%s %v %v %v %v\n", m.Key, l.Pos, l.Normal, l.UV, l.Tris)
			for _, s := range m.Surfaces {
				tex := ""
				if s.Texture != nil {
					tex = s.Texture.Hash // content-derived (wood grain, artworks)
				}
				fmt.Fprintf(h, "  %s %v %s\n", s.Name, s.Color, tex)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
