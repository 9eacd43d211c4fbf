package sim

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 36's first contents rule over 60 procthor houses and the 120
// iTHOR-style scenes: at most one garbage can per room (fails with the cap
// removed: 3 cans in most iTHOR-style bathrooms and kitchens).
func TestOneGarbageCanPerRoom(t *testing.T) {
	check := func(name string, h *House) {
		cans := map[string]int{}
		for _, o := range h.Objects {
			if ObjectTypeFromID(o.ID) == "GarbageCan" {
				cans[roomOfID(o.ID)]++
			}
		}
		for room, n := range cans {
			if n > 1 {
				t.Errorf("%s: room %s has %d garbage cans", name, room, n)
			}
		}
	}
	for i := 0; i < 60; i++ {
		h, err := Generate(StyleProcTHOR, 3, i)
		if err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("procthor seed 3 house %d", i), h)
	}
	for _, name := range IthorSceneNames() {
		h, err := GenerateIthor(name, 0)
		if err != nil {
			t.Fatal(err)
		}
		check(name, h)
	}
}

// roomOfID returns the room number field of a "Type|room|k" object id.
func roomOfID(id string) string {
	if f := strings.Split(id, "|"); len(f) >= 3 {
		return f[1]
	}
	return ""
}
