package rlds

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"flowbench/real"
)

// benchShard is a synthetic RT-1 shard of realistic size: 16 episodes of
// 30 steps, each step a 48 KiB frame (a 640×480 JPEG's size; random bytes,
// since reading does not decode) with the instruction, gripper and pose.
func benchShard(b *testing.B) []byte {
	l := mustLayout(real.RT1)
	rng := rand.New(rand.NewPCG(1, 2))
	var recs [][]byte
	for range 16 {
		ex := synthExample(b, l, 30)
		frames := make([][]byte, 30)
		for s := range frames {
			frames[s] = make([]byte, 48<<10)
			for i := range frames[s] {
				frames[s][i] = byte(rng.Uint32())
			}
		}
		ex.SetBytes("steps/observation/image", frames...)
		recs = append(recs, ex.Marshal())
	}
	return shardBytes(b, recs...)
}

// BenchmarkReadEpisodes measures reading episodes (framing, both
// checksums, Example parsing, the layout's features) from a TFRecord
// shard in memory and from a file, in MB/s of TFRecord. Issue 51's
// target: ≥ 200 MB/s on one core.
func BenchmarkReadEpisodes(b *testing.B) {
	shard := benchShard(b)
	l := mustLayout(real.RT1)
	count := func(b *testing.B, it func(yield func(*Episode, error) bool)) {
		n := 0
		for ep, err := range it {
			if err != nil || ep.Steps != 30 {
				b.Fatal(err)
			}
			n++
		}
		if n != 16 {
			b.Fatalf("%d episodes", n)
		}
	}
	b.Run("memory", func(b *testing.B) {
		b.SetBytes(int64(len(shard)))
		b.ReportAllocs()
		for b.Loop() {
			count(b, ReadEpisodes(bytes.NewReader(shard), "bench", int64(len(shard)), l))
		}
	})
	b.Run("file", func(b *testing.B) {
		path := filepath.Join(b.TempDir(), "fractal20220817_data-train.tfrecord-00000-of-00001")
		if err := os.WriteFile(path, shard, 0o644); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(shard)))
		b.ReportAllocs()
		for b.Loop() {
			count(b, ReadShard(path, l))
		}
	})
}
