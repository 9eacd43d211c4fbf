package assets

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestRealArchives builds every model of the installed Sweet Home 3D
// archives, then reopens the cache and loads every model from it. It uses
// the user's cache directory (what `flowbench assets build` fills), so only
// the first run pays for the build (about a minute);
// FLOWBENCH_ASSETS_FRESH=1 builds into a temporary directory instead.
func TestRealArchives(t *testing.T) {
	if _, err := os.Stat("/usr/share/sweethome3d/furniture"); err != nil {
		t.Skip("skipping: /usr/share/sweethome3d/furniture is absent (apt-get install sweethome3d-furniture)")
	}
	if testing.Short() {
		t.Skip("skipping the full build in -short mode")
	}
	cache := ""
	if os.Getenv("FLOWBENCH_ASSETS_FRESH") != "" {
		cache = t.TempDir()
	}
	l, rep, err := Build(Options{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("build: %d entries, %d built, %d cached, %d failed, %d textures, %d warnings, %v, cache %.1f MiB",
		rep.Entries, rep.Built, rep.Cached, rep.Failed, rep.Textures, len(rep.Warnings), rep.Duration.Round(time.Millisecond), float64(rep.CacheBytes)/(1<<20))
	for _, a := range rep.Archives {
		t.Logf("  %-16s entries %4d built %4d failed %3d warnings %3d  tris source %9d L0 %8d L1 %7d (%d models) L2 %7d (%d models)  %v (slowest %v %s)",
			a.Library, a.Entries, a.Built, a.Failed, a.Warnings, a.TrisSource, a.TrisLevel[0], a.TrisLevel[1], a.Levels[1], a.TrisLevel[2], a.Levels[2],
			a.Duration.Round(time.Millisecond), a.MaxModelTime.Round(time.Millisecond), a.MaxModelKey)
	}
	for _, w := range rep.Warnings {
		if strings.Contains(w, "skipped") || testing.Verbose() && os.Getenv("ASSETS_ALL_WARNINGS") != "" {
			t.Logf("  warning: %s", w)
		}
	}
	_ = l
	t0 := time.Now()
	l2, err := Open(Options{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	openTime := time.Since(t0)
	if l2.Hash != l.Hash || len(l2.Entries) != len(l.Entries) {
		t.Fatalf("reopened library differs: %s/%d vs %s/%d", l2.Hash, len(l2.Entries), l.Hash, len(l.Entries))
	}
	t0 = time.Now()
	maxTris := 0
	for _, e := range l2.Entries {
		md, err := l2.Model(e.Key)
		if err != nil {
			t.Errorf("%s: %v", e.Key, err)
			continue
		}
		if n := len(md.Levels[0].Tris); n > maxTris {
			maxTris = n
		}
		if n := len(md.Levels[0].Tris); n > MaxTris {
			t.Logf("  over the cap: %s level 0 has %d triangles", e.Key, n)
		}
	}
	t.Logf("open from cache %v, load all %d models %v, largest level 0: %d triangles, late warnings %d",
		openTime.Round(time.Microsecond), len(l2.Entries), time.Since(t0).Round(time.Millisecond), maxTris, len(l2.LateWarnings()))
	// every catalog entry either loaded or has a warning
	if got := len(l2.Entries) + rep.Failed; got != rep.Entries {
		t.Errorf("%d loaded + %d failed != %d entries", len(l2.Entries), rep.Failed, rep.Entries)
	}
	libs := map[string]int{}
	for _, e := range l2.Entries {
		libs[e.Library]++
	}
	names := make([]string, 0, len(libs))
	for k := range libs {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Logf("  %s: %d models", k, libs[k])
	}
}
