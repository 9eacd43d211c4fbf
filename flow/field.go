package flow

import (
	"fmt"
	"math"
)

// Unknown is the value stored in both components of a flow vector that is
// undefined because the moved point would lie behind the camera. It follows
// the Middlebury convention: readers treat |dx| or |dy| above UnknownThreshold
// as unknown. Such pixels are never marked valid.
const (
	Unknown          = 1e10
	UnknownThreshold = 1e9
)

// Field is a dense optical-flow field: for each pixel (i, j) of a W×H image,
// D[2*(j*W+i)] is the horizontal displacement dx (pixels, right positive) and
// D[2*(j*W+i)+1] the vertical displacement dy (pixels, down positive).
type Field struct {
	W, H int
	D    []float32
}

// NewField returns a zero field of the given size.
func NewField(w, h int) Field { return Field{W: w, H: h, D: make([]float32, 2*w*h)} }

// At returns the flow vector of pixel (i, j).
func (f Field) At(i, j int) (dx, dy float32) {
	k := 2 * (j*f.W + i)
	return f.D[k], f.D[k+1]
}

// Known reports whether a flow vector is defined (not Unknown).
func Known(dx, dy float32) bool {
	return math.Abs(float64(dx)) <= UnknownThreshold && math.Abs(float64(dy)) <= UnknownThreshold
}

// Check reports a field whose data length does not match its size.
func (f Field) Check() error {
	if f.W <= 0 || f.H <= 0 {
		return fmt.Errorf("flow field size %dx%d must be positive", f.W, f.H)
	}
	if len(f.D) != 2*f.W*f.H {
		return fmt.Errorf("flow field %dx%d needs %d values, has %d", f.W, f.H, 2*f.W*f.H, len(f.D))
	}
	return nil
}

// MaxMagnitude returns the largest |(dx, dy)| over known vectors whose mask
// entry is non-zero (all known vectors when mask is nil).
func (f Field) MaxMagnitude(mask []uint8) float64 {
	m := 0.0
	for p := 0; p < f.W*f.H; p++ {
		if mask != nil && mask[p] == 0 {
			continue
		}
		dx, dy := f.D[2*p], f.D[2*p+1]
		if !Known(dx, dy) {
			continue
		}
		m = math.Max(m, math.Hypot(float64(dx), float64(dy)))
	}
	return m
}

// Mask is a per-pixel W×H mask; M[j*W+i] is 1 where the property holds and 0 elsewhere.
type Mask struct {
	W, H int
	M    []uint8
}

// Count returns the number of set pixels.
func (m Mask) Count() int {
	n := 0
	for _, v := range m.M {
		if v != 0 {
			n++
		}
	}
	return n
}
