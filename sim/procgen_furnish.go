package sim

import (
	"fmt"
	"math"
	"strings"
)

// This file furnishes one room: furniture against the walls (back to the
// wall), free-standing furniture, and small objects on receptacle tops. The
// generator keeps its own overlap checks on oriented footprints, keeps the
// doorways clear, and after every floor object checks on a 0.25 m grid that
// the room's walkable area still joins all its doorways.

// footprint is an object's oriented rectangle in the xz plane.
type footprint struct {
	c      [2]float64
	ax, az [2]float64 // world directions of the local +x and +z axes
	hx, hz float64    // half extents along them
}

// objectFootprint returns the footprint of a box of the given size at c with a yaw.
func objectFootprint(c [2]float64, yaw float64, size Vec3) footprint {
	x, z := YawAxes(yaw)
	return footprint{c: c, ax: [2]float64{x[0], x[2]}, az: [2]float64{z[0], z[2]}, hx: size[0] / 2, hz: size[2] / 2}
}

// corners returns the rectangle's four corners in order around it.
func (f footprint) corners() [4][2]float64 {
	var out [4][2]float64
	for k, s := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		out[k] = [2]float64{
			f.c[0] + s[0]*f.hx*f.ax[0] + s[1]*f.hz*f.az[0],
			f.c[1] + s[0]*f.hx*f.ax[1] + s[1]*f.hz*f.az[1],
		}
	}
	return out
}

// overlaps reports whether the rectangles come closer than gap along some
// separating axis test (gap 0: whether they overlap with positive area).
func (f footprint) overlaps(g footprint, gap float64) bool {
	d := [2]float64{g.c[0] - f.c[0], g.c[1] - f.c[1]}
	for _, axis := range [4][2]float64{f.ax, f.az, g.ax, g.az} {
		rf := f.hx*math.Abs(dot2(f.ax, axis)) + f.hz*math.Abs(dot2(f.az, axis))
		rg := g.hx*math.Abs(dot2(g.ax, axis)) + g.hz*math.Abs(dot2(g.az, axis))
		if math.Abs(dot2(d, axis)) >= rf+rg+gap {
			return false
		}
	}
	return true
}

// overlapsAny reports whether the rectangle overlaps any of gs (with a gap).
func (f footprint) overlapsAny(gs []footprint, gap float64) bool {
	for _, g := range gs {
		if f.overlaps(g, gap) {
			return true
		}
	}
	return false
}

// at returns the world point at local coordinates (a, b) along the
// rectangle's axes from its centre.
func (f footprint) at(a, b float64) [2]float64 {
	return [2]float64{f.c[0] + a*f.ax[0] + b*f.az[0], f.c[1] + a*f.ax[1] + b*f.az[1]}
}

// dist2 returns the squared distance from p to the rectangle (0 inside).
func (f footprint) dist2(p [2]float64) float64 {
	d := [2]float64{p[0] - f.c[0], p[1] - f.c[1]}
	lx := math.Max(math.Abs(dot2(d, f.ax))-f.hx, 0)
	lz := math.Max(math.Abs(dot2(d, f.az))-f.hz, 0)
	return lx*lx + lz*lz
}

// bounds returns the rectangle's axis-aligned bounds {minx, minz, maxx, maxz}.
func (f footprint) bounds() [4]float64 {
	ex := f.hx*math.Abs(f.ax[0]) + f.hz*math.Abs(f.az[0])
	ez := f.hx*math.Abs(f.ax[1]) + f.hz*math.Abs(f.az[1])
	return [4]float64{f.c[0] - ex, f.c[1] - ez, f.c[0] + ex, f.c[1] + ez}
}

func dot2(a, b [2]float64) float64 { return a[0]*b[0] + a[1]*b[1] }

// insidePolygon reports whether the rectangle lies inside the polygon: all
// corners inside, no polygon vertex inside the rectangle and no edge crossing.
func (f footprint) insidePolygon(poly [][2]float64) bool {
	cs := f.corners()
	for _, c := range cs {
		if !PointInPolygon(poly, c[0], c[1]) {
			return false
		}
	}
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		d := [2]float64{p[0] - f.c[0], p[1] - f.c[1]}
		if math.Abs(dot2(d, f.ax)) < f.hx-1e-9 && math.Abs(dot2(d, f.az)) < f.hz-1e-9 {
			return false
		}
		for k := range cs {
			if segmentsCross(cs[k], cs[(k+1)%4], p, q) {
				return false
			}
		}
	}
	return true
}

