package assets

import (
	"fmt"
	"math"
	"sort"

	"flowbench/sim"
)

// CoverageOptions selects the houses Coverage measures.
type CoverageOptions struct {
	Houses int   // procthor houses 0..Houses-1 (default 100; negative: none)
	Seed   int64 // generator seed (default 1)
	// NoIthor leaves out the 120 iTHOR-style scenes.
	NoIthor bool
}

// TypeCoverage is the coverage of one object type.
type TypeCoverage struct {
	Type     string `json:"type"`
	Variants int    `json:"variants"` // mapped entries present in the library
	// Instances and Fit count object instances and those with at least one
	// variant within MaxDistortion, over all measured houses.
	Instances    int `json:"instances"`
	Fit          int `json:"fit"`
	ProcTHOR     int `json:"procthor"`
	ProcTHORFit  int `json:"procthor_fit"`
	ITHOR        int `json:"ithor"`
	ITHORFit     int `json:"ithor_fit"`
	TooDistorted int `json:"too_distorted"` // primitive fallbacks because every variant is too distorted
	NoVariant    int `json:"no_variant"`    // primitive fallbacks because the type has no variant
	Inset        int `json:"inset"`         // of Fit, instances drawn with an inset fit (inset.go)
	Tiled        int `json:"tiled"`         // of Fit, instances drawn with a tiled fit (tile.go)
	// Fallback counts the instances drawn as a plain shape (procedural.go,
	// IsPlainFallback): no variant fits and the type has no procedural
	// model judged recognisable.
	Fallback int `json:"fallback"`
}

// CoverageReport measures how much of the generated data real models cover.
type CoverageReport struct {
	Houses      int   `json:"houses"`
	IthorScenes int   `json:"ithor_scenes"`
	Seed        int64 `json:"seed"`
	// Instance counts: all, and those whose type has a variant that fits the
	// instance within MaxDistortion; split by source.
	Instances   int `json:"instances"`
	Fit         int `json:"fit"`
	ProcTHOR    int `json:"procthor"`
	ProcTHORFit int `json:"procthor_fit"`
	ITHOR       int `json:"ithor"`
	ITHORFit    int `json:"ithor_fit"`
	// Primitive fallbacks: the type has variants but none fits / has none.
	TooDistorted int `json:"too_distorted"`
	NoVariant    int `json:"no_variant"`
	// Inset counts the instances of Fit drawn with an inset fit (inset.go):
	// no variant fits within MaxDistortion, one fits slightly short of the box.
	Inset int `json:"inset"`
	// Tiled counts the instances of Fit drawn as a row of copies of one
	// variant (tile.go).
	Tiled int `json:"tiled"`
	// Procedural counts the primitive fallbacks drawn with a procedural
	// model (procedural.go: the box itself, no catalog model).
	Procedural int `json:"procedural"`
	// Fallback counts the instances drawn as a plain box, slab or cylinder
	// without parts (issue 52, decision 4): no variant fits and the type has
	// no procedural model, or only one not judged recognisable
	// (weakProcedural). Procedural models built from parts that read as
	// their type count as models. FallbackProcTHOR and FallbackITHOR split
	// it by source.
	Fallback         int `json:"fallback"`
	FallbackProcTHOR int `json:"fallback_procthor"`
	FallbackITHOR    int `json:"fallback_ithor"`
	// TooDistortedWithin splits TooDistorted by the best distortion any
	// variant would have: ≤ 30 %, ≤ 50 %, more (how far the table misses).
	TooDistortedWithin [3]int `json:"too_distorted_within_30_50_more"`
	// Type counts: catalog types, types with at least one variant in the
	// library, with at least one fitting instance, with ≥ 3 variants.
	CatalogTypes int `json:"catalog_types"`
	TypesMapped  int `json:"types_mapped"`
	TypesFit     int `json:"types_fit"`
	TypesWith3   int `json:"types_with_3_variants"`
	Entries      int `json:"entries_mapped"` // distinct library entries the table maps
	// Receptacles holding children whose first-choice variant has its support
	// surface below the box top (from the entry's drop-on-top elevation).
	SupportParents  int `json:"support_parents"`
	SupportBelowTop int `json:"support_below_top"`
	// SupportBelowTopByType splits SupportBelowTop by the parent's type.
	SupportBelowTopByType map[string]int `json:"support_below_top_by_type"`
	Types                 []TypeCoverage `json:"types"`
}

// Share returns fit/n (0 when n is 0).
func Share(fit, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(fit) / float64(n)
}

