package score

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// textToken matches the words and numbers of a text.
var textToken = regexp.MustCompile(`[a-z]+|\d+(?:\.\d+)?`)

// The text-only features of a (question, choice) pair are a sparse map of
// feature name to value. Absent word features are 0; absent number
// features are missingValue, so a split can tell them apart.
const missingValue = -1e6

// numberPrefixes mark the features whose absent value is missingValue.
var numberPrefixes = []string{"q:n:", "c:n"}

// defaultOf returns the value of an absent feature.
func defaultOf(name string) float64 {
	for _, p := range numberPrefixes {
		if strings.HasPrefix(name, p) {
			return missingValue
		}
	}
	return 0
}

// centimetreUnits are the unit words after which a number is in cm.
var centimetreUnits = map[string]bool{"cm": true, "centimetre": true, "centimetres": true, "centimeter": true, "centimeters": true}

// tokenMetres parses token i as a number, in metres when a centimetre unit
// follows it.
func tokenMetres(toks []string, i int) (float64, bool) {
	v, err := strconv.ParseFloat(toks[i], 64)
	if err != nil {
		return 0, false
	}
	if i+1 < len(toks) && centimetreUnits[toks[i+1]] {
		v /= 100
	}
	return v, true
}

// textNumbers returns the numbers of a text in order, in metres where a
// centimetre unit follows.
func textNumbers(toks []string) []float64 {
	var out []float64
	for i := range toks {
		if v, ok := tokenMetres(toks, i); ok {
			out = append(out, v)
		}
	}
	return out
}

// motionComponents parses a motion text into signed camera-frame
// components: right (+) / left (−), forward (+) / back (−) and down, in
// metres. Each number takes the first direction word within six tokens
// ("11 cm to the camera's right", "0.5 m closer to the camera").
func motionComponents(toks []string) (right, forward, down float64) {
	for i := range toks {
		v, ok := tokenMetres(toks, i)
		if !ok {
			continue
		}
	scan:
		for j := i + 1; j < len(toks) && j <= i+6; j++ {
			switch toks[j] {
			case "left", "leftward", "leftwards":
				right -= v
				break scan
			case "right", "rightward", "rightwards":
				right += v
				break scan
			case "forward", "forwards", "away", "further", "farther":
				forward += v
				break scan
			case "back", "backward", "backwards", "towards", "toward", "closer", "nearer":
				forward -= v
				break scan
			case "down", "drops", "drop", "falls", "settles":
				down += v
				break scan
			}
		}
	}
	return right, forward, down
}

// questionFeatures returns the question-level features of a row: stem and
// motion words, the words they share, the stem's numbers in order and the
// parsed motion.
func questionFeatures(r *AuditRow) map[string]float64 {
	f := map[string]float64{}
	stem, _, _ := strings.Cut(r.Question, "\n")
	qt := textToken.FindAllString(strings.ToLower(stem), -1)
	mt := textToken.FindAllString(strings.ToLower(r.MotionText), -1)
	for _, w := range qt {
		if _, err := strconv.ParseFloat(w, 64); err != nil {
			f["q:w:"+w] = 1
		}
	}
	for _, w := range mt {
		if _, err := strconv.ParseFloat(w, 64); err != nil {
			f["m:w:"+w] = 1
		}
	}
	// Words the stem shares with the motion text ("left" in both).
	for _, w := range qt {
		if f["m:w:"+w] == 1 {
			f["qm:w:"+w] = 1
		}
	}
	nums := textNumbers(qt)
	for i, v := range nums {
		f["q:n:"+strconv.Itoa(i)] = v
	}
	if len(nums) > 0 {
		lo, hi := nums[0], nums[0]
		for _, v := range nums {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		f["q:n:min"], f["q:n:max"] = lo, hi
	}
	right, fwd, down := motionComponents(mt)
	f["m:right"], f["m:forward"], f["m:down"] = right, fwd, down
	f["m:len"] = math.Hypot(right, fwd)
	return f
}

// choiceFeatures adds the features of choice i: its words, its number,
// its letter index.
func choiceFeatures(q map[string]float64, r *AuditRow, i int) map[string]float64 {
	f := make(map[string]float64, len(q)+4)
	for k, v := range q {
		f[k] = v
	}
	ch := strings.ToLower(r.Choices[i])
	for _, w := range textToken.FindAllString(ch, -1) {
		if _, err := strconv.ParseFloat(w, 64); err != nil {
			f["c:w:"+w] = 1
		}
	}
	if v, err := strconv.ParseFloat(strings.TrimSpace(ch), 64); err == nil {
		f["c:n"] = v
	}
	f["c:idx"] = float64(i)
	return f
}
