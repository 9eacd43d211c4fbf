package main

import (
	"github.com/spf13/pflag"

	"flowbench/assets"
	"flowbench/pipeline"
	"flowbench/sim"
)

// The --assets flag chooses what objects look like: "auto" draws real
// Sweet Home 3D models when the Debian libraries are installed (and primitive
// shapes, with one log line, when they are not), "none" always draws
// primitive shapes, and a directory (or .sh3f file) reads the libraries there.

// assetsUsage is the --assets flag's help text.
const assetsUsage = "furniture models: auto (Sweet Home 3D libraries when installed, else primitive shapes), none, or a directory of .sh3f/.jar archives"

// addAssetsFlag registers --assets on fs.
func addAssetsFlag(fs *pflag.FlagSet) *string { return fs.String("assets", "auto", assetsUsage) }

// openAssets returns the library an --assets value names (see
// pipeline.OpenAssets); nil means primitive shapes.
func openAssets(spec string) (*assets.Library, error) { return pipeline.OpenAssets(spec) }

// dresser returns the hook that dresses a scene with lib (see
// pipeline.Dresser).
func dresser(lib *assets.Library) func(*sim.Scene) { return pipeline.Dresser(lib) }
