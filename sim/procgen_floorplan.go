package sim

import "fmt"

// This file lays out rooms on a grid floor plan: each room is a set of grid
// cells forming a rectangle or an L, the grid's columns and rows have their
// own widths, and room polygons are traced from the cells with a vertex
// wherever the neighbour across the boundary changes (as ProcTHOR does, so
// each wall side faces exactly one other room or the exterior).

// floorPlan is a set of rooms on a grid of cells.
type floorPlan struct {
	colX  []float64 // x of the column boundaries, len = columns+1
	rowZ  []float64 // z of the row boundaries, len = rows+1
	owner [][]int   // owner[i][j]: room index of cell (column i, row j), -1 when empty
	rooms []planRoom
}

// planRoom is one room of a floor plan with everything the later stages add.
type planRoom struct {
	num   int // room number, as in "room|N"
	id    string
	typ   RoomType
	cells [][2]int
	poly  [][2]float64 // clockwise seen from above with z up on the page
	edges []planEdge
	floor Material
	wall  Material
	doors []edgeSpan // door holes on this room's edges
	// windows are the window holes on this room's edges.
	windows []edgeSpan
	// ithorSlot is, for the room of an iTHOR-style scene, the scene's place
	// among the 30 of its room type (0–29), and ithorSeed the generation
	// seed; drawPresence spreads each type's presence over the slots.
	ithorSlot int
	ithorSeed int64
}

// planEdge is one side of a room polygon; it becomes one ProcTHOR wall.
type planEdge struct {
	a, b   [2]float64 // in polygon order
	normal [2]float64 // unit normal pointing into the room
	length float64
	other  int // index of the room across the edge, -1 for the exterior
	wallID string
	extID  string // id of the exterior face when other == -1
}

// edgeSpan is an interval [t0, t1] along an edge measured from its point a.
type edgeSpan struct {
	edge   int
	t0, t1 float64
}

// point returns the point at distance t from a along the edge.
func (e *planEdge) point(t float64) [2]float64 {
	return [2]float64{e.a[0] + (e.b[0]-e.a[0])*t/e.length, e.a[1] + (e.b[1]-e.a[1])*t/e.length}
}

// dir returns the unit direction from a to b.
func (e *planEdge) dir() [2]float64 {
	return [2]float64{(e.b[0] - e.a[0]) / e.length, (e.b[1] - e.a[1]) / e.length}
}

type cellShape [][2]int

// Room shapes on the grid, all orientations listed.
var (
	shapes1x1 = []cellShape{{{0, 0}}}
	shapes1x2 = []cellShape{{{0, 0}, {1, 0}}, {{0, 0}, {0, 1}}}
	shapes2x2 = []cellShape{{{0, 0}, {1, 0}, {0, 1}, {1, 1}}}
	shapesL3  = []cellShape{
		{{0, 0}, {1, 0}, {0, 1}}, {{0, 0}, {1, 0}, {1, 1}},
		{{0, 0}, {0, 1}, {1, 1}}, {{1, 0}, {0, 1}, {1, 1}},
	}
	shapesL4 = []cellShape{
		{{0, 0}, {1, 0}, {2, 0}, {0, 1}}, {{0, 0}, {1, 0}, {2, 0}, {2, 1}},
		{{0, 0}, {0, 1}, {1, 1}, {2, 1}}, {{2, 0}, {0, 1}, {1, 1}, {2, 1}},
		{{0, 0}, {0, 1}, {0, 2}, {1, 0}}, {{0, 0}, {0, 1}, {0, 2}, {1, 2}},
		{{0, 0}, {1, 0}, {1, 1}, {1, 2}}, {{0, 2}, {1, 0}, {1, 1}, {1, 2}},
	}
	shapeFamilies = [][]cellShape{shapes1x1, shapes1x2, shapes2x2, shapesL3, shapesL4}
)

// shapeWeights gives, per room type, the weight of each shape family
// (1x1, 1x2, 2x2, L3, L4) for procthor houses. With cells of 2.5–3.5 m
// (9 m² on average) the expected room areas are about 31 m² for kitchens,
// 27 m² for living rooms and bedrooms and 11 m² for bathrooms: those of
// ProcTHOR's reference house (docs/rooms.md), whose generator sizes rooms
// by the ratios kitchen 3, living room 2–3, bedroom 2, bathroom 1.
func shapeWeights(t RoomType) []float64 {
	switch t {
	case Bathroom:
		return []float64{0.75, 0.25, 0, 0, 0}
	case Bedroom:
		return []float64{0.05, 0.3, 0.3, 0.25, 0.1}
	case Kitchen:
		return []float64{0, 0.15, 0.45, 0.2, 0.2}
	default:
		return []float64{0, 0.35, 0.2, 0.3, 0.15}
	}
}

