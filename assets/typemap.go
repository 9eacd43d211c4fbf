package assets

import "sort"

// typeMap is the reviewed table of Sweet Home 3D catalog entries (by Entry.Key,
// library + ":" + catalog id) that really are an object of each AI2-THOR type.
// It was written by hand from the names, tags, categories and sizes of the
// 920 entries of the installed libraries (Debian sweethome3d-furniture and
// the jar's default catalog); there is no fuzzy matching at run time. An entry
// may serve two types when it honestly is both (a low stool is a footstool).
// The one shaker is the salt shaker only, so salt and pepper read apart
// (pepper shakers are procedural pepper mills, pepper_mill.go), and the
// Kator Legaz bowl, which has a mug's handle, is not a Bowl (issue 52).
// The catalogs' fork and spoon, a few millimetres thin, vanished at 512 px:
// forks and spoons are bolder procedural models (kitchen_tools.go). Doors, windows,
// characters and vehicles are never mapped. Types without an honest model in
// the catalog (food, cutlery-like tools, cards, discs, pillows, ...) are
// absent and keep their primitive shapes or procedural models; so is
// DishSponge since 0.3.4: the catalog's one sponge is a round bath sponge
// that reads as a wicker ball, not a kitchen sponge. Comments give the catalog name and
// its width × depth × height in cm.
var typeMap = map[string][]string{
	"AlarmClock": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#clock", // Clock (Bedroom) 7.0 × 4.3 × 7.0
	},
	"ArmChair": {
		"BlendSwap-CC-0:Blend Swap CC-0#armchair2",          // Armchair (Living room) 95.3 × 83.3 × 78.3
		"BlendSwap-CC-0:Blend Swap CC-0#modernArmchair",     // Armchair (Living room) 77.3 × 84.9 × 86.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#armchair1",        // Armchair (Living room) 100.5 × 88.2 × 80
		"BlendSwap-CC-BY:Blend Swap CC-BY#fotel",            // Armchair (Living room) 73.5 × 61.1 × 69.7
		"Default:eTeks#armchair2",                           // Armchair (Living room) 80 × 78.1 × 77.2
		"Default:eTeks#armchair",                            // Armchair (Living room) 87 × 92 × 87
		"KatorLegaz:Kator Legaz#mid-century-chair",          // Armchair (Living room) 73.5 × 84.4 × 80.0
		"Scopia:Scopia#armchair1",                           // Armchair (Living room) 54.7 × 85.9 × 90.0
		"Scopia:Scopia#armchair2",                           // Armchair (Living room) 72.8 × 81.2 × 97.0
		"Scopia:Scopia#armchair3",                           // Armchair (Living room) 59.1 × 69.4 × 94.9
		"Scopia:Scopia#armchair",                            // Armchair (Living room) 78.8 × 77.7 × 100.1
		"BlendSwap-CC-0:Blend Swap CC-0#winchesterArmchair", // Winchester armchair (Living room) 112 × 93.4 × 80.4
		"Scopia:Scopia#modern_armchair",                     // Modern armchair (Living room) 63.1 × 52.9 × 72
		"Scopia:Scopia#rattanArmchair",                      // Rattan armchair (Exterior) 71 × 72.4 × 78.7
		"BlendSwap-CC-BY:Blend Swap CC-BY#armChair2",        // Armchair (Office) 97.8 × 82.1 × 88.5
		"BlendSwap-CC-0:Blend Swap CC-0#armchair",           // Armchair (Office) 59.4 × 62.7 × 105
		"Scopia:Scopia#silla_teca",                          // Teck chair (Exterior) 58 × 67 × 98.4
	},
	"BasketBall": {
		"BlendSwap-CC-0:Blend Swap CC-0#basketball", // Basketball (Miscellaneous) 23.8 × 23.8 × 23.8
	},
	"Bed": {
		"BlendSwap-CC-0:Blend Swap CC-0#bed1",           // Bed (Bedroom) 140.7 × 208 × 95.5
		"BlendSwap-CC-0:Blend Swap CC-0#bed2",           // Bed (Bedroom) 144.7 × 213.7 × 107.7
		"BlendSwap-CC-0:Blend Swap CC-0#bed3",           // Bed (Bedroom) 202.2 × 228.2 × 114.2
		"BlendSwap-CC-0:Blend Swap CC-0#bedWithTexture", // Bed (Bedroom) 198 × 226.36 × 76.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#lettoCloud",   // Bed (Bedroom) 188.9 × 216.5 × 78.8
		"Default:eTeks#bed",                             // Bed (Bedroom) 144.6 × 193.1 × 52.8
		"Scopia:Scopia#bed1",                            // Bed (Bedroom) 170.5 × 216.5 × 110.8
		"Default:eTeks#bed140x190",                      // Bed 140x190 (Bedroom) 158 × 208 × 70
		"Default:eTeks#bed90x190",                       // Bed 90x190 (Bedroom) 108 × 208 × 70
		"BlendSwap-CC-BY:Blend Swap CC-BY#juniorBed",    // Child bed (Bedroom) 105.7 × 197.8 × 65.6
		"Scopia:Scopia#children_bed",                    // Child bed (Bedroom) 91.8 × 205.3 × 87.4
		"Scopia:Scopia#captains-bed",                    // Captain's bed (Bedroom) 98.2 × 209.2 × 86.6
		"Scopia:Scopia#iron_bed",                        // Iron bed (Bedroom) 131.7 × 215.0 × 116.0
		"BlendSwap-CC-BY:Blend Swap CC-BY#bunkBed",      // Bunk bed (Bedroom) 113.1 × 205.0 × 160.0
		"Default:eTeks#bunkBed90x190",                   // Bunk bed (Bedroom) 115 × 208 × 180
		"Default:eTeks#loftBed140x190",                  // Loft bed 140x190 (Bedroom) 165 × 208 × 180
		"Scopia:Scopia#mezzanine-bed",                   // Mezzanine bed (Bedroom) 121.8 × 259 × 192.6
	},
	"Book": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#book", // Book (Miscellaneous) 28.1 × 18.4 × 2.4
	},
	"Boots": {
		"BlendSwap-CC-0:Blend Swap CC-0#bootie", // Bootie (Bedroom) 20.99 × 26.8 × 17.45: a pair of ankle boots
	},
	"Bottle": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#beer_bottle", // Beer bottle (Kitchen) 5.1 × 5.1 × 20.0
		"BlendSwap-CC-0:Blend Swap CC-0#yogurtBottle",  // Yogurt bottle (Kitchen) 6.85 × 6.85 × 21.2
	},
	"Bowl": {
		"Scopia:Scopia#bowl", // Bowl (Kitchen) 40.1 × 40.1 × 20.4
	},
	"Box": {
		"BlendSwap-CC-0:Blend Swap CC-0#ammoBox", // Box (Miscellaneous) 100 × 52.1 × 30.6
		"BlendSwap-CC-0:Blend Swap CC-0#box",     // Box (Miscellaneous) 89.9 × 65.7 × 31.4
		"Scopia:Scopia#cardboard-box",            // Cardboard box (Miscellaneous) 55 × 35 × 30
		"Scopia:Scopia#open-cardboard-box",       // Open cardboard box (Miscellaneous) 81.5 × 62.5 × 43.7
		"BlendSwap-CC-0:Blend Swap CC-0#crate",   // Crate (Miscellaneous) 60 × 58.9 × 59.4
		"KatorLegaz:Kator Legaz#trunk-large",     // Trunck (Miscellaneous) 100.0 × 50.8 × 34.4
		"BlendSwap-CC-BY:Blend Swap CC-BY#gift",  // Gift (Miscellaneous) 23.2 × 18.1 × 25.1
		"Scopia:Scopia#medicoscopia_box",         // Medicine box (Bathroom) 10.9 × 4.3 × 6.6
	},
	"Bread": {
		"BlendSwap-CC-0:Blend Swap CC-0#bread", // Bread (Kitchen) 21.6 × 14.7 × 7.6
	},
	"ButterKnife": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#knife", // Knife (Kitchen) 1.8 × 20.8 × 0.3
	},
	"Candle": {
		"Scopia:Scopia#candle",       // Candle (Lights) 10.6 × 10.4 × 43.6
		"Scopia:Scopia#complements2", // Candle (Lights) 13.0 × 13.0 × 15.0
	},
	"CellPhone": {
		"BlendSwap-CC-0:Blend Swap CC-0#iphone",   // Apple iPhone (Miscellaneous) 5.8 × 11.5 × 0.9
		"BlendSwap-CC-BY:Blend Swap CC-BY#mobile", // Mobile phone (Miscellaneous) 4.9 × 11.0 × 1.3
	},
	"Chair": {
		"BlendSwap-CC-0:Blend Swap CC-0#antiqueChair",           // Chair (Living room) 49.8 × 63.2 × 98.2
		"BlendSwap-CC-0:Blend Swap CC-0#chair2",                 // Chair (Living room) 40.3 × 48.9 × 86.8
		"BlendSwap-CC-0:Blend Swap CC-0#chair",                  // Chair (Living room) 51.3 × 53.1 × 80
		"BlendSwap-CC-0:Blend Swap CC-0#designChair",            // Chair (Living room) 77.9 × 62.8 × 99.4
		"BlendSwap-CC-0:Blend Swap CC-0#plasticChair",           // Chair (Living room) 44.4 × 58.4 × 82
		"BlendSwap-CC-0:Blend Swap CC-0#sillaBlanca",            // Chair (Living room) 50.5 × 58.4 × 85
		"BlendSwap-CC-0:Blend Swap CC-0#thonet",                 // Chair (Living room) 54.7 × 57.7 × 75.4
		"BlendSwap-CC-BY:Blend Swap CC-BY#cafe_set_mota_chair",  // Chair (Living room) 60.9 × 55.8 × 78.3
		"BlendSwap-CC-BY:Blend Swap CC-BY#cafe_set_tonon_chair", // Chair (Living room) 48.0 × 53.3 × 82.2
		"BlendSwap-CC-BY:Blend Swap CC-BY#chair3",               // Chair (Living room) 43.3 × 50.4 × 90.6
		"BlendSwap-CC-BY:Blend Swap CC-BY#chair4",               // Chair (Living room) 55.8 × 60.8 × 90.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#ella_chair_f",         // Chair (Living room) 46.0 × 57.0 × 92.0
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenChair",         // Chair (Living room) 43.0 × 44 × 91
		"BlendSwap-CC-BY:Blend Swap CC-BY#plaidChair",           // Chair (Living room) 40.5 × 42.6 × 80
		"Default:eTeks#chair2",                                  // Chair (Living room) 48.6 × 49.9 × 80
		"Default:eTeks#chair",                                   // Chair (Living room) 40 × 42 × 90
		"KatorLegaz:Kator Legaz#dining-chair",                   // Chair (Living room) 42.3 × 57.3 × 100.0
		"Scopia:Scopia#chair3",                                  // Chair (Living room) 52.2 × 57.6 × 85.9
		"Scopia:Scopia#chair4",                                  // Chair (Living room) 48.4 × 44.2 × 88.4
		"Scopia:Scopia#chair",                                   // Chair (Living room) 42.0 × 47.4 × 88.0
		"Scopia:Scopia#tubular_chair",                           // Chair (Living room) 53.2 × 49.9 × 81.4
		"Scopia:Scopia#white_kitchen_chair",                     // Chair (Living room) 42.7 × 46.9 × 86.0
		"BlendSwap-CC-0:Blend Swap CC-0#chairWithCushion",       // Chair with cushion (Living room) 44.1 × 44.1 × 94.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#chairWithCushion",     // Chair with cushion (Living room) 42.3 × 44.6 × 91.1
		"BlendSwap-CC-0:Blend Swap CC-0#oakChair",               // Oak chair (Living room) 49.1 × 61.2 × 117.8
		"BlendSwap-CC-0:Blend Swap CC-0#osakaChair",             // Osaka chair (Living room) 47.5 × 52.5 × 77
		"Scopia:Scopia#plastic_chair",                           // Plastic chair (Living room) 48.3 × 55.7 × 96.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#foldingChair",         // Folding chair (Living room) 50.8 × 60 × 91.2
		"KatorLegaz:Kator Legaz#office-chair",                   // Chair (Office) 64.3 × 64.3 × 91
		"Scopia:Scopia#kids_desk_chair",                         // Chair (Office) 53.4 × 51.9 × 88.3
		"Scopia:Scopia#office_chair",                            // Chair (Office) 63.5 × 63.7 × 100
		"BlendSwap-CC-BY:Blend Swap CC-BY#classSeat",            // Class seat (Office) 62.5 × 67.7 × 80
		"KatorLegaz:Kator Legaz#cafe-chair",                     // Cafe chair (Exterior) 49.5 × 51.7 × 85.0
		"Scopia:Scopia#bar_chair",                               // Bar chair (Kitchen) 44.7 × 48.6 × 107.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#childChair",           // Child chair (Living room) 38.2 × 39.5 × 67.0
		"Scopia:Scopia#children_chair",                          // Children chair (Living room) 28 × 28 × 51
		"BlendSwap-CC-BY:Blend Swap CC-BY#leaf_chair",           // Chair (Living room) 67.1 × 81.3 × 82.65
	},
	"Cloth": {
		"Scopia:Scopia#com_bath3_toalla", // Towel (Bathroom) 17.9 × 11.6 × 3.39
	},
	"ClothesDryer": {
		"Scopia:Scopia#dryer_machine", // Dryer machine (Kitchen) 59 × 61.8 × 84.2
	},
	"CoffeeMachine": {
		"BlendSwap-CC-0:Blend Swap CC-0#coffeeBrewer", // Coffee brewer (Kitchen) 13.4 × 38.5 × 27.2
		"Scopia:Scopia#coffee_machine",                // Coffee machine (Kitchen) 58.2 × 40.2 × 36.4
		"KatorLegaz:Kator Legaz#coffee-maker",         // Coffee maker (Kitchen) 18.6 × 28.7 × 30.0
	},
	"CoffeeTable": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#coffeeTable", // Coffee table (Living room) 120.0 × 70.1 × 45.0
		"Default:eTeks#coffeeTable",                    // Coffee table (Living room) 125 × 46 × 40
		"Scopia:Scopia#coffee-table2",                  // Coffee table (Living room) 123.8 × 51.2 × 47.7
		"Scopia:Scopia#coffee_table",                   // Coffee table (Living room) 89.6 × 45.9 × 47.5
		"Scopia:Scopia#saloon_table",                   // Coffee table (Living room) 143.9 × 64.1 × 51.1
		"Scopia:Scopia#table_wood_and_iron",            // Coffee table (Living room) 121.4 × 75.9 × 50.3
		"Scopia:Scopia#living_room_table",              // Table (Living room) 106.7 × 72.5 × 53.6
		"Scopia:Scopia#rattanTable",                    // Rattan table (Exterior) 120 × 60 × 40
	},
	"CounterTop": {
		"Default:eTeks#kitchenCabinet",                              // Kitchen cabinet (Kitchen) 60 × 64 × 85
		"BlendSwap-CC-0:Blend Swap CC-0#lowerCabinet",               // Lower cabinet (Kitchen) 60 × 61.2 × 88.5
		"BlendSwap-CC-0:Blend Swap CC-0#drawersCabinet",             // Drawers cabinet (Kitchen) 60 × 61.2 × 88.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenLowerCabinet",      // Lower cabinet (Kitchen) 97.6 × 61.6 × 87.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenSmallLowerCabinet", // Small lower cabinet (Kitchen) 48.7 × 61.6 × 87.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenDrawersCabinet",    // Drawers cabinet (Kitchen) 44.2 × 61.2 × 87.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenIsland",            // Island (Kitchen) 93.9 × 69.9 × 83.1
		"BlendSwap-CC-0:Blend Swap CC-0#islandExtension",            // Island extension (Kitchen) 60 × 123.7 × 88.5
		"BlendSwap-CC-0:Blend Swap CC-0#lowerCornerCabinet",         // Lower corner cabinet (Kitchen) 81 × 82.3 × 88.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenSink",              // Sink (Kitchen) 97.6 × 61.6 × 97.6
		"Default:eTeks#sink",                                        // Sink (Kitchen) 120 × 64 × 105.72
		"BlendSwap-CC-0:Blend Swap CC-0#sinkCabinet",                // Sink cabinet (Kitchen) 60 × 61.2 × 121.2
	},
	"Cup": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#coffee_cup", // Coffee cup (Kitchen) 8.5 × 8.5 × 13.0 (no handle: a cup, not a mug)
		"Scopia:Scopia#cup",                           // Cup (Kitchen) 12.0 × 12.0 × 6.8
		"BlendSwap-CC-0:Blend Swap CC-0#plasticCup",   // Plastic cup (Kitchen) 7.9 × 7.9 × 10
		"BlendSwap-CC-BY:Blend Swap CC-BY#glass",      // Glass (Kitchen) 7.5 × 7.4 × 19.5
		"KatorLegaz:Kator Legaz#12-oz-glass",          // Glass (Kitchen) 7.0 × 7.0 × 9.7
		"KatorLegaz:Kator Legaz#highball-glass",       // Glass (Kitchen) 6.0 × 6.0 × 12.1
		"BlendSwap-CC-0:Blend Swap CC-0#beerGlass",    // Beer glass (Kitchen) 15.4 × 10.2 × 16.5
	},
	"Desk": {
		"Default:eTeks#desk",                           // Desk (Living room) 140 × 67.8 × 77
		"BlendSwap-CC-0:Blend Swap CC-0#desk",          // Desk (Office) 139.3 × 54.3 × 105.4
		"BlendSwap-CC-0:Blend Swap CC-0#lbDesk",        // Desk (Office) 160 × 80 × 72.3
		"BlendSwap-CC-BY:Blend Swap CC-BY#biurko3",     // Desk (Office) 120.1 × 60.2 × 72.0
		"BlendSwap-CC-BY:Blend Swap CC-BY#officeTable", // Desk (Office) 189.2 × 83.4 × 75.1
		"BlendSwap-CC-BY:Blend Swap CC-BY#simpleDesk",  // Desk (Office) 140.1 × 81.1 × 72.0
		"KatorLegaz:Kator Legaz#custom-desk",           // Desk (Office) 235.1 × 83.8 × 180.0
		"Scopia:Scopia#kids_desk_table",                // Desk table (Office) 112.0 × 60.5 × 74.6
		"Scopia:Scopia#kids_wooden_desk",               // Wooden desk (Office) 100.4 × 61.8 × 74.6
		"Scopia:Scopia#wooden_office_pear_table_rect",  // Wooden table (Office) 160.0 × 80.0 × 75.4
	},
	"DeskLamp": {
		"BlendSwap-CC-0:Blend Swap CC-0#desklamp",   // Desk lamp (Lights) 24.4 × 24.4 × 40
		"Scopia:Scopia#desk_lamp1",                  // Desk lamp (Lights) 13.7 × 34.2 × 45.0
		"Scopia:Scopia#desk_lamp2",                  // Desk lamp (Lights) 22.5 × 41.7 × 40.0
		"Default:eTeks#workLamp",                    // Work lamp (Lights) 12 × 29.5 × 49.3
		"BlendSwap-CC-BY:Blend Swap CC-BY#lamp",     // Lamp (Lights) 30.5 × 30.5 × 40.9
		"Default:eTeks#lamp",                        // Lamp (Lights) 44 × 44 × 49.9
		"Scopia:Scopia#table_lamp",                  // Lamp (Lights) 20.0 × 20.0 × 50.1
		"Scopia:Scopia#little_lamp1",                // Little lamp (Lights) 33.1 × 33.1 × 41.9
		"Scopia:Scopia#little_lamp2",                // Little lamp (Lights) 31.0 × 31.0 × 43.0
		"Scopia:Scopia#little_lamp3",                // Little lamp (Lights) 41.0 × 41.0 × 72.8
		"BlendSwap-CC-0:Blend Swap CC-0#lamp2",      // Lamp (Lights) 53.4 × 51.3 × 63.4
		"Scopia:Scopia#livingroom_lamp1",            // Lamp (Lights) 27.2 × 27.2 × 66.9
		"KatorLegaz:Kator Legaz#pedestal-vase-lamp", // Pedestal vase lamp (Lights) 28.2 × 28.2 × 80.0
	},
	"DiningTable": {
		"BlendSwap-CC-0:Blend Swap CC-0#table",                  // Table (Living room) 235 × 100 × 73.9
		"BlendSwap-CC-BY:Blend Swap CC-BY#table",                // Table (Living room) 144.3 × 93.4 × 72.4
		"Default:eTeks#table",                                   // Table (Living room) 150 × 75 × 74
		"Scopia:Scopia#table-with-leaning-feet",                 // Table (Living room) 150 × 65 × 75
		"Scopia:Scopia#table4",                                  // Table (Living room) 140.0 × 90.0 × 75.0
		"Scopia:Scopia#white_kitchen_table",                     // Table (Living room) 110.0 × 70.1 × 75.0
		"Scopia:Scopia#black_table",                             // Black table (Living room) 170.1 × 90.0 × 75.0
		"KatorLegaz:Kator Legaz#glass-dining-table",             // Glass table (Living room) 161.8 × 97.6 × 75.0
		"Scopia:Scopia#metal_glass_table",                       // Glass table (Living room) 160.8 × 89.7 × 76.7
		"BlendSwap-CC-0:Blend Swap CC-0#oakTable",               // Oak table (Living room) 124 × 124 × 74.1
		"Default:eTeks#roundTable",                              // Round table (Living room) 126 × 126 × 74
		"Scopia:Scopia#round-table",                             // Round table (Living room) 110 × 110 × 75.7
		"Default:eTeks#squareTable",                             // Square table (Living room) 115 × 115 × 74
		"BlendSwap-CC-BY:Blend Swap CC-BY#cafe_set_mota_table",  // Round table (Living room) 62.2 × 62.2 × 74.0
		"BlendSwap-CC-BY:Blend Swap CC-BY#cafe_set_tonon_table", // Table (Living room) 66.0 × 52.8 × 64.4
		"BlendSwap-CC-0:Blend Swap CC-0#tableWithTablecloth",    // Table with tablecloth (Living room) 80.3 × 81.2 × 75
		"KatorLegaz:Kator Legaz#cafe-table",                     // Cafe table (Exterior) 74.2 × 74.2 × 70.0
		"Scopia:Scopia#bar_table",                               // Bar table (Living room) 80.0 × 80.0 × 102.4
		"KatorLegaz:Kator Legaz#folding-table",                  // Folding table (Living room) 186.0 × 77.6 × 75.0
		"Scopia:Scopia#table-on-trestles",                       // Table on trestles (Living room) 160 × 66.4 × 76.1
		"Scopia:Scopia#table3",                                  // Table (Living room) 100.0 × 100.0 × 90.7
	},
	"Dresser": {
		"Default:eTeks#dresser",                               // Dresser (Living room) 170 × 50 × 64.7
		"BlendSwap-CC-0:Blend Swap CC-0#drawersCabinet",       // Drawers cabinet (Kitchen) 60 × 61.2 × 88.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#dresserWithDrawers", // Dresser with drawers (Living room) 160.5 × 51.9 × 81
		"BlendSwap-CC-BY:Blend Swap CC-BY#chest",              // Chest (Bedroom) 143.5 × 53.6 × 82
		"Default:eTeks#chest",                                 // Chest (Bedroom) 100 × 55 × 80
	},
	"FloorLamp": {
		"Default:eTeks#floorUplight", // Floor uplight (Lights) 33 × 33 × 181
		"Scopia:Scopia#living_lamp",  // Lamp (Lights) 39.6 × 58.3 × 142.9
	},
	"Footstool": {
		"Default:eTeks#stool",                          // Stool (Living room) 40 × 40 × 46
		"BlendSwap-CC-BY:Blend Swap CC-BY#green_stool", // Stool (Living room) 42.9 × 42.9 × 46.0
	},
	"Fridge": {
		"Default:eTeks#fridge",                        // Fridge (Kitchen) 60 × 66 × 85
		"KatorLegaz:Kator Legaz#fridge",               // Fridge (Kitchen) 60.0 × 59.1 × 126.2
		"Default:eTeks#fridgeFreezer",                 // Fridge & Freezer (Kitchen) 60 × 66 × 185
		"BlendSwap-CC-0:Blend Swap CC-0#largeFridge",  // Large fridge (Kitchen) 92.5 × 80.6 × 184.3
		"BlendSwap-CC-0:Blend Swap CC-0#refrigerator", // Refrigerator (Kitchen) 90 × 95.9 × 172.3
	},
	"GarbageCan": {
		"KatorLegaz:Kator Legaz#bullet-trash-can", // Bullet trash can (Kitchen) 33.0 × 33.0 × 74.0
		"BlendSwap-CC-0:Blend Swap CC-0#dustbin",  // Dustbin (Office) 23.3 × 23.3 × 35
		"KatorLegaz:Kator Legaz#recycling-bin",    // Recycling bin (Miscellaneous) 36.1 × 27.0 × 25.49968
	},
	"HandTowel": {
		"BlendSwap-CC-0:Blend Swap CC-0#towel2",  // Towel (Bathroom) 21.8 × 13.7 × 66.85
		"BlendSwap-CC-BY:Blend Swap CC-BY#towel", // Towel (Kitchen) 14.5 × 13.4 × 45.4
	},
	"HousePlant": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#luckyBamboo",       // Bamboo (Living room) 15.5 × 14.9 × 34.0
		"Scopia:Scopia#bonsai-tree",                          // Bonsai tree (Living room) 44.5 × 38.2 × 42.9
		"BlendSwap-CC-0:Blend Swap CC-0#cactus",              // Cactus (Living room) 14.8 × 12.8 × 22.5
		"BlendSwap-CC-0:Blend Swap CC-0#decorativePlant",     // Decorative plant (Living room) 55.9 × 60.2 × 103.1
		"BlendSwap-CC-BY:Blend Swap CC-BY#decorativePlant",   // Decorative plant (Living room) 31.8 × 32.2 × 60.6
		"Scopia:Scopia#ficus",                                // Ficus (Living room) 42.5 × 41.5 × 82.4
		"BlendSwap-CC-BY:Blend Swap CC-BY#mediumIndoorPlant", // Indoor plant (Living room) 72.5 × 76.6 × 67.9
		"BlendSwap-CC-0:Blend Swap CC-0#littlePlant",         // Little plant (Living room) 26.6 × 26.6 × 23.2
		"BlendSwap-CC-0:Blend Swap CC-0#augalas",             // Plant (Living room) 60.9 × 34.9 × 31.5
		"BlendSwap-CC-0:Blend Swap CC-0#plant",               // Plant (Living room) 81.8 × 69 × 117.1
		"Default:eTeks#plant",                                // Plant (Living room) 58 × 50 × 82
		"Scopia:Scopia#maceta",                               // Plant (Living room) 59.0 × 65.0 × 58.0
		"BlendSwap-CC-BY:Blend Swap CC-BY#spatifilum",        // Spathiphyllum (Living room) 79.8 × 74.9 × 87.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#spider_plant",      // Spider plant (Living room) 66.6 × 63.6 × 34.2
		"BlendSwap-CC-BY:Blend Swap CC-BY#succulentPlant",    // Succulent plant (Living room) 13.69006 × 12.89416 × 11.3663
		"BlendSwap-CC-BY:Blend Swap CC-BY#yuccaPlant",        // Yucca (Living room) 107.9 × 102.4 × 180
		"BlendSwap-CC-0:Blend Swap CC-0#orchids",             // Orchids (Living room) 31.1 × 35.3 × 57.4
	},
	"Kettle": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#boiler",         // Boiler (Kitchen) 17.9 × 16.2 × 20.0
		"BlendSwap-CC-BY:Blend Swap CC-BY#espressokettle", // Espresso kettle (Kitchen) 17.9 × 9.4 × 15.2
	},
	"KeyChain": {
		"Scopia:Scopia#keys", // Keys (Miscellaneous) 11.5 × 11.4 × 2.9
	},
	"Knife": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#kitchenKnife", // Kitchen knife (Kitchen) 3.5 × 26.3 × 2.1
	},
	"Laptop": {
		"Default:eTeks#laptop",                    // Laptop (Living room) 32.5 × 35.5 × 19.2
		"BlendSwap-CC-BY:Blend Swap CC-BY#laptop", // Laptop (Office) 33.9 × 25.3 × 26.6
		"KatorLegaz:Kator Legaz#apple-ibook-2001", // Apple iBook (Office) 28.5 × 27.2 × 22.9
	},
	"LaundryHamper": {
		"Scopia:Scopia#clothes-basket", // Clothes basket (Bathroom) 53.9 × 53.8 × 67.4
	},
	"Microwave": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#microwave", // Microwave (Kitchen) 40.2 × 35.8 × 24.75
		"Default:eTeks#oven",                         // Oven (Kitchen) 51.5 × 47.75 × 29.5
	},
	"Mug": {
		"KatorLegaz:Kator Legaz#coffee-mug",          // Coffee mug (Kitchen) 8.5 × 12 × 10.8
		"BlendSwap-CC-0:Blend Swap CC-0#caffe_final", // Coffee cup (Kitchen) 10 × 10 × 4.3
	},
	"Newspaper": {
		"KatorLegaz:Kator Legaz#newspaper", // Newspaper (Miscellaneous) 26.8 × 24.1 × 2.0
	},
	"Ottoman": {
		"Scopia:Scopia#puff", // Puff (Living room) 91.3 × 84.8 × 60.3
	},
	"Painting": {
		"Default:eTeks#frame", // Frame (Miscellaneous) 50 × 2 × 35: a framed picture for a wall
	},
	"PaperTowelRoll": {
		"Scopia:Scopia#paperTowelHolder", // Paper towel holder (Kitchen) 16 × 16 × 29.2
	},
	"Pen": {
		"BlendSwap-CC-0:Blend Swap CC-0#textMarker", // Text marker (Office) 3.1 × 10.3 × 1.7
	},
	"Pencil": {
		"Scopia:Scopia#pencil1", // Pencil (Office) 0.95 × 13.5 × 0.67
		"Scopia:Scopia#pencil2", // Pencil (Office) 0.8 × 14.0 × 0.6
	},
	"Plate": {
		"KatorLegaz:Kator Legaz#bread-plate",  // Plate (Kitchen) 20.0 × 20.0 × 2.2
		"KatorLegaz:Kator Legaz#dinner-plate", // Oval plate (Kitchen) 25.0 × 17.9 × 2.2
	},
	"Pot": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#largePan", // Large pan (Kitchen) 33.1 × 26.8 × 28.2
	},
	"RemoteControl": {
		"Scopia:Scopia#tv-remote-control", // TV remote control (Living room) 4.5 × 18 × 1.7
	},
	"RoomDecor": {
		"Scopia:Scopia#vase5", // Vase (Miscellaneous) 32.6 × 31.2 × 87.4
	},
	"Safe": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#sef-kasa", // Safe (Office) 50 × 54.7 × 50
	},
	"SaltShaker": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#saltShaker", // Salt shaker (Kitchen) 4.1 × 4.1 × 7.9
	},
	"ScrubBrush": {
		"BlendSwap-CC-0:Blend Swap CC-0#toiletBrush", // Toilet brush (Bathroom) 9.6 × 12.9 × 38.6
	},
	"ShelvingUnit": {
		"BlendSwap-CC-0:Blend Swap CC-0#bookcase",        // Bookcase (Living room) 91.9 × 36.5 × 147.2
		"BlendSwap-CC-BY:Blend Swap CC-BY#bookcase",      // Bookcase (Living room) 166.4 × 33.1 × 186.4
		"Default:eTeks#bookcase",                         // Bookcase (Living room) 100 × 40 × 211
		"Scopia:Scopia#dining_room",                      // Bookcase (Living room) 255.6 × 36.4 × 175.0
		"Default:eTeks#filledBookcase",                   // Filled bookcase (Living room) 85 × 35 × 180
		"KatorLegaz:Kator Legaz#full-bookcase",           // Full bookcase (Living room) 89.8 × 34.7 × 221.0
		"BlendSwap-CC-0:Blend Swap CC-0#shelves",         // Shelves (Living room) 79 × 39.4 × 79
		"KatorLegaz:Kator Legaz#utility-shelving",        // Shelves (Living room) 60.0 × 30.0 × 120.0
		"BlendSwap-CC-0:Blend Swap CC-0#verticalShelves", // Vertical shelves (Living room) 44 × 39 × 185
		"Scopia:Scopia#kids_shelves",                     // Shelves (Bedroom) 101.0 × 42.4 × 190.7
		"Scopia:Scopia#office_furniture1",                // Bookcase (Office) 299.5 × 54.5 × 150.0
	},
	"SideTable": {
		"BlendSwap-CC-0:Blend Swap CC-0#bedsideTable2",  // Bedside table (Bedroom) 48.55 × 48.1 × 45.4
		"BlendSwap-CC-BY:Blend Swap CC-BY#bedsideTable", // Bedside table (Bedroom) 50.0 × 41.4 × 48.0
		"Default:eTeks#bedsideTable",                    // Bedside table (Bedroom) 38 × 38 × 50
	},
	"Sink": {
		"BlendSwap-CC-0:Blend Swap CC-0#washbasin",             // Washbasin (Bathroom) 56 × 46 × 93
		"BlendSwap-CC-BY:Blend Swap CC-BY#washbasin_jay_hardy", // Washbasin (Bathroom) 60 × 43 × 87
		"Default:eTeks#washbasin",                              // Washbasin (Bathroom) 56 × 47 × 97
		"Default:eTeks#washbasinWithCabinet",                   // Washbasin with cabinet (Bathroom) 62 × 57 × 97
		"BlendSwap-CC-0:Blend Swap CC-0#modernVanity",          // Vanity (Bathroom) 90 × 71 × 93
	},
	"SoapBottle": {
		"Scopia:Scopia#com_bath",             // Bottle (Bathroom) 5.4 × 5.4 × 12.0
		"Scopia:Scopia#com_bath2_jabon_pijo", // Bottle (Bathroom) 5.7 × 5.7 × 13.7
		"Scopia:Scopia#com_bath2_soap",       // Soap (Bathroom) 11.0 × 5.3 × 20.1
	},
	"Sofa": {
		"BlendSwap-CC-0:Blend Swap CC-0#sofa2",          // Sofa (Living room) 166.9 × 74.7 × 84.8
		"BlendSwap-CC-BY:Blend Swap CC-BY#sofa2",        // Sofa (Living room) 177.0 × 86.1 × 78
		"BlendSwap-CC-BY:Blend Swap CC-BY#sofa3",        // Sofa (Living room) 204.2 × 76.9 × 80
		"Default:eTeks#sofa2",                           // Sofa (Living room) 200 × 86.5 × 88
		"Default:eTeks#sofa",                            // Sofa (Living room) 147 × 87 × 87
		"KatorLegaz:Kator Legaz#mid-century-bench-sofa", // Sofa (Living room) 278.9 × 107.3 × 75.0
		"KatorLegaz:Kator Legaz#mid-century-sofa",       // Sofa (Living room) 199.0 × 84.0 × 80.0
		"Scopia:Scopia#leather_sofa",                    // Sofa (Living room) 192.5 × 90.3 × 100.1
		"Scopia:Scopia#simple_sofa",                     // Sofa (Living room) 179.8 × 67.3 × 95.0
		"Scopia:Scopia#sofa_white_beige",                // Sofa (Living room) 173.8 × 81.6 × 85.0
		"Scopia:Scopia#beige_sofa_2seats",               // Sofa 2 seats (Living room) 158.86 × 73.5 × 86.6
		"Scopia:Scopia#beige_sofa",                      // Sofa 3 seats (Living room) 223.4 × 74.0 × 87.9
		"Scopia:Scopia#burlap_sofa",                     // Burlap sofa (Living room) 170.0 × 90.0 × 79.7
		"Scopia:Scopia#clear_sofa",                      // Clear sofa (Living room) 193.9 × 75.9 × 80.0
		"BlendSwap-CC-0:Blend Swap CC-0#couch",          // Couch (Living room) 207.4 × 87.6 × 85.6
		"BlendSwap-CC-BY:Blend Swap CC-BY#couch3",       // Couch (Living room) 201 × 90.9 × 84.3
		"KatorLegaz:Kator Legaz#futon-couch",            // Futon couch (Living room) 196 × 89.8 × 87.8
		"BlendSwap-CC-0:Blend Swap CC-0#winchesterSofa", // Winchester sofa (Living room) 231.9 × 93.8 × 80.4
		"BlendSwap-CC-0:Blend Swap CC-0#L_shaped_sofa",  // Corner sofa (Living room) 233.7 × 143.6 × 80
		"BlendSwap-CC-0:Blend Swap CC-0#sofa",           // Corner sofa (Living room) 248.8 × 189.6 × 78
		"BlendSwap-CC-BY:Blend Swap CC-BY#cornerSofa",   // Corner sofa (Living room) 345.8 × 155.0 × 85.5
		"Default:eTeks#cornerSofa",                      // Corner sofa (Living room) 233 × 168 × 87
		"BlendSwap-CC-0:Blend Swap CC-0#couch2",         // Couch (Living room) 230 × 159.7 × 86.6
		"Scopia:Scopia#rattanSofa",                      // Rattan sofa (Exterior) 128.5 × 72.4 × 78.7
		"Scopia:Scopia#convertible-sofa-BZ-closed",      // Convertible sofa BZ (Bedroom) 143.2 × 102.3 × 87.3
	},
	"SprayBottle": {
		"KatorLegaz:Kator Legaz#spray-bottle", // Spray bottle (Exterior) 9.6 × 11.9 × 30.0
	},
	"Statue": {
		"BlendSwap-CC-0:Blend Swap CC-0#deer", // Deer (Living room) 4.6 × 10 × 20
	},
	"Stool": {
		"BlendSwap-CC-0:Blend Swap CC-0#silla2",        // Stool (Kitchen) 32.6 × 31.1 × 78.8
		"BlendSwap-CC-0:Blend Swap CC-0#stool2",        // Stool (Kitchen) 36.1 × 36.1 × 78
		"BlendSwap-CC-0:Blend Swap CC-0#stool",         // Stool (Kitchen) 53 × 52.1 × 98
		"Scopia:Scopia#kitchen_stool",                  // Stool (Kitchen) 45.5 × 45.5 × 98.4
		"BlendSwap-CC-BY:Blend Swap CC-BY#green_stool", // Stool (Living room) 42.9 × 42.9 × 46.0
		"Default:eTeks#stool",                          // Stool (Living room) 40 × 40 × 46
		"KatorLegaz:Kator Legaz#bar-stool",             // Bar stool (Living room) 53.2 × 59.3 × 110.0
	},
	"TVStand": {
		"BlendSwap-CC-BY:Blend Swap CC-BY#tvStand", // TV stand (Living room) 135.1 × 46.5 × 52.6
	},
	"TableTopDecor": {
		"Scopia:Scopia#bowlWithFruits", // Bowl with fruits (Kitchen) 32 × 34 × 14: a table centrepiece
		"Scopia:Scopia#old_jar",        // Old jar (Kitchen) 24 × 20 × 25
		"Scopia:Scopia#pottery",        // Pottery (Kitchen) 11 × 11 × 9
	},
	"TeddyBear": {
		"BlendSwap-CC-0:Blend Swap CC-0#teddyBear", // Teddy bear (Bedroom) 33.1 × 21.8 × 32.2
	},
	"Television": {
		"BlendSwap-CC-0:Blend Swap CC-0#led_tv", // TV (Living room) 77.5 × 14.2 × 50.8
		"Scopia:Scopia#tv",                      // TV 16:9 (Living room) 56.0 × 31.9 × 50.0
		"Default:eTeks#flatTV",                  // Flat TV (Living room) 121 × 30.0 × 79.3
		"Scopia:Scopia#wall-flat-tv",            // Wall flat TV (Living room) 102.8 × 10.9 × 65.9
	},
	"Toaster": {
		"Scopia:Scopia#toaster", // Toaster (Kitchen) 27.0 × 15.5 × 17.4
	},
	"Toilet": {
		"Default:eTeks#toiletUnit",                                // Toilet unit (Bathroom) 40 × 80 × 62
		"BlendSwap-CC-0:Blend Swap CC-0#toiletsUnit",              // Toilets unit (Bathroom) 35.3 × 69.2 × 77.2
		"BlendSwap-CC-BY:Blend Swap CC-BY#modernToilet",           // Toilets unit (Bathroom) 44.8 × 85 × 76.5
		"BlendSwap-CC-BY:Blend Swap CC-BY#toilets_unit_jay_hardy", // Toilets unit (Bathroom) 41.25 × 54.4 × 76.6
	},
	"ToiletPaperHanger": {
		"BlendSwap-CC-0:Blend Swap CC-0#toiletPaperDispenser", // Toilet paper dispenser (Bathroom) 16 × 10 × 18
		"KatorLegaz:Kator Legaz#bathroom-tissue",              // Toilet paper dispenser (Bathroom) 21 × 17 × 15
	},
	"TowelHolder": {
		"KatorLegaz:Kator Legaz#towel-rack", // Towel rack (Bathroom) 50 × 10 × 11 (towel3, a rack with a towel on it, is not one: the Towel hangs from the holder as an object of its own)
	},
	"Vase": {
		"Scopia:Scopia#jar",   // Vase (Miscellaneous) 24.4 × 24.4 × 40.0
		"Scopia:Scopia#vase1", // Vase (Miscellaneous) 22.7 × 22.7 × 30.0
		"Scopia:Scopia#vase2", // Vase (Miscellaneous) 27.2 × 27.2 × 30.0
		"Scopia:Scopia#vase3", // Vase (Miscellaneous) 23.5 × 23.5 × 50.9
	},
	"WashingMachine": {
		"Default:eTeks#clothesWasher",                      // Clothes washer (Kitchen) 60 × 63 × 85
		"Scopia:Scopia#clothes_washing_machine",            // Clothes washing machine (Kitchen) 59 × 60.1 × 84.2
		"BlendSwap-CC-BY:Blend Swap CC-BY#washing_machine", // Washing machine (Kitchen) 60.0 × 62.4 × 73.5
	},
	"Watch": {
		"Scopia:Scopia#montre-with-pose", // Watch (Bedroom) 4.3 × 8.7 × 4.9
		"Scopia:Scopia#montre",           // Watch (Bedroom) 4.3 × 24.3 × 0.6
	},
	"WineBottle": {
		"KatorLegaz:Kator Legaz#red-wine-bottle-01", // Wine bottle (Kitchen) 8.5 × 8.5 × 30.0
		"Scopia:Scopia#wine_bottle",                 // Wine bottle (Kitchen) 7.8 × 7.8 × 30.0
	},
}

// TypeMap returns a copy of the reviewed table: AI2-THOR type → entry keys.
func TypeMap() map[string][]string {
	out := make(map[string][]string, len(typeMap))
	for t, ks := range typeMap {
		out[t] = append([]string(nil), ks...)
	}
	return out
}

// TypesOfKey returns, sorted, the AI2-THOR types an entry key is mapped to
// (none for most entries).
func TypesOfKey(key string) []string {
	var out []string
	for t, ks := range typeMap {
		for _, k := range ks {
			if k == key {
				out = append(out, t)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}
