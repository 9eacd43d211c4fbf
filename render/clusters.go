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
	tris   []int32  // cluster → its number of triangles
	vstart []int32  // cluster c's distinct vertices are verts[vstart[c]:vstart[c+1]]
	verts  []uint32 // the clusters' distinct vertex indices, cluster after cluster
}

// count returns the number of clusters.
func (lc *levelClusters) count() int { return len(lc.tris) }

// splitClusters splits a model level into clusters (see the package notes
// above). Its triangles must index its vertices (poseCompact checks).
func splitClusters(l *sim.ModelLevel) *levelClusters {
	n := len(l.Tris)
	lc := &levelClusters{of: make([]int32, n)}
	if n == 0 {
		lc.vstart = []int32{0}
		return lc
	}
	// The model box of the triangles' centroids.
	inf := math.Inf(1)
	lo, hi := sim.Vec3{inf, inf, inf}, sim.Vec3{-inf, -inf, -inf}
	cent := make([]sim.Vec3, n)
	for j, t := range l.Tris {
		c := l.Pos[t.V[0]].Add(l.Pos[t.V[1]]).Add(l.Pos[t.V[2]]).Mul(1.0 / 3)
		cent[j] = c
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = min(lo[k], c[k]), max(hi[k], c[k])
		}
	}
	// Sort key: the Morton code above the triangle index, so that equal
	// codes keep the model's order.
	order := make([]uint64, n)
	for j, c := range cent {
		var q [3]uint32
		for k := 0; k < 3; k++ {
			if d := hi[k] - lo[k]; d > 0 {
				q[k] = uint32(min(1023, max(0, (c[k]-lo[k])/d*1024)))
			}
		}
		order[j] = uint64(morton3(q[0], q[1], q[2]))<<32 | uint64(j)
	}
	slices.Sort(order)
	nc := 1
	if n >= clusterMin {
		nc = (n + clusterMax - 1) / clusterMax
	}
	lc.tris = make([]int32, nc)
	for k, o := range order {
		c := int32(k * nc / n) // equal runs of the sorted triangles
		lc.of[uint32(o)] = c
		lc.tris[c]++
	}
	// Each cluster's distinct vertices, in the order first used.
	seen := make([]int32, len(l.Pos)) // vertex → 1 + the last cluster that listed it
	lc.vstart = make([]int32, nc+1)
	lc.verts = make([]uint32, 0, n)
	start := 0
	for c := 0; c < nc; c++ {
		lc.vstart[c] = int32(len(lc.verts))
		end := start + int(lc.tris[c])
		for _, o := range order[start:end] {
			for _, vi := range l.Tris[uint32(o)].V {
				if seen[vi] != int32(c+1) {
					seen[vi] = int32(c + 1)
					lc.verts = append(lc.verts, vi)
				}
			}
		}
		start = end
	}
	lc.vstart[nc] = int32(len(lc.verts))
	return lc
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
