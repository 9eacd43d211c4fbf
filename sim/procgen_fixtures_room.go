package sim

import (
	"math"
)

// Room fixtures placed with the wall furniture: a bathtub or a shower stall
// in a corner of each iTHOR-style bathroom, nightstands beside beds and the
// plunger beside the toilet; and hung ones: a mirror over each bathroom
// sink, a mirror on a bedroom wall, and wall cabinets over the kitchen
// counters that stand against walls.

// nightstandWidth is the widest side table put beside a bed, and
// nightstandMinWidth the narrowest (a top with room for a lamp and a
// clock).
const (
	nightstandWidth    = 0.65
	nightstandMinWidth = 0.35
)

// cornerTypes are the wall furniture put into a corner of the room.
var cornerTypes = map[string]bool{"Bathtub": true, "Shower": true}

// bathingFixture returns the bathroom's bathtub or shower stall: a Bathtub
// in the share of real iTHOR bathrooms holding one (21 of 30), spread over
// the 30 scene slots as drawPresence spreads a type, else a Shower (every
// real iTHOR bathroom has one or the other).
func (f *furnisher) bathingFixture() string {
	if slotDraw(f.room, "Bathtub", IthorPresence(Bathroom, "Bathtub")) {
		return "Bathtub"
	}
	return "Shower"
}

// slotDraw reports whether an iTHOR-style room holds a type of the given
// share, spread over the 30 scene slots as drawPresence spreads a type.
func slotDraw(pr *planRoom, name string, share float64) bool {
	u := float64(splitMix(uint64(pr.ithorSeed)^fnv64(name))>>11) / (1 << 53)
	x := u + float64(pr.ithorSlot)*goldenFrac
	return x-math.Floor(x) < share
}

// draw reports whether the room gets a fixture of the given chance: in an
// iTHOR-style room spread over the scene slots (slotDraw), so the share
// over the 30 rooms of a type is the chance within 2 rooms; else drawn
// from the fixture stream.
func (fx *fixtureRoom) draw(p float64, name string) bool {
	if fx.st == ithorStyle {
		return slotDraw(fx.pr, name, p)
	}
	return fx.r.Chance(p)
}

// placeInCorner puts an object of type t against a wall with one side in
// a corner (at either end of an edge), trying every edge end in a random
// order; it returns the width placed.
func (f *furnisher) placeInCorner(t *TypeInfo) (float64, bool) {
	pr := f.room
	for attempt := 0; attempt < 3; attempt++ {
		v := f.pickVariant(t)
		w, d := v.Size[0], v.Size[2]
		ends := perm(f.r, 2*len(pr.edges))
		for _, k := range ends {
			e := &pr.edges[k/2]
			if e.length < w+0.01 {
				continue
			}
			u := w/2 + 0.005
			if k%2 == 1 {
				u = e.length - w/2 - 0.005
			}
			c, yaw := e.against(u, d)
			if f.tryPlace(t, v, c, yaw, true) {
				return w, true
			}
		}
	}
	return 0, false
}

// placeBeside puts an object of type t (a variant drawn as usual) against
// the wall an anchor stands against, beside it on either side (in a random
// order), gap beyond the style's least gap between floor objects; with
// fromWall the object stands that far out from the wall (a plunger).
//
// Only variants at most maxWidth wide are drawn (a nightstand, not a
// long side table; for a maxWidth under 1 m at least nightstandMinWidth
// wide), uniformly; when none is, any variant as usual.
func (f *furnisher) placeBeside(anchor *placedObj, t *TypeInfo, gap, fromWall, maxWidth float64) bool {
	var narrow []AssetVariant
	for _, v := range t.Variants {
		if v.Size[0] <= maxWidth && (maxWidth > 1 || v.Size[0] >= nightstandMinWidth) {
			narrow = append(narrow, v)
		}
	}
	for attempt := 0; attempt < 3; attempt++ {
		var v AssetVariant
		if len(narrow) > 0 {
			v = narrow[f.r.IntN(len(narrow))]
		} else {
			v = f.pickVariant(t)
		}
		sides := []float64{-1, 1}
		if f.r.Chance(0.5) {
			sides[0], sides[1] = 1, -1
		}
		for _, s := range sides {
			a := s * (anchor.fp.hx + f.st.objGap + gap + v.Size[0]/2)
			b := -anchor.fp.hz + v.Size[2]/2 + fromWall
			c := anchor.fp.at(a, b)
			if fromWall == 0 && !f.wallBehind(c, anchor.yaw, v.Size) {
				continue
			}
			if f.tryPlace(t, v, c, anchor.yaw, fromWall == 0) {
				return true
			}
		}
	}
	return false
}