// segmentsCross reports whether segments ab and cd properly cross.
func segmentsCross(a, b, c, d [2]float64) bool {
	o := func(p, q, r [2]float64) float64 { return (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0]) }
	d1, d2 := o(c, d, a), o(c, d, b)
	d3, d4 := o(a, b, c), o(a, b, d)
	return ((d1 > 1e-12 && d2 < -1e-12) || (d1 < -1e-12 && d2 > 1e-12)) &&
		((d3 > 1e-12 && d4 < -1e-12) || (d3 < -1e-12 && d4 > 1e-12))
}

// placedObj is a floor object placed by the furnisher.
type placedObj struct {
	fp      footprint
	typ     *TypeInfo
	asset   AssetVariant
	yaw     float64
	top     float64
	obj     HouseObject
	smalls  []footprint
	against bool
}

// furnisher holds the state of furnishing one room.
type furnisher struct {
	st       *genStyle
	r        *genRand
	cat      *Catalog
	room     *planRoom
	wallH    float64
	placed   []*placedObj
	reserved []footprint
	grid     *clearGrid
	count    map[string]int // objects per type (looked up, never iterated)
	k        int            // next object number in the room
	// fixed holds the small-object types the fixture pass stood on
	// receptacles before the small objects, which then skip them.
	fixed map[string]bool
	// present holds, in an iTHOR-style room, the types the room drew
	// (drawPresence); the room gets objects of no other type.
	present map[string]bool
	// tvUnit records that a unit for the television stands where the
	// living room's sofa faces.
	tvUnit bool
}

// mustAgainstWall lists the wall furniture every room of a type gets first.
func mustAgainstWall(t RoomType) []string {
	switch t {
	case Kitchen:
		return []string{"CounterTop", "Fridge", "CounterTop"}
	case LivingRoom:
		return []string{"Sofa", "TVStand"}
	case Bedroom:
		return []string{"Bed", "Dresser"}
	default:
		return []string{"Toilet", "Sink"}
	}
}

// typeCap is the most objects of a type one room gets.
func (f *furnisher) typeCap(t string) int {
	switch t {
	case "Fridge", "Bed", "Toilet", "TVStand", "WashingMachine", "ClothesDryer", "Safe", "VacuumCleaner", "DiningTable", "CoffeeTable", "GarbageBag", "DogBed", "GarbageCan":
		return 1
	case "CounterTop":
		return 3
	case "Chair", "Stool":
		return 6
	}
	return f.st.perTypeMax
}

// furnishRoom places the room's objects and returns them (floor objects with
// their small objects as children) and a free standing point of the room.
// The fixture stream fr stands the room's appliances (a TV on the TV stand,
// a microwave and a toaster on the counters) before the small objects.
func furnishRoom(st *genStyle, r, fr *genRand, cat *Catalog, pr *planRoom, wallH float64) ([]HouseObject, [2]float64) {
	f := &furnisher{st: st, r: r, cat: cat, room: pr, wallH: wallH, count: map[string]int{}, fixed: map[string]bool{}}
	f.grid = newClearGrid(pr)
	f.reserved = doorZones(pr)
	if st == ithorStyle {
		f.present = drawPresence(pr, cat)
	}
	f.furnishWalls()
	f.furnishFloor()
	f.standAppliances(fr, fixtureRulesFor(st, pr.typ))
	if st == ithorStyle {
		f.furnishSurfacesByType()
	} else {
		f.furnishSurfaces()
	}
	var out []HouseObject
	for _, p := range f.placed {
		out = append(out, p.obj)
	}
	return out, f.grid.standPoint(pr)
}

// pickVariant draws an asset variant with the style's size preference.
func (f *furnisher) pickVariant(t *TypeInfo) AssetVariant {
	w := f.st.variantWeights(t)
	if t.Type == "Sink" {
		for i, v := range t.Variants {
			if !pedestalSink(v) {
				w[i] = 0 // basins stand on counters (standAppliances)
			}
		}
	}
	return t.Variants[f.r.Weighted(w)]
}

