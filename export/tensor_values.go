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
// value goes to stream k, which starts at k·stride. Eight values at a
// time: words r0..r3 hold values j and j+4 in their low and high halves,
// and two rounds of masked swaps (bytes, then 16-bit halves) transpose
// each half's 4×4 bytes, so that rk holds byte k of the eight values,
// one 8-byte store per stream (twice as fast as four byte stores per
// value).
func putSplitFloats(page []byte, stride, base int, values []float32) {
	n := len(values)
	s0 := page[base : base+n]
	s1 := page[stride+base : stride+base+n]
	s2 := page[2*stride+base : 2*stride+base+n]
	s3 := page[3*stride+base : 3*stride+base+n]
	i := 0
	for ; i+8 <= n; i += 8 {
		v := values[i : i+8 : i+8]
		r0 := uint64(math.Float32bits(v[0])) | uint64(math.Float32bits(v[4]))<<32
		r1 := uint64(math.Float32bits(v[1])) | uint64(math.Float32bits(v[5]))<<32
		r2 := uint64(math.Float32bits(v[2])) | uint64(math.Float32bits(v[6]))<<32
		r3 := uint64(math.Float32bits(v[3])) | uint64(math.Float32bits(v[7]))<<32
		t := (r0>>8 ^ r1) & 0x00ff00ff00ff00ff
		r0, r1 = r0^t<<8, r1^t
		t = (r2>>8 ^ r3) & 0x00ff00ff00ff00ff
		r2, r3 = r2^t<<8, r3^t
		t = (r0>>16 ^ r2) & 0x0000ffff0000ffff
		r0, r2 = r0^t<<16, r2^t
		t = (r1>>16 ^ r3) & 0x0000ffff0000ffff
		r1, r3 = r1^t<<16, r3^t
		binary.LittleEndian.PutUint64(s0[i:], r0)
		binary.LittleEndian.PutUint64(s1[i:], r1)
		binary.LittleEndian.PutUint64(s2[i:], r2)
		binary.LittleEndian.PutUint64(s3[i:], r3)
	}
	for ; i < n; i++ {
		b := math.Float32bits(values[i])
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
