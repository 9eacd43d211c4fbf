package simsource

import (
	"image"
	"math"
	"testing"

	"flowbench/real"
)

func rgba(img image.Image) []uint8 { return img.(*image.RGBA).Pix }

// noiseStats measures how far a noisy pair is from the exact one.
type noiseStats struct {
	depthRel   float64 // mean |d/d_exact − 1|
	depthScale float64 // median d/d_exact
	trackErr   float64 // mean endpoint error over known tracks, px
	outliers   float64 // share of tracks off by more than 10 px
	masks      [2]int  // masks per frame
	labelsDiff int     // masks whose label is not the truth label
}

func measureNoise(t *testing.T, level NoiseLevel) (noiseStats, *Truth) {
	exact, te, err := Generate(11, 1, NoiseNone)
	if err != nil {
		t.Fatal(err)
	}
	p, tr, err := Generate(11, 1, level)
	if err != nil {
		t.Fatal(err)
	}
	if te.Objects[te.Movers[0]].Center1 != tr.Objects[tr.Movers[0]].Center1 || len(te.Objects) != len(tr.Objects) {
		t.Fatalf("%s: the scene or move differs from the noise-free pair", level)
	}
	if string(rgba(exact.F0.Image)) != string(rgba(p.F0.Image)) {
		t.Fatalf("%s: the image differs from the noise-free pair", level)
	}
	var s noiseStats
	var ratios []float64
	for i, d := range p.F0.Depth {
		r := float64(d) / float64(exact.F0.Depth[i])
		s.depthRel += math.Abs(r - 1)
		if i%97 == 0 {
			ratios = append(ratios, r)
		}
	}
	s.depthRel /= float64(len(p.F0.Depth))
	s.depthScale = median(ratios)
	n, out := 0, 0
	for i := 0; i < len(p.Tracks); i += 2 {
		if math.IsNaN(float64(exact.Tracks[i])) {
			if !math.IsNaN(float64(p.Tracks[i])) {
				t.Fatalf("%s: a lost track came back", level)
			}
			continue
		}
		e := math.Hypot(float64(p.Tracks[i]-exact.Tracks[i]), float64(p.Tracks[i+1]-exact.Tracks[i+1]))
		s.trackErr += e
		if e > 10 {
			out++
		}
		n++
	}
	s.trackErr /= float64(n)
	s.outliers = float64(out) / float64(n)
	s.masks = [2]int{len(p.F0.Masks), len(p.F1.Masks)}
	for _, m := range p.F0.Masks {
		if k := tr.truthOf(m.Pix); k < 0 || tr.Objects[k].Label != m.Label {
			s.labelsDiff++
		}
	}
	return s, tr
}

func median(x []float64) float64 {
	c := append([]float64(nil), x...)
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[j] < c[i] {
				c[i], c[j] = c[j], c[i]
			}
		}
	}
	return c[len(c)/2]
}

func TestNoiseLevels(t *testing.T) {
	none, _ := measureNoise(t, NoiseNone)
	if none.depthRel != 0 || none.trackErr != 0 || none.labelsDiff != 0 {
		t.Errorf("none changed something: %+v", none)
	}
	def, _ := measureNoise(t, NoiseDefault)
	high, _ := measureNoise(t, NoiseHigh)
	for _, c := range []struct {
		name string
		s    noiseStats
		np   NoiseParams
	}{{"default", def, Noise[NoiseDefault]}, {"high", high, Noise[NoiseHigh]}} {
		if math.Abs(c.s.depthScale-1) > c.np.DepthScale+0.01 {
			t.Errorf("%s: depth scale %.3f outside ±%g", c.name, c.s.depthScale, c.np.DepthScale)
		}
		if c.s.depthRel < 0.5*c.np.DepthRel {
			t.Errorf("%s: mean depth error %.4f, want about %g or more", c.name, c.s.depthRel, c.np.DepthRel)
		}
		if math.Abs(c.s.outliers-c.np.TrackOutlier) > 0.5*c.np.TrackOutlier+0.005 {
			t.Errorf("%s: %.3f outlier tracks, want about %g", c.name, c.s.outliers, c.np.TrackOutlier)
		}
	}
	if !(high.trackErr > def.trackErr && def.trackErr > 0) {
		t.Errorf("track error: default %.2f, high %.2f px", def.trackErr, high.trackErr)
	}
}

func TestBleedMovesNearDepthOutward(t *testing.T) {
	w, h := 10, 1
	d := []float32{1, 1, 1, 1, 1, 2, 2, 2, 2, 2}
	out := bleed(d, w, h, 2)
	want := []float32{1, 1, 1, 1, 1, 1, 1, 2, 2, 2}
	for i := range want {
		if out[i] != want[i] {
			t.Fatalf("bleed = %v, want %v", out, want)
		}
	}
}

func TestMorph(t *testing.T) {
	w, h := 8, 8
	var sq []int32
	for y := 2; y < 6; y++ {
		for x := 2; x < 6; x++ {
			sq = append(sq, int32(y*w+x))
		}
	}
	if n := len(morph(sq, w, h, 1)); n != 36 {
		t.Errorf("dilated 4×4 square has %d px, want 36", n)
	}
	if n := len(morph(sq, w, h, -1)); n != 4 {
		t.Errorf("eroded 4×4 square has %d px, want 4", n)
	}
	if n := len(morph(sq, w, h, 0)); n != 16 {
		t.Errorf("unchanged square has %d px", n)
	}
}

func TestMaskNoiseRates(t *testing.T) {
	// Each effect alone, over many draws, at the high level's rate.
	hi := Noise[NoiseHigh]
	in := func() []real.Mask {
		var sq []int32
		for y := 10; y < 30; y++ {
			for x := 10; x < 30; x++ {
				sq = append(sq, int32(y*640+x))
			}
		}
		return []real.Mask{{Label: "apple", Score: 1, Pix: sq}, {Label: "cup", Score: 1, Pix: sq}}
	}
	const draws = 2000
	count := func(np NoiseParams) (kept, relabelled, extra int) {
		r := stream(1, 1, "test", 0)
		for k := 0; k < draws; k++ {
			out := noisyMasks(r, in(), 640, 480, np)
			for _, m := range out {
				switch {
				case len(m.Pix) > 0 && m.Pix[0] == 10*640+10 && (m.Label == "apple" || m.Label == "cup"):
					kept++
				case len(m.Pix) > 0 && m.Pix[0] == 10*640+10:
					relabelled++
				default:
					extra++
				}
			}
		}
		return
	}
	near := func(name string, got int, want float64) {
		if math.Abs(float64(got)-want) > 4*math.Sqrt(want)+2 {
			t.Errorf("%s: %d, want about %.0f", name, got, want)
		}
	}
	kept, _, _ := count(NoiseParams{MaskMiss: hi.MaskMiss, MinScore: 1})
	near("masks kept", 2*draws-kept, 2*draws*hi.MaskMiss)
	_, rel, _ := count(NoiseParams{LabelSwap: hi.LabelSwap, MinScore: 1})
	near("labels swapped", rel, 2*draws*hi.LabelSwap)
	_, _, extra := count(NoiseParams{MaskSpurious: hi.MaskSpurious, MinScore: 1})
	near("spurious masks", extra, draws*hi.MaskSpurious)
	if k, r, e := count(Noise[NoiseNone]); k != 2*draws || r != 0 || e != 0 {
		t.Errorf("none: kept %d, relabelled %d, spurious %d", k, r, e)
	}
}
