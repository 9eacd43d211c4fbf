//go:build !linux

package render

// runQueueSeconds is unavailable on this platform; benchmarks report 0.
func runQueueSeconds() float64 { return 0 }
