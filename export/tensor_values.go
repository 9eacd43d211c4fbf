package export

import (
	"encoding/binary"
	"math"
)

// The values of a tensor page, in the encodings the shards have always
// used (writerProperties): float32 tensors BYTE_STREAM_SPLIT, the 16- and
// 8-bit integer tensors PLAIN as Parquet INT32 (zero-extended, little
// endian). Each row is encoded straight from the row's slice into the
// page buffer.

// putSplitFloats writes row (values) of a BYTE_STREAM_SPLIT page holding
// stride values in all, starting at value index base: byte k of every
// value goes to stream k, which starts at k·stride. (A version gathering
// eight values into one 8-byte word per stream ran no faster.)
func putSplitFloats(page []byte, stride, base int, values []float32) {
	s0 := page[base : base+len(values)]
	s1 := page[stride+base : stride+base+len(values)]
	s2 := page[2*stride+base : 2*stride+base+len(values)]
	s3 := page[3*stride+base : 3*stride+base+len(values)]
	for i, v := range values {
		b := math.Float32bits(v)
		s0[i], s1[i], s2[i], s3[i] = byte(b), byte(b>>8), byte(b>>16), byte(b>>24)
	}
}

// packSplitStreams moves the four streams of a BYTE_STREAM_SPLIT page laid
// out for stride values together for the n ≤ stride values it holds.
func packSplitStreams(page []byte, stride, n int) {
	if n == stride {
		return
	}
	for k := 1; k < 4; k++ {
		copy(page[k*n:(k+1)*n], page[k*stride:k*stride+n])
	}
}

// putPlainInt32s writes values as PLAIN INT32 (4 bytes each) to page.
func putPlainInt32s[T uint8 | uint16](page []byte, values []T) {
	page = page[:4*len(values)]
	for i, v := range values {
		binary.LittleEndian.PutUint32(page[4*i:], uint32(v))
	}
}