// against returns the centre and yaw of an object of depth d standing with
// its back to the edge at distance u along it, facing into the room.
func (e *planEdge) against(u, d float64) ([2]float64, float64) {
	p := e.point(u)
	return [2]float64{p[0] + (d/2+0.005)*e.normal[0], p[1] + (d/2+0.005)*e.normal[1]}, yawFacing(e.normal)
}

// yawFacing returns the yaw that turns local +z to the direction n.
func yawFacing(n [2]float64) float64 {
	y := math.Atan2(n[0], n[1]) * 180 / math.Pi
	y = math.Round(y*1e6) / 1e6
	if y < 0 {
		y += 360
	}
	return y
}

// furnishWalls places the room type's essential wall furniture, then random
// wall furniture until the style's share of the wall length is covered.
func (f *furnisher) furnishWalls() {
	pr := f.room
	perimeter := 0.0
	for _, e := range pr.edges {
		perimeter += e.length
	}
	target := f.st.wallFill * perimeter
	queue := mustAgainstWall(pr.typ)
	if pr.typ == Kitchen && f.r.Chance(0.5) && f.present == nil {
		queue = queue[:2] // iTHOR kitchens hold more than two counters' worth of objects
	}
	options := f.typesIn(AgainstWall)
	if f.present != nil {
		if pr.typ == Bathroom && f.present["CounterTop"] {
			// The basin is set into the vanity (standBasin).
			queue = []string{"Toilet", "CounterTop"}
		}
		queue = f.presentQueue(queue, options)
		if pr.typ == Bathroom {
			queue = append([]string{f.bathingFixture()}, queue...)
		}
	}
	filled, fails := 0.0, 0
	for fails < 12 {
		var t *TypeInfo
		if len(queue) > 0 {
			t = f.cat.Type(queue[0])
			queue = queue[1:]
		} else {
			if filled >= target || f.present != nil {
				break
			}
			t = options[f.r.IntN(len(options))]
		}
		if t == nil || f.count[t.Type] >= f.typeCap(t.Type) {
			fails++
			continue
		}
		if cornerTypes[t.Type] {
			if w, ok := f.placeInCorner(t); ok {
				filled += w
			} else if t.Type == "Bathtub" {
				queue = append([]string{"Shower"}, queue...) // a shower stall fits where a tub does not
			}
			continue
		}
		if bed := f.placedOf("Bed"); t.Type == "SideTable" && pr.typ == Bedroom && bed != nil && f.placeBeside(bed, t, 0.02, 0, nightstandWidth) {
			filled += f.placed[len(f.placed)-1].asset.Size[0] // a nightstand
			continue
		}
		if w, ok := f.placeAgainstWall(t); ok {
			filled += w
		} else {
			fails++
		}
	}
}

// placeAgainstWall tries to put one object of type t with its back to a wall.
func (f *furnisher) placeAgainstWall(t *TypeInfo) (float64, bool) {
	if f.room.typ == LivingRoom && f.sofa() != nil && !f.tvUnit && tvUnits[t.Type] {
		// The first unit that can hold the television goes where the sofa
		// faces (tvView), if a wall there has room for it.
		if w, ok := f.placeAgainstWallWhere(t, 40, f.facesSofa); ok {
			f.tvUnit = true
			return w, true
		}
	}
	return f.placeAgainstWallWhere(t, 15, nil)
}

// placeAgainstWallWhere is placeAgainstWall with a number of attempts and,
// when accept is set, only at centres it accepts.
func (f *furnisher) placeAgainstWallWhere(t *TypeInfo, attempts int, accept func(c [2]float64) bool) (float64, bool) {
	pr := f.room
	for attempt := 0; attempt < attempts; attempt++ {
		v := f.pickVariant(t)
		w, d := v.Size[0], v.Size[2]
		ws := make([]float64, len(pr.edges))
		for k, e := range pr.edges {
			if e.length >= w+0.04 {
				ws[k] = e.length
			}
		}
		k := f.r.Weighted(ws)
		if k < 0 {
			continue
		}
		e := &pr.edges[k]
		u := f.r.Uniform(w/2+0.02, e.length-w/2-0.02)
		c, yaw := e.against(u, d)
		if accept != nil && !accept(c) {
			continue
		}
		if f.mirrorWall(t) && attempt < 2*attempts/3 && spanHits(pr.windows, k, u-w/2, u+w/2, 0.05) {
			continue // the mirror over the sink needs the wall above it, if there is one
		}
		if f.tryPlace(t, v, c, yaw, true) {
			return w, true
		}
	}
	return 0, false
}

