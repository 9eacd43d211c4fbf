package render

import (
	"math"
	"slices"

	"flowbench/sim"
)

// Per-cluster levels of detail (Options.ClusterLOD). Level 0 of a model,
// split into clusters (clusters.go), is the bottom of a hierarchy built
// once per model (lodClustersOf):
//
//  1. the clusters of one step are gathered into groups of up to
//     lodGroupSize neighbours (the clusters sharing most vertices);
//  2. each group's triangles are simplified to about half
//     (cluster_simplify.go), with every vertex the group shares with
//     another group locked, so the group's border stays where it was;
//  3. the simplified group is split again into clusters, the next step's.
//
// A group has an error, the largest collapse error in it plus the largest
// error of its clusters (so errors grow up the hierarchy), and a sphere
// holding its clusters and their own spheres (so spheres grow too). Its
// clusters take the group's error and sphere as their parent's; the
// clusters made from it take them as their own. Level-0 clusters have error
// 0; clusters that were never grouped, or whose group would not simplify,
// have no parent (an infinite error).
//
// A view draws a cluster when its own error projects under
// ClusterLODPixels but its parent's does not (cluster_cull.go). The two
// tests use the same numbers for every cluster of one group, so a view
// draws either a group's clusters or those made from it, never both or
// neither, and the locked borders meet exactly: no cracks. The projection
// grows as spheres grow and errors rise, so exactly one cut through the
// hierarchy is drawn.

// ClusterLODPixels is the most a drawn cluster's simplification error may
// project to, in pixels (issue 53: no silhouette moves by more than half a
// pixel).
const ClusterLODPixels = 0.5

const (
	lodGroupSize = 4    // clusters merged into one group
	lodMinShrink = 0.85 // a group simplified to more than this share of its triangles ends the hierarchy there
	lodMaxSteps  = 16   // most simplification steps
)

// lodBound is a cluster's own or its parent group's error and sphere, in
// the model's frame; err is +Inf for no parent.
type lodBound struct {
	centre sim.Vec3
	radius float64
	err    float64
}

// lodCluster is one cluster while the hierarchy is built.
type lodCluster struct {
	tris         []int32 // indices into the hierarchy's triangles
	self, parent lodBound
}

