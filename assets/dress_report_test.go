package assets

import (
	"reflect"
	"testing"
)

// TestDressReportAddSumsEveryCount: Add sums every integer count of the
// report (found by reflection, so a count added later cannot be forgotten),
// merges the maps and appends the warnings.
func TestDressReportAddSumsEveryCount(t *testing.T) {
	var a, b DressReport
	a, b = newDressReport(), newDressReport()
	va, vb := reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem()
	ints := 0
	for i := 0; i < va.NumField(); i++ {
		if va.Field(i).Kind() == reflect.Int {
			va.Field(i).SetInt(int64(i + 1))
			vb.Field(i).SetInt(int64(10 * (i + 1)))
			ints++
		}
	}
	if ints < 10 {
		t.Fatalf("only %d integer counts found", ints)
	}
	a.Used["k"], b.Used["k"] = 1, 2
	b.Warnings = []string{"w"}
	a.Add(b)
	for i := 0; i < va.NumField(); i++ {
		if f := va.Field(i); f.Kind() == reflect.Int && f.Int() != int64(11*(i+1)) {
			t.Errorf("%s: %d after Add, want %d", va.Type().Field(i).Name, f.Int(), 11*(i+1))
		}
	}
	if a.Used["k"] != 3 || len(a.Warnings) != 1 {
		t.Errorf("maps or warnings not merged: %v %v", a.Used, a.Warnings)
	}
}
