package main

import "testing"

// The summary line counts the skipped rooms over all reasons, in reason
// order, with their share of the rooms.
func TestSkippedRoomsLine(t *testing.T) {
	got := skippedRoomsLine(40, map[string]int{"only_bare_views": 3, "no_object_in_band": 1})
	if want := "4 of 40 (10%): no_object_in_band 1, only_bare_views 3"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := skippedRoomsLine(0, map[string]int{"only_bare_views": 1}); got != "1 of 0 (-): only_bare_views 1" {
		t.Errorf("no rooms: %q", got)
	}
}
