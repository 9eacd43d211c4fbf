package sim

import "math"

// This file computes AI2-THOR-style reachable positions: the points of a
// 0.25 m grid where the agent's disc (radius 0.2 m) fits, joined 4-connected
// from the start pose, where a step may cross a wall only through a doorway.

// NavMaxHeight is the height below which an object's bottom must be for the
// object to block the agent's disc (objects mounted higher are walked under).
const NavMaxHeight = 1.8

// navWall is a wall side as navigation sees it: a segment with door spans.
type navWall struct {
	a, b   [2]float64
	dir    [2]float64
	length float64
	doors  [][2]float64 // [u0, u1] along the wall from a, for holes reaching the floor
}

// doorHoleMaxSill is the largest hole bottom that still counts as a doorway.
const doorHoleMaxSill = 0.05

func newNavWall(w *WallShape) navWall {
	nw := navWall{a: w.A, b: w.B, length: w.Length()}
	if nw.length > 0 {
		nw.dir = [2]float64{(w.B[0] - w.A[0]) / nw.length, (w.B[1] - w.A[1]) / nw.length}
	}
	for _, h := range w.Holes {
		if h.Y0 <= doorHoleMaxSill && h.Y1 > 1 {
			nw.doors = append(nw.doors, [2]float64{h.U0, h.U1})
		}
	}
	return nw
}

// inDoor reports whether the interval [u0, u1] along the wall lies within one doorway.
func (w *navWall) inDoor(u0, u1 float64) bool {
	for _, d := range w.doors {
		if u0 >= d[0]-1e-9 && u1 <= d[1]+1e-9 {
			return true
		}
	}
	return false
}

// discBlocked reports whether a disc of radius r at p touches the wall
// other than through a doorway.
func (w *navWall) discBlocked(p [2]float64, r float64) bool {
	if segDist2(p, w.a, w.b) >= r*r {
		return false
	}
	rel := [2]float64{p[0] - w.a[0], p[1] - w.a[1]}
	t := dot2(rel, w.dir)
	hgt := rel[0]*w.dir[1] - rel[1]*w.dir[0]
	c := math.Sqrt(math.Max(r*r-hgt*hgt, 0))
	return !w.inDoor(math.Max(t-c, 0), math.Min(t+c, w.length))
}

// stepBlocked reports whether the straight step p→q meets the wall other
// than through a doorway.
func (w *navWall) stepBlocked(p, q [2]float64) bool {
	o := func(a, b, c [2]float64) float64 { return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0]) }
	const eps = 1e-12
	d1, d2 := o(w.a, w.b, p), o(w.a, w.b, q)
	if math.Abs(d1) < eps && math.Abs(d2) < eps { // along the wall's line
		tp := dot2([2]float64{p[0] - w.a[0], p[1] - w.a[1]}, w.dir)
		tq := dot2([2]float64{q[0] - w.a[0], q[1] - w.a[1]}, w.dir)
		lo, hi := math.Min(tp, tq), math.Max(tp, tq)
		if hi < -1e-9 || lo > w.length+1e-9 {
			return false
		}
		return !w.inDoor(math.Max(lo, 0), math.Min(hi, w.length))
	}
	d3, d4 := o(p, q, w.a), o(p, q, w.b)
	if (d1 > eps && d2 > eps) || (d1 < -eps && d2 < -eps) || (d3 > eps && d4 > eps) || (d3 < -eps && d4 < -eps) {
		return false
	}
	s := d1 / (d1 - d2)
	x := [2]float64{p[0] + s*(q[0]-p[0]), p[1] + s*(q[1]-p[1])}
	u := dot2([2]float64{x[0] - w.a[0], x[1] - w.a[1]}, w.dir)
	return !w.inDoor(u, u)
}

