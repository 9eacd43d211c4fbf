package export

import "fmt"

// guardShard runs f, one step of reading the shard at path with arrow-go,
// and turns a panic inside it into an error naming the shard. arrow-go
// trusts the Parquet footer and page headers: a corrupted file can make it
// panic ("dictionary decoding unimplemented for bool", "makeslice: len out
// of range") instead of returning an error. Only arrow-go calls and the
// decoding of the records they return go through guardShard, never a
// caller's callback, so that a panic in the caller's own code still
// propagates.
func guardShard(path, step string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &CorruptShardError{Shard: path, Step: step, Panic: fmt.Sprint(r)}
		}
	}()
	return f()
}

// CorruptShardError reports a shard whose reading made arrow-go panic: the
// file is corrupt in a way the Parquet reader does not detect itself.
type CorruptShardError struct {
	Shard string // shard file path
	Step  string // what was being read
	Panic string // the recovered panic value
}

// Error names the shard, the step and the recovered panic.
func (e *CorruptShardError) Error() string {
	return fmt.Sprintf("export: shard %s is corrupt: the Parquet reader failed while %s (recovered internal error: %s)", e.Shard, e.Step, e.Panic)
}
