package assets

import (
	"math"

	"flowbench/sim"
)

// Procedural furniture: tables (side tables, coffee tables, desks),
// cabinets (dressers, kitchen counters, TV stands, nightstand-style side
// tables) and open shelves (shelving units) built from boxes and cylinders (parts.go), for the boxes of these types
// that no catalog variant fits within MaxDistortion. Sizes are real
// measures (a 3 cm top, 4.5 cm legs, 18 mm fronts) capped by shares of the
// box, so any box gets a piece that fills it on every axis and never
// leaves it; the top fills the footprint at the box's top, where the
// simulation rests objects on it.

// Model.Key of procedural tables, cabinets and shelves (no catalog entry).
const (
	tableKey   = "flowbench:table"
	cabinetKey = "flowbench:cabinet"
	shelvesKey = "flowbench:shelves"
)

// furnitureFinishes are the body finishes of procedural furniture: oak,
// walnut, birch, white paint, grey paint and black stain; the first
// woodFinishes of them show wood grain (woodGrain).
var furnitureFinishes = []sim.RGB{
	{R: 0.66, G: 0.48, B: 0.30}, {R: 0.41, G: 0.27, B: 0.17}, {R: 0.82, G: 0.70, B: 0.51},
	{R: 0.90, G: 0.89, B: 0.86}, {R: 0.52, G: 0.54, B: 0.55}, {R: 0.17, G: 0.16, B: 0.15},
}

// woodFinishes is the number of furnitureFinishes, first, that are wood.
const woodFinishes = 3

// worktops are the worktop colours of procedural kitchen counters: white
// stone, dark granite, beige stone and butcher block (the last shows wood
// grain).
var worktops = []sim.RGB{
	{R: 0.88, G: 0.87, B: 0.84}, {R: 0.22, G: 0.22, B: 0.23}, {R: 0.74, G: 0.68, B: 0.58}, {R: 0.64, G: 0.47, B: 0.30},
}

// finish is a surface's colour and, for wood, the wood grain texture.
type finish struct {
	col sim.RGB
	tex *sim.Texture
}

// woodIf returns colour col as a finish, with the wood grain when wood.
func woodIf(col sim.RGB, wood bool) finish {
	if wood {
		return finish{col, woodGrain()}
	}
	return finish{col: col}
}

// handleColour is the colour of procedural furniture's handles and knobs.
var handleColour = sim.RGB{R: 0.70, G: 0.70, B: 0.72}

// furnitureForm is the shape of a procedural piece of furniture.
type furnitureForm int

const (
	formTable      furnitureForm = iota // four legs, an apron, a top
	formTableShelf                      // ... and a shelf low between the legs
	formNightTable                      // four legs, a drawer under the top, a shelf
	formNightstand                      // a cabinet of two drawers on a plinth
	formDresser                         // a cabinet of drawers on a plinth
	formCounter                         // kitchen base units: a drawer row over doors, a worktop
	formLowCabinet                      // a row of doors (TV stand)
	formShelves                         // open shelves between two sides (shelving unit)
)

// furnitureStyle is a procedural piece's form and colours (indices into
// furnitureFinishes and, for counters, worktops).
type furnitureStyle struct {
	form        furnitureForm
	finish, top int
}

// furnitureForms are the forms each type with procedural furniture is
// drawn in, one by a seeded hash.
var furnitureForms = map[string][]furnitureForm{
	"SideTable":    {formTable, formNightTable, formNightstand},
	"CoffeeTable":  {formTable, formTableShelf},
	"Dresser":      {formDresser},
	"CounterTop":   {formCounter},
	"TVStand":      {formLowCabinet},
	"Desk":         {formTable, formNightTable},
	"ShelvingUnit": {formShelves},
}

