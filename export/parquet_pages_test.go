package export

import (
	"fmt"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

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
				r := &thriftCompact{b: b, p: p}
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
