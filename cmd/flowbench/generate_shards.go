package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"flowbench/export"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// Shards of a split are cut at balance-block boundaries: houses are grouped
// into blocks of --balance-houses consecutive houses (block k holds house
// indices [kB, (k+1)B)), the planner's yes/no balance runs through a block,
// and a shard is closed at the end of the first block that brings it to at
// least --rows-per-shard rows (the last shard holds the rest). A shard is
// thus a deterministic function of its house range, and a resumed run always
// restarts at the start of a block. The range is recovered from the shard's
// last question id (which starts with the house id), rounded up to the end
// of its block; a fingerprint of the run's configuration is stored in the
// Parquet key-value metadata. While a run is in progress, shard pairs are completed into
// DIR/data/<split>/.staging/<table>-<index>.parquet (each written to a
// .partial file, fsynced and renamed by the export writer); when the split is
// done they get their final names <table>-<index>-of-<count>.parquet.
//
// --resume keeps the longest prefix of staged (or finished) shard pairs that
// read back completely (export.VerifyShard: every page and row), agree with
// each other and carry this run's fingerprint, and restarts at the first
// house after them; partial files, damaged shards and later shards are
// removed and redone, and so are the dataset writer's stale temp files
// (a kill at the manifest's rename leaves .manifest.json.tmp-*).

// Shard metadata keys: the fingerprint is written by generate, the others
// by the export shard writer.
const (
	metaFingerprint = "flowbench.fingerprint" // hash of the run configuration
	metaRows        = "flowbench.rows"
	metaFirstID     = "flowbench.first_id"
	metaLastID      = "flowbench.last_id"
)

var (
	stagedShardName   = regexp.MustCompile(`^(questions|annotations)-(\d{5})\.parquet$`)
	finishedShardName = regexp.MustCompile(`^(questions|annotations)-(\d{5})-of-(\d{5})\.parquet$`)
)

// shardRange is a completed shard pair.
type shardRange struct {
	Index       int
	First, End  int // house indices [First, End)
	Rows        int
	Fingerprint string
}

// shardSet writes the shards of one split.
type shardSet struct {
	dir, staging  string // DIR/data/<split> and its .staging
	split         string
	w, h          int
	rowsPerShard  int
	questionsOnly bool
	fingerprint   string
	tensorType    export.TensorType // of the annotations shards
	maxGroupBytes int64
	houseIndex    func(houseID string) (int, bool) // position of a house in the run
	block         int                              // houses per balance block
	houses        int                              // houses in the run

	done      []shardRange // completed shard pairs, in index order
	discarded []string     // why staged shards were not kept on resume
	q, a      *export.ShardWriter
	first     int // first house of the open shard
	rows      int // rows in the open shard
	written   int // rows written by this run
}

// tables returns the tables a run writes.
func (s *shardSet) tables() []string {
	if s.questionsOnly {
		return []string{export.QuestionsTable}
	}
	return []string{export.QuestionsTable, export.AnnotationsTable}
}

// openShardSet prepares DIR/data/<split>. With resume it keeps the completed
// prefix of an earlier run (see Resumed); otherwise the split must be absent
// or empty (the caller removes it for --overwrite).
func openShardSet(dir, split string, w, h, rowsPerShard int, questionsOnly bool, fingerprint string,
	houseIndex func(string) (int, bool), block, houses int, resume bool) (*shardSet, error) {
	s := &shardSet{dir: filepath.Join(dir, "data", split), split: split, w: w, h: h, rowsPerShard: rowsPerShard,
		questionsOnly: questionsOnly, fingerprint: fingerprint, maxGroupBytes: 64 << 20, houseIndex: houseIndex,
		block: max(1, block), houses: houses}
	s.staging = filepath.Join(s.dir, ".staging")
	if _, err := export.RemoveStaleTemps(dir); err != nil {
		return nil, diskError(err)
	}
	if err := os.MkdirAll(s.staging, 0o755); err != nil {
		return nil, diskError(fmt.Errorf("cannot create %s: %w", s.staging, err))
	}
	if err := s.recover(resume); err != nil {
		return nil, err
	}
	if len(s.done) > 0 {
		s.first = s.done[len(s.done)-1].End
	}
	return s, nil
}

// Resumed returns the completed shard pairs kept from an earlier run.
func (s *shardSet) Resumed() []shardRange { return s.done }

// NextHouse is the first house index this run still has to generate.
func (s *shardSet) NextHouse() int { return s.first }

