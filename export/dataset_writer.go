package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Mode says what a DatasetWriter does with a split that already exists in
// the dataset directory. Splits are independent: one run may add a split to
// a directory that holds others, which are kept.
type Mode int

const (
	// CreateNew refuses a split that already exists (ErrExists).
	CreateNew Mode = iota
	// Overwrite removes an existing split's shards and writes it again.
	Overwrite
	// Resume keeps a split's completed shards and skips their rows; partial
	// shards are removed and redone.
	Resume
)

// DefaultRowsPerShard is the number of questions per shard pair.
const DefaultRowsPerShard = 1000

// Options configure a DatasetWriter.
type Options struct {
	Mode Mode
	// RowsPerShard is the number of rows in every shard but the last of a
	// split opened with Split (a split opened with SplitRange is cut by its
	// caller); the questions and annotations shards of an index hold the
	// same rows.
	RowsPerShard int
	// QuestionsOnly skips the annotations table.
	QuestionsOnly bool
	// MaxRowGroupBytes and ZstdLevel are passed to every ShardWriter.
	// Validate re-encodes shards at DefaultZstdLevel and requires the same
	// bytes, so a dataset written at another level does not validate.
	MaxRowGroupBytes int64
	ZstdLevel        int
	// Fingerprint, when set, is stored in every shard's key-value metadata
	// (FingerprintKey): a hash of everything the split's bytes depend on.
	// Resuming a split whose staged shards carry another fingerprint fails,
	// so that a resume never mixes shards of different configurations.
	Fingerprint string
	// TensorType types the dense annotations columns (see TensorType).
	TensorType TensorType
	// tensorPageBytes, for tests, is passed to every ShardWriter.
	tensorPageBytes int
}

// FingerprintKey is the Parquet key-value metadata key of Options.Fingerprint.
const FingerprintKey = "flowbench.fingerprint"

// DatasetWriter writes a dataset directory split by split.
type DatasetWriter struct {
	dir     string
	opt     Options
	mu      sync.Mutex
	written map[string]bool // splits opened by this writer
}

// ErrExists is returned by Split for a split that already exists when the
// mode is CreateNew.
var ErrExists = errors.New("already exists (use resume or overwrite)")

// Create prepares dir for writing: it is created if needed, and a
// directory that cannot be written fails now, with a clear error, rather
// than after hours of generation.
func Create(dir string, opt Options) (*DatasetWriter, error) {
	if opt.RowsPerShard <= 0 {
		opt.RowsPerShard = DefaultRowsPerShard
	}
	if opt.RowsPerShard > 99999 {
		return nil, fmt.Errorf("export: %d rows per shard is too many", opt.RowsPerShard)
	}
	if opt.Mode < CreateNew || opt.Mode > Resume {
		return nil, fmt.Errorf("export: unknown mode %d", opt.Mode)
	}
	if err := CheckLayout(dir); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, DataDir), 0o755); err != nil {
		return nil, fmt.Errorf("export: cannot create dataset directory %s: %w", dir, err)
	}
	if opt.Mode == Resume {
		if _, err := RemoveStaleTemps(dir); err != nil {
			return nil, err
		}
	}
	for _, d := range []string{dir, filepath.Join(dir, DataDir)} {
		probe, err := os.CreateTemp(d, ".write-probe-*")
		if err != nil {
			return nil, fmt.Errorf("export: dataset directory %s is not writable: %w", d, err)
		}
		probe.Close()
		os.Remove(probe.Name())
	}
	return &DatasetWriter{dir: dir, opt: opt, written: map[string]bool{}}, nil
}

// Dir returns the dataset directory.
func (d *DatasetWriter) Dir() string { return d.dir }

// ShardInfo describes a completed shard pair found when resuming.
type ShardInfo struct {
	Index       int
	Rows        int
	FirstID     string
	LastID      string
	Fingerprint string
}

// Range places a split writer's shards in the split's layout: the writer
// writes shard indices [First, End) of a split of Total shards, whose final
// names are data/<table>/<split>-<index>-of-<Total>.parquet. A whole split is
// Range{0, n, n}; one part of a split written on several machines is a
// contiguous sub-range, and the parts' shards together are the split.
type Range struct {
	First, End, Total int
}

// check validates a range.
func (r Range) check() error {
	if r.First < 0 || r.End < r.First || r.Total < r.End || r.Total < 1 || r.Total > MaxShards {
		return fmt.Errorf("export: bad shard range [%d, %d) of %d", r.First, r.End, r.Total)
	}
	return nil
}