// tvUnits are the wall units a living room's television may stand on.
var tvUnits = map[string]bool{"TVStand": true, "Dresser": true, "SideTable": true, "Desk": true}

// tvView is the half angle of the cone in front of a sofa in which the
// television should stand: a sofa faces the TV when the TV's centre lies
// within 45° of the sofa's forward direction.
const tvView = 45.0

// sofa returns the room's first sofa, or nil.
func (f *furnisher) sofa() *placedObj {
	for _, p := range f.placed {
		if p.typ.Type == "Sofa" {
			return p
		}
	}
	return nil
}

// facesSofa reports whether a point lies in front of the room's first sofa,
// within tvView of its forward direction (false without a sofa).
func (f *furnisher) facesSofa(c [2]float64) bool {
	so := f.sofa()
	if so == nil {
		return false
	}
	d := [2]float64{c[0] - so.fp.c[0], c[1] - so.fp.c[1]}
	n := math.Hypot(d[0], d[1])
	return n > 0 && dot2(d, so.fp.az) >= n*math.Cos(tvView*math.Pi/180)
}

// furnishFloor places free-standing furniture, a table first where the room
// type has one (kitchens, and living rooms in the procthor style, may get a
// dining table), with chairs drawn up to dining tables.
func (f *furnisher) furnishFloor() {
	pr := f.room
	area := polygonArea2(pr.poly)
	n := int(area*f.st.freePerM2 + f.r.Float64())
	n = min(n, f.st.freeMax)
	options := f.typesIn(FreeStanding)
	if len(options) == 0 {
		return
	}
	var first string
	switch {
	case f.present != nil:
		// An iTHOR-style room gets a table only if it drew one.
		if f.present["DiningTable"] {
			first = "DiningTable"
		} else if f.present["CoffeeTable"] {
			first = "CoffeeTable"
		}
	case pr.typ == Kitchen && f.r.Chance(0.4+0.4*f.st.wallFill):
		first = "DiningTable"
	case pr.typ == LivingRoom && f.st.livingDining > 0 && f.r.Chance(f.st.livingDining):
		first = "DiningTable"
	case pr.typ == LivingRoom && f.r.Chance(0.4+0.6*f.st.wallFill):
		first = "CoffeeTable"
	}
	if first != "" {
		inset := 0.3
		if first == "DiningTable" {
			inset += f.st.tableInset
		}
		if p := f.placeFreeInset(f.cat.Type(first), inset); p != nil && first == "DiningTable" && (f.present == nil || f.present["Chair"]) {
			f.chairsAround(p)
		}
	}
	if f.present != nil {
		for _, name := range f.presentQueue(nil, options) {
			if t := f.cat.Type(name); f.count[name] < f.typeCap(name) {
				f.placeFree(t)
			}
		}
		return
	}
	for placed, fails := 0, 0; placed < n && fails < 10; {
		t := options[f.r.IntN(len(options))]
		if f.count[t.Type] >= f.typeCap(t.Type) {
			fails++
			continue
		}
		if f.placeFree(t) != nil {
			placed++
		} else {
			fails++
		}
	}
}

// placeFree tries to put one free-standing object of type t somewhere in the room.
// A plunger stands beside the toilet where there is room, else against
// a wall.
func (f *furnisher) placeFree(t *TypeInfo) *placedObj {
	if t.Type == "Plunger" {
		// Else against a wall, never in the middle of the floor.
		if toilet := f.placedOf("Toilet"); toilet != nil && f.placeBeside(toilet, t, 0.04, 0.04, math.Inf(1)) {
			return f.placed[len(f.placed)-1]
		}
		if _, ok := f.placeAgainstWallWhere(t, 20, nil); ok {
			return f.placed[len(f.placed)-1]
		}
		return nil
	}
	return f.placeFreeInset(t, 0.3)
}

