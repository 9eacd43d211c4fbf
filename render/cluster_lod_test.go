package render

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/sim"
)

// uvSphere returns a unit sphere of lat × lon quads as a model level whose
// longitude seam has two vertex indices per position (UV u = 0 and 1), as
// textured models do.
func uvSphere(lat, lon int) *sim.ModelLevel {
	l := &sim.ModelLevel{}
	idx := func(i, j int) uint32 { return uint32(i*(lon+1) + j) }
	for i := 0; i <= lat; i++ {
		th := math.Pi * float64(i) / float64(lat)
		for j := 0; j <= lon; j++ {
			ph := 2 * math.Pi * float64(j%lon) / float64(lon)
			p := sim.Vec3{math.Sin(th) * math.Cos(ph), math.Cos(th), math.Sin(th) * math.Sin(ph)}
			if i == 0 || i == lat {
				p = sim.Vec3{0, p[1], 0} // the poles: one position
			}
			l.Pos = append(l.Pos, p)
			l.Normal = append(l.Normal, p)
			l.UV = append(l.UV, [2]float32{float32(j) / float32(lon), float32(i) / float32(lat)})
		}
	}
	for i := 0; i < lat; i++ {
		for j := 0; j < lon; j++ {
			a, b, c, d := idx(i, j), idx(i, j+1), idx(i+1, j+1), idx(i+1, j)
			if i > 0 {
				l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{a, b, c}})
			}
			if i < lat-1 {
				l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{a, c, d}})
			}
		}
	}
	return l
}

// borderEdges returns the edges, by position, that an odd number of
// triangles tris of lc's clusters cs hold.
func borderEdges(l *sim.ModelLevel, lc *levelClusters, cs []int) map[[2]sim.Vec3]bool {
	count := map[[2]sim.Vec3]int{}
	for j, c := range lc.of {
		for _, x := range cs {
			if int(c) != x {
				continue
			}
			t := lc.all[j].V
			for k := 0; k < 3; k++ {
				p, q := l.Pos[t[k]], l.Pos[t[(k+1)%3]]
				if q[0] < p[0] || q[0] == p[0] && (q[1] < p[1] || q[1] == p[1] && q[2] < p[2]) {
					p, q = q, p
				}
				count[[2]sim.Vec3{p, q}]++
			}
		}
	}
	out := map[[2]sim.Vec3]bool{}
	for e, n := range count {
		if n%2 == 1 {
			out[e] = true
		}
	}
	return out
}

// The hierarchy of a seamed sphere (cluster_lod.go): errors and spheres
// grow from a cluster to its parent group; each group's simplified
// clusters have exactly the border of the clusters they replace (so a view
// that draws one group coarser than its neighbour shows no crack);
// coarser triangles index the level's own vertices and are not
// degenerate; and the hierarchy simplifies the sphere to under a quarter
// of its triangles at its roots.
func TestClusterLODHierarchy(t *testing.T) {
	l := uvSphere(60, 120)
	lc := buildClusterLOD(l, splitClusters(l))
	if lc.base != splitClusters(l).count() || lc.count() <= lc.base {
		t.Fatalf("%d clusters of %d level-0: no hierarchy", lc.count(), lc.base)
	}
	groups := map[lodBound][]int{} // parent bound → its clusters
	made := map[lodBound][]int{}   // a group's bound → the clusters made from it
	roots := 0
	for c := range lc.count() {
		s, p := lc.self[c], lc.parent[c]
		if c < lc.base && s.err != 0 {
			t.Fatalf("level-0 cluster %d has error %g", c, s.err)
		}
		if c >= lc.base {
			made[s] = append(made[s], c)
		}
		if math.IsInf(p.err, 1) {
			roots += lc.size(c)
			continue
		}
		groups[p] = append(groups[p], c)
		if p.err < s.err || p.centre.Sub(s.centre).Len()+s.radius > p.radius*(1+1e-12) {
			t.Fatalf("cluster %d: parent %+v does not hold its own %+v", c, p, s)
		}
	}
	for g, children := range groups {
		out := made[g]
		if len(out) == 0 {
			t.Fatalf("group %+v made no clusters", g)
		}
		a, b := borderEdges(l, lc, children), borderEdges(l, lc, out)
		if len(a) != len(b) {
			t.Fatalf("group of %v: border of %d edges, its simplified clusters %d", children, len(a), len(b))
		}
		for e := range a {
			if !b[e] {
				t.Fatalf("group of %v: border edge %v lost", children, e)
			}
		}
	}
	for j, tr := range lc.all {
		p := [3]sim.Vec3{}
		for k, vi := range tr.V {
			if int(vi) >= len(l.Pos) {
				t.Fatalf("triangle %d indexes vertex %d of %d", j, vi, len(l.Pos))
			}
			p[k] = l.Pos[vi]
		}
		if p[0] == p[1] || p[1] == p[2] || p[0] == p[2] {
			t.Fatalf("triangle %d is degenerate: %v", j, p)
		}
	}
	if n := len(l.Tris); float64(roots) > 0.25*float64(n) {
		t.Errorf("roots hold %d of %d triangles", roots, n)
	}
	t.Logf("%d triangles, %d level-0 clusters, %d in all, %d groups; roots hold %d triangles", len(l.Tris), lc.base, lc.count(), len(groups), roots)
}

