package rlds

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"flowbench/real"
)

// hostileName is the file name the hostile shards are read as.
const hostileName = "hostile.tfrecord"

// header returns a record header declaring length, with a valid length
// checksum.
func header(length uint64) []byte {
	h := make([]byte, headerBytes)
	binary.LittleEndian.PutUint64(h, length)
	binary.LittleEndian.PutUint32(h[8:], MaskedCRC(h[:8]))
	return h
}

// goodRecord is a valid RT-1 episode of 4 steps.
func goodRecord(t testing.TB) []byte {
	return synthExample(t, mustLayout(real.RT1), 4).Marshal()
}

// mustLayout returns a source's layout.
func mustLayout(source string) Layout {
	l, err := LookupLayout(source)
	if err != nil {
		panic(err)
	}
	return l
}

// rawFeature returns an extra Example.features field whose one entry maps
// key to the raw Feature bytes feat; appended to a marshalled Example it
// replaces that key (protobuf merges repeated messages).
func rawFeature(key string, feat []byte) []byte {
	var entry, feats, out []byte
	entry = protowire.AppendTag(entry, 1, protowire.BytesType)
	entry = protowire.AppendString(entry, key)
	entry = protowire.AppendTag(entry, 2, protowire.BytesType)
	entry = protowire.AppendBytes(entry, feat)
	feats = protowire.AppendTag(feats, 1, protowire.BytesType)
	feats = protowire.AppendBytes(feats, entry)
	out = protowire.AppendTag(out, 1, protowire.BytesType)
	return protowire.AppendBytes(out, feats)
}

// listFeature wraps raw list contents as a Feature of kind.
func listFeature(kind Kind, list []byte) []byte {
	var out []byte
	out = protowire.AppendTag(out, protowire.Number(kind), protowire.BytesType)
	return protowire.AppendBytes(out, list)
}

// hostileCase is one hostile input: a shard's bytes and what reading it
// must give.
type hostileCase struct {
	name   string
	source string // layout; RT1 when empty
	shard  []byte
	// unknownSize reads the shard as a stream of unknown length.
	unknownSize bool
	// noErr: the shard must read without any error.
	noErr bool
	// wantErr is a sentinel the first error must wrap (nil: any).
	wantErr error
	// wantRecord, wantFeature, wantStep: the first error's fields.
	wantRecord  int
	wantFeature string
	wantStep    int
	// wantSub must appear in the first error's message.
	wantSub string
	// wantGood is the number of episodes read without error.
	wantGood int
	// decode decodes every good episode's last frame of each camera, as
	// a pair miner does; a frame that does not decode counts as an error
	// and not as a good episode.
	decode bool
}

