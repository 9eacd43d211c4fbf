package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/png"
	"io"
	"sync"
)

// PNG bands. EncodePNGFast compresses an opaque image in bands of
// pngBandRows rows, each an independent deflate segment (a fresh
// compressor, ended by a sync flush), laid end to end in one zlib stream
// that closes with an empty final block: a standard PNG that any decoder
// reads, whose bytes are still a function of the pixels alone. A band's
// filtered bytes depend only on its own rows and the row above (the Average
// filter), so an image that shares those rows with an image encoded before
// (the marked I0 with the unmarked one, I1 with I0 away from the moved
// object) can take that band's compressed bytes as they are: exactly the
// bytes compressing it again would give. Separate bands make a lone PNG
// about 3 % larger (a Huffman table and a 5-byte sync marker per band, no
// matches across a band's first row); in a dataset, where rows share bands
// byte for byte, zstd then finds whole repeated bands and the shards shrink
// (8-row bands gave the smallest shards of 8, 16 and 32).

// pngBandRows is the height of a band in rows.
const pngBandRows = 8

// PNGBands is an image's PNG encoding kept band by band, with the pixels
// when kept for reuse (EncodePNGBands' keep).
type PNGBands struct {
	w, h   int
	pix    []uint8 // the pixels, 4·w bytes a row; nil when not kept
	bands  []pngBand
	whole  []byte // the PNG of an image with transparency (no bands)
	reused int
}

// pngBand is one band's compressed bytes and the Adler-32 and length of
// its filtered bytes (for the zlib stream's checksum).
type pngBand struct {
	z     []byte
	adler uint32
	n     int
}

// pngBandState is EncodePNGBands' reusable work memory.
type pngBandState struct {
	z    bytes.Buffer
	fw   *flate.Writer
	filt []uint8
}

var pngBandStates = sync.Pool{New: func() any { return new(pngBandState) }}

// EncodePNGBands encodes img as EncodePNGFast does, taking each band's
// compressed bytes from the first of refs whose pixels agree with img's on
// the rows the band depends on (its own and the one above), and
// compressing the others. With keep, the result keeps a copy of img's
// pixels so that it can serve as a reference later. An image with
// transparency is encoded whole by image/png and never shares bands.
func EncodePNGBands(img *image.RGBA, keep bool, refs ...*PNGBands) (*PNGBands, error) {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	if W <= 0 || H <= 0 || int64(W) >= 1<<31 || int64(H) >= 1<<31 {
		return nil, errPNGSize(W, H)
	}
	p := &PNGBands{w: W, h: H}
	if !opaqueRGBA(img) {
		var b bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
			return nil, err
		}
		p.whole = b.Bytes()
		return p, nil
	}
	if keep {
		p.pix = make([]uint8, 4*W*H)
		for y := range H {
			copy(p.pix[4*W*y:], img.Pix[y*img.Stride:y*img.Stride+4*W])
		}
	}
	var st *pngBandState
	p.bands = make([]pngBand, (H+pngBandRows-1)/pngBandRows)
	for b := range p.bands {
		y0, y1 := b*pngBandRows, min((b+1)*pngBandRows, H)
		if r := bandSource(img, y0, y1, refs); r != nil {
			p.bands[b] = r.bands[b]
			p.reused++
			continue
		}
		if st == nil {
			st = pngBandStates.Get().(*pngBandState)
			defer pngBandStates.Put(st)
		}
		band, err := st.compress(img, y0, y1)
		if err != nil {
			return nil, err
		}
		p.bands[b] = band
	}
	return p, nil
}

// bandSource returns the first reference that holds img's pixels on rows
// [max(y0−1, 0), y1), or nil.
func bandSource(img *image.RGBA, y0, y1 int, refs []*PNGBands) *PNGBands {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	for _, r := range refs {
		if r == nil || r.pix == nil || r.w != W || r.h != H {
			continue
		}
		same := true
		for y := max(y0-1, 0); y < y1 && same; y++ {
			same = bytes.Equal(r.pix[4*W*y:4*W*(y+1)], img.Pix[y*img.Stride:y*img.Stride+4*W])
		}
		if same {
			return r
		}
	}
	return nil
}