// SplitWriter writes the shards of one split (or of a range of its shards).
// Rows are added in their final order; Cut completes the open shard pair
// into the split's staging directory (a split opened with Split is also cut
// every RowsPerShard rows). Close gives the shards their final names.
//
// Resuming (Resume mode) keeps every staged or finished shard pair whose
// files read back completely (VerifyShard), agree with each other and
// carry the writer's fingerprint; Completed lists them. When the writer
// reaches a completed shard, the caller either adds its rows again (Add
// checks and skips them) or calls Cut at once to skip the whole shard.
type SplitWriter struct {
	d       *DatasetWriter
	split   string
	w, h    int
	dir     string // DIR, the dataset directory
	staging string // DIR/data/.staging/<split>
	rng     *Range // nil: cut every RowsPerShard rows, count known at Close

	completed map[int]ShardInfo // staged shard pairs from an earlier run
	cur       int               // index of the shard being written
	pos       int               // rows added to it, written or skipped
	rows      int               // rows added, written or skipped
	q, a      *ShardWriter
	closed    bool
	failed    error // the first write error; the split accepts nothing after it
}

var (
	splitName   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	stagedShard = regexp.MustCompile(`^(questions|annotations)-(\d{5})\.parquet$`)
)

// Split starts (or, in Resume mode, continues) writing a split whose images
// are w×h pixels, cut every RowsPerShard rows.
func (d *DatasetWriter) Split(split string, w, h int) (*SplitWriter, error) {
	return d.open(split, w, h, nil)
}

// SplitRange starts (or, in Resume mode, continues) writing shards
// [r.First, r.End) of a split of r.Total shards whose images are w×h
// pixels. The caller chooses the cut points: it calls Cut once per shard,
// and Close fails unless every shard of the range was cut.
func (d *DatasetWriter) SplitRange(split string, w, h int, r Range) (*SplitWriter, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	return d.open(split, w, h, &r)
}

func (d *DatasetWriter) open(split string, w, h int, r *Range) (*SplitWriter, error) {
	if !splitName.MatchString(split) {
		return nil, fmt.Errorf("export: bad split name %q", split)
	}
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("export: split %s: image size %dx%d must be positive", split, w, h)
	}
	s := &SplitWriter{d: d, split: split, w: w, h: h, dir: d.dir, rng: r, completed: map[int]ShardInfo{}}
	if r != nil {
		s.cur = r.First
	}
	s.staging = StagingDir(d.dir, split)
	switch d.opt.Mode {
	case CreateNew:
		if exists, err := splitExists(d.dir, split); err != nil {
			return nil, err
		} else if exists {
			return nil, fmt.Errorf("export: split %s in %s %w", split, d.dir, ErrExists)
		}
	case Overwrite:
		if err := RemoveSplit(d.dir, split); err != nil {
			return nil, err
		}
	}
	d.mu.Lock()
	d.written[split] = true
	d.mu.Unlock()
	if err := os.MkdirAll(s.staging, 0o755); err != nil {
		return nil, fmt.Errorf("export: cannot create %s: %w", s.staging, err)
	}
	if err := s.prepare(); err != nil {
		return nil, err
	}
	return s, nil
}

// splitExists reports whether the dataset in dir holds any shard of split,
// finished, staged or partial.
func splitExists(dir, split string) (bool, error) {
	for _, t := range allTables() {
		entries, err := os.ReadDir(TableDir(dir, t))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, fmt.Errorf("export: %w", err)
		}
		for _, e := range entries {
			if isSplitShard(e.Name(), split) {
				return true, nil
			}
		}
	}
	found := false
	err := filepath.WalkDir(StagingDir(dir, split), func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if !e.IsDir() && (strings.HasSuffix(p, ".parquet") || strings.HasSuffix(p, partialSuffix)) {
			found = true
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("export: %w", err)
	}
	return found, nil
}

// inRange reports whether shard idx belongs to this writer.
func (s *SplitWriter) inRange(idx int) bool {
	return s.rng == nil || (idx >= s.rng.First && idx < s.rng.End)
}

