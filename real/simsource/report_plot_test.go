package simsource

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"testing"

	"flowbench/real"
)

// plotReport builds a report by hand: every category at none and default,
// count_near and occlusion missing at high, one category below 80 % and
// some cells with fewer than 10 or 30 questions.
func plotReport() *Report {
	r := NewReport()
	r.Seed = 7
	add := func(noise, cat string, questions, agree int) {
		for i := 0; i < questions; i++ {
			r.AddPair(noise, []Verdict{{Category: cat, Noise: noise, Agree: i < agree, Mapped: true}})
		}
	}
	for li, noise := range []string{"none", "default", "high"} {
		for ci, cat := range real.Categories {
			if noise == "high" && (cat == real.CatCountNear || cat == real.CatOcclusion) {
				continue
			}
			n := 40 - 5*ci - 3*li // 10..40 questions
			add(noise, cat, n, n-ci%3-li)
		}
		r.AddPair(noise, nil) // a skipped pair
	}
	add("default", real.CatOcclusion, 5, 3) // fewer than 10: not drawn
	add("high", real.CatDepthOrder, 20, 14) // 70 %: the axis extends down
	return r
}

func decodePlot(t *testing.T, r *Report) image.Image {
	t.Helper()
	b, err := r.PlotPNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got != image.Pt(plotW, plotH) {
		t.Fatalf("plot is %v, want %d×%d", got, plotW, plotH)
	}
	return img
}

// colourCount counts the pixels of img that are neither white nor grey.
func colourCount(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if max(r, g, bl)-min(r, g, bl) > 0x2000 {
				n++
			}
		}
	}
	return n
}

func TestPlotPNG(t *testing.T) {
	r := plotReport()
	img := decodePlot(t, r)
	if n := colourCount(img); n < 2000 {
		t.Errorf("plot has %d coloured pixels, want the series drawn", n)
	}
	if out := os.Getenv("FLOWBENCH_PLOT_OUT"); out != "" {
		b, _ := r.PlotPNG()
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Deterministic.
	a, _ := r.PlotPNG()
	b, _ := r.PlotPNG()
	if !bytes.Equal(a, b) {
		t.Error("two plots of the same report differ")
	}
	if got := r.sortedLevels(); len(got) != 3 || got[0] != "none" || got[1] != "default" || got[2] != "high" {
		t.Errorf("levels %v, want none, default, high", got)
	}
}

func TestPlotPNGEdgeCases(t *testing.T) {
	// An empty report still gives a PNG (with its title), not blank.
	if n := colourCount(decodePlot(t, NewReport())); n != 0 {
		t.Errorf("empty report: %d coloured pixels", n)
	}
	// One level, one category with a single question: no agreement point,
	// but the questions per pair are drawn.
	r := NewReport()
	r.AddPair("medium", []Verdict{{Category: real.CatThreshold, Agree: true}})
	if n := colourCount(decodePlot(t, r)); n == 0 {
		t.Error("one-level report: nothing coloured drawn")
	}
	// Cells set by hand (no AddPair) and an unknown level name sort after
	// the known ones.
	r = &Report{
		Cells: map[string]map[string]*Cell{
			"weird": {real.CatLeftRight: {Questions: 12, Agree: 12}},
			"low":   {real.CatLeftRight: {Questions: 12, Agree: 11}},
		},
		Pairs: map[string]int{"weird": 10, "low": 10},
	}
	decodePlot(t, r)
	if got := r.sortedLevels(); len(got) != 2 || got[0] != "low" || got[1] != "weird" {
		t.Errorf("levels %v, want low, weird", got)
	}
}

func TestNiceStep(t *testing.T) {
	for _, c := range []struct{ hi, want float64 }{{2.0, 0.5}, {1.3, 0.5}, {0.4, 0.1}, {7, 2}, {0, 0.5}} {
		if got := niceStep(c.hi, 6); got != c.want {
			t.Errorf("niceStep(%g) = %g, want %g", c.hi, got, c.want)
		}
	}
}

// The plot's x-axis is NoiseLevels: every level parses back from its name
// and each is at least as noisy as the one before.
func TestNoiseLevelsOrdered(t *testing.T) {
	for i, l := range NoiseLevels {
		if p, err := ParseNoiseLevel(l.String()); err != nil || p != l {
			t.Errorf("ParseNoiseLevel(%q) = %v, %v", l, p, err)
		}
		if i == 0 {
			continue
		}
		a, b := Noise[NoiseLevels[i-1]], Noise[l]
		if b.DepthScale < a.DepthScale || b.DepthRel < a.DepthRel || b.DepthBleed < a.DepthBleed ||
			b.MaskBoundary < a.MaskBoundary || b.MaskMiss < a.MaskMiss || b.MaskSpurious < a.MaskSpurious ||
			b.LabelSwap < a.LabelSwap || b.MinScore > a.MinScore || b.TrackJitter < a.TrackJitter ||
			b.TrackOutlier < a.TrackOutlier {
			t.Errorf("%s is less noisy than %s somewhere: %+v vs %+v", l, NoiseLevels[i-1], b, a)
		}
	}
	if len(Noise) != len(NoiseLevels) {
		t.Errorf("Noise has %d levels, NoiseLevels %d", len(Noise), len(NoiseLevels))
	}
}
