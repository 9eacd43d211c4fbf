package sim

import "math"

// spatialGrid buckets objects by the xz cells their AABB covers, so that a
// collision query only tests objects near the moved one. The cells form a
// dense array over the house's floor bounds, at most maxGridCells of them; boxes reaching past the bounds
// are clamped into the border cells, which keeps every query correct (an
// overlap between two boxes always shares at least one clamped cell).
type spatialGrid struct {
	cell   float64
	x0, z0 int32 // cell coordinates of cells[0]
	nx, nz int32 // number of cells along x and z
	cells  [][]int32
	boxes  []AABB // current AABB per object index
}

const gridCell = 1.0 // metres

// maxGridCells bounds the grid's cell count: beyond it the cells grow (by
// doubling) instead. A plan of up to 256 m × 256 m keeps 1 m cells.
const maxGridCells = 1 << 17

// maxGridSpan is the widest extent (metres) the grid spreads over; wider or
// non-finite bounds collapse to one cell.
const maxGridSpan = 1e7

// rebuildIndex rebuilds the spatial grid from the current object poses and
// resets the ray-cast mesh cache. Call it after adding or removing objects.
func (s *Scene) rebuildIndex() {
	g := &spatialGrid{cell: gridCell, boxes: make([]AABB, len(s.Objects))}
	lo := [2]float64{math.Inf(1), math.Inf(1)}
	hi := [2]float64{math.Inf(-1), math.Inf(-1)}
	grow := func(x, z float64) {
		lo[0], lo[1] = math.Min(lo[0], x), math.Min(lo[1], z)
		hi[0], hi[1] = math.Max(hi[0], x), math.Max(hi[1], z)
	}
	for _, r := range s.Rooms {
		for _, p := range r.Polygon {
			grow(p[0], p[1])
		}
	}
	for i, o := range s.Objects {
		g.boxes[i] = o.AABB()
		if len(s.Rooms) == 0 {
			grow(g.boxes[i].Min[0], g.boxes[i].Min[2])
			grow(g.boxes[i].Max[0], g.boxes[i].Max[2])
		}
	}
	if !(hi[0]-lo[0] <= maxGridSpan && hi[1]-lo[1] <= maxGridSpan) {
		// Nothing to bound, or bounds that are absurd or not finite (a house
		// that skipped validation): a single cell at the origin, which the
		// clamping keeps correct.
		lo, hi = [2]float64{}, [2]float64{}
	}
	// Coarser cells for a large plan, so the grid never exceeds maxGridCells
	// whatever the house's extent.
	for (math.Floor(hi[0]/g.cell)-math.Floor(lo[0]/g.cell)+1)*(math.Floor(hi[1]/g.cell)-math.Floor(lo[1]/g.cell)+1) > maxGridCells {
		g.cell *= 2
	}
	g.x0, g.z0 = int32(math.Floor(lo[0]/g.cell)), int32(math.Floor(lo[1]/g.cell))
	g.nx = int32(math.Floor(hi[0]/g.cell)) - g.x0 + 1
	g.nz = int32(math.Floor(hi[1]/g.cell)) - g.z0 + 1
	g.cells = make([][]int32, int(g.nx)*int(g.nz))
	for i := range s.Objects {
		g.insert(int32(i))
	}
	s.grid = g
	s.meshes = &meshCache{}
}

// cellOf returns the clamped cell coordinate (relative to x0 or z0) of v.
func (g *spatialGrid) cellOf(v float64, origin, n int32) int32 {
	f := math.Floor(v / g.cell)
	c := int32(0)
	switch {
	case f != f || f <= float64(origin): // NaN or below the grid
		c = 0
	case f >= float64(origin+n-1):
		c = n - 1
	default:
		c = int32(f) - origin
	}
	return c
}

// span returns the clamped cell ranges [x0,x1]×[z0,z1] (relative to the grid
// origin) that box b covers.
func (g *spatialGrid) span(b AABB) (x0, z0, x1, z1 int32) {
	return g.cellOf(b.Min[0], g.x0, g.nx), g.cellOf(b.Min[2], g.z0, g.nz),
		g.cellOf(b.Max[0], g.x0, g.nx), g.cellOf(b.Max[2], g.z0, g.nz)
}

func (g *spatialGrid) insert(i int32) {
	x0, z0, x1, z1 := g.span(g.boxes[i])
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			k := x*g.nz + z
			g.cells[k] = append(g.cells[k], i)
		}
	}
}

func (g *spatialGrid) remove(i int32) {
	x0, z0, x1, z1 := g.span(g.boxes[i])
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			k := x*g.nz + z
			list := g.cells[k]
			for j, v := range list {
				if v == i {
					// Keep the order of the others so that the state after a
					// remove+insert depends only on the operations, not on luck.
					copy(list[j:], list[j+1:])
					list = list[:len(list)-1]
					break
				}
			}
			g.cells[k] = list
		}
	}
}

// update moves object i's entry to its new box.
func (g *spatialGrid) update(i int32, b AABB) {
	g.remove(i)
	g.boxes[i] = b
	g.insert(i)
}

// firstShared reports whether cell (x, z) is the first cell that both the
// query span (qx0, qz0, ...) and object i's span share; visiting an object
// only there reports it exactly once without any scratch memory.
func (g *spatialGrid) firstShared(i int32, x, z, qx0, qz0 int32) bool {
	ox0, oz0, _, _ := g.span(g.boxes[i])
	return x == max(ox0, qx0) && z == max(oz0, qz0)
}

// touches reports whether boxes a and b overlap or touch.
func touches(a, b AABB) bool {
	return a.Min[0] <= b.Max[0] && b.Min[0] <= a.Max[0] && a.Min[1] <= b.Max[1] && b.Min[1] <= a.Max[1] && a.Min[2] <= b.Max[2] && b.Min[2] <= a.Max[2]
}

// query calls fn once for each object whose AABB overlaps b (touching
// counts). The seen argument is no longer needed and is ignored (it may be
// nil); it is kept so that existing callers compile. query allocates nothing
// and only reads the grid, so concurrent queries are safe.
func (g *spatialGrid) query(b AABB, seen []bool, fn func(i int32)) {
	_ = seen
	x0, z0, x1, z1 := g.span(b)
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			for _, i := range g.cells[x*g.nz+z] {
				if g.firstShared(i, x, z, x0, z0) && touches(g.boxes[i], b) {
					fn(i)
				}
			}
		}
	}
}
