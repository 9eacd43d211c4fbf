package rlds

import (
	"bytes"
	"io"
	"math"
	"testing"

	"flowbench/real"
)

// FuzzExample parses arbitrary bytes as a tf.train.Example: no panic, and
// whatever parses marshals to bytes that parse to the same features;
// building an episode of every layout from it never panics either.
func FuzzExample(f *testing.F) {
	f.Add(goodRecord(f))
	f.Add(unpackedExample([]float32{1, 2}, []int64{3, -4}))
	f.Add(synthExample(f, mustLayout(real.LanguageTable), 2).Marshal())
	f.Add(synthExample(f, mustLayout(real.DROID), 2).Marshal())
	f.Add(append(goodRecord(f), rawFeature("steps/is_first", []byte{0x1a, 3, 0x0a, 1, 0x80})...))
	f.Add([]byte{0x0a, 0x80, 0x80, 0x80, 0x80, 0x40})
	f.Fuzz(func(t *testing.T, data []byte) {
		ex, err := ParseExample(data)
		if err != nil {
			return
		}
		for _, l := range Layouts {
			if ep, err := BuildEpisode(ex, l, "fuzz", 0); err == nil {
				for _, c := range ep.Cameras() {
					_, _ = ep.First(c)
				}
			}
		}
		again, err := ParseExample(ex.Marshal())
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if len(again.Features) != len(ex.Features) {
			t.Fatalf("%d features, then %d", len(ex.Features), len(again.Features))
		}
		for k, a := range ex.Features {
			b := again.Features[k]
			if b == nil || a.Kind != b.Kind || a.Len() != b.Len() {
				t.Fatalf("feature %q changed", k)
			}
			for i := range a.Floats {
				if math.Float32bits(a.Floats[i]) != math.Float32bits(b.Floats[i]) {
					t.Fatalf("feature %q float %d changed", k, i)
				}
			}
			for i := range a.Int64s {
				if a.Int64s[i] != b.Int64s[i] {
					t.Fatalf("feature %q int %d changed", k, i)
				}
			}
			for i := range a.Bytes {
				if !bytes.Equal(a.Bytes[i], b.Bytes[i]) {
					t.Fatalf("feature %q bytes %d changed", k, i)
				}
			}
		}
	})
}

// FuzzTFRecord reads arbitrary bytes as a shard, with the size known and
// not: no panic, at most one record per 16 bytes, and the same records
// either way.
func FuzzTFRecord(f *testing.F) {
	good := goodRecord(f)
	two := shardBytes(f, good, []byte("x"))
	f.Add(two)
	f.Add(two[:len(two)-3])
	f.Add(append(header(4<<30), 1, 2, 3))
	f.Add(append(header(100), make([]byte, 10)...))
	f.Add(shardBytes(f, nil, nil, nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		read := func(size int64) (recs [][]byte, errs int) {
			var r io.Reader = bytes.NewReader(data)
			if size < 0 {
				r = struct{ io.Reader }{r}
			}
			tr := NewReader(r, "fuzz", size)
			for {
				rec, err := tr.NextOwned()
				if err == io.EOF {
					return recs, errs
				}
				if err != nil {
					errs++
				} else {
					recs = append(recs, rec)
				}
				if len(recs)+errs > len(data)/16+1 {
					t.Fatalf("%d records from %d bytes", len(recs)+errs, len(data))
				}
			}
		}
		known, errsKnown := read(int64(len(data)))
		unknown, errsUnknown := read(-1)
		if len(known) != len(unknown) || (errsKnown == 0) != (errsUnknown == 0) {
			t.Fatalf("size known: %d records %d errors; unknown: %d records %d errors", len(known), errsKnown, len(unknown), errsUnknown)
		}
		for i := range known {
			if !bytes.Equal(known[i], unknown[i]) {
				t.Fatalf("record %d differs", i)
			}
		}
		for range ReadEpisodes(bytes.NewReader(data), "fuzz", int64(len(data)), mustLayout(real.RT1)) {
		}
	})
}
