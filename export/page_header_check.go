package export

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/apache/arrow-go/v18/parquet"
)

// Parquet page types (parquet.thrift PageType) and the PageHeader fields
// that checkPageHeaders reads.
const (
	pageData       = 0
	pageIndex      = 1
	pageDictionary = 2
	pageDataV2     = 3

	fieldPageType       = 1
	fieldUncompressed   = 2
	fieldCompressed     = 3
	fieldDataHeader     = 5
	fieldDictHeader     = 7
	fieldDataHeaderV2   = 8
	thriftTypeI32       = 5
	thriftTypeStruct    = 12
	pageHeaderWindow    = 1 << 10
	maxPageHeaderWindow = 16 << 20
)

// pageHeaderFields are the parts of a page header checkPageHeaders checks.
type pageHeaderFields struct {
	typ, compressed, uncompressed int64
	hasType, hasSizes             bool
	subHeaders                    map[int16]bool // struct fields present
	// encodings are the sub-header's encoding fields: the values' and, in
	// a version 1 data page, the definition and repetition levels'.
	encodings, levelEncodings []int64
}

// encodingFields names the encoding fields of each sub-header (parquet.thrift
// DataPageHeader, DictionaryPageHeader, DataPageHeaderV2): the values'
// encoding, then the levels' encodings.
var encodingFields = map[int16]struct {
	values int16
	levels []int16
}{
	fieldDataHeader:   {2, []int16{3, 4}},
	fieldDictHeader:   {2, nil},
	fieldDataHeaderV2: {4, nil},
}

// Level encodings arrow-go decodes (parquet.thrift Encoding RLE, BIT_PACKED).
const (
	encodingRLE       = 3
	encodingBitPacked = 4
)

// checkPageHeaders walks the page headers of one column chunk, the bytes
// [start, start+n) of f, before arrow-go reads them. arrow-go's page reader
// takes the page type from the header and then dereferences the sub-header
// of that type (DataPageHeader, DictionaryPageHeader, DataPageHeaderV2)
// without checking that the header has one: a header whose type byte was
// changed, or whose sub-header field was damaged, made it dereference nil.
// Here each header must decode, carry a type and both page sizes (not
// negative), the sub-header struct its type needs, and a page body that
// ends inside the chunk; a dictionary page must not belong to a BOOLEAN
// column (arrow-go panics decoding one), and the pages must fill the
// chunk exactly. Every value encoding a page names must be one the
// footer lists for the chunk (encodings), and the level encodings RLE or
// BIT_PACKED: arrow-go panics on an encoding it cannot decode for the
// column's type. The error names the page's byte offset and what is
// wrong.
func checkPageHeaders(f io.ReaderAt, start, n int64, physical parquet.Type, encodings []parquet.Encoding) error {
	end := start + n
	for p := start; p < end; {
		h, size, err := readPageHeader(f, p, end)
		if err != nil {
			return err
		}
		if !h.hasType {
			return fmt.Errorf("page header at byte %d has no page type", p)
		}
		if !h.hasSizes || h.compressed < 0 || h.uncompressed < 0 {
			return fmt.Errorf("page header at byte %d has no valid page sizes", p)
		}
		need := map[int64]int16{pageData: fieldDataHeader, pageDictionary: fieldDictHeader, pageDataV2: fieldDataHeaderV2}
		field, known := need[h.typ]
		switch {
		case h.typ == pageIndex:
		case !known:
			return fmt.Errorf("page header at byte %d has unknown page type %d", p, h.typ)
		case !h.subHeaders[field]:
			return fmt.Errorf("page header at byte %d says page type %d but has no header for that type (field %d)", p, h.typ, field)
		case h.typ == pageDictionary && physical == parquet.Types.Boolean:
			return fmt.Errorf("page header at byte %d is a dictionary page in a BOOLEAN column", p)
		}
		for _, e := range h.encodings {
			if !slices.Contains(encodings, parquet.Encoding(e)) {
				return fmt.Errorf("page header at byte %d names encoding %d, which the footer does not list for the column chunk (%v)", p, e, encodings)
			}
		}
		for _, e := range h.levelEncodings {
			if e != encodingRLE && e != encodingBitPacked {
				return fmt.Errorf("page header at byte %d names level encoding %d (want RLE or BIT_PACKED)", p, e)
			}
		}
		next := p + size + h.compressed
		if next > end {
			return fmt.Errorf("page at byte %d ends at byte %d, past its column chunk's end at %d", p, next, end)
		}
		p = next
	}
	return nil
}

// readPageHeader decodes the page header at byte p of f (a chunk ending at
// end) and returns its fields and its encoded size. It reads a small window
// first and doubles it while the header runs past it, up to the chunk's end
// or maxPageHeaderWindow.
func readPageHeader(f io.ReaderAt, p, end int64) (pageHeaderFields, int64, error) {
	for window := int64(pageHeaderWindow); ; window *= 2 {
		w := min(window, end-p)
		buf := make([]byte, w)
		if _, err := f.ReadAt(buf, p); err != nil && !errors.Is(err, io.EOF) {
			return pageHeaderFields{}, 0, fmt.Errorf("reading the page header at byte %d: %w", p, err)
		}
		h := pageHeaderFields{subHeaders: map[int16]bool{}}
		r := &thriftCompact{b: buf}
		var comp, uncomp bool
		r.fields(func(id int16, typ byte) bool {
			switch {
			case id == fieldPageType && typ == thriftTypeI32:
				h.typ, h.hasType = zigzag(r.uvarint()), true
			case id == fieldCompressed && typ == thriftTypeI32:
				h.compressed, comp = zigzag(r.uvarint()), true
			case id == fieldUncompressed && typ == thriftTypeI32:
				h.uncompressed, uncomp = zigzag(r.uvarint()), true
			case typ == thriftTypeStruct:
				h.subHeaders[id] = true
				ef, ok := encodingFields[id]
				if !ok {
					return false
				}
				r.fields(func(sub int16, styp byte) bool {
					if styp != thriftTypeI32 {
						return false
					}
					switch {
					case sub == ef.values:
						h.encodings = append(h.encodings, zigzag(r.uvarint()))
					case slices.Contains(ef.levels, sub):
						h.levelEncodings = append(h.levelEncodings, zigzag(r.uvarint()))
					default:
						return false
					}
					return true
				})
			default:
				return false
			}
			return true
		})
		h.hasSizes = comp && uncomp
		if !r.bad {
			return h, int64(r.p), nil
		}
		if w == end-p || window >= maxPageHeaderWindow {
			return h, 0, fmt.Errorf("page header at byte %d does not decode", p)
		}
	}
}
