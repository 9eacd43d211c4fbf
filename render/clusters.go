package render

import (
	"math"
	"slices"

	"flowbench/sim"
)

// Clusters. Each model level is split once, when a renderer first poses it
// (cluster_cache.go keeps the split with the model for every renderer),
// into clusters of clusterMax triangles or fewer (about 64–128 each for
// levels of at least clusterMin triangles): the level's triangles sorted by
// the Morton code of their centroids in the model's box, cut into equal
// runs, so that a cluster is a compact piece of the surface. Each posed
// model level then holds every cluster's world bounding box and sphere
// (poseClusters), and each view sets up only the triangles of the clusters
// it can show (cluster_cull.go).
//
// A cluster is a set of triangles, not a range: the triangles are always
// set up, binned and rasterised in the model's own order, so depth ties
// between overlapping triangles are broken exactly as without clusters.

const (
	clusterMax = 128 // most triangles in one cluster
	clusterMin = 64  // levels with fewer triangles are one cluster
)

// levelClusters is the split of one model level into clusters, shared by
// every object posed from it.
type levelClusters struct {
	of     []int32  // triangle → its cluster
	vstart []int32  // cluster c's distinct vertices are verts[vstart[c]:vstart[c+1]]
	verts  []uint32 // the clusters' distinct vertex indices, cluster after cluster
	// Cluster c's triangles are byCluster[tstart[c]:tstart[c+1]], ascending.
	tstart    []int32
	byCluster []int32
	// base is the number of level-0 clusters: clusters [0, base) hold the
	// level's triangles. A hierarchy (cluster_lod.go) adds coarser clusters
	// after them, whose triangles follow the level's in all; their own and
	// their parent group's error and sphere are self and parent (nil
	// without a hierarchy).
	base         int
	all          []sim.ModelTri
	self, parent []lodBound
}

// count returns the number of clusters.
func (lc *levelClusters) count() int { return len(lc.tstart) - 1 }

// size returns cluster c's number of triangles.
func (lc *levelClusters) size(c int) int { return int(lc.tstart[c+1] - lc.tstart[c]) }

// splitClusters splits a model level into clusters (see the package notes
// above). Its triangles must index its vertices (poseCompact checks).
func splitClusters(l *sim.ModelLevel) *levelClusters {
	n := len(l.Tris)
	lc := &levelClusters{of: make([]int32, n)}
	idx := make([]int32, n)
	for j := range idx {
		idx[j] = int32(j)
	}
	runs := splitRuns(l.Pos, l.Tris, idx)
	lc.base = len(runs)
	seen := make([]int32, len(l.Pos))
	lc.vstart = make([]int32, len(runs)+1)
	lc.verts = make([]uint32, 0, n)
	for c, run := range runs {
		lc.fill(c, l.Tris, run, seen)
	}
	lc.vstart[len(runs)] = int32(len(lc.verts))
	lc.listTriangles(len(runs))
	return lc
}

// fill makes triangles run of tris cluster c: its triangles' cluster, and its distinct vertices appended to lc.verts in the order
// first used (seen: vertex → 1 + the last cluster that listed it).
func (lc *levelClusters) fill(c int, tris []sim.ModelTri, run []int32, seen []int32) {
	lc.vstart[c] = int32(len(lc.verts))
	for _, j := range run {
		lc.of[j] = int32(c)
		for _, vi := range tris[j].V {
			if seen[vi] != int32(c+1) {
				seen[vi] = int32(c + 1)
				lc.verts = append(lc.verts, vi)
			}
		}
	}
}

// listTriangles fills lc.tstart and lc.byCluster for its n clusters from
// lc.of.
func (lc *levelClusters) listTriangles(n int) {
	lc.tstart = make([]int32, n+1)
	for _, c := range lc.of {
		lc.tstart[c+1]++
	}
	for c := range n {
		lc.tstart[c+1] += lc.tstart[c]
	}
	lc.byCluster = make([]int32, len(lc.of))
	next := slices.Clone(lc.tstart[:n])
	for j, c := range lc.of { // ascending j: each cluster's list is sorted
		lc.byCluster[next[c]] = int32(j)
		next[c]++
	}
}

