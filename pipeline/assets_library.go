package pipeline

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"flowbench/assets"
	"flowbench/sim"
)

// Config.Assets chooses what objects look like: "auto" draws real Sweet
// Home 3D models when the Debian libraries are installed (and primitive
// shapes, with one log line, when they are not), "none" always draws
// primitive shapes, and a directory (or .sh3f file) reads the libraries there.

var (
	libMu   sync.Mutex
	libOpen = map[string]*assets.Library{} // one shared copy per spec and process
)

// AssetsOptions returns the assets.Options of an assets spec (auto or a
// directory). The library logs through slog's default logger, as the
// missing-library line below does, so an archive it skips (issue 54: a
// FIFO, a device, an archive over its caps) is one warning in the run's log.
func AssetsOptions(spec string) assets.Options {
	opts := assets.Options{Log: slog.Default()}
	if spec != "auto" && spec != "" {
		opts.Dirs = []string{spec}
	}
	return opts
}

// OpenAssets returns the library an assets spec names, opened once per
// process; nil means primitive shapes.
func OpenAssets(spec string) (*assets.Library, error) {
	if spec == "none" {
		return nil, nil
	}
	libMu.Lock()
	defer libMu.Unlock()
	if lib, ok := libOpen[spec]; ok {
		return lib, nil
	}
	lib, err := assets.Open(AssetsOptions(spec))
	switch {
	case errors.Is(err, assets.ErrNoAssets) && (spec == "auto" || spec == ""):
		slog.Info("no Sweet Home 3D furniture libraries found (install with assets/install_debian.sh); drawing primitive shapes")
		lib = nil
	case err != nil:
		return nil, fmt.Errorf("--assets %s: %w", spec, err)
	}
	libOpen[spec] = lib
	return lib, nil
}

// Dresser returns the hook that dresses a scene with lib's models and
// surfaces (nil for primitive shapes). The seed comes from the house, so
// every process dresses a house alike.
func Dresser(lib *assets.Library) func(*sim.Scene) {
	if lib == nil {
		return nil
	}
	return func(s *sim.Scene) { lib.Dress(s, assets.HouseSeed(s.House)) }
}