// navIndex buckets walls and object footprints on a coarse xz grid.
type navIndex struct {
	walls  []navWall
	objs   []footprint
	x0, z0 float64
	nx, nz int
	wallAt [][]int32
	objAt  [][]int32
	// pointTests counts the fits calls and edgeTests the room polygon
	// edges they tested (see roomLocator): the tests bound the work per
	// grid point with these instead of timing it.
	pointTests, edgeTests int
}

const navCell = 1.0

// navFootprint returns the xz footprint of an object if it blocks walking.
func navFootprint(o *Object) (footprint, bool) {
	if o.Position[1]-o.Size[1]/2 >= NavMaxHeight {
		return footprint{}, false
	}
	return objectFootprint([2]float64{o.Position[0], o.Position[2]}, o.Yaw, o.Size), true
}

func (s *Scene) navIndex() *navIndex {
	x0, z0, x1, z1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range s.Rooms {
		a, b, c, d := PolygonBounds(r.Polygon)
		x0, z0, x1, z1 = math.Min(x0, a), math.Min(z0, b), math.Max(x1, c), math.Max(z1, d)
	}
	n := &navIndex{x0: x0 - 1, z0: z0 - 1}
	n.nx = int((x1-x0)/navCell) + 3
	n.nz = int((z1-z0)/navCell) + 3
	n.wallAt = make([][]int32, n.nx*n.nz)
	n.objAt = make([][]int32, n.nx*n.nz)
	add := func(lists [][]int32, b [4]float64, idx int32) {
		ia, ja := n.cellOf(b[0]-AgentRadius, b[1]-AgentRadius)
		ib, jb := n.cellOf(b[2]+AgentRadius, b[3]+AgentRadius)
		for i := ia; i <= ib; i++ {
			for j := ja; j <= jb; j++ {
				lists[i*n.nz+j] = append(lists[i*n.nz+j], idx)
			}
		}
	}
	for i := range s.Walls {
		w := newNavWall(&s.Walls[i])
		n.walls = append(n.walls, w)
		n.addWall(w.a, w.b, int32(len(n.walls)-1))
	}
	for _, o := range s.Objects {
		if fp, ok := navFootprint(o); ok {
			n.objs = append(n.objs, fp)
			add(n.objAt, fp.bounds(), int32(len(n.objs)-1))
		}
	}
	return n
}

// addWall lists wall k in the cells that hold points within AgentRadius of
// its segment a-b: row by row of cells, the x range the segment spans in
// the row's z slab, both widened by the radius (border rows and columns
// also stand for everything beyond them, as cellOf clamps). A long
// diagonal wall so takes a band of cells along it, not its whole bounding
// box; every wall that can block a point or a step is still listed in the
// point's cell (the disc test needs a wall within the radius; a blocked
// step meets the wall inside the cell of one of its ends).
func (n *navIndex) addWall(a, b [2]float64, k int32) {
	const eps = 1e-9
	r := AgentRadius + eps
	zmin, zmax := math.Min(a[1], b[1]), math.Max(a[1], b[1])
	_, j0 := n.cellOf(0, zmin-r)
	_, j1 := n.cellOf(0, zmax+r)
	xAt := func(z float64) float64 {
		if a[1] == b[1] {
			return a[0]
		}
		return a[0] + (b[0]-a[0])*(z-a[1])/(b[1]-a[1])
	}
	for j := j0; j <= j1; j++ {
		lo, hi := math.Inf(-1), math.Inf(1) // the row's slab of z, widened
		if j > 0 {
			lo = n.z0 + float64(j)*navCell - r
		}
		if j < n.nz-1 {
			hi = n.z0 + float64(j+1)*navCell + r
		}
		zl, zh := math.Max(lo, zmin), math.Min(hi, zmax)
		if zl > zh {
			continue
		}
		xl, xh := xAt(zl), xAt(zh)
		if a[1] == b[1] {
			xl, xh = a[0], b[0]
		}
		if xl > xh {
			xl, xh = xh, xl
		}
		i0, _ := n.cellOf(xl-r, 0)
		i1, _ := n.cellOf(xh+r, 0)
		for i := i0; i <= i1; i++ {
			n.wallAt[i*n.nz+j] = append(n.wallAt[i*n.nz+j], k)
		}
	}
}