// furnitureStyleOf draws the style of object o, of a type in
// furnitureForms, in a house dressed with seed; only counters have a
// worktop of their own (top is 0 for the other forms, so that pieces
// drawn alike share one derived model).
func furnitureStyleOf(o *sim.Object, seed int64) furnitureStyle {
	h := objectHash(seed, o.ID, "furniture")
	forms := furnitureForms[o.Type]
	s := furnitureStyle{form: forms[h/64%uint64(len(forms))], finish: int(h % uint64(len(furnitureFinishes)))}
	if s.form == formCounter {
		s.top = int(h / 8 % uint64(len(worktops)))
	}
	return s
}

// furnitureModel returns the procedural piece of style st filling a box of
// size (front +z).
func furnitureModel(size sim.Vec3, st furnitureStyle) *sim.Model {
	body := woodIf(furnitureFinishes[st.finish], st.finish < woodFinishes)
	switch st.form {
	case formTable, formTableShelf, formNightTable:
		return tableModel(size, body, st.form)
	case formShelves:
		return shelvesModel(size, body)
	}
	top := body
	if st.form == formCounter {
		top = woodIf(worktops[st.top], st.top == len(worktops)-1)
	}
	return cabinetModel(size, body, top, st.form)
}

// Surfaces of procedural furniture (furnitureSurfaces).
const (
	furnBody = iota
	furnTop
	furnHandle
	furnShadow // plinths and the dark inside of gaps
)

// furnitureSurfaces returns the surfaces of a piece whose body has finish
// body and top finish top; its plinth is the body's colour darkened.
func furnitureSurfaces(body, top finish) []*sim.Surface {
	return []*sim.Surface{{Name: "Body", Color: body.col, Texture: body.tex}, {Name: "Top", Color: top.col, Texture: top.tex},
		{Name: "Handle", Color: handleColour}, {Name: "Plinth", Color: body.col.Scale(0.45)}}
}

// tableModel builds a table: a top across the footprint at the box's top,
// four square legs inset at the corners down to the floor, an apron under
// the top between them; formTableShelf adds a shelf low between the legs,
// formNightTable a deep apron with a drawer front and knob at the front
// and the shelf.
func tableModel(size sim.Vec3, fin finish, form furnitureForm) *sim.Model {
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	y0, y1 := -h[1], h[1]
	small := math.Min(W, D)
	tt := math.Min(0.03, 0.1*H)        // top thickness
	leg := math.Min(0.045, 0.12*small) // leg side
	e := math.Min(0.02, 0.05*small)    // legs' inset from the top's edge
	b := partsBuilder{uvMetres: woodRepeat}
	b.box(sim.Vec3{-h[0], y1 - tt, -h[2]}, sim.Vec3{h[0], y1, h[2]}, furnTop, furnTop)
	lx, lz := h[0]-e, h[2]-e // legs' outer faces
	for _, sx := range []float64{-1, 1} {
		for _, sz := range []float64{-1, 1} {
			x0, x1 := sortedPair(sx*lx, sx*(lx-leg))
			z0, z1 := sortedPair(sz*lz, sz*(lz-leg))
			b.box(sim.Vec3{x0, y0, z0}, sim.Vec3{x1, y1 - tt, z1}, furnBody, furnBody)
		}
	}
	ah := math.Min(0.07, 0.15*H) // apron height
	if form == formNightTable {
		ah = math.Min(0.16, 0.3*H)
	}
	ax, az := lx-0.005, lz-0.005 // the apron sits just inside the legs' faces
	b.box(sim.Vec3{-ax, y1 - tt - ah, -az}, sim.Vec3{ax, y1 - tt, az}, furnBody, furnBody)
	if form == formTableShelf || form == formNightTable {
		sy := y0 + 0.15*H
		b.box(sim.Vec3{-ax, sy, -az}, sim.Vec3{ax, sy + math.Min(0.02, 0.05*H), az}, furnBody, furnBody)
	}
	if form == formNightTable {
		g := math.Min(0.004, 0.1*ah)
		fz := math.Min(lz+0.01, h[2]-0.002) // the drawer front stands proud of the legs
		fx := lx - leg - g
		dy0, dy1 := y1-tt-ah+g, y1-tt-g
		b.box(sim.Vec3{-fx, dy0, az}, sim.Vec3{fx, dy1, fz}, furnBody, furnBody)
		kr := math.Min(0.012, 0.2*(dy1-dy0))
		if kz := math.Min(fz+0.015, h[2]); kz > fz {
			b.cylinder(sim.Vec3{0, (dy0 + dy1) / 2, fz}, sim.Vec3{0, (dy0 + dy1) / 2, kz}, kr, furnHandle)
		}
	}
	return b.model(tableKey, size, furnitureSurfaces(fin, fin))
}

