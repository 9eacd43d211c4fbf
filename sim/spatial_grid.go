package sim

import "math"

// spatialGrid buckets objects by the xz cells their AABB covers, so that a
// collision query only tests objects near the moved one.
type spatialGrid struct {
	cell  float64
	cells map[[2]int32][]int32 // cell → object indices
	boxes []AABB               // current AABB per object index
}

const gridCell = 1.0 // metres

func (s *Scene) rebuildIndex() {
	g := &spatialGrid{cell: gridCell, cells: map[[2]int32][]int32{}, boxes: make([]AABB, len(s.Objects))}
	for i, o := range s.Objects {
		g.boxes[i] = o.AABB()
		g.insert(int32(i))
	}
	s.grid = g
}

func (g *spatialGrid) span(b AABB) (x0, z0, x1, z1 int32) {
	return int32(math.Floor(b.Min[0] / g.cell)), int32(math.Floor(b.Min[2] / g.cell)),
		int32(math.Floor(b.Max[0] / g.cell)), int32(math.Floor(b.Max[2] / g.cell))
}

func (g *spatialGrid) insert(i int32) {
	x0, z0, x1, z1 := g.span(g.boxes[i])
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			k := [2]int32{x, z}
			g.cells[k] = append(g.cells[k], i)
		}
	}
}

func (g *spatialGrid) remove(i int32) {
	x0, z0, x1, z1 := g.span(g.boxes[i])
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			k := [2]int32{x, z}
			list := g.cells[k]
			for j, v := range list {
				if v == i {
					list[j] = list[len(list)-1]
					list = list[:len(list)-1]
					break
				}
			}
			if len(list) == 0 {
				delete(g.cells, k)
			} else {
				g.cells[k] = list
			}
		}
	}
}

// update moves object i's entry to its new box.
func (g *spatialGrid) update(i int32, b AABB) {
	g.remove(i)
	g.boxes[i] = b
	g.insert(i)
}

// query calls fn once for each object whose AABB overlaps b (touching counts).
// seen is scratch space of len(boxes) that must be all false on entry; it is
// cleared again before query returns.
func (g *spatialGrid) query(b AABB, seen []bool, fn func(i int32)) {
	x0, z0, x1, z1 := g.span(b)
	var hit []int32
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			for _, i := range g.cells[[2]int32{x, z}] {
				if seen[i] {
					continue
				}
				seen[i] = true
				hit = append(hit, i)
				o := g.boxes[i]
				if o.Min[0] <= b.Max[0] && b.Min[0] <= o.Max[0] && o.Min[1] <= b.Max[1] && b.Min[1] <= o.Max[1] && o.Min[2] <= b.Max[2] && b.Min[2] <= o.Max[2] {
					fn(i)
				}
			}
		}
	}
	for _, i := range hit {
		seen[i] = false
	}
}
