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
// parts into staging, verifying each against its record and its shard
// metadata, then renames them into out's table folders: the shared step of
// merging a motion split and a Real split. A failure leaves the staged
// files for the caller's clean-up and no shard in out's tables.
func stageParts(ctx context.Context, out, staging string, parts []stagedPart) error {
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
	return nil
}
