package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The fixture pass gives each furnished room what rooms of its type have in
// the real scenes: bathroom sinks, toilet-paper hangers and towel holders,
// paintings on walls, a television on the living room's TV stand, and a
// microwave and a toaster on kitchen counters. Bathrooms get their sink as
// essential wall furniture of the main pass; appliances are stood on their
// receptacles before the small objects (standAppliances); wall fixtures are
// hung last (addFixtures). The pass draws from a stream of its own.

// fixtureRules says which fixtures a room gets; the chances are per room.
type fixtureRules struct {
	sink               bool    // a free-standing sink against a wall
	hanger, holder     float64 // a toilet-paper hanger, a towel holder with a towel
	handHolder         float64 // a hand-towel holder with a hand towel
	paintingP          float64 // the room has paintings at all
	paintings          [2]int  // how many, uniform in [min, max]
	tv                 float64 // a Television on the TV stand (or, iTHOR style, another low unit)
	microwave, toaster float64 // one on a counter
	coffee             float64 // a CoffeeMachine on a counter
	kitchenSink        float64 // a sink basin set into a counter, a faucet at its back
	faucet             float64 // a faucet on the bathroom sink
	stove              float64 // a stove (cooktop) on a kitchen counter
	mirror             float64 // a mirror over the bathroom sink
	wallMirror         float64 // a mirror on a wall (bedrooms)
	wallCabinets       float64 // wall cabinets over the counters against walls
}

// Mounting heights of the wall fixtures (centre, metres) and the least
// height of a hung object's lower edge.
var (
	hangerY, holderY, paintingY = [2]float64{0.65, 0.8}, [2]float64{0.95, 1.2}, [2]float64{1.35, 1.75}
	wallMirrorY                 = [2]float64{1.35, 1.6}
	holderHighY                 = [2]float64{1.3, 1.6}
)

const (
	minHungClearance     = 0.2 // hangers and holders
	minPaintingClearance = 0.9 // paintings hang above most furniture
)

// fixtureRulesFor returns the rules of a style and room type. iTHOR-style
// rooms follow the share of the 30 real iTHOR scenes of each type that
// contain the type (../shared/reference/ithor/floorplan-object-types.json:
// kitchens 30/30 Microwave, Toaster, CoffeeMachine, Sink and Faucet, 0/30
// Painting; living rooms 30/30 Painting and Television; bedrooms 13/30
// Painting; bathrooms 30/30 Sink, ToiletPaperHanger, TowelHolder, Towel,
// HandTowelHolder and HandTowel, 28/30 Faucet, 1/30 Painting); a kitchen's
// sink is a basin standing on a counter with a kitchen faucet beside it.
// ProcTHOR-style rooms follow ProcTHOR's reference house
// (house-procthor-train-1.json), see below. Mirrors, bathtubs, shower
// doors, cabinets, drawers and stove burners are structure in iTHOR with no
// asset in ProcTHOR's database, so flowbench has none.
func fixtureRulesFor(st *genStyle, t RoomType) fixtureRules {
	var r fixtureRules
	if st != ithorStyle {
		// ProcTHOR's reference house: two paintings in 8 of its 10 rooms
		// (kitchen, living rooms, bedrooms and bathrooms alike), televisions
		// in the living rooms, a pedestal sink in each bathroom. It has no
		// hangers, holders, microwaves or toasters; flowbench gives kitchens
		// a microwave and a toaster half the time and bathrooms a hanger
		// half the time and a towel holder with its towel a third of the
		// time, its own choice, and a faucet on each sink, as the
		// reference's bathrooms have.
		r.paintingP, r.paintings = 0.8, [2]int{2, 2}
		// A stove in every kitchen (flowbench's choice: the renderer's
		// counter runs show a cooker otherwise, and food stood on its
		// burners), but no wall cabinets, mirrors or bathtubs, which the
		// reference house lacks (ProcTHOR's asset database has none).
		switch t {
		case Kitchen:
			r.microwave, r.toaster, r.stove = 0.5, 0.5, 1
		case LivingRoom:
			r.tv = 1
		case Bathroom:
			r.sink, r.hanger, r.holder, r.faucet = true, 0.5, 1.0/3, 1
		}
		return r
	}
	switch t {
	case Kitchen:
		r.microwave, r.toaster, r.coffee, r.kitchenSink, r.stove = 1, 1, 1, 1, 1
		r.wallCabinets = 1
	case LivingRoom:
		r.tv = 1
		r.paintingP, r.paintings = 1, [2]int{1, 2}
	case Bedroom:
		r.paintingP, r.paintings = 13.0/30, [2]int{1, 1}
		r.wallMirror = 1
	case Bathroom:
		r.sink = true
		r.hanger, r.holder, r.handHolder, r.faucet, r.mirror = 1, 1, 1, 28.0/30, 1
		r.paintingP, r.paintings = 1.0/30, [2]int{1, 1}
	}
	return r
}

