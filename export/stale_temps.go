package export

import (
	"fmt"
	"os"
	"path/filepath"
)

// staleTempPatterns are the temp files the dataset writer creates next to
// the files it publishes: the manifest's, the card's and the lists of
// skipped houses' (sim.WriteFileAtomic names them .<name>.tmp-*) and the
// write probes of Create.
var staleTempPatterns = []string{"." + ManifestFile + ".tmp-*", "." + CardFile + ".tmp-*", ".write-probe-*",
	filepath.Join(DataDir, ".write-probe-*"), filepath.Join(DataDir, skippedDirName, ".*.json.tmp-*")}

// RemoveStaleTemps removes the temp files that a run killed between
// creating and renaming them leaves in a dataset directory (a kill at the
// manifest's rename leaves .manifest.json.tmp-*). Only flowbench's own temp
// names are touched. It returns the paths removed.
func RemoveStaleTemps(dir string) ([]string, error) {
	var removed []string
	for _, pat := range staleTempPatterns {
		paths, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return removed, fmt.Errorf("export: %w", err)
		}
		for _, p := range paths {
			if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
				continue
			}
			if err := os.Remove(p); err != nil {
				return removed, fmt.Errorf("export: removing stale temp file: %w", err)
			}
			removed = append(removed, p)
		}
	}
	return removed, nil
}
