package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// This file is the entry point of procedural house generation. A house is a
// pure function of (style, seed, index): every random choice comes from one
// PCG stream seeded from them, and nothing iterates over a map.

// Generate builds one procedural house. Style "procthor" gives multi-room
// training houses (1 to 10 rooms); style "ithor" gives the 120 named
// single-room test scenes, index 0..119 selecting IthorSceneNames()[index].
// The same arguments always give identical EncodeHouse bytes.
func Generate(style string, seed int64, index int) (*House, error) {
	return GenerateWith(style, seed, index, GenerateOptions{})
}

// GenerateOptions are Generate's optional choices; the zero value is the
// default. They change no random draw: a house differs only in what they
// name.
type GenerateOptions struct {
	// ObjectColors gives every object a flat palette colour as its
	// "material" ({name, color}), which AI2-THOR's CreateHouse applies over
	// the asset's own materials. Off by default: objects keep their assets'
	// materials, as in ProcTHOR's houses ("material": null).
	ObjectColors bool
}

// GenerateWith is Generate with options.
func GenerateWith(style string, seed int64, index int, opt GenerateOptions) (*House, error) {
	st, err := styleByName(style)
	if err != nil {
		return nil, err
	}
	if index < 0 {
		return nil, fmt.Errorf("house index %d is negative", index)
	}
	if st == ithorStyle {
		names := IthorSceneNames()
		if index >= len(names) {
			return nil, fmt.Errorf("ithor house index %d is out of range: there are %d scenes (0..%d)", index, len(names), len(names)-1)
		}
		return GenerateIthorWith(names[index], seed, opt)
	}
	r := newGenRand(st.tag, seed, uint64(index))
	plan := procthorFloorPlan(r)
	fixtures := newGenRand(st.tag^fixtureTag, seed, uint64(index))
	return buildHouse(st, r, fixtures, plan, fmt.Sprintf("procthor-%d-room", len(plan.rooms)), opt)
}

// GenerateIthor builds the named iTHOR-style single-room scene (for example
// "FloorPlan12" is a kitchen) for a seed.
func GenerateIthor(name string, seed int64) (*House, error) {
	return GenerateIthorWith(name, seed, GenerateOptions{})
}

// GenerateIthorWith is GenerateIthor with options.
func GenerateIthorWith(name string, seed int64, opt GenerateOptions) (*House, error) {
	typ, num, err := ithorRoomType(name)
	if err != nil {
		return nil, err
	}
	r := newGenRand(ithorStyle.tag, seed, uint64(num))
	plan := ithorFloorPlan(r, typ)
	for i := range plan.rooms {
		plan.rooms[i].ithorSlot, plan.rooms[i].ithorSeed = ithorSlot(num), seed
	}
	fixtures := newGenRand(ithorStyle.tag^fixtureTag, seed, uint64(num))
	return buildHouse(ithorStyle, r, fixtures, plan, name, opt)
}

// fixtureTag is mixed into the seed of the fixture pass's own stream.
const fixtureTag = 0x6669787475726573 // "fixtures"

