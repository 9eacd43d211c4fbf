package render

import (
	"image/color"
	"math/rand/v2"
)

// Dot colours. Each dot takes a palette colour that contrasts with the
// object under it (AllowedColors), and within one placement (one question)
// any two dots differ by at least MinDotPairDeltaE2000, so no two dots of a
// question can be mistaken for each other.

// NamedColor is a palette entry.
type NamedColor struct {
	Name  string
	Color color.RGBA
}

// Palette is the set of dot colours: nine of Trubetskoy's distinct colours,
// every pair at least MinDotPairDeltaE2000 apart (the closest pair, cyan and
// white, at 25.5).
var Palette = []NamedColor{
	{"red", color.RGBA{230, 25, 75, 255}},
	{"green", color.RGBA{60, 180, 75, 255}},
	{"yellow", color.RGBA{255, 225, 25, 255}},
	{"blue", color.RGBA{0, 130, 200, 255}},
	{"orange", color.RGBA{245, 130, 48, 255}},
	{"purple", color.RGBA{145, 30, 180, 255}},
	{"cyan", color.RGBA{70, 240, 240, 255}},
	{"white", color.RGBA{255, 255, 255, 255}},
	{"black", color.RGBA{0, 0, 0, 255}},
}

// RetiredColors are the dot colours of earlier versions that the palette
// dropped because they lie under MinDotPairDeltaE2000 from another entry
// (lime from yellow at 14.1 and green at 24.5, magenta from purple at 21.1,
// pink from white at 22.6). Readers of older datasets (ColorByName) still
// know them.
var RetiredColors = []NamedColor{
	{"magenta", color.RGBA{240, 50, 230, 255}},
	{"lime", color.RGBA{210, 245, 60, 255}},
	{"pink", color.RGBA{250, 190, 212, 255}},
}

// ColorByName returns the palette or retired dot colour of that name.
func ColorByName(name string) (NamedColor, bool) {
	for _, list := range [][]NamedColor{Palette, RetiredColors} {
		for _, c := range list {
			if c.Name == name {
				return c, true
			}
		}
	}
	return NamedColor{}, false
}

// BadgeColor is the disc colour of numbered badges.
var BadgeColor = NamedColor{"red", color.RGBA{220, 20, 30, 255}}

// MinColorDeltaE is the smallest CIE76 difference allowed between a dot's
// colour and the mean colour of the object under it.
const MinColorDeltaE = 40

// MinDotPairDeltaE2000 is the smallest CIEDE2000 difference between any two
// dot colours of one placement (one question).
const MinDotPairDeltaE2000 = 25

// AllowedColors returns the palette colours a dot on an object of the given
// mean colour may take: not the nearest nor the second-nearest palette colour
// to the mean (CIE76 in CIELAB), and none within MinColorDeltaE of it.
func AllowedColors(mean color.RGBA) []NamedColor {
	ml := LabOf(mean)
	first, second := -1, -1
	dist := make([]float64, len(Palette))
	for i, c := range Palette {
		dist[i] = DeltaE76(ml, LabOf(c.Color))
		switch {
		case first < 0 || dist[i] < dist[first]:
			first, second = i, first
		case second < 0 || dist[i] < dist[second]:
			second = i
		}
	}
	var out []NamedColor
	for i, c := range Palette {
		if i != first && i != second && dist[i] >= MinColorDeltaE {
			out = append(out, c)
		}
	}
	return out
}

// maxColorSearch bounds the backtracking of chooseColors (nodes visited).
// Seven marks over nine colours need far fewer.
const maxColorSearch = 100000

// chooseColors gives mark k a colour of allowed[k] so that every two chosen
// colours differ by at least MinDotPairDeltaE2000. Each list is shuffled
// with rng and the marks are coloured in order, backtracking when a mark has
// no colour left, so the first assignment found is a function of rng; ok is
// false when there is none.
func chooseColors(allowed [][]NamedColor, rng *rand.Rand) (out []NamedColor, ok bool) {
	lists := make([][]NamedColor, len(allowed))
	for k, a := range allowed {
		lists[k] = append([]NamedColor(nil), a...)
		rng.Shuffle(len(lists[k]), func(i, j int) { lists[k][i], lists[k][j] = lists[k][j], lists[k][i] })
	}
	labs := map[string]Lab{}
	for _, l := range lists {
		for _, c := range l {
			labs[c.Name] = LabOf(c.Color)
		}
	}
	out = make([]NamedColor, len(lists))
	nodes := 0
	var assign func(k int) bool
	assign = func(k int) bool {
		if k == len(lists) {
			return true
		}
		for _, c := range lists[k] {
			if nodes++; nodes > maxColorSearch {
				return false
			}
			apart := true
			for _, p := range out[:k] {
				if DeltaE2000(labs[c.Name], labs[p.Name]) < MinDotPairDeltaE2000 {
					apart = false
					break
				}
			}
			if apart {
				out[k] = c
				if assign(k + 1) {
					return true
				}
			}
		}
		return false
	}
	if !assign(0) {
		return nil, false
	}
	return out, true
}
