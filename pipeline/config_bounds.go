package pipeline

import "flowbench/internal/bound"

// Limits of the numeric fields of a Config and of Options (generate's
// flags of the same names; docs/cli.md lists them). Each is checked before
// any work starts, so a value past one is a usage error rather than an
// allocation the size of the value (--balance-houses 10⁹ once ran out of
// memory) or an overflowing layout (a huge --blocks-per-shard times
// --balance-houses once divided by zero).
const (
	// MinSize and MaxSize bound --size, pixels (a 4096² frame's dense
	// annotations already take about 300 MB per question).
	MinSize, MaxSize = 16, 4096
	// MaxHouses bounds --houses: a hundred times ProcTHOR-10k.
	MaxHouses = 1_000_000
	// MaxBalanceHouses bounds --balance-houses: a block's houses are
	// planned together, so a block is at most this many houses in memory.
	MaxBalanceHouses = 1024
	// MaxBlocksPerShard bounds --blocks-per-shard; with MaxBalanceHouses
	// a shard spans at most about 10⁹ houses, far from overflowing an int.
	MaxBlocksPerShard = MaxHouses
	// MaxRowsPerShard bounds --rows-per-shard.
	MaxRowsPerShard = 1_000_000
	// MaxViews bounds --views (the planner's default is 10).
	MaxViews = 256
	// MaxWorkers bounds --workers, the balance blocks planned at once.
	MaxWorkers = 256
	// MaxParts bounds N of --part K/N: merge reads N part records.
	MaxParts = 10_000
)

// checkBounds checks the numeric fields of c against their limits, naming
// each by its generate flag.
func (c Config) checkBounds() error {
	for _, f := range []struct {
		flag   string
		v      int
		lo, hi int
	}{
		{"--size", c.Size, MinSize, MaxSize},
		{"--houses", c.Houses, 0, MaxHouses},
		{"--balance-houses", c.BalanceHouses, 1, MaxBalanceHouses},
		{"--blocks-per-shard", c.BlocksPerShard, 0, MaxBlocksPerShard},
		{"--rows-per-shard", c.RowsPerShard, 1, MaxRowsPerShard},
		{"--views", c.Views, 1, MaxViews},
	} {
		if err := bound.Check(f.flag, int64(f.v), int64(f.lo), int64(f.hi)); err != nil {
			return err
		}
	}
	return nil
}
