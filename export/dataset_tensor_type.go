package export

import (
	"fmt"
	"path/filepath"
	"slices"
)

// ShardTensorType returns the tensor type of an annotations shard, after
// checking its stored Arrow schema (an error names the shard).
func ShardTensorType(path string) (TensorType, error) {
	sf, err := openShard(path)
	if err != nil {
		return 0, err
	}
	defer sf.Close()
	if t := sf.meta(TableKey); t != AnnotationsTable {
		return 0, fmt.Errorf("export: shard %s holds the %s table, which has no tensor columns", path, t)
	}
	return sf.tensors, nil
}

// datasetTensorType returns the tensor type of the finished annotations
// shards under dir/data (found is false when there are none). Shards of
// two tensor types are an error: one dataset holds one type, so that a glob
// over its shards reads as one table.
func datasetTensorType(dir string) (t TensorType, found bool, err error) {
	paths, err := filepath.Glob(filepath.Join(TableDir(dir, AnnotationsTable), "*-*-of-*.parquet"))
	if err != nil {
		return 0, false, fmt.Errorf("export: %w", err)
	}
	return tensorTypeOf(paths)
}

// tensorTypeOf returns the one tensor type of the annotations shards at
// paths (found is false when there are none), or an error naming two
// shards of different types.
func tensorTypeOf(paths []string) (t TensorType, found bool, err error) {
	slices.Sort(paths)
	first := ""
	for _, p := range paths {
		pt, err := ShardTensorType(p)
		if err != nil {
			return 0, false, err
		}
		if first == "" {
			t, first = pt, p
		} else if pt != t {
			return 0, false, fmt.Errorf("export: %s has %s tensors but %s has %s tensors: a dataset holds one tensor type",
				p, pt, first, t)
		}
	}
	return t, first != "", nil
}

// CheckTensorType reports an error when the dataset in dir already holds
// annotations shards (finished, or staged by an interrupted or refused
// run) in a split other than split whose tensor type is not t: writing
// split with t would mix tensor types in one dataset. A directory without
// shards is fine.
func CheckTensorType(dir, split string, t TensorType) error {
	var paths []string
	finished, err := filepath.Glob(filepath.Join(TableDir(dir, AnnotationsTable), "*-*-of-*.parquet"))
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for _, p := range finished {
		if s, _, _, ok := parseFinalShard(filepath.Base(p)); ok && s != split {
			paths = append(paths, p)
		}
	}
	staged, err := filepath.Glob(filepath.Join(StagingRoot(dir), "*", AnnotationsTable+"-*.parquet"))
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for _, p := range staged {
		if filepath.Base(filepath.Dir(p)) != split {
			paths = append(paths, p)
		}
	}
	have, found, err := tensorTypeOf(paths)
	if err != nil {
		return err
	}
	if found && have != t {
		return fmt.Errorf("%s holds annotations with %s tensors; writing split %s with %s tensors would mix two types in one dataset (use %s, or another directory)",
			dir, have, split, t, have)
	}
	return nil
}
