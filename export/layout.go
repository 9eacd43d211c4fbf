package export

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Layout of a dataset directory (schema version 3, docs/dataset.md):
//
//	DIR/data/<table>/<split>-<index>-of-<count>.parquet   finished shards
//	DIR/data/.staging/<split>/<table>-<index>.parquet     shards of a split being written
//	DIR/data/.skipped/<split>.json                        houses a --skip-bad-houses run left out
//
// One folder per table (a Hugging Face config), the split in the file
// name's prefix, as the Hub's data-files resolution expects; everything of
// a split being written lives in dot folders, which Hugging Face ignores.

// DataDir is the folder of a dataset directory that holds every shard.
const DataDir = "data"

// stagingDirName and skippedDirName are the dot folders under DataDir.
const (
	stagingDirName = ".staging"
	skippedDirName = ".skipped"
)

// MotionTables and ViewpointTables are the tables of each family.
var (
	MotionTables    = []string{QuestionsTable, AnnotationsTable}
	ViewpointTables = []string{ViewpointQuestionsTable, ViewpointViewsTable}
)

// allTables lists every table folder a dataset may hold.
func allTables() []string {
	return append(append(append([]string(nil), MotionTables...), ViewpointTables...), RealAnnotationsTable)
}

// AllTables lists every table folder a dataset of any family may hold
// (data/<table>/).
func AllTables() []string { return allTables() }

// TableDir returns DIR/data/<table>, the folder of a table's shards.
func TableDir(dir, table string) string { return filepath.Join(dir, DataDir, table) }

// StagingDir returns DIR/data/.staging/<split>, where the shards of a split
// being written wait (as <table>-<index>.parquet) until the split is
// closed.
func StagingDir(dir, split string) string {
	return filepath.Join(dir, DataDir, stagingDirName, split)
}

// StagingRoot returns DIR/data/.staging.
func StagingRoot(dir string) string { return filepath.Join(dir, DataDir, stagingDirName) }

// SkippedPath returns DIR/data/.skipped/<split>.json, the list of the houses
// a --skip-bad-houses run of split has left out so far.
func SkippedPath(dir, split string) string {
	return filepath.Join(dir, DataDir, skippedDirName, split+".json")
}

// MaxShards is the most shards a split may have: FinalShardName writes the
// index and the count in five digits.
const MaxShards = 99_999

// FinalShardName is the file name of a finished shard of a split: shard
// index of count, in the table's folder (ShardPath).
func FinalShardName(split string, index, count int) string {
	return fmt.Sprintf("%s-%05d-of-%05d.parquet", split, index, count)
}

// ShardPath returns the path of a finished shard:
// DIR/data/<table>/<split>-<index>-of-<count>.parquet.
func ShardPath(dir, table, split string, index, count int) string {
	return filepath.Join(TableDir(dir, table), FinalShardName(split, index, count))
}

// ShardRelPath is ShardPath relative to the dataset directory, with
// forward slashes (an object key under the dataset's prefix).
func ShardRelPath(table, split string, index, count int) string {
	return DataDir + "/" + table + "/" + FinalShardName(split, index, count)
}

// finalShard matches a finished shard's file name: <split>-<index>-of-<count>.parquet.
var finalShard = regexp.MustCompile(`^([A-Za-z0-9][A-Za-z0-9_.-]*)-(\d{5})-of-(\d{5})\.parquet$`)

// parseFinalShard splits a finished shard's file name into its split,
// index and count; ok is false for any other name.
func parseFinalShard(name string) (split string, index, count int, ok bool) {
	m := finalShard.FindStringSubmatch(name)
	if m == nil {
		return "", 0, 0, false
	}
	// Decimal with leading zeros: fmt.Sscan would read "00013" as octal
	// (11) and fail on "00008" (0.4.0 refused every split of more than 7
	// shards).
	index, err1 := strconv.Atoi(m[2])
	count, err2 := strconv.Atoi(m[3])
	return m[1], index, count, err1 == nil && err2 == nil
}

// isSplitShard reports whether name is a finished shard of split.
func isSplitShard(name, split string) bool {
	s, _, _, ok := parseFinalShard(name)
	return ok && s == split
}

// InSplit reports whether rel, a path relative to a dataset directory
// with forward slashes, is one of split's files: a finished shard of any
// table, anything in the split's staging folder, or its list of skipped
// houses (and that list's temp file). Object-storage mirrors use it to
// know which objects a run of the split may replace or prune.
func InSplit(rel, split string) bool {
	parts := strings.Split(rel, "/")
	if len(parts) < 3 || parts[0] != DataDir {
		return false
	}
	switch parts[1] {
	case stagingDirName:
		return parts[2] == split
	case skippedDirName:
		return len(parts) == 3 && (parts[2] == split+".json" || strings.HasPrefix(parts[2], "."+split+".json.tmp-"))
	}
	return len(parts) == 3 && isSplitShard(parts[2], split)
}

// SplitKeyPrefixes returns the object-key prefixes under which split's
// files lie (a superset: a split whose name extends split's with "-" shares
// the shard prefixes; InSplit tells them apart).
func SplitKeyPrefixes(split string) []string {
	var out []string
	for _, t := range allTables() {
		out = append(out, DataDir+"/"+t+"/"+split+"-")
	}
	return append(out, DataDir+"/"+stagingDirName+"/"+split+"/", DataDir+"/"+skippedDirName+"/"+split+".json")
}
