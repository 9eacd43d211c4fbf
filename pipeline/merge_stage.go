package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"flowbench/export"
)

// stagedPart is what stageParts needs of one part of a split: its folder,
// its name (K/N), the fingerprint its shards carry and the shard files its
// part record lists; owned reports a part folder merge may move from
// rather than copy.
type stagedPart struct {
	dir, name, fingerprint string
	files                  []partFile
	owned                  bool
}

// stageParts copies (or moves, for owned parts) every listed shard of the
// parts into split's staging folder of out, verifying each against its
// record and its shard metadata, then renames them into out's table
// folders and removes the staging folder (and the staging root, once
// empty): the shared step of merging a motion split and a Real split. On
// failure the caller removes the split (export.RemoveSplit, which takes
// its staging folder too).
func stageParts(ctx context.Context, out, split string, parts []stagedPart) error {
	staging := export.StagingDir(out, split)
	if err := os.MkdirAll(staging, 0o755); err != nil {
		return diskError(err)
	}
	var moves [][2]string // staged path, final path
	for _, pt := range parts {
		for _, f := range pt.files {
			if err := ctx.Err(); err != nil {
				return err
			}
			src := filepath.Join(export.TableDir(pt.dir, f.Table), f.Name)
			dst := filepath.Join(staging, fmt.Sprintf("%s-%05d.parquet", f.Table, f.Shard))
			if err := copyVerified(src, dst, f, pt.owned); err != nil {
				return fmt.Errorf("part %s in %s: %w", pt.name, pt.dir, err)
			}
			if err := checkShardMeta(dst, src, f, pt.fingerprint); err != nil {
				return fmt.Errorf("part %s in %s: %w", pt.name, pt.dir, err)
			}
			moves = append(moves, [2]string{dst, filepath.Join(export.TableDir(out, f.Table), f.Name)})
		}
	}
	for _, m := range moves {
		if err := os.MkdirAll(filepath.Dir(m[1]), 0o755); err != nil {
			return diskError(fmt.Errorf("merge: %w", err))
		}
		if err := os.Rename(m[0], m[1]); err != nil {
			return diskError(fmt.Errorf("merge: %w", err))
		}
	}
	if err := os.Remove(staging); err != nil {
		return diskError(fmt.Errorf("merge: %w", err))
	}
	if entries, err := os.ReadDir(export.StagingRoot(out)); err == nil && len(entries) == 0 {
		os.Remove(export.StagingRoot(out))
	}
	return nil
}
