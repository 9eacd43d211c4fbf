package render

import (
	"container/heap"
	"math"

	"flowbench/sim"
)

// Simplification of one cluster group (cluster_lod.go) by half-edge
// collapses: a removed vertex moves onto a neighbour that stays, so every
// triangle of a coarser cluster indexes the level's own vertices and takes
// their normals and UVs.
//
// The surface is taken by position: vertex indices at one position (the
// two sides of an attribute seam, such as a hard edge's split normals) are
// one point, and collapsing a point moves each of its indices onto the one
// index of the target it shares a triangle with; a collapse that would give
// an index none or several (tearing a seam's attributes) is refused. A
// point is locked when the group shares it with another group or a
// finished cluster (so neighbouring clusters never crack), and when an edge
// of it has other than two triangles (open borders, non-manifold edges). A
// collapse is refused when it would turn a triangle over (its normal
// turning by more than acos(minFlipCos)) or make it degenerate, or break
// the link condition (the edge's ends share other neighbours than its two
// opposite corners).
//
// The error of a collapse a → b is the larger of b's distance from the
// planes of the triangles first around a and every point merged into it,
// and the largest distance of those first points from the triangles around
// b afterwards: the planes alone would let a thin spike's tip go for free.
// Collapses are taken cheapest first until the group has its target
// triangles.

// minFlipCos is the least cosine between a triangle's normal before and
// after a collapse moves one of its corners.
const minFlipCos = 0.2

// collapse is a candidate half-edge collapse in the simplifier's queue.
type collapse struct {
	cost float64
	from int32 // the local vertex removed
	to   int32 // the local vertex it moves onto
	ver  int32 // from's version when queued (stale entries are skipped)
}

type collapseHeap []collapse

