package planner

import "flowbench/sim"

// MaxStructureShare is the largest structure share (View.Structure: the
// share of a candidate's scoring frame that shows no object but wall
// decor — walls, floor, ceiling, the doorways and windows cut in them, the
// outdoors seen through them, and paintings, mirrors and the other
// wall-mounted fixtures) that a proposal may have. It is our addition to
// A.1, whose constants are unchanged: eq. 8 scores a pose by the objects it
// sees, so a pose that sees a few objects in the band beside a large bare
// wall, floor or ceiling was proposed: of the 370 views that the unchanged
// A.1 selected in 40 generated train houses (seed 1), 96 % had a share over
// 0.70 and 71 % over 0.80. A room none of whose candidates passes, even
// after the wider search (views_search.go), proposes no view.
const MaxStructureShare = 0.70

// wallDecorTypes are the wall decor types counted as structure whatever
// the catalog says of them (an imported house may name a type the catalog
// lacks).
var wallDecorTypes = map[string]bool{"Painting": true, "Mirror": true}

// wallDecor reports the types whose pixels count as structure in the
// structure share (issue 52): paintings, mirrors and every static type the
// catalog hangs on a wall (towel holders, toilet paper hangers, hung
// towels). A view filled by a painting shows no more of the room than a
// bare wall; no question is ever asked about such decor's place.
func (ci catalogInfo) wallDecor(typ string) bool {
	if wallDecorTypes[typ] {
		return true
	}
	ti := ci.cat.Type(typ)
	return ti != nil && ti.Placement == sim.OnWall && ti.Static()
}

// structureShare is View.Structure of a frame of pixels pixels whose
// per-id pixel counts are m: one minus the share of the pixels showing
// one of objs that is not wall decor (decor(type)). Every other pixel
// shows structure, wall decor or nothing.
func structureShare(m Masks, objs []ObjectMeta, pixels int, decor func(typ string) bool) float64 {
	if pixels <= 0 {
		return 0
	}
	n := 0
	for i := range objs {
		if decor != nil && decor(objs[i].Type) {
			continue
		}
		n += m.Pixels(objs[i].ID)
	}
	return 1 - float64(min(n, pixels))/float64(pixels)
}

// showsRoom reports whether a scored view passes the structure rule: its
// structure share is at most maxShare.
func showsRoom(v View, maxShare float64) bool { return v.Structure <= maxShare }