// placeFreeInset is placeFree with the object's centre drawn at least
// inset metres inside the room's bounds (when they are wide enough).
func (f *furnisher) placeFreeInset(t *TypeInfo, inset float64) *placedObj {
	pr := f.room
	x0, z0, x1, z1 := PolygonBounds(pr.poly)
	if x1-x0 > 2*inset && z1-z0 > 2*inset {
		x0, z0, x1, z1 = x0+inset-0.3, z0+inset-0.3, x1-inset+0.3, z1-inset+0.3
	}
	for attempt := 0; attempt < 20; attempt++ {
		v := f.pickVariant(t)
		yaw := float64(90 * f.r.IntN(4))
		if f.r.Chance(0.3) {
			yaw = float64(15 * f.r.IntN(24))
		}
		c := [2]float64{f.r.Uniform(x0+0.3, x1-0.3), f.r.Uniform(z0+0.3, z1-0.3)}
		if f.tryPlace(t, v, c, yaw, false) {
			return f.placed[len(f.placed)-1]
		}
	}
	return nil
}

// chairsAround draws chairs up to a table's sides, each facing the table.
// A side as long as the style's chairsPerSide chairs side by side (with
// 10 cm between them) offers that many places, spread evenly along it.
func (f *furnisher) chairsAround(table *placedObj) {
	t := f.cat.Type("Chair")
	if t == nil {
		return
	}
	tf := table.fp
	for _, side := range [4][3]float64{{0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-1, 0, 0}} {
		if !f.r.Chance(f.st.chairSide) {
			continue
		}
		v := f.pickVariant(t)
		// Outward direction in world: side[0]*ax + side[1]*az, and the
		// side's own direction and half length.
		out := [2]float64{side[0]*tf.ax[0] + side[1]*tf.az[0], side[0]*tf.ax[1] + side[1]*tf.az[1]}
		along := [2]float64{side[1]*tf.ax[0] + side[0]*tf.az[0], side[1]*tf.ax[1] + side[0]*tf.az[1]}
		half := math.Abs(side[1])*tf.hx + math.Abs(side[0])*tf.hz
		n := 1
		for n < f.st.chairsPerSide && float64(n+1)*(v.Size[0]+0.1) <= 2*half {
			n++
		}
		// The chair keeps the style's object gap from the table (and at
		// least 5 cm), which tryPlace requires.
		reach := math.Abs(side[0])*tf.hx + math.Abs(side[1])*tf.hz + v.Size[2]/2 + math.Max(0.05, f.st.objGap+0.01)
		for k := 0; k < n; k++ {
			off := (float64(2*k+1)/float64(n) - 1) * half
			c := [2]float64{tf.c[0] + reach*out[0] + off*along[0], tf.c[1] + reach*out[1] + off*along[1]}
			f.tryPlace(t, v, c, yawFacing([2]float64{-out[0], -out[1]}), false)
		}
	}
}

// tryPlace places a floor object if it fits: inside the room, clear of other
// objects and doorways, and leaving the room's walkable area connected.
func (f *furnisher) tryPlace(t *TypeInfo, v AssetVariant, c [2]float64, yaw float64, against bool) bool {
	if v.Size[1] > f.wallH-0.05 {
		return false
	}
	fp := objectFootprint(c, yaw, v.Size)
	if !fp.insidePolygon(f.room.poly) {
		return false
	}
	for _, z := range f.reserved {
		if fp.overlaps(z, 0) {
			return false
		}
	}
	for _, p := range f.placed {
		if fp.overlaps(p.fp, f.st.objGap) {
			return false
		}
	}
	f.grid.mark(fp, 1)
	if !f.grid.connected(f.st.minFree) {
		f.grid.mark(fp, -1)
		return false
	}
	p := &placedObj{fp: fp, typ: t, asset: v, yaw: yaw, top: v.Size[1], against: against}
	mat := f.st.pickColor(f.r, f.st.objects)
	p.obj = HouseObject{
		AssetID:   v.AssetID,
		ID:        fmt.Sprintf("%s|%d|%d", t.Type, f.room.num, f.k),
		Kinematic: true,
		Position:  XYZ{c[0], v.Size[1] / 2, c[1]},
		Rotation:  XYZ{0, yaw, 0},
		Material:  &mat,
	}
	f.k++
	f.count[t.Type]++
	f.placed = append(f.placed, p)
	return true
}

