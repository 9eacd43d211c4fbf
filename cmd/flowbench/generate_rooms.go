package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// skippedRoomsLine renders the rooms that proposed no view
// (pipeline.Result.SkippedRooms) of rooms in all: "2 of 40 (5%):
// only_bare_views 1, no_object_in_band 1".
func skippedRoomsLine(rooms int, skipped map[string]int) string {
	n := 0
	var parts []string
	for _, reason := range slices.Sorted(maps.Keys(skipped)) {
		n += skipped[reason]
		parts = append(parts, fmt.Sprintf("%s %d", reason, skipped[reason]))
	}
	share := "-"
	if rooms > 0 {
		share = fmt.Sprintf("%.0f%%", 100*float64(n)/float64(rooms))
	}
	return fmt.Sprintf("%d of %d (%s): %s", n, rooms, share, strings.Join(parts, ", "))
}
