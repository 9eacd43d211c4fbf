package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime/debug"
	"syscall"
)

// ErrInternal marks an error made from a panic recovered in a pipeline
// goroutine: a bug, not bad input.
var ErrInternal = errors.New("internal error (a bug, please report it)")

// recoverInternal, deferred in a goroutine that works on one input, turns a
// panic into an error wrapping ErrInternal that names the input (what) and
// carries the stack, stored in *err.
func recoverInternal(err *error, what string) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%w while processing %s: %v\n%s", ErrInternal, what, p, debug.Stack())
	}
}

// diskError explains the errors a user can fix: a full disk and a
// directory without write permission.
func diskError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("disk full: %w (free some space, then rerun with --resume)", err)
	case errors.Is(err, syscall.EDQUOT):
		return fmt.Errorf("disk quota exceeded: %w (free some space, then rerun with --resume)", err)
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return fmt.Errorf("no permission to write: %w", err)
	}
	return err
}
