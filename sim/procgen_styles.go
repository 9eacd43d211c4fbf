package sim

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds what differs between the two generation styles: the
// "procthor" training houses and the "ithor" held-out single-room scenes
// (palettes, size distributions, densities), and the iTHOR scene names.

// Generation style names accepted by Generate.
const (
	StyleProcTHOR = "procthor"
	StyleITHOR    = "ithor"
)

// Styles lists the valid generation styles in a fixed order.
var Styles = []string{StyleProcTHOR, StyleITHOR}

// namedColor is a material name with its RGB tint.
type namedColor struct {
	Name string
	C    RGB
}

// genStyle holds the parameters of one generation style.
type genStyle struct {
	name        string
	tag         uint64     // mixed into the RNG seed so styles never share streams
	wallHeight  [2]float64 // uniform range of the wall height, metres
	variantBias float64    // >0 prefers large asset variants, <0 small ones
	wallFill    float64    // share of the wall length to cover with against-wall furniture
	freePerM2   float64    // free-standing objects per square metre of floor
	freeMax     int        // at most this many free-standing objects per room
	smallPerM2  float64    // small objects per square metre of receptacle top
	smallMax    int        // at most this many small objects per receptacle
	perTypeMax  int        // default cap on objects of one type per room
	minFree     float64    // least share of a room's walkable grid that must stay connected
	objGap      float64    // least gap between two floor objects, metres
	windowP     float64    // chance of a window on an exterior wall side
	colorJitter float64    // uniform ± jitter added to palette colours
	// livingDining is the chance that a living room gets a dining table
	// with chairs first (0: never, and no draw is made).
	livingDining float64
	// chairSide is the chance of chairs at each side of a dining table,
	// and chairsPerSide the most chairs one side holds.
	chairSide     float64
	chairsPerSide int
	// smallRoom scales smallPerM2 per room type (nil or a missing type: 1).
	smallRoom map[RoomType]float64
	// tableInset keeps a room's first dining table this much farther
	// from the walls than other free-standing objects, room for chairs.
	tableInset float64
	// Floor, wall, exterior and ceiling material names are names of
	// ProcTHOR's material database (procthor/databases/material-database.json):
	// AI2-THOR's CreateHouse looks them up and throws on any other name.
	floors   []namedColor // floor materials
	walls    []namedColor // wall materials
	objects  []namedColor // object materials
	exterior namedColor   // exterior wall material
	ceiling  namedColor   // ceiling material
}

var procthorStyle = &genStyle{
	name:        StyleProcTHOR,
	tag:         0x70726f6374686f72, // "procthor"
	wallHeight:  [2]float64{2.5, 2.7},
	variantBias: -0.6,
	wallFill:    0.32,
	freePerM2:   0.07,
	freeMax:     5,
	smallPerM2:  5,
	smallMax:    4,
	perTypeMax:  2,
	minFree:     0.45,
	objGap:      0.08,
	windowP:     0.35,
	colorJitter: 0.04,
	// ProcTHOR's reference house has a dining table with 3–4 chairs in
	// each of its three living rooms (3.3 chairs per living room).
	livingDining:  1,
	chairSide:     0.95,
	chairsPerSide: 2,
	tableInset:    0.6,
	// Fewer small objects in bedrooms and bathrooms: ProcTHOR's reference
	// house has 17 objects per bedroom and 9 per bathroom, small ones
	// included (docs/rooms.md). Kitchens: 23 in the reference; since the
	// counters are straight runs (0.3.8) their free floor takes more
	// furniture, so fewer small objects keep 25 per kitchen, as before.
	smallRoom: map[RoomType]float64{Kitchen: 0.6, Bedroom: 0.3, Bathroom: 0.1},
	floors: []namedColor{
		{"WoodGrain_Brown", RGB{0.55, 0.38, 0.24}},
		{"WoodGrains", RGB{0.62, 0.47, 0.32}},
		{"GreyFloor 3", RGB{0.60, 0.60, 0.58}},
		{"LightWoodCounters4", RGB{0.76, 0.64, 0.48}},
		{"WoodFloorsCross", RGB{0.50, 0.35, 0.22}},
		{"BedroomFloor1", RGB{0.70, 0.58, 0.45}},
		{"TexturesCom_WoodFineWhite", RGB{0.85, 0.82, 0.76}},
	},
	walls: []namedColor{
		{"PureWhite", RGB{0.95, 0.95, 0.94}},
		{"EggshellDrywall", RGB{0.93, 0.90, 0.82}},
		{"BrownDrywall", RGB{0.78, 0.70, 0.60}},
		{"WallDrywallWhite", RGB{0.75, 0.83, 0.90}},
		{"DrywallGreen", RGB{0.76, 0.85, 0.74}},
		{"YellowDrywall", RGB{0.93, 0.88, 0.66}},
	},
	objects: []namedColor{
		{"Wood_Light", RGB{0.78, 0.66, 0.50}},
		{"Wood_Medium", RGB{0.58, 0.42, 0.28}},
		{"Fabric_Beige", RGB{0.82, 0.76, 0.64}},
		{"Fabric_Grey", RGB{0.62, 0.62, 0.64}},
		{"Plastic_White", RGB{0.92, 0.92, 0.90}},
		{"Ceramic_Cream", RGB{0.90, 0.86, 0.76}},
		{"Metal_Brushed", RGB{0.70, 0.71, 0.72}},
		{"Pastel_Blue", RGB{0.64, 0.76, 0.86}},
		{"Pastel_Green", RGB{0.66, 0.82, 0.66}},
		{"Pastel_Pink", RGB{0.90, 0.70, 0.72}},
	},
	exterior: namedColor{"BrownDrywall", RGB{0.78, 0.70, 0.60}},
	ceiling:  namedColor{"PureWhite", RGB{0.95, 0.95, 0.94}},
}

