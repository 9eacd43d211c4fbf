package score

import (
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// Shuffle returns the answer order of shuffle k of a question with n
// choices: perm[shown] = original choice index. Shuffle 0 is the original
// order; shuffles 1, 2, … are drawn from a generator seeded by the question
// id, skipping orders already used while unused ones remain (so a yes/no
// question's shuffle 1 swaps the two choices). The result depends only on
// (id, n, k); its time grows linearly with k (score refuses k ≥ MaxShuffles).
func Shuffle(id string, n, k int) []int {
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(n)))
	p := identity(n)
	// used holds the orders drawn so far (as letter maps), so that the skip
	// costs a lookup, not a scan: the time grows linearly with k.
	used := map[string]bool{LetterMap(p): true}
	total := factorial(n)
	for drawn := 0; drawn < k; {
		q := identity(n)
		rng.Shuffle(n, func(i, j int) { q[i], q[j] = q[j], q[i] })
		key := LetterMap(q)
		if len(used) < total && used[key] {
			continue
		}
		used[key] = true
		p = q
		drawn++
	}
	return p
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