// recover moves finished shards back to staging, removes partial files, and
// (with resume) keeps the valid prefix; everything else is removed.
func (s *shardSet) recover(resume bool) error {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := filepath.Join(s.dir, e.Name())
		if m := finishedShardName.FindStringSubmatch(e.Name()); m != nil {
			if err := os.Rename(p, filepath.Join(s.staging, m[1]+"-"+m[2]+".parquet")); err != nil {
				return diskError(err)
			}
		} else if strings.HasSuffix(e.Name(), ".partial") {
			if err := os.Remove(p); err != nil {
				return diskError(err)
			}
		}
	}
	staged, err := os.ReadDir(s.staging)
	if err != nil {
		return err
	}
	byIndex := map[int]map[string]stagedMeta{}
	for _, e := range staged {
		p := filepath.Join(s.staging, e.Name())
		m := stagedShardName.FindStringSubmatch(e.Name())
		if m == nil || !resume {
			if err := os.Remove(p); err != nil {
				return diskError(err)
			}
			continue
		}
		idx, _ := strconv.Atoi(m[2])
		meta, err := readStagedMeta(p)
		if err != nil {
			continue // unreadable: removed and redone below
		}
		if byIndex[idx] == nil {
			byIndex[idx] = map[string]stagedMeta{}
		}
		byIndex[idx][m[1]] = meta
	}
	// Keep the longest prefix 0, 1, 2, ... of complete pairs made by this
	// configuration whose houses follow on from the previous shard.
	keep := map[int]bool{}
	next := 0
	for idx := 0; ; idx++ {
		q, ok := byIndex[idx][export.QuestionsTable]
		if !ok {
			break
		}
		if q.fingerprint != s.fingerprint {
			return fmt.Errorf("%s was written by a different configuration (split, seed, size, houses or source); "+
				"rerun with the original flags or use --overwrite", s.dir)
		}
		if !s.questionsOnly {
			if a, ok := byIndex[idx][export.AnnotationsTable]; !ok || a != q {
				break
			}
		}
		if !s.verifyStaged(idx) {
			break
		}
		first, ok1 := s.houseOf(q.firstID)
		last, ok2 := s.houseOf(q.lastID)
		if q.rows == 0 || !ok1 || !ok2 || first < next || last < first {
			break
		}
		end := s.blockEnd(last)
		s.done = append(s.done, shardRange{Index: idx, First: next, End: end, Rows: q.rows, Fingerprint: q.fingerprint})
		keep[idx] = true
		next = end
	}
	for _, e := range staged {
		m := stagedShardName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		idx, _ := strconv.Atoi(m[2])
		if !keep[idx] || (s.questionsOnly && m[1] == export.AnnotationsTable) {
			if err := os.Remove(filepath.Join(s.staging, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return diskError(err)
			}
		}
	}
	return nil
}

// houseOf returns the run position of the house a question id belongs to.
func (s *shardSet) houseOf(questionID string) (int, bool) {
	house, _, _ := strings.Cut(questionID, "/")
	if s.houseIndex == nil {
		return 0, false
	}
	return s.houseIndex(house)
}

// stagedMeta is the footer metadata of a staged shard.
type stagedMeta struct {
	rows            int
	firstID, lastID string
	fingerprint     string
}

// verifyStaged reads the staged shards of index idx completely
// (export.VerifyShard: every page, every row); a damaged one is recorded in
// s.discarded and the pair is not kept.
func (s *shardSet) verifyStaged(idx int) bool {
	for _, t := range s.tables() {
		if err := export.VerifyShard(s.stagedPath(t, idx)); err != nil {
			s.discarded = append(s.discarded, err.Error())
			return false
		}
	}
	return true
}

// readStagedMeta reads a staged shard's footer metadata; a file that is
// not readable Parquet, or whose row count disagrees, is an error. A
// footer so corrupt that the Parquet reader panics is an error too.
func readStagedMeta(path string) (m stagedMeta, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = stagedMeta{}, fmt.Errorf("shard %s: corrupt footer (recovered internal error: %v)", path, r)
		}
	}()
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		return stagedMeta{}, err
	}
	defer pf.Close()
	kv := pf.MetaData().KeyValueMetadata()
	get := func(k string) string {
		if v := kv.FindValue(k); v != nil {
			return *v
		}
		return ""
	}
	m = stagedMeta{firstID: get(metaFirstID), lastID: get(metaLastID), fingerprint: get(metaFingerprint)}
	if m.rows, err = strconv.Atoi(get(metaRows)); err != nil || int64(m.rows) != pf.NumRows() {
		return stagedMeta{}, fmt.Errorf("shard %s: row count metadata disagrees with the file", path)
	}
	return m, nil
}

