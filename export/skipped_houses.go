package export

import (
	"fmt"
	"strings"
)

// SkippedHouse is a house that a run given --skip-bad-houses left out
// (wholly or after some of its questions) because generating it failed.
type SkippedHouse struct {
	Index  int    `json:"index"`  // the house's position in the split
	House  string `json:"house"`  // the house id (an import's file name without .json)
	Reason string `json:"reason"` // the error
}

// writeSkippedSection adds the card's list of skipped houses, if any.
func writeSkippedSection(b *strings.Builder, m *Manifest, splits []string) {
	n := 0
	for _, s := range splits {
		n += len(m.Splits[s].Skipped)
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(b, "\n## Skipped houses\n\n%d houses failed to generate and were left out (--skip-bad-houses); "+
		"questions they gave before failing are kept.\n\n| split | index | house | reason |\n|---|---:|---|---|\n", n)
	for _, s := range splits {
		for _, h := range m.Splits[s].Skipped {
			fmt.Fprintf(b, "| %s | %d | %s | %s |\n", s, h.Index, h.House, strings.ReplaceAll(strings.ReplaceAll(h.Reason, "|", "\\|"), "\n", " "))
		}
	}
}
