package sim

import (
	"fmt"
	"sort"
)

// RoomType is one of the four room types of the catalog, spelled as in ProcTHOR.
type RoomType string

// The four room types.
const (
	Kitchen    RoomType = "Kitchen"
	LivingRoom RoomType = "LivingRoom"
	Bedroom    RoomType = "Bedroom"
	Bathroom   RoomType = "Bathroom"
)

// RoomTypes lists the room types in a fixed order.
var RoomTypes = []RoomType{Kitchen, LivingRoom, Bedroom, Bathroom}

// Placement says where the procedural generator may put an object type.
type Placement int

const (
	// AgainstWall objects stand on the floor with their back (-z local face) against a wall.
	AgainstWall Placement = iota
	// FreeStanding objects stand on the floor away from walls.
	FreeStanding
	// OnSurface objects rest on the top of a receptacle.
	OnSurface
	// OnWall objects hang on a wall above the floor (paintings, holders);
	// the fixture pass (procgen_fixtures.go) places them.
	OnWall
)

// String names the placement rule.
func (p Placement) String() string {
	switch p {
	case AgainstWall:
		return "wall"
	case FreeStanding:
		return "floor"
	case OnSurface:
		return "surface"
	case OnWall:
		return "wall-mounted"
	}
	return fmt.Sprintf("Placement(%d)", int(p))
}

// SizeClass groups types for the occlusion planner.
type SizeClass int

const (
	// Medium objects are neither typical occluders nor occludees.
	Medium SizeClass = iota
	// Occluder types are large enough to hide small objects (plants, chairs, pans, ...).
	Occluder
	// Occludee types are small objects that can be hidden (phones, statues, ...).
	Occludee
)

// AssetVariant is one concrete asset of a type: an AI2-THOR asset id and its
// bounding-box extents in metres in the asset's own frame.
type AssetVariant struct {
	AssetID string
	Size    Vec3
}

// TypeInfo describes one object type of the catalog.
type TypeInfo struct {
	Type       string     // AI2-THOR objectType, e.g. "Mug"
	Rooms      []RoomType // rooms the generator places it in
	Placement  Placement
	Pickupable bool // AI2-THOR CanPickup
	Moveable   bool // AI2-THOR Moveable (pushable furniture); pickupable types are moveable too
	Receptacle bool // its top face is a support surface for small objects
	SizeClass  SizeClass
	Preferred  bool // counts towards B_pref in camera scoring
	Shape      ShapeKind
	Variants   []AssetVariant
	// MinVariantBias, when positive, is the least size preference the
	// generator draws the type's variants with, whatever its style's
	// (genStyle.variantBias): counter tops are long runs of base units
	// along a kitchen's walls, so even a style that prefers small variants
	// draws long counters.
	MinVariantBias float64
	// Fixture types are placed by the fixture pass (procgen_fixtures.go) by
	// per-room-type rules; TypesIn never offers them to the main pass.
	Fixture bool
}

// Static reports whether the type can be neither picked up nor moved.
func (t *TypeInfo) Static() bool { return !t.Pickupable && !t.Moveable }

// Catalog is the set of known object types, indexed by type name and asset id.
type Catalog struct {
	types   map[string]*TypeInfo
	assets  map[string]assetRef
	ordered []string
}

type assetRef struct {
	typ  string
	size Vec3
}

// Type returns the description of an object type, or nil if it is unknown.
func (c *Catalog) Type(name string) *TypeInfo { return c.types[name] }

// Types returns all type names in sorted order.
func (c *Catalog) Types() []string { return append([]string(nil), c.ordered...) }

// Asset returns the objectType and extents of a known asset id.
func (c *Catalog) Asset(assetID string) (typ string, size Vec3, ok bool) {
	r, ok := c.assets[assetID]
	return r.typ, r.size, ok
}

