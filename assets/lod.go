package assets

import (
	"math"
	"sort"

	"flowbench/sim"
)

// Level-of-detail budgets.
const (
	MaxTris     = 20000  // level 0 is capped at this many triangles
	lod1Frac    = 0.25   // level 1 ≈ 25% of level 0 ...
	lod1Min     = 200    // ... but at least this many triangles
	lod2Frac    = 0.06   // level 2 ≈ 6% of level 0 ...
	lod2Min     = 100    // ... but at least this many
	lodMinDrop  = 0.8    // a level is kept only if it has at most 80% of the previous level's triangles
	boundaryWgt = 1000.0 // weight of the planes that keep open borders in place
)

// flipCos is, per relax level, the least cosine between a face's normal
// before and after a collapse: 60° normally, 78° and 90° in the later
// relaxed passes (folded foliage).
var flipCos = [4]float64{0.5, 0.5, 0.2, 0}

// quadric is a symmetric 4×4 error quadric (a², ab, ac, ad, b², bc, bd, c², cd, d²).
type quadric [10]float64

func planeQuadric(n sim.Vec3, d, w float64) quadric {
	a, b, c := n[0], n[1], n[2]
	return quadric{w * a * a, w * a * b, w * a * c, w * a * d, w * b * b, w * b * c, w * b * d, w * c * c, w * c * d, w * d * d}
}

func (q *quadric) add(o *quadric) {
	for i := range q {
		q[i] += o[i]
	}
}

func (q *quadric) eval(p sim.Vec3) float64 {
	x, y, z := p[0], p[1], p[2]
	return q[0]*x*x + 2*q[1]*x*y + 2*q[2]*x*z + 2*q[3]*x + q[4]*y*y + 2*q[5]*y*z + 2*q[6]*y + q[7]*z*z + 2*q[8]*z + q[9]
}

type heapItem struct {
	cost  float64
	v, u  int32
	stamp uint32
}

type collapseHeap []heapItem

