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
	DefaultAmbient    = 0.45 // ambient light fraction
	DefaultDiffuse    = 0.55 // directional light fraction at normal incidence
	DefaultBandHeight = 16   // rows per work unit
)

// DefaultLightDir is the direction towards the directional light (unnormalised):
// from above, slightly from the right and from behind a camera facing +z.
var DefaultLightDir = sim.Vec3{0.35, 1, -0.45}

// Options configures a Renderer. The zero value means "use the defaults".
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	// The output does not depend on it.
	Workers int
	// Near is the near-plane distance in metres (default DefaultNear).
	Near float64
	// Supersample k > 1 renders the RGB image with k×k samples per pixel and
	// averages them. Depth, ids, classes and stats always use pixel centres.
	Supersample int
	// LightDir points towards the directional light (default DefaultLightDir).
	LightDir sim.Vec3
	// Ambient and Diffuse weight the Lambert model
	// colour = base × shade × (Ambient + Diffuse × max(0, n·l)).
	// Both zero means the defaults.
	Ambient, Diffuse float64
	// Background fills pixels where nothing is hit (default DefaultBackground).
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
		o.Ambient, o.Diffuse = DefaultAmbient, DefaultDiffuse
	}
	if o.Background == (color.RGBA{}) {
		o.Background = DefaultBackground
	}
	return o
}

// DefaultBackground is the sky colour seen through windows and open doors.
var DefaultBackground = color.RGBA{178, 204, 229, 255}
