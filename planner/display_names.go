package planner

// noun is how the text names an object type: its words, and whether they
// are a plural noun that takes plural verbs ("the boots are").
type noun struct {
	words  string
	plural bool
}

// displayNames gives the name people use for every AI2-THOR objectType
// flowbench can mention: the catalog's types, the built-in asset table's and
// those of the iTHOR floor plans. Most are the type's own words; the ones
// that differ fix CamelCase splits that read unnaturally ("RoomDecor" is a
// decoration, "BasketBall" a basketball, "CounterTop" a counter). Names are
// distinct, so a name identifies its type. A type not listed (an imported
// house's own) is named by TypeWords.
var displayNames = map[string]noun{
	"AlarmClock":        {words: "alarm clock"},
	"AluminumFoil":      {words: "aluminium foil"},
	"Apple":             {words: "apple"},
	"ArmChair":          {words: "armchair"},
	"BaseballBat":       {words: "baseball bat"},
	"BasketBall":        {words: "basketball"},
	"Bathtub":           {words: "bathtub"},
	"BathtubBasin":      {words: "bathtub basin"},
	"Bed":               {words: "bed"},
	"Blinds":            {words: "blinds", plural: true},
	"Book":              {words: "book"},
	"Boots":             {words: "boots", plural: true},
	"Bottle":            {words: "bottle"},
	"Bowl":              {words: "bowl"},
	"Box":               {words: "box"},
	"Bread":             {words: "bread"},
	"ButterKnife":       {words: "butter knife"},
	"CD":                {words: "CD"},
	"Cabinet":           {words: "cabinet"},
	"Candle":            {words: "candle"},
	"Cart":              {words: "cart"},
	"CellPhone":         {words: "cell phone"},
	"Chair":             {words: "chair"},
	"Cloth":             {words: "cloth"},
	"ClothesDryer":      {words: "clothes dryer"},
	"CoffeeMachine":     {words: "coffee machine"},
	"CoffeeTable":       {words: "coffee table"},
	"CounterTop":        {words: "counter"},
	"CreditCard":        {words: "credit card"},
	"Cup":               {words: "cup"},
	"Curtains":          {words: "curtains", plural: true},
	"Desk":              {words: "desk"},
	"DeskLamp":          {words: "desk lamp"},
	"Desktop":           {words: "desktop computer"},
	"DiningTable":       {words: "dining table"},
	"DishSponge":        {words: "sponge"},
	"DogBed":            {words: "dog bed"},
	"Doorframe":         {words: "door frame"},
	"Doorway":           {words: "doorway"},
	"Drawer":            {words: "drawer"},
	"Dresser":           {words: "dresser"},
	"Dumbbell":          {words: "dumbbell"},
	"Egg":               {words: "egg"},
	"Faucet":            {words: "faucet"},
	"FloorLamp":         {words: "floor lamp"},
	"Footstool":         {words: "footstool"},
	"Fork":              {words: "fork"},
	"Fridge":            {words: "fridge"},
	"GarbageBag":        {words: "garbage bag"},
	"GarbageCan":        {words: "garbage can"},
	"Glassbottle":       {words: "glass bottle"},
	"HandTowel":         {words: "hand towel"},
	"HandTowelHolder":   {words: "hand towel holder"},
	"HousePlant":        {words: "houseplant"},
	"Kettle":            {words: "kettle"},
	"KeyChain":          {words: "key ring"},
	"Knife":             {words: "knife"},
	"Ladle":             {words: "ladle"},
	"Lamp":              {words: "lamp"},
	"Laptop":            {words: "laptop"},
	"LaundryHamper":     {words: "laundry hamper"},
	"LaundryHamperLid":  {words: "laundry hamper lid"},
	"Lettuce":           {words: "lettuce"},
	"LightSwitch":       {words: "light switch"},
	"Microwave":         {words: "microwave"},
	"Mirror":            {words: "mirror"},
	"Mug":               {words: "mug"},
	"Newspaper":         {words: "newspaper"},
	"Ottoman":           {words: "ottoman"},
	"Painting":          {words: "painting"},
	"Pan":               {words: "pan"},
	"PaperTowelRoll":    {words: "paper towel roll"},
	"Pen":               {words: "pen"},
	"Pencil":            {words: "pencil"},
	"PepperShaker":      {words: "pepper shaker"},
	"Pillow":            {words: "pillow"},
	"Plate":             {words: "plate"},
	"Plunger":           {words: "plunger"},
	"Poster":            {words: "poster"},
	"Pot":               {words: "pot"},
	"Potato":            {words: "potato"},
	"RemoteControl":     {words: "remote control"},
	"RoomDecor":         {words: "decoration"},
	"Safe":              {words: "safe"},
	"SaltShaker":        {words: "salt shaker"},
	"ScrubBrush":        {words: "scrub brush"},
	"Shelf":             {words: "shelf"},
	"ShelvingUnit":      {words: "shelving unit"},
	"Shower":            {words: "shower"},
	"ShowerCurtain":     {words: "shower curtain"},
	"ShowerDoor":        {words: "shower door"},
	"ShowerGlass":       {words: "shower screen"},
	"ShowerHead":        {words: "shower head"},
	"SideTable":         {words: "side table"},
	"Sink":              {words: "sink"},
	"SinkBasin":         {words: "sink basin"},
	"SoapBar":           {words: "bar of soap"},
	"SoapBottle":        {words: "soap bottle"},
	"Sofa":              {words: "sofa"},
	"Spatula":           {words: "spatula"},
	"Spoon":             {words: "spoon"},
	"SprayBottle":       {words: "spray bottle"},
	"Statue":            {words: "statue"},
	"Stool":             {words: "stool"},
	"Stove":             {words: "stove"},
	"StoveBurner":       {words: "stove burner"},
	"StoveKnob":         {words: "stove knob"},
	"TVStand":           {words: "TV stand"},
	"TableTopDecor":     {words: "table decoration"},
	"TeddyBear":         {words: "teddy bear"},
	"Television":        {words: "television"},
	"TennisRacket":      {words: "tennis racket"},
	"TissueBox":         {words: "tissue box"},
	"Toaster":           {words: "toaster"},
	"Toilet":            {words: "toilet"},
	"ToiletPaper":       {words: "toilet paper"},
	"ToiletPaperHanger": {words: "toilet paper holder"},
	"Tomato":            {words: "tomato"},
	"Towel":             {words: "towel"},
	"TowelHolder":       {words: "towel holder"},
	"VacuumCleaner":     {words: "vacuum cleaner"},
	"Vase":              {words: "vase"},
	"WashingMachine":    {words: "washing machine"},
	"Watch":             {words: "watch"},
	"WateringCan":       {words: "watering can"},
	"Window":            {words: "window"},
	"WineBottle":        {words: "wine bottle"},
}

// DisplayName returns the words the text names an objectType with:
// "the armchair", "the key ring", "the TV stand". Types outside the table
// fall back to TypeWords.
func DisplayName(t string) string {
	if n, ok := displayNames[t]; ok {
		return n.words
	}
	return TypeWords(t)
}

// PluralType reports whether DisplayName(t) is a plural noun ("boots"),
// which takes plural verbs and pronouns.
func PluralType(t string) bool { return displayNames[t].plural }
