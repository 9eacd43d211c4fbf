package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// The hostile corpus (issue 54): command lines and input files a hostile
// user tried, grouped as the issue groups them, each run as its own
// flowbench process so that its exit code, wall time and peak RSS can be
// asserted. No case may exit 3 or crash the runtime, run over 60 s (5 s
// for the archives that once hung), reach 2 GB of RSS, print more than
// 8 KB of stderr, or fail to name its input.
//
// The process is this test binary re-run with FLOWBENCH_TEST_AS_CLI=1
// (TestMain then runs the CLI), or the binary FLOWBENCH_CORPUS_BIN names:
// pointed at a release, the test reports that release's defects per group
// (how the closing note's "before" counts are made).
// FLOWBENCH_CORPUS_GROUPS=datasets,parsed runs only those groups.

// corpusEnv makes TestMain run the CLI on its arguments instead of tests.
const corpusEnv = "FLOWBENCH_TEST_AS_CLI"

// Limits every corpus case is held to.
const (
	corpusMaxSeconds = 60
	corpusMaxRSS     = 2 << 30
	corpusMaxStderr  = 8 << 10
)

// corpusCase is one hostile command line.
type corpusCase struct {
	group, name string
	args        []string
	codes       []int   // accepted exit codes (never 3)
	want        string  // stderr or stdout must contain this (the input's name); "" for none
	seconds     float64 // wall-time limit (0: corpusMaxSeconds)
	// after, when set, checks what the run left (e.g. no --out created).
	after func() string
}

// corpusResult is what a case's process did.
type corpusResult struct {
	code    int
	seconds float64
	rss     int64
	stderr  string
	stdout  string // its first 64 KB
}

// runCorpusCase runs c in its own process under a deadline.
func runCorpusCase(t *testing.T, bin string, c corpusCase) corpusResult {
	limit := c.seconds
	if limit == 0 {
		limit = corpusMaxSeconds
	}
	cmd := exec.Command(bin, c.args...)
	cmd.Env = append(os.Environ(), corpusEnv+"=1", "XDG_CACHE_HOME="+t.TempDir(), "GOMAXPROCS=2")
	var errb, outb bytes.Buffer
	cmd.Stderr, cmd.Stdout = &errb, &outb
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	hwm := make(chan int64, 1)
	go func() {
		deadline := time.After(time.Duration((limit + 5) * float64(time.Second)))
		peak := int64(0)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, peakRSS(cmd.Process.Pid))
			select {
			case <-done:
				hwm <- peak
				return
			case <-deadline:
				cmd.Process.Kill()
			case <-tick.C:
			}
		}
	}()
	cmd.Wait()
	close(done)
	r := corpusResult{code: cmd.ProcessState.ExitCode(), seconds: time.Since(start).Seconds(), stderr: errb.String(), rss: <-hwm}
	r.stdout = string(outb.Bytes()[:min(outb.Len(), 64<<10)])
	return r
}

// peakRSS reads a running process's peak resident set (VmHWM, bytes)
// from /proc; 0 once it has exited. The parent samples it while the case
// runs: the child's rusage would count the test binary's own pages, which
// the child shares between fork and exec.
func peakRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(v), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}

