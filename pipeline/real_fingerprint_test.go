package pipeline

import "testing"

// TestRealFingerprintCoversOptions checks that every option a Real split's
// bytes depend on changes its fingerprint, so that merge never joins parts
// built with different options.
func TestRealFingerprintCoversOptions(t *testing.T) {
	pairs := []RealPairRef{{ID: "a"}, {ID: "b"}}
	base := RealOptions{Split: "test", Seed: 1, PairsPerShard: 2, PerCategory: 155}
	fp := realFingerprint(pairs, base)
	for name, mod := range map[string]func(*RealOptions){
		"split":        func(o *RealOptions) { o.Split = "train" },
		"seed":         func(o *RealOptions) { o.Seed = 2 },
		"extended":     func(o *RealOptions) { o.Extended = true },
		"shard size":   func(o *RealOptions) { o.PairsPerShard = 3 },
		"per category": func(o *RealOptions) { o.PerCategory = 10 },
		"width radius": func(o *RealOptions) { o.WidthRadius = true },
	} {
		o := base
		mod(&o)
		if realFingerprint(pairs, o) == fp {
			t.Errorf("%s does not change the fingerprint", name)
		}
	}
	if realFingerprint(pairs[:1], base) == fp {
		t.Error("the pairs do not change the fingerprint")
	}
}