// fixtureBox is the space an object already takes: its footprint and its
// height range (for a receptacle, up to the top of what stands on it).
type fixtureBox struct {
	fp     footprint
	y0, y1 float64
}

// fixtureRoom is the state of the fixture pass in one room.
type fixtureRoom struct {
	st    *genStyle
	r     *genRand
	cat   *Catalog
	pr    *planRoom
	wallH float64
	objs  []HouseObject
	boxes []fixtureBox // floor objects and fixtures placed so far
	grid  *clearGrid
	stand [2]float64
	k     int
}

// addFixtures returns the room's objects with its wall fixtures added (and
// a sink where the main pass found no place for one). stand is the agent's
// standing point in the room, which stays clear.
func addFixtures(st *genStyle, r *genRand, cat *Catalog, pr *planRoom, wallH float64, objs []HouseObject, stand [2]float64) []HouseObject {
	fx := &fixtureRoom{st: st, r: r, cat: cat, pr: pr, wallH: wallH, objs: objs, stand: stand}
	fx.grid = newClearGrid(pr)
	for i := range objs {
		if b, ok := fx.box(&objs[i]); ok {
			fx.boxes = append(fx.boxes, b)
			fx.grid.mark(b.fp, 1)
		}
		fx.k = max(fx.k, nextObjectNumber(&objs[i]))
	}
	rules := fixtureRulesFor(st, pr.typ)
	if rules.sink && !fx.has("Sink") {
		fx.placeSink()
	}
	if r.Chance(rules.wallCabinets) {
		fx.wallCabinets()
	}
	if r.Chance(rules.wallMirror) {
		fx.hang("Mirror", wallMirrorY, minPaintingClearance)
	}
	if r.Chance(rules.hanger) {
		fx.hang("ToiletPaperHanger", hangerY, minHungClearance)
	}
	// A holder that finds no place at its usual height hangs higher (over
	// a bathtub, say).
	if r.Chance(rules.holder) && !fx.hangWithTowel("TowelHolder", "Towel", holderY) {
		fx.hangWithTowel("TowelHolder", "Towel", holderHighY)
	}
	if r.Chance(rules.handHolder) && !fx.hangWithTowel("HandTowelHolder", "HandTowel", holderY) {
		fx.hangWithTowel("HandTowelHolder", "HandTowel", holderHighY)
	}
	// The mirror over the sink; where a window or a holder takes that
	// wall, elsewhere.
	if r.Chance(rules.mirror) && !fx.mirrorOverSinks() {
		fx.hang("Mirror", wallMirrorY, minPaintingClearance)
	}
	if fx.draw(rules.paintingP, "Painting") {
		n := rules.paintings[0] + r.IntN(rules.paintings[1]-rules.paintings[0]+1)
		for range n {
			fx.hang("Painting", paintingY, minPaintingClearance)
		}
	}
	return fx.objs
}

// nextObjectNumber returns one more than the largest object number (the
// last field of "Type|room|k" or "Type|surface|room|k") in o and below it.
func nextObjectNumber(o *HouseObject) int {
	n := 0
	if i := strings.LastIndexByte(o.ID, '|'); i >= 0 {
		if k, err := strconv.Atoi(o.ID[i+1:]); err == nil {
			n = k + 1
		}
	}
	for i := range o.Children {
		n = max(n, nextObjectNumber(&o.Children[i]))
	}
	return n
}

