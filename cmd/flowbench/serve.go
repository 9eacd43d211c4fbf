package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"flowbench/render"
	"flowbench/thor"
)

func init() {
	register(command{
		name:    "serve",
		use:     "[--addr HOST:PORT] [flags]",
		summary: "serve the built-in simulator over the flowbench-thor websocket protocol",
		long:    "serve runs the in-process simulator behind the websocket protocol (docs/protocol.md) until SIGINT or SIGTERM.",
		example: "flowbench serve --addr 127.0.0.1:8765\nflowbench generate --houses 8 --backend ws://127.0.0.1:8765 --out csi",
		setup:   serveCommand,
	})
}

// serveContext returns the context that stops "serve" (SIGINT or SIGTERM);
// tests replace it.
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// serveStopGrace is how long "serve", once told to stop and having closed
// every connection, waits for the requests in progress (a long house load
// or render cannot be interrupted; their replies can no longer be sent)
// before it returns anyway, so that the process exits well within a
// second, its memory's teardown included.
const serveStopGrace = 100 * time.Millisecond

// serveDresser builds serve's scene-dressing hook; tests replace it.
var serveDresser = dresser

func serveCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	addr := fs.String("addr", "127.0.0.1:8765", "host:port to listen on (loopback unless --listen-any)")
	listenAny := fs.Bool("listen-any", false, "allow a non-loopback --addr and any Host header (the server has no authentication)")
	workers := boundedInt(fs, "workers", 0, 0, maxWorkers, "render goroutines per connection (0 = all CPUs)")
	maxMsg := boundedInt64(fs, "max-message", thor.DefaultMaxRequestBytes, 1024, 1<<30, "largest accepted request in bytes")
	maxMem := boundedInt64(fs, "max-memory", thor.DefaultMaxMemoryBytes>>20, 64, 1<<30, "memory budget of all sessions together, MiB (the process stays under it + 25% + 192 MiB)")
	maxSessMem := boundedInt64(fs, "max-session-memory", thor.DefaultMaxSessionMemoryBytes>>20, 16, 1<<30, "memory budget of one session, MiB (bounds its image size and request size)")
	assetsSpec := addAssetsFlag(fs)
	declare := fs.String("declare-assets", thor.AssetsAll, "asset sets the hello declares, joined by '+' (all, ai2thor, flowbench); "+
		"CreateHouse refuses other assets, so 'ai2thor' serves houses as the AI2-THOR bridge gets them")
	return func(args []string) error {
		sets, err := declaredAssets(*declare)
		if err != nil {
			return err
		}
		if *workers < 0 {
			return fmt.Errorf("%w: --workers %d must be non-negative", errUsage, *workers)
		}
		if *maxMsg < 1024 {
			return fmt.Errorf("%w: --max-message %d must be at least 1024", errUsage, *maxMsg)
		}
		if *maxMem < 64 || *maxMem > 1<<30 {
			return fmt.Errorf("%w: --max-memory %d MiB must be within 64..%d", errUsage, *maxMem, 1<<30)
		}
		if *maxSessMem < 16 || *maxSessMem > *maxMem {
			return fmt.Errorf("%w: --max-session-memory %d MiB must be within 16..--max-memory (%d)", errUsage, *maxSessMem, *maxMem)
		}
		if err := thor.CheckLoopback(*addr); err != nil && !*listenAny {
			return fmt.Errorf("%w: --addr: %v", errUsage, err)
		}
		lib, err := openAssets(*assetsSpec)
		if err != nil {
			return err
		}
		ln, err := thor.Listen(*addr, *listenAny)
		if err != nil {
			return err
		}
		opts := thor.ServerOptions{Render: render.Options{Workers: *workers}, MaxMessageBytes: *maxMsg, MaxImageSide: maxViewSize, Dress: serveDresser(lib), AnyHost: *listenAny,
			MaxMemoryBytes: *maxMem << 20, MaxSessionMemoryBytes: *maxSessMem << 20, Assets: sets}
		if os.Getenv("GOMEMLIMIT") == "" {
			// The budget bounds what the sessions hold live; the runtime's soft
			// limit makes the garbage collector keep the process near it.
			debug.SetMemoryLimit(opts.MemoryLimit())
		}
		srv := thor.NewServer(opts)
		ctx, cancel := serveContext()
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- srv.Serve(ln) }()
		fmt.Fprintf(stdout, "flowbench serve: listening on ws://%s\n", ln.Addr())
		select {
		case <-ctx.Done():
			stopped := make(chan struct{})
			go func() { srv.Close(); <-done; close(stopped) }()
			select {
			case <-stopped:
			case <-time.After(serveStopGrace):
				fmt.Fprintf(stderr, "flowbench serve: stopping while a request is still running\n")
			}
			return nil
		case err := <-done:
			srv.Close()
			if err != nil && !errors.Is(err, context.Canceled) {
				return fmt.Errorf("serve: %w", err)
			}
			return nil
		}
	}
}

// declaredAssets reads --declare-assets: known set names joined by '+'.
func declaredAssets(spec string) ([]string, error) {
	sets := strings.Split(spec, "+")
	for _, s := range sets {
		if s != thor.AssetsAll && s != thor.AssetsAI2THOR && s != thor.AssetsFlowbench {
			return nil, fmt.Errorf("%w: --declare-assets %q: %q is not an asset set (all, ai2thor, flowbench)", errUsage, spec, s)
		}
	}
	return sets, nil
}
