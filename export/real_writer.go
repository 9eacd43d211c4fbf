package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// RealWriter writes shards [First, End) of a FlowBench-Real split of Total
// shards (a whole split is Range{0, n, n}): per shard a questions shard
// (ShardWriter, QuestionsSchema) and a real_annotations shard with the
// same rows in the same order. Shards are written into the split's
// staging folder and get their final names data/<table>/<split>-<index>-of-<Total>.parquet
// only when Close has cut every shard of the range; Discard removes
// everything the writer wrote, so a failed run leaves no shard behind.
type RealWriter struct {
	root, split, staging string
	rng                  Range
	meta                 map[string]string
	cur                  int
	q                    *ShardWriter
	a                    *realAnnotationsEncoder
	af                   *os.File
	aPath                string
	done                 []int // shard indices cut
	failed               error
	closed               bool
}

// NewRealWriter starts writing shards r of split into the dataset
// directory dir; fingerprint (may be "") is stored in every shard's
// metadata (FingerprintKey). The split must not exist in dir (the caller
// removes an old one first).
func NewRealWriter(dir, split string, r Range, fingerprint string) (*RealWriter, error) {
	if !splitName.MatchString(split) {
		return nil, fmt.Errorf("export: bad split name %q", split)
	}
	if err := r.check(); err != nil {
		return nil, err
	}
	if err := CheckLayout(dir); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	if exists, err := splitExists(dir, split); err != nil {
		return nil, err
	} else if exists {
		return nil, fmt.Errorf("export: split %s in %s %w", split, dir, ErrExists)
	}
	staging := StagingDir(dir, split)
	if err := os.MkdirAll(staging, 0o755); err != nil {
		return nil, fmt.Errorf("export: cannot create %s: %w", staging, err)
	}
	meta := map[string]string{SplitKey: split}
	if fingerprint != "" {
		meta[FingerprintKey] = fingerprint
	}
	return &RealWriter{root: dir, split: split, staging: staging, rng: r, meta: meta, cur: r.First}, nil
}

// Next returns the index of the shard the next AddPair or Cut goes to.
func (w *RealWriter) Next() int { return w.cur }

func (w *RealWriter) stagedPath(table string, idx int) string {
	return filepath.Join(w.staging, fmt.Sprintf("%s-%05d.parquet", table, idx))
}

func (w *RealWriter) usable() error {
	switch {
	case w.failed != nil:
		return fmt.Errorf("export: split %s stopped after an earlier error: %w", w.split, w.failed)
	case w.closed:
		return fmt.Errorf("export: split %s is closed", w.split)
	case w.cur >= w.rng.End:
		return fmt.Errorf("export: split %s: every shard of [%d, %d) is already cut", w.split, w.rng.First, w.rng.End)
	}
	return nil
}

func (w *RealWriter) open() error {
	meta := map[string]string{ShardKey: strconv.Itoa(w.cur)}
	for k, v := range w.meta {
		meta[k] = v
	}
	q, err := NewShardWriter(w.stagedPath(QuestionsTable, w.cur), QuestionsTable, ShardOptions{Metadata: meta})
	if err != nil {
		return err
	}
	w.aPath = w.stagedPath(RealAnnotationsTable, w.cur)
	f, err := os.OpenFile(w.aPath+partialSuffix, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		q.Abort()
		return fmt.Errorf("export: cannot create shard %s: %w", w.aPath, err)
	}
	a, err := newRealAnnotationsEncoder(f, w.aPath, meta)
	if err != nil {
		q.Abort()
		f.Close()
		os.Remove(w.aPath + partialSuffix)
		return err
	}
	w.q, w.a, w.af = q, a, f
	return nil
}