// cellOf returns the (clamped) bucket of a point.
func (n *navIndex) cellOf(x, z float64) (int, int) {
	i := int(math.Floor((x - n.x0) / navCell))
	j := int(math.Floor((z - n.z0) / navCell))
	return min(max(i, 0), n.nx-1), min(max(j, 0), n.nz-1)
}

// fits reports whether the agent's disc fits at p: p inside a room, the disc
// clear of every wall except through doorways, and clear of object footprints.
func (n *navIndex) fits(s *Scene, p [2]float64) bool {
	n.pointTests++
	if l := s.locator; l != nil && len(l.rooms) == len(s.Rooms) {
		k, tests := l.locate(p[0]+1.3e-7, p[1]+1.7e-7) // as insideRooms
		n.edgeTests += tests
		if k < 0 {
			return false
		}
	} else if !s.insideRooms(p) {
		return false
	}
	i, j := n.cellOf(p[0], p[1])
	c := i*n.nz + j
	for _, k := range n.wallAt[c] {
		if n.walls[k].discBlocked(p, AgentRadius) {
			return false
		}
	}
	for _, k := range n.objAt[c] {
		if n.objs[k].dist2(p) < AgentRadius*AgentRadius {
			return false
		}
	}
	return true
}

// stepOK reports whether the step between neighbouring grid points crosses no wall outside a doorway.
func (n *navIndex) stepOK(p, q [2]float64) bool {
	for _, pt := range [2][2]float64{p, q} {
		i, j := n.cellOf(pt[0], pt[1])
		for _, k := range n.wallAt[i*n.nz+j] {
			if n.walls[k].stepBlocked(p, q) {
				return false
			}
		}
	}
	return true
}

// insideRooms reports whether p lies in a room; a point exactly on a wall
// line is nudged by a tiny fixed offset so that it counts for one side.
func (s *Scene) insideRooms(p [2]float64) bool {
	return s.RoomAt(p[0]+1.3e-7, p[1]+1.7e-7) != ""
}

// AgentFits reports whether the agent's disc (radius AgentRadius) fits at the
// floor point (x, z): inside a room, touching no wall except within a
// doorway, and clear of the footprint of every object whose bottom is below
// NavMaxHeight. It checks every wall and object (no index), so it also serves
// as an independent check of ReachablePositions.
func (s *Scene) AgentFits(x, z float64) bool {
	p := [2]float64{x, z}
	if !s.insideRooms(p) {
		return false
	}
	for i := range s.Walls {
		w := newNavWall(&s.Walls[i])
		if w.discBlocked(p, AgentRadius) {
			return false
		}
	}
	for _, o := range s.Objects {
		if fp, ok := navFootprint(o); ok && fp.dist2(p) < AgentRadius*AgentRadius {
			return false
		}
	}
	return true
}

// StepCrossesWall reports whether the straight floor step from p to q meets
// a wall anywhere other than inside a doorway.
func (s *Scene) StepCrossesWall(p, q Vec3) bool {
	a, b := [2]float64{p[0], p[2]}, [2]float64{q[0], q[2]}
	for i := range s.Walls {
		w := newNavWall(&s.Walls[i])
		if w.stepBlocked(a, b) {
			return true
		}
	}
	return false
}

// ReachablePositions returns the floor points (y = 0) of the 0.25 m grid
// (coordinates are multiples of GridSize) where the agent fits (see
// AgentFits) and which are 4-connected to the start: the grid point nearest
// the house's metadata agent position, or, when the agent does not fit
// there, the nearest grid point where it does (ties broken by smaller x, then
// smaller z). A step between neighbours must not cross a wall except through
// a doorway. Points come in breadth-first order (neighbours +x, -x, +z, -z),
// so the result is deterministic; nil when the agent fits nowhere.
func (s *Scene) ReachablePositions() []Vec3 {
	out, _ := s.reachablePositions()
	return out
}

