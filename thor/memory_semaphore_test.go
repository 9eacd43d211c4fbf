package thor

import (
	"strings"
	"testing"
	"time"
)

// memBudget: a reservation that fits is granted; one that does not waits
// and is granted when another is released; one larger than the whole
// budget, or still not fitting when its wait ends or the server stops,
// fails with a message naming MaxMemoryBytes.
func TestMemBudgetWaitsAndRefuses(t *testing.T) {
	b := newMemBudget(100)
	if err := b.acquire(60, time.Second, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.acquire(101, time.Minute, nil); err == nil || !strings.Contains(err.Error(), "over the server's memory budget of 100 bytes") {
		t.Errorf("101 of 100 bytes: %v", err)
	}
	if err := b.acquire(50, 50*time.Millisecond, nil); err == nil || !strings.Contains(err.Error(), "has 60 in use by its sessions") {
		t.Errorf("50 more beside 60 of 100: %v", err)
	}
	stop := make(chan struct{})
	close(stop)
	if err := b.acquire(50, time.Minute, stop); err == nil {
		t.Error("a reservation was granted after the server stopped")
	}
	granted := make(chan error, 1)
	go func() { granted <- b.acquire(50, time.Minute, nil) }()
	time.Sleep(20 * time.Millisecond)
	b.release(60)
	select {
	case err := <-granted:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second): // a failure guard
		t.Fatal("a waiting reservation was not granted after the release")
	}
	if n := b.inUse(); n != 50 {
		t.Errorf("%d bytes in use, want 50", n)
	}
	m := &sessionMemory{budget: b, limit: 40, wait: time.Millisecond}
	if err := m.reserve(41); err == nil || !strings.Contains(err.Error(), "over the session's memory budget of 40 bytes (ServerOptions.MaxSessionMemoryBytes)") {
		t.Errorf("41 bytes in a 40-byte share: %v", err)
	}
	if err := m.reserve(30); err != nil {
		t.Fatal(err)
	}
	m.shrink(10)
	if n := b.inUse(); n != 60 {
		t.Errorf("after the share shrank to 10: %d bytes in use, want 60", n)
	}
}