// buildHouse turns a floor plan into a complete house: walls, doors,
// windows, furniture, small objects, fixtures, lights and the agent's start
// pose. The fixtures come from their own stream fr, so every other choice is
// what it was before fixtures existed.
func buildHouse(st *genStyle, r, fr *genRand, plan *floorPlan, specID string, opt GenerateOptions) (*House, error) {
	h := &House{
		Doors:   []Door{},
		Objects: []HouseObject{},
		Rooms:   []Room{},
		Walls:   []Wall{},
		Windows: []Window{},
	}
	wallH := math.Round(r.Uniform(st.wallHeight[0], st.wallHeight[1])*1000) / 1000
	for i := range plan.rooms {
		pr := &plan.rooms[i]
		pr.floor = st.pickColor(r, st.floors)
		pr.wall = st.pickColor(r, st.walls)
	}
	addWalls(h, plan, st, wallH)
	addDoors(h, plan, r)
	addWindows(h, plan, st, r, wallH)
	for i := range plan.rooms {
		pr := &plan.rooms[i]
		room := Room{
			Ceilings:      []any{},
			Children:      []any{},
			FloorMaterial: pr.floor,
			ID:            pr.id,
			RoomType:      string(pr.typ),
		}
		for _, p := range pr.poly {
			room.FloorPolygon = append(room.FloorPolygon, XYZ{p[0], 0, p[1]})
		}
		h.Rooms = append(h.Rooms, room)
	}
	cat := DefaultCatalog()
	var start [2]float64
	roomObjects := make([][]int, len(plan.rooms))
	for i := range plan.rooms {
		objs, agent := furnishRoom(st, r, fr, cat, &plan.rooms[i], wallH)
		objs = addFixtures(st, fr, cat, &plan.rooms[i], wallH, objs, agent)
		for range objs {
			roomObjects[i] = append(roomObjects[i], len(h.Objects)+len(roomObjects[i]))
		}
		if !opt.ObjectColors {
			dropObjectMaterials(objs)
		}
		h.Objects = append(h.Objects, objs...)
		if i == 0 {
			start = agent
		}
	}
	ceil := st.ceiling
	cc := ceil.C
	h.ProceduralParameters = ProceduralParameters{
		CeilingColor:           &cc,
		CeilingMaterial:        Material{Name: ceil.Name, Color: &cc},
		FloorColliderThickness: 1,
		Lights:                 houseLights(plan, wallH),
		ReceptacleHeight:       0.7,
		Reflections:            []any{},
		SkyboxID:               []string{"Sky1", "SkyAlbany", "SkyGasworks", "SkyMountain"}[r.IntN(4)],
	}
	setLayers(h, plan, roomObjects)
	yaw := float64(90 * r.IntN(4))
	pose := func() AgentPose {
		t := true
		return AgentPose{Horizon: 30, Position: XYZ{start[0], 0.95, start[1]}, Rotation: XYZ{0, yaw, 0}, Standing: &t}
	}
	h.Metadata = HouseMetadata{
		Agent:      pose(),
		AgentPoses: map[string]AgentPose{"arm": pose(), "default": pose(), "locobot": pose(), "stretch": pose()},
		RoomSpecID: specID,
		Schema:     SchemaVersion,
	}
	return h, nil
}

// houseLights returns a directional sun and one warm point light per room.
func houseLights(plan *floorPlan, wallH float64) []Light {
	sun := XYZ{66, 75, 0}
	one := 1.0
	out := []Light{{ID: "DirectionalLight", Type: "directional", Intensity: 1, Position: XYZ{0.84, 0.1855, -1.09}, Rotation: &sun,
		RGB: RGB{1, 1, 1}, IndirectMultiplier: &one, Shadow: lightShadow("directional")}}
	for _, pr := range plan.rooms {
		c := polygonCentroid(pr.poly)
		out = append(out, Light{ID: fmt.Sprintf("light_%d", pr.num), Type: "point", Intensity: 0.45,
			Position: XYZ{c[0], wallH - 0.2, c[1]}, RGB: RGB{1, 0.855, 0.722}, Range: 15, Shadow: lightShadow("point")})
	}
	return out
}

// polygonCentroid returns the area centroid of a simple polygon in xz.
func polygonCentroid(p [][2]float64) [2]float64 {
	var a, cx, cz float64
	for i := range p {
		j := (i + 1) % len(p)
		cr := p[i][0]*p[j][1] - p[j][0]*p[i][1]
		a += cr
		cx += (p[i][0] + p[j][0]) * cr
		cz += (p[i][1] + p[j][1]) * cr
	}
	if a == 0 {
		return p[0]
	}
	return [2]float64{cx / (3 * a), cz / (3 * a)}
}

// genRand is the generator's random stream (PCG from math/rand/v2).
type genRand struct{ *rand.Rand }

// newGenRand seeds a PCG stream from a style tag, the user's seed and an index.
func newGenRand(tag uint64, seed int64, index uint64) *genRand {
	s1 := splitMix(uint64(seed) ^ tag)
	s2 := splitMix(index ^ splitMix(tag+uint64(seed)))
	return &genRand{rand.New(rand.NewPCG(s1, s2))}
}

// splitMix is the SplitMix64 finaliser, used to spread seeds over 64 bits.
func splitMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Uniform returns a uniform float in [lo, hi).
func (r *genRand) Uniform(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }

// Chance returns true with probability p.
func (r *genRand) Chance(p float64) bool { return r.Float64() < p }

// Weighted returns an index drawn with probability proportional to w[i];
// -1 when all weights are zero.
func (r *genRand) Weighted(w []float64) int {
	total := 0.0
	for _, v := range w {
		total += v
	}
	if total <= 0 {
		return -1
	}
	x := r.Float64() * total
	for i, v := range w {
		if x < v {
			return i
		}
		x -= v
	}
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] > 0 {
			return i
		}
	}
	return -1
}

// Step returns a multiple of step drawn uniformly from [lo, hi].
func (r *genRand) Step(lo, hi, step float64) float64 {
	n := int(math.Floor((hi-lo)/step + 1e-9))
	return lo + step*float64(r.IntN(n+1))
}
