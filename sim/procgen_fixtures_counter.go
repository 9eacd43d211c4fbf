package sim

import (
	"fmt"
	"math"
	"strings"
)

// Counter fixtures: the kitchen's stove and the sink basins set into
// kitchen counters and bathroom vanities, stood before the small objects
// (standAppliances) so that these keep off them.
//
// A stove (a flowbench-only cooktop, catalog_flowbench.go) lies on a
// counter against a wall when there is one, centred across its depth; the
// small-object passes keep off its footprint, and it holds only cookware
// (in the iTHOR style a pan or a pot, with chance stovePanP).
//
// A sink basin is set into its counter: its top stands basinRim above the
// counter top and the rest of its box lies inside the counter's (the
// renderer cuts the opening into the counter's top). Its front lies
// basinFront behind the counter's front edge, and the faucet stands at its
// back edge: the faucet's back at most faucetBehind behind the basin's back
// rim, its spout reaching over the basin.

const (
	stovePanP    = 0.5  // chance of a pan or a pot on the stove
	basinRim     = 0    // a set-in basin's rim above the counter top
	basinFront   = 0.04 // the counter's top in front of a set-in basin
	faucetBehind = 0.07 // the faucet's back at most this behind the basin's back
	basinBeside  = 0.3  // counter beside a basin, where a narrower basin leaves it
)

// MaxBasinDrop is how far below its counter's box top a set-in basin's
// top may lie: ReseatChildren lowers a basin flush with the counter's drawn
// worktop, which a fitted cabinet model may hold a few centimetres under
// its box top.
const MaxBasinDrop = 0.08

// SetInBasin reports whether a sink object is a basin set into its parent
// counter: a Sink whose box top lies between MaxBasinDrop below and 1 cm
// above the parent's top and whose bottom lies 1 cm or more below its own
// top's counter level. The renderer cuts such a basin's opening into the
// counter's top.
func SetInBasin(sink, parent *Object) bool {
	if sink == nil || parent == nil || sink.Type != "Sink" {
		return false
	}
	top := parent.Position[1] + parent.Size[1]/2
	sTop, sBot := sink.Position[1]+sink.Size[1]/2, sink.Position[1]-sink.Size[1]/2
	return sTop >= top-MaxBasinDrop-1e-6 && sTop <= top+0.01 && sBot < math.Min(top, sTop)-0.01
}

// counterTops returns the room's counters, the ones against a wall first.
func (f *furnisher) counterTops() []*placedObj {
	var against, free []*placedObj
	for _, p := range f.placed {
		if p.typ.Type != "CounterTop" {
			continue
		}
		if p.against {
			against = append(against, p)
		} else {
			free = append(free, p)
		}
	}
	return append(against, free...)
}

// standStove lies a stove on the first counter (against a wall first) with
// room for it, clear of what stands there, and with chance stovePanP a pan
// or a pot on one of its burners.
func (f *furnisher) standStove(fr *genRand) bool {
	t := f.cat.Type("Stove")
	for _, p := range f.counterTops() {
		sr := surfaceRect(p)
		for attempt := 0; attempt < 8; attempt++ {
			v := t.Variants[fr.IntN(len(t.Variants))]
			if v.Size[0]+0.1 > sr[1]-sr[0] || v.Size[2]+0.04 > sr[3]-sr[2] {
				continue
			}
			a := fr.Uniform(sr[0]+v.Size[0]/2+0.05, sr[1]-v.Size[0]/2-0.05)
			b := math.Min((sr[2]+sr[3])/2, sr[2]+0.05+v.Size[2]/2)
			c := p.fp.at(a, b)
			fp := objectFootprint(c, p.yaw, v.Size)
			if fp.overlapsAny(p.smalls, 0.03) {
				continue
			}
			stove := HouseObject{AssetID: v.AssetID, ID: fmt.Sprintf("%s|surface|%d|%d", t.Type, f.room.num, f.k),
				Position: XYZ{c[0], p.top + v.Size[1]/2, c[1]}, Rotation: XYZ{0, p.yaw, 0}}
			mat := f.st.pickColor(fr, f.st.objects)
			stove.Material = &mat
			f.k++
			if f.present != nil && fr.Chance(stovePanP) { // iTHOR style
				f.potOnBurner(fr, p, &stove, fp, v.Size)
			}
			// The stove and the counter in front of it stay clear (the
			// cook's place): nothing else stands on the burners or
			// before them to look as if it did.
			front := footprint{c: p.fp.at(a, (b-v.Size[2]/2+sr[3])/2), ax: p.fp.ax, az: p.fp.az,
				hx: v.Size[0]/2 + 0.02, hz: (sr[3] - b + v.Size[2]/2) / 2}
			p.smalls = append(p.smalls, fp, front)
			p.obj.Children = append(p.obj.Children, stove)
			return true
		}
	}
	return false
}