func (h *collapseHeap) push(it heapItem) {
	*h = append(*h, it)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if a[p].cost <= a[i].cost {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *collapseHeap) pop() heapItem {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && a[r].cost < a[l].cost {
			m = r
		}
		if a[i].cost <= a[m].cost {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}

// simplifier reduces a workMesh by quadric-error half-edge collapses: a
// vertex v is merged into a neighbour u, which keeps its position, UV and
// normal. Vertices on UV seams, material borders, non-manifold edges or the
// bounding box are never removed (so the box is kept exactly); vertices on
// open borders only slide along the border; collapses that flip a face, make
// it degenerate or break the local topology are refused.
type simplifier struct {
	w        *workMesh
	alive    []bool
	nAlive   int
	vtris    [][]int32
	q        []quadric
	lock     []bool
	boundary []bool
	removed  []bool
	stamp    []uint32
	mark     []int32
	markGen  int32
	heap     collapseHeap
	relax    int // 0 strict; 1 seams and material borders may move; 2 small pieces may vanish; 3 borders and non-manifold edges are free too
}

func newSimplifier(src *workMesh, relax int) *simplifier {
	w := &workMesh{pos: src.pos, tris: append([][3]int32(nil), src.tris...), mat: src.mat,
		uv: append([][3][2]float32(nil), src.uv...), nrm: append([][3][3]float32(nil), src.nrm...), twin: src.twin}
	n := len(w.pos)
	s := &simplifier{relax: relax, w: w, alive: make([]bool, len(w.tris)), nAlive: src.count(), vtris: make([][]int32, n),
		q: make([]quadric, n), lock: make([]bool, n), boundary: make([]bool, n), removed: make([]bool, n),
		stamp: make([]uint32, n), mark: make([]int32, n)}
	start, list := vertexTris(n, w.tris)
	for v := 0; v < n; v++ {
		s.vtris[v] = list[start[v]:start[v+1]:start[v+1]]
	}
	edges := make(map[uint64]int32, len(w.tris)*3/2)
	ekey := func(a, b int32) uint64 {
		if a > b {
			a, b = b, a
		}
		return uint64(a)<<32 | uint64(uint32(b))
	}
	for ti, t := range w.tris {
		s.alive[ti] = true
		cr := triCross(w.pos, t)
		l := cr.Len()
		nrm := cr.Mul(1 / l)
		pq := planeQuadric(nrm, -nrm.Dot(w.pos[t[0]]), l/2)
		for k := 0; k < 3; k++ {
			s.q[t[k]].add(&pq)
			edges[ekey(t[k], t[(k+1)%3])]++
		}
	}
	bcount := make([]uint8, n)
	for _, t := range w.tris {
		cr := triCross(w.pos, t)
		nrm := cr.Mul(1 / cr.Len())
		for k := 0; k < 3; k++ {
			a, b := t[k], t[(k+1)%3]
			c := edges[ekey(a, b)]
			switch {
			case c == 1:
				e := w.pos[b].Sub(w.pos[a])
				bn := e.Cross(nrm)
				if bl := bn.Len(); bl > 0 {
					bn = bn.Mul(1 / bl)
					pq := planeQuadric(bn, -bn.Dot(w.pos[a]), boundaryWgt*e.Dot(e))
					s.q[a].add(&pq)
					s.q[b].add(&pq)
				}
				s.boundary[a], s.boundary[b] = true, true
				if bcount[a] < 255 {
					bcount[a]++
				}
				if bcount[b] < 255 {
					bcount[b]++
				}
			case c > 2:
				s.lock[a], s.lock[b] = true, true
			}
		}
	}
	// seams and material borders
	type attr struct {
		uv  [2]float32
		mat uint16
	}
	first := make([]attr, n)
	seen := make([]bool, n)
	for ti, t := range w.tris {
		for k, v := range t {
			a := attr{w.uv[ti][k], w.mat[ti]}
			if !seen[v] {
				seen[v], first[v] = true, a
			} else if first[v] != a && relax < 1 {
				s.lock[v] = true
			}
		}
	}
	// bounding-box extremes
	lo := sim.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := sim.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for v, p := range w.pos {
		if !seen[v] {
			continue
		}
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
		}
	}
	if relax >= 3 {
		for v := range s.lock {
			s.lock[v], s.boundary[v] = false, false
		}
	}
	for v, p := range w.pos {
		if bcount[v] > 2 && relax < 3 || !seen[v] {
			s.lock[v] = true
		}
		for k := 0; k < 3; k++ {
			if p[k] == lo[k] || p[k] == hi[k] {
				s.lock[v] = true
			}
		}
	}
	for v := 0; v < n; v++ {
		s.evaluate(int32(v))
	}
	return s
}

// ring compacts v's triangle list and returns v's neighbours.
func (s *simplifier) ring(v int32, out []int32) []int32 {
	ts := s.vtris[v][:0]
	for _, t := range s.vtris[v] {
		if s.alive[t] {
			ts = append(ts, t)
		}
	}
	s.vtris[v] = ts
	s.markGen++
	out = out[:0]
	for _, t := range ts {
		for _, x := range s.w.tris[t] {
			if x != v && s.mark[x] != s.markGen {
				s.mark[x] = s.markGen
				out = append(out, x)
			}
		}
	}
	return out
}

type cand struct {
	cost float64
	u    int32
}

// evaluate pushes v's cheapest valid collapse, if any.
func (s *simplifier) evaluate(v int32) {
	s.stamp[v]++
	if s.lock[v] || s.removed[v] {
		return
	}
	nb := s.ring(v, nil)
	if len(nb) == 0 {
		return
	}
	cands := make([]cand, 0, len(nb))
	for _, u := range nb {
		q := s.q[v]
		q.add(&s.q[u])
		cands = append(cands, cand{math.Max(0, q.eval(s.w.pos[u])), u})
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].cost < cands[j].cost })
	for _, c := range cands {
		if s.valid(v, c.u) {
			s.heap.push(heapItem{c.cost, v, c.u, s.stamp[v]})
			return
		}
	}
}

func (s *simplifier) hasVert(t int32, x int32) int {
	for k, y := range s.w.tris[t] {
		if y == x {
			return k
		}
	}
	return -1
}