// coverage measures the dresser's variants over generated houses without
// loading any model: an instance is covered when a variant of its type fits
// its size within MaxDistortion (exactly the test Dress applies).
func (d *dresser) coverage(opts CoverageOptions) (*CoverageReport, error) {
	if opts.Houses == 0 {
		opts.Houses = 100
	}
	if opts.Houses < 0 {
		opts.Houses = 0
	}
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	cat := sim.DefaultCatalog()
	rep := &CoverageReport{Houses: opts.Houses, Seed: opts.Seed, CatalogTypes: len(cat.Types()),
		SupportBelowTopByType: map[string]int{}}
	byType := map[string]*TypeCoverage{}
	for _, t := range cat.Types() {
		byType[t] = &TypeCoverage{Type: t, Variants: len(d.byType[t])}
	}
	measure := func(h *sim.House, ithor bool) error {
		s, err := sim.NewScene(h)
		if err != nil {
			return err
		}
		seed := HouseSeed(h)
		for _, o := range s.Objects {
			tc := byType[o.Type]
			if tc == nil {
				tc = &TypeCoverage{Type: o.Type, Variants: len(d.byType[o.Type])}
				byType[o.Type] = tc
			}
			order, res := d.choose(o, seed)
			fit := res == fitOK
			tc.Instances++
			if ithor {
				tc.ITHOR++
			} else {
				tc.ProcTHOR++
			}
			switch res {
			case fitNoVariant:
				tc.NoVariant++
			case fitTooDistorted:
				tc.TooDistorted++
				best := math.Inf(1)
				for _, e := range d.byType[o.Type] {
					best = math.Min(best, directFit(o, e).d)
				}
				switch {
				case best <= 0.30:
					rep.TooDistortedWithin[0]++
				case best <= 0.50:
					rep.TooDistortedWithin[1]++
				default:
					rep.TooDistortedWithin[2]++
				}
			}
			if !fit {
				if proceduralTypes[o.Type] != procNone {
					rep.Procedural++
				}
				if IsPlainFallback(o.Type) {
					tc.Fallback++
					rep.Fallback++
					if ithor {
						rep.FallbackITHOR++
					} else {
						rep.FallbackProcTHOR++
					}
				}
				continue
			}
			tc.Fit++
			if order[0].inset {
				tc.Inset++
				rep.Inset++
			}
			if order[0].tiles > 1 {
				tc.Tiled++
				rep.Tiled++
			}
			if ithor {
				tc.ITHORFit++
			} else {
				tc.ProcTHORFit++
			}
			if len(s.Children(o.ID)) > 0 {
				rep.SupportParents++
				if e := order[0].e; e.DropOnTop > 0 && !supportOK(e) {
					rep.SupportBelowTop++
					rep.SupportBelowTopByType[o.Type]++
				}
			}
		}
		return nil
	}
	for i := 0; i < opts.Houses; i++ {
		h, err := sim.Generate(sim.StyleProcTHOR, opts.Seed, i)
		if err != nil {
			return nil, fmt.Errorf("procthor house %d: %w", i, err)
		}
		if err := measure(h, false); err != nil {
			return nil, fmt.Errorf("procthor house %d: %w", i, err)
		}
	}
	if !opts.NoIthor {
		for _, n := range sim.IthorSceneNames() {
			h, err := sim.GenerateIthor(n, opts.Seed)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", n, err)
			}
			if err := measure(h, true); err != nil {
				return nil, fmt.Errorf("%s: %w", n, err)
			}
			rep.IthorScenes++
		}
	}
	entries := map[string]bool{}
	for _, es := range d.byType {
		for _, e := range es {
			entries[e.Key] = true
		}
	}
	rep.Entries = len(entries)
	names := make([]string, 0, len(byType))
	for t := range byType {
		names = append(names, t)
	}
	sort.Strings(names)
	for _, t := range names {
		tc := byType[t]
		rep.Types = append(rep.Types, *tc)
		rep.Instances += tc.Instances
		rep.Fit += tc.Fit
		rep.ProcTHOR += tc.ProcTHOR
		rep.ProcTHORFit += tc.ProcTHORFit
		rep.ITHOR += tc.ITHOR
		rep.ITHORFit += tc.ITHORFit
		rep.TooDistorted += tc.TooDistorted
		rep.NoVariant += tc.NoVariant
		if tc.Variants > 0 {
			rep.TypesMapped++
		}
		if tc.Fit > 0 {
			rep.TypesFit++
		}
		if tc.Variants >= 3 {
			rep.TypesWith3++
		}
	}
	return rep, nil
}
