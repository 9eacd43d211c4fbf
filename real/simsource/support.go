package simsource

import (
	"math"

	"flowbench/sim"
)

// Support on a dressed surface. A furniture model is stretched to its
// object's box, but its top need not cover the box's whole footprint: a
// round table drawn in a square box, a counter run with a sink or a hob, a
// bevelled edge. An object placed on the box top there would float in the
// picture, so objects are only placed and moved where the drawn top carries
// their whole footprint.
const (
	// supportSamples is the number of sample lines per footprint axis (an
	// n × n grid over supportSpan of the footprint).
	supportSamples = 4
	supportSpan    = 0.9
	// supportTol is how far below the top the drawn surface under a sample
	// may lie and still carry the object, metres.
	supportTol = 0.006
	// supportBand keeps the model's triangles that reach within this much
	// of the top (the ones a sample can meet), metres.
	supportBand = 0.05
)

// supportMesh is the upper part of a dressed surface's drawn model.
type supportMesh struct {
	top  float64
	tris []sim.Triangle
}

// newSupportMesh returns the drawn top of surface o, or nil when o has no
// model (its box top is its surface).
func newSupportMesh(o *sim.Object) *supportMesh {
	if o.Model == nil {
		return nil
	}
	m := sim.ObjectMesh(o)
	sm := &supportMesh{top: o.SupportTop()}
	for _, t := range m.Tris {
		if math.Max(t.V[0][1], math.Max(t.V[1][1], t.V[2][1])) >= sm.top-supportBand {
			sm.tris = append(sm.tris, t)
		}
	}
	return sm
}

// holds reports whether the drawn top carries box b standing on it: under
// every sample point of b's footprint the highest surface of the model is
// within supportTol of the top, and none rises above it by more than that
// (the model would cut into the object). A nil supportMesh holds anything.
func (sm *supportMesh) holds(b sim.OBB) bool {
	if sm == nil {
		return true
	}
	for i := 0; i < supportSamples; i++ {
		fu := supportSpan * (2*float64(i)/(supportSamples-1) - 1)
		for j := 0; j < supportSamples; j++ {
			fv := supportSpan * (2*float64(j)/(supportSamples-1) - 1)
			p := b.Center.Add(b.AxisX.Mul(fu * b.Half[0])).Add(b.AxisZ.Mul(fv * b.Half[2]))
			best := math.Inf(-1)
			for k := range sm.tris {
				if y, ok := sm.tris[k].HeightAt(p[0], p[2]); ok && y > best {
					best = y
				}
			}
			if math.Abs(best-sm.top) > supportTol {
				return false
			}
		}
	}
	return true
}