// valid reports whether collapsing v into u is allowed.
func (s *simplifier) valid(v, u int32) bool {
	w := s.w
	nEdge := 0
	var uvU [2]float32
	for _, t := range s.vtris[v] {
		k := s.hasVert(t, u)
		if k < 0 {
			continue
		}
		if nEdge > 0 && w.uv[t][k] != uvU && s.relax < 1 {
			return false // a seam runs through u along this edge
		}
		uvU = w.uv[t][k]
		nEdge++
	}
	if nEdge == 0 || nEdge == len(s.vtris[v]) && s.relax < 2 {
		return false // v would take its last faces with it
	}
	if s.boundary[v] && nEdge != 1 {
		return false // border vertices only slide along the border
	}
	// link condition: u and v share exactly the third vertices of their common faces
	s.markGen++
	gen := s.markGen
	for _, t := range s.vtris[v] {
		for _, x := range w.tris[t] {
			s.mark[x] = gen
		}
	}
	common := 0
	s.markGen++
	gen2 := s.markGen
	for _, t := range s.vtris[u] {
		if !s.alive[t] {
			continue
		}
		for _, x := range w.tris[t] {
			if x != u && x != v && s.mark[x] == gen {
				s.mark[x] = gen2
				common++
			}
		}
	}
	if common != nEdge && s.relax < 3 {
		return false
	}
	// no flipped or degenerate faces
	pu := w.pos[u]
	for _, t := range s.vtris[v] {
		k := s.hasVert(t, u)
		if k >= 0 {
			continue
		}
		tri := w.tris[t]
		n0 := triCross(w.pos, tri)
		kv := s.hasVert(t, v)
		a, b, c := w.pos[tri[0]], w.pos[tri[1]], w.pos[tri[2]]
		switch kv {
		case 0:
			a = pu
		case 1:
			b = pu
		case 2:
			c = pu
		}
		n1 := b.Sub(a).Cross(c.Sub(a))
		l1 := n1.Len()
		if l1 < degenerateLen*10 || n0.Dot(n1) < flipCos[s.relax]*n0.Len()*l1 {
			return false
		}
		// the moved corner takes a normal of u: if its own normal faced
		// the side of the face's winding, the new one must too (files
		// whose normals oppose their winding are left as they are)
		if nv := w.nrm[t][kv]; s.relax < 3 && n0[0]*float64(nv[0])+n0[1]*float64(nv[1])+n0[2]*float64(nv[2]) > 0 && s.bestNormalDot(v, u, t, kv, n1) <= 0 {
			return false
		}
	}
	return true
}

// bestNormalDot is the dot product of face normal n with the normal that
// corner kv of triangle t would take from u when v collapses into u (the
// normal of u's corners on the edge closest to the corner's own).
func (s *simplifier) bestNormalDot(v, u, t int32, kv int, n sim.Vec3) float64 {
	w := s.w
	nv := w.nrm[t][kv]
	best, bd := [3]float32{}, math.Inf(-1)
	for _, e := range s.vtris[v] {
		k := s.hasVert(e, u)
		if k < 0 || !s.alive[e] {
			continue
		}
		m := w.nrm[e][k]
		if d := float64(m[0]*nv[0] + m[1]*nv[1] + m[2]*nv[2]); d > bd {
			best, bd = m, d
		}
	}
	return n[0]*float64(best[0]) + n[1]*float64(best[1]) + n[2]*float64(best[2])
}

