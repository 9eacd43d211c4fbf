package real

import (
	"fmt"
	"math"
	"strings"
)

// SizeCheck is one object of standard size seen in a pair (eq. 50): its
// implied extent e_g(o) and its standard size s_o, metres.
type SizeCheck struct {
	Label    string  `json:"label"`
	Implied  float64 `json:"implied"`
	Standard float64 `json:"standard"`
}

// LogError returns |log(e_g(o)/s_o)|.
func (s SizeCheck) LogError() float64 { return math.Abs(math.Log(s.Implied / s.Standard)) }

// standardSize returns the standard size of a label's head word, if known.
func standardSize(label string) (float64, bool) {
	w := strings.Fields(label)
	if len(w) == 0 {
		return 0, false
	}
	head := strings.TrimSuffix(w[len(w)-1], "s")
	if s, ok := StandardSizes[head]; ok {
		return s, true
	}
	s, ok := StandardSizes[w[len(w)-1]]
	return s, ok
}

// sizeChecks is eq. 50 over a pair's matched objects of standard size:
// e_g(o) = max(w_o, h_o) z_o / (f g), with z_o the raw median depth.
func sizeChecks(objs []Object, k Intrinsics) []SizeCheck {
	var out []SizeCheck
	for i := range objs {
		o := &objs[i]
		s, ok := standardSize(o.Label)
		if !ok {
			continue
		}
		// Z0 is z/g already, so e = max(w, h) · Z0 / f.
		e := float64(max(o.Box0.Dx(), o.Box0.Dy())) * o.Z0 / k.focal()
		out = append(out, SizeCheck{Label: o.Label, Implied: e, Standard: s})
	}
	return out
}

// SizeScore is a factor's score over size checks: the median of
// |log(e_g(o)/s_o)| (B.3); NaN without checks.
func SizeScore(checks []SizeCheck) float64 {
	if len(checks) == 0 {
		return math.NaN()
	}
	v := make([]float32, len(checks))
	for i, c := range checks {
		v[i] = float32(c.LogError())
	}
	return medianFloat32(v)
}

// scaleConsistent is eq. 51: with c_ref the reference's stated size and
// π_ref its widest box side, c_mv the stated move and π_mv its image
// displacement, the two implied pixels per centimetre agree within
// [0.6, 1.67]; moves under 5 cm or 5 px are not checked.
func scaleConsistent(cMv, piMv, cRef, piRef float64) (float64, error) {
	if cMv < ScaleCheckMinMove || piMv < ScaleCheckMinPixels {
		return math.NaN(), nil
	}
	if cRef <= 0 || piRef <= 0 {
		return math.NaN(), fmt.Errorf("eq. 51: no scale reference")
	}
	r := (piMv / cMv) / (piRef / cRef)
	if r < ScaleRatioMin || r > ScaleRatioMax {
		return r, fmt.Errorf("eq. 51: move and reference scales disagree (ratio %.2f, want %.2f..%.2f)", r, ScaleRatioMin, ScaleRatioMax)
	}
	return r, nil
}

// statedMove is the move text's displacement (B.4): Δx and Δy rounded to
// whole centimetres, components under 2 cm omitted, depth not stated.
func statedMove(d Vec3) (cx, cy int) {
	round := func(v float64) int {
		if math.Abs(v) < MoveTextMinComponent {
			return 0
		}
		return int(math.Round(v * 100))
	}
	return round(d[0]), round(d[1])
}