var ithorStyle = &genStyle{
	name:          StyleITHOR,
	tag:           0x6974686f72, // "ithor"
	wallHeight:    [2]float64{2.55, 2.75},
	variantBias:   0.8,
	wallFill:      0.5,
	freePerM2:     0.14,
	freeMax:       8,
	smallPerM2:    11,
	smallMax:      8,
	perTypeMax:    3,
	minFree:       0.3,
	objGap:        0.04,
	windowP:       0.5,
	colorJitter:   0.07,
	chairSide:     0.6,
	chairsPerSide: 1,
	floors: []namedColor{
		{"WhiteMarble", RGB{0.88, 0.88, 0.90}},
		{"DarkWoodSmooth2", RGB{0.30, 0.20, 0.13}},
		{"CeramicTiles3", RGB{0.68, 0.74, 0.78}},
		{"ConcreteFloor", RGB{0.45, 0.45, 0.47}},
		{"RoseGraniteTiles", RGB{0.70, 0.40, 0.30}},
		{"Carpet2", RGB{0.25, 0.30, 0.50}},
	},
	walls: []namedColor{
		{"Walldrywall4Tiled", RGB{0.55, 0.60, 0.62}},
		{"WallDrywallGrey", RGB{0.20, 0.27, 0.40}},
		{"DrywallGreen", RGB{0.55, 0.62, 0.50}},
		{"OrangeDrywall", RGB{0.60, 0.35, 0.25}},
		{"Drywall3", RGB{0.30, 0.30, 0.32}},
		{"CreameDrywall", RGB{0.90, 0.85, 0.70}},
	},
	objects: []namedColor{
		{"Wood_Dark", RGB{0.32, 0.21, 0.14}},
		{"Wood_Cherry", RGB{0.50, 0.22, 0.16}},
		{"Metal_Chrome", RGB{0.80, 0.82, 0.85}},
		{"Metal_Black", RGB{0.12, 0.12, 0.13}},
		{"Fabric_Red", RGB{0.70, 0.14, 0.14}},
		{"Fabric_Navy", RGB{0.14, 0.20, 0.42}},
		{"Plastic_Teal", RGB{0.10, 0.55, 0.55}},
		{"Plastic_Orange", RGB{0.92, 0.50, 0.12}},
		{"Ceramic_Glaze", RGB{0.30, 0.52, 0.36}},
		{"Glass_Amber", RGB{0.76, 0.52, 0.18}},
	},
	exterior: namedColor{"WallDrywallWhite2", RGB{0.86, 0.85, 0.82}},
	ceiling:  namedColor{"WallDrywallWhite3", RGB{0.84, 0.84, 0.86}},
}

// styleByName returns the style parameters or an error naming the valid styles.
func styleByName(style string) (*genStyle, error) {
	switch style {
	case StyleProcTHOR:
		return procthorStyle, nil
	case StyleITHOR:
		return ithorStyle, nil
	}
	return nil, fmt.Errorf("unknown style %q (valid styles: %s)", style, strings.Join(Styles, ", "))
}

