package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
)

// DefaultMaxRowGroupBytes bounds the estimated uncompressed size of a row
// group (the issue asks for at most 128 MB).
const DefaultMaxRowGroupBytes = 128_000_000

// DefaultZstdLevel is the zstd level used for every column.
const DefaultZstdLevel = 3

// DataPageBytes is the data page size of every column (arrow-go's default
// is 1 MiB). A page is the unit zstd compresses, so a larger page lets it
// find rows that repeat within a row group: the questions of one view share
// their unmarked I0, its depth and its instance map, and the outcomes of one
// view share most of their pixels. At 512 px a depth row is 1 MiB, so with
// 1 MiB pages no row saw another. Measured on 16 houses at 512 px with real
// furniture, 2 workers (643 questions): 886 kB per question and 133 CPU-s
// with 1 MiB pages, 723 kB and 135 CPU-s with 2 MiB, 674 kB and 169 CPU-s
// with 4 MiB (measured under 0.5.0's collector pacing, a 1152 MiB memory
// limit alone: the larger page buffers pushed the heap against it and the
// collector ran almost without pause; 128 CPU-s with GOMEMLIMIT=2GiB, at
// 2.07 GB RSS). Decoded values do not change (format version 0.5.0).
// Since 0.5.1 the dense annotations columns are written by the tensor page
// writer (tensor_pages.go) in pages of DataPageBytes of values, of whole
// rows where a row fits (a 512×512 depth map is 1 MiB: two rows a page; a
// flow map one), else with rows spanning pages (800×800).
const DataPageBytes = 2 << 20

// partialSuffix marks a shard still being written; it is removed on resume.
const partialSuffix = ".partial"

// ShardWriter writes one Parquet shard of one table. Each row is encoded
// into the open row group as soon as it is written (the row's slices are not
// kept), and a new row group starts when the estimated uncompressed size
// would pass the bound. The file is written to PATH.partial in the same
// directory, fsynced and renamed to PATH by Close, so PATH is either absent
// or complete.
type ShardWriter struct {
	tmp string
	f   *os.File
	shardEncoder
	done    bool
	aborted bool
}

// ShardOptions configure a ShardWriter.
type ShardOptions struct {
	// W and H are the image size of an annotations shard (ignored for questions).
	W, H int
	// MaxRowGroupBytes bounds a row group's estimated uncompressed size;
	// 0 means DefaultMaxRowGroupBytes. A single larger row gets a group of its own.
	MaxRowGroupBytes int64
	// ZstdLevel is the zstd compression level; 0 means DefaultZstdLevel.
	ZstdLevel int
	// Metadata is extra Parquet key-value metadata (keys sorted on write).
	Metadata map[string]string
	// TensorType types the dense annotations columns (ignored for questions).
	TensorType TensorType
	// tensorPageBytes, for tests, bounds a tensor page's values instead of
	// DataPageBytes (Validate re-encodes with DataPageBytes).
	tensorPageBytes int
}

// writerProperties returns the Parquet properties of a table: zstd,
// byte-stream-split and no dictionary for float tensors, plain encoding (no
// dictionary) for integer tensors and image bytes, dictionaries for
// everything else; column statistics for every column but those of
// bulkColumns.
func writerProperties(table string, level int) *parquet.WriterProperties {
	opts := []parquet.WriterProperty{
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(level),
		parquet.WithStats(true),
		parquet.WithMaxRowGroupLength(1 << 40), // ShardWriter cuts row groups by estimated bytes
		parquet.WithDataPageSize(DataPageBytes),
		parquet.WithCreatedBy("flowbench export (arrow-go v18)"),
	}
	floats, all := bulkColumns(table)
	for _, p := range floats {
		opts = append(opts, parquet.WithEncodingFor(p, parquet.Encodings.ByteStreamSplit))
	}
	for _, p := range all {
		opts = append(opts, parquet.WithDictionaryFor(p, false), parquet.WithStatsFor(p, false))
	}
	return parquet.NewWriterProperties(opts...)
}

