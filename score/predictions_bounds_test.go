package score

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadPredictionsRefusesHostileInput feeds the shuffle indices that used
// to exhaust memory or time, an endless line and an endless file, and
// requires a clear error naming the input and line.
func TestReadPredictionsRefusesHostileInput(t *testing.T) {
	cases := []struct {
		name string
		in   io.Reader
		want []string
	}{
		{"shuffle 1e12", strings.NewReader(`{"id":"a","shuffle":1000000000000,"response":"A"}` + "\n"),
			[]string{"p.jsonl:1: question a:", `"shuffle" 1000000000000 is not an integer in 0..999`}},
		{"shuffle 1e6", strings.NewReader("\n" + `{"id":"a","shuffle":1000000,"response":"A"}`),
			[]string{"p.jsonl:2: question a:", `"shuffle" 1000000 is not an integer in 0..999`}},
		{"shuffle at the limit", strings.NewReader(`{"id":"a","shuffle":1000,"response":"A"}`),
			[]string{"0..999"}},
		{"shuffle overflowing int", strings.NewReader(`{"id":"a","shuffle":1e400,"response":"A"}`),
			[]string{"p.jsonl:1: question a:", `"shuffle" 1e400`}},
		{"endless line", io.LimitReader(zeros{}, MaxPredictionLineBytes+10),
			[]string{"p.jsonl:1: the line is longer than the 16777216-byte limit"}},
		{"endless file", &lines{line: strings.Repeat(" ", 1<<20) + "\n"},
			[]string{"p.jsonl: the file is longer than the 1073741824-byte limit"}},
		{"many bad lines", strings.NewReader(strings.Repeat("{\n", 5000)),
			[]string{"p.jsonl:1: malformed JSON", "p.jsonl:20: malformed JSON", "… and 4980 more errors"}},
	}
	for _, c := range cases {
		if testing.Short() && c.name == "endless file" {
			continue // reads 1 GiB
		}
		_, err := ReadPredictions(c.in, "p.jsonl")
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %.300q lacks %q", c.name, err, w)
			}
		}
	}
	ps, err := ReadPredictions(strings.NewReader(`{"id":"a","shuffle":999,"response":"A"}`), "p.jsonl")
	if err != nil || len(ps) != 1 || ps[0].Shuffle != MaxShuffles-1 {
		t.Errorf("the largest allowed shuffle: %v %+v", err, ps)
	}
}

// zeros is an endless stream of zero bytes (like /dev/zero).
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// lines repeats one line forever.
type lines struct {
	line string
	off  int
}

func (l *lines) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], l.line[l.off:])
		n += k
		l.off = (l.off + k) % len(l.line)
	}
	return n, nil
}

// scanShuffle is the former Shuffle, which searched the used orders
// linearly: the reference the map-based version must match exactly.
func scanShuffle(id string, n, k int) []int {
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(n)))
	seen := [][]int{identity(n)}
	total := factorial(n)
	for len(seen) <= k {
		p := identity(n)
		rng.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
		if len(seen) < total && slices.ContainsFunc(seen, func(q []int) bool { return slices.Equal(p, q) }) {
			continue
		}
		seen = append(seen, p)
	}
	return seen[k]
}

// TestShuffleMatchesScanReference checks that the linear-time Shuffle gives
// exactly the orders of the former quadratic one, past n! (where repeats
// begin) for small n.
func TestShuffleMatchesScanReference(t *testing.T) {
	for q := range 40 {
		id := fmt.Sprintf("house_%d/v%d/closer_to", q, q%3)
		for n := 1; n <= 6; n++ {
			for _, k := range []int{0, 1, 2, 5, 23, 24, 25, 119, 120, 121, 300} {
				if got, want := Shuffle(id, n, k), scanShuffle(id, n, k); !slices.Equal(got, want) {
					t.Fatalf("Shuffle(%q, %d, %d) = %v, reference %v", id, n, k, got, want)
				}
			}
		}
	}
}

// BenchmarkShuffleLargeIndex times the largest allowed shuffle index beside
// the former scan (compare ns/op within one run).
func BenchmarkShuffleLargeIndex(b *testing.B) {
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			Shuffle("h/q", 4, MaxShuffles-1)
		}
	})
	b.Run("scan-reference", func(b *testing.B) {
		for b.Loop() {
			scanShuffle("h/q", 4, MaxShuffles-1)
		}
	})
}

// TestReadLineLimitedMatchesReadBytes cross-checks readLineLimited against
// bufio's ReadBytes on random inputs read through a 16-byte buffer (so lines
// span many ReadSlice chunks), and checks the limit.
func TestReadLineLimitedMatchesReadBytes(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		var sb strings.Builder
		for range r.IntN(6) {
			sb.WriteString(strings.Repeat("x", r.IntN(70)))
			if r.IntN(5) > 0 {
				sb.WriteByte('\n')
			}
		}
		in := sb.String()
		a, b := bufio.NewReaderSize(strings.NewReader(in), 16), bufio.NewReaderSize(strings.NewReader(in), 16)
		for {
			got, gerr := readLineLimited(a, 1000)
			want, werr := b.ReadBytes('\n')
			if string(got) != string(want) || gerr != werr {
				t.Fatalf("seed %d: readLineLimited = %q, %v; ReadBytes = %q, %v", seed, got, gerr, want, werr)
			}
			if werr != nil {
				break
			}
		}
	}
	br := bufio.NewReaderSize(strings.NewReader(strings.Repeat("y", 100)+"\n"), 16)
	if _, err := readLineLimited(br, 100); err != errLineTooLong {
		t.Errorf("a 101-byte line under a 100-byte limit: %v", err)
	}
}

// sparseZeros returns a sparse regular file of n zero bytes: one line with
// no newline.
func sparseZeros(t *testing.T, n int64) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "zeros.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(n); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPromptsSeqRefusesEndlessLine reads a 100 MiB line of zeros as a
// prompts file (and /dev/zero, refused as a device before any read).
func TestPromptsSeqRefusesEndlessLine(t *testing.T) {
	p := sparseZeros(t, 100<<20)
	if _, err := ReadPromptsFile(p); err == nil || !strings.Contains(err.Error(), p+":1: the line is longer than the 67108864-byte limit") {
		t.Errorf("ReadPromptsFile(%s) = %v", p, err)
	}
	if _, err := ReadPromptsFile("/dev/zero"); err == nil || !strings.Contains(err.Error(), "/dev/zero: a character device, not a prompts file") {
		t.Errorf("ReadPromptsFile(/dev/zero) = %v", err)
	}
}

// TestCountPromptsRefusesEndlessLine counts a 100 MiB line of zeros: an
// error, not a hang (and /dev/zero is refused as a device).
func TestCountPromptsRefusesEndlessLine(t *testing.T) {
	p := sparseZeros(t, 100<<20)
	if _, err := CountPrompts(p); err == nil || !strings.Contains(err.Error(), p+":1: the line is longer than the 67108864-byte limit") {
		t.Errorf("CountPrompts(%s) = %v", p, err)
	}
	if _, err := CountPrompts("/dev/zero"); err == nil || !strings.Contains(err.Error(), "/dev/zero: a character device, not a prompts file") {
		t.Errorf("CountPrompts(/dev/zero) = %v", err)
	}
}
