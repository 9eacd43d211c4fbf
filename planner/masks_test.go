package planner

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// maskStatsPerPixel is the plain definition of MaskStats: every pixel adds
// its coordinates to its id's floating-point sums.
func maskStatsPerPixel(f *Frame) Masks {
	type acc struct {
		cnt                    int
		su, sv                 float64
		minU, minV, maxU, maxV int
	}
	accs := make([]acc, len(f.IDTable))
	for i := range accs {
		accs[i] = acc{minU: f.W, minV: f.H, maxU: -1, maxV: -1}
	}
	for j := 0; j < f.H; j++ {
		for i := 0; i < f.W; i++ {
			id := f.IDs[j*f.W+i]
			if id == 0 || int(id) >= len(accs) {
				continue
			}
			a := &accs[id]
			a.cnt++
			a.su += float64(i)
			a.sv += float64(j)
			a.minU, a.maxU = min(a.minU, i), max(a.maxU, i)
			a.minV, a.maxV = min(a.minV, j), max(a.maxV, j)
		}
	}
	out := Masks{}
	for id := 1; id < len(accs); id++ {
		if a := accs[id]; a.cnt > 0 {
			c := float64(a.cnt)
			out[f.IDTable[id]] = MaskStat{Pixels: a.cnt, U: a.su / c, V: a.sv / c,
				MinU: a.minU, MinV: a.minV, MaxU: a.maxU, MaxV: a.maxV}
		}
	}
	return out
}

// TestMaskStatsMatchesPerPixel checks the run-length MaskStats against the
// per-pixel definition on random frames of runs (ids beyond the table are
// ignored by both), down to the last bit of the centroids.
func TestMaskStatsMatchesPerPixel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		w, h := 1+rng.IntN(90), 1+rng.IntN(60)
		if trial == 0 {
			w, h = 800, 800 // the largest sums a frame produces
		}
		nIDs := 1 + rng.IntN(12)
		f := &Frame{W: w, H: h, IDs: make([]uint16, w*h), IDTable: make([]string, nIDs)}
		for k := 1; k < nIDs; k++ {
			f.IDTable[k] = string(rune('a' + k))
		}
		for p := 0; p < w*h; {
			run := 1 + rng.IntN(3*w/2+1)
			id := uint16(rng.IntN(nIDs + 2)) // sometimes past the table
			for k := 0; k < run && p < w*h; k++ {
				f.IDs[p] = id
				p++
			}
		}
		if got, want := MaskStats(f), maskStatsPerPixel(f); !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d (%dx%d): MaskStats = %+v, want %+v", trial, w, h, got, want)
		}
	}
}