// perm returns a random permutation of 0..n-1.
func perm(r *genRand, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// wallBehind reports whether a room edge runs behind the whole back of a
// box of size at c with yaw (its back within 3 cm of the edge).
func (f *furnisher) wallBehind(c [2]float64, yaw float64, size Vec3) bool {
	for k := range f.room.edges {
		e := &f.room.edges[k]
		if math.Abs(angleDiff(yawFacing(e.normal), yaw)) > 1 {
			continue
		}
		d := [2]float64{c[0] - e.a[0], c[1] - e.a[1]}
		u, off := dot2(d, e.dir()), dot2(d, e.normal)-size[2]/2
		if off > -0.01 && off < 0.03 && u-size[0]/2 >= 0 && u+size[0]/2 <= e.length {
			return true
		}
	}
	return false
}

// placedOf returns the first placed object of a type, or nil.
func (f *furnisher) placedOf(typ string) *placedObj {
	for _, p := range f.placed {
		if p.typ.Type == typ {
			return p
		}
	}
	return nil
}

// edgeOf returns the index of the room edge an object with its back to a
// wall stands against (its back within 3 cm of the edge, facing into the
// room) and the distance along the edge of its centre, or -1.
func (fx *fixtureRoom) edgeOf(o *HouseObject) (int, float64) {
	s, ok := fx.size(o.AssetID)
	if !ok {
		return -1, 0
	}
	for k := range fx.pr.edges {
		e := &fx.pr.edges[k]
		if math.Abs(angleDiff(yawFacing(e.normal), o.Rotation.Y)) > 1 {
			continue
		}
		c := [2]float64{o.Position.X, o.Position.Z}
		d := [2]float64{c[0] - e.a[0], c[1] - e.a[1]}
		u := dot2(d, e.dir())
		off := dot2(d, e.normal) - s[2]/2
		if off > -0.01 && off < 0.03 && u > 0 && u < e.length {
			return k, u
		}
	}
	return -1, 0
}

// angleDiff returns a − b in degrees, wrapped into (−180, 180].
func angleDiff(a, b float64) float64 {
	d := math.Mod(a-b, 360)
	if d > 180 {
		d -= 360
	} else if d <= -180 {
		d += 360
	}
	return d
}

// mirrorWall reports whether objects of type t get a mirror on the wall
// above them (a bathroom's sink or vanity), so stand under no window.
func (f *furnisher) mirrorWall(t *TypeInfo) bool {
	return f.room.typ == Bathroom && (t.Type == "Sink" || t.Type == "CounterTop")
}

// spanHits reports whether the span [u0, u1] of edge k comes within margin
// of one of spans.
func spanHits(spans []edgeSpan, k int, u0, u1, margin float64) bool {
	for _, s := range spans {
		if s.edge == k && u1 > s.t0-margin && u0 < s.t1+margin {
			return true
		}
	}
	return false
}

// spanFree reports whether the span [u0, u1] of edge k keeps margin clear
// of the edge's doors and windows.
func (fx *fixtureRoom) spanFree(k int, u0, u1, margin float64) bool {
	if u0 < 0 || u1 > fx.pr.edges[k].length {
		return false
	}
	return !spanHits(fx.pr.doors, k, u0, u1, margin) && !spanHits(fx.pr.windows, k, u0, u1, margin)
}

// clashesBut is clashes, ignoring the taken space whose footprint is
// centred at skip (the object a fixture is hung over).
func (fx *fixtureRoom) clashesBut(b fixtureBox, gap float64, skip [2]float64) bool {
	for _, o := range fx.boxes {
		if math.Abs(o.fp.c[0]-skip[0]) < 1e-9 && math.Abs(o.fp.c[1]-skip[1]) < 1e-9 {
			continue
		}
		if b.fp.overlaps(o.fp, gap) && b.y0 < o.y1+gap && o.y0 < b.y1+gap {
			return true
		}
	}
	return false
}

// topUnder returns the highest top of what stands on o (its children, at
// any depth) whose footprint comes within reach of fp.
func (fx *fixtureRoom) topUnder(o *HouseObject, fp footprint, reach float64) float64 {
	top := math.Inf(-1)
	var walk func(c *HouseObject)
	walk = func(c *HouseObject) {
		if s, ok := fx.size(c.AssetID); ok {
			cf := objectFootprint([2]float64{c.Position.X, c.Position.Z}, c.Rotation.Y, s)
			if cf.overlaps(fp, reach) {
				top = math.Max(top, c.Position.Y+s[1]/2)
			}
		}
		for i := range c.Children {
			walk(&c.Children[i])
		}
	}
	for i := range o.Children {
		walk(&o.Children[i])
	}
	return top
}

// mirrorOverSinks hangs a mirror centred over each of the room's sinks (a
// pedestal sink, or a basin set into a vanity): its lower edge
// mirrorOverSink above the sink's top and clear of its faucet, below the
// ceiling, clear of doors and windows, a narrower or lower variant where
// the first does not fit. It reports whether it hung any.
func (fx *fixtureRoom) mirrorOverSinks() bool {
	hung := false
	t := fx.cat.Type("Mirror")
	for i := range fx.objs {
		o := &fx.objs[i]
		var sink *HouseObject
		if ObjectTypeFromID(o.ID) == "Sink" {
			sink = o
		} else {
			for j := range o.Children {
				if ObjectTypeFromID(o.Children[j].ID) == "Sink" {
					sink = &o.Children[j]
					break
				}
			}
		}
		if sink == nil {
			continue
		}
		k, _ := fx.edgeOf(o)
		if k < 0 {
			continue
		}
		e := &fx.pr.edges[k]
		ss, _ := fx.size(sink.AssetID)
		d := [2]float64{sink.Position.X - e.a[0], sink.Position.Z - e.a[1]}
		u := dot2(d, e.dir())
		for _, vi := range perm(fx.r, len(t.Variants)) {
			v := t.Variants[vi]
			if !fx.spanFree(k, u-v.Size[0]/2, u+v.Size[0]/2, 0.05) {
				continue
			}
			c, yaw := e.against(u, v.Size[2])
			fp := objectFootprint(c, yaw, v.Size)
			y0 := sink.Position.Y + ss[1]/2 + mirrorOverSink
			y0 = math.Max(y0, fx.topUnder(o, fp, 0.15)+0.05)
			if ObjectTypeFromID(o.ID) == "Sink" {
				y0 = math.Max(y0, o.Position.Y+ss[1]/2+mirrorOverSink)
			}
			b := fixtureBox{fp: fp, y0: y0, y1: y0 + v.Size[1]}
			if b.y1 > fx.wallH-0.08 || !fp.insidePolygon(fx.pr.poly) || fx.clashesBut(b, 0.02, [2]float64{o.Position.X, o.Position.Z}) {
				continue
			}
			fx.add(t, v, b, HouseObject{AssetID: v.AssetID, Kinematic: true,
				Position: XYZ{c[0], y0 + v.Size[1]/2, c[1]}, Rotation: XYZ{0, yaw, 0}})
			hung = true
			break
		}
	}
	return hung
}

// mirrorOverSink is the least height of a mirror's lower edge over the
// sink's top.
const mirrorOverSink = 0.25

// Wall cabinets hang with their lower edge wallCabinetOver above the
// counter's top, in units of wallCabinetUnit metres, centred on the
// counter.
const (
	wallCabinetOver = 0.55
	wallCabinetUnit = 0.6
)

// wallCabinets hangs a row of wall cabinets over each counter that stands
// against a wall, as long as the counter, in units of the catalog's
// widths (wallCabinetUnit, with narrower ones at the ends), each clear of
// doors, windows, the ceiling and whatever stands or hangs there (a
// fridge, a unit's neighbour).
func (fx *fixtureRoom) wallCabinets() {
	t := fx.cat.Type("Cabinet")
	var unit, end AssetVariant
	for _, v := range t.Variants {
		switch {
		case math.Abs(v.Size[0]-wallCabinetUnit) < 1e-9:
			unit = v
		case end.Size[0] == 0 || v.Size[0] < end.Size[0]:
			end = v
		}
	}
	n := len(fx.objs)
	for i := 0; i < n; i++ {
		o := &fx.objs[i]
		if ObjectTypeFromID(o.ID) != "CounterTop" {
			continue
		}
		k, u := fx.edgeOf(o)
		if k < 0 {
			continue
		}
		s, _ := fx.size(o.AssetID)
		top := o.Position.Y + s[1]/2
		m := int((s[0] + 1e-9) / unit.Size[0])
		widths := make([]AssetVariant, 0, m+2)
		rest := s[0] - float64(m)*unit.Size[0]
		if rest >= 2*end.Size[0] {
			widths = append(widths, end)
		}
		for range m {
			widths = append(widths, unit)
		}
		if rest >= 2*end.Size[0] {
			widths = append(widths, end)
		}
		total := 0.0
		for _, v := range widths {
			total += v.Size[0]
		}
		e := &fx.pr.edges[k]
		at := u - total/2
		for _, v := range widths {
			uc := at + v.Size[0]/2
			at += v.Size[0]
			y0 := top + wallCabinetOver
			if y0+v.Size[1] > fx.wallH-0.05 || !fx.spanFree(k, uc-v.Size[0]/2, uc+v.Size[0]/2, 0.02) {
				continue
			}
			c, yaw := e.against(uc, v.Size[2])
			b := fixtureBox{fp: objectFootprint(c, yaw, v.Size), y0: y0, y1: y0 + v.Size[1]}
			if !b.fp.insidePolygon(fx.pr.poly) || fx.clashesBut(b, -0.002, [2]float64{o.Position.X, o.Position.Z}) ||
				fx.topUnder(o, b.fp, 0) > y0-0.05 {
				continue
			}
			fx.add(t, v, b, HouseObject{AssetID: v.AssetID, Kinematic: true,
				Position: XYZ{c[0], y0 + v.Size[1]/2, c[1]}, Rotation: XYZ{0, yaw, 0}})
		}
	}
}