// splitRuns sorts triangles idx of tris (over pos) by the Morton code of
// their centroids in the box of those centroids and cuts them into equal
// runs of at most clusterMax (one run for fewer than clusterMin, none for
// none).
func splitRuns(pos []sim.Vec3, tris []sim.ModelTri, idx []int32) [][]int32 {
	n := len(idx)
	if n == 0 {
		return nil
	}
	inf := math.Inf(1)
	lo, hi := sim.Vec3{inf, inf, inf}, sim.Vec3{-inf, -inf, -inf}
	cent := make([]sim.Vec3, n)
	for k, j := range idx {
		t := tris[j]
		c := pos[t.V[0]].Add(pos[t.V[1]]).Add(pos[t.V[2]]).Mul(1.0 / 3)
		cent[k] = c
		for d := 0; d < 3; d++ {
			lo[d], hi[d] = min(lo[d], c[d]), max(hi[d], c[d])
		}
	}
	// Sort key: the Morton code above the position in idx, so that equal
	// codes keep idx's order.
	order := make([]uint64, n)
	for k, c := range cent {
		var q [3]uint32
		for d := 0; d < 3; d++ {
			if w := hi[d] - lo[d]; w > 0 {
				q[d] = uint32(min(1023, max(0, (c[d]-lo[d])/w*1024)))
			}
		}
		order[k] = uint64(morton3(q[0], q[1], q[2]))<<32 | uint64(k)
	}
	slices.Sort(order)
	nc := 1
	if n >= clusterMin {
		nc = (n + clusterMax - 1) / clusterMax
	}
	runs := make([][]int32, nc)
	for k, o := range order {
		c := k * nc / n // equal runs of the sorted triangles
		runs[c] = append(runs[c], idx[uint32(o)])
	}
	return runs
}

// morton3 interleaves the bits of three 10-bit coordinates.
func morton3(x, y, z uint32) uint32 {
	return spread3(x) | spread3(y)<<1 | spread3(z)<<2
}

// spread3 puts bit i of a 10-bit x at bit 3i.
func spread3(x uint32) uint32 {
	x &= 0x3ff
	x = (x | x<<16) & 0x030000ff
	x = (x | x<<8) & 0x0300f00f
	x = (x | x<<4) & 0x030c30c3
	x = (x | x<<2) & 0x09249249
	return x
}

// clusterBounds is a posed cluster's world bounding box and a sphere
// around the box's centre holding every one of its vertices.
type clusterBounds struct {
	box    sim.AABB
	centre sim.Vec3
	radius float64
}

// poseClusters fills e.cbounds with the world bounds of each of lc's
// clusters over e's posed vertices.
func poseClusters(e *meshEntry, lc *levelClusters) {
	e.clusters = lc
	e.cbounds = grow(e.cbounds, lc.count())
	inf := math.Inf(1)
	for c := range e.cbounds {
		vs := lc.verts[lc.vstart[c]:lc.vstart[c+1]]
		b := sim.AABB{Min: sim.Vec3{inf, inf, inf}, Max: sim.Vec3{-inf, -inf, -inf}}
		for _, vi := range vs {
			v := e.verts[vi]
			for k := 0; k < 3; k++ {
				b.Min[k] = min(b.Min[k], v[k])
				b.Max[k] = max(b.Max[k], v[k])
			}
		}
		ctr := b.Min.Add(b.Max).Mul(0.5)
		r2 := 0.0
		for _, vi := range vs {
			d := e.verts[vi].Sub(ctr)
			r2 = max(r2, d.Dot(d))
		}
		e.cbounds[c] = clusterBounds{box: b, centre: ctr, radius: math.Sqrt(r2)}
	}
}
