package rlds

import (
	"math"
	"slices"

	"google.golang.org/protobuf/encoding/protowire"
)

// NewExample returns an empty Example to fill with SetBytes, SetFloats and
// SetInt64s.
func NewExample() *Example { return &Example{Features: map[string]*Feature{}} }

// SetBytes sets the bytes_list feature name.
func (ex *Example) SetBytes(name string, values ...[]byte) {
	ex.Features[name] = &Feature{Kind: KindBytes, Bytes: values}
}

// SetFloats sets the float_list feature name.
func (ex *Example) SetFloats(name string, values ...float32) {
	ex.Features[name] = &Feature{Kind: KindFloat, Floats: values}
}

// SetInt64s sets the int64_list feature name.
func (ex *Example) SetInt64s(name string, values ...int64) {
	ex.Features[name] = &Feature{Kind: KindInt64, Int64s: values}
}

// Marshal serialises the Example as TensorFlow does: features in key
// order, float and int64 lists packed. ParseExample(ex.Marshal()) gives ex
// back.
func (ex *Example) Marshal() []byte {
	keys := make([]string, 0, len(ex.Features))
	for k := range ex.Features {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var features []byte
	for _, k := range keys {
		var entry []byte
		entry = protowire.AppendTag(entry, fieldEntryKey, protowire.BytesType)
		entry = protowire.AppendString(entry, k)
		entry = protowire.AppendTag(entry, fieldEntryValue, protowire.BytesType)
		entry = protowire.AppendBytes(entry, ex.Features[k].marshal())
		features = protowire.AppendTag(features, fieldFeaturesFeature, protowire.BytesType)
		features = protowire.AppendBytes(features, entry)
	}
	var out []byte
	out = protowire.AppendTag(out, fieldExampleFeatures, protowire.BytesType)
	return protowire.AppendBytes(out, features)
}

// marshal serialises one tf.train.Feature.
func (f *Feature) marshal() []byte {
	if f == nil {
		return nil
	}
	var list []byte
	switch f.Kind {
	case KindBytes:
		for _, v := range f.Bytes {
			list = protowire.AppendTag(list, fieldListValue, protowire.BytesType)
			list = protowire.AppendBytes(list, v)
		}
	case KindFloat:
		packed := make([]byte, 0, 4*len(f.Floats))
		for _, v := range f.Floats {
			packed = protowire.AppendFixed32(packed, math.Float32bits(v))
		}
		list = protowire.AppendTag(list, fieldListValue, protowire.BytesType)
		list = protowire.AppendBytes(list, packed)
	case KindInt64:
		var packed []byte
		for _, v := range f.Int64s {
			packed = protowire.AppendVarint(packed, uint64(v))
		}
		list = protowire.AppendTag(list, fieldListValue, protowire.BytesType)
		list = protowire.AppendBytes(list, packed)
	default:
		return nil
	}
	var out []byte
	out = protowire.AppendTag(out, protowire.Number(f.Kind), protowire.BytesType)
	return protowire.AppendBytes(out, list)
}