// defects lists what is wrong with r for c.
func (c corpusCase) defects(r corpusResult) []string {
	var out []string
	limit := c.seconds
	if limit == 0 {
		limit = corpusMaxSeconds
	}
	switch {
	case r.code == exitInternal:
		out = append(out, "exit 3 (internal error)")
	case r.code == -1:
		out = append(out, fmt.Sprintf("killed after %.1f s", r.seconds))
	case !slices.Contains(c.codes, r.code):
		out = append(out, fmt.Sprintf("exit %d, want one of %v", r.code, c.codes))
	}
	for _, bad := range []string{"fatal error:", "panic:", "goroutine ", "runtime error"} {
		if strings.Contains(r.stderr, bad) {
			out = append(out, "stderr shows "+strings.TrimSpace(bad))
		}
	}
	if r.seconds > limit {
		out = append(out, fmt.Sprintf("%.1f s, over %.0f s", r.seconds, limit))
	}
	if r.rss > corpusMaxRSS {
		out = append(out, fmt.Sprintf("%d MB of RSS", r.rss>>20))
	}
	if len(r.stderr) > corpusMaxStderr {
		out = append(out, fmt.Sprintf("%d bytes of stderr", len(r.stderr)))
	}
	if c.want != "" && !strings.Contains(r.stderr, c.want) && !strings.Contains(r.stdout, c.want) {
		out = append(out, fmt.Sprintf("stderr does not name %q", c.want))
	}
	if c.after != nil {
		if s := c.after(); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// absent returns an after check that path does not exist.
func absent(path string) func() string {
	return func() string {
		if _, err := os.Lstat(path); err == nil {
			return "left " + path + " behind"
		}
		return ""
	}
}

// TestHostileCorpus runs the corpus (with -short, every fourth case of the
// flag and dataset groups and every case of the others).
func TestHostileCorpus(t *testing.T) {
	bin := os.Getenv("FLOWBENCH_CORPUS_BIN")
	if bin == "" {
		bin = os.Args[0]
	}
	cases := corpus54(t)
	groups := map[string][2]int{}    // cases, defects
	worst := map[string][2]float64{} // seconds, RSS MB
	failed := 0
	only := os.Getenv("FLOWBENCH_CORPUS_GROUPS") // comma-separated; empty: all
	for i, c := range cases {
		if only != "" && !slices.Contains(strings.Split(only, ","), c.group) {
			continue
		}
		if testing.Short() && (c.group == "flags" || c.group == "datasets") && i%4 != 0 {
			continue
		}
		r := runCorpusCase(t, bin, c)
		d := c.defects(r)
		w := worst[c.group]
		worst[c.group] = [2]float64{max(w[0], r.seconds), max(w[1], float64(r.rss)/(1<<20))}
		g := groups[c.group]
		g[0]++
		if len(d) > 0 {
			g[1]++
			failed++
			t.Errorf("%s/%s %.200q: %s\n  stderr: %.300q", c.group, c.name, c.args, strings.Join(d, "; "), r.stderr)
		}
		groups[c.group] = g
	}
	total := 0
	for _, g := range slices.Sorted(maps.Keys(groups)) {
		t.Logf("%-10s %4d cases, %3d with defects; slowest %.1f s, largest peak RSS %.0f MB", g, groups[g][0], groups[g][1], worst[g][0], worst[g][1])
		total += groups[g][0]
	}
	t.Logf("%d cases, %d with defects", total, failed)
	if !testing.Short() && total < 300 {
		t.Errorf("the corpus has %d cases, want at least 300", total)
	}
}

// corpus54 builds the cases and the files they read under a
// temporary directory.
func corpus54(t *testing.T) []corpusCase {
	tmp := t.TempDir()
	var cases []corpusCase
	cases = append(cases, flagCorpus(tmp)...)
	cases = append(cases, parsedValueCorpus(tmp)...)
	cases = append(cases, archiveCorpus(t, tmp)...)
	cases = append(cases, importCorpus(t, tmp)...)
	cases = append(cases, datasetCorpus(t, tmp)...)
	cases = append(cases, otherCorpus(tmp)...)
	return cases
}

// flagCorpus: every bounded flag of every command, given values below and
// above its limits, not a number, 100,000 digits and an empty value.
func flagCorpus(tmp string) []corpusCase {
	long := strings.Repeat("7", 100_000)
	var cases []corpusCase
	eachFlag(func(path string, f *pflag.Flag) {
		lim := limitsText(f.Value)
		if lim == "" {
			return
		}
		vals := []string{"x", long, ""}
		switch r := f.Value.(type) {
		case intRange:
			vals = append(vals, fmt.Sprint(int64(r.lo)-1), fmt.Sprint(int64(r.hi)+1), "9223372036854775807", "-9223372036854775808")
		case int64Range:
			if r.lo > math.MinInt64 {
				vals = append(vals, fmt.Sprint(r.lo-1), "-9223372036854775808")
			}
			if r.hi < math.MaxInt64 {
				vals = append(vals, fmt.Sprint(r.hi+1), "9223372036854775807")
			}
			vals = append(vals, "99999999999999999999")
		case floatRange:
			vals = append(vals, "NaN", "+Inf", "-1e309", fmt.Sprint(r.hi*10+1), fmt.Sprint(r.lo-1))
		case durationRange:
			vals = append(vals, "-1s", "100000000h", "1y")
		case uint64Seed:
			vals = append(vals, "-1", "18446744073709551616")
		}
		for _, v := range vals {
			out := filepath.Join(tmp, fmt.Sprintf("flags-out-%d", len(cases)))
			args := append(strings.Fields(path), "--"+f.Name+"="+v)
			if path == "generate" {
				args = append(args, "--out", out, "--houses", "1")
			}
			cases = append(cases, corpusCase{group: "flags", name: path + " --" + f.Name, args: args,
				codes: []int{exitUsage}, want: "--" + f.Name, after: absent(out)})
		}
	})
	return cases
}

// parsedValueCorpus: the values generate parses itself (--part,
// --test-counts, --category-mix, --categories, --scenes).
func parsedValueCorpus(tmp string) []corpusCase {
	out := ""
	long := strings.Repeat("3", 100_000)
	n := 0
	next := func() string {
		n++
		out = filepath.Join(tmp, fmt.Sprintf("parsed-out-%d", n))
		return out
	}
	gen := func(extra ...string) []string {
		return append([]string{"generate", "--out", next(), "--houses", "1", "--size", "32", "--questions-only", "--assets", "none", "--quiet"}, extra...)
	}
	test := func(extra ...string) []string {
		return append([]string{"generate", "--out", next(), "--split", "test", "--scenes", "FloorPlan1", "--size", "32", "--questions-only", "--assets", "none", "--quiet"}, extra...)
	}
	var cases []corpusCase
	add := func(flag string, args []string) {
		cases = append(cases, corpusCase{group: "parsed", name: flag, args: args, codes: []int{exitUsage}, want: flag, after: absent(out)})
	}
	for _, p := range []string{"0/1000000000", "0/10001", "5/3", "3/3", "-1/2", "1/0", "0/-1", "a/b", "0", "/", "1/", long[:50_000] + "/" + long[:50_000], "0/3/4", " 0/3", "0x1/3"} {
		add("--part", gen("--part", p))
	}
	for _, tc := range []string{"occlusion=0", "occlusion=0,left_right=0", "occlusion=-1", "occlusion=1000001", "occlusion=" + long,
		"occlusion=1,occlusion=2", "bogus=1", "occlusion", "", ",", "occlusion=1.5", "occlusion=NaN", long} {
		add("--test-counts", test("--test-counts", tc))
	}
	for _, m := range []string{"occlusion=" + long, "occlusion=NaN", "occlusion=+Inf", "occlusion=-1", "occlusion=1e7", "occlusion=1,occlusion=1",
		"bogus=1", "occlusion=0", "occlusion", ",", long} {
		add("--category-mix", gen("--category-mix", m))
	}
	for _, c := range []string{"occlusion,occlusion", "occlusion,,left_right", ",", "occlusion,", " , ", "bogus", long} {
		add("--categories", gen("--categories", c))
	}
	// Layouts past the 99,999 shards a split's names can count.
	for _, extra := range [][]string{
		{"--houses", "1000000", "--blocks-per-shard", "1", "--balance-houses", "1", "--part", "9999/10000"},
		{"--houses", "1000000", "--rows-per-shard", "1", "--balance-houses", "2"},
	} {
		cases = append(cases, corpusCase{group: "parsed", name: "layout", codes: []int{exitUsage}, want: "99999",
			args: append([]string{"generate", "--out", next(), "--size", "32", "--questions-only", "--assets", "none", "--quiet"}, extra...)})
		cases[len(cases)-1].after = absent(out)
	}
	for _, s := range []string{"FloorPlan1,FloorPlan1", "FloorPlan9999", ",", long} {
		cases = append(cases, corpusCase{group: "parsed", name: "--scenes", codes: []int{exitUsage}, want: "scene",
			args: []string{"generate", "--out", next(), "--split", "test", "--scenes", s, "--size", "32"}})
		cases[len(cases)-1].after = absent(out)
	}
	return cases
}

// pngHeaderOf is the start of a PNG declaring w×h pixels (no pixel data).
func pngHeaderOf(w, h uint32) []byte {
	ihdr := make([]byte, 17)
	copy(ihdr, "IHDR")
	binary.BigEndian.PutUint32(ihdr[4:], w)
	binary.BigEndian.PutUint32(ihdr[8:], h)
	ihdr[12], ihdr[13] = 8, 6
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr))
	return b.Bytes()
}

