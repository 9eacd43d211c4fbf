package score

import (
	"fmt"
	"math/bits"
	"strings"
)

// MaxChoices is the largest number of answer options a question may have
// (letters A–F).
const MaxChoices = 6

// Letters is a set of answer letters: bit i stands for letter 'A'+i.
type Letters uint8

// String returns the letters in alphabetical order, e.g. "ABD"; "" for none.
func (l Letters) String() string {
	var b strings.Builder
	for i := range MaxChoices {
		if l&(1<<i) != 0 {
			b.WriteByte(byte('A' + i))
		}
	}
	return b.String()
}

// Len returns how many letters the set holds.
func (l Letters) Len() int { return bits.OnesCount8(uint8(l)) }

// ParseLetters reads a canonical answer such as "B" or "ABD" (upper case,
// no separators, no repeats) whose letters index one of n choices.
func ParseLetters(s string, n int) (Letters, error) {
	if s == "" {
		return 0, fmt.Errorf("empty answer")
	}
	var l Letters
	for _, r := range s {
		i := int(r - 'A')
		if i < 0 || i >= n {
			return 0, fmt.Errorf("letter %q outside A..%c", r, 'A'+n-1)
		}
		if l&(1<<i) != 0 {
			return 0, fmt.Errorf("letter %q repeated", r)
		}
		l |= 1 << i
	}
	return l, nil
}

// Map sends every letter i of l to perm[i]; letters outside perm are dropped
// and reported by ok = false.
func (l Letters) Map(perm []int) (out Letters, ok bool) {
	ok = true
	for i := range MaxChoices {
		if l&(1<<i) == 0 {
			continue
		}
		if i >= len(perm) {
			ok = false
			continue
		}
		out |= 1 << perm[i]
	}
	return out, ok
}
