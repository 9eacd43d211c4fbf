package assets

import "flowbench/sim"

// Procedural fallbacks. A few types whose primitive shape misdescribes
// them are drawn, when no catalog variant fits, with a model built in code
// in their own box instead: a painting as a canvas print showing an
// artwork (canvas_print.go, artwork.go; a frame cannot be squashed to a
// 2 cm box at the width of a large painting), a pillow as a cushion
// (pillow.go) and a vacuum cleaner as an upright vacuum (vacuum.go; the
// libraries have neither). The model is exactly the
// simulated box (it fills the box on every axis and never leaves it), so
// nothing about the simulation changes. It is no catalog model: the
// coverage figures count it among the primitive fallbacks
// (DressReport.Primitive; Procedural says how many) and no attribution
// lists it.

// proceduralKind names a procedural model.
type proceduralKind int

const (
	procNone   proceduralKind = iota
	procPrint                 // canvas print (canvas_print.go)
	procPillow                // cushion (pillow.go)
	procVacuum                // upright vacuum cleaner (vacuum.go)
)

// proceduralTypes are the types with a procedural fallback.
var proceduralTypes = map[string]proceduralKind{"Painting": procPrint, "Pillow": procPillow, "VacuumCleaner": procVacuum}

// procedural returns the procedural model of object o in a house dressed
// with seed (nil when its type has none), shared through the derived
// models: their number is bounded by the box sizes of the types' assets
// times the artworks or the colours.
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
	}
	return nil
}
