package tableplane

import "testing"

// TestAppendixB3Constants pins the constants of B.3 (and flowbench's own
// choices) to their values; changing one fails here, naming its source.
func TestAppendixB3Constants(t *testing.T) {
	for _, c := range []struct {
		cite      string
		got, want float64
	}{
		{"B.3 RANSAC inlier threshold (px)", InlierThresholdPx, 8},
		{"B.3 correspondences per camera setup", MinCorrespondences, 30},
		{"B.3 contact point raised by a quarter of the box height", ContactRaise, 0.25},
		{"B.3 reported median residual (px)", PaperMedianResidualPx, 12.4},
		{"B.3 reported 90th-percentile residual (px)", PaperP90ResidualPx, 14.7},
		{"flowbench setup corner tolerance (not Appendix B)", SetupTolerancePx, 10},
		{"flowbench RANSAC iteration cap (not Appendix B)", DefaultMaxIterations, 2000},
		{"flowbench RANSAC confidence (not Appendix B)", DefaultConfidence, 0.999},
		{"homography minimal sample", MinSampleSize, 4},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.cite, c.got, c.want)
		}
	}
}
