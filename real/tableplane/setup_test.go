package tableplane

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCanonicalBoard: every order of a board's corners gives the same
// canonical outline, starting at the top left and running
// counter-clockwise on screen (down the left edge first).
func TestCanonicalBoard(t *testing.T) {
	want := [4]Point{{100, 80}, {60, 400}, {600, 410}, {540, 70}}
	perm := []int{0, 1, 2, 3}
	for range 24 {
		in := make([]Point, 4)
		for i, j := range perm {
			in[i] = want[j]
		}
		got, err := CanonicalBoard(in)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("CanonicalBoard(%v) = %v, want %v", in, got, want)
		}
		nextPerm(perm)
	}
	for _, bad := range [][]Point{nil, want[:3], {{0, 0}, {0, 0}, {1, 1}, {2, 0}}} {
		if _, err := CanonicalBoard(bad); err == nil {
			t.Errorf("CanonicalBoard(%v) accepted", bad)
		}
	}
}

// nextPerm steps p to its next permutation in lexicographic order,
// wrapping round.
func nextPerm(p []int) {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		slices.Reverse(p)
		return
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
}

// TestGroupSetups: episodes with a setup id group by it; the rest group by
// board outline, jittered corners within the tolerance and shuffled corner
// orders joining, outlines three tolerances apart staying apart; the
// partition does not depend on the episodes' order.
func TestGroupSetups(t *testing.T) {
	bases := [][4]Point{
		{{100, 80}, {60, 400}, {600, 410}, {540, 70}},
		{{100 + 3*SetupTolerancePx, 80}, {60 + 3*SetupTolerancePx, 400}, {600 + 3*SetupTolerancePx, 410}, {540 + 3*SetupTolerancePx, 70}},
	}
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 23))
		var eps []Episode
		truth := map[string]string{}
		for i := range 30 {
			e := Episode{ID: string(rune('a'+i%26)) + string(rune('0'+i/26))}
			switch i % 3 {
			case 0:
				e.SetupID = []string{"s1", "s2"}[rng.IntN(2)]
				truth[e.ID] = "id:" + e.SetupID
			default:
				b := rng.IntN(2)
				for _, c := range bases[b] {
					// Each corner within tol/2, so any two agree within tol.
					c.X += (rng.Float64() - 0.5) * SetupTolerancePx / 2 / 1.5
					c.Y += (rng.Float64() - 0.5) * SetupTolerancePx / 2 / 1.5
					e.Board = append(e.Board, c)
				}
				rng.Shuffle(4, func(i, j int) { e.Board[i], e.Board[j] = e.Board[j], e.Board[i] })
				truth[e.ID] = []string{"b0", "b1"}[b]
			}
			e.Corrs = []Correspondence{{U: float64(i)}}
			eps = append(eps, e)
		}
		check := func(eps []Episode) {
			setups, err := GroupSetups(eps, 0)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[int]bool{}
			for _, s := range setups {
				label := truth[eps[s.Episodes[0]].ID]
				if strings.HasPrefix(s.Key, "id:") != strings.HasPrefix(label, "id:") {
					t.Fatalf("seed %d: setup %s holds %s", seed, s.Key, label)
				}
				if len(s.Corrs) != len(s.Episodes) {
					t.Fatalf("seed %d: setup %s pools %d correspondences of %d episodes", seed, s.Key, len(s.Corrs), len(s.Episodes))
				}
				for k, ei := range s.Episodes {
					if truth[eps[ei].ID] != label {
						t.Fatalf("seed %d: setup %s mixes %s and %s", seed, s.Key, label, truth[eps[ei].ID])
					}
					if s.Corrs[k] != eps[ei].Corrs[0] {
						t.Fatalf("seed %d: setup %s pools the wrong correspondences", seed, s.Key)
					}
					seen[ei] = true
				}
			}
			labels := map[string]bool{}
			for _, l := range truth {
				labels[l] = true
			}
			if len(setups) != len(labels) || len(seen) != len(eps) {
				t.Fatalf("seed %d: %d setups over %d episodes, want %d over %d", seed, len(setups), len(seen), len(labels), len(eps))
			}
		}
		check(eps)
		rng.Shuffle(len(eps), func(i, j int) { eps[i], eps[j] = eps[j], eps[i] })
		check(eps)
	}
}

// TestGroupSetupsTolerance: one corner just inside the tolerance joins,
// just outside splits; an episode with neither id nor board is refused.
func TestGroupSetupsTolerance(t *testing.T) {
	base := []Point{{100, 80}, {60, 400}, {600, 410}, {540, 70}}
	moved := func(d float64) []Point {
		b := slices.Clone(base)
		b[2].X += d
		return b
	}
	for _, c := range []struct {
		d    float64
		want int
	}{{SetupTolerancePx - 0.01, 1}, {SetupTolerancePx + 0.01, 2}} {
		s, err := GroupSetups([]Episode{{Board: base}, {Board: moved(c.d)}}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(s) != c.want {
			t.Errorf("a corner %.2f px off: %d setups, want %d", c.d, len(s), c.want)
		}
	}
	if _, err := GroupSetups([]Episode{{ID: "x"}}, 0); !errors.Is(err, ErrNoSetup) {
		t.Errorf("episode with neither id nor board: error %v, want ErrNoSetup", err)
	}
}

// TestFitSetups: a setup short of B.3's 30 correspondences is refused by
// name, the other is fitted.
func TestFitSetups(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	c, _ := synth(rng, randomCamera(rng).homography(), 89, 0.5, 0.2)
	var eps []Episode
	for i, x := range c {
		eps = append(eps, Episode{SetupID: []string{"big", "small"}[min(i/60, 1)], Corrs: []Correspondence{x}})
	}
	setups, err := GroupSetups(eps, 0)
	if err != nil {
		t.Fatal(err)
	}
	planes, errs := FitSetups(setups, Options{})
	if len(setups) != 2 || setups[0].Key != "id:big" || planes[0] == nil || errs[0] != nil {
		t.Fatalf("setup big: %v, %v", setups, errs)
	}
	if planes[1] != nil || !errors.Is(errs[1], ErrTooFew) || !strings.Contains(errs[1].Error(), "id:small") {
		t.Fatalf("setup small of 29: error %v", errs[1])
	}
}
