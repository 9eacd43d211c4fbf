package export

// thriftCompact reads the Thrift compact protocol, just enough to walk
// Parquet page headers (checkPageHeaders) without arrow-go's Thrift types,
// which are internal to it. A read past the end of b sets bad instead of
// failing; the caller decides whether that means a truncated header or a
// window too small.
type thriftCompact struct {
	b     []byte
	p     int
	bad   bool
	depth int // nesting of the structs and containers being skipped
}

// maxThriftDepth bounds the nesting skip follows: a corrupted header of
// nested struct markers must not recurse without end.
const maxThriftDepth = 64

func (r *thriftCompact) byte() byte {
	if r.p < 0 || r.p >= len(r.b) {
		r.bad = true
		return 0
	}
	r.p++
	return r.b[r.p-1]
}

func (r *thriftCompact) uvarint() uint64 {
	var v uint64
	for s := 0; s < 64 && !r.bad; s += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << s
		if c < 0x80 {
			return v
		}
	}
	r.bad = true
	return 0
}

func zigzag(v uint64) int64 { return int64(v>>1) ^ -int64(v&1) }

// fields reads a struct, calling on for each field; on returns false to
// have the field's value skipped.
func (r *thriftCompact) fields(on func(id int16, typ byte) bool) {
	var last int16
	for !r.bad {
		h := r.byte()
		if h == 0 {
			return
		}
		id := last + int16(h>>4)
		if h>>4 == 0 {
			id = int16(zigzag(r.uvarint()))
		}
		last = id
		if !on(id, h&0x0f) {
			r.skip(h & 0x0f)
		}
	}
}

// skip skips a value of compact type typ.
func (r *thriftCompact) skip(typ byte) {
	if r.depth++; r.depth > maxThriftDepth {
		r.bad = true
	}
	defer func() { r.depth-- }()
	if r.bad {
		return
	}
	switch typ {
	case 1, 2: // a boolean field's value is in its header
	case 3:
		r.byte()
	case 4, 5, 6:
		r.uvarint()
	case 7:
		r.p += 8
	case 8:
		n := r.uvarint()
		if n > uint64(len(r.b)-r.p) {
			r.bad = true
			return
		}
		r.p += int(n)
	case 9, 10:
		h := r.byte()
		n := int(h >> 4)
		if n == 15 {
			n = int(r.uvarint())
		}
		for i := 0; i < n && !r.bad; i++ {
			r.element(h & 0x0f)
		}
	case 11:
		n := int(r.uvarint())
		if n > 0 {
			kv := r.byte()
			for i := 0; i < n && !r.bad; i++ {
				r.element(kv >> 4)
				r.element(kv & 0x0f)
			}
		}
	case 12:
		r.fields(func(int16, byte) bool { return false })
	default:
		r.bad = true
	}
	if r.p > len(r.b) {
		r.bad = true
	}
}

// element skips one element of a list, set or map: a boolean element takes
// a byte of its own (in a struct field it lives in the field header), so
// every element consumes at least one byte and a corrupted element count
// cannot loop without reading.
func (r *thriftCompact) element(typ byte) {
	if typ == 1 || typ == 2 {
		r.byte()
		return
	}
	r.skip(typ)
}