// compress filters rows [y0, y1) of img with the Average filter and
// compresses them with a reset deflate compressor (BestSpeed), ending with
// a sync flush.
func (st *pngBandState) compress(img *image.RGBA, y0, y1 int) (pngBand, error) {
	W := img.Rect.Dx()
	row := 1 + 3*W
	// One spare byte: averageRow writes 4 bytes per pixel, 3 of them kept.
	st.filt = grow(st.filt, (y1-y0)*row+1)
	for y := y0; y < y1; y++ {
		out := st.filt[(y-y0)*row:]
		var up []uint8
		if y > 0 {
			up = img.Pix[(y-1)*img.Stride : (y-1)*img.Stride+4*W]
		}
		out[0] = 3 // Average: predict (left + up) / 2
		averageRow(out[1:], img.Pix[y*img.Stride:y*img.Stride+4*W], up)
	}
	filt := st.filt[:(y1-y0)*row]
	st.z.Reset()
	if st.fw == nil {
		st.fw, _ = flate.NewWriter(&st.z, flate.BestSpeed)
	} else {
		st.fw.Reset(&st.z)
	}
	if _, err := st.fw.Write(filt); err != nil {
		return pngBand{}, err
	}
	if err := st.fw.Flush(); err != nil {
		return pngBand{}, err
	}
	return pngBand{z: bytes.Clone(st.z.Bytes()), adler: adler32.Checksum(filt), n: len(filt)}, nil
}

// SamePixels reports whether p and q were both encoded with their pixels
// (keep) from images of the same size and pixels.
func (p *PNGBands) SamePixels(q *PNGBands) bool {
	return p.pix != nil && q.pix != nil && p.w == q.w && p.h == q.h && bytes.Equal(p.pix, q.pix)
}

// Reused returns how many of the encoding's bands were taken from references.
func (p *PNGBands) Reused() int { return p.reused }

// Bytes returns the PNG file.
func (p *PNGBands) Bytes() []byte {
	if p.whole != nil {
		return p.whole
	}
	// The zlib stream: header (deflate, 32 KiB window, fastest), the bands,
	// an empty final block with fixed codes, and the Adler-32 of all the
	// filtered bytes.
	n := 2 + 2 + 4
	for _, b := range p.bands {
		n += len(b.z)
	}
	zs := make([]byte, 0, n)
	zs = append(zs, 0x78, 0x01)
	sum := uint32(1) // Adler-32 of no bytes
	for _, b := range p.bands {
		zs = append(zs, b.z...)
		sum = adler32Combine(sum, b.adler, b.n)
	}
	zs = append(zs, 0x03, 0x00)
	zs = binary.BigEndian.AppendUint32(zs, sum)

	var out bytes.Buffer
	out.Grow(len(zs) + 64 + 12*(len(zs)/maxIDAT))
	_ = writePNGChunks(&out, p.w, p.h, zs) // a bytes.Buffer does not fail
	return out.Bytes()
}

// writePNGChunks writes the PNG signature, the IHDR of a w×h 8-bit RGB
// image, the zlib stream zs in IDAT chunks and the IEND chunk.
func writePNGChunks(w io.Writer, W, H int, zs []byte) error {
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(W))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(H))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, RGB; deflate, adaptive filters, no interlace
	if _, err := io.WriteString(w, "\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	if err := writeChunk(w, "IHDR", ihdr[:]); err != nil {
		return err
	}
	for b := zs; len(b) > 0; {
		k := min(len(b), maxIDAT)
		if err := writeChunk(w, "IDAT", b[:k]); err != nil {
			return err
		}
		b = b[k:]
	}
	return writeChunk(w, "IEND", nil)
}

// adler32Combine returns the Adler-32 of the concatenation of two byte
// strings from their checksums a1 and a2 and the second's length n2: the
// second's running sums start from the first's instead of (1, 0), which
// adds a1's low sum − 1 to the low sum and n2 times that to the high sum.
func adler32Combine(a1, a2 uint32, n2 int) uint32 {
	const mod = 65521
	lo1, hi1 := uint64(a1&0xffff), uint64(a1>>16)
	lo2, hi2 := uint64(a2&0xffff), uint64(a2>>16)
	k := uint64(n2) % mod
	lo := (lo1 + lo2 + mod - 1) % mod
	hi := (hi1 + hi2 + k*((lo1+mod-1)%mod)) % mod
	return uint32(hi<<16 | lo)
}
