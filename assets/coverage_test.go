package assets

import (
	"testing"
)

func TestCoverageCountsAgreeWithDress(t *testing.T) {
	entries, texs, load, loads := fakeSource(t)
	d := newDresser(entries, texs, load)
	rep, err := d.coverage(CoverageOptions{Houses: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("instances %d (procthor %d, ithor %d), fit %d", rep.Instances, rep.ProcTHOR, rep.ITHOR, rep.Fit)
	if *loads != 0 {
		t.Errorf("coverage loaded %d models; it must only use entry sizes", *loads)
	}
	if rep.IthorScenes != 120 || rep.Houses != 3 {
		t.Errorf("houses %d, ithor scenes %d", rep.Houses, rep.IthorScenes)
	}
	if w := rep.TooDistortedWithin; w[0]+w[1]+w[2] != rep.TooDistorted {
		t.Errorf("too-distorted buckets %v do not add up to %d", w, rep.TooDistorted)
	}
	if rep.Fit+rep.TooDistorted+rep.NoVariant != rep.Instances || rep.ProcTHOR+rep.ITHOR != rep.Instances ||
		rep.ProcTHORFit+rep.ITHORFit != rep.Fit {
		t.Errorf("counts do not add up: %+v", rep)
	}
	// Dressing the same procthor houses draws a model exactly for the covered instances.
	var withModel, procthor int
	for i := 0; i < 3; i++ {
		s := procthorScene(t, i)
		r := d.dress(s, HouseSeed(s.House))
		withModel += r.WithModel
		procthor += r.Objects
	}
	if withModel != rep.ProcTHORFit || procthor != rep.ProcTHOR {
		t.Errorf("dress: %d/%d with models, coverage: %d/%d", withModel, procthor, rep.ProcTHORFit, rep.ProcTHOR)
	}
	sum := 0
	for _, tc := range rep.Types {
		sum += tc.Instances
		if tc.Fit+tc.TooDistorted+tc.NoVariant != tc.Instances {
			t.Errorf("%s: counts do not add up: %+v", tc.Type, tc)
		}
		if tc.Variants == 0 && tc.Fit > 0 {
			t.Errorf("%s: fits without variants", tc.Type)
		}
	}
	if sum != rep.Instances || rep.TypesWith3 == 0 || rep.TypesMapped < rep.TypesFit {
		t.Errorf("type totals: %+v", rep)
	}
}

// TestFallbackShareCounting (issue 52, decision 4): the fallback share
// counts exactly the instances no variant fits whose type has no
// procedural model or a weak one, type by type and in total; procedural
// models judged recognisable count as models.
func TestFallbackShareCounting(t *testing.T) {
	entries, texs, load, _ := fakeSource(t)
	d := newDresser(entries, texs, load)
	rep, err := d.coverage(CoverageOptions{Houses: 2})
	if err != nil {
		t.Fatal(err)
	}
	sum, plainTypes := 0, 0
	for _, tc := range rep.Types {
		notFit := tc.Instances - tc.Fit
		want := 0
		if IsPlainFallback(tc.Type) {
			want = notFit
			if notFit > 0 {
				plainTypes++
			}
		}
		if tc.Fallback != want {
			t.Errorf("%s: fallback %d, want %d (not fit %d, plain %v)", tc.Type, tc.Fallback, want, notFit, IsPlainFallback(tc.Type))
		}
		sum += tc.Fallback
	}
	if sum != rep.Fallback || rep.FallbackProcTHOR+rep.FallbackITHOR != rep.Fallback {
		t.Errorf("fallback %d (procthor %d, ithor %d), types sum to %d", rep.Fallback, rep.FallbackProcTHOR, rep.FallbackITHOR, sum)
	}
	if rep.Fallback >= rep.TooDistorted+rep.NoVariant || rep.Procedural == 0 {
		t.Errorf("fallback %d of %d primitive instances (%d procedural): procedural models must count as models", rep.Fallback, rep.TooDistorted+rep.NoVariant, rep.Procedural)
	}
	if IsPlainFallback("Pillow") || !IsPlainFallback("Laptop") {
		t.Errorf("Pillow (procedural cushion) plain %v, Laptop (no procedural model) plain %v", IsPlainFallback("Pillow"), IsPlainFallback("Laptop"))
	}
	t.Logf("fallback %d of %d instances over %d types", rep.Fallback, rep.Instances, plainTypes)
}