// size returns an asset's extents from the catalog.
func (fx *fixtureRoom) size(assetID string) (Vec3, bool) {
	_, s, ok := fx.cat.Asset(assetID)
	return s, ok
}

// box returns the space a top-level object takes, up to the top of what
// stands on it.
func (fx *fixtureRoom) box(o *HouseObject) (fixtureBox, bool) {
	s, ok := fx.size(o.AssetID)
	if !ok {
		return fixtureBox{}, false
	}
	b := fixtureBox{fp: objectFootprint([2]float64{o.Position.X, o.Position.Z}, o.Rotation.Y, s),
		y0: o.Position.Y - s[1]/2, y1: o.Position.Y + s[1]/2}
	var up func(c *HouseObject)
	up = func(c *HouseObject) {
		if cs, ok := fx.size(c.AssetID); ok {
			b.y1 = math.Max(b.y1, c.Position.Y+cs[1]/2)
		}
		for i := range c.Children {
			up(&c.Children[i])
		}
	}
	for i := range o.Children {
		up(&o.Children[i])
	}
	return b, true
}

// has reports whether the room holds an object of the type anywhere.
func (fx *fixtureRoom) has(typ string) bool {
	var in func(os []HouseObject) bool
	in = func(os []HouseObject) bool {
		for i := range os {
			if ObjectTypeFromID(os[i].ID) == typ || in(os[i].Children) {
				return true
			}
		}
		return false
	}
	return in(fx.objs)
}

// variant draws one of the type's variants uniformly.
func (fx *fixtureRoom) variant(typ string) (*TypeInfo, AssetVariant) {
	t := fx.cat.Type(typ)
	return t, t.Variants[fx.r.IntN(len(t.Variants))]
}

// clashes reports whether a box overlaps (with a gap) a taken space.
func (fx *fixtureRoom) clashes(b fixtureBox, gap float64) bool {
	for _, o := range fx.boxes {
		if b.fp.overlaps(o.fp, gap) && b.y0 < o.y1+gap && o.y0 < b.y1+gap {
			return true
		}
	}
	return false
}

// wallSpot draws a point along a wall where an object of width w fits away
// from the edge's doors and windows: the edge index, the distance of the
// object's centre from the edge's first point, and ok.
func (fx *fixtureRoom) wallSpot(w, margin float64) (int, float64, bool) {
	pr := fx.pr
	ws := make([]float64, len(pr.edges))
	for k, e := range pr.edges {
		if e.length >= w+2*margin {
			ws[k] = e.length
		}
	}
	k := fx.r.Weighted(ws)
	if k < 0 {
		return 0, 0, false
	}
	u := fx.r.Uniform(w/2+margin, pr.edges[k].length-w/2-margin)
	for _, spans := range [][]edgeSpan{pr.doors, pr.windows} {
		for _, s := range spans {
			if s.edge == k && u+w/2 > s.t0-margin && u-w/2 < s.t1+margin {
				return 0, 0, false
			}
		}
	}
	return k, u, true
}

// placeSink stands a free-standing sink against a wall, keeping the room
// walkable, its doorways clear and the agent's standing point free.
func (fx *fixtureRoom) placeSink() {
	zones := doorZones(fx.pr)
	for attempt := 0; attempt < 30; attempt++ {
		t, v := fx.variant("Sink")
		if !pedestalSink(v) {
			continue // basins stand on kitchen counters
		}
		k, u, ok := fx.wallSpot(v.Size[0], 0.05)
		if !ok {
			continue
		}
		c, yaw := fx.pr.edges[k].against(u, v.Size[2])
		b := fixtureBox{fp: objectFootprint(c, yaw, v.Size), y0: 0, y1: v.Size[1]}
		if v.Size[1] > fx.wallH-0.05 || !b.fp.insidePolygon(fx.pr.poly) || fx.clashes(b, fx.st.objGap) ||
			b.fp.dist2(fx.stand) < AgentRadius*AgentRadius {
			continue
		}
		if b.fp.overlapsAny(zones, 0) {
			continue
		}
		fx.grid.mark(b.fp, 1)
		if !fx.grid.connected(fx.st.minFree) {
			fx.grid.mark(b.fp, -1)
			continue
		}
		fx.add(t, v, b, HouseObject{AssetID: v.AssetID, Kinematic: true,
			Position: XYZ{c[0], v.Size[1] / 2, c[1]}, Rotation: XYZ{0, yaw, 0}})
		return
	}
}