// procthorRoomTypes draws the number of rooms (1..10) and their types; the
// list is ordered living rooms, kitchens, bedrooms, bathrooms.
func procthorRoomTypes(r *genRand) []RoomType {
	n := 1 + r.IntN(10)
	var types []RoomType
	if n <= 4 {
		perm := r.Perm(4)
		for _, k := range perm[:n] {
			types = append(types, RoomTypes[k])
		}
	} else {
		types = append(types, RoomTypes...)
		extra := []float64{0.15, 0.15, 0.4, 0.3} // Kitchen, LivingRoom, Bedroom, Bathroom
		for len(types) < n {
			types = append(types, RoomTypes[r.Weighted(extra)])
		}
	}
	order := map[RoomType]int{LivingRoom: 0, Kitchen: 1, Bedroom: 2, Bathroom: 3}
	// Stable insertion sort by type order (the slice is tiny).
	for i := 1; i < len(types); i++ {
		for j := i; j > 0 && order[types[j]] < order[types[j-1]]; j-- {
			types[j], types[j-1] = types[j-1], types[j]
		}
	}
	return types
}

// planGrid is the scratch grid used while rooms are placed.
const planGrid = 64

// procthorFloorPlan places 1 to 10 rooms as rectangles and L-shapes of grid
// cells, each new room sharing at least one cell side with the rooms placed
// before it, then draws column widths and row depths of 2.5–3.5 m.
func procthorFloorPlan(r *genRand) *floorPlan {
	types := procthorRoomTypes(r)
	var grid [planGrid][planGrid]int
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] = -1
		}
	}
	var placed [][2]int // occupied cells in placement order
	roomCells := make([][][2]int, len(types))
	type cand struct {
		shape cellShape
		t     [2]int
		w     float64
	}
	for ri, typ := range types {
		fam := shapeFamilies[r.Weighted(shapeWeights(typ))]
		var cands []cand
		if ri == 0 {
			cands = append(cands, cand{fam[r.IntN(len(fam))], [2]int{planGrid / 2, planGrid / 2}, 1})
		}
		for _, sh := range fam {
			if ri == 0 {
				break
			}
			seen := map[[2]int]bool{}
			for _, o := range placed {
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					for _, c := range sh {
						t := [2]int{o[0] + d[0] - c[0], o[1] + d[1] - c[1]}
						if seen[t] {
							continue
						}
						seen[t] = true
						shared, bedNext, ok := 0, false, true
						for _, c2 := range sh {
							x, z := t[0]+c2[0], t[1]+c2[1]
							if x < 1 || z < 1 || x >= planGrid-1 || z >= planGrid-1 || grid[x][z] >= 0 {
								ok = false
								break
							}
							for _, d2 := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
								if k := grid[x+d2[0]][z+d2[1]]; k >= 0 {
									shared++
									if types[k] == Bedroom {
										bedNext = true
									}
								}
							}
						}
						if !ok || shared == 0 {
							continue
						}
						w := float64(shared * shared)
						if typ == Bathroom && bedNext {
							w *= 4
						}
						cands = append(cands, cand{sh, t, w})
					}
				}
			}
		}
		ws := make([]float64, len(cands))
		for i, c := range cands {
			ws[i] = c.w
		}
		c := cands[r.Weighted(ws)]
		for _, sc := range c.shape {
			x, z := c.t[0]+sc[0], c.t[1]+sc[1]
			grid[x][z] = ri
			placed = append(placed, [2]int{x, z})
			roomCells[ri] = append(roomCells[ri], [2]int{x, z})
		}
	}
	// Crop to the bounding box and draw column widths and row depths.
	i0, j0, i1, j1 := planGrid, planGrid, 0, 0
	for _, p := range placed {
		i0, j0 = min(i0, p[0]), min(j0, p[1])
		i1, j1 = max(i1, p[0]), max(j1, p[1])
	}
	fp := &floorPlan{}
	fp.colX = cumulative(r, i1-i0+1, 2.5, 3.5)
	fp.rowZ = cumulative(r, j1-j0+1, 2.5, 3.5)
	fp.owner = make([][]int, i1-i0+1)
	for i := range fp.owner {
		fp.owner[i] = make([]int, j1-j0+1)
		for j := range fp.owner[i] {
			fp.owner[i][j] = grid[i0+i][j0+j]
		}
	}
	for ri, typ := range types {
		var cells [][2]int
		for _, c := range roomCells[ri] {
			cells = append(cells, [2]int{c[0] - i0, c[1] - j0})
		}
		fp.rooms = append(fp.rooms, planRoom{num: ri + 1, id: fmt.Sprintf("room|%d", ri+1), typ: typ, cells: cells})
	}
	fp.trace()
	return fp
}

// cumulative draws n widths in [lo, hi] on the 0.25 m grid and returns their
// running sums starting at 0.
func cumulative(r *genRand, n int, lo, hi float64) []float64 {
	out := []float64{0}
	for k := 0; k < n; k++ {
		out = append(out, out[k]+r.Step(lo, hi, GridSize))
	}
	return out
}

