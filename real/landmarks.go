package real

import (
	"image"
	"math"
	"math/rand/v2"
	"sort"
)

// distance is eq. 53: the surface distance between landmark L (before-frame
// position and radius) and the mover in frame t.
func distance(l, a *Object, t int) float64 {
	xa, ra := a.X0, a.R0
	if t == 1 {
		xa, ra = a.X1, a.R1
	}
	return math.Max(0, l.X0.Sub(xa).Len()-l.R0-ra)
}

// planeDistance is the image-plane counterpart of eq. 53 (B.5): the pixel
// distance between the two mask centres, converted to metres at the mean
// of their depths, less both radii.
func planeDistance(l, a *Object, t int, k Intrinsics) float64 {
	u, v, z, ra := a.U0, a.V0, a.Z0, a.R0
	if t == 1 {
		u, v, z, ra = a.U1, a.V1, a.Z1, a.R1
	}
	px := math.Hypot((l.U0-u)/k.Fx, (l.V0-v)/k.Fy)
	return math.Max(0, px*(l.Z0+z)/2-l.R0-ra)
}

// boxOverlap returns |a ∩ b| / |a| for boxes.
func boxOverlap(a, b image.Rectangle) float64 {
	if a.Empty() {
		return 0
	}
	in := a.Intersect(b)
	return float64(in.Dx()*in.Dy()) / float64(a.Dx()*a.Dy())
}

// pixOverlap returns |a ∩ b| for sorted pixel lists.
func pixOverlap(a, b []int32) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// sameObject is B.5's "two marks share one object": one mask nested in the
// other (containment above 0.7 at an area ratio of at least 0.33), or
// covering at least 40 % of it.
func sameObject(a, b []int32) bool {
	in := float64(pixOverlap(a, b))
	if in == 0 {
		return false
	}
	small, large := float64(min(len(a), len(b))), float64(max(len(a), len(b)))
	if in/small > NestedContainment && small/large >= NestedMinAreaRatio {
		return true
	}
	return in >= NestedCover*float64(len(a)) || in >= NestedCover*float64(len(b))
}

// chooseLandmarks marks the mover (and second mover) and up to
// MaxLandmarks landmarks (B.4), then shuffles the mark numbers with rng. It
// returns the landmarks in mark order.
func chooseLandmarks(p *Pair, objs []Object, mover, mover2 int, rng *rand.Rand) []int {
	a := &objs[mover]
	var cands []int
	for i := range objs {
		o := &objs[i]
		if o.Role != RoleStatic || IsSurface(o.Label) || o.Area0 < p.Source.MinLandmarkArea || atBorder(o.Box0, p) {
			continue
		}
		if float64(o.Area1) < (1-LandmarkMaxVisibleLoss)*float64(o.Area0) || o.ArmCover1 > LandmarkMaxArmCover {
			continue
		}
		if p.F0.Arm != nil && p.F0.Arm[int(o.MarkY)*p.W+int(o.MarkX)] {
			continue // a mark on the robot (B.5)
		}
		d1 := distance(o, a, 1)
		if dz := math.Abs(o.Z0 - a.Z1); dz > DepthDropAbs && dz > DepthDropRel*d1 {
			continue // separated mainly in depth (B.4)
		}
		cands = append(cands, i)
	}
	// Larger objects first (B.4), the index breaking ties.
	sort.SliceStable(cands, func(x, y int) bool { return objs[cands[x]].Area0 > objs[cands[y]].Area0 })
	marked := []int{mover}
	if mover2 >= 0 {
		marked = append(marked, mover2)
	}
	var lms []int
	for _, i := range cands {
		if len(lms) == MaxLandmarks {
			break
		}
		if keepMark(p, objs, marked, i) {
			marked = append(marked, i)
			lms = append(lms, i)
		}
	}
	for _, i := range lms {
		objs[i].Role = RoleLandmark
	}
	nums := rng.Perm(len(marked))
	for k, i := range marked {
		objs[i].Mark = nums[k] + 1
	}
	sort.SliceStable(lms, func(x, y int) bool { return objs[lms[x]].Mark < objs[lms[y]].Mark })
	return lms
}

// keepMark applies B.4's and B.5's per-mark rules to candidate i against
// the marked objects: 30 px spacing, no centre inside a nearer marked
// object's box, no duplicate mask of one object.
func keepMark(p *Pair, objs []Object, marked []int, i int) bool {
	o := &objs[i]
	for _, k := range marked {
		m := &objs[k]
		if math.Hypot(o.MarkX-m.MarkX, o.MarkY-m.MarkY) < MarkMinSpacing {
			return false
		}
		c := image.Pt(int(o.U0), int(o.V0))
		if m.Z0 < o.Z0 && c.In(m.Box0) {
			return false
		}
		if o.Z0 < m.Z0 && image.Pt(int(m.U0), int(m.V0)).In(o.Box0) {
			return false
		}
		if sameObject(p.F0.Masks[o.Mask0].Pix, p.F0.Masks[m.Mask0].Pix) {
			return false
		}
	}
	return true
}

// extent returns an object's metric extent max(w z/fx, h z/fy) in frame 0
// (B.4's scale reference; Z0 already divided by g), or on Language-Table's
// board its footprint width, 2 R0 (B.4).
func extent(o *Object, k Intrinsics, onBoard bool) float64 {
	if onBoard {
		return 2 * o.R0
	}
	return math.Max(float64(o.Box0.Dx())*o.Z0/k.Fx, float64(o.Box0.Dy())*o.Z0/k.Fy)
}

// chooseRef returns the scale reference: the largest landmark whose extent
// lies between RefMinExtent and RefMaxExtent, or on the board whose
// footprint width lies between RefMinFootprint and RefMaxExtent (B.4), or
// -1.
func chooseRef(objs []Object, lms []int, k Intrinsics, onBoard bool) int {
	best, bestE := -1, 0.0
	lo := RefMinExtent
	if onBoard {
		lo = RefMinFootprint
	}
	for _, i := range lms {
		e := extent(&objs[i], k, onBoard)
		if e >= lo && e <= RefMaxExtent && e > bestE {
			best, bestE = i, e
		}
	}
	return best
}

// atBorder reports whether a box comes within InViewMargin pixels of the
// frame border: the object is cut by it, not clearly in view.
func atBorder(b image.Rectangle, p *Pair) bool {
	return b.Min.X < InViewMargin || b.Min.Y < InViewMargin || b.Max.X > p.W-InViewMargin || b.Max.Y > p.H-InViewMargin
}
