package sim

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadHouse feeds arbitrary bytes through everything a house file goes
// through (decode, import with the built-in asset database, scene building,
// reachability, re-encoding): it must return an error or a scene, never
// panic. The seed corpus is the test houses and the hostile corpus; run
// longer with go test -fuzz=FuzzLoadHouse ./sim.
func FuzzLoadHouse(f *testing.F) {
	for _, pattern := range []string{"../testdata/houses/*.json", "../testdata/houses/bad/*.json", "../testdata/hostile/houses/*.json"} {
		files, _ := filepath.Glob(pattern)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := DecodeHouse(b)
		if err != nil {
			return
		}
		s, _, err := ImportHouse(h, ImportOptions{Lenient: true})
		if err != nil {
			return
		}
		s.ReachablePositions()
		if _, err := EncodeHouse(s.HouseJSON()); err != nil {
			t.Fatalf("a scene built from the house does not re-encode: %v", err)
		}
	})
}
