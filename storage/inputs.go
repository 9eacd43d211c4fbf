package storage

import "context"

// WithInputs runs run with a local directory for each of ins, in order:
// WithInput's directory for each (the path itself, or a temp download of a
// URL's objects), all of them removed when run returns.
func WithInputs(ctx context.Context, ins []string, run func(localDirs []string) error) error {
	dirs := make([]string, len(ins))
	var open func(i int) error
	open = func(i int) error {
		if i == len(ins) {
			return run(dirs)
		}
		return WithInput(ctx, ins[i], func(dir string) error {
			dirs[i] = dir
			return open(i + 1)
		})
	}
	return open(0)
}
