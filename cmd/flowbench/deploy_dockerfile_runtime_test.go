package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The stages of deploy/Dockerfile that become images people run: each ends
// as an unprivileged user, and the default target (the last stage, what
// docker build builds without --target) is the CLI the Kubernetes Jobs run.

// runtimeStages returns the stages of df that are images people run: the
// last stage (the default target), every stage named by a --target in
// docs (the Dockerfile's own comments, docs/deploy.md), every stage that
// sets ENTRYPOINT or CMD, and every stage no other stage builds on (FROM)
// or copies from (COPY --from).
func runtimeStages(df *dockerfile, docs string) []string {
	used := map[string]bool{}
	for _, st := range df.stages {
		used[st.image] = true
		for _, in := range st.instrs {
			if from, _, _ := copySources(in.args); in.cmd == "COPY" && from != "" {
				used[from] = true
			}
		}
	}
	targets := map[string]bool{}
	for _, m := range regexp.MustCompile(`--target[ =]([A-Za-z0-9_.-]+)`).FindAllStringSubmatch(docs, -1) {
		targets[m[1]] = true
	}
	var out []string
	for i, st := range df.stages {
		sets := slices.ContainsFunc(st.instrs, func(in dockerInstr) bool { return in.cmd == "ENTRYPOINT" || in.cmd == "CMD" })
		if i == len(df.stages)-1 || targets[st.name] || sets || !used[st.name] {
			out = append(out, st.name)
		}
	}
	return out
}

// rootUser reports whether a USER value (after ARG expansion) is root:
// empty (no USER anywhere), root or uid 0, with or without a group.
func rootUser(u string) bool {
	user, _, _ := strings.Cut(strings.TrimSpace(u), ":")
	return user == "" || user == "root" || strings.TrimLeft(user, "0") == ""
}

// finalEntrypoint returns the ENTRYPOINT a stage's image runs: its last,
// else that of the stage it is built FROM.
func finalEntrypoint(df *dockerfile, name string) string {
	for range df.stages {
		st := df.stage(name)
		if st == nil {
			return ""
		}
		for i := len(st.instrs) - 1; i >= 0; i-- {
			if st.instrs[i].cmd == "ENTRYPOINT" {
				return st.instrs[i].args
			}
		}
		name = st.image
	}
	return ""
}

// checkRuntimeStages reports a runtime stage that runs as root and a
// default target that is not the flowbench CLI.
func checkRuntimeStages(df *dockerfile, docs string) []string {
	var p []string
	stages := runtimeStages(df, docs)
	for _, s := range stages {
		if u := df.expand(finalUser(df, s)); rootUser(u) {
			p = append(p, "stage "+s+" runs as user "+strconv.Quote(u)+": want an unprivileged USER (not root, not uid 0) at its end")
		}
	}
	if len(df.stages) > 0 {
		last := df.stages[len(df.stages)-1].name
		if e := finalEntrypoint(df, last); e != `["/usr/local/bin/flowbench"]` {
			p = append(p, "the default target (last stage) "+last+" has entrypoint "+e+": docker build without --target must give the flowbench CLI the Jobs run")
		}
	}
	return p
}

func TestDockerfileRuntimeStages(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(repoRoot, "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	deployDoc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	df, err := parseDockerfile(string(text))
	if err != nil {
		t.Fatal(err)
	}
	docs := string(text) + "\n" + string(deployDoc)
	stages := runtimeStages(df, docs)
	for _, want := range []string{"runtime", "beam-worker"} {
		if !slices.Contains(stages, want) {
			t.Errorf("runtime stages %q: %s missing", stages, want)
		}
	}
	for _, build := range []string{"build", "build-beam", "beam-sdk"} {
		if slices.Contains(stages, build) {
			t.Errorf("runtime stages %q include the build stage %s", stages, build)
		}
	}
	for _, p := range checkRuntimeStages(df, docs) {
		t.Error(p)
	}
}

// The check catches a runtime stage left as root (the 0.3.11 beam-worker),
// root spelt as uid 0 or through an ARG, an undocumented leaf stage, and a
// default target that is not the CLI.
func TestDockerfileRuntimeStagesCatch(t *testing.T) {
	base := "ARG U=65532\nFROM golang AS build\nRUN go build -o /out/flowbench ./cmd/flowbench\n" +
		"FROM debian AS runtime\nCOPY --from=build /out/flowbench /usr/local/bin/flowbench\nUSER ${U}\nENTRYPOINT [\"/usr/local/bin/flowbench\"]\n"
	for name, c := range map[string]struct {
		text string
		ok   bool
	}{
		"fine":                  {base, true},
		"fine, a later CLI":     {base + "FROM runtime AS worker\nUSER root\nRUN x\nUSER 1000:1000\nENTRYPOINT [\"/boot\"]\nFROM runtime AS cli\n", true},
		"worker stays root":     {base + "FROM runtime AS worker\nUSER root\nENTRYPOINT [\"/boot\"]\nFROM runtime AS cli\n", false},
		"uid 0 with a group":    {base + "FROM runtime AS worker\nUSER 0:65532\nCMD [\"x\"]\nFROM runtime AS cli\n", false},
		"root through an ARG":   {strings.Replace(base, "U=65532", "U=0", 1), false},
		"leaf stage as root":    {base + "FROM runtime AS debug\nUSER root\nFROM runtime AS cli\n", false},
		"documented target":     {base + "# docker build --target tools\nFROM runtime AS tools\nUSER root\nRUN x\nFROM runtime AS cli\nCOPY --from=tools /x /x\n", false},
		"no USER at all":        {strings.Replace(base, "USER ${U}\n", "", 1), false},
		"worker is the default": {base + "FROM runtime AS worker\nENTRYPOINT [\"/boot\"]\n", false},
	} {
		df, err := parseDockerfile(c.text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p := checkRuntimeStages(df, c.text); (len(p) == 0) != c.ok {
			t.Errorf("%s: problems %q, want ok=%v", name, p, c.ok)
		}
	}
}
