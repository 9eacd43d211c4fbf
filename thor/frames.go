package thor

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"
)

// Binary image messages: a FrameHeaderSize-byte little-endian header
// followed by Width×Height×Channels samples of the header's dtype.
//
//	offset size field
//	0      4    magic "FBTF"
//	4      2    header version (1)
//	6      1    pass kind (PassRGB, PassDepth, PassIDs)
//	7      1    dtype (DTypeUint8, DTypeFloat32, DTypeUint16)
//	8      8    request id
//	16     4    width
//	20     4    height
//	24     4    channels
//	28     4    reserved (0)
const (
	FrameMagic         = "FBTF"
	FrameHeaderVersion = 1
	FrameHeaderSize    = 32
)

// PassKind is the kind of image a binary message carries.
type PassKind uint8

// Pass kinds.
const (
	PassRGB   PassKind = 1 // uint8 × 3 channels
	PassDepth PassKind = 2 // float32 planar depth in metres, 0 = no hit
	PassIDs   PassKind = 3 // uint16 instance ids indexing the reply's idTable
)

// DType is a sample type.
type DType uint8

// Sample types.
const (
	DTypeUint8   DType = 1
	DTypeFloat32 DType = 2
	DTypeUint16  DType = 3
)

// Pass names as Render's "passes" argument spells them.
var passNames = map[string]PassKind{"rgb": PassRGB, "depth": PassDepth, "ids": PassIDs}

// String returns the pass's protocol name.
func (p PassKind) String() string {
	for n, k := range passNames {
		if k == p {
			return n
		}
	}
	return fmt.Sprintf("pass(%d)", uint8(p))
}

// layout returns the dtype and channel count a pass must use.
func (p PassKind) layout() (DType, int, bool) {
	switch p {
	case PassRGB:
		return DTypeUint8, 3, true
	case PassDepth:
		return DTypeFloat32, 1, true
	case PassIDs:
		return DTypeUint16, 1, true
	}
	return 0, 0, false
}

func (d DType) size() int {
	switch d {
	case DTypeUint8:
		return 1
	case DTypeUint16:
		return 2
	case DTypeFloat32:
		return 4
	}
	return 0
}

// FrameHeader is the decoded header of a binary image message.
type FrameHeader struct {
	Pass     PassKind
	DType    DType
	ID       uint64
	Width    int
	Height   int
	Channels int
}

// appendHeader appends the encoded header to b.
func (h FrameHeader) appendHeader(b []byte) []byte {
	b = append(b, FrameMagic...)
	b = binary.LittleEndian.AppendUint16(b, FrameHeaderVersion)
	b = append(b, byte(h.Pass), byte(h.DType))
	b = binary.LittleEndian.AppendUint64(b, h.ID)
	b = binary.LittleEndian.AppendUint32(b, uint32(h.Width))
	b = binary.LittleEndian.AppendUint32(b, uint32(h.Height))
	b = binary.LittleEndian.AppendUint32(b, uint32(h.Channels))
	return binary.LittleEndian.AppendUint32(b, 0)
}

// DecodeFrame parses a binary image message and checks that its payload has
// exactly the size the header announces and the dtype its pass requires.
func DecodeFrame(msg []byte) (FrameHeader, []byte, error) {
	var h FrameHeader
	if len(msg) < FrameHeaderSize {
		return h, nil, fmt.Errorf("binary frame: %d bytes, shorter than the %d-byte header", len(msg), FrameHeaderSize)
	}
	if string(msg[:4]) != FrameMagic {
		return h, nil, fmt.Errorf("binary frame: bad magic %q", msg[:4])
	}
	if v := binary.LittleEndian.Uint16(msg[4:]); v != FrameHeaderVersion {
		return h, nil, fmt.Errorf("binary frame: header version %d, want %d", v, FrameHeaderVersion)
	}
	h.Pass, h.DType = PassKind(msg[6]), DType(msg[7])
	h.ID = binary.LittleEndian.Uint64(msg[8:])
	w, ht, c := binary.LittleEndian.Uint32(msg[16:]), binary.LittleEndian.Uint32(msg[20:]), binary.LittleEndian.Uint32(msg[24:])
	dt, ch, ok := h.Pass.layout()
	if !ok {
		return h, nil, fmt.Errorf("binary frame: unknown pass kind %d", msg[6])
	}
	if h.DType != dt || int(c) != ch {
		return h, nil, fmt.Errorf("binary frame: %s pass must be dtype %d × %d channels, got dtype %d × %d", h.Pass, dt, ch, h.DType, c)
	}
	n := uint64(w) * uint64(ht) * uint64(c) * uint64(dt.size())
	payload := msg[FrameHeaderSize:]
	if uint64(len(payload)) != n {
		return h, nil, fmt.Errorf("binary frame: %s %dx%d needs %d payload bytes, got %d", h.Pass, w, ht, n, len(payload))
	}
	h.Width, h.Height, h.Channels = int(w), int(ht), int(c)
	return h, payload, nil
}

