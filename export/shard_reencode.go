package export

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// shardReencoder re-encodes a shard's decoded rows with flowbench's writer
// (the same properties, schema, row-group cut points and key-value
// metadata) while Validate reads them, and compares the bytes it makes
// with the file's. The writer is deterministic, so a shard that flowbench
// wrote is reproduced byte for byte, and any other byte anywhere in the
// file is refused: column statistics in the footer and in the page
// headers, schema names and types, every page header field, the
// key-value metadata (huggingface, first_id, last_id, rows, split, shard)
// and the page data, all of which other readers (DuckDB, pyarrow,
// Hugging Face) trust without checking. What is taken from the file
// itself is only what no row determines: the row count of each row
// group, the tensor size and type of an annotations shard (its
// ARROW:schema, checked byte for byte by openShard) and the fingerprint,
// which checkFingerprints compares across a split's shards.
//
// The encoding runs in a goroutine of its own, fed rows through a short
// queue, so that on a machine with a spare core it costs Validate little
// wall time (it costs about a quarter more CPU).
type shardReencoder struct {
	enc  *shardEncoder
	cmp  *byteComparer
	rows chan func() error
	done chan struct{}
	err  error // the first encoding error; read after done is closed
}

// reencodeQueue is the number of decoded rows waiting to be encoded.
const reencodeQueue = 2

// newShardReencoder starts re-encoding the opened shard sf, a finished
// shard of split (its index comes from its file name).
func newShardReencoder(sf *shardFile, split string) (*shardReencoder, error) {
	_, idx, _, ok := parseFinalShard(filepath.Base(sf.path))
	if !ok {
		return nil, fmt.Errorf("file name is not <split>-<index>-of-<count>.parquet")
	}
	table := sf.meta(TableKey)
	meta := map[string]string{SplitKey: split, ShardKey: strconv.Itoa(idx)}
	if v := sf.pf.MetaData().KeyValueMetadata().FindValue(FingerprintKey); v != nil {
		meta[FingerprintKey] = *v
	}
	cmp, err := newByteComparer(sf.path)
	if err != nil {
		return nil, err
	}
	enc, err := newShardEncoder(cmp, sf.path, table, ShardOptions{W: sf.w, H: sf.h, TensorType: sf.tensors, Metadata: meta})
	if err != nil {
		cmp.closeFile()
		return nil, err
	}
	md := sf.pf.MetaData()
	enc.groups = make([]int64, md.NumRowGroups())
	for i := range enc.groups {
		enc.groups[i] = md.RowGroup(i).NumRows()
	}
	r := &shardReencoder{enc: enc, cmp: cmp, rows: make(chan func() error, reencodeQueue), done: make(chan struct{})}
	go r.run()
	return r, nil
}

// run encodes the queued rows until the queue is closed; after an error
// (or a panic inside arrow-go) it only drains the queue.
func (r *shardReencoder) run() {
	defer close(r.done)
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("the Parquet writer failed: %v", p)
			for range r.rows {
			}
		}
	}()
	for f := range r.rows {
		if r.err == nil {
			r.err = f()
		}
	}
}

// wait closes the queue and waits for the queued rows to be encoded.
func (r *shardReencoder) wait() {
	close(r.rows)
	<-r.done
}

// reencodeRow queues the next decoded row to be encoded with encode; the
// row must not change afterwards. The first error is kept for finish.
func reencodeRow[R any](r *shardReencoder, encode func(*shardEncoder, *R) error, row *R) {
	r.rows <- func() error { return encode(r.enc, row) }
}

// finish writes the footer and returns why the file differs from the
// re-encoding of its rows (its footer as read, actual), or "" when they are
// identical. The comparer's file is closed.
func (r *shardReencoder) finish(sf *shardFile) string {
	defer r.cmp.closeFile()
	r.wait()
	if r.err == nil {
		r.err = r.enc.finishMetadata()
	}
	return reencodingVerdict(sf, r.enc.path, r.enc.fw, r.err, r.cmp)
}

// reencodingVerdict closes the re-encoding's writer fw (err is its error so
// far) and says why the file differs from it, or "" when they are identical.
func reencodingVerdict(sf *shardFile, path string, fw *pqarrow.FileWriter, err error, cmp *byteComparer) string {
	if cerr := closeWriter(path, fw); err == nil {
		err = cerr
	}
	if err != nil {
		return "its decoded rows cannot be written again by flowbench's writer: " + err.Error()
	}
	if cmp.done(); cmp.readErr != nil {
		return "reading it again to compare: " + cmp.readErr.Error()
	}
	if cmp.diff < 0 {
		return ""
	}
	want, _ := fw.FileMetadata()
	return describeDifference(sf, want, cmp)
}

// abandon stops a re-encoding whose shard failed another check.
func (r *shardReencoder) abandon() {
	r.wait()
	closeWriter(r.enc.path, r.enc.fw)
	r.cmp.closeFile()
}

// closeWriter closes a re-encoding's Parquet writer, which writes the
// footer; a panic inside arrow-go (after one while encoding) becomes an
// error naming the shard.
func closeWriter(path string, fw interface{ Close() error }) error {
	return guardShard(path, "re-encoding its rows", fw.Close)
}

// byteComparer is an io.Writer that compares the bytes written to it with
// a file's, in order, and records the first difference.
type byteComparer struct {
	f       *os.File
	r       *bufio.Reader
	buf     []byte
	off     int64 // bytes written so far
	diff    int64 // offset of the first difference; -1 while none
	got     int   // the file's byte there; -1 when the file ends before it
	want    int   // the written byte there; -1 when the file is longer
	tail    [8]byte
	readErr error
}

func newByteComparer(path string) (*byteComparer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &byteComparer{f: f, r: bufio.NewReaderSize(f, 1<<20), diff: -1}, nil
}

// Write compares p with the file's next len(p) bytes; it never fails, so
// that the writer goes on to the footer, which describeDifference reads.
func (c *byteComparer) Write(p []byte) (int, error) {
	if c.diff < 0 && c.readErr == nil {
		if cap(c.buf) < len(p) {
			c.buf = make([]byte, len(p))
		}
		b := c.buf[:len(p)]
		n, err := io.ReadFull(c.r, b)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			c.readErr = err
		}
		for i := 0; i < n; i++ {
			if b[i] != p[i] {
				c.diff, c.got, c.want = c.off+int64(i), int(b[i]), int(p[i])
				break
			}
		}
		if c.diff < 0 && n < len(p) && c.readErr == nil {
			c.diff, c.got, c.want = c.off+int64(n), -1, int(p[n])
		}
	}
	if len(p) >= len(c.tail) {
		copy(c.tail[:], p[len(p)-len(c.tail):])
	} else {
		copy(c.tail[:], append(c.tail[len(p):], p...))
	}
	c.off += int64(len(p))
	return len(p), nil
}

// done records a file longer than what was written.
func (c *byteComparer) done() {
	if c.diff >= 0 || c.readErr != nil {
		return
	}
	b, err := c.r.ReadByte()
	switch {
	case err == nil:
		c.diff, c.got, c.want = c.off, int(b), -1
	case !errors.Is(err, io.EOF):
		c.readErr = err
	}
}

// footerStart returns the offset at which the written footer begins.
func (c *byteComparer) footerStart() int64 {
	return c.off - 8 - int64(binary.LittleEndian.Uint32(c.tail[:4]))
}

// closeFile closes the compared file (not Close: the Parquet writer would
// close it before the comparison is done).
func (c *byteComparer) closeFile() error { return c.f.Close() }