// collapse merges v into u.
func (s *simplifier) collapse(v, u int32) {
	w := s.w
	// the survivor's attributes on the collapsing edge
	type uc struct {
		uv [2]float32
		n  [3]float32
	}
	var edgeAttrs [4]uc
	ne := 0
	for _, t := range s.vtris[v] {
		if !s.alive[t] {
			continue
		}
		if k := s.hasVert(t, u); k >= 0 {
			if ne < len(edgeAttrs) {
				edgeAttrs[ne] = uc{w.uv[t][k], w.nrm[t][k]}
				ne++
			}
			s.alive[t] = false
			s.nAlive--
			if w.twinOf(int(t)) >= 0 {
				s.nAlive--
			}
		}
	}
	for _, t := range s.vtris[v] {
		if !s.alive[t] {
			continue
		}
		kv := s.hasVert(t, v)
		nv := w.nrm[t][kv]
		best, bd := 0, math.Inf(-1)
		for i := 0; i < ne; i++ {
			n := edgeAttrs[i].n
			if d := float64(n[0]*nv[0] + n[1]*nv[1] + n[2]*nv[2]); d > bd {
				best, bd = i, d
			}
		}
		w.tris[t][kv] = u
		w.uv[t][kv] = edgeAttrs[best].uv
		w.nrm[t][kv] = edgeAttrs[best].n
		s.vtris[u] = append(s.vtris[u], t)
	}
	s.removed[v] = true
	s.vtris[v] = nil
	s.q[u].add(&s.q[v])
	nb := s.ring(u, nil)
	s.evaluate(u)
	for _, x := range nb {
		s.evaluate(x)
	}
}

// reduceTo collapses until at most target triangles are left or no valid
// collapse remains.
func (s *simplifier) reduceTo(target int) {
	for s.nAlive > target && len(s.heap) > 0 {
		it := s.heap.pop()
		if s.removed[it.v] || it.stamp != s.stamp[it.v] || s.removed[it.u] {
			continue
		}
		s.collapse(it.v, it.u)
	}
}

// snapshot returns the current mesh (live, non-degenerate triangles only).
func (s *simplifier) snapshot() *workMesh {
	w := s.w
	out := &workMesh{pos: w.pos}
	for t, ok := range s.alive {
		if !ok {
			continue
		}
		tri := w.tris[t]
		if tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2] || triCross(w.pos, tri).Len() < degenerateLen {
			continue
		}
		out.tris = append(out.tris, tri)
		out.twin = append(out.twin, w.twinOf(t))
		out.mat = append(out.mat, w.mat[t])
		out.uv = append(out.uv, w.uv[t])
		out.nrm = append(out.nrm, w.nrm[t])
	}
	return out
}

// reduce simplifies towards target; when the rules stall above
// target+slack it restarts from the current mesh with relaxed rules, up to
// maxRelax: 1 lets UV seams and material borders move (some texture
// distortion), 2 lets small separate pieces (leaves) vanish, 3 frees open
// borders and non-manifold edges (holes may open: only for the level-0 cap).
func reduce(s *simplifier, target, slack, maxRelax int) *simplifier {
	s.reduceTo(target)
	for s.nAlive > target+slack && s.relax < maxRelax {
		s = newSimplifier(s.snapshot(), s.relax+1)
		s.reduceTo(target)
	}
	return s
}

// buildLevels makes the levels of detail of a normalised mesh: level 0 is
// the mesh capped at MaxTris, levels 1 and 2 are ~25% and ~6% of it, each
// kept only if it really reduces.
func buildLevels(w *workMesh) []*workMesh {
	levels := []*workMesh{w}
	n0 := w.count()
	t1 := max(lod1Min, int(float64(min(n0, MaxTris))*lod1Frac))
	if n0 <= MaxTris && float64(t1) > lodMinDrop*float64(n0) {
		return levels
	}
	s := newSimplifier(w, 0)
	maxRelax := 2
	if n0 > MaxTris {
		s = reduce(s, MaxTris, 0, 3) // the cap is a hard limit
		levels[0] = s.snapshot()
		// Coarser levels start strict again from level 0, and may go as far
		// as level 0 had to (foliage needs the last resort).
		maxRelax = max(maxRelax, s.relax)
		if s.relax > 0 {
			s = newSimplifier(levels[0], 0)
		}
		n0 = levels[0].count()
		t1 = max(lod1Min, int(float64(n0)*lod1Frac))
	}
	t2 := max(lod2Min, int(float64(n0)*lod2Frac))
	for _, target := range []int{t1, t2} {
		prev := levels[len(levels)-1].count()
		if float64(target) > lodMinDrop*float64(prev) {
			break
		}
		s = reduce(s, target, target/4, maxRelax)
		l := s.snapshot()
		if float64(l.count()) > lodMinDrop*float64(prev) {
			break
		}
		levels = append(levels, l)
	}
	return levels
}
