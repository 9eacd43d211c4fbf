package pipeline

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"flowbench/export"
)

// ErrEmptySplit marks a whole run whose split would hold no question: Run
// writes nothing and returns it unless Config.AllowEmpty asks for the
// empty split (an empty split is almost always a mistake: a --test-counts,
// --categories or --import that selects nothing).
var ErrEmptySplit = errors.New("empty split")

// keptRows counts the rows of the shards a resumed run kept.
func keptRows(kept []export.ShardInfo) int {
	n := 0
	for _, k := range kept {
		n += k.Rows
	}
	return n
}

// emptyReasons says why houses gave no question, from Result.Bad.
func emptyReasons(bad map[string]int) string {
	if len(bad) == 0 {
		return "none gave a question"
	}
	var parts []string
	for _, r := range slices.Sorted(maps.Keys(bad)) {
		parts = append(parts, fmt.Sprintf("%d: %s", bad[r], r))
	}
	return "houses without questions by reason: " + strings.Join(parts, "; ")
}