// ithorFloorPlan returns a single room of the given type: a rectangle, or an
// L-shape made of three of four cells of a 2×2 grid with uneven cell sizes.
func ithorFloorPlan(r *genRand, typ RoomType) *floorPlan {
	lo, hi, lP := ithorRoomSize(typ)
	fp := &floorPlan{}
	room := planRoom{num: 1, id: "room|1", typ: typ}
	if r.Chance(lP) {
		w, d := r.Step(lo+0.5, hi+0.5, GridSize), r.Step(lo+0.5, hi+0.5, GridSize)
		cx := r.Step(w*0.4, w*0.65, GridSize)
		cz := r.Step(d*0.4, d*0.65, GridSize)
		cx, cz = snap(cx), snap(cz)
		fp.colX = []float64{0, cx, w}
		fp.rowZ = []float64{0, cz, d}
		missing := r.IntN(4)
		fp.owner = [][]int{{-1, -1}, {-1, -1}}
		for k, c := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			if k != missing {
				fp.owner[c[0]][c[1]] = 0
				room.cells = append(room.cells, c)
			}
		}
	} else {
		w, d := r.Step(lo, hi, GridSize), r.Step(lo, hi, GridSize)
		fp.colX = []float64{0, w}
		fp.rowZ = []float64{0, d}
		fp.owner = [][]int{{0}}
		room.cells = [][2]int{{0, 0}}
	}
	fp.rooms = []planRoom{room}
	fp.trace()
	return fp
}

// snap rounds to the 0.25 m grid.
func snap(v float64) float64 { return GridSize * float64(int(v/GridSize+0.5)) }

// cellOwner returns the room index of a cell, -1 outside the grid or when empty.
func (fp *floorPlan) cellOwner(i, j int) int {
	if i < 0 || j < 0 || i >= len(fp.owner) || j >= len(fp.owner[0]) {
		return -1
	}
	return fp.owner[i][j]
}

// trace computes every room's polygon and edges from its cells.
func (fp *floorPlan) trace() {
	for ri := range fp.rooms {
		pr := &fp.rooms[ri]
		type dEdge struct {
			from, to [2]int
			other    int
		}
		var edges []dEdge
		for _, c := range pr.cells {
			i, j := c[0], c[1]
			// Clockwise seen from above with x right and z up: left, top, right, bottom.
			sides := []struct {
				from, to [2]int
				ni, nj   int
			}{
				{[2]int{i, j}, [2]int{i, j + 1}, i - 1, j},
				{[2]int{i, j + 1}, [2]int{i + 1, j + 1}, i, j + 1},
				{[2]int{i + 1, j + 1}, [2]int{i + 1, j}, i + 1, j},
				{[2]int{i + 1, j}, [2]int{i, j}, i, j - 1},
			}
			for _, s := range sides {
				o := fp.cellOwner(s.ni, s.nj)
				if o == ri {
					continue
				}
				edges = append(edges, dEdge{s.from, s.to, o})
			}
		}
		// Start at the smallest vertex (a convex corner) and chain the edges.
		start := 0
		for k, e := range edges {
			s := edges[start].from
			if e.from[0] < s[0] || (e.from[0] == s[0] && e.from[1] < s[1]) {
				start = k
			}
		}
		byFrom := make(map[[2]int]int, len(edges))
		for k, e := range edges {
			byFrom[e.from] = k
		}
		var chain []dEdge
		for k := start; ; {
			chain = append(chain, edges[k])
			k = byFrom[edges[k].to]
			if k == start || len(chain) > len(edges) {
				break
			}
		}
		// Merge consecutive collinear edges facing the same neighbour.
		var merged []dEdge
		for _, e := range chain {
			if n := len(merged); n > 0 {
				last := &merged[n-1]
				d1 := [2]int{last.to[0] - last.from[0], last.to[1] - last.from[1]}
				d2 := [2]int{e.to[0] - e.from[0], e.to[1] - e.from[1]}
				if last.other == e.other && d1[0]*d2[1]-d1[1]*d2[0] == 0 {
					last.to = e.to
					continue
				}
			}
			merged = append(merged, e)
		}
		pr.poly = pr.poly[:0]
		pr.edges = pr.edges[:0]
		for _, e := range merged {
			a := [2]float64{fp.colX[e.from[0]], fp.rowZ[e.from[1]]}
			b := [2]float64{fp.colX[e.to[0]], fp.rowZ[e.to[1]]}
			pe := planEdge{a: a, b: b, other: e.other}
			dx, dz := b[0]-a[0], b[1]-a[1]
			pe.length = max(abs(dx), abs(dz))
			pe.normal = [2]float64{dz / pe.length, -dx / pe.length}
			pr.poly = append(pr.poly, a)
			pr.edges = append(pr.edges, pe)
		}
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
