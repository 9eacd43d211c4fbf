package sim

import (
	"math"
	"slices"
)

// Bounding volume hierarchy for the ray caster.
//
// A bvh is built over one mesh's triangles, either in world space (structure
// meshes, NewCaster) or in an object's local frame: Object.Model level 0
// (built once per model and scene) or a primitive shape's unit box (built
// once per ShapeKind), reused for every pose of every object that uses it.
// The caster maps the ray into that frame by the inverse of the pose's
// affine map, which keeps the ray parameter t, so node entry distances
// compare directly with world hit distances; the boxes are padded far beyond
// the rounding of the two maps. The
// tree is only a conservative filter: its leaves name triangles, which the
// caster intersects in world space exactly as the brute-force loop does, so
// the hits are the same (see Caster.Cast for how ties stay identical).
// A Caster with topMinMeshes meshes or more also keeps a top-level tree over
// the mesh bounds, rebuilt with every Caster snapshot (a few microseconds
// per hundred meshes); its leaves run the per-mesh bounds test and tree.
//
// Construction is a binned SAH split (bvhBins bins on the longest centroid
// axis) with a median fallback, leaves of at most bvhLeafMax triangles and a
// depth limit; nodes are flattened depth first (left child follows its
// parent) and their float32 boxes are rounded outwards and padded.

const (
	bvhBins     = 16
	bvhLeafMax  = 4
	bvhMaxDepth = 56 // bvhStack must hold one pending node per level
	bvhStack    = 64
	// bvhMinTris: meshes with fewer triangles get no tree (a linear loop is faster).
	bvhMinTris = 12
)

// bvhNode is one flattened node: a leaf when count > 0 (triangles
// prims[start : start+count]), else an inner node whose left child is the
// next node and whose right child is node start.
type bvhNode struct {
	min, max [3]float32
	start    int32
	count    int32
}

type bvh struct {
	nodes []bvhNode
	prims []int32 // triangle indices in leaf order
	pad   float64 // how far the boxes were widened (before float32 rounding)
}

// bvhPrim is a triangle's box and centroid during construction.
type bvhPrim struct {
	lo, hi, c Vec3
}

// buildBVH builds a tree over n triangles whose corners tri(i) returns.
// It returns nil when n is below bvhMinTris.
func buildBVH(n int, tri func(i int) [3]Vec3) *bvh {
	if n < bvhMinTris {
		return nil
	}
	return buildBoxBVH(n, func(i int) (lo, hi Vec3) {
		v := tri(i)
		for a := 0; a < 3; a++ {
			lo[a] = min(v[0][a], v[1][a], v[2][a])
			hi[a] = max(v[0][a], v[1][a], v[2][a])
		}
		return
	})
}

// buildBoxBVH builds a tree over n > 0 primitives with the given boxes.
func buildBoxBVH(n int, box func(i int) (lo, hi Vec3)) *bvh {
	prims := make([]bvhPrim, n)
	// The padding covers the rounding of the float64 → float32 boxes and of
	// the pose transform between model and world triangles.
	ext := 0.0
	for i := range prims {
		p := &prims[i]
		p.lo, p.hi = box(i)
		for a := 0; a < 3; a++ {
			p.c[a] = (p.lo[a] + p.hi[a]) / 2
			ext = max(ext, math.Abs(p.lo[a]), math.Abs(p.hi[a]))
		}
	}
	b := &bvhBuilder{prims: prims, idx: make([]int32, n), pad: 1e-9 + 1e-7*ext}
	for i := range b.idx {
		b.idx[i] = int32(i)
	}
	b.nodes = make([]bvhNode, 0, 2*n/bvhLeafMax+1)
	b.build(0, n, 0)
	return &bvh{nodes: slices.Clip(b.nodes), prims: b.idx, pad: b.pad}
}

// refit returns a tree with t's topology and primitive order whose boxes
// enclose the primitives' new boxes (padded by t.pad): leaves from the
// primitives, inner nodes from their children (which follow them in the
// node array, so one backward pass suffices). t is not modified.
func (t *bvh) refit(box func(i int) (lo, hi Vec3)) *bvh {
	nodes := slices.Clone(t.nodes)
	inf := math.Inf(1)
	for i := len(nodes) - 1; i >= 0; i-- {
		n := &nodes[i]
		if n.count == 0 {
			l, r := &nodes[i+1], &nodes[n.start]
			for a := 0; a < 3; a++ {
				n.min[a] = min(l.min[a], r.min[a])
				n.max[a] = max(l.max[a], r.max[a])
			}
			continue
		}
		lo, hi := Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}
		for _, p := range t.prims[n.start : n.start+n.count] {
			l, h := box(int(p))
			for a := 0; a < 3; a++ {
				lo[a], hi[a] = min(lo[a], l[a]), max(hi[a], h[a])
			}
		}
		for a := 0; a < 3; a++ {
			n.min[a] = down32(lo[a] - t.pad)
			n.max[a] = up32(hi[a] + t.pad)
		}
	}
	return &bvh{nodes: nodes, prims: t.prims, pad: t.pad}
}

