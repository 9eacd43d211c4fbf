package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"flowbench/export"
)

// BenchmarkMerge1000Shards merges 4 parts of a 1,000-shard questions-only
// split of empty shards: the fixed cost per shard (record checks, link,
// SHA-256 of the file, rename, the manifest's statistics pass) without the
// hashing of large files.
func BenchmarkMerge1000Shards(b *testing.B) {
	cfg := DefaultConfig()
	cfg.Houses, cfg.BalanceHouses, cfg.BlocksPerShard, cfg.QuestionsOnly, cfg.Assets = 1000, 1, 1, true, "none"
	layout := NewLayout(cfg, cfg.Houses)
	if layout.Shards != 1000 {
		b.Fatalf("%d shards", layout.Shards)
	}
	dir := b.TempDir()
	var parts []string
	for k := range 4 {
		p := Part{Index: k, Count: 4}
		d := filepath.Join(dir, fmt.Sprintf("part-%d", k))
		res := Result{Layout: layout, Fingerprint: "bench"}
		res.FirstShard, res.EndShard = layout.PartShards(p)
		dw, err := export.Create(d, export.Options{QuestionsOnly: true, Fingerprint: res.Fingerprint})
		if err != nil {
			b.Fatal(err)
		}
		sw, err := dw.SplitRange(cfg.Split, 16, 16, export.Range{First: res.FirstShard, End: res.EndShard, Total: layout.Shards})
		if err != nil {
			b.Fatal(err)
		}
		for range res.EndShard - res.FirstShard {
			if err := sw.Cut(); err != nil {
				b.Fatal(err)
			}
		}
		if err := sw.Close(); err != nil {
			b.Fatal(err)
		}
		info := splitInfo{Config: map[string]any{"houses": cfg.Houses}, Assets: &export.AssetUse{Mode: "none"}}
		if err := writePartRecord(d, newPartRecord(cfg, p, res, info)); err != nil {
			b.Fatal(err)
		}
		parts = append(parts, d)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Merge(context.Background(), parts, filepath.Join(b.TempDir(), "merged")); err != nil {
			b.Fatal(err)
		}
	}
}
