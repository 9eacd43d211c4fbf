//go:build linux

package render

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// runQueueSeconds returns the time the test process's threads have spent
// runnable but waiting for a CPU (the second field of
// /proc/self/task/*/schedstat), summed over the threads alive now: on a
// machine whose cores other processes keep busy, the time a frame's workers
// wait for a core.
func runQueueSeconds() float64 {
	files, _ := filepath.Glob("/proc/self/task/*/schedstat")
	var ns int64
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		if f := strings.Fields(string(b)); len(f) >= 2 {
			w, _ := strconv.ParseInt(f[1], 10, 64)
			ns += w
		}
	}
	return float64(ns) / 1e9
}