// hang mounts an object on a wall with its centre at a height drawn from
// ys, its lower edge at least clearance above the floor and its top below
// the ceiling, clear of doors, windows and whatever stands in front.
func (fx *fixtureRoom) hang(typ string, ys [2]float64, clearance float64) {
	for attempt := 0; attempt < 25; attempt++ {
		t, v := fx.variant(typ)
		k, u, ok := fx.wallSpot(v.Size[0], 0.1)
		if !ok {
			continue
		}
		y := fx.r.Uniform(ys[0], ys[1])
		y = math.Min(y, fx.wallH-0.1-v.Size[1]/2)
		if y-v.Size[1]/2 < clearance {
			continue
		}
		c, yaw := fx.pr.edges[k].against(u, v.Size[2])
		b := fixtureBox{fp: objectFootprint(c, yaw, v.Size), y0: y - v.Size[1]/2, y1: y + v.Size[1]/2}
		if !b.fp.insidePolygon(fx.pr.poly) || fx.clashes(b, 0.05) {
			continue
		}
		fx.add(t, v, b, HouseObject{AssetID: v.AssetID, Kinematic: true,
			Position: XYZ{c[0], y, c[1]}, Rotation: XYZ{0, yaw, 0}})
		return
	}
}

// hangWithTowel mounts a towel holder on a wall (as hang does, its centre
// at a height drawn from ys) with a towel of type towel hanging from it:
// the towel's top level with the holder's, its back against the holder's
// front face, centred on it, so the towel hangs over the bar in front of
// the holder (the boxes touch; the fold of AI2-THOR's towel models rolls
// over the bar) and its lower edge stays minHungClearance above the floor.
//
// It reports whether it hung them.
func (fx *fixtureRoom) hangWithTowel(holder, towel string, ys [2]float64) bool {
	for attempt := 0; attempt < 50; attempt++ {
		th, vh := fx.variant(holder)
		tt, vt := fx.variant(towel)
		k, u, ok := fx.wallSpot(math.Max(vh.Size[0], vt.Size[0]), 0.1)
		if !ok {
			continue
		}
		y := fx.r.Uniform(ys[0], ys[1])
		y = math.Min(y, fx.wallH-0.1-vh.Size[1]/2)
		top := y + vh.Size[1]/2
		if y-vh.Size[1]/2 < minHungClearance || top-vt.Size[1] < minHungClearance {
			continue
		}
		e := &fx.pr.edges[k]
		ch, yaw := e.against(u, vh.Size[2])
		ct, _ := e.against(u, 2*vh.Size[2]+vt.Size[2]) // centre vh.Size[2] + vt.Size[2]/2 further out
		bh := fixtureBox{fp: objectFootprint(ch, yaw, vh.Size), y0: y - vh.Size[1]/2, y1: top}
		bt := fixtureBox{fp: objectFootprint(ct, yaw, vt.Size), y0: top - vt.Size[1], y1: top}
		if !bh.fp.insidePolygon(fx.pr.poly) || !bt.fp.insidePolygon(fx.pr.poly) || fx.clashes(bh, 0.05) || fx.clashes(bt, 0.05) {
			continue
		}
		fx.add(th, vh, bh, HouseObject{AssetID: vh.AssetID, Kinematic: true,
			Position: XYZ{ch[0], y, ch[1]}, Rotation: XYZ{0, yaw, 0}})
		fx.add(tt, vt, bt, HouseObject{AssetID: vt.AssetID, Kinematic: true,
			Position: XYZ{ct[0], top - vt.Size[1]/2, ct[1]}, Rotation: XYZ{0, yaw, 0}})
		return true
	}
	return false
}

