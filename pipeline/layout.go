package pipeline

import (
	"fmt"
	"strconv"
	"strings"

	"flowbench/internal/bound"
)

// Shard layout. Houses are grouped into balance blocks of B consecutive
// houses (block k holds house indices [kB, (k+1)B)); the planner's yes/no
// balance runs through a block. A shard holds a fixed number k of whole
// blocks: shard s covers blocks [sk, (s+1)k), that is houses [skB,
// (s+1)kB), and the last shard holds the rest. The cut points are thus a
// function of house indices only, never of how many questions earlier
// houses gave, so the number of shards (the -of-N of the names) is known
// before the run starts, a resumed run restarts at a shard boundary, and
// any contiguous range of shards can be generated on its own (a part)
// with exactly the bytes of the same shards of a single-machine run. A
// shard whose houses gave no question is written empty.
//
// k is Config.BlocksPerShard, or, when that is 0, RowsPerShard divided by
// the questions a block is expected to give (B houses × Views views ×
// questionsPerViewEstimate), rounded, at least 1.

// questionsPerViewEstimate is the expected number of questions per camera
// view, which turns RowsPerShard into whole blocks per shard: the method's
// train split has about 42 questions per house at 10 views.
const questionsPerViewEstimate = 4

// Layout is the shard layout of a split.
type Layout struct {
	Houses         int `json:"houses"`           // houses in the split
	BalanceHouses  int `json:"balance_houses"`   // houses per balance block
	BlocksPerShard int `json:"blocks_per_shard"` // balance blocks per shard
	Shards         int `json:"shards"`           // shards in the split (at least 1)
}

// NewLayout returns the layout of a split of houses houses under cfg.
func NewLayout(cfg Config, houses int) Layout {
	b := max(1, cfg.BalanceHouses)
	k := cfg.BlocksPerShard
	if k <= 0 {
		perBlock := b * max(1, cfg.Views) * questionsPerViewEstimate
		k = max(1, (cfg.RowsPerShard+perBlock/2)/perBlock)
	}
	per := k * b
	return Layout{Houses: houses, BalanceHouses: b, BlocksPerShard: k, Shards: max(1, (houses+per-1)/per)}
}

// ShardHouses returns the house indices [first, end) of shard s.
func (l Layout) ShardHouses(s int) (first, end int) {
	per := l.BlocksPerShard * l.BalanceHouses
	return min(l.Houses, s*per), min(l.Houses, (s+1)*per)
}

// Part is one of Count parts of a split (Index 0-based). The zero value is
// the whole split; Part{0, 1} is a part holding every shard (it writes a
// part record, not the manifest).
type Part struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole reports whether p is the whole split.
func (p Part) Whole() bool { return p.Count == 0 }

// String renders p as K/N.
func (p Part) String() string { return fmt.Sprintf("%d/%d", p.Index, p.Count) }

// Check validates p.
func (p Part) Check() error {
	if p.Count < 0 || p.Index < 0 || (p.Count > 0 && p.Index >= p.Count) || (p.Count == 0 && p.Index != 0) {
		return fmt.Errorf("%w: --part %d/%d: want K/N with 0 <= K < N", ErrConfig, p.Index, p.Count)
	}
	if p.Count > MaxParts {
		return fmt.Errorf("%w: --part %d/%d: N is outside 1..%d", ErrConfig, p.Index, p.Count, MaxParts)
	}
	return nil
}

// ParsePart parses K/N (K 0-based, 0 <= K < N), the form a Kubernetes
// Indexed Job gives with $(JOB_COMPLETION_INDEX)/N.
func ParsePart(s string) (Part, error) {
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ni > MaxParts {
		return Part{}, fmt.Errorf("%w: --part %s: want K/N with 0 <= K < N <= %d, e.g. 0/3", ErrConfig, bound.Quote(s), MaxParts)
	}
	p := Part{Index: ki, Count: ni}
	return p, p.Check()
}

// PartShards returns the shard indices [first, end) of part p: parts take
// contiguous, near-equal ranges of the split's shards in order (a part may
// get none when there are more parts than shards).
func (l Layout) PartShards(p Part) (first, end int) {
	if p.Whole() {
		return 0, l.Shards
	}
	return p.Index * l.Shards / p.Count, (p.Index + 1) * l.Shards / p.Count
}
