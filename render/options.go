package render

import (
	"image/color"
	"math"
	"runtime"

	"flowbench/sim"
)

// Default rendering parameters.
const (
	DefaultNear       = 0.01 // metres; surfaces nearer than this are not drawn
	DefaultAmbient    = 0.45 // ambient light fraction (LightFlat)
	DefaultDiffuse    = 0.55 // directional light fraction at normal incidence (LightFlat)
	DefaultBandHeight = 16   // rows per work unit
)

// DefaultLightDir is the direction towards the directional light (unnormalised):
// from above, slightly from the right and from behind a camera facing +z.
var DefaultLightDir = sim.Vec3{0.35, 1, -0.45}

// LightingMode selects the shading model.
type LightingMode int

const (
	// LightInterior (the default) lights every pixel with an ambient term, a
	// soft directional "window" light and its room's main light (a warm point
	// light near the ceiling centre, with distance falloff and shadow maps);
	// textured surfaces are sampled and smooth normals interpolated.
	LightInterior LightingMode = iota
	// LightFlat is the original look: one Lambert colour per triangle from
	// the directional light, no textures, no room lights, no shadows.
	LightFlat
)

// AAMode selects the RGB anti-aliasing used when Supersample ≤ 1.
type AAMode int

const (
	// AAEdge (the default) shades pixels on an edge (see isEdge) from 2×2
	// samples and every other pixel once at its centre.
	AAEdge AAMode = iota
	// AAOff shades every pixel once at its centre.
	AAOff
)

// Options configures a Renderer. The zero value means "use the defaults":
// interior lighting with shadows, textures, edge anti-aliasing and automatic
// level of detail. Depth, ids, classes and stats are always exact at pixel
// centres, whatever the options.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	// The output does not depend on it.
	Workers int
	// Near is the near-plane distance in metres (default DefaultNear).
	Near float64
	// Supersample k > 1 renders the RGB image with k×k samples per pixel and
	// averages them (instead of AntiAlias). Depth, ids, classes and stats
	// always use pixel centres.
	Supersample int
	// AntiAlias is the RGB anti-aliasing when Supersample ≤ 1 (default AAEdge).
	AntiAlias AAMode
	// Lighting selects the shading model (default LightInterior).
	Lighting LightingMode
	// NoShadows turns the room lights' shadow maps off.
	NoShadows bool
	// NoTextures draws textured surfaces in their plain colour.
	NoTextures bool
	// Trilinear filters textures between the two nearest mip levels instead
	// of bilinearly in the nearest one.
	Trilinear bool
	// ShadowMapSize is the side of each shadow-map face in texels
	// (default DefaultShadowMapSize).
	ShadowMapSize int
	// LevelOfDetail draws each model at a level that follows its projected
	// size (see chooseLevel) instead of level 0, the mesh the ray caster
	// uses. Faster, but a simplified level can change what an object looks
	// like (a torn sofa, a bowl without its fruit: issue 35), so datasets
	// never use it; depth and ids are exact for the level drawn.
	LevelOfDetail bool
	// ClusterLOD draws each posed model (level 0) cluster by cluster from
	// its hierarchy of simplified cluster groups (cluster_lod.go): in each
	// place the coarsest clusters whose simplification error projects under
	// ClusterLODError pixels. Group borders are locked, so neighbouring
	// choices never crack; depth, ids and flow are exact for the geometry
	// drawn, and the ray caster and physics keep level 0. It replaces
	// LevelOfDetail's whole-model levels when both are set.
	ClusterLOD bool
	// SkipRGB draws only depth, ids, classes and stats, leaving Frame.RGB as
	// it was (no shading, no shadow maps): for callers that never look at
	// colours, such as planning renders.
	SkipRGB bool
	// NoOcclusionCulling sets up every object's triangles even when the
	// walls hide it (occlusion.go); the frame is the same either way.
	NoOcclusionCulling bool
	// NoClusterCulling sets up every triangle of a model in the view's
	// frustum, not only those of the clusters the view can show
	// (cluster_cull.go); the frame is the same either way. With ClusterLOD
	// it sets up every cluster of the level of detail chosen.
	NoClusterCulling bool
	// NoFrameCache draws every frame from scratch: no set-ups or label
	// bands kept from the last frame of the same camera (label_cache.go), no
	// structure pass kept for occlusion culling (occlusion.go), no recent RGB
	// frames recalled (frame_memo.go). The frame is the same either way;
	// benchmarks of one view use it.
	NoFrameCache bool
	// LightDir points towards the directional light (default DefaultLightDir).
	LightDir sim.Vec3
	// Ambient and Diffuse weight the ambient and the directional light.
	// LightFlat: colour = base × shade × (Ambient + Diffuse × max(0, n·l)),
	// defaults DefaultAmbient and DefaultDiffuse. LightInterior: defaults
	// DefaultInteriorAmbient and DefaultWindowLight. Both zero means the defaults.
	Ambient, Diffuse float64
	// RoomLight is the room lights' intensity (LightInterior; default
	// DefaultRoomLight; negative turns them off).
	RoomLight float64
	// Background, when its alpha is not zero, fills pixels where nothing is
	// hit with one flat colour; by default (zero) they show the outdoors,
	// sky above the horizon and lawn below (OutdoorColor).
	Background color.RGBA
}

// withDefaults returns the options with zero fields replaced by defaults.
func (o Options) withDefaults() Options {
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if !(o.Near > 0) || math.IsInf(o.Near, 0) {
		o.Near = DefaultNear
	}
	if o.Supersample < 1 {
		o.Supersample = 1
	}
	if o.LightDir == (sim.Vec3{}) {
		o.LightDir = DefaultLightDir
	}
	if o.Ambient == 0 && o.Diffuse == 0 {
		if o.Lighting == LightFlat {
			o.Ambient, o.Diffuse = DefaultAmbient, DefaultDiffuse
		} else {
			o.Ambient, o.Diffuse = DefaultInteriorAmbient, DefaultWindowLight
		}
	}
	if o.RoomLight == 0 {
		o.RoomLight = DefaultRoomLight
	}
	if o.ShadowMapSize <= 0 {
		o.ShadowMapSize = DefaultShadowMapSize
	}
	return o
}
