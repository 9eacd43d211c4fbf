package export

import (
	"fmt"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// compactReader reads the Thrift compact protocol, just enough to walk
// Parquet page headers: the tests flip bytes of each page header, and the
// Thrift types of arrow-go are internal to it.
type compactReader struct {
	b   []byte
	p   int
	bad bool
}

func (r *compactReader) byte() byte {
	if r.p >= len(r.b) {
		r.bad = true
		return 0
	}
	r.p++
	return r.b[r.p-1]
}

func (r *compactReader) uvarint() uint64 {
	var v uint64
	for s := 0; s < 64 && !r.bad; s += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << s
		if c < 0x80 {
			return v
		}
	}
	r.bad = true
	return 0
}

func zigzag(v uint64) int64 { return int64(v>>1) ^ -int64(v&1) }

// fields reads a struct, calling on for each field; on returns false to
// have the field's value skipped.
func (r *compactReader) fields(on func(id int16, typ byte) bool) {
	var last int16
	for !r.bad {
		h := r.byte()
		if h == 0 {
			return
		}
		id := last + int16(h>>4)
		if h>>4 == 0 {
			id = int16(zigzag(r.uvarint()))
		}
		last = id
		if !on(id, h&0x0f) {
			r.skip(h & 0x0f)
		}
	}
}

// skip skips a value of compact type typ.
func (r *compactReader) skip(typ byte) {
	switch typ {
	case 1, 2: // a boolean field's value is in its header
	case 3:
		r.byte()
	case 4, 5, 6:
		r.uvarint()
	case 7:
		r.p += 8
	case 8:
		r.p += int(r.uvarint())
	case 9, 10:
		h := r.byte()
		n := int(h >> 4)
		if n == 15 {
			n = int(r.uvarint())
		}
		for i := 0; i < n && !r.bad; i++ {
			if e := h & 0x0f; e == 1 || e == 2 {
				r.byte() // list booleans take a byte each
			} else {
				r.skip(e)
			}
		}
	case 11:
		n := int(r.uvarint())
		if n > 0 {
			kv := r.byte()
			for i := 0; i < n && !r.bad; i++ {
				r.skip(kv >> 4)
				r.skip(kv & 0x0f)
			}
		}
	case 12:
		r.fields(func(int16, byte) bool { return false })
	default:
		r.bad = true
	}
	if r.p > len(r.b) {
		r.bad = true
	}
}

// pageHeaderRanges returns the byte ranges [start, end) of every page
// header of every column chunk of a Parquet file (b, with footer md).
func pageHeaderRanges(b []byte, md *metadata.FileMetaData) ([][2]int, error) {
	var out [][2]int
	for rg := range md.NumRowGroups() {
		g := md.RowGroup(rg)
		for c := range g.NumColumns() {
			cc, err := g.ColumnChunk(c)
			if err != nil {
				return nil, err
			}
			start := cc.DataPageOffset()
			if cc.HasDictionaryPage() && cc.DictionaryPageOffset() > 0 && cc.DictionaryPageOffset() < start {
				start = cc.DictionaryPageOffset()
			}
			end := start + cc.TotalCompressedSize()
			for p := int(start); p < int(end); {
				r := &compactReader{b: b, p: p}
				size := int64(-1)
				r.fields(func(id int16, typ byte) bool {
					if id == 3 && typ == 5 { // compressed_page_size
						size = zigzag(r.uvarint())
						return true
					}
					return false
				})
				if r.bad || size < 0 {
					return nil, fmt.Errorf("row group %d column %d: no page header at byte %d", rg, c, p)
				}
				out = append(out, [2]int{p, r.p})
				p = r.p + int(size)
			}
		}
	}
	return out, nil
}
