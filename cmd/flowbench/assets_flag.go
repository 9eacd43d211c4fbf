package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"sync"

	"flowbench/assets"
	"flowbench/sim"
)

// The --assets flag chooses what objects look like: "auto" draws real
// Sweet Home 3D models when the Debian libraries are installed (and primitive
// shapes, with one log line, when they are not), "none" always draws
// primitive shapes, and a directory (or .sh3f file) reads the libraries there.

// assetsUsage is the --assets flag's help text.
const assetsUsage = "furniture models: auto (Sweet Home 3D libraries when installed, else primitive shapes), none, or a directory of .sh3f/.jar archives"

// addAssetsFlag registers --assets on fs.
func addAssetsFlag(fs *flag.FlagSet) *string { return fs.String("assets", "auto", assetsUsage) }

var (
	libMu   sync.Mutex
	libOpen = map[string]*assets.Library{} // one shared copy per --assets value and process
)

// openAssets returns the library an --assets value names, opened once per
// process; nil means primitive shapes.
func openAssets(spec string) (*assets.Library, error) {
	if spec == "none" {
		return nil, nil
	}
	libMu.Lock()
	defer libMu.Unlock()
	if lib, ok := libOpen[spec]; ok {
		return lib, nil
	}
	lib, err := assets.Open(assetsCmdOptions(spec))
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

// dresser returns the hook that dresses a scene with lib's models and
// surfaces (nil for primitive shapes). The seed comes from the house, so
// every process dresses a house alike.
func dresser(lib *assets.Library) func(*sim.Scene) {
	if lib == nil {
		return nil
	}
	return func(s *sim.Scene) { lib.Dress(s, assets.HouseSeed(s.House)) }
}

// dressScene applies a dress hook if there is one.
func dressScene(dress func(*sim.Scene), s *sim.Scene) {
	if dress != nil {
		dress(s)
	}
}
