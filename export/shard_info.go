package export

import (
	"fmt"
	"strconv"
)

// ReadShardInfo reads a shard's footer metadata: its index, rows, first and
// last question ids and fingerprint. A file that is not readable Parquet,
// whose row count metadata disagrees with the file, or whose shard index is
// missing is an error. It reads the footer only (VerifyShard reads every
// page).
func ReadShardInfo(path string) (ShardInfo, error) {
	sf, err := openShard(path)
	if err != nil {
		return ShardInfo{}, err
	}
	defer sf.Close()
	rows, err := strconv.Atoi(sf.meta("flowbench.rows"))
	if err != nil || int64(rows) != sf.pf.NumRows() {
		return ShardInfo{}, fmt.Errorf("export: shard %s: row count metadata disagrees with the file", path)
	}
	idx, err := strconv.Atoi(sf.meta(ShardKey))
	if err != nil {
		return ShardInfo{}, fmt.Errorf("export: shard %s: no shard index in its metadata", path)
	}
	return ShardInfo{Index: idx, Rows: rows, FirstID: sf.meta("flowbench.first_id"), LastID: sf.meta("flowbench.last_id"),
		Fingerprint: sf.meta(FingerprintKey)}, nil
}
