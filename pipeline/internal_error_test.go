package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/sim"
)

// TestInternalErrorInWorker makes the second house's load panic in a
// planning worker: the run stops with an error wrapping ErrInternal that
// names the house and the panic, instead of Go killing the process.
func TestInternalErrorInWorker(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Houses, cfg.Size, cfg.Views, cfg.Assets, cfg.BalanceHouses = 2, 32, 1, "none", 1
	src, err := newSource(cfg, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	src.Houses[1].load = func() (*sim.House, error) {
		var h *sim.House
		return h, fmt.Errorf("unreachable %v", h.Rooms[0]) // a nil dereference, as a bug would give
	}
	_, err = runSource(context.Background(), cfg, Options{Out: filepath.Join(t.TempDir(), "ds"), Workers: 1}, src, slog.Default())
	if !errors.Is(err, ErrInternal) {
		t.Fatalf("run = %v, want an ErrInternal", err)
	}
	for _, w := range []string{"while processing house 1 (" + src.Houses[1].ID + "), planning", "nil pointer dereference"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %.400q lacks %q", err, w)
		}
	}
}
