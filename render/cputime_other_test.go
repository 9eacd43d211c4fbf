//go:build !unix

package render

// processCPUSeconds is unavailable on this platform; benchmarks report 0.
func processCPUSeconds() float64 { return 0 }