// prepare cleans the split's files: temp files go; finished shards of an
// earlier run are moved back to staging (Resume) or removed; in Resume mode
// the staged shard pairs that verify are kept (Completed), the rest removed.
func (s *SplitWriter) prepare() error {
	resume := s.d.opt.Mode == Resume
	for _, t := range MotionTables {
		entries, err := os.ReadDir(TableDir(s.dir, t))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("export: %w", err)
		}
		for _, e := range entries {
			split, idx, _, ok := parseFinalShard(e.Name())
			if !ok || split != s.split || e.IsDir() {
				continue
			}
			p := filepath.Join(TableDir(s.dir, t), e.Name())
			if resume {
				err = os.Rename(p, s.stagedPath(t, idx))
			} else {
				err = os.Remove(p)
			}
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
		}
	}
	entries, err := os.ReadDir(s.staging)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(s.staging, name)
		switch {
		case strings.HasSuffix(name, partialSuffix):
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("export: removing partial shard: %w", err)
			}
		case stagedShard.MatchString(name) && !resume:
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("export: %w", err)
			}
		}
	}
	if !resume {
		return nil
	}
	// A shard index is complete when every table's staged file reads back
	// completely and agrees on rows and ids; anything else is redone.
	infos := map[int]map[string]ShardInfo{}
	if entries, err = os.ReadDir(s.staging); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for _, e := range entries {
		m := stagedShard.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		idx, _ := strconv.Atoi(m[2])
		p := filepath.Join(s.staging, e.Name())
		if !s.inRange(idx) || (s.d.opt.QuestionsOnly && m[1] == AnnotationsTable) {
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("export: %w", err)
			}
			continue
		}
		info, err := stagedInfo(p, idx)
		if err != nil {
			if err := os.Remove(p); err != nil { // unreadable: redo it
				return fmt.Errorf("export: %w", err)
			}
			continue
		}
		if info.Fingerprint != s.d.opt.Fingerprint {
			return fmt.Errorf("export: %s was written by a different configuration (fingerprint %q, this run %q); "+
				"rerun with the original settings or overwrite the split", p, info.Fingerprint, s.d.opt.Fingerprint)
		}
		if infos[idx] == nil {
			infos[idx] = map[string]ShardInfo{}
		}
		infos[idx][m[1]] = info
	}
	for idx, byTable := range infos {
		q, ok := byTable[QuestionsTable]
		a, okA := byTable[AnnotationsTable]
		if ok && (s.d.opt.QuestionsOnly || (okA && a == q)) {
			s.completed[idx] = q
			continue
		}
		for t := range byTable { // half a pair: redo it
			if err := os.Remove(s.stagedPath(t, idx)); err != nil {
				return fmt.Errorf("export: %w", err)
			}
		}
	}
	return nil
}

// stagedInfo reads a staged shard completely (VerifyShard) and returns its
// footer metadata; a damaged shard, or one whose shard index metadata is not
// idx, is an error, and is redone.
func stagedInfo(path string, idx int) (ShardInfo, error) {
	if err := VerifyShard(path); err != nil {
		return ShardInfo{}, err
	}
	info, err := ReadShardInfo(path)
	if err != nil {
		return ShardInfo{}, err
	}
	if info.Index != idx {
		return ShardInfo{}, fmt.Errorf("export: shard %s: its metadata says shard %d", path, info.Index)
	}
	return info, nil
}

// Completed returns the shard pairs kept from an earlier run (Resume mode),
// by index.
func (s *SplitWriter) Completed() []ShardInfo {
	out := make([]ShardInfo, 0, len(s.completed))
	for _, i := range sortedInts(s.completed) {
		out = append(out, s.completed[i])
	}
	return out
}

// IsCompleted reports whether shard idx was kept from an earlier run.
func (s *SplitWriter) IsCompleted(idx int) bool {
	_, ok := s.completed[idx]
	return ok
}

// Next returns the index of the shard that the next Add or Cut goes to.
func (s *SplitWriter) Next() int { return s.cur }

// Staging returns the directory completed shards are staged in until Close.
func (s *SplitWriter) Staging() string { return s.staging }

