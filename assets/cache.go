package assets

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
	"math"

	"flowbench/sim"
)

// formatVersion is part of the cache hash: bump it whenever the cache
// layout or the way models are built (normalisation, materials, textures,
// levels of detail) changes, so stale caches are not reused.
const formatVersion = "flowbench-assets-5"

var modelMagic = []byte("FBASSET1")

type enc struct{ b []byte }

func (e *enc) u32(v uint32)  { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *enc) f64(v float64) { e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v)) }
func (e *enc) f32(v float32) { e.b = binary.LittleEndian.AppendUint32(e.b, math.Float32bits(v)) }
func (e *enc) str(s string)  { e.u32(uint32(len(s))); e.b = append(e.b, s...) }

type dec struct {
	b   []byte
	err error
}

var errShort = errors.New("truncated data")

func (d *dec) take(n int) []byte {
	if d.err != nil || n < 0 || n > len(d.b) {
		if d.err == nil {
			d.err = errShort
		}
		return nil
	}
	r := d.b[:n]
	d.b = d.b[n:]
	return r
}

func (d *dec) u32() uint32 {
	b := d.take(4)
	if d.err != nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}
func (d *dec) f64() float64 {
	b := d.take(8)
	if d.err != nil {
		return 0
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}
func (d *dec) f32() float32 { return math.Float32frombits(d.u32()) }
func (d *dec) str() string  { return string(d.take(int(d.u32()))) }

// count reads a length and checks that at least n*unit bytes remain.
func (d *dec) count(unit int) int {
	n := int(d.u32())
	if d.err == nil && n*unit > len(d.b) {
		d.err = fmt.Errorf("bad length %d", n)
	}
	if d.err != nil {
		return 0
	}
	return n
}

// encodeModel serialises a model (textures as level-0 NRGBA pixels; the mip
// chains are rebuilt on load) and compresses it.
func encodeModel(md *sim.Model) ([]byte, error) {
	var e enc
	e.str(md.Key)
	for k := 0; k < 3; k++ {
		e.f64(md.Size[k])
	}
	e.f64(md.SupportY)
	var texs []*sim.Texture
	texIdx := map[*sim.Texture]int{}
	for _, s := range md.Surfaces {
		if s.Texture != nil {
			if _, ok := texIdx[s.Texture]; !ok {
				texIdx[s.Texture] = len(texs)
				texs = append(texs, s.Texture)
			}
		}
	}
	e.u32(uint32(len(texs)))
	for _, t := range texs {
		encodeTexture(&e, t)
	}
	e.u32(uint32(len(md.Surfaces)))
	for _, s := range md.Surfaces {
		e.str(s.Name)
		e.f64(s.Color.R)
		e.f64(s.Color.G)
		e.f64(s.Color.B)
		flags := uint32(0)
		if s.Cutout {
			flags = 1
		}
		e.u32(flags)
		e.f64(s.Tile)
		ti := -1
		if s.Texture != nil {
			ti = texIdx[s.Texture]
		}
		e.u32(uint32(int32(ti)))
	}
	e.u32(uint32(len(md.Levels)))
	for _, l := range md.Levels {
		e.u32(uint32(len(l.Pos)))
		for i := range l.Pos {
			for k := 0; k < 3; k++ {
				e.f64(l.Pos[i][k])
			}
			for k := 0; k < 3; k++ {
				e.f32(float32(l.Normal[i][k]))
			}
			e.f32(l.UV[i][0])
			e.f32(l.UV[i][1])
		}
		e.u32(uint32(len(l.Tris)))
		for _, t := range l.Tris {
			e.u32(t.V[0])
			e.u32(t.V[1])
			e.u32(t.V[2])
			e.u32(uint32(t.Surface))
		}
	}
	return compress(e.b)
}

func encodeTexture(e *enc, t *sim.Texture) {
	e.str(t.Hash)
	l0 := t.Levels[0]
	w, h := l0.Rect.Dx(), l0.Rect.Dy()
	e.u32(uint32(w))
	e.u32(uint32(h))
	for y := 0; y < h; y++ {
		e.b = append(e.b, l0.Pix[y*l0.Stride:y*l0.Stride+4*w]...)
	}
}

func decodeTexture2(d *dec) *sim.Texture {
	hash := d.str()
	w, h := int(d.u32()), int(d.u32())
	if d.err != nil {
		return nil
	}
	if w <= 0 || h <= 0 || w > 1<<14 || h > 1<<14 {
		d.err = fmt.Errorf("bad texture size %d×%d", w, h)
		return nil
	}
	pix := d.take(4 * w * h)
	if d.err != nil {
		return nil
	}
	img := &image.NRGBA{Pix: append([]byte(nil), pix...), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	return newTexture(hash, img)
}

func compress(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Write(modelMagic)
	zw, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func decompress(b []byte) ([]byte, error) {
	if !bytes.HasPrefix(b, modelMagic) {
		return nil, errors.New("not a flowbench asset file (bad magic)")
	}
	return io.ReadAll(flate.NewReader(bytes.NewReader(b[len(modelMagic):])))
}

// decodeModel reverses encodeModel. shared dedupes textures by hash across
// models (it may be nil).
func decodeModel(data []byte, shared func(*sim.Texture) *sim.Texture) (*sim.Model, error) {
	raw, err := decompress(data)
	if err != nil {
		return nil, err
	}
	d := &dec{b: raw}
	md := &sim.Model{Key: d.str()}
	for k := 0; k < 3; k++ {
		md.Size[k] = d.f64()
	}
	md.SupportY = d.f64()
	nt := d.count(12)
	texs := make([]*sim.Texture, nt)
	for i := range texs {
		texs[i] = decodeTexture2(d)
		if d.err == nil && shared != nil {
			texs[i] = shared(texs[i])
		}
	}
	ns := d.count(40)
	for i := 0; i < ns; i++ {
		s := &sim.Surface{Name: d.str()}
		s.Color = sim.RGB{R: d.f64(), G: d.f64(), B: d.f64()}
		s.Cutout = d.u32()&1 != 0
		s.Tile = d.f64()
		ti := int32(d.u32())
		if ti >= 0 {
			if int(ti) >= len(texs) {
				return nil, fmt.Errorf("bad texture index %d", ti)
			}
			s.Texture = texs[ti]
		}
		md.Surfaces = append(md.Surfaces, s)
	}
	nl := d.count(8)
	for li := 0; li < nl; li++ {
		var l sim.ModelLevel
		nv := d.count(44)
		l.Pos = make([]sim.Vec3, nv)
		l.Normal = make([]sim.Vec3, nv)
		l.UV = make([][2]float32, nv)
		for i := 0; i < nv; i++ {
			l.Pos[i] = sim.Vec3{d.f64(), d.f64(), d.f64()}
			l.Normal[i] = sim.Vec3{float64(d.f32()), float64(d.f32()), float64(d.f32())}
			l.UV[i] = [2]float32{d.f32(), d.f32()}
		}
		ntri := d.count(16)
		l.Tris = make([]sim.ModelTri, ntri)
		for i := range l.Tris {
			t := &l.Tris[i]
			t.V = [3]uint32{d.u32(), d.u32(), d.u32()}
			t.Surface = uint16(d.u32())
			if d.err == nil && (int(t.V[0]) >= nv || int(t.V[1]) >= nv || int(t.V[2]) >= nv || int(t.Surface) >= len(md.Surfaces)) {
				return nil, fmt.Errorf("level %d triangle %d: index out of range", li, i)
			}
		}
		md.Levels = append(md.Levels, l)
	}
	if d.err != nil {
		return nil, d.err
	}
	if len(d.b) != 0 {
		return nil, fmt.Errorf("%d trailing bytes", len(d.b))
	}
	if len(md.Levels) == 0 {
		return nil, errors.New("no levels")
	}
	return md, nil
}
