package export

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"

	"flowbench/storage/localfile"
)

// CheckDataset opens the dataset in dir after the checks every reader
// runs before it trusts a field, the part of Validate that reads no row:
//
//   - DIR/manifest.json exists and matches docs/schemas/manifest.schema.json
//     (CheckManifestSchema: no null manifest, splits, config or schema, no
//     negative count or size, no unknown or missing field);
//   - for a motion dataset, the manifest has this schema version and lists
//     exactly the splits and shard counts on disk (checkManifestLayout);
//   - every shard's footer is readable Parquet with flowbench's Arrow
//     schema, and its footer keys name this schema version, the table of
//     its folder, the split and shard index of its file name, and its row
//     count (checkShardHeader): a questions shard moved in from another
//     split is refused here.
//
// Validate runs the same checks first, then reads every row. Errors are
// *ValidationError naming DIR/manifest.json or the shard.
func CheckDataset(dir string) (*Dataset, error) {
	p := filepath.Join(dir, ManifestFile)
	raw, err := localfile.ReadFile(p, MaxManifestBytes, "a dataset manifest")
	if errors.Is(err, fs.ErrNotExist) {
		// A folder that is no dataset at all gets Open's error, which says so.
		if _, err := Open(dir); err != nil {
			return nil, err
		}
		return nil, &ValidationError{Shard: p, Row: -1, Reason: "missing: a finished dataset has a manifest (readers take the schema version, splits and counts from it)"}
	}
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	if err := CheckManifestSchema(dir, raw); err != nil {
		return nil, err
	}
	ds, err := Open(dir)
	if err != nil {
		return nil, err
	}
	if fam, err := DatasetFamily(dir); err != nil {
		return nil, err
	} else if fam != FamilyReal {
		if err := checkManifestLayout(ds); err != nil {
			return nil, err
		}
	}
	for _, split := range ds.Splits() {
		for _, table := range MotionTables {
			for _, path := range ds.shards[split][table] {
				if err := checkShardHeader(path, split, table); err != nil {
					return nil, err
				}
			}
		}
	}
	return ds, nil
}

// checkShardHeader checks what a shard's footer says about it against its
// place in the dataset, reading the footer only: the Arrow schema is
// flowbench's (openShard), and the footer keys give this schema version,
// the table of its folder, the split and index of its file name, and a
// row count that is the file's.
func checkShardHeader(path, split, table string) error {
	sf, err := openShard(path)
	if err != nil {
		return &ValidationError{Shard: path, Row: -1, Reason: err.Error()}
	}
	defer sf.Close()
	_, idx, _, _ := parseFinalShard(filepath.Base(path))
	for _, kv := range [][2]string{
		{SchemaVersionKey, SchemaVersion}, {TableKey, table}, {SplitKey, split}, {ShardKey, strconv.Itoa(idx)},
	} {
		if got := sf.meta(kv[0]); got != kv[1] {
			return &ValidationError{Shard: path, Row: -1, Reason: fmt.Sprintf("footer key %s is %q, want %q (from the file's name and folder)", kv[0], got, kv[1])}
		}
	}
	if rows, err := strconv.ParseInt(sf.meta("flowbench.rows"), 10, 64); err != nil || rows != sf.pf.NumRows() {
		return &ValidationError{Shard: path, Row: -1, Reason: fmt.Sprintf("footer key flowbench.rows is %q, but the file holds %d rows", sf.meta("flowbench.rows"), sf.pf.NumRows())}
	}
	return nil
}