// dropObjectMaterials removes the flat palette colours the furnisher and
// the fixture pass gave the objects and their children (drawn all the same,
// so the random stream does not depend on GenerateOptions.ObjectColors).
func dropObjectMaterials(objs []HouseObject) {
	for i := range objs {
		objs[i].Material = nil
		dropObjectMaterials(objs[i].Children)
	}
}

// surfaceAccepts reports whether a small object type may stand on a receptacle.
func surfaceAccepts(parent *placedObj, small string) bool {
	pt := parent.typ.Type
	switch small {
	case "Television":
		return pt == "TVStand" || pt == "Dresser" || pt == "SideTable" || pt == "ShelvingUnit" || pt == "Desk"
	case "Microwave", "CoffeeMachine", "Toaster":
		return pt == "CounterTop" || pt == "ShelvingUnit"
	case "DeskLamp":
		return pt == "Desk" || pt == "SideTable" || pt == "Dresser"
	}
	if small == "Pillow" {
		return pt == "Bed" || pt == "Sofa"
	}
	switch pt {
	case "Bed":
		switch small {
		case "Laptop", "Book", "CellPhone", "Newspaper", "CD", "CreditCard", "KeyChain", "Box":
			return true
		}
		return false
	case "Sofa":
		return small == "RemoteControl" || small == "Laptop" || small == "Book" || small == "CellPhone" || small == "Newspaper"
	case "Stool", "Footstool", "Ottoman":
		return parent.fp.hx*parent.fp.hz*4 > 0.15
	}
	return true
}

// topAccepts reports whether a small object type may be put on the top of
// the receptacle p: surfaceAccepts, on no fridge and no top over 1.6 m,
// and, on a bed or a sofa whose box (headboard, back, canopy) rises over
// 0.75 m, only pillows (iTHOR style: whatever the bed or sofa accepts).
// The dresser lowers what lies on a bed's or a sofa's box top onto the
// mattress or seat of the drawn model (sim.ReseatChildren).
func (f *furnisher) topAccepts(p *placedObj, small string) bool {
	pt := p.typ.Type
	if pt == "Bed" || pt == "Sofa" {
		return surfaceAccepts(p, small) && (small == "Pillow" || p.top <= 0.75 || f.present != nil)
	}
	if pt == "Fridge" || p.top > 1.6 {
		return false
	}
	return surfaceAccepts(p, small)
}

// surfaceRect returns the usable part of a receptacle's top in its local
// frame as {xmin, xmax, zmin, zmax}: the whole top, except for L- and
// C-shaped counters where only the 0.6 m run along the back is solid.
func surfaceRect(p *placedObj) [4]float64 {
	r := [4]float64{-p.fp.hx, p.fp.hx, -p.fp.hz, p.fp.hz}
	if strings.HasPrefix(p.asset.AssetID, "Countertop_L") || strings.HasPrefix(p.asset.AssetID, "Countertop_C") {
		r[3] = math.Min(r[3], -p.fp.hz+0.6)
	}
	return r
}

// furnishSurfaces puts small objects on the receptacles of the room.
func (f *furnisher) furnishSurfaces() {
	options := f.typesIn(OnSurface)
	if len(options) == 0 {
		return
	}
	for _, p := range f.placed {
		if !p.typ.Receptacle || p.typ.Type == "Fridge" || p.top > 1.6 {
			continue
		}
		sr := surfaceRect(p)
		area := (sr[1] - sr[0]) * (sr[3] - sr[2])
		n := min(int(area*f.st.smallPerM2*f.st.smallScale(f.room.typ)+f.r.Float64()), f.st.smallMax)
		for placed, fails := 0, 0; placed < n && fails < 8; {
			t := options[f.r.IntN(len(options))]
			if f.topAccepts(p, t.Type) && !f.fixed[t.Type] && f.placeSmall(p, t, sr) {
				placed++
			} else {
				fails++
			}
		}
	}
}