// hostileCases builds the corpus: framing faults, malformed Examples and
// episodes whose features are missing, mistyped or inconsistent. Unless
// a case says otherwise, the hostile record comes first and a good one
// after it.
func hostileCases(t testing.TB) []hostileCase {
	good := goodRecord(t)
	two := shardBytes(t, good, good)
	flip := func(b []byte, i int) []byte {
		c := bytes.Clone(b)
		c[i] ^= 0x40
		return c
	}
	rec := func(data []byte) []byte { return shardBytes(t, data, good) }
	mutate := func(source string, steps int, f func(ex *Example)) []byte {
		ex := synthExample(t, mustLayout(source), steps)
		f(ex)
		return shardBytes(t, ex.Marshal(), synthExample(t, mustLayout(source), 2).Marshal())
	}
	rt1 := func(f func(ex *Example)) []byte { return mutate(real.RT1, 4, f) }
	withRaw := func(key string, feat []byte) []byte {
		return rec(append(bytes.Clone(good), rawFeature(key, feat)...))
	}
	first := len(good) + headerBytes + footerBytes // bytes of the first record
	img := "steps/observation/image"
	grip := "steps/observation/gripper_closed"
	pose := "steps/observation/base_pose_tool_reached"
	instr := "steps/observation/natural_language_instruction"
	nan := float32(math.NaN())
	floats4 := func(v ...float32) func(ex *Example) {
		return func(ex *Example) { ex.SetFloats(grip, v...) }
	}
	packedFloats := func(n int) []byte { // n bytes of packed float_list
		var l []byte
		l = protowire.AppendTag(l, 1, protowire.BytesType)
		return protowire.AppendBytes(l, make([]byte, n))
	}
	unpackedGripper := func() []byte {
		var l []byte
		for _, v := range []float32{0, 1, 1, 0} {
			l = protowire.AppendTag(l, 1, protowire.Fixed32Type)
			l = protowire.AppendFixed32(l, math.Float32bits(v))
		}
		return listFeature(KindFloat, l)
	}
	hugeBytes := func() []byte { // a bytes_list value declaring 2^62 bytes
		var l []byte
		l = protowire.AppendTag(l, 1, protowire.BytesType)
		l = protowire.AppendVarint(l, 1<<62)
		return listFeature(KindBytes, l)
	}
	midVarint := func() []byte { // packed int64_list ending inside a varint
		var l []byte
		l = protowire.AppendTag(l, 1, protowire.BytesType)
		l = protowire.AppendBytes(l, []byte{1, 0, 0x80})
		return listFeature(KindInt64, l)
	}
	lt := func(f func(ex *Example)) []byte { return mutate(real.LanguageTable, 3, f) }
	cps := func(bad int64) func(ex *Example) {
		return func(ex *Example) {
			v, _ := ex.Int64s("steps/observation/instruction")
			v[3] = bad
		}
	}
	return []hostileCase{
		// Framing.
		{name: "bad length checksum", shard: flip(two, 8), wantErr: ErrChecksum, wantSub: "length checksum"},
		{name: "bad length checksum in length bytes", shard: flip(two, 2), wantErr: ErrChecksum},
		{name: "bad data checksum", shard: flip(two, headerBytes+5), wantErr: ErrChecksum, wantSub: "data checksum", wantGood: 1},
		{name: "bad data checksum footer", shard: flip(two, first-1), wantErr: ErrChecksum, wantGood: 1},
		{name: "second record bad", shard: flip(two, first+headerBytes+3), wantErr: ErrChecksum, wantRecord: 1, wantGood: 1},
		{name: "truncated header", shard: append(bytes.Clone(two[:first]), 1, 2, 3, 4, 5), wantErr: ErrTruncated, wantRecord: 1, wantSub: "header has 5 of 12", wantGood: 1},
		{name: "truncated data", shard: two[:headerBytes+10], wantErr: ErrTruncated, wantSub: "past the end"},
		{name: "truncated data, unknown size", shard: two[:headerBytes+10], unknownSize: true, wantErr: ErrTruncated, wantSub: "data has 10 of"},
		{name: "truncated footer", shard: two[:first-2], wantErr: ErrTruncated},
		{name: "truncated footer, unknown size", shard: two[:first-2], unknownSize: true, wantErr: ErrTruncated, wantSub: "checksum has 2 of 4"},
		{name: "length past EOF", shard: append(header(1<<20), make([]byte, 10)...), wantErr: ErrTruncated, wantSub: "1048576"},
		{name: "4 GiB length", shard: append(header(4<<30), make([]byte, 64)...), wantErr: ErrTooLarge, wantSub: "4294967296"},
		{name: "4 GiB length, unknown size", shard: append(header(4<<30), make([]byte, 64)...), unknownSize: true, wantErr: ErrTooLarge},
		{name: "max uint64 length", shard: header(math.MaxUint64), wantErr: ErrTooLarge},
		{name: "200 MiB length, short stream", shard: append(header(200<<20), make([]byte, 64)...), unknownSize: true, wantErr: ErrTruncated},
		{name: "empty file", shard: nil, noErr: true},
		{name: "garbage", shard: bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef}, 40), wantErr: ErrChecksum},
		// Malformed Examples.
		{name: "not a protobuf", shard: rec([]byte{0xff, 0xff, 0xff}), wantSub: "malformed tf.train.Example", wantGood: 1},
		{name: "length past the message", shard: rec([]byte{0x0a, 100, 1, 2, 3}), wantSub: "malformed", wantGood: 1},
		{name: "features as varint", shard: rec([]byte{0x08, 1}), wantSub: "wire type", wantGood: 1},
		{name: "group wire type", shard: rec([]byte{0x0b, 0x0c}), wantSub: "wire type", wantGood: 1},
		{name: "overlong varint tag", shard: rec(bytes.Repeat([]byte{0xff}, 11)), wantSub: "malformed", wantGood: 1},
		{name: "huge varint count", shard: withRaw(img, hugeBytes()), wantFeature: img, wantGood: 1},
		{name: "packed floats not a multiple of 4", shard: withRaw(grip, listFeature(KindFloat, packedFloats(7))), wantFeature: grip, wantSub: "multiple of 4", wantGood: 1},
		{name: "packed int64 ends mid-varint", shard: withRaw(StepKey, midVarint()), wantFeature: StepKey, wantSub: "inside a varint", wantGood: 1},
		{name: "float list as varint", shard: withRaw(grip, []byte{0x10, 1}), wantFeature: grip, wantSub: "wire type", wantGood: 1},
		{name: "unpacked floats read", shard: withRaw(grip, unpackedGripper()), noErr: true, wantGood: 2},
		// Features.
		{name: "missing step key", shard: rt1(func(ex *Example) { delete(ex.Features, StepKey) }), wantFeature: StepKey, wantSub: "missing", wantGood: 1},
		{name: "zero steps", shard: rt1(func(ex *Example) { ex.SetInt64s(StepKey) }), wantFeature: StepKey, wantSub: "no steps", wantGood: 1},
		{name: "step key wrong type", shard: rt1(func(ex *Example) { ex.SetFloats(StepKey, 1, 0, 0, 0) }), wantFeature: StepKey, wantSub: "want int64_list, found float_list", wantGood: 1},
		{name: "too many steps", shard: rt1(func(ex *Example) { ex.SetInt64s(StepKey, make([]int64, MaxSteps+1)...) }), wantErr: ErrTooLarge, wantFeature: StepKey, wantGood: 1},
		{name: "is_last count mismatch", shard: rt1(func(ex *Example) { ex.SetInt64s(LastKey, 0, 1) }), wantFeature: LastKey, wantSub: "found 2 values", wantGood: 1},
		{name: "missing image", shard: rt1(func(ex *Example) { delete(ex.Features, img) }), wantFeature: img, wantSub: "missing", wantGood: 1},
		{name: "image wrong type", shard: rt1(func(ex *Example) { ex.SetFloats(img, 1, 2, 3, 4) }), wantFeature: img, wantSub: "want bytes_list, found float_list", wantGood: 1},
		{name: "image steps mismatch", shard: rt1(func(ex *Example) { ex.SetBytes(img, []byte("a"), []byte("b")) }), wantFeature: img, wantSub: "4 values (4 steps × 1)", wantGood: 1},
		{name: "missing instruction", shard: rt1(func(ex *Example) { delete(ex.Features, instr) }), wantFeature: instr, wantSub: "missing", wantGood: 1},
		{name: "instruction wrong type", shard: rt1(func(ex *Example) { ex.SetInt64s(instr, 1, 2, 3, 4) }), wantFeature: instr, wantSub: "found int64_list", wantGood: 1},
		{name: "instruction not UTF-8", shard: rt1(func(ex *Example) { ex.SetBytes(instr, []byte{0xff, 0xfe}, nil, nil, nil) }), wantFeature: instr, wantSub: "UTF-8", wantGood: 1},
		{name: "missing gripper", shard: rt1(func(ex *Example) { delete(ex.Features, grip) }), wantFeature: grip, wantSub: "missing", wantGood: 1},
		{name: "gripper wrong type", shard: rt1(func(ex *Example) { ex.SetBytes(grip, nil, nil, nil, nil) }), wantFeature: grip, wantSub: "found bytes_list", wantGood: 1},
		{name: "gripper NaN", shard: rt1(floats4(0, 1, nan, 0)), wantFeature: grip, wantStep: 2, wantSub: "NaN", wantGood: 1},
		{name: "pose width mismatch", shard: rt1(func(ex *Example) { ex.SetFloats(pose, make([]float32, 4*6)...) }), wantFeature: pose, wantSub: "28 values (4 steps × 7)", wantGood: 1},
		{name: "pose infinite", shard: rt1(func(ex *Example) {
			v, _ := ex.Floats(pose)
			v[7*3+2] = float32(math.Inf(-1))
		}), wantFeature: pose, wantStep: 3, wantGood: 1},
		{name: "code point past Unicode", source: real.LanguageTable, shard: lt(cps(0x110000)), wantFeature: "steps/observation/instruction", wantSub: "1114112", wantGood: 1},
		{name: "negative code point", source: real.LanguageTable, shard: lt(cps(-5)), wantFeature: "steps/observation/instruction", wantGood: 1},
		{name: "surrogate code point", source: real.LanguageTable, shard: lt(cps(0xd800)), wantFeature: "steps/observation/instruction", wantGood: 1},
		{name: "code points uneven", source: real.LanguageTable, shard: lt(func(ex *Example) { ex.SetInt64s("steps/observation/instruction", 'a', 'b', 'c', 'd') }),
			wantFeature: "steps/observation/instruction", wantSub: "each of 3 steps", wantGood: 1},
		{name: "DROID calibration length", source: real.DROID, shard: mutate(real.DROID, 4, func(ex *Example) { ex.SetFloats("episode_metadata/ext1_cam_extrinsics", 1, 2, 3, 4, 5) }),
			wantFeature: "episode_metadata/ext1_cam_extrinsics", wantSub: "want 6 values, found 5", wantGood: 1},
		{name: "DROID missing second exterior camera", source: real.DROID, shard: mutate(real.DROID, 4, func(ex *Example) { delete(ex.Features, "steps/observation/exterior_image_2_left") }),
			wantFeature: "steps/observation/exterior_image_2_left", wantSub: "missing", wantGood: 1},
		{name: "JPEG that does not decode", decode: true, shard: rt1(func(ex *Example) {
			v, _ := ex.Bytes(img)
			v[3] = append([]byte{0xff, 0xd8, 0xff, 0xdb}, bytes.Repeat([]byte{7}, 100)...)
		}), wantFeature: img, wantStep: 3, wantSub: "does not decode", wantGood: 1},
		{name: "frame of random bytes", decode: true, source: real.DROID, shard: mutate(real.DROID, 4, func(ex *Example) {
			v, _ := ex.Bytes("steps/observation/wrist_image_left")
			v[3] = bytes.Repeat([]byte{0x42}, 64)
		}), wantFeature: "steps/observation/wrist_image_left", wantStep: 3, wantSub: "does not decode", wantGood: 1},
		{name: "frame declaring 100000×100000", decode: true, shard: rt1(func(ex *Example) {
			v, _ := ex.Bytes(img)
			v[3] = pngWithSize(t, 100000, 100000)
		}), wantErr: ErrTooLarge, wantFeature: img, wantStep: 3, wantGood: 1},
		{name: "Bridge OXE names read", source: real.BridgeV2, shard: mutate(real.BridgeV2, 4, func(ex *Example) {
			ex.Features["steps/observation/image"] = ex.Features["steps/observation/image_0"]
			ex.Features["steps/observation/natural_language_instruction"] = ex.Features["steps/language_instruction"]
			delete(ex.Features, "steps/observation/image_0")
			delete(ex.Features, "steps/language_instruction")
		}), noErr: true, wantGood: 2},
	}
}

