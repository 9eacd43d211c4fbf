package main

import (
	"bufio"
	"fmt"
	"go/build"
	"go/version"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// No docker runs here, so deploy/Dockerfile is checked by reading it: what
// it copies from the build context exists and is not filtered out by its
// .dockerignore, what it builds are main packages of this module, what the
// runtime stages copy from the build stage was built there, the Go image is
// at least the go.mod's version, the Beam SDK image matches the module's Beam
// version, the asset packages are installed by assets/install_debian.sh and
// the entrypoint is the binary the image holds.

// repoRoot is the repository root (the Docker build context), seen from
// this package.
const repoRoot = "../.."

// dockerInstr is one Dockerfile instruction, continuation lines joined.
type dockerInstr struct {
	line int
	cmd  string // upper case: FROM, RUN, COPY, ...
	args string
}

// dockerStage is one FROM ... AS name stage.
type dockerStage struct {
	name, image string
	instrs      []dockerInstr
}

// dockerfile is a parsed Dockerfile: the global ARG defaults and the stages.
type dockerfile struct {
	args   map[string]string
	stages []dockerStage
}

// parseDockerfile reads the instructions of a Dockerfile (comments and
// parser directives dropped, backslash continuations joined).
func parseDockerfile(text string) (*dockerfile, error) {
	df := &dockerfile{args: map[string]string{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	var cur strings.Builder
	start, n := 0, 0
	flush := func() error {
		s := strings.TrimSpace(cur.String())
		cur.Reset()
		if s == "" {
			return nil
		}
		cmd, args, _ := strings.Cut(s, " ")
		in := dockerInstr{line: start, cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args)}
		switch {
		case in.cmd == "FROM":
			f := strings.Fields(in.args)
			st := dockerStage{image: f[0]}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				st.name = f[2]
			} else if len(f) != 1 {
				return fmt.Errorf("line %d: FROM %s: want IMAGE [AS NAME]", in.line, in.args)
			}
			df.stages = append(df.stages, st)
		case len(df.stages) == 0 && in.cmd == "ARG":
			k, v, _ := strings.Cut(in.args, "=")
			df.args[k] = v
		case len(df.stages) == 0:
			return fmt.Errorf("line %d: %s before the first FROM", in.line, in.cmd)
		default:
			st := &df.stages[len(df.stages)-1]
			st.instrs = append(st.instrs, in)
		}
		return nil
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") {
			continue
		}
		if cur.Len() == 0 {
			start = n
		}
		if body, ok := strings.CutSuffix(t, "\\"); ok {
			cur.WriteString(body + " ")
			continue
		}
		cur.WriteString(t)
		if err := flush(); err != nil {
			return nil, err
		}
	}
	return df, flush()
}

// expand substitutes ${NAME} and $NAME from the global ARG defaults.
func (df *dockerfile) expand(s string) string {
	return os.Expand(s, func(k string) string { return df.args[k] })
}

// stage returns the stage named name.
func (df *dockerfile) stage(name string) *dockerStage {
	for i := range df.stages {
		if df.stages[i].name == name {
			return &df.stages[i]
		}
	}
	return nil
}

// copySources splits COPY arguments into flags, sources and destination.
func copySources(args string) (from string, srcs []string, dst string) {
	f := strings.Fields(args)
	for len(f) > 0 && strings.HasPrefix(f[0], "--") {
		if v, ok := strings.CutPrefix(f[0], "--from="); ok {
			from = v
		}
		f = f[1:]
	}
	if len(f) < 2 {
		return from, nil, ""
	}
	return from, f[:len(f)-1], f[len(f)-1]
}

// dockerignored reports whether rel (slash-separated, relative to the
// context) is excluded by one of the patterns, or lies under an excluded
// directory.
func dockerignored(patterns []string, rel string) bool {
	for p := rel; p != "." && p != "/"; p = path.Dir(p) {
		for _, pat := range patterns {
			if ok, _ := path.Match(pat, p); ok {
				return true
			}
			if sub, ok := strings.CutPrefix(pat, "**/"); ok {
				if m, _ := path.Match(sub, path.Base(p)); m {
					return true
				}
			}
		}
	}
	return false
}

// goBuildOutputs finds the `go build -o OUT ./PKG` commands of a RUN and
// returns OUT → PKG.
func goBuildOutputs(run string) map[string]string {
	outs := map[string]string{}
	re := regexp.MustCompile(`go build\b[^&;|]*?-o\s+(\S+)\s+(\./\S+)`)
	for _, m := range re.FindAllStringSubmatch(run, -1) {
		outs[m[1]] = m[2]
	}
	return outs
}

