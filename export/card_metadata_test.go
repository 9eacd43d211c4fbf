package export

import (
	"slices"
	"testing"
)

func TestSizeCategoryBuckets(t *testing.T) {
	for n, want := range map[int]string{0: "n<1K", 999: "n<1K", 1000: "1K<n<10K", 9999: "1K<n<10K", 10000: "10K<n<100K",
		714: "n<1K", 470_000: "100K<n<1M", 1_000_000: "1M<n<10M", 2_000_000_000: "1B<n<10B"} {
		if got := SizeCategory(n); got != want {
			t.Errorf("SizeCategory(%d) = %s, want %s", n, got, want)
		}
	}
}

func TestCardLicences(t *testing.T) {
	split := func(lics ...string) *SplitStats {
		a := &AssetUse{Mode: "sh3d"}
		for _, l := range lics {
			a.Credits = append(a.Credits, AssetCredit{License: l})
		}
		return &SplitStats{Assets: a}
	}
	for _, c := range []struct {
		splits       map[string]*SplitStats
		ids, others  []string
		licenceTitle string
	}{
		{map[string]*SplitStats{"train": split("CC0", "CC-BY 3.0")}, []string{"cc-by-3.0", "cc0-1.0"}, nil, ""},
		{map[string]*SplitStats{"train": split("CC0"), "test": split("GPL / CC-BY 3.0", "CC-BY 3.0 US")},
			[]string{"cc-by-3.0", "cc0-1.0", "gpl-2.0", "other"}, []string{"CC-BY 3.0 US"}, "cc-by-3.0-us"},
		{map[string]*SplitStats{"train": {Assets: &AssetUse{Mode: "none"}}}, []string{"other"}, []string{"unspecified"}, "unspecified"},
		{map[string]*SplitStats{"train": {}}, []string{"other"}, []string{"unspecified"}, "unspecified"},
	} {
		ids, others := CardLicences(&Manifest{Splits: c.splits})
		if !slices.Equal(ids, c.ids) || !slices.Equal(others, c.others) {
			t.Errorf("%v: ids %v others %v, want %v %v", c.splits, ids, others, c.ids, c.others)
		}
		if len(others) > 0 && cardLicenceName(others) != c.licenceTitle {
			t.Errorf("license_name %q, want %q", cardLicenceName(others), c.licenceTitle)
		}
	}
}
