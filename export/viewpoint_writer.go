package export

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// DefaultScenesPerShard is the viewpoint writer's shard size in scenes.
const DefaultScenesPerShard = 32

// ViewpointWriter writes one split of a viewpoint dataset: shard pairs of
// the questions and target-views tables, cut every ScenesPerShard scenes,
// each written to a .partial file, synced and renamed; Close gives them
// their final "-of-N" names. One row group per scene.
type ViewpointWriter struct {
	root           string // the dataset directory
	dir, split     string // dir: the split's staging folder
	scenesPerShard int
	shards         []string // staged shard paths, questions and views per index
	q, v           *pqarrow.FileWriter
	qf, vf         *os.File
	qPath, vPath   string
	scenes         int // scenes in the open pair
	mem            memory.Allocator
}

// NewViewpointWriter starts split of the dataset in dir: shards are
// written into the split's staging folder (StagingDir) and moved to
// data/<table>/<split>-<index>-of-<count>.parquet by Close.
func NewViewpointWriter(dir, split string, scenesPerShard int) (*ViewpointWriter, error) {
	if scenesPerShard <= 0 {
		scenesPerShard = DefaultScenesPerShard
	}
	if err := CheckLayout(dir); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	d := StagingDir(dir, split)
	if err := os.MkdirAll(d, 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return &ViewpointWriter{root: dir, dir: d, split: split, scenesPerShard: scenesPerShard, mem: memory.NewGoAllocator()}, nil
}

// viewpointBulkColumns are the viewpoint tables' pixel columns: no
// dictionary and no column statistics, as the motion tables' (bulkColumns).
var viewpointBulkColumns = []string{"image.bytes", "depth.list.element"}

// viewpointProperties are the Parquet properties of the viewpoint tables:
// zstd, statistics but on the pixel columns, byte-stream-split depth, no
// dictionary for the pixel columns.
func viewpointProperties() *parquet.WriterProperties {
	opts := []parquet.WriterProperty{
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(DefaultZstdLevel),
		parquet.WithStats(true),
		parquet.WithMaxRowGroupLength(1 << 40),
		parquet.WithDataPageSize(DataPageBytes),
		parquet.WithCreatedBy("flowbench export (arrow-go v18)"),
		parquet.WithEncodingFor("depth.list.element", parquet.Encodings.ByteStreamSplit),
	}
	for _, p := range viewpointBulkColumns {
		opts = append(opts, parquet.WithDictionaryFor(p, false), parquet.WithStatsFor(p, false))
	}
	return parquet.NewWriterProperties(opts...)
}

func (w *ViewpointWriter) open() error {
	i := len(w.shards) / 2
	var err error
	w.qPath = filepath.Join(w.dir, fmt.Sprintf("%s-%05d.parquet", ViewpointQuestionsTable, i))
	w.vPath = filepath.Join(w.dir, fmt.Sprintf("%s-%05d.parquet", ViewpointViewsTable, i))
	if w.qf, w.q, err = w.create(w.qPath, ViewpointQuestionsSchema()); err != nil {
		return err
	}
	if w.vf, w.v, err = w.create(w.vPath, ViewpointViewsSchema()); err != nil {
		w.abort()
		return err
	}
	return nil
}

func (w *ViewpointWriter) create(path string, schema *arrow.Schema) (*os.File, *pqarrow.FileWriter, error) {
	f, err := os.OpenFile(path+partialSuffix, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("export: cannot create shard %s: %w", path, err)
	}
	fw, err := pqarrow.NewFileWriter(schema, f, viewpointProperties(),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(w.mem)))
	if err != nil {
		f.Close()
		os.Remove(path + partialSuffix)
		return nil, nil, fmt.Errorf("export: shard %s: %w", path, err)
	}
	return f, fw, nil
}

// Add writes one scene's rows.
func (w *ViewpointWriter) Add(qs []ViewpointQuestionRow, vs []ViewpointViewRow) error {
	if w.q == nil {
		if err := w.open(); err != nil {
			return err
		}
	}
	for _, x := range []struct {
		fw  *pqarrow.FileWriter
		rec arrow.RecordBatch
	}{{w.q, viewpointQuestionsRecord(w.mem, qs)}, {w.v, viewpointViewsRecord(w.mem, vs)}} {
		// One row group per scene: a new one before every scene but the
		// shard's first (one opened after the last scene would be written
		// empty when the shard closes).
		var err error
		if w.scenes > 0 {
			err = x.fw.NewBufferedRowGroupChecked()
		}
		if err == nil {
			err = x.fw.WriteBuffered(x.rec)
		}
		x.rec.Release()
		if err != nil {
			w.abort()
			return fmt.Errorf("export: writing %s shard %d of split %s: %w", ViewpointQuestionsTable, len(w.shards)/2, w.split, err)
		}
	}
	w.scenes++
	if w.scenes == w.scenesPerShard {
		return w.closePair()
	}
	return nil
}

// closePair finishes the open shard pair.
func (w *ViewpointWriter) closePair() error {
	for _, x := range []struct {
		fw   *pqarrow.FileWriter
		path string
	}{{w.q, w.qPath}, {w.v, w.vPath}} {
		err := x.fw.Close() // closes the file too
		if err == nil {
			err = syncFile(x.path + partialSuffix)
		}
		if err == nil {
			err = os.Rename(x.path+partialSuffix, x.path)
		}
		if err == nil {
			err = syncDir(w.dir)
		}
		if err != nil {
			w.abort()
			return fmt.Errorf("export: finishing shard %s: %w", x.path, err)
		}
		w.shards = append(w.shards, x.path)
	}
	w.q, w.v, w.qf, w.vf, w.scenes = nil, nil, nil, nil, 0
	return nil
}

func (w *ViewpointWriter) abort() {
	for _, x := range []struct {
		f    *os.File
		path string
	}{{w.qf, w.qPath}, {w.vf, w.vPath}} {
		if x.f != nil {
			x.f.Close()
			os.Remove(x.path + partialSuffix)
		}
	}
	w.q, w.v, w.qf, w.vf = nil, nil, nil, nil
}

// Close finishes the split: the open pair is closed and every shard gets
// its final name data/<table>/<split>-<index>-of-<count>.parquet; the
// staging folder is removed. It returns the number of shard pairs.
func (w *ViewpointWriter) Close() (int, error) {
	if w.q != nil {
		if err := w.closePair(); err != nil {
			return 0, err
		}
	}
	n := len(w.shards) / 2
	for i, p := range w.shards {
		table := ViewpointQuestionsTable
		if i%2 == 1 {
			table = ViewpointViewsTable
		}
		if err := os.MkdirAll(TableDir(w.root, table), 0o755); err != nil {
			return 0, fmt.Errorf("export: %w", err)
		}
		if err := os.Rename(p, ShardPath(w.root, table, w.split, i/2, n)); err != nil {
			return 0, fmt.Errorf("export: %w", err)
		}
	}
	if err := removeStaging(w.root, w.split); err != nil {
		return 0, err
	}
	for _, t := range ViewpointTables {
		if err := syncDir(TableDir(w.root, t)); err != nil {
			return 0, err
		}
	}
	return n, nil
}
