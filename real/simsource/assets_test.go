package simsource

import (
	"errors"
	"sync"
	"testing"

	"flowbench/assets"
)

var (
	libOnce sync.Once
	lib     *assets.Library
	libErr  error
)

// testLibrary opens the installed Sweet Home 3D libraries once per test
// binary, skipping the test or benchmark when they are not installed
// (assets/install_debian.sh).
func testLibrary(tb testing.TB) *assets.Library {
	tb.Helper()
	libOnce.Do(func() { lib, libErr = assets.Open(assets.Options{}) })
	if errors.Is(libErr, assets.ErrNoAssets) {
		tb.Skip("Sweet Home 3D libraries not installed (assets/install_debian.sh): no dressed pairs")
	}
	if libErr != nil {
		tb.Fatal(libErr)
	}
	return lib
}
