package assets

import (
	"math"

	"flowbench/sim"
)

// Inset fits. When no variant of an object's type fits its box within
// MaxDistortion, a variant may still be drawn slightly short of the box:
// uniformly scaled to touch the box on its tightest axis, each other axis
// stretched as far as MaxDistortion allows but never beyond the box. The
// drawn model then lies inside the box, centred across and resting on its
// bottom, and falls short of it by at most InsetMaxShare of each extent and
// InsetMaxGap in absolute terms. Receptacles never get inset fits: what
// rests on them is simulated on their box top or support surface, which
// must be where the drawn model has it. Inset fits are used only for
// objects no variant fits directly, so they never replace a direct fit.

// InsetMaxShare is the largest share of an extent an inset model may fall
// short of the object's box by.
const InsetMaxShare = 0.10

// InsetMaxGap is the largest gap, in metres, between an inset model and its
// box along any axis (at most half of it on each side across, at the top
// in height).
const InsetMaxGap = 0.03

// insetStretch is the largest ratio between two axes' scales within
// MaxDistortion: (1 + MaxDistortion) / (1 − MaxDistortion).
var insetStretch = (1 + MaxDistortion) / (1 - MaxDistortion)

// insetScales returns the per-axis scales of an inset fit of a model of
// size model into an object of size obj, the gaps it leaves and whether
// they are within the limits (the scales and gaps are returned either way).
func insetScales(obj, model sim.Vec3) (s, gap sim.Vec3, ok bool) {
	lo := math.Inf(1)
	for k := 0; k < 3; k++ {
		if !(obj[k] > 0) || !(model[k] > 0) {
			return s, gap, false
		}
		lo = math.Min(lo, obj[k]/model[k])
	}
	ok = true
	for k := 0; k < 3; k++ {
		s[k] = math.Min(obj[k]/model[k], lo*insetStretch)
		gap[k] = math.Max(0, obj[k]-s[k]*model[k])
		if gap[k] > math.Min(InsetMaxShare*obj[k], InsetMaxGap)+1e-12 {
			ok = false
		}
	}
	return s, gap, ok
}

// insetShortfall ranks inset fits: the sum of the axes' gaps as shares of
// the object's extents.
func insetShortfall(obj, gap sim.Vec3) float64 {
	return gap[0]/obj[0] + gap[1]/obj[1] + gap[2]/obj[2]
}

// insetModel returns a copy of m whose box is size (at least m.Size on
// every axis): stretched from size to an object's box, its triangles keep
// their shape and fill the box less on the axes where size exceeds m.Size,
// centred across and resting on the bottom (positions are lowered by half
// the extra height, so the model's bottom stays at −size.y/2). Surfaces,
// triangles, normals, UVs and SupportY (a height above the bottom) are
// shared; positions are new only when the height grows.
func insetModel(m *sim.Model, size sim.Vec3) *sim.Model {
	t := copyModel(m)
	t.Size = size
	dy := (size[1] - m.Size[1]) / 2
	if !(dy > 0) {
		return t
	}
	t.Levels = make([]sim.ModelLevel, len(m.Levels))
	for i, l := range m.Levels {
		nl := l
		nl.Pos = make([]sim.Vec3, len(l.Pos))
		for k, p := range l.Pos {
			nl.Pos[k] = sim.Vec3{p[0], p[1] - dy, p[2]}
		}
		t.Levels[i] = nl
	}
	return t
}