// potOnBurner stands a pan or a pot on one of the four burners of the
// stove (footprint sfp, box size) lying on counter p: centred over the
// left or right pair of burners, all of it on the cooktop.
func (f *furnisher) potOnBurner(fr *genRand, p *placedObj, stove *HouseObject, sfp footprint, size Vec3) {
	typ := [2]string{"Pan", "Pot"}[fr.IntN(2)]
	t := f.cat.Type(typ)
	if t == nil {
		return
	}
	top := stove.Position.Y + size[1]/2
	for attempt := 0; attempt < 6; attempt++ {
		v := t.Variants[fr.IntN(len(t.Variants))]
		if top+v.Size[1] > f.wallH-0.05 {
			continue
		}
		a := [2]float64{-0.25, 0.25}[fr.IntN(2)] * size[0] // over a column of burners
		c := sfp.at(a, 0)
		fp := objectFootprint(c, p.yaw, v.Size)
		inside := true // all of it on the cooktop
		for _, q := range fp.corners() {
			inside = inside && insideFootprint(sfp, q)
		}
		if !inside {
			continue
		}
		mat := f.st.pickColor(fr, f.st.objects)
		stove.Children = append(stove.Children, HouseObject{AssetID: v.AssetID,
			ID:       fmt.Sprintf("%s|surface|%d|%d", t.Type, f.room.num, f.k),
			Position: XYZ{c[0], top + v.Size[1]/2, c[1]}, Rotation: XYZ{0, p.yaw, 0}, Material: &mat})
		f.k++
		p.smalls = append(p.smalls, fp)
		return
	}
}

// insideFootprint reports whether a point lies inside a footprint.
func insideFootprint(f footprint, q [2]float64) bool {
	d := [2]float64{q[0] - f.c[0], q[1] - f.c[1]}
	return math.Abs(dot2(d, f.ax)) <= f.hx && math.Abs(dot2(d, f.az)) <= f.hz
}

// standBasin sets a sink basin into the first counter (against a wall
// first) with room for it, basinFront behind the counter's front edge, with
// a faucet of the kind faucetPrefix names ("Kitchen_Faucet_",
// "Bathroom_Faucet_") at its back edge; it reports whether it did.
func (f *furnisher) standBasin(fr *genRand, faucetPrefix string) bool {
	st, ft := f.cat.Type("Sink"), f.cat.Type("Faucet")
	var faucets []AssetVariant
	for _, v := range ft.Variants {
		if strings.HasPrefix(v.AssetID, faucetPrefix) {
			faucets = append(faucets, v)
		}
	}
	for _, p := range f.counterTops() {
		sr := surfaceRect(p)
		var basins []AssetVariant
		for _, v := range st.Variants {
			if !pedestalSink(v) && v.Size[0]+0.1 <= sr[1]-sr[0] && basinFront+v.Size[2]+0.06 <= sr[3]-sr[2] && v.Size[1] < p.top-0.05 {
				basins = append(basins, v)
			}
		}
		if len(basins) == 0 || len(faucets) == 0 {
			continue
		}
		var roomy []AssetVariant // basins leaving a soap's room beside them
		for _, v := range basins {
			if v.Size[0]+basinBeside <= sr[1]-sr[0] {
				roomy = append(roomy, v)
			}
		}
		if len(roomy) > 0 {
			basins = roomy
		}
		for attempt := 0; attempt < 8; attempt++ {
			v := basins[fr.IntN(len(basins))]
			fv := faucets[fr.IntN(len(faucets))]
			back := sr[3] - basinFront - v.Size[2]
			fb := math.Max(sr[2]+0.005, back-faucetBehind) // the faucet's back
			if fv.Size[0] > v.Size[0] || fb+fv.Size[2] < back+0.05 || fb+fv.Size[2] > sr[3]-basinFront-0.03 ||
				p.top+fv.Size[1] > f.wallH-0.05 {
				continue
			}
			a := fr.Uniform(sr[0]+v.Size[0]/2+0.05, sr[1]-v.Size[0]/2-0.05)
			c := p.fp.at(a, back+v.Size[2]/2)
			fc := p.fp.at(a, fb+fv.Size[2]/2)
			bfp := objectFootprint(c, p.yaw, v.Size)
			ffp := objectFootprint(fc, p.yaw, fv.Size)
			if bfp.overlapsAny(p.smalls, 0.03) || ffp.overlapsAny(p.smalls, 0.03) {
				continue
			}
			for _, o := range []struct {
				t *TypeInfo
				v AssetVariant
				c [2]float64
				y float64
			}{{st, v, c, p.top + basinRim - v.Size[1]/2}, {ft, fv, fc, p.top + fv.Size[1]/2}} {
				mat := f.st.pickColor(fr, f.st.objects)
				p.obj.Children = append(p.obj.Children, HouseObject{AssetID: o.v.AssetID,
					ID:       fmt.Sprintf("%s|surface|%d|%d", o.t.Type, f.room.num, f.k),
					Position: XYZ{o.c[0], o.y, o.c[1]}, Rotation: XYZ{0, p.yaw, 0}, Material: &mat})
				f.k++
			}
			p.smalls = append(p.smalls, bfp, ffp)
			f.fixed["Sink"], f.fixed["Faucet"] = true, true
			return true
		}
	}
	return false
}
