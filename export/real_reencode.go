package export

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// realReencoder re-encodes a real_annotations shard's decoded rows with
// realAnnotationsEncoder, one row group per group of the file, and
// compares the bytes with the file's, so that ValidateReal refuses the
// same footer, schema, statistics and page-header damage as Validate.
type realReencoder struct {
	path   string
	enc    *realAnnotationsEncoder
	cmp    *byteComparer
	groups []int64
	group  int
	buf    []RealAnnotationRow
	err    error
}

// newRealReencoder starts re-encoding the opened finished shard sf of
// split.
func newRealReencoder(sf *shardFile, split string) (*realReencoder, error) {
	_, idx, _, ok := parseFinalShard(filepath.Base(sf.path))
	if !ok {
		return nil, fmt.Errorf("file name is not <split>-<index>-of-<count>.parquet")
	}
	meta := map[string]string{SplitKey: split, ShardKey: strconv.Itoa(idx)}
	if v := sf.pf.MetaData().KeyValueMetadata().FindValue(FingerprintKey); v != nil {
		meta[FingerprintKey] = *v
	}
	cmp, err := newByteComparer(sf.path)
	if err != nil {
		return nil, err
	}
	enc, err := newRealAnnotationsEncoder(cmp, sf.path, meta)
	if err != nil {
		cmp.closeFile()
		return nil, err
	}
	md := sf.pf.MetaData()
	groups := make([]int64, md.NumRowGroups())
	for i := range groups {
		groups[i] = md.RowGroup(i).NumRows()
	}
	return &realReencoder{path: sf.path, enc: enc, cmp: cmp, groups: groups}, nil
}

// add takes the next decoded row; a group's rows are written together.
func (r *realReencoder) add(row *RealAnnotationRow) {
	r.buf = append(r.buf, *row)
	if r.group < len(r.groups) && int64(len(r.buf)) >= r.groups[r.group] {
		r.flush()
	}
}

func (r *realReencoder) flush() {
	if r.err == nil {
		r.err = r.enc.addGroup(r.buf)
	}
	r.buf = nil
	r.group++
}

// finish writes the footer and returns why the file differs from the
// re-encoding of its rows, or "".
func (r *realReencoder) finish(sf *shardFile) string {
	defer r.cmp.closeFile()
	if len(r.buf) > 0 {
		r.flush()
	}
	if r.err == nil {
		r.err = r.enc.finish()
	}
	return reencodingVerdict(sf, r.path, r.enc.fw, r.err, r.cmp)
}

// abandon stops a re-encoding whose shard failed another check.
func (r *realReencoder) abandon() {
	closeWriter(r.path, r.enc.fw)
	r.cmp.closeFile()
}

// eachRealAnnotationRow decodes every row of a finished real_annotations
// shard of split in order; with check set, the rows are also re-encoded
// and a shard that is not byte for byte what flowbench writes of them is
// a ValidationError.
func eachRealAnnotationRow(path, split string, check bool, fn func(row int, a *RealAnnotationRow) error) error {
	var newRe func(*shardFile) (rowReencoder[RealAnnotationRow], error)
	if check {
		newRe = func(sf *shardFile) (rowReencoder[RealAnnotationRow], error) { return newRealReencoder(sf, split) }
	}
	return walkShardRows(path, RealAnnotationsTable, decodeRealAnnotations, newRe, fn)
}
