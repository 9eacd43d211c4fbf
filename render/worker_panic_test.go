package render

import (
	"strings"
	"sync"
	"testing"
)

// A panic in one of several worker goroutines reaches the goroutine that
// waits for them, where it can be recovered, instead of ending the process.
func TestWorkerPanicReachesCaller(t *testing.T) {
	var got any
	func() {
		defer func() { got = recover() }()
		var crash WorkerPanic
		var wg sync.WaitGroup
		for k := 0; k < 4; k++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer crash.Catch(func() {})
				if k == 2 {
					panic("boom in worker 2")
				}
			}()
		}
		wg.Wait()
		crash.Rethrow()
	}()
	if s, ok := got.(string); !ok || !strings.Contains(s, "boom in worker 2") || !strings.Contains(s, "worker goroutine") {
		t.Fatalf("recovered %v, want the worker's panic", got)
	}
	var none WorkerPanic
	none.Rethrow() // no panic recorded: nothing happens
}