// buildClusterLOD returns level l's clusters with their hierarchy: base
// (splitClusters of l) first, then the coarser clusters, whose triangles
// follow l's in all.
func buildClusterLOD(l *sim.ModelLevel, base *levelClusters) *levelClusters {
	all := slices.Clone(l.Tris)
	nb := base.count()
	cl := make([]lodCluster, nb)
	for j, c := range base.of {
		cl[c].tris = append(cl[c].tris, int32(j))
	}
	for c := range cl { // level 0: error 0, no parent yet
		cl[c].self.centre, cl[c].self.radius = triSphere(l.Pos, all, cl[c].tris)
		cl[c].parent.err = math.Inf(1)
	}
	// Position ids: vertex indices at one position (either side of an
	// attribute seam) are simplified as one point.
	pid := make([]int32, len(l.Pos))
	ids := map[sim.Vec3]int32{}
	for i, p := range l.Pos {
		id, ok := ids[p]
		if !ok {
			id = int32(len(ids))
			ids[p] = id
		}
		pid[i] = id
	}
	cur := make([]int, nb)
	for c := range cur {
		cur[c] = c
	}
	// positions calls f with the position of every corner of members.
	positions := func(members []int, f func(p int32)) {
		for _, c := range members {
			for _, j := range cl[c].tris {
				for _, vi := range all[j].V {
					f(pid[vi])
				}
			}
		}
	}
	owner := make([]int32, len(ids)) // position → 1 + the group using it, -1 for several
	// frozen marks the positions of clusters the hierarchy ends at: whatever
	// is drawn beside them must keep those points where they are.
	frozen := make([]bool, len(ids))
	freeze := func(p int32) { frozen[p] = true }
	for step := 0; step < lodMaxSteps && len(cur) > 1; step++ {
		groups := groupClusters(all, cl, cur)
		clear(owner)
		for g, members := range groups {
			positions(members, func(p int32) {
				if owner[p] == 0 {
					owner[p] = int32(g + 1)
				} else if owner[p] != int32(g+1) {
					owner[p] = -1
				}
			})
		}
		locked := func(p int32) bool { return owner[p] < 0 || frozen[p] }
		var next []int
		for _, members := range groups {
			if len(members) < 2 {
				positions(members, freeze) // ungrouped: no parent
				continue
			}
			var cs []int32 // the group's triangles
			childErr := 0.0
			for _, c := range members {
				cs = append(cs, cl[c].tris...)
				childErr = max(childErr, cl[c].self.err)
			}
			gt := make([]sim.ModelTri, len(cs))
			for k, j := range cs {
				gt[k] = all[j]
			}
			out, err := simplifyGroup(l.Pos, pid, gt, locked, len(gt)/2)
			if float64(len(out)) > lodMinShrink*float64(len(gt)) {
				positions(members, freeze) // would not simplify: its clusters end the hierarchy
				continue
			}
			gb := lodBound{err: childErr + err}
			idx := make([]int32, len(out))
			for k := range out {
				idx[k] = int32(len(all) + k)
			}
			all = append(all, out...)
			// The group's sphere holds its clusters' spheres.
			gb.centre, _ = triSphere(l.Pos, all, cs)
			for _, c := range members {
				gb.radius = max(gb.radius, gb.centre.Sub(cl[c].self.centre).Len()+cl[c].self.radius)
			}
			for _, c := range members {
				cl[c].parent = gb
			}
			for _, run := range splitRuns(l.Pos, all, idx) {
				cl = append(cl, lodCluster{tris: run, self: gb, parent: lodBound{err: math.Inf(1)}})
				next = append(next, len(cl)-1)
			}
		}
		cur = next
	}
	return packLOD(l, all, base, cl)
}

// packLOD turns the hierarchy's clusters into a levelClusters: base's
// clusters first, unchanged, then the coarser ones.
func packLOD(l *sim.ModelLevel, all []sim.ModelTri, base *levelClusters, cl []lodCluster) *levelClusters {
	nb := base.count()
	lc := &levelClusters{
		of:     make([]int32, len(all)),
		vstart: make([]int32, len(cl)+1),
		base:   nb,
		all:    all,
		self:   make([]lodBound, len(cl)),
		parent: make([]lodBound, len(cl)),
	}
	copy(lc.of, base.of)
	copy(lc.vstart, base.vstart[:nb+1])
	lc.verts = slices.Clone(base.verts)
	seen := make([]int32, len(l.Pos))
	for c := range cl {
		lc.self[c], lc.parent[c] = cl[c].self, cl[c].parent
		if c < nb {
			continue
		}
		lc.fill(c, all, cl[c].tris, seen)
	}
	lc.vstart[len(cl)] = int32(len(lc.verts))
	lc.listTriangles(len(cl))
	return lc
}

