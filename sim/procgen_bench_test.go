package sim

import "testing"

// BenchmarkGenerate measures houses generated per second per style (the
// house JSON only; building the Scene is not included).
func BenchmarkGenerate(b *testing.B) {
	for _, style := range Styles {
		b.Run(style, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				idx := n % 1000
				if style == StyleITHOR {
					idx = n % 120
				}
				if _, err := Generate(style, 1, idx); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "houses/s")
		})
	}
}

// BenchmarkGenerateScene measures generation plus building the runtime Scene
// (what a data-generation worker pays per house before rendering).
func BenchmarkGenerateScene(b *testing.B) {
	for _, style := range Styles {
		b.Run(style, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				idx := n % 1000
				if style == StyleITHOR {
					idx = n % 120
				}
				h, err := Generate(style, 1, idx)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := NewScene(h); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "houses/s")
		})
	}
}

// BenchmarkReachablePositions measures the reachable-positions search per
// house over a fixed set of 32 generated houses per style.
func BenchmarkReachablePositions(b *testing.B) {
	for _, style := range Styles {
		b.Run(style, func(b *testing.B) {
			var scenes []*Scene
			points := 0
			for i := 0; i < 32; i++ {
				_, s := mustGenerate(b, style, 1, i)
				scenes = append(scenes, s)
				points += len(s.ReachablePositions())
			}
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				scenes[n%len(scenes)].ReachablePositions()
				n++
			}
			b.ReportMetric(float64(points)/float64(len(scenes)), "positions/house")
		})
	}
}

// BenchmarkEncodeFloorPlan measures drawing and PNG-encoding a floor plan.
func BenchmarkEncodeFloorPlan(b *testing.B) {
	_, s := mustGenerate(b, StyleProcTHOR, 1, 0)
	reach := s.ReachablePositions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeFloorPlan(s, reach); err != nil {
			b.Fatal(err)
		}
	}
}
