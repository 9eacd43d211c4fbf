package simsource

import (
	"fmt"
	"strings"
)

// NoiseLevel selects how strongly the estimator imitations degrade a pair.
type NoiseLevel int

// The noise levels; None keeps every estimator output exact. Low and
// Medium were added after the others and take the next values, so that
// none, default and high keep their random streams (which draw on the
// level's value); NoiseLevels gives the order of increasing noise.
const (
	NoiseNone NoiseLevel = iota
	NoiseDefault
	NoiseHigh
	NoiseLow
	NoiseMedium
)

// NoiseLevels lists the levels in increasing order of noise.
var NoiseLevels = []NoiseLevel{NoiseNone, NoiseLow, NoiseDefault, NoiseMedium, NoiseHigh}

var noiseNames = [...]string{"none", "default", "high", "low", "medium"}

// String names the level: none, low, default, medium or high.
func (l NoiseLevel) String() string {
	if l >= 0 && int(l) < len(noiseNames) {
		return noiseNames[l]
	}
	return fmt.Sprintf("NoiseLevel(%d)", int(l))
}

// ParseNoiseLevel reads a level name.
func ParseNoiseLevel(s string) (NoiseLevel, error) {
	for i, n := range noiseNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return NoiseLevel(i), nil
		}
	}
	return 0, fmt.Errorf("unknown noise level %q (want none, low, default, medium or high)", s)
}

// NoiseParams are the numbers of one noise level. Each estimator is
// imitated by the few effects that matter to the Real rules.
type NoiseParams struct {
	// Depth (a monocular metric depth model):
	// DepthScale is the half-width of the uniform global scale error, one
	// draw per pair shared by both frames (Depth Anything 3 predicts them in
	// one call): depth × U(1 − s, 1 + s).
	DepthScale float64
	// DepthRel is the standard deviation of the per-pixel relative
	// Gaussian noise: depth × (1 + N(0, r)).
	DepthRel float64
	// DepthBleed is how many pixels the nearer surface's depth leaks across
	// a depth discontinuity (a step of more than DepthBleedStep relative):
	// a pixel takes the smallest depth within this radius.
	DepthBleed int
	// Masks (a text-prompted segmenter):
	// MaskBoundary is the largest erosion or dilation of a mask's
	// boundary, pixels; each mask of each frame draws a radius uniformly in
	// [−b, b].
	MaskBoundary int
	// MaskMiss is the probability that an object's mask is missing in a
	// frame.
	MaskMiss float64
	// MaskSpurious is the expected number of spurious masks per frame (a
	// blob on the surface or background under an object noun).
	MaskSpurious float64
	// LabelSwap is the probability that a mask's label is replaced by a
	// similar noun or a generic fallback, per mask and frame.
	LabelSwap float64
	// MinScore is the lowest segmenter score drawn for a true mask (scores
	// are U(MinScore, 1); 1 when MinScore is 1).
	MinScore float64
	// Tracks (a dense point tracker):
	// TrackJitter is the standard deviation of the Gaussian endpoint
	// jitter, pixels, per component.
	TrackJitter float64
	// TrackOutlier is the share of tracks replaced by a random
	// displacement of up to TrackOutlierRange pixels per component.
	TrackOutlier float64
}

// DepthBleedStep is the relative depth step that counts as a discontinuity
// for edge bleeding.
const DepthBleedStep = 0.05

// TrackOutlierRange bounds an outlier track's displacement, pixels.
const TrackOutlierRange = 120.0

// SpuriousMinArea, SpuriousMaxArea bound a spurious mask's area, pixels.
const SpuriousMinArea, SpuriousMaxArea = 400, 4000

// Noise is the one table of noise numbers, by level (docs/real.md
// states the same). Low is half of default (MinScore's distance from 1
// halved; the mask boundary stays 1 px, the least that is not exact),
// medium halfway between default and high (the boundary rounded up).
var Noise = map[NoiseLevel]NoiseParams{
	NoiseNone: {MinScore: 1},
	NoiseLow: {DepthScale: 0.025, DepthRel: 0.005, DepthBleed: 1,
		MaskBoundary: 1, MaskMiss: 0.015, MaskSpurious: 0.05, LabelSwap: 0.015, MinScore: 0.8,
		TrackJitter: 0.5, TrackOutlier: 0.01},
	NoiseDefault: {DepthScale: 0.05, DepthRel: 0.01, DepthBleed: 2,
		MaskBoundary: 1, MaskMiss: 0.03, MaskSpurious: 0.1, LabelSwap: 0.03, MinScore: 0.6,
		TrackJitter: 1, TrackOutlier: 0.02},
	NoiseMedium: {DepthScale: 0.10, DepthRel: 0.02, DepthBleed: 3,
		MaskBoundary: 2, MaskMiss: 0.065, MaskSpurious: 0.3, LabelSwap: 0.065, MinScore: 0.5,
		TrackJitter: 2, TrackOutlier: 0.05},
	NoiseHigh: {DepthScale: 0.15, DepthRel: 0.03, DepthBleed: 4,
		MaskBoundary: 2, MaskMiss: 0.10, MaskSpurious: 0.5, LabelSwap: 0.10, MinScore: 0.4,
		TrackJitter: 3, TrackOutlier: 0.08},
}
