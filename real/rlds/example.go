package rlds

import (
	"errors"
	"fmt"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// Kind is the list type a tf.train.Feature holds.
type Kind uint8

// The list types of tf.train.Feature (its oneof kind).
const (
	// KindNone is a feature with no list set, or a missing feature.
	KindNone Kind = iota
	// KindBytes is bytes_list (field 1).
	KindBytes
	// KindFloat is float_list (field 2).
	KindFloat
	// KindInt64 is int64_list (field 3).
	KindInt64
)

// String returns the proto name of the list type.
func (k Kind) String() string {
	switch k {
	case KindBytes:
		return "bytes_list"
	case KindFloat:
		return "float_list"
	case KindInt64:
		return "int64_list"
	}
	return "no list"
}

// Feature is one tf.train.Feature: exactly one of its lists is in use,
// as Kind says.
type Feature struct {
	// Kind is the list that is set.
	Kind Kind
	// Bytes holds bytes_list's values; they alias the parsed buffer.
	Bytes [][]byte
	// Floats holds float_list's values.
	Floats []float32
	// Int64s holds int64_list's values.
	Int64s []int64
}

// Len returns the number of values in the feature's list.
func (f *Feature) Len() int {
	switch f.Kind {
	case KindBytes:
		return len(f.Bytes)
	case KindFloat:
		return len(f.Floats)
	case KindInt64:
		return len(f.Int64s)
	}
	return 0
}

// Example is a decoded tf.train.Example: its features by key.
type Example struct {
	// Features maps a feature's key to its value.
	Features map[string]*Feature
}

// The field numbers of tf.train.Example and the messages it holds.
const (
	fieldExampleFeatures = 1 // Example.features
	fieldFeaturesFeature = 1 // Features.feature (map entries)
	fieldEntryKey        = 1 // map entry key
	fieldEntryValue      = 2 // map entry value
	fieldListValue       = 1 // BytesList/FloatList/Int64List.value
)

// ParseExample decodes a serialised tf.train.Example. Bytes values alias
// b. Every length and count is checked against the bytes left before
// anything is allocated; a malformed message is an error, naming the
// feature when the fault lies inside one. Unknown fields are skipped, a
// repeated map key keeps its last value and a Feature whose oneof is set
// twice keeps the last list, as protobuf parsers do.
func ParseExample(b []byte) (*Example, error) {
	ex := &Example{Features: map[string]*Feature{}}
	err := forFields(b, func(num protowire.Number, typ protowire.Type, v []byte) error {
		if num != fieldExampleFeatures {
			return nil
		}
		if typ != protowire.BytesType {
			return fmt.Errorf("Example.features: wire type %d, want length-delimited", typ)
		}
		return ex.parseFeatures(v)
	})
	if err != nil {
		return nil, err
	}
	return ex, nil
}

// parseFeatures decodes a tf.train.Features message into ex.
func (ex *Example) parseFeatures(b []byte) error {
	return forFields(b, func(num protowire.Number, typ protowire.Type, v []byte) error {
		if num != fieldFeaturesFeature {
			return nil
		}
		if typ != protowire.BytesType {
			return fmt.Errorf("Features.feature: wire type %d, want length-delimited", typ)
		}
		var key string
		var val []byte
		err := forFields(v, func(num protowire.Number, typ protowire.Type, v []byte) error {
			switch num {
			case fieldEntryKey, fieldEntryValue:
				if typ != protowire.BytesType {
					return fmt.Errorf("Features.feature entry field %d: wire type %d, want length-delimited", num, typ)
				}
				if num == fieldEntryKey {
					key = string(v)
				} else {
					val = v
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		f := &Feature{}
		if err := f.parse(val); err != nil {
			return &FeatureError{Feature: key, Want: "a well-formed tf.train.Feature", Found: err.Error()}
		}
		ex.Features[key] = f
		return nil
	})
}

// parse decodes a tf.train.Feature message.
func (f *Feature) parse(b []byte) error {
	return forFields(b, func(num protowire.Number, typ protowire.Type, v []byte) error {
		k := Kind(num)
		if k < KindBytes || k > KindInt64 {
			return nil
		}
		if typ != protowire.BytesType {
			return fmt.Errorf("%s: wire type %d, want length-delimited", k, typ)
		}
		if f.Kind != k {
			*f = Feature{Kind: k}
		}
		switch k {
		case KindBytes:
			return f.parseBytes(v)
		case KindFloat:
			return f.parseFloats(v)
		default:
			return f.parseInt64s(v)
		}
	})
}

// parseBytes decodes a BytesList.
func (f *Feature) parseBytes(b []byte) error {
	return forFields(b, func(num protowire.Number, typ protowire.Type, v []byte) error {
		if num != fieldListValue {
			return nil
		}
		if typ != protowire.BytesType {
			return fmt.Errorf("bytes_list value: wire type %d, want length-delimited", typ)
		}
		f.Bytes = append(f.Bytes, v)
		return nil
	})
}

// parseFloats decodes a FloatList, packed or not.
func (f *Feature) parseFloats(b []byte) error {
	return forFields(b, func(num protowire.Number, typ protowire.Type, v []byte) error {
		if num != fieldListValue {
			return nil
		}
		switch typ {
		case protowire.Fixed32Type:
			x, _ := protowire.ConsumeFixed32(v)
			f.Floats = append(f.Floats, math.Float32frombits(x))
		case protowire.BytesType:
			if len(v)%4 != 0 {
				return fmt.Errorf("float_list: packed length %d is not a multiple of 4", len(v))
			}
			f.Floats = growTo(f.Floats, len(v)/4)
			for len(v) > 0 {
				x, _ := protowire.ConsumeFixed32(v)
				f.Floats = append(f.Floats, math.Float32frombits(x))
				v = v[4:]
			}
		default:
			return fmt.Errorf("float_list value: wire type %d, want fixed32 or packed", typ)
		}
		return nil
	})
}

// parseInt64s decodes an Int64List, packed or not.
func (f *Feature) parseInt64s(b []byte) error {
	return forFields(b, func(num protowire.Number, typ protowire.Type, v []byte) error {
		if num != fieldListValue {
			return nil
		}
		switch typ {
		case protowire.VarintType:
			x, _ := protowire.ConsumeVarint(v)
			f.Int64s = append(f.Int64s, int64(x))
		case protowire.BytesType:
			// Each varint ends in one byte with the high bit clear, so
			// counting those bounds the values by the bytes at hand.
			count := 0
			for _, c := range v {
				if c < 0x80 {
					count++
				}
			}
			if len(v) > 0 && v[len(v)-1] >= 0x80 {
				return errors.New("int64_list: packed values end inside a varint")
			}
			f.Int64s = growTo(f.Int64s, count)
			for len(v) > 0 {
				x, n := protowire.ConsumeVarint(v)
				if n < 0 {
					return fmt.Errorf("int64_list: %w", protowire.ParseError(n))
				}
				f.Int64s = append(f.Int64s, int64(x))
				v = v[n:]
			}
		default:
			return fmt.Errorf("int64_list value: wire type %d, want varint or packed", typ)
		}
		return nil
	})
}

// growTo returns s with room for n more elements.
func growTo[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	g := make([]T, len(s), len(s)+n)
	copy(g, s)
	return g
}

// forFields calls fn with each field of the message b: its number, wire
// type and value (for a varint or fixed field, the raw encoded bytes; for a
// length-delimited field, its contents). Groups are refused.
func forFields(b []byte, fn func(protowire.Number, protowire.Type, []byte) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return fmt.Errorf("field tag: %w", protowire.ParseError(n))
		}
		b = b[n:]
		var v []byte
		switch typ {
		case protowire.BytesType:
			var m int
			v, m = protowire.ConsumeBytes(b)
			if m < 0 {
				return fmt.Errorf("field %d: %w (%d bytes left)", num, protowire.ParseError(m), len(b))
			}
			n = m
		case protowire.VarintType, protowire.Fixed32Type, protowire.Fixed64Type:
			n = protowire.ConsumeFieldValue(num, typ, b)
			if n < 0 {
				return fmt.Errorf("field %d: %w", num, protowire.ParseError(n))
			}
			v = b[:n]
		default:
			return fmt.Errorf("field %d: unsupported wire type %d", num, typ)
		}
		if err := fn(num, typ, v); err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}
