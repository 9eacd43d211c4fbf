package thor

import (
	"fmt"
	"sync"
	"time"
)

// memBudget is a semaphore over bytes: the server's global memory budget.
// Sessions reserve the bytes they estimate a request will hold (its
// message, its decoding, its reply and what the session keeps afterwards)
// before reading further or acting, and release them when the reply is out.
type memBudget struct {
	limit int64

	mu      sync.Mutex
	used    int64
	changed chan struct{} // closed (and replaced) whenever bytes are released
}

func newMemBudget(limit int64) *memBudget {
	return &memBudget{limit: limit, changed: make(chan struct{})}
}

// acquire reserves n bytes, waiting until wait has passed or stop is
// closed for other sessions to release enough. It fails at once when n
// alone exceeds the budget.
func (b *memBudget) acquire(n int64, wait time.Duration, stop <-chan struct{}) error {
	if n <= 0 {
		return nil
	}
	if n > b.limit {
		return &budgetError{need: n, limit: b.limit, global: true}
	}
	var timer <-chan time.Time
	for {
		b.mu.Lock()
		if b.used+n <= b.limit {
			b.used += n
			b.mu.Unlock()
			return nil
		}
		used, ch := b.used, b.changed
		b.mu.Unlock()
		if timer == nil {
			t := time.NewTimer(wait)
			defer t.Stop()
			timer = t.C
		}
		select {
		case <-ch:
		case <-timer:
			return &budgetError{need: n, limit: b.limit, used: used, global: true, waited: wait}
		case <-stop:
			return &budgetError{need: n, limit: b.limit, used: used, global: true}
		}
	}
}

// release returns n bytes and wakes the waiters.
func (b *memBudget) release(n int64) {
	if n <= 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	close(b.changed)
	b.changed = make(chan struct{})
	b.mu.Unlock()
}

// inUse is the reserved byte count.
func (b *memBudget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// budgetError is a request refused for memory: over its session's budget,
// or over the server's when the other sessions hold too much.
type budgetError struct {
	need, limit, used int64
	global            bool
	waited            time.Duration
}

func (e *budgetError) Error() string {
	if !e.global {
		return fmt.Sprintf("needs an estimated %d bytes, over the session's memory budget of %d bytes (ServerOptions.MaxSessionMemoryBytes); send a smaller request or Initialize a smaller image",
			e.need, e.limit)
	}
	if e.need > e.limit {
		return fmt.Sprintf("needs an estimated %d bytes, over the server's memory budget of %d bytes (ServerOptions.MaxMemoryBytes)", e.need, e.limit)
	}
	return fmt.Sprintf("needs an estimated %d more bytes but the server's memory budget of %d bytes (ServerOptions.MaxMemoryBytes) has %d in use by its sessions (waited %v); try again later",
		e.need, e.limit, e.used, e.waited)
}

// sessionMemory is one session's share of the budget: the bytes it has
// reserved, never more than its own limit.
type sessionMemory struct {
	budget *memBudget
	limit  int64
	wait   time.Duration
	stop   <-chan struct{}
	held   int64
}

// reserve makes the session hold at least need bytes in all.
func (m *sessionMemory) reserve(need int64) error {
	if need > m.limit {
		return &budgetError{need: need, limit: m.limit}
	}
	if need <= m.held {
		return nil
	}
	if err := m.budget.acquire(need-m.held, m.wait, m.stop); err != nil {
		return err
	}
	m.held = need
	return nil
}

// shrink releases what the session holds beyond keep.
func (m *sessionMemory) shrink(keep int64) {
	if m.held > keep {
		m.budget.release(m.held - keep)
		m.held = keep
	}
}