func sortedInts[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

func (s *SplitWriter) stagedPath(table string, idx int) string {
	return filepath.Join(s.staging, fmt.Sprintf("%s-%05d.parquet", table, idx))
}

// usable returns the error that stops any further Add or Cut.
func (s *SplitWriter) usable() error {
	switch {
	case s.failed != nil:
		return fmt.Errorf("export: split %s stopped after an earlier error: %w", s.split, s.failed)
	case s.closed:
		return fmt.Errorf("export: split %s is closed", s.split)
	case s.rng != nil && s.cur >= s.rng.End:
		return fmt.Errorf("export: split %s: every shard of [%d, %d) is already cut", s.split, s.rng.First, s.rng.End)
	}
	return nil
}

// Add appends one question and its annotations (ignored with QuestionsOnly)
// to the open shard. Both must have the same id. The rows are encoded before
// Add returns and their slices are not kept, so the caller may reuse its
// buffers. Add costs tens of milliseconds of CPU per row at 512×512 (see
// BenchmarkWrite512): call it from a collector goroutine so that rendering
// workers keep going. After an error the split accepts nothing more;
// completed shards stay staged for a resume.
func (s *SplitWriter) Add(q QuestionRow, a AnnotationRow) error {
	if err := s.usable(); err != nil {
		return err
	}
	if !s.d.opt.QuestionsOnly && q.ID != a.ID {
		return fmt.Errorf("export: split %s: question %q paired with annotations %q", s.split, q.ID, a.ID)
	}
	if q.Split != "" && q.Split != s.split {
		return fmt.Errorf("export: question %s belongs to split %q, not %q", q.ID, q.Split, s.split)
	}
	idx, pos := s.cur, s.pos
	if info, ok := s.completed[idx]; ok {
		// Resuming: the row must be the one stored there.
		if (pos == 0 && q.ID != info.FirstID) || pos >= info.Rows || (pos == info.Rows-1 && q.ID != info.LastID) {
			return fmt.Errorf("export: resume: split %s shard %d was written from different rows (row %d is %q now); rerun with overwrite",
				s.split, idx, pos, q.ID)
		}
	} else if err := s.write(idx, q, a); err != nil {
		s.abortOpen()
		s.failed = err
		return err
	}
	s.rows++
	s.pos++
	if s.rng == nil && s.pos == s.d.opt.RowsPerShard {
		return s.Cut()
	}
	return nil
}

// Cut completes the open shard, with the rows added since the last cut
// (none gives an empty shard), and opens the next one. At a shard kept from
// an earlier run it checks that the rows added were all of its rows, or
// none (the caller skipped the shard).
func (s *SplitWriter) Cut() error {
	if err := s.usable(); err != nil {
		return err
	}
	idx := s.cur
	if info, ok := s.completed[idx]; ok {
		if s.pos != 0 && s.pos != info.Rows {
			s.failed = fmt.Errorf("export: resume: split %s shard %d holds %d rows, this run gave %d; rerun with overwrite",
				s.split, idx, info.Rows, s.pos)
			return s.failed
		}
	} else {
		if s.q == nil {
			if err := s.openShards(idx); err != nil {
				s.failed = err
				return err
			}
		}
		if err := s.closeShards(); err != nil {
			s.failed = err
			return err
		}
	}
	s.cur++
	s.pos = 0
	return nil
}

// write adds a row to the shard pair idx, opening it first if needed.
func (s *SplitWriter) write(idx int, q QuestionRow, a AnnotationRow) error {
	if s.q == nil {
		if err := s.openShards(idx); err != nil {
			return err
		}
	}
	if err := s.q.WriteQuestion(q); err != nil {
		return err
	}
	if s.a != nil {
		return s.a.WriteAnnotation(a)
	}
	return nil
}

func (s *SplitWriter) openShards(idx int) error {
	meta := map[string]string{SplitKey: s.split, ShardKey: strconv.Itoa(idx)}
	if fp := s.d.opt.Fingerprint; fp != "" {
		meta[FingerprintKey] = fp
	}
	opt := ShardOptions{W: s.w, H: s.h, MaxRowGroupBytes: s.d.opt.MaxRowGroupBytes, ZstdLevel: s.d.opt.ZstdLevel, tensorPageBytes: s.d.opt.tensorPageBytes,
		TensorType: s.d.opt.TensorType, Metadata: meta}
	var err error
	if s.q, err = NewShardWriter(s.stagedPath(QuestionsTable, idx), QuestionsTable, opt); err != nil {
		s.q = nil
		return err
	}
	if !s.d.opt.QuestionsOnly {
		if s.a, err = NewShardWriter(s.stagedPath(AnnotationsTable, idx), AnnotationsTable, opt); err != nil {
			s.q.Abort()
			s.q = nil
			return err
		}
	}
	return nil
}

func (s *SplitWriter) closeShards() error {
	q, a := s.q, s.a
	s.q, s.a = nil, nil
	if err := q.Close(); err != nil {
		if a != nil {
			a.Abort()
		}
		return err
	}
	if a != nil {
		if err := a.Close(); err != nil {
			os.Remove(q.Path())
			return err
		}
	}
	return nil
}

func (s *SplitWriter) abortOpen() {
	if s.q != nil {
		s.q.Abort()
	}
	if s.a != nil {
		s.a.Abort()
	}
	s.q, s.a = nil, nil
}

// Rows returns the number of rows added so far (written or skipped).
func (s *SplitWriter) Rows() int { return s.rows }

// Abort stops the split, removing the shard being written; completed
// shards stay staged for a resume.
func (s *SplitWriter) Abort() {
	s.abortOpen()
	s.closed = true
}

// Discard is Abort that also removes the shards this writer completed (a
// run whose every house failed leaves no sealed shard a resume would
// accept), and the split's staging folder when that leaves it empty;
// shards kept from an earlier run stay.
func (s *SplitWriter) Discard() error {
	s.Abort()
	first := 0
	if s.rng != nil {
		first = s.rng.First
	}
	for i := first; i < s.cur; i++ {
		if _, kept := s.completed[i]; kept {
			continue
		}
		for _, t := range []string{QuestionsTable, AnnotationsTable} {
			if err := os.Remove(s.stagedPath(t, i)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("export: discarding split %s: %w", s.split, err)
			}
		}
	}
	// Each only when empty: shards kept from an earlier run, and other
	// splits, stay; a dataset that held nothing else is left as empty as
	// it was found, so that a retry may write into it.
	if os.Remove(s.staging) == nil && os.Remove(filepath.Dir(s.staging)) == nil {
		os.Remove(filepath.Dir(filepath.Dir(s.staging))) // data/
	}
	return nil
}

// Close completes the split and renames every staged shard of the writer to
// its final name data/<table>/<split>-<index>-of-<count>.parquet. A split opened with
// Split cuts its last shard here (an empty split gets one empty shard per
// table, so that its schema is still published); one opened with
// SplitRange must have cut every shard of its range.
func (s *SplitWriter) Close() error {
	if s.failed != nil {
		return fmt.Errorf("export: split %s not finalised after an earlier error (completed shards stay staged for a resume): %w", s.split, s.failed)
	}
	if s.closed {
		return nil
	}
	first, count := 0, 0
	if s.rng == nil {
		if s.pos > 0 || s.q != nil || s.cur == 0 {
			if err := s.Cut(); err != nil {
				return err
			}
		}
		count = s.cur
	} else {
		if s.cur != s.rng.End {
			return fmt.Errorf("export: split %s: shards %d to %d were never cut (the run stopped early?)", s.split, s.cur, s.rng.End-1)
		}
		first, count = s.rng.First, s.rng.Total
	}
	s.closed = true
	if count > 99999 {
		return fmt.Errorf("export: split %s needs %d shards; raise the rows per shard", s.split, count)
	}
	tables := []string{QuestionsTable, AnnotationsTable}
	if s.d.opt.QuestionsOnly {
		tables = tables[:1]
	}
	for _, t := range tables {
		if err := os.MkdirAll(TableDir(s.dir, t), 0o755); err != nil {
			return fmt.Errorf("export: finalising split %s: %w", s.split, err)
		}
		for i := first; i < s.cur; i++ {
			src := s.stagedPath(t, i)
			dst := ShardPath(s.dir, t, s.split, i, count)
			if err := os.Rename(src, dst); err != nil {
				return fmt.Errorf("export: finalising split %s: %w", s.split, err)
			}
		}
	}
	entries, err := os.ReadDir(s.staging)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("export: split %s: %s still holds %s (shards beyond the %d rows of this run?); rerun with overwrite",
			s.split, s.staging, entries[0].Name(), s.rows)
	}
	if err := removeStaging(s.dir, s.split); err != nil {
		return err
	}
	for _, t := range tables {
		if err := syncDir(TableDir(s.dir, t)); err != nil {
			return err
		}
	}
	return nil
}

// removeStaging removes the (empty) staging folder of split, and
// data/.staging once no split uses it.
func removeStaging(dir, split string) error {
	if err := os.Remove(StagingDir(dir, split)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("export: %w", err)
	}
	if entries, err := os.ReadDir(StagingRoot(dir)); err == nil && len(entries) == 0 {
		os.Remove(StagingRoot(dir))
	}
	return nil
}

// RemoveSplit removes every file of split from the dataset in dir: its
// finished shards in every table's folder (only names of the split's
// shards) and its staging folder. The caller has checked that the staging
// folder holds only flowbench's files.
func RemoveSplit(dir, split string) error {
	for _, t := range allTables() {
		entries, err := os.ReadDir(TableDir(dir, t))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("export: %w", err)
		}
		for _, e := range entries {
			if isSplitShard(e.Name(), split) && e.Type().IsRegular() {
				if err := os.Remove(filepath.Join(TableDir(dir, t), e.Name())); err != nil {
					return fmt.Errorf("export: cannot remove the old split %s: %w", split, err)
				}
			}
		}
	}
	if err := os.RemoveAll(StagingDir(dir, split)); err != nil {
		return fmt.Errorf("export: cannot remove the old split %s: %w", split, err)
	}
	return removeStaging(dir, split)
}
