package real

import (
	"fmt"
	"image"
	"math"
	"sort"
	"strings"
)

// region is one kept mask of one frame with its statistics.
type region struct {
	mask  int // index into the frame's Masks
	label string
	gen   bool
	st    maskStats
	x     Vec3 // eq. 48
	hist  hsvHist
}

// frameData is what measurement derives from one frame once.
type frameData struct {
	regions []region
	rgb     []uint8
}

// measurer holds a pair's per-frame data while it is measured.
type measurer struct {
	p      *Pair
	f      [2]frameData
	armDil []bool // frame-1 arm mask dilated by ArmDilation
}

// keepMask applies B.2's score and area bounds and drops robot masks.
func keepMask(m *Mask, frame int) bool {
	minScore := MinMaskScore
	if m.TaskNoun {
		minScore = MinTaskNounScore
	}
	return m.Score >= minScore && m.Area() >= MinMaskArea && float64(m.Area()) <= MaxMaskShare*float64(frame) &&
		!IsRobot(m.Label)
}

// lift is eq. 48: X = (z/g) K⁻¹ [u, v, 1]ᵀ.
func lift(u, v, z float64, k Intrinsics, g float64) Vec3 {
	zm := z / g
	return Vec3{(u - k.Cx) / k.Fx * zm, (v - k.Cy) / k.Fy * zm, zm}
}

// focal returns the focal length f of eqs. 50 and 52.
func (k Intrinsics) focal() float64 { return (k.Fx + k.Fy) / 2 }

func newMeasurer(p *Pair) *measurer {
	ms := &measurer{p: p}
	n := p.W * p.H
	var buf []float32
	xcount := make([]int32, p.W)
	for t, fr := range [2]*Frame{&p.F0, &p.F1} {
		fd := &ms.f[t]
		fd.rgb = rgbOf(fr.Image)
		for i := range fr.Masks {
			m := &fr.Masks[i]
			if !keepMask(m, n) {
				continue
			}
			var st maskStats
			st, buf = statsOf(m.Pix, p.W, fr.Depth, buf, xcount)
			fd.regions = append(fd.regions, region{mask: i, label: normLabel(m.Label), gen: IsGeneric(m.Label), st: st,
				x: lift(st.u, st.v, st.z, p.K, p.Source.G), hist: histOf(m.Pix, fd.rgb)})
		}
	}
	if p.F1.Arm != nil {
		ms.armDil = dilate(p.F1.Arm, p.W, p.H, ArmDilation)
	}
	return ms
}