// placeSmall tries to put one small object of type t on the receptacle p.
func (f *furnisher) placeSmall(p *placedObj, t *TypeInfo, sr [4]float64) bool {
	for attempt := 0; attempt < 6; attempt++ {
		v := f.pickVariant(t)
		if p.top+v.Size[1] > f.wallH-0.05 {
			continue
		}
		rel := 90 * f.r.IntN(4)
		ex, ez := v.Size[0]/2, v.Size[2]/2
		if rel%180 != 0 {
			ex, ez = ez, ex
		}
		const m = 0.01
		if sr[1]-sr[0] < 2*(ex+m) || sr[3]-sr[2] < 2*(ez+m) {
			continue
		}
		a := f.r.Uniform(sr[0]+ex+m, sr[1]-ex-m)
		b := f.r.Uniform(sr[2]+ez+m, sr[3]-ez-m)
		c := p.fp.at(a, b)
		yaw := math.Mod(p.yaw+float64(rel), 360)
		fp := objectFootprint(c, yaw, v.Size)
		if fp.overlapsAny(p.smalls, 0.01) {
			continue
		}
		mat := f.st.pickColor(f.r, f.st.objects)
		p.obj.Children = append(p.obj.Children, HouseObject{
			AssetID:   v.AssetID,
			ID:        fmt.Sprintf("%s|surface|%d|%d", t.Type, f.room.num, f.k),
			Kinematic: false,
			Position:  XYZ{c[0], p.top + v.Size[1]/2, c[1]},
			Rotation:  XYZ{0, yaw, 0},
			Material:  &mat,
		})
		f.k++
		p.smalls = append(p.smalls, fp)
		return true
	}
	return false
}

// polygonArea2 returns the area of an xz polygon.
func polygonArea2(p [][2]float64) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i][0]*p[j][1] - p[j][0]*p[i][1]
	}
	return math.Abs(a) / 2
}

// PolygonBounds returns the bounding rectangle of a polygon in the xz plane:
// its least and greatest x and z.
func PolygonBounds(p [][2]float64) (x0, z0, x1, z1 float64) {
	x0, z0, x1, z1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range p {
		x0, z0 = math.Min(x0, q[0]), math.Min(z0, q[1])
		x1, z1 = math.Max(x1, q[0]), math.Max(z1, q[1])
	}
	return
}

// clearGrid is a room's navigation grid (0.25 m) used while furnishing: the
// points whose agent disc lies inside the room, how many objects block each,
// and the points just in front of the room's doorways.
type clearGrid struct {
	i0, j0, ni, nj int
	inside         []bool
	block          []int16
	door           []int
	nInside        int
	seen           []int32
	stamp          int32
	queue          []int
}

// newClearGrid builds the grid of a room with its doorway points.
func newClearGrid(pr *planRoom) *clearGrid {
	x0, z0, x1, z1 := PolygonBounds(pr.poly)
	g := &clearGrid{i0: int(math.Ceil(x0/GridSize - 1e-9)), j0: int(math.Ceil(z0/GridSize - 1e-9))}
	g.ni = int(math.Floor(x1/GridSize+1e-9)) - g.i0 + 1
	g.nj = int(math.Floor(z1/GridSize+1e-9)) - g.j0 + 1
	n := g.ni * g.nj
	g.inside, g.block, g.seen = make([]bool, n), make([]int16, n), make([]int32, n)
	for i := 0; i < g.ni; i++ {
		for j := 0; j < g.nj; j++ {
			p := g.point(i*g.nj + j)
			if !PointInPolygon(pr.poly, p[0], p[1]) {
				continue
			}
			ok := true
			for _, e := range pr.edges {
				if segDist2(p, e.a, e.b) < AgentRadius*AgentRadius-1e-9 {
					ok = false
					break
				}
			}
			if ok {
				g.inside[i*g.nj+j] = true
				g.nInside++
			}
		}
	}
	for _, d := range pr.doors {
		e := &pr.edges[d.edge]
		dir := e.dir()
		for k, in := range g.inside {
			if !in {
				continue
			}
			p := g.point(k)
			rel := [2]float64{p[0] - e.a[0], p[1] - e.a[1]}
			t, dn := dot2(rel, dir), dot2(rel, e.normal)
			if dn > 0 && dn <= GridSize+1e-9 && t >= d.t0+AgentRadius-1e-9 && t <= d.t1-AgentRadius+1e-9 {
				g.door = append(g.door, k)
			}
		}
	}
	return g
}