// triSphere returns the centre of the box of triangles idx of tris (over
// pos) and the radius around it holding their vertices.
func triSphere(pos []sim.Vec3, tris []sim.ModelTri, idx []int32) (sim.Vec3, float64) {
	inf := math.Inf(1)
	lo, hi := sim.Vec3{inf, inf, inf}, sim.Vec3{-inf, -inf, -inf}
	for _, j := range idx {
		for _, vi := range tris[j].V {
			p := pos[vi]
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
	}
	if len(idx) == 0 {
		return sim.Vec3{}, 0
	}
	c := lo.Add(hi).Mul(0.5)
	r := 0.0
	for _, j := range idx {
		for _, vi := range tris[j].V {
			r = max(r, pos[vi].Sub(c).Len())
		}
	}
	return c, r
}

// groupClusters gathers clusters cur into groups of up to lodGroupSize:
// from each cluster not yet grouped, in order, the group grows by the
// ungrouped cluster sharing most vertices with it, or, when none shares
// any, the ungrouped cluster nearest its first.
func groupClusters(all []sim.ModelTri, cl []lodCluster, cur []int) [][]int {
	byVert := map[uint32][]int32{} // vertex → positions in cur using it
	for k, c := range cur {
		for _, j := range cl[c].tris {
			for _, vi := range all[j].V {
				if s := byVert[vi]; len(s) == 0 || s[len(s)-1] != int32(k) {
					byVert[vi] = append(s, int32(k))
				}
			}
		}
	}
	verts := make([][]uint32, len(cur))
	for k, c := range cur {
		for _, j := range cl[c].tris {
			verts[k] = append(verts[k], all[j].V[:]...)
		}
		slices.Sort(verts[k])
		verts[k] = slices.Compact(verts[k])
	}
	taken := make([]bool, len(cur))
	var groups [][]int
	score := map[int32]int{}
	for k := range cur {
		if taken[k] {
			continue
		}
		taken[k] = true
		g := []int{cur[k]}
		clear(score)
		addNeighbours := func(m int) {
			for _, vi := range verts[m] {
				for _, o := range byVert[vi] {
					if !taken[o] {
						score[o]++
					}
				}
			}
		}
		addNeighbours(k)
		for len(g) < lodGroupSize {
			best, bestS := int32(-1), 0
			for o, s := range score {
				if taken[o] {
					continue
				}
				if s > bestS || (s == bestS && o < best) {
					best, bestS = o, s
				}
			}
			if best < 0 { // no neighbour left: the nearest ungrouped cluster
				d := math.Inf(1)
				for o := range cur {
					if !taken[o] {
						if x := cl[cur[o]].self.centre.Sub(cl[cur[k]].self.centre).Len(); x < d {
							best, d = int32(o), x
						}
					}
				}
				if best < 0 {
					break
				}
			}
			taken[best] = true
			delete(score, best)
			g = append(g, cur[best])
			addNeighbours(int(best))
		}
		groups = append(groups, g)
	}
	return groups
}

// poseLOD fills e's posed hierarchy bounds from lc's, for a model posed by
// the stretch sc, the axes ax, az and the position at (poseCompact's
// transform). An error or radius grows by the largest stretch, which
// bounds how far the pose moves two points apart.
func poseLOD(e *meshEntry, lc *levelClusters, at, ax, az, sc sim.Vec3) {
	k := max(math.Abs(sc[0]), math.Abs(sc[1]), math.Abs(sc[2]))
	pose := func(b lodBound) lodBound {
		p := b.centre
		return lodBound{
			centre: at.Add(ax.Mul(p[0] * sc[0])).Add(sim.Vec3{0, p[1] * sc[1], 0}).Add(az.Mul(p[2] * sc[2])),
			radius: b.radius * k,
			err:    b.err * k,
		}
	}
	n := lc.count()
	e.lself, e.lparent = grow(e.lself, n), grow(e.lparent, n)
	for c := range n {
		e.lself[c], e.lparent[c] = pose(lc.self[c]), pose(lc.parent[c])
	}
}

// lodProjects returns how many pixels error b.err can move a point of
// b's sphere by in view v's output image at most: the error over the
// sphere's nearest planar depth, times view.lodScale; +Inf when the sphere
// reaches the near plane.
func (v *view) lodProjects(b *lodBound) float64 {
	if b.err == 0 {
		return 0
	}
	z := v.toCam(b.centre)[2] - b.radius
	if z <= v.near || math.IsInf(b.err, 1) {
		return math.Inf(1)
	}
	return b.err * v.lodScale / z
}

// lodDraws reports whether v draws cluster c of posed model e: its own
// error projects to at most ClusterLODPixels and its parent's does not.
func (v *view) lodDraws(e *meshEntry, c int) bool {
	return v.lodProjects(&e.lself[c]) <= ClusterLODPixels && v.lodProjects(&e.lparent[c]) > ClusterLODPixels
}
