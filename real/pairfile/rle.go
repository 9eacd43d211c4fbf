package pairfile

import (
	"errors"
	"fmt"
	"slices"
)

// COCO run-length encoding (pycocotools, common/maskApi.c). A mask of
// h×w pixels is read in column-major (Fortran) order, index x*h + y, and
// stored as alternating run lengths, background first (so the first count
// is 0 when the mask starts at pixel (0, 0)). The compressed string form
// writes each count as a little-endian sequence of 5-bit groups, one
// character per group: the character is '0' (48) plus the group, plus 32
// when more groups follow; the last group's bit 4 is the sign. From the
// fourth count on (index 3 and later) the string holds the difference to
// the count two before (the previous run of the same value).

// maxRLECharsPerCount bounds the characters of one count: seven 5-bit
// groups hold 35 bits, more than any count of a 4096×4096 mask needs.
const maxRLECharsPerCount = 7

// decodeRLEString decodes pycocotools' compressed counts string.
func decodeRLEString(s string) ([]uint32, error) {
	var counts []uint32
	for p := 0; p < len(s); {
		var x int64
		k := 0
		for more := true; more; {
			if p >= len(s) {
				return nil, fmt.Errorf("counts string ends inside count %d", len(counts))
			}
			if k == maxRLECharsPerCount {
				return nil, fmt.Errorf("count %d runs over %d characters", len(counts), maxRLECharsPerCount)
			}
			c := int64(s[p]) - 48
			if c < 0 || c > 63 {
				return nil, fmt.Errorf("character %q at %d is outside '0'..'o'", s[p], p)
			}
			x |= (c & 0x1f) << (5 * k)
			more = c&0x20 != 0
			p++
			k++
			if !more && c&0x10 != 0 {
				x |= -1 << (5 * k)
			}
		}
		m := len(counts)
		if m > 2 {
			x += int64(counts[m-2])
		}
		if x < 0 || x > 1<<32-1 {
			return nil, fmt.Errorf("count %d decodes to %d", m, x)
		}
		counts = append(counts, uint32(x))
	}
	return counts, nil
}

// encodeRLEString encodes counts as pycocotools' compressed string.
func encodeRLEString(counts []uint32) string {
	var out []byte
	for i, c := range counts {
		x := int64(c)
		if i > 2 {
			x -= int64(counts[i-2])
		}
		for more := true; more; {
			b := x & 0x1f
			x >>= 5
			if b&0x10 != 0 {
				more = x != -1
			} else {
				more = x != 0
			}
			if more {
				b |= 0x20
			}
			out = append(out, byte(b+48))
		}
	}
	return string(out)
}

// rleToPix returns the foreground of an h×w COCO RLE as increasing
// row-major indices y*w + x. The counts must add up to h*w.
func rleToPix(counts []uint32, h, w int) ([]int32, error) {
	total := int64(0)
	fg := int64(0)
	for i, c := range counts {
		total += int64(c)
		if i%2 == 1 {
			fg += int64(c)
		}
	}
	if total != int64(h)*int64(w) {
		return nil, fmt.Errorf("run lengths add up to %d pixels (want h×w = %d×%d = %d)", total, h, w, h*w)
	}
	pix := make([]int32, 0, fg)
	idx := 0
	for i, c := range counts {
		n := int(c)
		if i%2 == 1 {
			for j := idx; j < idx+n; j++ {
				x, y := j/h, j%h
				pix = append(pix, int32(y*w+x))
			}
		}
		idx += n
	}
	slices.Sort(pix)
	return pix, nil
}

// pixToRLE returns the COCO RLE counts of a mask given as row-major
// indices (any order, no repeats) in an h×w frame.
func pixToRLE(pix []int32, h, w int) ([]uint32, error) {
	cm := make([]int, len(pix))
	for i, p := range pix {
		if p < 0 || int(p) >= h*w {
			return nil, fmt.Errorf("pixel index %d outside the %d×%d frame", p, w, h)
		}
		x, y := int(p)%w, int(p)/w
		cm[i] = x*h + y
	}
	slices.Sort(cm)
	var counts []uint32
	next := 0 // first index after the last foreground run
	for i := 0; i < len(cm); {
		j := i
		for j+1 < len(cm) && cm[j+1] == cm[j]+1 {
			j++
		}
		if i > 0 && cm[i] == cm[i-1] {
			return nil, errors.New("repeated pixel index")
		}
		counts = append(counts, uint32(cm[i]-next), uint32(j-i+1))
		next = cm[j] + 1
		i = j + 1
	}
	if next < h*w || len(counts) == 0 {
		counts = append(counts, uint32(h*w-next))
	}
	return counts, nil
}