// normLabel is a label as matching compares it: trimmed, lower case.
func normLabel(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// match pairs frame-0 regions with frame-1 regions (B.2). It returns, per
// frame-0 region, its frame-1 region or -1.
func (ms *measurer) match() []int {
	p := ms.p
	r0, r1 := ms.f[0].regions, ms.f[1].regions
	out := make([]int, len(r0))
	for i := range out {
		out[i] = -1
	}
	count0, count1 := map[string]int{}, map[string]int{}
	for _, r := range r0 {
		count0[r.label]++
	}
	for _, r := range r1 {
		count1[r.label]++
	}
	type edge struct {
		i, j   int
		direct bool
		key    float64
	}
	var edges []edge
	for i := range r0 {
		a := &r0[i]
		endX, endY, okEnd := ms.endpoint(p.Tracks, a)
		flowX, flowY, okFlow := ms.endpoint(p.Flow, a)
		for j := range r1 {
			b := &r1[j]
			generic := a.gen || b.gen
			if a.label != b.label && !generic {
				continue
			}
			corr := correl(&a.hist, &b.hist)
			minCorr := MatchMinHistCorr
			if generic {
				minCorr = MatchMinHistCorrGeneric
			}
			if corr < minCorr {
				continue
			}
			ra, rb := float64(a.st.area), float64(b.st.area)
			if max(ra, rb) >= MatchMaxAreaRatio*min(ra, rb) {
				continue
			}
			if b.x.Sub(a.x).Len() > p.Source.MaxTravel {
				continue
			}
			direct := !generic && a.label == b.label && count0[a.label] == 1 && count1[b.label] == 1
			d := math.Inf(1)
			if okEnd {
				d = maskDistance(p.F1.Masks[b.mask].Pix, p.W, b.st.box, endX, endY)
			}
			if !direct && !(d <= TrackEndpointRadius) {
				continue
			}
			if generic && !(d <= TrackEndpointRadius) {
				continue // generic-only matches must lie near the predicted position
			}
			key := d
			if okFlow {
				key = math.Hypot(b.st.u-flowX, b.st.v-flowY)
			}
			if direct {
				key = -1
			}
			edges = append(edges, edge{i: i, j: j, direct: direct, key: key})
		}
	}
	// Direct matches first, then track evidence with flow (or endpoint
	// distance) breaking ties; each region is used once.
	sort.SliceStable(edges, func(x, y int) bool {
		if edges[x].key != edges[y].key {
			return edges[x].key < edges[y].key
		}
		if edges[x].i != edges[y].i {
			return edges[x].i < edges[y].i
		}
		return edges[x].j < edges[y].j
	})
	used := make([]bool, len(r1))
	for _, e := range edges {
		if out[e.i] < 0 && !used[e.j] {
			out[e.i], used[e.j] = e.j, true
		}
	}
	return out
}

// endpoint returns a region's tracked endpoint: its median pixel moved by
// the component-wise median displacement of v (tracks or flow) over its
// mask; ok is false without a displacement field or finite values.
func (ms *measurer) endpoint(v []float32, r *region) (x, y float64, ok bool) {
	if v == nil {
		return 0, 0, false
	}
	dx, dy, ok := medianDisplacement(v, ms.p.F0.Masks[r.mask].Pix)
	return r.st.u + dx, r.st.v + dy, ok
}

// medianDisplacement is the component-wise median of a W×H×2 field over
// pix, ignoring NaN.
func medianDisplacement(v []float32, pix []int32) (dx, dy float64, ok bool) {
	xs := make([]float32, 0, len(pix))
	ys := make([]float32, 0, len(pix))
	for _, p := range pix {
		a, b := v[2*p], v[2*p+1]
		if a != a || b != b {
			continue
		}
		xs = append(xs, a)
		ys = append(ys, b)
	}
	if len(xs) == 0 {
		return 0, 0, false
	}
	return medianFloat32(xs), medianFloat32(ys), true
}

// maskDistance returns the distance from (x, y) to the nearest pixel of a
// mask (0 inside it); box bounds the mask.
func maskDistance(pix []int32, w int, box image.Rectangle, x, y float64) float64 {
	// Lower bound from the box: beyond the radius, no pixel can be nearer.
	bx := math.Max(0, math.Max(float64(box.Min.X)-x, x-float64(box.Max.X-1)))
	by := math.Max(0, math.Max(float64(box.Min.Y)-y, y-float64(box.Max.Y-1)))
	if math.Hypot(bx, by) > TrackEndpointRadius {
		return math.Hypot(bx, by)
	}
	best := math.Inf(1)
	for _, p := range pix {
		dx, dy := float64(int(p)%w)-x, float64(int(p)/w)-y
		if d := dx*dx + dy*dy; d < best {
			best = d
			if d < 0.25 {
				return 0
			}
		}
	}
	return math.Sqrt(best)
}

// objects builds the matched objects of eq. 48 and 52.
func (ms *measurer) objects(match []int, widthRadius bool) []Object {
	p := ms.p
	f := p.K.focal()
	var objs []Object
	for i, j := range match {
		if j < 0 {
			continue
		}
		a, b := &ms.f[0].regions[i], &ms.f[1].regions[j]
		o := Object{Label: a.label, Generic: a.gen && b.gen, Mask0: a.mask, Mask1: b.mask,
			U0: a.st.u, V0: a.st.v, U1: b.st.u, V1: b.st.v, Z0: a.st.z / p.Source.G, Z1: b.st.z / p.Source.G,
			X0: a.x, X1: b.x, Box0: a.st.box, Box1: b.st.box, Area0: a.st.area, Area1: b.st.area,
			R0: radius(a.st.box, a.st.z, f, p.Source.G), R1: radius(b.st.box, b.st.z, f, p.Source.G)}
		if widthRadius {
			o.R0, o.R1 = widthRadiusOf(a.st.box, a.st.z, f, p.Source.G), widthRadiusOf(b.st.box, b.st.z, f, p.Source.G)
		}
		if p.Plane != nil { // B.3: on the board, no motion perpendicular to it
			x0, r0, ok0 := p.Plane.place(a.st.box)
			x1, r1, ok1 := p.Plane.place(b.st.box)
			if !ok0 || !ok1 {
				continue // off the board: not placed
			}
			o.X0, o.X1, o.R0, o.R1, o.Z0, o.Z1 = x0, x1, r0, r1, x0[2], x1[2]
		}
		if a.gen && !b.gen {
			o.Label = b.label
		}
		o.MarkX, o.MarkY = anchor(p.F0.Masks[a.mask].Pix, p.W, a.st.u, a.st.v)
		if p.F1.Arm != nil {
			o.ArmCover1 = shareIn(p.F0.Masks[a.mask].Pix, p.F1.Arm)
			o.Held1 = shareIn(p.F1.Masks[b.mask].Pix, ms.armDil)
		}
		objs = append(objs, o)
	}
	return objs
}

// radius is eq. 52: r = (w + h)/4 · z/(f g).
func radius(box image.Rectangle, z, f, g float64) float64 {
	return float64(box.Dx()+box.Dy()) / 4 * z / (f * g)
}

// widthRadiusOf is Options.WidthRadius's radius: half the box width,
// w/2 · z/(f g), the form B.4 gives for Language-Table's table plane; it
// leaves an object's height out of its footprint.
func widthRadiusOf(box image.Rectangle, z, f, g float64) float64 {
	return float64(box.Dx()) / 2 * z / (f * g)
}

// shareIn returns the share of pix set in m.
func shareIn(pix []int32, m []bool) float64 {
	if len(pix) == 0 || m == nil {
		return 0
	}
	n := 0
	for _, p := range pix {
		if m[p] {
			n++
		}
	}
	return float64(n) / float64(len(pix))
}

// anchor returns the mask pixel nearest its median pixel (u, v), where its
// mark sits.
func anchor(pix []int32, w int, u, v float64) (float64, float64) {
	best, bx, by := math.Inf(1), u, v
	for _, p := range pix {
		x, y := float64(int(p)%w), float64(int(p)/w)
		if d := (x-u)*(x-u) + (y-v)*(y-v); d < best {
			best, bx, by = d, x, y
		}
	}
	return bx, by
}

// chooseMover picks the mover and a second mover among the objects (B.2)
// and sets their roles; it fails when there is none, too many other movers,
// or the task names another object.
func chooseMover(objs []Object, task string, useTask bool) (mover, mover2 int, err error) {
	var movers []int
	moving := 0
	for i := range objs {
		o := &objs[i]
		d := o.Delta().Len()
		pix := math.Hypot(o.U1-o.U0, o.V1-o.V0)
		switch {
		case d >= MoverMinTravel && pix >= MoverMinPixels:
			movers = append(movers, i)
			o.Role = RoleMoving
			moving++
		case d < LandmarkMaxTravel:
			o.Role = RoleStatic
		default:
			o.Role = RoleMoving
			moving++
		}
	}
	if len(movers) == 0 {
		return -1, -1, fmt.Errorf("no object moved >= %.0f cm and >= %.0f px", MoverMinTravel*100, MoverMinPixels)
	}
	sort.SliceStable(movers, func(a, b int) bool { return objs[movers[a]].Delta().Len() > objs[movers[b]].Delta().Len() })
	mover = movers[0]
	if useTask && task != "" {
		mover = -1
		for _, i := range movers {
			if taskNames(task, objs[i].Label) {
				mover = i
				break
			}
		}
		if mover < 0 {
			return -1, -1, fmt.Errorf("no moving object is the one the task %q names", task)
		}
	}
	if moving-1 > MaxOtherMovers {
		return -1, -1, fmt.Errorf("%d other objects moved (at most %d)", moving-1, MaxOtherMovers)
	}
	mover2 = -1
	for _, i := range movers {
		if i != mover {
			mover2 = i
			break
		}
	}
	objs[mover].Role = RoleMover
	if mover2 >= 0 {
		objs[mover2].Role = RoleMover2
	}
	return mover, mover2, nil
}

// certify is eq. 49: the median track displacement v̄ over the mover's
// before-frame mask agrees with its measured image displacement δ.
func certify(p *Pair, o *Object) ([2]float64, error) {
	dx, dy, ok := medianDisplacement(p.Tracks, p.F0.Masks[o.Mask0].Pix)
	v := [2]float64{dx, dy}
	if !ok {
		return v, fmt.Errorf("tracks: no valid track on the mover's mask")
	}
	ddx, ddy := o.U1-o.U0, o.V1-o.V0
	nv, nd := math.Hypot(dx, dy), math.Hypot(ddx, ddy)
	if nv == 0 || nd == 0 {
		return v, fmt.Errorf("eq. 49: zero displacement (track %.1f px, measured %.1f px)", nv, nd)
	}
	cos := (dx*ddx + dy*ddy) / (nv * nd)
	ratio := nv / nd
	if !(cos > CertMinCos) || !(ratio >= CertMinRatio && ratio < CertMaxRatio) {
		return v, fmt.Errorf("eq. 49: track certification failed (cos %.2f, |v|/|d| %.2f)", cos, ratio)
	}
	return v, nil
}