func (h collapseHeap) Len() int { return len(h) }
func (h collapseHeap) Less(i, j int) bool {
	if h[i].cost != h[j].cost {
		return h[i].cost < h[j].cost
	}
	return h[i].from < h[j].from
}
func (h collapseHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *collapseHeap) Push(x any)   { *h = append(*h, x.(collapse)) }
func (h *collapseHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// simplifyGroup collapses the group's triangles (indices into pos, whose
// position ids pid gives) towards target triangles, never moving a
// position for which locked reports true. It returns the triangles left (in
// their first order, with the removed vertices replaced) and the largest
// collapse error.
func simplifyGroup(pos []sim.Vec3, pid []int32, tris []sim.ModelTri, locked func(int32) bool, target int) ([]sim.ModelTri, float64) {
	// Local positions: the group's distinct position ids.
	local := map[int32]int32{}
	var at []sim.Vec3 // local position → where
	var gid []int32   // local position → position id
	lt := make([]corners, len(tris))
	for j, t := range tris {
		for k, vi := range t.V {
			g := pid[vi]
			l, ok := local[g]
			if !ok {
				l = int32(len(at))
				local[g] = l
				at = append(at, pos[vi])
				gid = append(gid, g)
			}
			lt[j].p[k], lt[j].v[k] = l, vi
		}
	}
	np := len(at)
	pt := make([][]int32, np) // local position → its triangles (some dead)
	for j, t := range lt {
		for _, l := range t.p {
			if !containsI32(pt[l], int32(j)) {
				pt[l] = append(pt[l], int32(j))
			}
		}
	}
	// Edges between positions: how many triangles hold each.
	type edge struct{ a, b int32 }
	key := func(a, b int32) edge {
		if a > b {
			a, b = b, a
		}
		return edge{a, b}
	}
	ecount := map[edge]int{}
	for _, t := range lt {
		for k := 0; k < 3; k++ {
			if t.p[k] != t.p[(k+1)%3] {
				ecount[key(t.p[k], t.p[(k+1)%3])]++
			}
		}
	}
	free := make([]bool, np)
	for l := range free {
		free[l] = !locked(gid[l])
	}
	for e, c := range ecount {
		if c != 2 { // an open border or a non-manifold edge
			free[e.a], free[e.b] = false, false
		}
	}
	// Each triangle's plane, listed for its corners.
	type plane struct {
		n sim.Vec3
		d float64
	}
	var planes []plane
	vp := make([][]int32, np) // local position → its planes
	for _, t := range lt {
		a, b, c := at[t.p[0]], at[t.p[1]], at[t.p[2]]
		n := b.Sub(a).Cross(c.Sub(a))
		ln := n.Len()
		if ln == 0 {
			continue
		}
		n = n.Mul(1 / ln)
		for _, l := range t.p {
			vp[l] = append(vp[l], int32(len(planes)))
		}
		planes = append(planes, plane{n, -n.Dot(a)})
	}
	// planeDist is the largest distance of x from a plane of position l.
	planeDist := func(l int32, x sim.Vec3) float64 {
		m := 0.0
		for _, k := range vp[l] {
			m = max(m, math.Abs(planes[k].n.Dot(x)+planes[k].d))
		}
		return m
	}
	// merged lists the group's first positions each position now stands
	// for: its own and those of the positions collapsed onto it.
	merged := make([][]sim.Vec3, np)
	for l := range merged {
		merged[l] = []sim.Vec3{at[l]}
	}
	dead := make([]bool, len(lt))
	gone := make([]bool, np)
	ver := make([]int32, np)
	alive := len(lt)
	has := func(t *corners, l int32) bool { return t.p[0] == l || t.p[1] == l || t.p[2] == l }
	var nb []int32
	neighbours := func(l int32) []int32 {
		nb = nb[:0]
		for _, j := range pt[l] {
			if dead[j] {
				continue
			}
			for _, m := range lt[j].p {
				if m != l && !containsI32(nb, m) {
					nb = append(nb, m)
				}
			}
		}
		return append([]int32(nil), nb...)
	}
	// remap returns, for collapsing a onto b, the vertex of b each vertex
	// index at a becomes (the one index of b it shares a triangle with), or
	// false when some index at a shares triangles with none or several of
	// b's: moving it would tear its attributes.
	remap := func(a, b int32) (map[uint32]uint32, bool) {
		m := map[uint32]uint32{}
		for _, j := range pt[a] {
			if dead[j] {
				continue
			}
			t := &lt[j]
			for k := 0; k < 3; k++ {
				if t.p[k] != a {
					continue
				}
				if _, ok := m[t.v[k]]; !ok {
					m[t.v[k]] = math.MaxUint32
				}
			}
		}
		for _, j := range pt[a] {
			if dead[j] || !has(&lt[j], b) {
				continue
			}
			t := &lt[j]
			var va, vb uint32
			for k := 0; k < 3; k++ {
				switch t.p[k] {
				case a:
					va = t.v[k]
				case b:
					vb = t.v[k]
				}
			}
			switch m[va] {
			case math.MaxUint32:
				m[va] = vb
			case vb:
			default:
				return nil, false
			}
		}
		for _, vb := range m {
			if vb == math.MaxUint32 {
				return nil, false
			}
		}
		return m, true
	}
	// valid reports whether collapsing a onto b keeps the surface sound.
	valid := func(a, b int32) bool {
		opp := []int32{}
		for _, j := range pt[a] {
			if dead[j] {
				continue
			}
			t := &lt[j]
			if has(t, b) {
				for _, m := range t.p {
					if m != a && m != b && !containsI32(opp, m) {
						opp = append(opp, m)
					}
				}
				continue
			}
			x := [3]sim.Vec3{at[t.p[0]], at[t.p[1]], at[t.p[2]]}
			n0 := x[1].Sub(x[0]).Cross(x[2].Sub(x[0]))
			for k := range 3 {
				if t.p[k] == a {
					x[k] = at[b]
				}
			}
			n1 := x[1].Sub(x[0]).Cross(x[2].Sub(x[0]))
			l0, l1 := n0.Len(), n1.Len()
			if l1 == 0 || l1 <= 1e-12*l0 || n0.Dot(n1) < minFlipCos*l0*l1 {
				return false
			}
		}
		// Link condition: a and b share only the corners opposite their edge.
		na := neighbours(a)
		shared := 0
		for _, m := range neighbours(b) {
			if containsI32(na, m) {
				shared++
			}
		}
		return len(opp) == 2 && shared == 2
	}
	// cost returns the error of collapsing a onto b: the larger of b's
	// distance from a's planes and the largest distance of a position that
	// a (and, with both, b) stands for from the triangles around b after
	// the collapse (a removed tip is far from the surface though b lies on
	// its planes). Collapses are ordered by the cheaper a-only cost; the
	// error recorded is both's.
	var fan [][3]sim.Vec3
	cost := func(a, b int32, both bool) float64 {
		fan = fan[:0]
		for _, l := range [2]int32{a, b} {
			for _, j := range pt[l] {
				t := &lt[j]
				if dead[j] || (has(t, a) && has(t, b)) || (l == b && has(t, a)) {
					continue
				}
				var x [3]sim.Vec3
				for k := range 3 {
					x[k] = at[t.p[k]]
					if t.p[k] == a {
						x[k] = at[b]
					}
				}
				fan = append(fan, x)
			}
		}
		e := planeDist(a, at[b])
		for _, l := range [2]int32{a, b} {
			if l == b && !both {
				break
			}
		points:
			for _, x := range merged[l] {
				d := math.Inf(1)
				for _, f := range fan {
					if d = min(d, pointTriDist(x, f[0], f[1], f[2])); d <= e {
						continue points // x cannot raise e
					}
				}
				if !math.IsInf(d, 1) {
					e = max(e, d)
				}
			}
		}
		return e
	}
	h := &collapseHeap{}
	push := func(a int32) {
		if gone[a] || !free[a] {
			return
		}
		ver[a]++
		best, bestTo := math.Inf(1), int32(-1)
		for _, b := range neighbours(a) {
			if c := cost(a, b, false); c < best {
				best, bestTo = c, b
			}
		}
		if bestTo >= 0 {
			heap.Push(h, collapse{cost: best, from: a, to: bestTo, ver: ver[a]})
		}
	}
	for l := range int32(np) {
		push(l)
	}
	maxErr := 0.0
	for alive > target && h.Len() > 0 {
		c := heap.Pop(h).(collapse)
		a, b := c.from, c.to
		if gone[a] || c.ver != ver[a] || gone[b] {
			continue
		}
		m, ok := remap(a, b)
		if !ok || !valid(a, b) {
			// Try a's other neighbours before giving up on it.
			best, bestTo := math.Inf(1), int32(-1)
			for _, o := range neighbours(a) {
				if o == b {
					continue
				}
				if cst := cost(a, o, false); cst < best {
					if _, ok := remap(a, o); ok && valid(a, o) {
						best, bestTo = cst, o
					}
				}
			}
			if bestTo < 0 {
				continue
			}
			ver[a]++
			heap.Push(h, collapse{cost: best, from: a, to: bestTo, ver: ver[a]})
			continue
		}
		maxErr = max(maxErr, cost(a, b, true))
		for _, j := range pt[a] {
			if dead[j] {
				continue
			}
			t := &lt[j]
			if has(t, b) {
				dead[j] = true
				alive--
				continue
			}
			for k := range 3 {
				if t.p[k] == a {
					t.p[k], t.v[k] = b, m[t.v[k]]
				}
			}
			pt[b] = append(pt[b], j)
		}
		gone[a] = true
		merged[b] = append(merged[b], merged[a]...)
		for _, k := range vp[a] {
			if !containsI32(vp[b], k) {
				vp[b] = append(vp[b], k)
			}
		}
		for _, o := range neighbours(b) {
			push(o)
		}
		push(b)
	}
	out := make([]sim.ModelTri, 0, alive)
	for j, t := range lt {
		if !dead[j] {
			out = append(out, sim.ModelTri{V: t.v, Surface: tris[j].Surface})
		}
	}
	return out, maxErr
}

// corners are a triangle's corners while it is simplified: their local
// positions and vertex indices.
type corners struct {
	p [3]int32
	v [3]uint32
}

// containsI32 reports whether s holds x.
func containsI32(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// pointTriDist returns the distance from p to the triangle (a, b, c)
// (the closest point by the regions of Ericson's Real-Time Collision
// Detection, 5.1.5).
func pointTriDist(p, a, b, c sim.Vec3) float64 {
	ab, ac, ap := b.Sub(a), c.Sub(a), p.Sub(a)
	d1, d2 := ab.Dot(ap), ac.Dot(ap)
	if d1 <= 0 && d2 <= 0 {
		return ap.Len()
	}
	bp := p.Sub(b)
	d3, d4 := ab.Dot(bp), ac.Dot(bp)
	if d3 >= 0 && d4 <= d3 {
		return bp.Len()
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return p.Sub(a.Add(ab.Mul(d1 / (d1 - d3)))).Len()
	}
	cp := p.Sub(c)
	d5, d6 := ab.Dot(cp), ac.Dot(cp)
	if d6 >= 0 && d5 <= d6 {
		return cp.Len()
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return p.Sub(a.Add(ac.Mul(d2 / (d2 - d6)))).Len()
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		w := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		return p.Sub(b.Add(c.Sub(b).Mul(w))).Len()
	}
	den := 1 / (va + vb + vc)
	v, w := vb*den, vc*den
	return p.Sub(a.Add(ab.Mul(v)).Add(ac.Mul(w))).Len()
}