// add appends a top-level fixture with the room's next object number and
// a material colour drawn like the main pass's.
func (fx *fixtureRoom) add(t *TypeInfo, v AssetVariant, b fixtureBox, o HouseObject) {
	o.ID = fmt.Sprintf("%s|%d|%d", t.Type, fx.pr.num, fx.k)
	mat := fx.st.pickColor(fx.r, fx.st.objects)
	o.Material = &mat
	fx.k++
	fx.objs = append(fx.objs, o)
	fx.boxes = append(fx.boxes, b)
}

// doorZones returns the clear zone in front of every doorway of a room:
// 0.25 m beyond each jamb, 1 m deep.
func doorZones(pr *planRoom) []footprint {
	var out []footprint
	for _, d := range pr.doors {
		e := &pr.edges[d.edge]
		t0, t1 := math.Max(d.t0-0.25, 0), math.Min(d.t1+0.25, e.length)
		mid := e.point((t0 + t1) / 2)
		c := [2]float64{mid[0] + 0.5*e.normal[0], mid[1] + 0.5*e.normal[1]}
		out = append(out, footprint{c: c, ax: e.dir(), az: e.normal, hx: (t1 - t0) / 2, hz: 0.5})
	}
	return out
}

// standAppliances stands, from the fixture stream fr, a television on a TV
// stand and a microwave and a toaster on kitchen counters as the rules ask,
// before the small objects fill the surfaces; the small objects then skip
// the types stood.
func (f *furnisher) standAppliances(fr *genRand, rules fixtureRules) {
	tvOn := []string{"TVStand"}
	if f.present != nil {
		// Real iTHOR living rooms all have a television, on a TV stand in
		// 12 of 30, otherwise on a dresser, a side table or another table.
		tvOn = []string{"TVStand", "Dresser", "SideTable", "Desk", "CoffeeTable", "DiningTable"}
	}
	prefix := func(p string) func(AssetVariant) bool {
		return func(v AssetVariant) bool { return strings.HasPrefix(v.AssetID, p) }
	}
	counter := []string{"CounterTop"}
	if f.room.typ == Bedroom && f.present["AlarmClock"] {
		// The alarm clock on the nightstand (else a dresser or a desk):
		// every real iTHOR bedroom has one, and a narrow nightstand's top
		// fills up with whatever comes first otherwise.
		f.standOnAny(fr, "AlarmClock", []string{"SideTable", "Dresser", "Desk"}, nil, nil)
	}
	if fr.Chance(rules.stove) {
		f.standStove(fr)
	}
	if fr.Chance(rules.kitchenSink) {
		f.standBasin(fr, "Kitchen_Faucet_")
	}
	if f.room.typ == Bathroom && f.count["Sink"] == 0 && f.count["CounterTop"] > 0 {
		f.standBasin(fr, "Bathroom_Faucet_") // the vanity's basin
	}
	if f.room.typ == Bathroom && f.present["SoapBottle"] {
		f.soapBySink()
	}
	for _, w := range []struct {
		typ  string
		on   []string
		p    float64
		keep func(AssetVariant) bool
	}{{"Television", tvOn, rules.tv, nil}, {"Microwave", counter, rules.microwave, nil},
		{"Toaster", counter, rules.toaster, nil}, {"CoffeeMachine", counter, rules.coffee, nil},
		{"Faucet", []string{"Sink"}, rules.faucet, prefix("Bathroom_Faucet_")}} {
		switch {
		case f.fixed[w.typ]:
		case w.p == 0 || !fr.Chance(w.p):
		case w.typ == "Television":
			f.standTelevision(fr, w.on)
		default:
			f.standOnAny(fr, w.typ, w.on, w.keep, nil)
		}
	}
}

