package export

import (
	"sync"

	"github.com/klauspost/compress/zstd"
)

// tensorZstd compresses tensor pages. It is arrow-go's zstd codec (the
// same library, level and options) less the frame's content checksum:
// hashing every page's 1–2 MiB cost about a fifth of the compression, and
// the checksum only guards the decompressed bytes, which every reader of
// the shards decodes the same without it (the frame says it has none).
// Encoders are pooled per level, as arrow-go pools its own.
type tensorZstd struct{ pool *sync.Pool }

var (
	tensorZstdMu    sync.Mutex
	tensorZstdPools = map[int]*sync.Pool{}
)

// newTensorZstd returns the compressor for zstd level level.
func newTensorZstd(level int) tensorZstd {
	tensorZstdMu.Lock()
	defer tensorZstdMu.Unlock()
	p := tensorZstdPools[level]
	if p == nil {
		p = &sync.Pool{New: func() any {
			enc, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(level)),
				zstd.WithEncoderConcurrency(1), zstd.WithAllLitEntropyCompression(true), zstd.WithEncoderCRC(false))
			if err != nil {
				panic(err) // only for options that do not exist
			}
			return enc
		}}
		tensorZstdPools[level] = p
	}
	return tensorZstd{p}
}

// encode appends the zstd frame of src to dst[:0].
func (z tensorZstd) encode(dst, src []byte) []byte {
	enc := z.pool.Get().(*zstd.Encoder)
	defer z.pool.Put(enc)
	return enc.EncodeAll(src, dst[:0])
}
