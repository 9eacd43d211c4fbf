package main

import (
	"errors"
	"reflect"
	"testing"
)

// TestDeclaredAssets: --declare-assets takes known set names joined by '+'
// and refuses any other as a usage error.
func TestDeclaredAssets(t *testing.T) {
	for spec, want := range map[string][]string{"all": {"all"}, "ai2thor": {"ai2thor"}, "ai2thor+flowbench": {"ai2thor", "flowbench"}} {
		got, err := declaredAssets(spec)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, %v; want %v", spec, got, err, want)
		}
	}
	for _, spec := range []string{"", "ai2thor+", "AI2THOR", "everything"} {
		if _, err := declaredAssets(spec); !errors.Is(err, errUsage) {
			t.Errorf("%q: %v, want a usage error", spec, err)
		}
	}
}