// point returns the xz position of grid cell k.
func (g *clearGrid) point(k int) [2]float64 {
	return [2]float64{float64(g.i0+k/g.nj) * GridSize, float64(g.j0+k%g.nj) * GridSize}
}

// mark adds delta to the block count of every point whose agent disc touches fp.
func (g *clearGrid) mark(fp footprint, delta int16) {
	b := fp.bounds()
	ia := max(int(math.Floor((b[0]-AgentRadius)/GridSize))-g.i0, 0)
	ib := min(int(math.Ceil((b[2]+AgentRadius)/GridSize))-g.i0, g.ni-1)
	ja := max(int(math.Floor((b[1]-AgentRadius)/GridSize))-g.j0, 0)
	jb := min(int(math.Ceil((b[3]+AgentRadius)/GridSize))-g.j0, g.nj-1)
	for i := ia; i <= ib; i++ {
		for j := ja; j <= jb; j++ {
			k := i*g.nj + j
			if g.inside[k] && fp.dist2(g.point(k)) < AgentRadius*AgentRadius {
				g.block[k] += delta
			}
		}
	}
}

// free reports whether point k is walkable.
func (g *clearGrid) free(k int) bool { return g.inside[k] && g.block[k] == 0 }

// component runs a 4-connected flood fill from k and returns its size; the
// visited points carry the current stamp.
func (g *clearGrid) component(k int) int {
	g.queue = append(g.queue[:0], k)
	g.seen[k] = g.stamp
	for h := 0; h < len(g.queue); h++ {
		c := g.queue[h]
		i, j := c/g.nj, c%g.nj
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			a, b := i+d[0], j+d[1]
			if a < 0 || b < 0 || a >= g.ni || b >= g.nj {
				continue
			}
			n := a*g.nj + b
			if g.seen[n] != g.stamp && g.free(n) {
				g.seen[n] = g.stamp
				g.queue = append(g.queue, n)
			}
		}
	}
	return len(g.queue)
}

// mainComponent finds the walkable component that must stay open: the one
// holding the first doorway point, or the largest one in a room without
// doors. It returns its stamp and size; size 0 when a doorway is blocked.
func (g *clearGrid) mainComponent() (int32, int) {
	if len(g.door) > 0 {
		for _, k := range g.door {
			if !g.free(k) {
				return 0, 0
			}
		}
		g.stamp++
		n := g.component(g.door[0])
		for _, k := range g.door {
			if g.seen[k] != g.stamp {
				return 0, 0
			}
		}
		return g.stamp, n
	}
	best, bestStamp := 0, int32(0)
	g.stamp++
	first := g.stamp
	for k := range g.inside {
		if g.free(k) && g.seen[k] < first {
			n := g.component(k)
			if n > best {
				best, bestStamp = n, g.stamp
			}
			g.stamp++
		}
	}
	return bestStamp, best
}

// connected reports whether the doorway points share one walkable component
// covering at least minFree of the room's grid.
func (g *clearGrid) connected(minFree float64) bool {
	_, n := g.mainComponent()
	return n > 0 && float64(n) >= minFree*float64(g.nInside)
}

// standPoint returns the walkable point of the main component nearest the
// room's centroid.
func (g *clearGrid) standPoint(pr *planRoom) [2]float64 {
	stamp, n := g.mainComponent()
	c := polygonCentroid(pr.poly)
	best, bestD := [2]float64{c[0], c[1]}, math.Inf(1)
	if n == 0 {
		return best
	}
	for k := range g.inside {
		if g.seen[k] == stamp {
			p := g.point(k)
			if d := (p[0]-c[0])*(p[0]-c[0]) + (p[1]-c[1])*(p[1]-c[1]); d < bestD-1e-12 {
				best, bestD = p, d
			}
		}
	}
	return best
}

// segDist2 returns the squared distance from p to segment ab.
func segDist2(p, a, b [2]float64) float64 {
	d := [2]float64{b[0] - a[0], b[1] - a[1]}
	l2 := dot2(d, d)
	t := 0.0
	if l2 > 0 {
		t = clamp(dot2([2]float64{p[0] - a[0], p[1] - a[1]}, d)/l2, 0, 1)
	}
	q := [2]float64{a[0] + t*d[0] - p[0], a[1] + t*d[1] - p[1]}
	return dot2(q, q)
}
