package score

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
)

// Shuffle returns the answer order of shuffle k of a question with n
// choices: perm[shown] = original choice index. Shuffle 0 is the original
// order; shuffles 1, 2, … are drawn from a generator seeded by the question
// id, skipping orders already used while unused ones remain (so a yes/no
// question's shuffle 1 swaps the two choices). The result depends only on
// (id, n, k).
func Shuffle(id string, n, k int) []int {
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(n)))
	seen := [][]int{identity(n)}
	total := factorial(n)
	for len(seen) <= k {
		p := identity(n)
		rng.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
		if len(seen) < total && slices.ContainsFunc(seen, func(q []int) bool { return slices.Equal(p, q) }) {
			continue
		}
		seen = append(seen, p)
	}
	return seen[k]
}

// LetterMap renders a permutation as the original letter of each shown
// letter: "CABD" means shown A is original C, shown B is original A, ….
func LetterMap(perm []int) string {
	var b strings.Builder
	for _, p := range perm {
		b.WriteByte(byte('A' + p))
	}
	return b.String()
}

// Inverse returns the permutation that undoes perm.
func Inverse(perm []int) []int {
	inv := make([]int, len(perm))
	for i, p := range perm {
		inv[p] = i
	}
	return inv
}

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}
