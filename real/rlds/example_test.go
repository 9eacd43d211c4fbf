package rlds

import (
	"errors"
	"math"
	"slices"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// TestExampleRoundTrip marshals an Example with all three list types and
// parses it back.
func TestExampleRoundTrip(t *testing.T) {
	ex := NewExample()
	ex.SetBytes("steps/observation/image", []byte("jpeg0"), []byte{}, []byte("jpeg2"))
	ex.SetFloats("steps/observation/state", 1.5, -2, float32(math.Inf(1)))
	ex.SetInt64s("steps/is_first", 1, 0, -7, math.MaxInt64, math.MinInt64)
	got, err := ParseExample(ex.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	imgs, err := got.Bytes("steps/observation/image")
	if err != nil || len(imgs) != 3 || string(imgs[0]) != "jpeg0" || len(imgs[1]) != 0 || string(imgs[2]) != "jpeg2" {
		t.Fatalf("images %q, %v", imgs, err)
	}
	fs, err := got.Floats("steps/observation/state")
	if err != nil || !slices.Equal(fs, []float32{1.5, -2, float32(math.Inf(1))}) {
		t.Fatalf("floats %v, %v", fs, err)
	}
	is, err := got.Int64s("steps/is_first")
	if err != nil || !slices.Equal(is, []int64{1, 0, -7, math.MaxInt64, math.MinInt64}) {
		t.Fatalf("ints %v, %v", is, err)
	}
}

// unpackedExample hand-encodes an Example with one float_list and one
// int64_list feature, their values unpacked (one tag per value).
func unpackedExample(floats []float32, ints []int64) []byte {
	var fl, il []byte
	for _, f := range floats {
		fl = protowire.AppendTag(fl, 1, protowire.Fixed32Type)
		fl = protowire.AppendFixed32(fl, math.Float32bits(f))
	}
	for _, i := range ints {
		il = protowire.AppendTag(il, 1, protowire.VarintType)
		il = protowire.AppendVarint(il, uint64(i))
	}
	entry := func(key string, kind Kind, list []byte) []byte {
		var feat, e []byte
		feat = protowire.AppendTag(feat, protowire.Number(kind), protowire.BytesType)
		feat = protowire.AppendBytes(feat, list)
		e = protowire.AppendTag(e, 1, protowire.BytesType)
		e = protowire.AppendString(e, key)
		e = protowire.AppendTag(e, 2, protowire.BytesType)
		return protowire.AppendBytes(e, feat)
	}
	var feats []byte
	feats = protowire.AppendTag(feats, 1, protowire.BytesType)
	feats = protowire.AppendBytes(feats, entry("f", KindFloat, fl))
	feats = protowire.AppendTag(feats, 1, protowire.BytesType)
	feats = protowire.AppendBytes(feats, entry("i", KindInt64, il))
	var out []byte
	out = protowire.AppendTag(out, 1, protowire.BytesType)
	return protowire.AppendBytes(out, feats)
}

// TestExampleUnpacked reads float and int64 lists written unpacked, as
// proto2 writers may, and gets the same values as from packed lists.
func TestExampleUnpacked(t *testing.T) {
	floats, ints := []float32{0.25, -3, 1e30}, []int64{5, -1, 1 << 40}
	ex, err := ParseExample(unpackedExample(floats, ints))
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := ex.Floats("f")
	is, _ := ex.Int64s("i")
	if !slices.Equal(fs, floats) || !slices.Equal(is, ints) {
		t.Fatalf("got %v %v, want %v %v", fs, is, floats, ints)
	}
}

// TestExampleGetterErrors checks that the typed getters name the feature
// and what they found.
func TestExampleGetterErrors(t *testing.T) {
	ex := NewExample()
	ex.SetBytes("b", []byte("x"))
	_, err := ex.Floats("b")
	var fe *FeatureError
	if !errors.As(err, &fe) || fe.Feature != "b" || fe.Want != "float_list" || fe.Found != "bytes_list" {
		t.Fatalf("wrong type: %v", err)
	}
	if err.Error() != `feature "b": want float_list, found bytes_list` {
		t.Fatalf("message %q", err)
	}
	_, err = ex.Int64s("nope")
	if !errors.As(err, &fe) || fe.Found != "missing" || fe.Feature != "nope" {
		t.Fatalf("missing: %v", err)
	}
}

// TestMarshalNilFeature marshals a nil feature as an empty one, which
// parses back as a feature with no list.
func TestMarshalNilFeature(t *testing.T) {
	ex := NewExample()
	ex.Features["empty"] = nil
	got, err := ParseExample(ex.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if f := got.Features["empty"]; f == nil || f.Kind != KindNone || f.Len() != 0 {
		t.Fatalf("got %+v", f)
	}
	if _, err := got.Bytes("empty"); err == nil || err.Error() != `feature "empty": want bytes_list, found no list` {
		t.Fatalf("getter: %v", err)
	}
}