// reachablePositions is ReachablePositions, also returning the navigation
// index it used (nil without rooms), whose counters tell the work done.
func (s *Scene) reachablePositions() ([]Vec3, *navIndex) {
	if len(s.Rooms) == 0 {
		return nil, nil
	}
	nav := s.navIndex()
	x0, z0, x1, z1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range s.Rooms {
		a, b, c, d := PolygonBounds(r.Polygon)
		x0, z0, x1, z1 = math.Min(x0, a), math.Min(z0, b), math.Max(x1, c), math.Max(z1, d)
	}
	i0, j0 := int(math.Ceil(x0/GridSize-1e-9)), int(math.Ceil(z0/GridSize-1e-9))
	ni := int(math.Floor(x1/GridSize+1e-9)) - i0 + 1
	nj := int(math.Floor(z1/GridSize+1e-9)) - j0 + 1
	if ni <= 0 || nj <= 0 {
		return nil, nav
	}
	pt := func(k int) [2]float64 { return [2]float64{float64(i0+k/nj) * GridSize, float64(j0+k%nj) * GridSize} }
	state := make([]uint8, ni*nj) // 0 unknown, 1 fits, 2 does not, |4 visited
	fits := func(k int) bool {
		if state[k]&3 == 0 {
			if nav.fits(s, pt(k)) {
				state[k] |= 1
			} else {
				state[k] |= 2
			}
		}
		return state[k]&3 == 1
	}
	start := -1
	var ax, az float64
	if s.House != nil {
		ax, az = s.House.Metadata.Agent.Position.X, s.House.Metadata.Agent.Position.Z
	}
	si, sj := int(math.Round(ax/GridSize))-i0, int(math.Round(az/GridSize))-j0
	if si >= 0 && sj >= 0 && si < ni && sj < nj && fits(si*nj+sj) {
		start = si*nj + sj
	} else {
		best := math.Inf(1)
		for k := range state {
			if !fits(k) {
				continue
			}
			p := pt(k)
			if d := (p[0]-ax)*(p[0]-ax) + (p[1]-az)*(p[1]-az); d < best-1e-12 {
				best, start = d, k
			}
		}
	}
	if start < 0 {
		return nil, nav
	}
	queue := []int{start}
	state[start] |= 4
	for h := 0; h < len(queue); h++ {
		c := queue[h]
		i, j := c/nj, c%nj
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			a, b := i+d[0], j+d[1]
			if a < 0 || b < 0 || a >= ni || b >= nj {
				continue
			}
			n := a*nj + b
			if state[n]&4 != 0 || !fits(n) || !nav.stepOK(pt(c), pt(n)) {
				continue
			}
			state[n] |= 4
			queue = append(queue, n)
		}
	}
	out := make([]Vec3, len(queue))
	for k, c := range queue {
		p := pt(c)
		out[k] = Vec3{p[0], 0, p[1]}
	}
	return out, nav
}

// ReachableRooms counts the reachable positions in each room, keyed by room
// id; every room of the scene has a key, with 0 when no position reaches it.
func (s *Scene) ReachableRooms() map[string]int {
	return s.roomCounts(s.ReachablePositions())
}

// roomCounts counts positions per room id (every room present).
func (s *Scene) roomCounts(ps []Vec3) map[string]int {
	out := make(map[string]int, len(s.Rooms))
	for _, r := range s.Rooms {
		out[r.ID] = 0
	}
	for _, p := range ps {
		if id := s.RoomAt(p[0]+1.3e-7, p[2]+1.7e-7); id != "" {
			out[id]++
		}
	}
	return out
}