// furnitureZip writes a Sweet Home 3D library holding one model, with the
// catalog's extra lines, and files (a nil value is a raw entry declaring
// 1000 MiB).
func furnitureZip(t *testing.T, path, extra string, files map[string][]byte) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	cat := "id#1=Hostile#m\nname#1=m\ncategory#1=Test\nmodel#1=/h/m.obj\nwidth#1=10\ndepth#1=10\nheight#1=10\nmovable#1=true\ndoorOrWindow#1=false\n" + extra
	w, _ := zw.Create("PluginFurnitureCatalog.properties")
	w.Write([]byte(cat))
	for _, n := range slices.Sorted(maps.Keys(files)) {
		if files[n] == nil {
			data := []byte("v 0 0 0\n")
			w, err := zw.CreateRaw(&zip.FileHeader{Name: n, Method: zip.Store, CRC32: crc32.ChecksumIEEE(data),
				CompressedSize64: uint64(len(data)), UncompressedSize64: 1000 << 20})
			if err != nil {
				t.Fatal(err)
			}
			w.Write(data)
			continue
		}
		w, _ := zw.Create(n)
		w.Write(files[n])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// archiveCorpus: furniture archives under --assets DIR that once hung,
// exploded or took quadratic time, each alone in its directory, read by
// assets build, assets list and generate.
func archiveCorpus(t *testing.T, tmp string) []corpusCase {
	tri := []byte("mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 1\nusemtl a\nf 1 2 3\n")
	cont := "name#2=a\\\n" + strings.Repeat("b\\\n", 160_000) + "c\n"
	kinds := map[string]func(p string){
		"fifo":     func(p string) { syscall.Mkfifo(p, 0o644) },
		"devzero":  func(p string) { os.Symlink("/dev/zero", p) },
		"dir":      func(p string) { os.Mkdir(p, 0o755) },
		"empty":    func(p string) { os.WriteFile(p, nil, 0o644) },
		"garbage":  func(p string) { os.WriteFile(p, bytes.Repeat([]byte("PK\x03\x04junk"), 1000), 0o644) },
		"dangling": func(p string) { os.Symlink(filepath.Join(tmp, "nowhere"), p) },
		"truncated": func(p string) {
			furnitureZip(t, p, "", map[string][]byte{"h/m.obj": tri})
			b, _ := os.ReadFile(p)
			os.WriteFile(p, b[:len(b)/2], 0o644)
		},
		"continuations": func(p string) { furnitureZip(t, p, cont, map[string][]byte{"h/m.obj": tri}) },
		"hugepng": func(p string) {
			furnitureZip(t, p, "", map[string][]byte{"h/m.obj": tri, "h/m.mtl": []byte("newmtl a\nmap_Kd t.png\n"), "h/t.png": pngHeaderOf(40000, 40000)})
		},
		"hugeobj": func(p string) { furnitureZip(t, p, "", map[string][]byte{"h/m.obj": nil}) },
		"badindex": func(p string) {
			furnitureZip(t, p, "", map[string][]byte{"h/m.obj": []byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 2147483647\n")})
		},
		"manyverts": func(p string) {
			furnitureZip(t, p, "", map[string][]byte{"h/m.obj": bytes.Repeat([]byte("v 1 2 3\n"), 600_000)})
		},
	}
	var cases []corpusCase
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		for _, file := range []string{"Hostile.sh3f", "sweethome3d.jar"} {
			ext := filepath.Ext(file)
			dir := filepath.Join(tmp, "assets-"+k+ext[1:])
			os.MkdirAll(dir, 0o755)
			kinds[k](filepath.Join(dir, file))
			out := filepath.Join(tmp, "assets-out-"+k+ext[1:])
			seconds := float64(corpusMaxSeconds)
			if k == "fifo" || k == "devzero" {
				seconds = 5
			}
			for _, args := range [][]string{
				{"assets", "build", "--assets", dir},
				{"assets", "list", "--assets", dir},
				{"generate", "--houses", "1", "--size", "32", "--views", "1", "--questions-only", "--quiet", "--assets", dir, "--out", out},
			} {
				// The archive is named when it is refused, or its model
				// when building the cache loads it; a directory is no
				// archive, list and generate load no model of it, and a
				// jar without Sweet Home 3D's catalog is refused whole.
				want := file
				switch {
				case ext == ".jar" && k != "dir":
				case k == "continuations": // a long value, read in linear time
					want = ""
				case k == "dir":
					want = "no Sweet Home 3D archives"
				case args[1] != "build" && slices.Contains([]string{"hugeobj", "hugepng", "manyverts", "badindex"}, k):
					want = ""
				case slices.Contains([]string{"hugeobj", "hugepng", "manyverts", "badindex"}, k):
					want = "Hostile#m"
				}
				cases = append(cases, corpusCase{group: "archives", name: k + ext + " " + args[1], args: args,
					codes: []int{exitOK, exitFailure}, want: want, seconds: seconds})
			}
		}
	}
	return cases
}

// importCorpus: house files whose geometry the docs forbid, read by scene
// --import and generate --import.
func importCorpus(t *testing.T, tmp string) []corpusCase {
	base, err := os.ReadFile(filepath.Join("..", "..", "testdata", "houses", "two_rooms_door.json"))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(h map[string]any)) []byte {
		var h map[string]any
		json.Unmarshal(base, &h)
		f(h)
		b, _ := json.Marshal(h)
		return b
	}
	poly := func(pts ...[2]float64) []any {
		var out []any
		for _, p := range pts {
			out = append(out, map[string]any{"x": p[0], "y": 0, "z": p[1]})
		}
		return out
	}
	room := func(h map[string]any) map[string]any { return h["rooms"].([]any)[0].(map[string]any) }
	door := func(h map[string]any) map[string]any { return h["doors"].([]any)[0].(map[string]any) }
	houses := map[string]struct {
		data  []byte
		field string
	}{
		"self-intersecting": {edit(func(h map[string]any) {
			room(h)["floorPolygon"] = poly([2]float64{0, 0}, [2]float64{0, 4}, [2]float64{4, 0}, [2]float64{4, 4.5})
		}), "rooms[0].floorPolygon"},
		"wound-twice": {edit(func(h map[string]any) {
			p := room(h)["floorPolygon"].([]any)
			room(h)["floorPolygon"] = append(append([]any{}, p...), p...)
		}), "rooms[0].floorPolygon"},
		"spike": {edit(func(h map[string]any) {
			room(h)["floorPolygon"] = poly([2]float64{0, 4}, [2]float64{4, 4}, [2]float64{4, 0}, [2]float64{0, 0}, [2]float64{0, 5})
		}), "rooms[0].floorPolygon"},
		"dup-door-id": {edit(func(h map[string]any) {
			h["windows"].([]any)[0].(map[string]any)["id"] = door(h)["id"]
		}), "windows[0].id"},
		"openness-neg":  {edit(func(h map[string]any) { door(h)["openness"] = -5 }), "doors[0].openness"},
		"openness-big":  {edit(func(h map[string]any) { door(h)["openness"] = 7 }), "doors[0].openness"},
		"empty-door-id": {edit(func(h map[string]any) { door(h)["id"] = "" }), "doors[0].id"},
		"object-openness": {edit(func(h map[string]any) {
			h["objects"].([]any)[0].(map[string]any)["openness"] = -1
		}), "objects[0].openness"},
		"not-json":  {[]byte("{\"rooms\": ["), "json"},
		"null":      {[]byte("null"), ""},
		"huge-list": {[]byte(`{"rooms": [` + strings.Repeat(`{"id":"r"},`, 200_000) + `{"id":"r"}]}`), "rooms"},
	}
	var cases []corpusCase
	for _, name := range slices.Sorted(maps.Keys(houses)) {
		h := houses[name]
		dir := filepath.Join(tmp, "import-"+name)
		os.MkdirAll(dir, 0o755)
		file := filepath.Join(dir, name+".json")
		os.WriteFile(file, h.data, 0o644)
		want := name + ".json"
		scene := filepath.Join(tmp, "import-scene-"+name+".json")
		out := filepath.Join(tmp, "import-out-"+name)
		cases = append(cases,
			corpusCase{group: "import", name: name + " scene", args: []string{"scene", "--import", file, "--out", scene},
				codes: []int{exitFailure}, want: want, after: absent(scene)},
			corpusCase{group: "import", name: name + " generate", args: []string{"generate", "--import", dir, "--split", "mine", "--size", "32", "--assets", "none", "--quiet", "--out", out},
				codes: []int{exitFailure}, want: want, after: absent(out)})
		if h.field != "" {
			cases[len(cases)-1].want, cases[len(cases)-2].want = h.field, h.field
		}
	}
	return cases
}

// otherCorpus: the remaining findings of issue 54.
func otherCorpus(tmp string) []corpusCase {
	return []corpusCase{
		{group: "others", name: "scene stats huge", args: []string{"scene", "stats", "--houses", "100000"}, codes: []int{exitUsage}, want: "--houses"},
		{group: "others", name: "completion tcsh", args: []string{"completion", "tcsh"}, codes: []int{exitUsage}, want: "tcsh"},
		{group: "others", name: "completion none", args: []string{"completion"}, codes: []int{exitUsage}, want: "bash"},
		{group: "others", name: "completion long", args: []string{"completion", strings.Repeat("z", 100_000)}, codes: []int{exitUsage}, want: "zzz"},
		{group: "others", name: "single dash", args: []string{"scene", "-seed", "3", "--out", filepath.Join(tmp, "s.json")}, codes: []int{exitUsage}, want: "--seed",
			after: absent(filepath.Join(tmp, "s.json"))},
		{group: "others", name: "unknown command long", args: []string{strings.Repeat("q", 100_000)}, codes: []int{exitUsage}, want: "qqq"},
		{group: "others", name: "unknown flag long", args: []string{"validate", "--" + strings.Repeat("q", 100_000)}, codes: []int{exitUsage}, want: "qqq"},
		{group: "others", name: "help single dash", args: []string{"generate", "--help"}, codes: []int{exitOK}},
	}
}

// datasetCorpus: manifests and shards that validate refuses, and files
// that are not files, each read by every dataset reader (readerCommands:
// validate, stats, audit, audit --physics, audit --fit-dir, prompts,
// score, inspect, merge into it). Each must exit 1 naming the file.
func datasetCorpus(t *testing.T, tmp string) []corpusCase {
	train := func(m map[string]any) map[string]any { return m["splits"].(map[string]any)["train"].(map[string]any) }
	manifest := func(edit func(m map[string]any) any) func(dir string) {
		return func(dir string) { editManifest(t, dir, edit) }
	}
	rawManifest := func(b []byte) func(dir string) {
		return func(dir string) { os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644) }
	}
	firstShard := func(dir string) string {
		ps, _ := filepath.Glob(filepath.Join(dir, "data", "questions", "train-*.parquet"))
		return ps[0]
	}
	shard := func(f func(p string)) func(dir string) { return func(dir string) { f(firstShard(dir)) } }
	mutations := []struct {
		name, want string
		edit       func(dir string)
	}{
		{"null manifest", "manifest.json", manifest(func(map[string]any) any { return nil })},
		{"null splits", "manifest.json", manifest(func(m map[string]any) any { m["splits"] = nil; return m })},
		{"empty splits", "manifest.json", manifest(func(m map[string]any) any { m["splits"] = map[string]any{}; return m })},
		{"null config", "manifest.json", manifest(func(m map[string]any) any { m["config"] = nil; return m })},
		{"null schema", "manifest.json", manifest(func(m map[string]any) any { m["schema"] = nil; return m })},
		{"future schema_version", "manifest.json", manifest(func(m map[string]any) any { m["schema_version"] = "99"; return m })},
		{"negative width", "manifest.json", manifest(func(m map[string]any) any { train(m)["width"] = -96; return m })},
		{"negative questions", "manifest.json", manifest(func(m map[string]any) any { train(m)["questions"] = -1; return m })},
		{"huge shards", "manifest.json", manifest(func(m map[string]any) any { train(m)["shards"] = 1e18; return m })},
		{"string shards", "manifest.json", manifest(func(m map[string]any) any { train(m)["shards"] = "2"; return m })},
		{"array manifest", "manifest.json", rawManifest([]byte("[1, 2, 3]"))},
		{"not json", "manifest.json", rawManifest([]byte("{\"splits\": "))},
		{"deep json", "manifest.json", rawManifest([]byte(strings.Repeat("[", 100_000)))},
		{"fifo manifest", "manifest.json", func(dir string) {
			p := filepath.Join(dir, "manifest.json")
			os.Remove(p)
			syscall.Mkfifo(p, 0o644)
		}},
		{"devzero manifest", "manifest.json", func(dir string) {
			p := filepath.Join(dir, "manifest.json")
			os.Remove(p)
			os.Symlink("/dev/zero", p)
		}},
		{"truncated shard", ".parquet", shard(func(p string) {
			b, _ := os.ReadFile(p)
			os.WriteFile(p, b[:len(b)/2], 0o644)
		})},
		{"empty shard", ".parquet", shard(func(p string) { os.WriteFile(p, nil, 0o644) })},
		{"fifo shard", ".parquet", shard(func(p string) { os.Remove(p); syscall.Mkfifo(p, 0o644) })},
		{"devzero shard", ".parquet", shard(func(p string) { os.Remove(p); os.Symlink("/dev/zero", p) })},
		{"garbage footer", ".parquet", shard(func(p string) {
			b, _ := os.ReadFile(p)
			for i := len(b) - 200; i < len(b)-8; i++ {
				b[i] ^= 0x5a
			}
			os.WriteFile(p, b, 0o644)
		})},
	}
	var cases []corpusCase
	for _, m := range mutations {
		dir := copyReference(t)
		m.edit(dir)
		for _, args := range readerCommands(t, dir) {
			cases = append(cases, corpusCase{group: "datasets", name: m.name + " " + args[0], args: args,
				codes: []int{exitFailure}, want: m.want, seconds: 20})
		}
	}
	return cases
}