// shelvesModel builds open shelves: a top across the footprint at the
// box's top, two side panels, a dark back panel, a dark recessed plinth
// and shelves about 35 cm apart between the sides, their front edges
// flush with the sides'.
func shelvesModel(size sim.Vec3, fin finish) *sim.Model {
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	y0, y1 := -h[1], h[1]
	tt := math.Min(0.025, 0.08*H) // board thickness (top, shelves)
	st := math.Min(0.018, 0.1*W)  // side panels' thickness
	bt := math.Min(0.006, 0.05*D) // back panel's thickness
	ph := math.Min(0.06, 0.1*H)   // plinth height
	b := partsBuilder{uvMetres: woodRepeat}
	b.box(sim.Vec3{-h[0], y1 - tt, -h[2]}, sim.Vec3{h[0], y1, h[2]}, furnTop, furnTop)
	for _, sx := range []float64{-1, 1} {
		x0, x1 := sortedPair(sx*h[0], sx*(h[0]-st))
		b.box(sim.Vec3{x0, y0, -h[2]}, sim.Vec3{x1, y1 - tt, h[2]}, furnBody, furnBody)
	}
	ix := h[0] - st // the inside's half width
	b.box(sim.Vec3{-ix, y0 + ph, -h[2]}, sim.Vec3{ix, y1 - tt, -h[2] + bt}, furnShadow, furnShadow)
	b.box(sim.Vec3{-ix, y0, -h[2] + bt}, sim.Vec3{ix, y0 + ph, h[2] - math.Min(0.02, 0.1*D)}, furnShadow, furnShadow)
	room := H - ph - tt
	n := max(1, int(math.Round(room/0.35))) // spaces between the boards
	for k := range n {
		y := y0 + ph + room*float64(k)/float64(n) // a board's bottom
		b.box(sim.Vec3{-ix, y, -h[2] + bt}, sim.Vec3{ix, y + math.Min(tt, 0.25*room/float64(n)), h[2]}, furnBody, furnBody)
	}
	return b.model(shelvesKey, size, furnitureSurfaces(fin, fin))
}

// sortedPair returns a and b in increasing order.
func sortedPair(a, b float64) (float64, float64) {
	return min(a, b), max(a, b)
}

