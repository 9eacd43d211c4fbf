package simsource

import (
	"hash/fnv"
	"math/rand/v2"
)

// stream returns a deterministic random stream named by the pair's seed and
// index and a purpose tag (plus a number: the attempt, or the noise level),
// so that the scene does not depend on the noise level and each estimator's
// noise does not depend on the others.
func stream(seed int64, index int, tag string, k int) *rand.Rand {
	h := fnv.New64a()
	var b [8]byte
	for _, v := range []uint64{uint64(seed), uint64(index), uint64(k)} {
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		h.Write(b[:])
	}
	h.Write([]byte(tag))
	s := h.Sum64()
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

// uniform returns a uniform draw in [lo, hi).
func uniform(r *rand.Rand, lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
