package assets

import (
	"sync"

	"flowbench/sim"
)

// derivedKey identifies one derived copy of a model: how it was derived
// and, for inset copies and procedural models, the box size it was
// prepared for, for canvas copies and prints the artwork, for the other
// procedural models their kind and colour or style, for tiled copies the
// number of tiles, and for kitchen runs also the appliances' places.
type derivedKey struct {
	m      *sim.Model
	kind   derivation
	size   sim.Vec3
	art    *sim.Texture
	colour sim.RGB
	style  furnitureStyle
	proc   proceduralKind
	tiles  int
	run    runPlaces
}

// derivation says how a copy derives from its source model.
type derivation int

const (
	derivedTurned     derivation = iota // turned 90° about y (turn.go)
	derivedRolled                       // rolled 90° about z (turn.go)
	derivedInset                        // inset in a larger box (inset.go)
	derivedCanvas                       // picture surfaces show an artwork (canvas.go)
	derivedTiled                        // copies side by side (tile.go)
	derivedRun                          // copies side by side with appliances (kitchen_run.go)
	derivedSeeThrough                   // transparent covers left out (see_through.go)
	derivedPrint                        // a canvas print of a box size (procedural.go; no source model)
	derivedFurniture                    // a table or cabinet of a box size and style (furniture.go; no source model)
	derivedColoured                     // a procedural model (colouredModels) of a box size and colour (procedural.go; no source model)
)

// copyModel returns a new Model sharing m's key, size, surfaces, levels and
// support height, for a derivation to replace what it changes (a Model
// holds its ray-casting tree's sync.Once, so it is never copied by value).
func copyModel(m *sim.Model) *sim.Model {
	return &sim.Model{Key: m.Key, Size: m.Size, Surfaces: m.Surfaces, Levels: m.Levels, SupportY: m.SupportY}
}

// derivedModels holds the derived copies of models, each built once and
// shared by all scenes as the models are.
type derivedModels struct {
	mu sync.Mutex
	m  map[derivedKey]*sim.Model
}

// get returns the copy of key, built by build on first use.
func (c *derivedModels) get(key derivedKey, build func() *sim.Model) *sim.Model {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.m[key]; ok {
		return t
	}
	if c.m == nil {
		c.m = map[derivedKey]*sim.Model{}
	}
	t := build()
	c.m[key] = t
	return t
}

// oriented returns m in orientation or (orientation.rotate).
func (c *derivedModels) oriented(m *sim.Model, or orientation) *sim.Model {
	if or == asModelled {
		return m
	}
	kind := derivedTurned
	if or == rolled {
		kind = derivedRolled
	}
	return c.get(derivedKey{m: m, kind: kind}, func() *sim.Model { return or.rotate(m) })
}

// inset returns m prepared to be drawn with per-axis scales s in a box of
// size obj (insetModel).
func (c *derivedModels) inset(m *sim.Model, obj, s sim.Vec3) *sim.Model {
	size := sim.Vec3{obj[0] / s[0], obj[1] / s[1], obj[2] / s[2]}
	return c.get(derivedKey{m: m, kind: derivedInset, size: size}, func() *sim.Model { return insetModel(m, size) })
}

// canvas returns m with the surfaces names showing artwork art
// (withArtwork).
func (c *derivedModels) canvas(m *sim.Model, art *sim.Texture, names []string) *sim.Model {
	return c.get(derivedKey{m: m, kind: derivedCanvas, art: art}, func() *sim.Model { return withArtwork(m, art, names) })
}

// tiled returns n copies of m side by side (tiledModel).
func (c *derivedModels) tiled(m *sim.Model, n int) *sim.Model {
	return c.get(derivedKey{m: m, kind: derivedTiled, tiles: n}, func() *sim.Model { return tiledModel(m, n) })
}

// seeThrough returns m without the transparent covers seeThroughSurfaces
// lists for its catalog entry (m itself when none).
func (c *derivedModels) seeThrough(m *sim.Model) *sim.Model {
	if len(seeThroughSurfaces[m.Key]) == 0 {
		return m
	}
	return c.get(derivedKey{m: m, kind: derivedSeeThrough}, func() *sim.Model { return withoutCovers(m) })
}