// AddPair appends one image pair's questions and their annotations (same
// ids, same order) to the open shard; the annotations become one row
// group.
func (w *RealWriter) AddPair(qs []QuestionRow, as []RealAnnotationRow) error {
	if err := w.usable(); err != nil {
		return err
	}
	if len(qs) != len(as) {
		return fmt.Errorf("export: split %s: %d questions with %d annotation rows", w.split, len(qs), len(as))
	}
	for i := range qs {
		if qs[i].ID != as[i].ID {
			return fmt.Errorf("export: split %s: question %q paired with annotations %q", w.split, qs[i].ID, as[i].ID)
		}
		if qs[i].Split != w.split {
			return fmt.Errorf("export: question %s belongs to split %q, not %q", qs[i].ID, qs[i].Split, w.split)
		}
	}
	if w.q == nil {
		if err := w.open(); err != nil {
			w.failed = err
			return err
		}
	}
	for i := range qs {
		if err := w.q.WriteQuestion(qs[i]); err != nil {
			w.abortOpen()
			w.failed = err
			return err
		}
	}
	if err := w.a.addGroup(as); err != nil {
		w.abortOpen()
		w.failed = err
		return err
	}
	return nil
}

// Cut completes the open shard (an empty one when no pair was added) and
// moves on to the next.
func (w *RealWriter) Cut() error {
	if err := w.usable(); err != nil {
		return err
	}
	if w.q == nil {
		if err := w.open(); err != nil {
			w.failed = err
			return err
		}
	}
	q, a, f, path := w.q, w.a, w.af, w.aPath
	w.q, w.a, w.af = nil, nil, nil
	err := a.finish()
	if err == nil {
		err = a.fw.Close() // closes f
	} else {
		a.fw.Close()
		f.Close()
	}
	if err == nil {
		err = syncFile(path + partialSuffix)
	}
	if err == nil {
		err = os.Rename(path+partialSuffix, path)
	}
	if err != nil {
		q.Abort()
		os.Remove(path + partialSuffix)
		w.failed = fmt.Errorf("export: finishing shard %s: %w", path, err)
		return w.failed
	}
	if err := q.Close(); err != nil {
		os.Remove(path)
		w.failed = err
		return err
	}
	w.done = append(w.done, w.cur)
	w.cur++
	return nil
}

func (w *RealWriter) abortOpen() {
	if w.q != nil {
		w.q.Abort()
		w.a.fw.Close()
		w.af.Close()
		os.Remove(w.aPath + partialSuffix)
	}
	w.q, w.a, w.af = nil, nil, nil
}

// Close renames every shard of the range to its final name; every shard
// must have been cut.
func (w *RealWriter) Close() error {
	if w.failed != nil {
		return fmt.Errorf("export: split %s not finalised after an earlier error: %w", w.split, w.failed)
	}
	if w.closed {
		return nil
	}
	if w.cur != w.rng.End {
		return fmt.Errorf("export: split %s: shards %d to %d were never cut", w.split, w.cur, w.rng.End-1)
	}
	w.closed = true
	for _, t := range RealTables {
		if err := os.MkdirAll(TableDir(w.root, t), 0o755); err != nil {
			return fmt.Errorf("export: finalising split %s: %w", w.split, err)
		}
		for _, i := range w.done {
			if err := os.Rename(w.stagedPath(t, i), ShardPath(w.root, t, w.split, i, w.rng.Total)); err != nil {
				return fmt.Errorf("export: finalising split %s: %w", w.split, err)
			}
		}
	}
	if err := removeStaging(w.root, w.split); err != nil {
		return err
	}
	for _, t := range RealTables {
		if err := syncDir(TableDir(w.root, t)); err != nil {
			return err
		}
	}
	return nil
}

// Discard stops the writer and removes every shard it wrote, staged or
// final, and the split's staging folder.
func (w *RealWriter) Discard() error {
	w.abortOpen()
	w.closed = true
	for _, i := range w.done {
		for _, t := range RealTables {
			for _, p := range []string{w.stagedPath(t, i), ShardPath(w.root, t, w.split, i, w.rng.Total)} {
				if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
					return fmt.Errorf("export: discarding split %s: %w", w.split, err)
				}
			}
		}
	}
	if err := os.RemoveAll(w.staging); err != nil {
		return fmt.Errorf("export: discarding split %s: %w", w.split, err)
	}
	return removeStaging(w.root, w.split)
}
