package render

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// WorkerPanic carries the first panic of a pool of worker goroutines back
// to the goroutine that waits for them: a panic in a goroutine of its own
// would kill the process with Go's exit code 2 before any caller could
// recover it and report an internal error. The zero value is ready; the
// renderer's and the flow computation's worker pools use it.
type WorkerPanic struct {
	once sync.Once
	val  any
}

// Catch, deferred first in a worker, records a panic (with the worker's
// stack) and calls stop so the other workers finish early.
func (w *WorkerPanic) Catch(stop func()) {
	if p := recover(); p != nil {
		w.once.Do(func() { w.val = fmt.Sprintf("%v (in a worker goroutine)\n%s", p, debug.Stack()) })
		stop()
	}
}

// Rethrow panics again, in the caller's goroutine, with the recorded value.
func (w *WorkerPanic) Rethrow() {
	if w.val != nil {
		panic(w.val)
	}
}