// TypesIn returns, sorted by name, the types the main furnishing pass
// places in a room type with the given placement rule (fixtures excluded).
func (c *Catalog) TypesIn(room RoomType, p Placement) []*TypeInfo {
	var out []*TypeInfo
	for _, t := range c.TypesWith(p) {
		for _, r := range t.Rooms {
			if r == room {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

// TypesWith returns, sorted by name, every type with the given placement
// rule that the main furnishing pass places (fixtures excluded), whatever
// its rooms.
func (c *Catalog) TypesWith(p Placement) []*TypeInfo {
	var out []*TypeInfo
	for _, name := range c.ordered {
		if t := c.types[name]; t.Placement == p && !t.Fixture {
			out = append(out, t)
		}
	}
	return out
}

var defaultCatalog = buildCatalog()

// DefaultCatalog returns the built-in catalog. It is shared and must not be modified.
func DefaultCatalog() *Catalog { return defaultCatalog }

func buildCatalog() *Catalog {
	c := &Catalog{types: map[string]*TypeInfo{}, assets: map[string]assetRef{}}
	for _, t := range append(append([]TypeInfo(nil), typeTable...), fixtureTypes...) {
		t.Variants = assetVariants[t.Type]
		if len(t.Variants) == 0 {
			t.Variants = tableVariants(t.Type)
		}
		if len(t.Variants) == 0 {
			panic("sim: catalog type without asset variants: " + t.Type)
		}
		c.types[t.Type] = &t
		c.ordered = append(c.ordered, t.Type)
		for _, v := range t.Variants {
			c.assets[v.AssetID] = assetRef{typ: t.Type, size: v.Size}
		}
	}
	sort.Strings(c.ordered)
	return c
}

var (
	kit  = []RoomType{Kitchen}
	liv  = []RoomType{LivingRoom}
	bed  = []RoomType{Bedroom}
	bath = []RoomType{Bathroom}
	kl   = []RoomType{Kitchen, LivingRoom}
	lb   = []RoomType{LivingRoom, Bedroom}
	klb  = []RoomType{Kitchen, LivingRoom, Bedroom}
	all4 = []RoomType{Kitchen, LivingRoom, Bedroom, Bathroom}
)

// typeTable is the hand-written part of the catalog; sizes come from
// assetVariants, or from the built-in asset table (tableVariants).
var typeTable = []TypeInfo{
	// Furniture against walls.
	{Type: "CounterTop", Rooms: kit, Placement: AgainstWall, Receptacle: true, Shape: ShapeBox, MinVariantBias: 0.8},
	{Type: "Fridge", Rooms: kit, Placement: AgainstWall, Receptacle: true, SizeClass: Occluder, Shape: ShapeFridge},
	{Type: "ShelvingUnit", Rooms: klb, Placement: AgainstWall, Moveable: true, Receptacle: true, SizeClass: Occluder, Shape: ShapeShelf},
	{Type: "Sofa", Rooms: liv, Placement: AgainstWall, Moveable: true, Receptacle: true, SizeClass: Occluder, Shape: ShapeSofa},
	{Type: "TVStand", Rooms: liv, Placement: AgainstWall, Moveable: true, Receptacle: true, Shape: ShapeBox},
	{Type: "Bed", Rooms: bed, Placement: AgainstWall, Receptacle: true, Shape: ShapeBed},
	{Type: "Dresser", Rooms: bed, Placement: AgainstWall, Moveable: true, Receptacle: true, Shape: ShapeBox},
	{Type: "Desk", Rooms: bed, Placement: AgainstWall, Moveable: true, Receptacle: true, Shape: ShapeTable},
	{Type: "Toilet", Rooms: bath, Placement: AgainstWall, Shape: ShapeToilet},
	{Type: "WashingMachine", Rooms: bath, Placement: AgainstWall, Moveable: true, Receptacle: true, Shape: ShapeBox},
	{Type: "ClothesDryer", Rooms: bath, Placement: AgainstWall, Moveable: true, Receptacle: true, Shape: ShapeBox},
	{Type: "FloorLamp", Rooms: lb, Placement: AgainstWall, Moveable: true, SizeClass: Occluder, Shape: ShapeLamp},
	{Type: "SideTable", Rooms: lb, Placement: AgainstWall, Moveable: true, Receptacle: true, Shape: ShapeTable},
	{Type: "LaundryHamper", Rooms: []RoomType{Bedroom, Bathroom}, Placement: AgainstWall, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapeCylinder},
	{Type: "GarbageCan", Rooms: all4, Placement: AgainstWall, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapeCylinder},
	{Type: "VacuumCleaner", Rooms: lb, Placement: AgainstWall, Moveable: true, SizeClass: Occluder, Shape: ShapeBox},
	{Type: "Safe", Rooms: bed, Placement: AgainstWall, Moveable: true, Receptacle: true, Shape: ShapeBox},
	// Floor plants stand against walls and in corners, not mid-floor (and,
	// in the procthor style, not in bathrooms, which wall plants would fill).
	{Type: "HousePlant", Rooms: klb, Placement: AgainstWall, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapePlant},
	{Type: "RoomDecor", Rooms: liv, Placement: AgainstWall, Moveable: true, SizeClass: Occluder, Shape: ShapeStatue},

	// Free-standing furniture.
	{Type: "DiningTable", Rooms: kl, Placement: FreeStanding, Moveable: true, Receptacle: true, Shape: ShapeTable},
	{Type: "CoffeeTable", Rooms: liv, Placement: FreeStanding, Moveable: true, Receptacle: true, Shape: ShapeTable},
	{Type: "Chair", Rooms: klb, Placement: FreeStanding, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapeChair},
	{Type: "ArmChair", Rooms: lb, Placement: FreeStanding, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapeArmChair},
	{Type: "Stool", Rooms: kit, Placement: FreeStanding, Moveable: true, Receptacle: true, SizeClass: Occluder, Preferred: true, Shape: ShapeStool},
	{Type: "Ottoman", Rooms: liv, Placement: FreeStanding, Moveable: true, Receptacle: true, SizeClass: Occluder, Preferred: true, Shape: ShapeBox},
	{Type: "DogBed", Rooms: liv, Placement: FreeStanding, Moveable: true, Preferred: true, Shape: ShapeCylinder},
	{Type: "GarbageBag", Rooms: kit, Placement: FreeStanding, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapeSphere},
	{Type: "Footstool", Rooms: lb, Placement: FreeStanding, Pickupable: true, Moveable: true, Receptacle: true, SizeClass: Occluder, Preferred: true, Shape: ShapeStool},
	{Type: "BasketBall", Rooms: bed, Placement: FreeStanding, Pickupable: true, Moveable: true, Preferred: true, Shape: ShapeSphere},
	{Type: "Dumbbell", Rooms: bed, Placement: FreeStanding, Pickupable: true, Moveable: true, Shape: ShapeCylinder},
	{Type: "Boots", Rooms: bed, Placement: FreeStanding, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Plunger", Rooms: bath, Placement: FreeStanding, Pickupable: true, Moveable: true, Shape: ShapeLamp},
	{Type: "ScrubBrush", Rooms: bath, Placement: FreeStanding, Pickupable: true, Moveable: true, Shape: ShapeBottle},
	{Type: "TeddyBear", Rooms: bed, Placement: FreeStanding, Pickupable: true, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapeStatue},

	// Small objects on receptacle tops.
	{Type: "Television", Rooms: liv, Placement: OnSurface, Moveable: true, SizeClass: Occluder, Shape: ShapeTV},
	{Type: "Microwave", Rooms: kit, Placement: OnSurface, Moveable: true, SizeClass: Occluder, Shape: ShapeBox},
	{Type: "CoffeeMachine", Rooms: kit, Placement: OnSurface, Moveable: true, SizeClass: Occluder, Shape: ShapeBox},
	{Type: "Toaster", Rooms: kit, Placement: OnSurface, Moveable: true, Shape: ShapeBox},
	{Type: "Laptop", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, Preferred: true, Shape: ShapeLaptop},
	{Type: "DeskLamp", Rooms: bed, Placement: OnSurface, Moveable: true, SizeClass: Occluder, Shape: ShapeLamp},
	{Type: "Mug", Rooms: kl, Placement: OnSurface, Pickupable: true, Moveable: true, Receptacle: true, SizeClass: Occludee, Preferred: true, Shape: ShapeMug},
	{Type: "Cup", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeCylinder},
	{Type: "Apple", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeSphere},
	{Type: "Tomato", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeSphere},
	{Type: "Potato", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeSphere},
	{Type: "Egg", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeSphere},
	{Type: "Lettuce", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeSphere},
	{Type: "Bread", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Bowl", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Receptacle: true, Preferred: true, Shape: ShapeBowl},
	{Type: "Plate", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Receptacle: true, Shape: ShapePlate},
	{Type: "Pan", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Receptacle: true, SizeClass: Occluder, Preferred: true, Shape: ShapePan},
	{Type: "Pot", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Receptacle: true, SizeClass: Occluder, Preferred: true, Shape: ShapeCylinder},
	{Type: "Kettle", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occluder, Preferred: true, Shape: ShapeMug},
	{Type: "Knife", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "ButterKnife", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Fork", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Spoon", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Spatula", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Ladle", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "SaltShaker", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBottle},
	{Type: "PepperShaker", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBottle},
	{Type: "WineBottle", Rooms: kl, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBottle},
	{Type: "Bottle", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBottle},
	{Type: "PaperTowelRoll", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeCylinder},
	{Type: "DishSponge", Rooms: kit, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBox},
	{Type: "SoapBottle", Rooms: []RoomType{Kitchen, Bathroom}, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBottle},
	{Type: "CellPhone", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBox},
	{Type: "Statue", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeStatue},
	{Type: "Vase", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBottle},
	{Type: "Book", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, Preferred: true, Shape: ShapeBox},
	{Type: "Box", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, Receptacle: true, SizeClass: Occluder, Preferred: true, Shape: ShapeBox},
	{Type: "RemoteControl", Rooms: liv, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBox},
	{Type: "KeyChain", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBox},
	{Type: "CreditCard", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBox},
	{Type: "Newspaper", Rooms: liv, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Pillow", Rooms: lb, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "TissueBox", Rooms: []RoomType{LivingRoom, Bathroom}, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBox},
	{Type: "Candle", Rooms: []RoomType{LivingRoom, Bathroom}, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeCylinder},
	{Type: "Watch", Rooms: bed, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBox},
	{Type: "AlarmClock", Rooms: bed, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBox},
	{Type: "Pencil", Rooms: bed, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "Pen", Rooms: bed, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "CD", Rooms: bed, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapePlate},
	{Type: "TableTopDecor", Rooms: liv, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeStatue},
	{Type: "SprayBottle", Rooms: bath, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Preferred: true, Shape: ShapeBottle},
	{Type: "SoapBar", Rooms: bath, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeBox},
	{Type: "ToiletPaper", Rooms: bath, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeCylinder},
	{Type: "Cloth", Rooms: bath, Placement: OnSurface, Pickupable: true, Moveable: true, Shape: ShapeBox},
	{Type: "WateringCan", Rooms: liv, Placement: OnSurface, Pickupable: true, Moveable: true, SizeClass: Occludee, Shape: ShapeMug},
}

// OnWall reports whether objects of the type hang on a wall (Placement
// OnWall): held by the wall, not by what lies under them.
func (c *Catalog) OnWall(typ string) bool {
	t := c.types[typ]
	return t != nil && t.Placement == OnWall
}
