package export

import "encoding/binary"

// A dense tensor column is fixed_size_list<element: T (nullable)>[per], a
// required list: its leaf has maximum repetition level 1 and maximum
// definition level 2, and every row holds per present values. So the
// levels of a page of rows are always the same: repetition 0 then per−1
// ones for each row, definition 2 throughout. tensorLevels writes them as
// a version 1 data page carries them, each section its 4-byte length and
// then the RLE/bit-packed hybrid (runs only), which takes a few bytes a
// row instead of arrow-go's per-value level encoding.

// Level bit widths (both fit in one byte per RLE run value).
const (
	tensorMaxRep = 1
	tensorMaxDef = 2
)

// tensorLevelBytes bounds the size of the levels of a page of rows rows.
func tensorLevelBytes(rows int) int {
	return 2*(4+binary.MaxVarintLen64+1) + rows*(2+binary.MaxVarintLen64+1)
}

// appendTensorLevels appends the repetition then the definition levels of
// rows rows of per values each to dst.
func appendTensorLevels(dst []byte, rows, per int) []byte {
	// Repetition levels.
	at := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	if per == 1 {
		dst = appendRLERun(dst, rows, 0) // each value starts a row
	} else {
		for range rows {
			dst = appendRLERun(dst, 1, 0)
			dst = appendRLERun(dst, per-1, tensorMaxRep)
		}
	}
	binary.LittleEndian.PutUint32(dst[at:], uint32(len(dst)-at-4))
	// Definition levels: every value is present.
	at = len(dst)
	dst = append(dst, 0, 0, 0, 0)
	if rows > 0 {
		dst = appendRLERun(dst, rows*per, tensorMaxDef)
	}
	binary.LittleEndian.PutUint32(dst[at:], uint32(len(dst)-at-4))
	return dst
}

// appendRLERun appends an RLE run of n copies of level v (bit width at
// most 8, so one value byte): the run header is the varint n<<1.
func appendRLERun(dst []byte, n int, v byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(n)<<1)
	return append(dst, v)
}
