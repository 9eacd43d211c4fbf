package planner

import "math/rand/v2"

// The orthogonal share of feasibility probes. A.2.5: "With probability
// ≈ 0.85, the probe direction is orthogonal to the setup move." Drawing the
// candidates' order with that probability (probeCandidates) is not enough:
// an orthogonal probe that gives the wrong answer class falls back to a
// slide along the setup axis of the same length, the closed-form wall
// negative follows the nearest wall whatever the setup axis, and the
// direction balance (lean rule) may leave out both orthogonal directions.
// On the 120 test scenes (256 px) 59.0 % of the probes were orthogonal,
// and 21.3 % went back the way the setup move came (mostly "yes": the
// mover came from there). So the balance counts the emitted probes by
// their axis (ProbeAxes) and, like the yes/no counts, makes an orthogonal
// probe a strict wish while their share is under FeasOrthogonal
// (Intent.Orthogonal), drawing it with that probability on a tie (a
// block's first question). A drop is vertical, so orthogonal to the
// horizontal setup move; a compound probe has a component along the setup
// axis, so it is not.

// orthogonalWish reports whether the next feasibility probe must be
// orthogonal to its setup move: the orthogonal share of the probes so far
// is under FeasOrthogonal, or on a tie u < FeasOrthogonal.
func (b *Balance) orthogonalWish(u float64) bool {
	if side := rateSide(b.ProbeAxes[1], b.ProbeAxes[0]+b.ProbeAxes[1], FeasOrthogonal); side != 0 {
		return side < 0
	}
	return u < FeasOrthogonal
}

// recordProbeAxis counts an emitted probe by its relation to the setup
// move (metrics.probe.setup_relation): orthogonal for a slide on the other
// axis and a drop, along the setup axis for a slide on it and a compound
// probe.
func (b *Balance) recordProbeAxis(rel any) {
	switch rel {
	case RelOrthogonal, RelDown:
		b.ProbeAxes[1]++
	case RelSame, RelOpposite, RelCompound:
		b.ProbeAxes[0]++
	}
}

// orthoDirections is the probe-direction preference of an orthogonal
// wish (Intent.OrthoDirections): the lean rule applied within each camera
// axis, left/right then forward/back, so that whichever axis the setup
// move takes, the other keeps at least one direction (the directions where
// the class does not lead, or both, when the rule allows neither).
func (b *Balance) orthoDirections(cls int, share float64, rng *rand.Rand) []string {
	var out []string
	for _, pair := range [2][2]Direction{{Left, Right}, {Forward, Back}} {
		var own, other [2]int
		var keys [2]string
		for i, d := range pair {
			own[i], other[i], keys[i] = b.ProbeDirs[cls][d], b.ProbeDirs[1-cls][d], "probe_dir:"+d.String()
		}
		for _, i := range leanOrder(own[:], other[:], keys[:], b.Block, cls == 1, share, rng) {
			out = append(out, pair[i].String())
		}
	}
	return out
}
