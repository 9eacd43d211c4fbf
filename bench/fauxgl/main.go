// Command fauxgl renders the same work with flowbench's rasterizer and with
// github.com/fogleman/fauxgl and reports milliseconds per frame for both and
// their ratio, at each thread count (issue 40): the triangles of generated
// procthor house (seed 1, index 0, primitive shapes) from 24 cameras at
// 800×800, flowbench in its flat configuration (flatOptions) and fauxgl
// with its solid-colour shader. It lives in a module of its own so that
// flowbench's module does not depend on fauxgl; `make bench-fauxgl` runs it.
//
// Rounds interleave the two renderers and the thread counts (GOMAXPROCS is
// set to the thread count, and each renderer is given as many workers), so
// that a busy machine slows both alike; min and median over rounds of the
// per-frame mean are reported.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	seed := flag.Int64("seed", 1, "procthor seed")
	index := flag.Int("index", 0, "house index within the seed")
	views := flag.Int("views", 24, "cameras")
	size := flag.Int("size", 800, "image width and height in pixels")
	horizon := flag.Float64("horizon", 30, "camera pitch in degrees (positive looks down)")
	threadList := flag.String("threads", "1,2", "comma-separated thread counts")
	rounds := flag.Int("rounds", 7, "rounds (each renders every view with both renderers at every thread count)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench-fauxgl:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "bench-fauxgl:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(*seed, *index, *views, *size, *horizon, *threadList, *rounds); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "bench-fauxgl:", err)
		os.Exit(1)
	}
}

// run builds the workload and prints the table.
func run(seed int64, index, views, size int, horizon float64, threadList string, rounds int) error {
	var threads []int
	for _, s := range strings.Split(threadList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return fmt.Errorf("-threads: %q is not a positive integer", s)
		}
		threads = append(threads, n)
	}
	if views < 1 || size < 1 || rounds < 1 {
		return fmt.Errorf("-views, -size and -rounds must be positive")
	}
	w, err := newWorkload(seed, index, views, size, horizon)
	if err != nil {
		return err
	}
	fmt.Printf("procthor house seed %d index %d: %d meshes, %d triangles; %d views at %d×%d, pitch %g°; %d rounds; GOMAXPROCS set per thread count, NumCPU %d\n",
		seed, index, len(w.meshes), w.tris, views, size, size, horizon, rounds, runtime.NumCPU())
	type sides struct {
		fb *flowbenchSide
		fg *fauxglSide
	}
	all := make([]sides, len(threads))
	for k, t := range threads {
		fb, err := newFlowbenchSide(w, t)
		if err != nil {
			return err
		}
		all[k] = sides{fb, newFauxglSide(w, t)}
	}
	if err := agreement(w, all[0].fb, all[0].fg); err != nil {
		return err
	}
	fbMS := make([][]float64, len(threads))
	fgMS := make([][]float64, len(threads))
	for r := range rounds {
		for k, t := range threads {
			runtime.GOMAXPROCS(t)
			s := all[k]
			timeFB := func() error {
				ms, err := perFrame(w, func(i int) error { return s.fb.draw(w, i) })
				fbMS[k] = append(fbMS[k], ms)
				return err
			}
			timeFG := func() error {
				ms, err := perFrame(w, func(i int) error { s.fg.draw(w, i); return nil })
				fgMS[k] = append(fgMS[k], ms)
				return err
			}
			first, second := timeFB, timeFG
			if r%2 == 1 {
				first, second = timeFG, timeFB
			}
			if err := first(); err != nil {
				return err
			}
			if err := second(); err != nil {
				return err
			}
		}
	}
	fmt.Printf("%-8s %-28s %-28s %s\n", "threads", "flowbench ms/frame min/med", "fauxgl ms/frame min/med", "fauxgl/flowbench min/med")
	for k, t := range threads {
		a, b := minMed(fbMS[k]), minMed(fgMS[k])
		fmt.Printf("%-8d %8.2f / %-17.2f %8.2f / %-17.2f %5.2f× / %.2f×\n", t, a[0], a[1], b[0], b[1], b[0]/a[0], b[1]/a[1])
	}
	return nil
}

// perFrame renders every view once (after a collection, so that one
// renderer's garbage is not billed to the other) and returns the mean wall
// milliseconds per frame.
func perFrame(w *workload, draw func(i int) error) (float64, error) {
	runtime.GC()
	t0 := time.Now()
	for i := range w.cams {
		if err := draw(i); err != nil {
			return 0, err
		}
	}
	return float64(time.Since(t0).Microseconds()) / 1e3 / float64(len(w.cams)), nil
}

// minMed returns the minimum and the median of xs.
func minMed(xs []float64) [2]float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	med := s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	return [2]float64{s[0], med}
}

// agreement renders every view with both renderers and prints the share of
// pixels where they agree on whether a surface is hit, and fails when it is
// below 99 %: the check that both draw the same triangles from the same
// cameras with the same culling.
func agreement(w *workload, fb *flowbenchSide, fg *fauxglSide) error {
	same, total := 0, 0
	for i, c := range w.cams {
		if err := fb.draw(w, i); err != nil {
			return err
		}
		fg.draw(w, i)
		for y := range c.Height {
			for x := range c.Width {
				if (fb.f.IDs[y*c.Width+x] != 0) == fg.hit(x, y) {
					same++
				}
				total++
			}
		}
	}
	share := float64(same) / float64(total)
	fmt.Printf("coverage agreement (hit or not, every pixel of every view): %.4f %%\n", 100*share)
	if share < 0.99 {
		return fmt.Errorf("the renderers draw different things (%.2f %% of pixels agree)", 100*share)
	}
	return nil
}