// CheckStyle returns an error naming the valid styles when style is not one of them.
func CheckStyle(style string) error {
	_, err := styleByName(style)
	return err
}

// pickColor returns a palette entry with its colour jittered by the style.
func (st *genStyle) pickColor(r *genRand, pal []namedColor) Material {
	nc := pal[r.IntN(len(pal))]
	j := func(v float64) float64 {
		v += r.Uniform(-st.colorJitter, st.colorJitter)
		v = clamp(v, 0, 1)
		return float64(int(v*10000+0.5)) / 10000
	}
	c := RGB{j(nc.C.R), j(nc.C.G), j(nc.C.B)}
	return Material{Name: nc.Name, Color: &c}
}

// variantWeights returns the style's preference weight for each variant of
// ti, ranked by footprint area (smallest first), with at least the type's
// own preference (TypeInfo.MinVariantBias).
func (st *genStyle) variantWeights(ti *TypeInfo) []float64 {
	vs := ti.Variants
	bias := st.variantBias
	if ti.MinVariantBias > 0 {
		bias = max(bias, ti.MinVariantBias)
	}
	n := len(vs)
	rank := make([]int, n)
	for i := range vs {
		ai := vs[i].Size[0] * vs[i].Size[2]
		for j := range vs {
			aj := vs[j].Size[0] * vs[j].Size[2]
			if aj < ai || (aj == ai && j < i) {
				rank[i]++
			}
		}
	}
	w := make([]float64, n)
	for i := range w {
		t := 1.0
		if n > 1 {
			t = float64(rank[i]) / float64(n-1) // 0 smallest … 1 largest
		}
		if bias >= 0 {
			w[i] = 1 + 4*bias*t
		} else {
			w[i] = 1 + 4*(-bias)*(1-t)
		}
	}
	return w
}

// smallScale is the style's factor on smallPerM2 in a room of type t.
func (st *genStyle) smallScale(t RoomType) float64 {
	if k, ok := st.smallRoom[t]; ok {
		return k
	}
	return 1
}

// iTHOR scene numbering: 30 scenes per room type.
var ithorBlocks = []struct {
	first int
	room  RoomType
}{{1, Kitchen}, {201, LivingRoom}, {301, Bedroom}, {401, Bathroom}}

// IthorScenesPerType is the number of iTHOR-style scenes per room type.
const IthorScenesPerType = 30

// IthorSceneNames returns the 120 iTHOR-style scene names in order:
// FloorPlan1–30 (kitchens), 201–230 (living rooms), 301–330 (bedrooms) and
// 401–430 (bathrooms).
func IthorSceneNames() []string {
	out := make([]string, 0, len(ithorBlocks)*IthorScenesPerType)
	for _, b := range ithorBlocks {
		for k := 0; k < IthorScenesPerType; k++ {
			out = append(out, "FloorPlan"+strconv.Itoa(b.first+k))
		}
	}
	return out
}

// ithorRoomType parses an iTHOR scene name into its room type and its number.
func ithorRoomType(name string) (RoomType, int, error) {
	num, err := strconv.Atoi(strings.TrimPrefix(name, "FloorPlan"))
	if err != nil || !strings.HasPrefix(name, "FloorPlan") || strconv.Itoa(num) != strings.TrimPrefix(name, "FloorPlan") {
		return "", 0, fmt.Errorf("unknown iTHOR scene %q (want FloorPlan1–30, 201–230, 301–330 or 401–430)", name)
	}
	for _, b := range ithorBlocks {
		if num >= b.first && num < b.first+IthorScenesPerType {
			return b.room, num, nil
		}
	}
	return "", 0, fmt.Errorf("unknown iTHOR scene %q (want FloorPlan1–30, 201–230, 301–330 or 401–430)", name)
}

// ithorRoomSize gives the range of the room's width and depth per type.
func ithorRoomSize(t RoomType) (lo, hi float64, lShapeP float64) {
	switch t {
	case Kitchen:
		return 3.5, 6.5, 0.35
	case LivingRoom:
		return 4.0, 7.5, 0.3
	case Bedroom:
		return 3.5, 6.0, 0.2
	default:
		return 2.5, 4.0, 0.1
	}
}