// soapBySink puts a soap bottle on the bathroom's vanity or pedestal sink
// (every real iTHOR bathroom has soap; these are a bathroom's only tops
// besides the toilet tank), trying each a few times at random places.
func (f *furnisher) soapBySink() {
	t := f.cat.Type("SoapBottle")
	for try := 0; try < 4; try++ {
		for _, p := range f.placed {
			if (p.typ.Type == "CounterTop" || p.typ.Type == "Sink") && f.placeSmall(p, t, surfaceRect(p)) {
				f.fixed["SoapBottle"] = true
				return
			}
		}
	}
}

// standTelevision stands the room's television on one of the units on (in
// that order of preference): first on one its sofa faces; in an iTHOR-style
// room without one that holds it, on a TV stand put where the sofa faces;
// then on any unit; and an iTHOR-style living room whose units cannot hold
// it gets a TV stand for it.
func (f *furnisher) standTelevision(fr *genRand, on []string) {
	addStand := f.present != nil && f.count["TVStand"] == 0
	if f.sofa() != nil {
		if f.standOnAny(fr, "Television", on, nil, f.facesSofaUnit) {
			return
		}
		if addStand {
			if _, ok := f.placeAgainstWallWhere(f.cat.Type("TVStand"), 40, f.facesSofa); ok && f.standOnAny(fr, "Television", on[:1], nil, nil) {
				return
			}
		}
	}
	if f.standOnAny(fr, "Television", on, nil, nil) {
		return
	}
	if f.present != nil && f.count["TVStand"] == 0 {
		if _, ok := f.placeAgainstWall(f.cat.Type("TVStand")); ok {
			f.standOnAny(fr, "Television", on[:1], nil, nil)
		}
	}
}

// standOnAny stands an object of type typ (a variant keep accepts; nil
// keeps all) on the first receptacle of the types on (in that order of
// preference) that holds it, and records the type as stood.
// When only is set, only on receptacles it accepts.
func (f *furnisher) standOnAny(fr *genRand, typ string, on []string, keep func(AssetVariant) bool, only func(*placedObj) bool) bool {
	for _, t := range on {
		for _, p := range f.placed {
			if p.typ.Type == t && (only == nil || only(p)) && f.standOn(fr, p, typ, keep) {
				f.fixed[typ] = true
				return true
			}
		}
	}
	return false
}

// facesSofaUnit reports whether a receptacle stands where the room's sofa
// faces (facesSofa of its centre).
func (f *furnisher) facesSofaUnit(p *placedObj) bool { return f.facesSofa(p.fp.c) }

// standOn puts one object of type typ at the back of the receptacle p's
// usable top, facing the receptacle's front, choosing among the variants
// that fit it.
func (f *furnisher) standOn(fr *genRand, p *placedObj, typ string, keep func(AssetVariant) bool) bool {
	t := f.cat.Type(typ)
	sr := surfaceRect(p)
	var fits []AssetVariant
	for _, v := range t.Variants {
		if keep != nil && !keep(v) {
			continue
		}
		if v.Size[0]+0.02 <= sr[1]-sr[0] && v.Size[2]+0.03 <= sr[3]-sr[2] && p.top+v.Size[1] <= f.wallH-0.05 {
			fits = append(fits, v)
		}
	}
	if len(fits) == 0 {
		return false
	}
	for attempt := 0; attempt < 6; attempt++ {
		v := fits[fr.IntN(len(fits))]
		ex, ez := v.Size[0]/2, v.Size[2]/2
		a := fr.Uniform(sr[0]+ex+0.01, sr[1]-ex-0.01)
		b := sr[2] + ez + 0.02
		c := p.fp.at(a, b)
		fp := objectFootprint(c, p.yaw, v.Size)
		if fp.overlapsAny(p.smalls, 0.01) {
			continue
		}
		mat := f.st.pickColor(fr, f.st.objects)
		p.obj.Children = append(p.obj.Children, HouseObject{
			AssetID:  v.AssetID,
			ID:       fmt.Sprintf("%s|surface|%d|%d", t.Type, f.room.num, f.k),
			Position: XYZ{c[0], p.top + v.Size[1]/2, c[1]},
			Rotation: XYZ{0, p.yaw, 0},
			Material: &mat,
		})
		f.k++
		p.smalls = append(p.smalls, fp)
		return true
	}
	return false
}
