package pairfile

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestRLEKnownEncoding checks encodings computed by hand from
// pycocotools' maskApi.c (rleToString, rleFrString).
//
// A 3×2 mask (h=3, w=2) with pixels (x=1, y=0), (x=0, y=1), (x=1, y=1)
// reads column-major as 0 1 0 | 1 1 0: runs 1, 1, 1, 2, 1. From the fourth
// count on the string holds the difference to the count two before:
// 1, 1, 1, 2−1 = 1, 1−1 = 0, so "1111" + "0".
//
// A 4×37 mask whose runs are 0, 40, 3, 5, 100 (the first ten columns, then
// (x=10, y=3) and column 11): 0 → '0'; 40 = 8 + 1·32 → groups 8 (more:
// 8+32+48 = 'X') and 1 ('1'); 3 → '3'; 5−40 = −35 → groups 29 (more:
// 29+32+48 = 'm') and −1's low bits 30 with the sign bit set, no more
// ('N'); 100−3 = 97 = 1 + 3·32 → 'Q', '3'. So "0X13mNQ3".
func TestRLEKnownEncoding(t *testing.T) {
	for _, c := range []struct {
		h, w   int
		counts []uint32
		str    string
		pix    []int32
	}{
		{3, 2, []uint32{1, 1, 1, 2, 1}, "11110", []int32{1, 2, 3}},
		{4, 37, []uint32{0, 40, 3, 5, 100}, "0X13mNQ3", func() []int32 {
			var pix []int32
			for y := 0; y < 4; y++ {
				for x := 0; x < 10; x++ {
					pix = append(pix, int32(y*37+x))
				}
				if y == 3 {
					pix = append(pix, int32(y*37+10))
				}
				pix = append(pix, int32(y*37+11))
			}
			return pix
		}()},
	} {
		if got := encodeRLEString(c.counts); got != c.str {
			t.Errorf("encode %v = %q, want %q", c.counts, got, c.str)
		}
		counts, err := decodeRLEString(c.str)
		if err != nil || !reflect.DeepEqual(counts, c.counts) {
			t.Errorf("decode %q = %v, %v; want %v", c.str, counts, err, c.counts)
		}
		pix, err := rleToPix(c.counts, c.h, c.w)
		if err != nil || !reflect.DeepEqual(pix, c.pix) {
			t.Errorf("pixels of %v: %v, %v; want %v", c.counts, pix, err, c.pix)
		}
		back, err := pixToRLE(c.pix, c.h, c.w)
		if err != nil || !reflect.DeepEqual(back, c.counts) {
			t.Errorf("counts of %v: %v, %v; want %v", c.pix, back, err, c.counts)
		}
	}
}

// TestRLEPycocotoolsString decodes a 50×70 counts string that pycocotools
// wrote (quoted in armengot/COCOtoolsFORK's README): its runs must cover
// exactly 3,500 pixels, and encoding them again gives the same string.
func TestRLEPycocotoolsString(t *testing.T) {
	const s = "0g05b08J4M2N2NA^O1`0OCO=0E090H080IO68DH;>@C>a0_O_O`0j0OWOF<:CM72I24NL43JM92FN;1ENKO72L0LO91J0MO92INO0NO122OO0M031O000NO31OO11MO40N011MO41MO21L06OL021L06OL021L06OL021L060J040L060J040L060J040L060J040L060J040L060J040L060KO31L060KO31L06OL021L06OL021L06OL021MO41MO21MO40N100NO310O00M0310O00NO1220NO92IONO91KOMO72M0<1EO:2GN63KM34OLM73JF<;=1G_O_Ob0=AC`07EH=1IO71H090F0:1DO>1_O1b0>2N2N3L6H]O"
	counts, err := decodeRLEString(s)
	if err != nil {
		t.Fatal(err)
	}
	pix, err := rleToPix(counts, 50, 70)
	if err != nil {
		t.Fatal(err)
	}
	if len(pix) == 0 || len(pix) == 3500 {
		t.Errorf("%d foreground pixels", len(pix))
	}
	if got := encodeRLEString(counts); got != s {
		t.Errorf("re-encoded:\n%s\nwant\n%s", got, s)
	}
	back, err := pixToRLE(pix, 50, 70)
	if err != nil || !reflect.DeepEqual(back, counts) {
		t.Errorf("counts from the pixels differ: %v", err)
	}
}

// TestRLERandomMasks round-trips random masks (empty, full, speckled,
// touching the first and last pixel) through counts and the string.
func TestRLERandomMasks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 200; n++ {
		h, w := 1+rng.IntN(40), 1+rng.IntN(40)
		density := []float64{0, 1, 0.5, 0.05, 0.97}[n%5]
		var pix []int32
		for i := 0; i < h*w; i++ {
			if rng.Float64() < density {
				pix = append(pix, int32(i))
			}
		}
		counts, err := pixToRLE(pix, h, w)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := decodeRLEString(encodeRLEString(counts))
		if err != nil || !reflect.DeepEqual(dec, counts) {
			t.Fatalf("%d×%d: string round trip %v, %v; want %v", h, w, dec, err, counts)
		}
		got, err := rleToPix(dec, h, w)
		if err != nil || !slices.Equal(got, pix) {
			t.Fatalf("%d×%d: pixels %v, %v; want %v", h, w, got, err, pix)
		}
	}
}

// TestRLERefuses: malformed strings and counts that do not cover h×w.
func TestRLERefuses(t *testing.T) {
	for _, s := range []string{"X", "0pp", "0" + "ooooooo0", "0 1"} {
		if c, err := decodeRLEString(s); err == nil {
			t.Errorf("%q decoded to %v", s, c)
		}
	}
	// "11N": the third count is −2 (no delta before the fourth).
	if c, err := decodeRLEString("11N"); err == nil {
		t.Errorf("negative count decoded to %v", c)
	}
	if _, err := rleToPix([]uint32{3, 2}, 2, 2); err == nil {
		t.Error("runs over h×w accepted")
	}
	if _, err := rleToPix([]uint32{1, 2}, 2, 2); err == nil {
		t.Error("runs short of h×w accepted")
	}
	if _, err := pixToRLE([]int32{1, 1}, 2, 2); err == nil {
		t.Error("a repeated pixel accepted")
	}
}