// cabinetModel builds a cabinet: a top across the footprint at the box's
// top (colour top), a body on a recessed plinth, and a grid of fronts with
// handles set back from the top's front edge by the handles' depth, so
// that they stay inside the box. formNightstand has two drawers,
// formDresser rows of drawers (two or three columns on wide ones),
// formCounter a row of drawers over doors about 60 cm wide, formLowCabinet
// one row of doors.
func cabinetModel(size sim.Vec3, body, top finish, form furnitureForm) *sim.Model {
	h := size.Mul(0.5)
	W, H, D := size[0], size[1], size[2]
	y0, y1 := -h[1], h[1]
	tt := math.Min(0.03, 0.08*H)
	if form == formCounter {
		tt = math.Min(0.04, 0.08*H)
	}
	hd := math.Min(0.02, 0.05*D)  // handle depth
	ft := math.Min(0.018, 0.05*D) // front thickness
	frontZ := h[2] - hd - 0.005   // fronts' outer face
	bodyZ := frontZ - ft
	side := math.Min(0.005, 0.02*W) // the top overhangs the sides
	if form == formCounter {
		side = 0 // counters run on into the next unit
	}
	ph := math.Min(0.08, 0.12*H) // plinth height
	b := partsBuilder{uvMetres: woodRepeat}
	b.box(sim.Vec3{-h[0], y1 - tt, -h[2]}, sim.Vec3{h[0], y1, h[2]}, furnTop, furnTop)
	// The body's front, seen only through the gaps between the fronts, is
	// dark, so that the gaps read as shadowed joints.
	b.box(sim.Vec3{-h[0] + side, y0 + ph, -h[2]}, sim.Vec3{h[0] - side, y1 - tt, bodyZ}, furnShadow, furnBody)
	b.box(sim.Vec3{-h[0] + side + 0.01, y0, -h[2]}, sim.Vec3{h[0] - side - 0.01, y0 + ph, bodyZ - math.Min(0.04, 0.1*D)}, furnShadow, furnShadow)
	// The fronts' area and its rows: heights from the top down, each with
	// its columns and whether they are drawers.
	g := 0.006 // the joints between fronts
	fx0, fx1 := -h[0]+side+g, h[0]-side-g
	fy0, fy1 := y0+ph+g, y1-tt-g
	type row struct {
		h      float64
		cols   int
		drawer bool
	}
	var rows []row
	fh := fy1 - fy0
	wideCols := max(1, int(math.Round((fx1-fx0)/0.6)))
	switch form {
	case formNightstand:
		rows = []row{{fh / 2, 1, true}, {fh / 2, 1, true}}
	case formDresser:
		n := min(6, max(2, int(math.Round(fh/0.2))))
		cols := 1
		if W > 1.6 {
			cols = 3
		} else if W > 0.9 {
			cols = 2
		}
		for range n {
			rows = append(rows, row{fh / float64(n), cols, true})
		}
	case formCounter:
		dh := math.Min(0.15, 0.25*fh)
		rows = []row{{dh, wideCols, true}, {fh - dh, wideCols, false}}
	default:
		rows = []row{{fh, max(2, wideCols), false}}
	}
	y := fy1
	for _, r := range rows {
		cw := (fx1 - fx0) / float64(r.cols)
		for c := range r.cols {
			x0, x1 := fx0+float64(c)*cw+g/2, fx0+float64(c+1)*cw-g/2
			ry0, ry1 := y-r.h+g/2, y-g/2
			b.box(sim.Vec3{x0, ry0, bodyZ}, sim.Vec3{x1, ry1, frontZ}, furnBody, furnBody)
			b.handle(x0, x1, ry0, ry1, frontZ, hd, r.drawer, (x0+x1)/2 <= 0)
		}
		y -= r.h
	}
	return b.model(cabinetKey, size, furnitureSurfaces(body, top))
}

// handle adds the handle of the front x0..x1 × y0..y1 whose outer face is
// at z, standing hd proud of it: a bar across the upper part of a drawer,
// or an upright bar near a door's edge towards the middle of the piece
// (the right edge when right, else the left) in its upper part.
func (p *partsBuilder) handle(x0, x1, y0, y1, z, hd float64, drawer, right bool) {
	w, ht := x1-x0, y1-y0
	t := math.Min(0.012, 0.2*math.Min(w, ht)) // the bar's thickness
	if drawer {
		bw := math.Min(0.12, 0.4*w)
		cy := y0 + 0.6*ht
		p.box(sim.Vec3{-bw/2 + (x0+x1)/2, cy - t/2, z}, sim.Vec3{bw/2 + (x0+x1)/2, cy + t/2, z + hd}, furnHandle, furnHandle)
		return
	}
	bh := math.Min(0.12, 0.3*ht)
	cx := x0 + math.Min(0.04, 0.15*w)
	if right {
		cx = x1 - math.Min(0.04, 0.15*w)
	}
	cy := y1 - math.Min(0.1, 0.2*ht) - bh/2
	p.box(sim.Vec3{cx - t/2, cy - bh/2, z}, sim.Vec3{cx + t/2, cy + bh/2, z + hd}, furnHandle, furnHandle)
}
