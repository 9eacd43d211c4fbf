package pipeline

import (
	"errors"
	"fmt"
	"testing"
)

// Shard s covers houses [s·k·B, (s+1)·k·B): every house lies in exactly one
// shard, in order, and only the last shard may be short.
func TestLayoutShardHouses(t *testing.T) {
	for _, c := range []struct{ houses, b, k, shards int }{
		{10, 4, 1, 3}, {8, 4, 1, 2}, {8, 4, 2, 1}, {1, 8, 1, 1}, {0, 8, 1, 1}, {100, 3, 5, 7},
	} {
		cfg := DefaultConfig()
		cfg.BalanceHouses, cfg.BlocksPerShard = c.b, c.k
		l := NewLayout(cfg, c.houses)
		if l.Shards != c.shards {
			t.Errorf("%+v: %d shards, want %d", c, l.Shards, c.shards)
		}
		next := 0
		for s := range l.Shards {
			first, end := l.ShardHouses(s)
			if first != next || end < first || (s < l.Shards-1 && end-first != c.k*c.b) {
				t.Errorf("%+v: shard %d holds houses [%d, %d) after %d", c, s, first, end, next)
			}
			if first%c.b != 0 {
				t.Errorf("%+v: shard %d starts inside a block (house %d)", c, s, first)
			}
			next = end
		}
		if next != c.houses {
			t.Errorf("%+v: the shards end at house %d", c, next)
		}
	}
}

// With BlocksPerShard 0, k is RowsPerShard over the expected questions of a
// block, rounded, at least 1.
func TestLayoutBlocksFromRowsPerShard(t *testing.T) {
	for _, c := range []struct{ rows, b, views, k int }{
		{256, 8, 10, 1}, // 256 / 320
		{1000, 8, 10, 3},
		{6, 2, 2, 1},
		{48, 2, 2, 3},
		{1, 8, 10, 1},
	} {
		cfg := DefaultConfig()
		cfg.RowsPerShard, cfg.BalanceHouses, cfg.Views = c.rows, c.b, c.views
		if got := NewLayout(cfg, 100).BlocksPerShard; got != c.k {
			t.Errorf("rows %d, B %d, views %d: k = %d, want %d", c.rows, c.b, c.views, got, c.k)
		}
	}
}

// The parts of a split take contiguous shard ranges that tile it, for any
// number of parts, more parts than shards included.
func TestLayoutPartsTileShards(t *testing.T) {
	for shards := 1; shards <= 12; shards++ {
		l := Layout{Houses: shards, BalanceHouses: 1, BlocksPerShard: 1, Shards: shards}
		for n := 1; n <= 15; n++ {
			next := 0
			for k := range n {
				first, end := l.PartShards(Part{Index: k, Count: n})
				if first != next || end < first {
					t.Fatalf("%d shards, part %d/%d: [%d, %d) after %d", shards, k, n, first, end, next)
				}
				if size := end - first; size < shards/n || size > (shards+n-1)/n {
					t.Errorf("%d shards, part %d/%d holds %d shards: not near-equal", shards, k, n, size)
				}
				next = end
			}
			if next != shards {
				t.Errorf("%d shards in %d parts end at %d", shards, n, next)
			}
		}
		if first, end := l.PartShards(Part{}); first != 0 || end != shards {
			t.Errorf("the whole split is [%d, %d) of %d", first, end, shards)
		}
	}
}

func TestParsePart(t *testing.T) {
	for s, want := range map[string]Part{"0/1": {0, 1}, "2/3": {2, 3}, "6/7": {6, 7}} {
		if got, err := ParsePart(s); err != nil || got != want {
			t.Errorf("ParsePart(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"3/3", "-1/3", "1", "a/b", "0/0", "1/-2", "", "1/2/3"} {
		if _, err := ParsePart(s); !errors.Is(err, ErrConfig) {
			t.Errorf("ParsePart(%q): %v, want an ErrConfig", s, err)
		}
	}
	if s := fmt.Sprint(Part{Index: 2, Count: 5}); s != "2/5" {
		t.Errorf("Part{2, 5} prints as %q", s)
	}
}
