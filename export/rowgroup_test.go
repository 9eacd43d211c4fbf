package export

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// TestRowGroupsBoundedByBytes writes annotation rows with a byte bound of
// about three and a half rows and checks, from the Parquet footer, that every
// row group holds at most the bound (uncompressed) and that groups are full
// before a new one starts.
func TestRowGroupsBoundedByBytes(t *testing.T) {
	const w, h = 32, 24
	rng := rand.New(rand.NewPCG(9, 9))
	_, a := synthRows(rng, 0, w, h)
	per := annotationBytes(&a)
	bound := per*7/2 + 1
	dir := t.TempDir()
	writeSynth(t, dir, 10, w, h, 10, Options{MaxRowGroupBytes: bound})
	sf, err := openShard(filepath.Join(dir, "data", "annotations", "train-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close()
	md := sf.pf.MetaData()
	var rows []int64
	for rg := 0; rg < md.NumRowGroups(); rg++ {
		g := md.RowGroup(rg)
		rows = append(rows, g.NumRows())
		t.Logf("row group %d: %d rows, %d bytes uncompressed (bound %d)", rg, g.NumRows(), g.TotalByteSize(), bound)
		if g.TotalByteSize() > bound {
			t.Errorf("row group %d holds %d uncompressed bytes, bound %d (estimate per row %d)", rg, g.TotalByteSize(), bound, per)
		}
	}
	want := []int64{3, 3, 3, 1}
	if len(rows) != len(want) {
		t.Fatalf("rows per group %v, want %v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Fatalf("rows per group %v, want %v", rows, want)
		}
	}
}