func (s *shardSet) stagedPath(table string, idx int) string {
	return filepath.Join(s.staging, fmt.Sprintf("%s-%05d.parquet", table, idx))
}

// add writes one example's rows into the open shard, opening it if needed.
func (s *shardSet) add(r exampleRows) error {
	if s.q == nil {
		if err := s.open(); err != nil {
			return err
		}
	}
	if err := s.q.WriteQuestion(r.q); err != nil {
		s.abort()
		return diskError(err)
	}
	if s.a != nil {
		if err := s.a.WriteAnnotation(r.a); err != nil {
			s.abort()
			return diskError(err)
		}
	}
	s.rows++
	s.written++
	return nil
}

// blockEnd returns the end (exclusive) of the balance block of house index.
func (s *shardSet) blockEnd(index int) int {
	return min(s.houses, (index/s.block+1)*s.block)
}

// houseDone records that every row of house index has been added; at the
// end of a block it completes the shard when the shard holds enough rows.
func (s *shardSet) houseDone(index int) error {
	if index+1 == s.blockEnd(index) && s.rows >= s.rowsPerShard {
		return s.complete(index + 1)
	}
	return nil
}

// finish completes the open shard (ending at house end) and renames every
// staged shard to its final name. A trailing shard with no rows is not
// written unless the split would otherwise have none.
func (s *shardSet) finish(end int) error {
	if s.rows > 0 || len(s.done) == 0 || s.q != nil {
		if err := s.complete(end); err != nil {
			return err
		}
	}
	count := len(s.done)
	for _, t := range s.tables() {
		for i := 0; i < count; i++ {
			dst := filepath.Join(s.dir, fmt.Sprintf("%s-%05d-of-%05d.parquet", t, i, count))
			if err := os.Rename(s.stagedPath(t, i), dst); err != nil {
				return diskError(fmt.Errorf("finalising split %s: %w", s.split, err))
			}
		}
	}
	if err := os.Remove(s.staging); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("split %s: %w", s.split, err)
	}
	return nil
}

func (s *shardSet) open() error {
	idx := len(s.done)
	opt := export.ShardOptions{W: s.w, H: s.h, MaxRowGroupBytes: s.maxGroupBytes, TensorType: s.tensorType,
		Metadata: map[string]string{export.SplitKey: s.split, export.ShardKey: strconv.Itoa(idx), metaFingerprint: s.fingerprint}}
	var err error
	if s.q, err = export.NewShardWriter(s.stagedPath(export.QuestionsTable, idx), export.QuestionsTable, opt); err != nil {
		s.q = nil
		return diskError(err)
	}
	if !s.questionsOnly {
		if s.a, err = export.NewShardWriter(s.stagedPath(export.AnnotationsTable, idx), export.AnnotationsTable, opt); err != nil {
			s.q.Abort()
			s.q, s.a = nil, nil
			return diskError(err)
		}
	}
	return nil
}

// complete closes the open shard pair as houses [first, end).
func (s *shardSet) complete(end int) error {
	if s.q == nil {
		if err := s.open(); err != nil {
			return err
		}
	}
	q, a := s.q, s.a
	s.q, s.a = nil, nil
	if err := q.Close(); err != nil {
		if a != nil {
			a.Abort()
		}
		return diskError(err)
	}
	if a != nil {
		if err := a.Close(); err != nil {
			os.Remove(q.Path())
			return diskError(err)
		}
	}
	s.done = append(s.done, shardRange{Index: len(s.done), First: s.first, End: end, Rows: s.rows, Fingerprint: s.fingerprint})
	s.first, s.rows = end, 0
	return nil
}

// abort discards the open shard pair; completed shards stay staged for a
// later --resume.
func (s *shardSet) abort() {
	if s.q != nil {
		s.q.Abort()
	}
	if s.a != nil {
		s.a.Abort()
	}
	s.q, s.a = nil, nil
}

// diskError explains the errors a user can fix: a full disk and a
// directory without write permission.
func diskError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("disk full: %w (free some space, then rerun with --resume)", err)
	case errors.Is(err, syscall.EDQUOT):
		return fmt.Errorf("disk quota exceeded: %w (free some space, then rerun with --resume)", err)
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return fmt.Errorf("no permission to write: %w", err)
	}
	return err
}