// bulkColumns returns the leaf column paths of a table that hold pixels:
// the float tensors' elements, and all of them (float and integer tensor
// elements, image bytes). They get no dictionary (a dictionary saves little
// once zstd has compressed them, and building it, a hash lookup per pixel,
// cost about a tenth of generate's CPU) and, since version 0.3.0, no column
// statistics: no query uses the minimum of a depth map's pixels or the
// lexically first PNG, and computing them cost about 2 % of generate's CPU.
func bulkColumns(table string) (floats, all []string) {
	images := []string{"image", "image_after"}
	if table == AnnotationsTable {
		images = []string{"image_before_raw", "image_after_raw"}
		for _, c := range []string{"depth_before", "depth_after", "flow_forward", "flow_backward"} {
			floats = append(floats, c+".list.element")
		}
		all = append(all, floats...)
		for _, c := range []string{"instance_before", "instance_after", "flow_valid", "change_mask"} {
			all = append(all, c+".list.element")
		}
	}
	for _, c := range images {
		all = append(all, c+".bytes")
	}
	return floats, all
}

// NewShardWriter starts the shard at path for table (QuestionsTable or
// AnnotationsTable). Nothing appears at path until Close succeeds.
func NewShardWriter(path, table string, opt ShardOptions) (*ShardWriter, error) {
	if err := checkShardOptions(path, table, opt); err != nil {
		return nil, err
	}
	tmp := path + partialSuffix
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("export: cannot create shard %s: %w", tmp, err)
	}
	enc, err := newShardEncoder(f, path, table, opt)
	if err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, err
	}
	return &ShardWriter{tmp: tmp, f: f, shardEncoder: *enc}, nil
}

// Path returns the shard's final path.
func (s *ShardWriter) Path() string { return s.path }

// Rows returns the number of rows written so far.
func (s *ShardWriter) Rows() int { return s.rows }

// WriteQuestion appends a row to a questions shard.
func (s *ShardWriter) WriteQuestion(r QuestionRow) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	return s.abortOnError(s.encodeQuestion(&r))
}

// WriteAnnotation appends a row to an annotations shard; its dense arrays
// must match the shard's image size.
func (s *ShardWriter) WriteAnnotation(r AnnotationRow) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	return s.abortOnError(s.encodeAnnotation(&r))
}

// abortOnError aborts the shard after an encoding error that left the
// Parquet writer in an unknown state (a refused row leaves it usable).
func (s *ShardWriter) abortOnError(err error) error {
	if err != nil && !isRefusedRow(err) {
		s.Abort()
	}
	return err
}

func (s *ShardWriter) checkOpen() error {
	if s.aborted {
		return fmt.Errorf("export: shard %s was aborted after an error", s.path)
	}
	if s.done {
		return fmt.Errorf("export: shard %s is already closed", s.path)
	}
	return nil
}

// Close writes the remaining rows and the footer (with the row count and
// first/last ids in the key-value metadata), fsyncs, and renames the temp
// file to the shard's path. After an error nothing is left at the path.
func (s *ShardWriter) Close() error {
	if s.aborted {
		return fmt.Errorf("export: shard %s was aborted after an error; nothing was written", s.path)
	}
	if s.done {
		return nil
	}
	if err := s.finishMetadata(); err != nil {
		s.Abort()
		return err
	}
	s.done = true
	err := s.fw.Close() // closes s.f too
	if err == nil {
		err = syncFile(s.tmp)
	}
	if err == nil {
		err = os.Rename(s.tmp, s.path)
	}
	if err == nil {
		err = syncDir(filepath.Dir(s.path))
	}
	if err != nil {
		os.Remove(s.tmp)
		return fmt.Errorf("export: writing shard %s: %w", s.path, err)
	}
	return nil
}

// Abort discards the shard: the temp file is removed and nothing is renamed.
func (s *ShardWriter) Abort() {
	if s.done {
		return
	}
	s.done, s.aborted = true, true
	s.fw.Close()
	s.f.Close()
	os.Remove(s.tmp)
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes a rename durable; file systems that cannot sync a
// directory are tolerated.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) && !strings.Contains(err.Error(), "invalid argument") {
		return err
	}
	return nil
}
