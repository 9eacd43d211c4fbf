package marks

import "math/rand/v2"

func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6d61726b73)) }
