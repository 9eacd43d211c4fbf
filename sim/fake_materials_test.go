package sim

import (
	"os"
	"regexp"
	"testing"
)

// TestFakeAI2THORKnowsStyleMaterials checks that the strict fake AI2-THOR
// controller's built-in material list (thor/bridge/fake_ai2thor.py, used
// where ../shared/reference is not there, as on a fresh clone) holds every
// floor, wall, exterior and ceiling material the generator's styles use,
// so that the bridge tests do not depend on the reference files.
func TestFakeAI2THORKnowsStyleMaterials(t *testing.T) {
	src, err := os.ReadFile("../thor/bridge/fake_ai2thor.py")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)BUILTIN_MATERIALS = frozenset\(\[(.*?)\]\)`).FindSubmatch(src)
	if block == nil {
		t.Fatal("fake_ai2thor.py has no BUILTIN_MATERIALS list")
	}
	known := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([^"]+)"`).FindAllSubmatch(block[1], -1) {
		known[string(m[1])] = true
	}
	for _, st := range []*genStyle{procthorStyle, ithorStyle} {
		names := []namedColor{st.exterior, st.ceiling}
		names = append(append(names, st.floors...), st.walls...)
		for _, n := range names {
			if !known[n.Name] {
				t.Errorf("style %s: material %q is not in fake_ai2thor.py's BUILTIN_MATERIALS", st.name, n.Name)
			}
		}
	}
}
