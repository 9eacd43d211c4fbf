package assets

import (
	"strconv"
	"strings"
	"testing"
)

// continuedProperties is a catalog whose one value spans n lines joined by
// '\' continuations (each continuation line indented, as Java allows), the
// shape of the hostile catalog of issue 54.
func continuedProperties(n int) []byte {
	var b strings.Builder
	b.WriteString("id#1=long\nname#1=start\\\n")
	for i := 1; i < n; i++ {
		b.WriteString("   ab\\\n")
	}
	b.WriteString("   end\nwidth#1=10\n")
	return []byte(b.String())
}

// BenchmarkPropertiesContinuations parses catalogs of 40k, 80k and 160k
// continuation lines: the time per operation grows linearly with the line
// count (docs/assets.md, "Bounded archive reading", has the numbers).
func BenchmarkPropertiesContinuations(b *testing.B) {
	for _, n := range []int{40_000, 80_000, 160_000} {
		data := continuedProperties(n)
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				parseProperties(data)
			}
		})
	}
}