type bvhBuilder struct {
	prims []bvhPrim
	idx   []int32
	nodes []bvhNode
	pad   float64
}

func (b *bvhBuilder) bounds(lo, hi int) (bmin, bmax, cmin, cmax Vec3) {
	inf := math.Inf(1)
	bmin, bmax = Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}
	cmin, cmax = bmin, bmax
	for _, i := range b.idx[lo:hi] {
		p := &b.prims[i]
		for a := 0; a < 3; a++ {
			bmin[a] = min(bmin[a], p.lo[a])
			bmax[a] = max(bmax[a], p.hi[a])
			cmin[a] = min(cmin[a], p.c[a])
			cmax[a] = max(cmax[a], p.c[a])
		}
	}
	return
}

// down32 and up32 round a float64 to a float32 at or below (above) it.
func down32(v float64) float32 {
	f := float32(v)
	if float64(f) > v {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

func up32(v float64) float32 {
	f := float32(v)
	if float64(f) < v {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}

func halfArea(lo, hi Vec3) float64 {
	d := hi.Sub(lo)
	if d[0] < 0 {
		return 0
	}
	return d[0]*d[1] + d[1]*d[2] + d[2]*d[0]
}

// build appends the subtree over idx[lo:hi] and returns its node index.
func (b *bvhBuilder) build(lo, hi, depth int) int32 {
	bmin, bmax, cmin, cmax := b.bounds(lo, hi)
	ni := int32(len(b.nodes))
	var nd bvhNode
	for a := 0; a < 3; a++ {
		nd.min[a] = down32(bmin[a] - b.pad)
		nd.max[a] = up32(bmax[a] + b.pad)
	}
	b.nodes = append(b.nodes, nd)
	n := hi - lo
	leaf := func() int32 {
		b.nodes[ni].start, b.nodes[ni].count = int32(lo), int32(n)
		return ni
	}
	if n <= bvhLeafMax || depth >= bvhMaxDepth {
		return leaf()
	}
	axis := 0
	ce := cmax.Sub(cmin)
	if ce[1] > ce[axis] {
		axis = 1
	}
	if ce[2] > ce[axis] {
		axis = 2
	}
	if !(ce[axis] > 0) { // all centroids coincide: split in the middle of the list
		mid := lo + n/2
		b.nodes[ni].start = b.buildChildren(lo, mid, hi, depth)
		return ni
	}
	// Binned SAH on the longest centroid axis.
	type bin struct {
		lo, hi Vec3
		n      int
	}
	var bins [bvhBins]bin
	nb := min(bvhBins, n) // small nodes: fewer bins
	inf := math.Inf(1)
	for k := range bins[:nb] {
		bins[k].lo, bins[k].hi = Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}
	}
	scale := float64(nb) / ce[axis]
	binOf := func(c float64) int { return min(int((c-cmin[axis])*scale), nb-1) }
	for _, i := range b.idx[lo:hi] {
		p := &b.prims[i]
		k := &bins[binOf(p.c[axis])]
		k.n++
		for a := 0; a < 3; a++ {
			k.lo[a] = min(k.lo[a], p.lo[a])
			k.hi[a] = max(k.hi[a], p.hi[a])
		}
	}
	// Sweep: cost of splitting after bin k = A(left)·n(left) + A(right)·n(right).
	var rightCost [bvhBins]float64
	rlo, rhi, rn := Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}, 0
	for k := nb - 1; k > 0; k-- {
		rn += bins[k].n
		for a := 0; a < 3; a++ {
			rlo[a] = min(rlo[a], bins[k].lo[a])
			rhi[a] = max(rhi[a], bins[k].hi[a])
		}
		rightCost[k] = halfArea(rlo, rhi) * float64(rn)
	}
	best, bestK := inf, -1
	llo, lhi, ln := Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}, 0
	for k := 0; k < nb-1; k++ {
		ln += bins[k].n
		for a := 0; a < 3; a++ {
			llo[a] = min(llo[a], bins[k].lo[a])
			lhi[a] = max(lhi[a], bins[k].hi[a])
		}
		if ln == 0 || ln == n {
			continue
		}
		if c := halfArea(llo, lhi)*float64(ln) + rightCost[k+1]; c < best {
			best, bestK = c, k
		}
	}
	if bestK < 0 { // no useful bin boundary: median split
		mid := lo + n/2
		slices.SortFunc(b.idx[lo:hi], func(x, y int32) int {
			return cmpFloat(b.prims[x].c[axis], b.prims[y].c[axis])
		})
		b.nodes[ni].start = b.buildChildren(lo, mid, hi, depth)
		return ni
	}
	// SAH: a leaf costs n triangle tests, a split one traversal step plus
	// the children's tests weighted by their area.
	if a := halfArea(bmin, bmax); a > 0 && 1+best/a >= float64(n) && n <= 4*bvhLeafMax {
		return leaf()
	}
	// Partition idx[lo:hi] by bin.
	i, j := lo, hi-1
	for i <= j {
		if binOf(b.prims[b.idx[i]].c[axis]) <= bestK {
			i++
		} else {
			b.idx[i], b.idx[j] = b.idx[j], b.idx[i]
			j--
		}
	}
	b.nodes[ni].start = b.buildChildren(lo, i, hi, depth)
	return ni
}

