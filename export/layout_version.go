package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"flowbench/storage/localfile"
)

// OldLayoutError is the error of a reader or writer given a dataset in the
// layout of schema versions 1 and 2 (DIR/data/<split>/<table>-*.parquet),
// which this version no longer reads or extends.
type OldLayoutError struct {
	Dir           string
	SchemaVersion string // "" when only the folder layout told
}

func (e *OldLayoutError) Error() string {
	v := "a schema version 1 or 2"
	if e.SchemaVersion != "" {
		v = "schema version " + e.SchemaVersion
	}
	return fmt.Sprintf("%s is a flowbench dataset in the old layout (%s: data/<split>/<table>-NNNNN-of-NNNNN.parquet); "+
		"this flowbench reads and writes schema version %s (data/<table>/<split>-NNNNN-of-NNNNN.parquet, docs/dataset.md): "+
		"regenerate it into a new directory", e.Dir, v, SchemaVersion)
}

// oldShard matches a shard name of the old layout (finished or staged).
var oldShard = regexp.MustCompile(`^(questions|annotations|viewpoint_questions|viewpoint_views)-\d{5}(-of-\d{5})?\.parquet$`)

// CheckLayout returns an *OldLayoutError when dir holds a dataset (or a
// part) in the old layout: a manifest whose schema_version is older than
// SchemaVersion, or a data/<split>/ folder (not a table's folder) holding
// old-style shard names or an old staging folder. A directory without a
// dataset passes.
func CheckLayout(dir string) error {
	raw, err := localfile.ReadFile(filepath.Join(dir, ManifestFile), MaxManifestBytes, "a dataset manifest")
	if err == nil {
		var m struct {
			SchemaVersion string `json:"schema_version"`
		}
		if json.Unmarshal(raw, &m) == nil && (m.SchemaVersion == "1" || m.SchemaVersion == "2") {
			return &OldLayoutError{Dir: dir, SchemaVersion: m.SchemaVersion}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil // the reader reports an unreadable manifest itself
	}
	entries, err := os.ReadDir(filepath.Join(dir, DataDir))
	if err != nil {
		return nil
	}
	tables := allTables()
	for _, e := range entries {
		if !e.IsDir() || e.Name()[0] == '.' || slices.Contains(tables, e.Name()) {
			continue
		}
		files, _ := os.ReadDir(filepath.Join(dir, DataDir, e.Name()))
		for _, f := range files {
			if oldShard.MatchString(f.Name()) || f.Name() == stagingDirName {
				return &OldLayoutError{Dir: dir}
			}
		}
	}
	return nil
}