// decodeLast decodes the last frame of each of ep's cameras.
func decodeLast(ep *Episode) error {
	for _, c := range ep.Cameras() {
		if _, err := ep.DecodeFrame(c, ep.Steps-1); err != nil {
			return err
		}
	}
	return nil
}

// TestHostile reads every hostile case: no panic, the first error an
// *Error naming the file, the record, the feature and the step the case
// expects, and as many good episodes as the framing leaves readable.
func TestHostile(t *testing.T) {
	cases := hostileCases(t)
	if len(cases) < 30 {
		t.Fatalf("only %d hostile cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.source == "" {
				c.source = real.RT1
			}
			size := int64(len(c.shard))
			var r io.Reader = bytes.NewReader(c.shard)
			if c.unknownSize {
				size, r = -1, struct{ io.Reader }{r}
			}
			var errs []error
			good := 0
			for ep, err := range ReadEpisodes(r, hostileName, size, mustLayout(c.source)) {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				if ep == nil || ep.Steps == 0 {
					t.Fatal("nil or empty episode without an error")
				}
				if c.decode {
					if err := decodeLast(ep); err != nil {
						errs = append(errs, err)
						continue
					}
				}
				good++
			}
			if good != c.wantGood {
				t.Errorf("%d good episodes, want %d (errors %v)", good, c.wantGood, errs)
			}
			if c.noErr {
				if len(errs) != 0 {
					t.Fatalf("errors %v", errs)
				}
				return
			}
			if len(errs) == 0 {
				t.Fatal("no error")
			}
			var e *Error
			if !errors.As(errs[0], &e) {
				t.Fatalf("%T %v is not an *Error", errs[0], errs[0])
			}
			msg := e.Error()
			if e.File != hostileName || e.Record != c.wantRecord || !strings.Contains(msg, hostileName) {
				t.Errorf("file %q record %d, want record %d: %s", e.File, e.Record, c.wantRecord, msg)
			}
			if c.wantErr != nil && !errors.Is(e, c.wantErr) {
				t.Errorf("error %q does not wrap %v", msg, c.wantErr)
			}
			if c.wantFeature != "" && (e.Feature != c.wantFeature || !strings.Contains(msg, c.wantFeature)) {
				t.Errorf("feature %q, want %q: %s", e.Feature, c.wantFeature, msg)
			}
			if c.wantStep != 0 && e.Step != c.wantStep {
				t.Errorf("step %d, want %d: %s", e.Step, c.wantStep, msg)
			}
			if !strings.Contains(msg, c.wantSub) {
				t.Errorf("message %q lacks %q", msg, c.wantSub)
			}
		})
	}
}