// outFrame is an encoded binary message in two parts, so that a pass can be
// written without first copying its samples behind the header.
type outFrame struct {
	head, body []byte
}

// bytes joins the parts into one message.
func (f outFrame) bytes() []byte { return append(append([]byte(nil), f.head...), f.body...) }

// littleEndian reports whether this machine stores numbers little-endian,
// so that sample slices can be sent as they lie in memory.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// sampleBytes returns the little-endian bytes of a float32 or uint16 slice:
// a view of the slice's memory on little-endian machines, a copy otherwise.
func sampleBytes[T float32 | uint16](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	size := int(unsafe.Sizeof(s[0]))
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), size*len(s))
	}
	out := make([]byte, size*len(s))
	for i, v := range s {
		switch x := any(v).(type) {
		case float32:
			binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
		case uint16:
			binary.LittleEndian.PutUint16(out[2*i:], x)
		}
	}
	return out
}

// copySamples fills dst from little-endian payload bytes.
func copySamples[T float32 | uint16](dst []T, p []byte) {
	if len(dst) == 0 {
		return
	}
	if littleEndian {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(p)), p)
		return
	}
	for i := range dst {
		switch d := any(&dst[i]).(type) {
		case *float32:
			*d = math.Float32frombits(binary.LittleEndian.Uint32(p[4*i:]))
		case *uint16:
			*d = binary.LittleEndian.Uint16(p[2*i:])
		}
	}
}

func header(pass PassKind, id uint64, w, h int) []byte {
	dt, ch, _ := pass.layout()
	return FrameHeader{Pass: pass, DType: dt, ID: id, Width: w, Height: h, Channels: ch}.appendHeader(make([]byte, 0, FrameHeaderSize))
}

// EncodeRGB encodes an RGB pass from interleaved RGB bytes.
func EncodeRGB(id uint64, w, h int, rgb []uint8) []byte {
	return outFrame{header(PassRGB, id, w, h), rgb}.bytes()
}

// rgbaFrame encodes an RGB pass from RGBA pixels, dropping alpha; buf is
// reused when it is large enough.
func rgbaFrame(id uint64, w, h int, rgba []uint8, buf []byte) outFrame {
	if cap(buf) < w*h*3 {
		buf = make([]byte, w*h*3)
	}
	out := buf[:w*h*3]
	for i, j := 0, 0; j+2 < len(out); i, j = i+4, j+3 {
		out[j], out[j+1], out[j+2] = rgba[i], rgba[i+1], rgba[i+2]
	}
	return outFrame{header(PassRGB, id, w, h), out}
}

// EncodeDepth encodes a depth pass.
func EncodeDepth(id uint64, w, h int, depth []float32) []byte {
	return outFrame{header(PassDepth, id, w, h), sampleBytes(depth)}.bytes()
}

// EncodeIDs encodes an instance-id pass.
func EncodeIDs(id uint64, w, h int, ids []uint16) []byte {
	return outFrame{header(PassIDs, id, w, h), sampleBytes(ids)}.bytes()
}

// decodeSamples converts a payload: on a little-endian machine, when the
// payload is suitably aligned, the result shares its memory (the caller
// must not reuse p); otherwise it is a copy.
func decodeSamples[T float32 | uint16](p []byte) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	n := len(p) / size
	if n == 0 {
		return []T{}
	}
	if littleEndian && uintptr(unsafe.Pointer(&p[0]))%uintptr(unsafe.Alignof(zero)) == 0 {
		return unsafe.Slice((*T)(unsafe.Pointer(&p[0])), n)
	}
	out := make([]T, n)
	copySamples(out, p)
	return out
}

// decodeDepth converts a depth payload (see decodeSamples).
func decodeDepth(p []byte) []float32 { return decodeSamples[float32](p) }

// decodeIDs converts an id payload (see decodeSamples).
func decodeIDs(p []byte) []uint16 { return decodeSamples[uint16](p) }