// pointTriDist against the least distance to a fine grid of the triangle's
// points, for random triangles and points.
func TestPointTriDist(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 53))
	rv := func() sim.Vec3 { return sim.Vec3{rng.Float64()*2 - 1, rng.Float64()*2 - 1, rng.Float64()*2 - 1} }
	const n = 60
	for it := 0; it < 300; it++ {
		a, b, c, p := rv(), rv(), rv(), rv()
		got := pointTriDist(p, a, b, c)
		best := math.Inf(1)
		for i := 0; i <= n; i++ {
			for j := 0; i+j <= n; j++ {
				u, v := float64(i)/n, float64(j)/n
				q := a.Add(b.Sub(a).Mul(u)).Add(c.Sub(a).Mul(v))
				best = min(best, p.Sub(q).Len())
			}
		}
		// The grid's points lie on the triangle (never closer than the
		// truth) and within its spacing of every point of it.
		step := max(b.Sub(a).Len(), c.Sub(a).Len(), c.Sub(b).Len()) / n
		if got > best+1e-12 || got < best-step {
			t.Fatalf("case %d: distance %g, grid %g (spacing %g)", it, got, best, step)
		}
	}
	// Analytic: above the face, beyond an edge, beyond a corner.
	a, b, c := sim.Vec3{0, 0, 0}, sim.Vec3{1, 0, 0}, sim.Vec3{0, 1, 0}
	for _, k := range []struct {
		p    sim.Vec3
		want float64
	}{{sim.Vec3{0.2, 0.2, 3}, 3}, {sim.Vec3{0.5, -2, 0}, 2}, {sim.Vec3{-3, -4, 0}, 5}, {sim.Vec3{1, 1, 0}, math.Sqrt2 / 2}} {
		if got := pointTriDist(k.p, a, b, c); math.Abs(got-k.want) > 1e-12 {
			t.Errorf("distance of %v: %g, want %g", k.p, got, k.want)
		}
	}
}

// lodDraws picks the level-0 clusters from a view that reaches into a
// model's spheres and only clusters without a parent from far away.
func TestClusterLODSelection(t *testing.T) {
	l := uvSphere(60, 120)
	lc := buildClusterLOD(l, splitClusters(l))
	e := &meshEntry{}
	poseLOD(e, lc, sim.Vec3{}, sim.Vec3{1, 0, 0}, sim.Vec3{0, 0, 1}, sim.Vec3{1, 1, 1})
	at := func(dist float64) view {
		cam := sim.NewCamera(sim.Vec3{0, 0, -dist}, 0, 0)
		cam.Width, cam.Height = 256, 256
		return newView(cam, 1, 0.01)
	}
	far, near := at(1e7), at(1.05)
	tris := 0
	for c := range lc.count() {
		if far.lodDraws(e, c) != math.IsInf(lc.parent[c].err, 1) {
			t.Fatalf("from far away, cluster %d drawn %v (parent error %g)", c, far.lodDraws(e, c), lc.parent[c].err)
		}
		if far.lodDraws(e, c) {
			tris += lc.size(c)
		}
	}
	if tris >= len(l.Tris)/4 {
		t.Errorf("from far away %d of %d triangles drawn", tris, len(l.Tris))
	}
	// From 5 cm off the surface every group sphere reaches the near side or
	// projects its error above half a pixel on the near half: the level-0
	// clusters facing the camera are drawn.
	front := 0
	for c := range lc.base {
		if lc.self[c].centre[2] < -0.7 {
			front++
			if !near.lodDraws(e, c) {
				t.Fatalf("cluster %d facing the camera from 5 cm not drawn at level 0 (parent projects %g px)", c, near.lodProjects(&e.lparent[c]))
			}
		}
	}
	if front == 0 {
		t.Fatal("no cluster faces the camera")
	}
}

// Cluster culling drops only what draws nothing under ClusterLOD too: the
// frames of the benchmark views (one under -short) with and without it (NoClusterCulling,
// which then sets up every cluster the hierarchy picks) are identical.
func TestClusterLODCullingIsExact(t *testing.T) {
	on := Options{Workers: 2, SkipRGB: true, ClusterLOD: true}
	off := on
	off.NoClusterCulling = true
	for v, fr := range benchViewPairs(t, on, off) {
		if !slices.Equal(fr[0].Depth, fr[1].Depth) || !slices.Equal(fr[0].IDs, fr[1].IDs) {
			t.Errorf("view %d: culled and unculled ClusterLOD frames differ", v)
		}
	}
}

// benchViewPairs renders each view of realViews (3, one under -short)
// with options a and b.
func benchViewPairs(t *testing.T, a, b Options) [][2]*Frame {
	n := 3
	if testing.Short() {
		n = 1
	}
	real, _, cams := realViews(t, n)
	out := make([][2]*Frame, len(cams))
	for v := range cams {
		for k, o := range [2]Options{a, b} {
			r, err := New(real[v], o)
			if err != nil {
				t.Fatal(err)
			}
			if out[v][k], err = r.Render(cams[v]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}
