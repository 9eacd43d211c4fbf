// Package marks draws FlowBench-Real's two mark versions (B.4, Marks):
// numbered red badges on every marked object, and colour dots on the
// objects a question mentions.
package marks

import (
	"image"
	"image/color"
	"math/rand/v2"
)

// Badge is one numbered badge: the mark number and the pixel it is
// centred on.
type Badge struct {
	N    int
	X, Y float64
}

// Color is a named palette colour.
type Color struct {
	Name string
	RGB  color.NRGBA
}

// Dot is one colour dot centred on a pixel.
type Dot struct {
	X, Y  float64
	Color Color
}

// Palette returns the dot colours in a fixed order.
func Palette() []Color { panic("marks: not implemented yet") }

// ChooseColors picks one distinct palette colour per object (each object
// given by its mask's pixel indices y*W+x in img), at random from rng: a
// colour is never the palette colour nearest or second nearest to the
// object's mean colour beneath it, nor within DotMinDeltaE CIELAB units of
// it. It fails when no palette colour qualifies.
func ChooseColors(img image.Image, masks [][]int32, rng *rand.Rand) ([]Color, error) {
	panic("marks: not implemented yet")
}

// Numbered returns a copy of img with a red numbered badge per badge.
func Numbered(img image.Image, badges []Badge) *image.NRGBA { panic("marks: not implemented yet") }

// Dots returns a copy of img with the colour dots drawn.
func Dots(img image.Image, dots []Dot) *image.NRGBA { panic("marks: not implemented yet") }
