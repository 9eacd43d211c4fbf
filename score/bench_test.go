package score

import "testing"

func BenchmarkExtract(b *testing.B) {
	reply := "Let me think step by step.\nThe chair moves 0.5 m left, so the lamp is no longer hidden.\n\n**Final answer: A, C and E**"
	for b.Loop() {
		if _, ok := Extract(reply); !ok {
			b.Fatal("unreadable")
		}
	}
}

func BenchmarkFlowSampleMetrics800(b *testing.B) {
	const w, h = 800, 800
	gt := &FlowSample{ID: "b", W: w, H: h, Flow: make([]float32, 2*w*h)}
	pred := make([]float32, 2*w*h)
	for p := 0; p < w*h; p += 7 {
		gt.Flow[2*p], gt.Flow[2*p+1] = 12, -3
		pred[2*p], pred[2*p+1] = 10, -2
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := FlowSampleMetrics(gt, pred); err != nil {
			b.Fatal(err)
		}
	}
}
