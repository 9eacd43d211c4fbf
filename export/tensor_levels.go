package export

import "encoding/binary"

// A dense tensor column is fixed_size_list<element: T (nullable)>[per], a
// required list: its leaf has maximum repetition level 1 and maximum
// definition level 2, and every row holds per present values. So the
// levels of a page are always the same: repetition 0 then per−1 ones for
// each row (a page may start or end inside a row), definition 2
// throughout. appendTensorLevels writes them as a version 1 data page
// carries them, each section its 4-byte length and then the RLE/bit-packed
// hybrid (RLE runs only), which takes a few bytes a row instead of
// arrow-go's per-value level encoding.

// The maximum levels of a tensor leaf (bit widths 1 and 2: an RLE run's
// value is one byte).
const (
	tensorMaxRep = 1
	tensorMaxDef = 2
)

// tensorLevelBytes bounds the size of the levels of a page that touches
// at most rows rows.
func tensorLevelBytes(rows int) int {
	return 2*(4+binary.MaxVarintLen64+1) + rows*2*(binary.MaxVarintLen64+1)
}

// appendTensorLevels appends the repetition then the definition levels of
// n values of rows of per values each, the first of them value first of
// its row, to dst.
func appendTensorLevels(dst []byte, first, n, per int) []byte {
	// Repetition levels: 0 where a row starts, 1 elsewhere.
	at := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	if per == 1 {
		dst = appendRLERun(dst, n, 0) // each value starts a row
	} else {
		left := n
		if first > 0 { // the page starts inside a row
			k := min(left, per-first)
			dst = appendRLERun(dst, k, tensorMaxRep)
			left -= k
		}
		for left > 0 {
			dst = appendRLERun(dst, 1, 0)
			if k := min(left-1, per-1); k > 0 {
				dst = appendRLERun(dst, k, tensorMaxRep)
			}
			left -= min(left, per)
		}
	}
	binary.LittleEndian.PutUint32(dst[at:], uint32(len(dst)-at-4))
	// Definition levels: every value is present.
	at = len(dst)
	dst = append(dst, 0, 0, 0, 0)
	if n > 0 {
		dst = appendRLERun(dst, n, tensorMaxDef)
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
