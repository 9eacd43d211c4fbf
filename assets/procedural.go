package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"flowbench/sim"
)

// Procedural fallbacks. A few types whose primitive shape misdescribes
// them are drawn, when no catalog variant fits, with a model built in code
// in their own box instead: a painting as a canvas print showing an
// artwork (canvas_print.go, artwork.go; a frame cannot be squashed to a
// 2 cm box at the width of a large painting), a pillow as a cushion
// (pillow.go), a vacuum cleaner as an upright vacuum (vacuum.go; the
// libraries have neither), side tables, coffee tables, dressers, kitchen
// counters and TV stands as tables and cabinets (furniture.go; the
// libraries' few variants of these fit few of their boxes), and tissue
// boxes, credit cards and key chains as what they are (small_objects.go).
// The model is exactly the simulated box (it fills the box on every axis
// and never leaves it), so nothing about the simulation changes. It is no catalog model: the
// coverage figures count it among the primitive fallbacks
// (DressReport.Primitive; Procedural says how many) and no attribution
// lists it.

// proceduralKind names a procedural model.
type proceduralKind int

const (
	procNone       proceduralKind = iota
	procPrint                     // canvas print (canvas_print.go)
	procPillow                    // cushion (pillow.go)
	procVacuum                    // upright vacuum cleaner (vacuum.go)
	procFurniture                 // table or cabinet (furniture.go)
	procTissueBox                 // tissue box (small_objects.go)
	procCreditCard                // credit card (small_objects.go)
	procKeyChain                  // key chain (small_objects.go)
)

// proceduralTypes are the types with a procedural fallback.
var proceduralTypes = map[string]proceduralKind{"Painting": procPrint, "Pillow": procPillow, "VacuumCleaner": procVacuum,
	"SideTable": procFurniture, "CoffeeTable": procFurniture, "Dresser": procFurniture, "CounterTop": procFurniture, "TVStand": procFurniture,
	"TissueBox": procTissueBox, "CreditCard": procCreditCard, "KeyChain": procKeyChain}

// procedural returns the procedural model of object o in a house dressed
// with seed (nil when its type has none), shared through the derived
// models: their number is bounded by the box sizes of the types' assets
// times the artworks, the colours or the styles.
func (d *dresser) procedural(o *sim.Object, seed int64) *sim.Model {
	switch proceduralTypes[o.Type] {
	case procPrint:
		art := paintingArt(o, seed)
		return d.derived.get(derivedKey{kind: derivedPrint, size: o.Size, art: art}, func() *sim.Model { return canvasPrint(o.Size, art) })
	case procPillow:
		col := pillowColour(o, seed)
		return d.derived.get(derivedKey{kind: derivedPillow, size: o.Size, colour: col}, func() *sim.Model { return pillowModel(o.Size, col) })
	case procVacuum:
		col := vacuumColour(o, seed)
		return d.derived.get(derivedKey{kind: derivedVacuum, size: o.Size, colour: col}, func() *sim.Model { return vacuumModel(o.Size, col) })
	case procFurniture:
		st := furnitureStyleOf(o, seed)
		return d.derived.get(derivedKey{kind: derivedFurniture, size: o.Size, style: st}, func() *sim.Model { return furnitureModel(o.Size, st) })
	case procTissueBox:
		col := smallObjectColour(o, seed, tissueBoxColours, "tissue-box")
		return d.derived.get(derivedKey{kind: derivedTissueBox, size: o.Size, colour: col}, func() *sim.Model { return tissueBoxModel(o.Size, col) })
	case procCreditCard:
		col := smallObjectColour(o, seed, cardColours, "credit-card")
		return d.derived.get(derivedKey{kind: derivedCreditCard, size: o.Size, colour: col}, func() *sim.Model { return creditCardModel(o.Size, col) })
	case procKeyChain:
		return d.derived.get(derivedKey{kind: derivedKeyChain, size: o.Size}, func() *sim.Model { return keyChainModel(o.Size) })
	}
	return nil
}

// proceduralHash is a hash of the procedural models' geometry and surfaces:
// every kind built at two reference boxes (every furniture form), so that
// DressKey changes whenever a builder does.
func proceduralHash() string {
	h := sha256.New()
	for _, size := range []sim.Vec3{{0.6, 0.8, 0.45}, {1.9, 0.35, 0.9}} {
		ms := []*sim.Model{canvasPrint(size, artwork(0, false)), pillowModel(size, pillowColours[0]), vacuumModel(size, vacuumColours[0]),
			tissueBoxModel(size, tissueBoxColours[0]), creditCardModel(size, cardColours[0]), keyChainModel(size)}
		for f := formTable; f <= formLowCabinet; f++ {
			ms = append(ms, furnitureModel(size, furnitureStyle{form: f}))
		}
		for _, m := range ms {
			l := m.Levels[0]
			fmt.Fprintf(h, "%s %v %v %v %v\n", m.Key, l.Pos, l.Normal, l.UV, l.Tris)
			for _, s := range m.Surfaces {
				fmt.Fprintf(h, "  %s %v\n", s.Name, s.Color)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