// buildChildren builds the left subtree over [lo, mid) right after its
// parent and the right one over [mid, hi); it returns the right child's index.
func (b *bvhBuilder) buildChildren(lo, mid, hi, depth int) int32 {
	b.build(lo, mid, depth+1)
	return b.build(mid, hi, depth+1)
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// boxInv returns 1/d componentwise for the box tests (rayBox, boxSlab), with
// components of magnitude below 1e-300 (zeros included) first replaced by
// ±1e-300, so that every factor is finite and no test needs a special case.
// This tilts an axis-parallel ray by a negligible angle for the box tests
// only, which stays conservative: such a ray can only meet triangles
// strictly inside a padded box's slab, and the tilted ray stays inside that
// slab up to t = 1e300·(its distance to the slab's faces), astronomically far
// for any origin that is not exactly on a face (and from a face plane the
// parallel ray cannot meet the triangles strictly inside).
func boxInv(d Vec3) Vec3 {
	var r Vec3
	for k := 0; k < 3; k++ {
		v := d[k]
		if math.Abs(v) < 1e-300 {
			v = math.Copysign(1e-300, v)
		}
		r[k] = 1 / v
	}
	return r
}

// rayBox returns the ray parameter at which the ray o + t·d (inv =
// boxInv(d)) enters node box n and whether it meets it at t ≥ 0.
func rayBox(n *bvhNode, o, inv Vec3) (float64, bool) {
	t1 := (float64(n.min[0]) - o[0]) * inv[0]
	t2 := (float64(n.max[0]) - o[0]) * inv[0]
	tmin, tmax := min(t1, t2), max(t1, t2)
	t1 = (float64(n.min[1]) - o[1]) * inv[1]
	t2 = (float64(n.max[1]) - o[1]) * inv[1]
	tmin, tmax = max(tmin, min(t1, t2)), min(tmax, max(t1, t2))
	t1 = (float64(n.min[2]) - o[2]) * inv[2]
	t2 = (float64(n.max[2]) - o[2]) * inv[2]
	tmin, tmax = max(tmin, min(t1, t2), 0), min(tmax, max(t1, t2))
	return tmin, tmin <= tmax
}

// boxSlab is slab (raycast.go) with inv = boxInv(d): the entry parameter
// into mesh bounds b padded by a nanometre, and whether the ray meets it.
func boxSlab(b *AABB, o, inv Vec3) (float64, bool) {
	const pad = 1e-9
	t1 := (b.Min[0] - pad - o[0]) * inv[0]
	t2 := (b.Max[0] + pad - o[0]) * inv[0]
	tmin, tmax := min(t1, t2), max(t1, t2)
	t1 = (b.Min[1] - pad - o[1]) * inv[1]
	t2 = (b.Max[1] + pad - o[1]) * inv[1]
	tmin, tmax = max(tmin, min(t1, t2)), min(tmax, max(t1, t2))
	t1 = (b.Min[2] - pad - o[2]) * inv[2]
	t2 = (b.Max[2] + pad - o[2]) * inv[2]
	tmin, tmax = max(tmin, min(t1, t2), 0), min(tmax, max(t1, t2))
	return tmin, tmin <= tmax
}
