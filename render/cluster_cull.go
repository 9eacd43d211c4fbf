package render

import (
	"math"
	"slices"

	"flowbench/sim"
)

// Cluster culling. Before any vertex of a posed model is prepared for a
// view, each of its clusters (clusters.go) is tested, and only the
// triangles of the clusters that pass are set up:
//
//   - frustum: a cluster whose bounding sphere lies wholly behind the near
//     plane or beyond one of the image's sides (the planes half a pixel
//     outside the outer pixel centres that prepVert tests) holds no triangle
//     whose set-up would survive setupVerts: every vertex is behind the near
//     plane or beyond the same side, so no triangle covers a pixel centre;
//   - occlusion: in a view with a structure pass (occlusion.go), a cluster
//     whose box is hidden behind the structure in every tile its projection
//     touches (boxHidden) cannot win a pixel centre, exactly as for whole
//     objects.
//
// The clusters a view keeps depend only on the view, the pose and whether
// the structure pass is active (its tiles are a function of the view), and
// that pass only removes clusters; so a mesh unchanged with the same set-up
// range in two frames of one view kept the same clusters in both, as the
// label cache's kept set-ups assume (label_cache.go).
//
// Both only drop triangles that would draw nothing, so depth, ids, classes,
// stats and RGB are those of drawing every triangle
// (TestClusterCullingIsExact). There is no back-face test: the clustered
// meshes are the posed models, which are two-sided (their back faces are
// drawn), so a normal cone could drop nothing without changing pixels.

// clusterSlack widens a cluster's sphere, relatively and in metres, beyond
// the rounding of the sphere and of the camera transform.
const (
	clusterSlackRel = 1e-6
	clusterSlackAbs = 1e-9
)

// sphereOutside reports whether the sphere (centre c, radius rad, world)
// lies wholly behind v's near plane or beyond one side of its image.
func (v *view) sphereOutside(c sim.Vec3, rad float64) bool {
	p := v.toCam(c)
	rad = rad*(1+clusterSlackRel) + clusterSlackAbs
	if p[2]+rad < v.near {
		return true
	}
	// The side planes pass through the eye: f·x + l·z ≥ 0 holds the image's
	// left side (u ≥ -0.5), and likewise for the others (prepVert).
	l, rr := v.cx+0.5, float64(v.w)-0.5-v.cx
	t, d := v.cy+0.5, float64(v.h)-0.5-v.cy
	f := v.f
	return f*p[0]+l*p[2] < -rad*math.Hypot(f, l) ||
		-f*p[0]+rr*p[2] < -rad*math.Hypot(f, rr) ||
		f*p[1]+t*p[2] < -rad*math.Hypot(f, t) ||
		-f*p[1]+d*p[2] < -rad*math.Hypot(f, d)
}

// cullClusters decides which clusters of draw-list mesh i (posed model e)
// view v sets up: it marks them in r.alive from r.abase[i] on and returns
// their number of triangles (and, unless whole, the triangles in r.tbits
// from r.tbase[i] on), and whether they are exactly the level's
// clusters that pass the tests (none coarser drawn, none dropped).
// occlusion applies the structure pass of r.v (v is then r.v); without
// cull (Options.NoClusterCulling) no cluster is tested. With a hierarchy
// (Options.ClusterLOD) only the clusters lodDraws picks are kept.
func (r *Renderer) cullClusters(v *view, i int, e *meshEntry, occlusion, cull bool) (int, bool) {
	lc := e.clusters
	n := lc.count()
	base := len(r.alive)
	r.abase[i] = base
	r.alive = slices.Grow(r.alive, n)[:base+n]
	alive := r.alive[base:]
	var tw, th int
	if occlusion {
		tw, th = (v.w+occTile-1)/occTile, (v.h+occTile-1)/occTile
	}
	lod := len(e.lself) == n
	tris, whole := 0, true
	for c := range n {
		ok := c < lc.base
		if lod {
			ok = v.lodDraws(e, c)
		}
		if ok && cull {
			b := &e.cbounds[c]
			ok = !v.sphereOutside(b.centre, b.radius) && !(occlusion && r.boxHidden(v, b.box, tw, th))
		}
		alive[c] = ok
		if ok {
			tris += lc.size(c)
		}
		if ok != (c < lc.base) {
			whole = false
		}
	}
	if !whole {
		// The kept clusters' triangles, as bits in triangle order.
		r.tbase[i] = len(r.tbits)
		nw := (len(lc.of) + 63) / 64
		r.tbits = slices.Grow(r.tbits, nw)[:r.tbase[i]+nw]
		words := r.tbits[r.tbase[i]:]
		clear(words)
		for c, ok := range alive {
			if ok {
				for _, j := range lc.byCluster[lc.tstart[c]:lc.tstart[c+1]] {
					words[j>>6] |= 1 << (j & 63)
				}
			}
		}
	}
	return tris, whole
}