func TestDeployDockerfile(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(repoRoot, "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	df, err := parseDockerfile(string(text))
	if err != nil {
		t.Fatal(err)
	}
	ignoreText, err := os.ReadFile(filepath.Join(repoRoot, "deploy", "Dockerfile.dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	var ignore []string
	for _, l := range strings.Split(string(ignoreText), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			ignore = append(ignore, l)
		}
	}
	gomod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}

	// The build stage: a Go image no older than go.mod asks for, static
	// builds of main packages of this module.
	bld := df.stage("build")
	if bld == nil {
		t.Fatal("no stage named build")
	}
	goLine := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod)
	img := df.expand(bld.image)
	tag, ok := strings.CutPrefix(img, "golang:")
	if !ok || goLine == nil {
		t.Fatalf("build stage image %s: want golang:VERSION-...; go.mod go line %q", img, goLine)
	}
	goVer := "go" + strings.SplitN(tag, "-", 2)[0]
	if version.Compare(goVer, "go"+string(goLine[1])) < 0 {
		t.Errorf("build image %s is older than go.mod's go %s", img, goLine[1])
	}
	// built maps a stage to the binaries its go build commands make (a stage
	// FROM another one also holds that one's binaries).
	built := map[string]map[string]string{}
	for _, st := range df.stages {
		outs := map[string]string{}
		maps.Copy(outs, built[st.image])
		for _, in := range st.instrs {
			if in.cmd != "RUN" {
				continue
			}
			for out, pkg := range goBuildOutputs(in.args) {
				if !strings.Contains(in.args, "CGO_ENABLED=0") {
					t.Errorf("line %d: go build of %s without CGO_ENABLED=0 (the binary must be static)", in.line, pkg)
				}
				p, err := build.ImportDir(filepath.Join(repoRoot, filepath.FromSlash(pkg)), 0)
				if err != nil || p.Name != "main" {
					t.Errorf("line %d: %s is not a main package of this module: %v", in.line, pkg, err)
				}
				outs[out] = pkg
			}
		}
		if st.name != "" {
			built[st.name] = outs
		}
	}
	if built["build"]["/out/flowbench"] != "./cmd/flowbench" {
		t.Errorf("the build stage does not build ./cmd/flowbench to /out/flowbench: %v", built["build"])
	}

	// Every COPY from the context names files that exist and are not
	// ignored; every COPY --from=build names a built binary; every other
	// --from is a stage.
	for _, st := range df.stages {
		for _, in := range st.instrs {
			if in.cmd != "COPY" {
				continue
			}
			from, srcs, _ := copySources(in.args)
			for _, src := range srcs {
				switch {
				case from == "" && src == ".":
				case from == "":
					if _, err := os.Stat(filepath.Join(repoRoot, filepath.FromSlash(src))); err != nil {
						t.Errorf("line %d: COPY %s: not in the build context: %v", in.line, src, err)
					}
					if dockerignored(ignore, src) {
						t.Errorf("line %d: COPY %s: excluded by Dockerfile.dockerignore", in.line, src)
					}
				case df.stage(from) == nil:
					t.Errorf("line %d: COPY --from=%s: no such stage", in.line, from)
				case strings.HasPrefix(src, "/out/"):
					if _, ok := built[from][src]; !ok {
						t.Errorf("line %d: COPY --from=%s %s: that stage does not build it (it builds %v)", in.line, from, src, built[from])
					}
				}
			}
		}
	}
	for _, rel := range []string{"go.mod", "go.sum", "cmd/flowbench/main.go", "assets/install_debian.sh", "sim/assetdb_builtin.tsv"} {
		if dockerignored(ignore, rel) {
			t.Errorf("Dockerfile.dockerignore excludes %s, which the build needs", rel)
		}
	}
	for _, rel := range []string{".git", "out/demo/manifest.json", "flowbench", "export/testdata/x.parquet"} {
		if !dockerignored(ignore, rel) {
			t.Errorf("Dockerfile.dockerignore lets %s into the build context", rel)
		}
	}

	// The runtime: the asset packages through the repository's script, the
	// binary on the entrypoint path, a model cache built into the image.
	rt := df.stage("runtime")
	if rt == nil {
		t.Fatal("no stage named runtime")
	}
	var runs, copies []string
	entry := ""
	for _, in := range rt.instrs {
		switch in.cmd {
		case "RUN":
			runs = append(runs, in.args)
		case "COPY":
			_, srcs, dst := copySources(in.args)
			for _, s := range srcs {
				copies = append(copies, s+" "+dst)
			}
		case "ENTRYPOINT":
			entry = in.args
		}
	}
	allRuns := strings.Join(runs, "\n")
	if !strings.Contains(allRuns, "sh /tmp/install_debian.sh") || !slices.Contains(copies, "assets/install_debian.sh /tmp/install_debian.sh") {
		t.Errorf("runtime does not install the assets with assets/install_debian.sh: COPY %v, RUN %q", copies, runs)
	}
	if !strings.Contains(allRuns, "--no-install-recommends") {
		t.Errorf("runtime installs packages with their recommends")
	}
	if !slices.Contains(copies, "/out/flowbench /usr/local/bin/flowbench") || entry != `["/usr/local/bin/flowbench"]` {
		t.Errorf("runtime: copies %v, entrypoint %s: want /usr/local/bin/flowbench as both", copies, entry)
	}
	if !strings.Contains(allRuns, "flowbench assets build") {
		t.Errorf("runtime does not build the model cache into the image")
	}
	script, err := os.ReadFile(filepath.Join(repoRoot, "assets", "install_debian.sh"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--no-install-recommends sweethome3d-furniture", "dpkg-deb -x", "sweethome3d.jar"} {
		if !strings.Contains(string(script), want) {
			t.Errorf("assets/install_debian.sh no longer does %q, which the image relies on", want)
		}
	}

	// The Beam worker: the SDK container of the Beam version in go.mod.
	sdk := df.stage("beam-sdk")
	beamMod := regexp.MustCompile(`(?m)^\s*github.com/apache/beam/sdks/v2 v(\S+)`).FindSubmatch(gomod)
	if sdk == nil || beamMod == nil {
		t.Fatalf("no beam-sdk stage (%v) or no Beam module in go.mod (%q)", sdk != nil, beamMod)
	}
	if want := "apache/beam_go_sdk:" + string(beamMod[1]); df.expand(sdk.image) != want {
		t.Errorf("beam-sdk image %s, want %s (the boot loader must match the SDK)", df.expand(sdk.image), want)
	}
	if w := df.stage("beam-worker"); w == nil || w.image != "runtime" {
		t.Errorf("want a beam-worker stage built FROM runtime")
	}
	if built["build-beam"]["/out/flowbench-beam"] != "./cmd/flowbench-beam" || built["build"]["/out/flowbench-beam"] != "" {
		t.Errorf("want flowbench-beam built in its own stage, so that the runtime image does not wait for Beam: %v", built)
	}
	// The images people run end as an unprivileged user (the beam-worker
	// stage switched to root to copy the SDK and stayed root until 0.3.11).
	for _, s := range []string{"runtime", "beam-worker"} {
		if u := finalUser(df, s); u == "" || u == "root" || u == "0" || strings.HasPrefix(u, "0:") || strings.HasPrefix(u, "root:") {
			t.Errorf("stage %s runs as user %q: want an unprivileged USER at its end", s, u)
		}
	}
}

// finalUser returns the user a stage's image runs as: its last USER, else
// that of the stage it is built FROM ("" when none sets one: root).
func finalUser(df *dockerfile, name string) string {
	for seen := 0; seen < len(df.stages); seen++ {
		st := df.stage(name)
		if st == nil {
			return ""
		}
		for i := len(st.instrs) - 1; i >= 0; i-- {
			if st.instrs[i].cmd == "USER" {
				return strings.TrimSpace(st.instrs[i].args)
			}
		}
		name = st.image
	}
	return ""
}

// TestDockerfileParserCatches feeds the checks' building blocks a broken
// Dockerfile and ignore list, so that the test above can fail.
func TestDockerfileParserCatches(t *testing.T) {
	df, err := parseDockerfile("ARG V=1\nFROM golang:${V}-x AS build\nRUN CGO_ENABLED=0 go build \\\n  -o /out/a ./cmd/a && go build -o /out/b ./cmd/b\nFROM scratch\nCOPY --from=build /out/a /a\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(df.stages) != 2 || df.expand(df.stages[0].image) != "golang:1-x" || df.stages[1].name != "" {
		t.Fatalf("stages %+v", df.stages)
	}
	in := df.stages[0].instrs[0]
	if in.line != 3 || !maps.Equal(goBuildOutputs(in.args), map[string]string{"/out/a": "./cmd/a", "/out/b": "./cmd/b"}) {
		t.Errorf("RUN at line %d builds %v", in.line, goBuildOutputs(in.args))
	}
	if from, srcs, dst := copySources(df.stages[1].instrs[0].args); from != "build" || !slices.Equal(srcs, []string{"/out/a"}) || dst != "/a" {
		t.Errorf("COPY parsed as from=%s %v %s", from, srcs, dst)
	}
	users, err := parseDockerfile("FROM scratch AS base\nUSER 65532\nFROM base AS a\nFROM base AS b\nUSER root\n")
	if err != nil {
		t.Fatal(err)
	}
	if finalUser(users, "a") != "65532" || finalUser(users, "b") != "root" {
		t.Errorf("finalUser: a %q, b %q; want 65532 (inherited) and root", finalUser(users, "a"), finalUser(users, "b"))
	}
	if _, err := parseDockerfile("RUN x\n"); err == nil {
		t.Error("RUN before FROM accepted")
	}
	if dockerignored([]string{"**/testdata"}, "cmd/flowbench/main.go") || !dockerignored([]string{"cmd"}, "cmd/flowbench/main.go") {
		t.Error("dockerignored: wrong answer for a directory pattern")
	}
}
