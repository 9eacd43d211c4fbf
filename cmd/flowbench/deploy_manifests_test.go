package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// The Kubernetes manifests of deploy/k8s (docs/deploy.md) are decoded
// strictly into the Kubernetes API types (an unknown or misspelt field is an
// error) and checked for what a run depends on: an Indexed Job whose
// completions, parallelism and --part N agree, JOB_COMPLETION_INDEX wired
// into --part and --out, a merge Job that lists every part in order, the
// same image, resources, and containers' args that the real CLI accepts for
// every index.

// k8sDir holds the manifests, seen from this package.
const k8sDir = "../../deploy/k8s"

// completionIndexAnnotation is the pod annotation that holds an Indexed
// Job's completion index (what Kubernetes copies into JOB_COMPLETION_INDEX).
const completionIndexAnnotation = "metadata.annotations['batch.kubernetes.io/job-completion-index']"

// loadJob decodes one manifest file, which must hold exactly one batch/v1 Job.
func loadJob(t *testing.T, name string) *batchv1.Job {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(k8sDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`(?m)^---`).Match(data) {
		t.Fatalf("%s: one document per file expected (the test reads only the first)", name)
	}
	var j batchv1.Job
	if err := yaml.UnmarshalStrict(data, &j); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &j
}

// container returns the pod template's only container.
func container(j *batchv1.Job) (*corev1.Container, error) {
	cs := j.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		return nil, fmt.Errorf("want one container, got %d", len(cs))
	}
	return &cs[0], nil
}

// varRef matches a Kubernetes $(VAR) reference in command and args.
var varRef = regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)

// expandArgs substitutes vars into args the way the kubelet does; it fails
// on a reference the container does not declare (Kubernetes would pass it on
// literally).
func expandArgs(args []string, declared []corev1.EnvVar, vars map[string]string) ([]string, error) {
	out := make([]string, len(args))
	for i, a := range args {
		var bad []string
		out[i] = varRef.ReplaceAllStringFunc(a, func(m string) string {
			name := varRef.FindStringSubmatch(m)[1]
			v, ok := vars[name]
			if !ok || !slices.ContainsFunc(declared, func(e corev1.EnvVar) bool { return e.Name == name }) {
				bad = append(bad, name)
			}
			return v
		})
		if len(bad) > 0 {
			return nil, fmt.Errorf("arg %q refers to undeclared $(%s)", a, strings.Join(bad, ", $("))
		}
	}
	return out, nil
}

// flagArg returns the value of --name (or -name) in args, written as
// --name=value or --name value.
func flagArg(args []string, name string) (string, bool) {
	for i, a := range args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, true
		}
		if a == name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// checkResources reports missing CPU and memory requests and a memory limit
// below the request.
func checkResources(c *corev1.Container) []string {
	var p []string
	req, lim := c.Resources.Requests, c.Resources.Limits
	for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		if q, ok := req[r]; !ok || q.Sign() <= 0 {
			p = append(p, fmt.Sprintf("container %s: no %s request", c.Name, r))
		}
	}
	if q, ok := lim[corev1.ResourceMemory]; !ok || q.Cmp(req[corev1.ResourceMemory]) < 0 {
		p = append(p, fmt.Sprintf("container %s: memory limit missing or below the request", c.Name))
	}
	return p
}

// checkCommon reports what both Jobs need: kind, restart policy, one
// container with an image pinned to a tag, resources.
func checkCommon(j *batchv1.Job) []string {
	var p []string
	if j.APIVersion != "batch/v1" || j.Kind != "Job" {
		p = append(p, fmt.Sprintf("want batch/v1 Job, got %s %s", j.APIVersion, j.Kind))
	}
	if rp := j.Spec.Template.Spec.RestartPolicy; rp != corev1.RestartPolicyNever {
		p = append(p, fmt.Sprintf("restartPolicy %q: want Never (a failed pod is retried as a new pod, which resumes)", rp))
	}
	c, err := container(j)
	if err != nil {
		return append(p, err.Error())
	}
	if c.Image == "" || strings.HasSuffix(c.Image, ":latest") || !strings.Contains(c.Image, ":") {
		p = append(p, fmt.Sprintf("image %q: want a pinned tag (every part must run the same build)", c.Image))
	}
	sc := j.Spec.Template.Spec.SecurityContext
	for _, v := range j.Spec.Template.Spec.Volumes {
		if (v.Ephemeral != nil || v.PersistentVolumeClaim != nil) && (sc == nil || sc.FSGroup == nil) {
			p = append(p, fmt.Sprintf("volume %s: a claimed volume is owned by root; set the pod's fsGroup so that the image's user can write it", v.Name))
		}
	}
	if len(c.Command) > 0 {
		p = append(p, "command set: the image's entrypoint is flowbench; put the subcommand in args")
	}
	p = append(p, checkAPIRules(j)...)
	p = append(p, checkRegion(c)...)
	return append(p, checkResources(c)...)
}

// generatePart is what the real generate flag parser made of one index's args.
type generatePart struct {
	part, parts int
	out         string
}

// checkGenerateJob reports every problem of the Indexed generate Job; parse
// is the generate command's real flag parser. It returns N, the part count.
func checkGenerateJob(j *batchv1.Job, parse func(args []string) (generatePart, error)) (int, []string) {
	p := checkCommon(j)
	s := j.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		p = append(p, "completionMode: want Indexed")
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Completions != *s.Parallelism || *s.Completions < 1 {
		p = append(p, "completions and parallelism: want both set, equal and positive")
	}
	if (s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1) && (s.BackoffLimit == nil || *s.BackoffLimit < 1) {
		p = append(p, "no retries: set backoffLimitPerIndex (or backoffLimit)")
	}
	c, err := container(j)
	if err != nil || s.Completions == nil {
		return 0, p
	}
	if len(c.Args) == 0 || c.Args[0] != "generate" {
		return 0, append(p, fmt.Sprintf("args %q: want the generate subcommand first", c.Args))
	}
	if !slices.ContainsFunc(c.Env, func(e corev1.EnvVar) bool {
		return e.Name == "JOB_COMPLETION_INDEX" && e.ValueFrom != nil && e.ValueFrom.FieldRef != nil &&
			e.ValueFrom.FieldRef.FieldPath == completionIndexAnnotation
	}) {
		p = append(p, "env JOB_COMPLETION_INDEX: want it from "+completionIndexAnnotation)
	}
	partArg, _ := flagArg(c.Args, "part")
	outArg, _ := flagArg(c.Args, "out")
	n := int(*s.Completions)
	if partArg != fmt.Sprintf("$(JOB_COMPLETION_INDEX)/%d", n) {
		p = append(p, fmt.Sprintf("--part %q: want $(JOB_COMPLETION_INDEX)/%d (completions)", partArg, n))
	}
	if !strings.Contains(outArg, "$(JOB_COMPLETION_INDEX)") {
		p = append(p, fmt.Sprintf("--out %q: each index needs its own output (use $(JOB_COMPLETION_INDEX))", outArg))
	}
	if !slices.Contains(c.Args, "--resume") {
		p = append(p, "no --resume: a retried index would start over (or fail on its earlier output)")
	}
	outs := map[string]int{}
	for i := range n {
		args, err := expandArgs(c.Args[1:], c.Env, map[string]string{"JOB_COMPLETION_INDEX": strconv.Itoa(i)})
		if err != nil {
			return n, append(p, err.Error())
		}
		got, err := parse(args)
		if err != nil {
			p = append(p, fmt.Sprintf("index %d: generate rejects %q: %v", i, args, err))
			continue
		}
		if got.part != i || got.parts != n {
			p = append(p, fmt.Sprintf("index %d: generate runs part %d/%d", i, got.part, got.parts))
		}
		if j, dup := outs[got.out]; dup {
			p = append(p, fmt.Sprintf("indexes %d and %d write to the same --out %s", j, i, got.out))
		}
		outs[got.out] = i
	}
	return n, p
}

// checkMergeJob reports every problem of the merge Job given the generate
// Job it follows and the merge command's real flag parser (which returns the
// part list and --out).
func checkMergeJob(m, g *batchv1.Job, parse func(args []string) (parts []string, out string, err error)) []string {
	p := checkCommon(m)
	if m.Spec.CompletionMode != nil && *m.Spec.CompletionMode == batchv1.IndexedCompletion {
		p = append(p, "merge Job: one pod, not Indexed")
	}
	if c := m.Spec.Completions; c != nil && *c != 1 {
		p = append(p, fmt.Sprintf("merge Job: completions %d, want 1", *c))
	}
	mc, err1 := container(m)
	gc, err2 := container(g)
	if err1 != nil || err2 != nil || g.Spec.Completions == nil {
		return p
	}
	if mc.Image != gc.Image {
		p = append(p, fmt.Sprintf("images differ: merge %s, generate %s", mc.Image, gc.Image))
	}
	if len(mc.Args) == 0 || mc.Args[0] != "merge" {
		return append(p, fmt.Sprintf("args %q: want the merge subcommand first", mc.Args))
	}
	if w, ok := flagArg(mc.Args, "wait"); !ok || w == "0" || w == "0s" {
		p = append(p, "merge Job without --wait: applied with the generate Job (kubectl apply -f deploy/k8s/) it would start before the parts are done and fail")
	}
	if varRef.MatchString(strings.Join(mc.Args, " ")) {
		p = append(p, "merge args refer to $(...) variables; it runs once, with literal part paths")
	}
	parts, out, err := parse(mc.Args[1:])
	if err != nil {
		return append(p, fmt.Sprintf("merge rejects %q: %v", mc.Args[1:], err))
	}
	genOut, _ := flagArg(gc.Args, "out")
	var want []string
	for i := range int(*g.Spec.Completions) {
		want = append(want, strings.ReplaceAll(genOut, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(i)))
	}
	if !slices.Equal(parts, want) {
		p = append(p, fmt.Sprintf("merge parts %q: want the generate Job's outputs in index order %q", parts, want))
	}
	if slices.Contains(want, out) || out == "" {
		p = append(p, fmt.Sprintf("merge --out %q: want a destination apart from the parts", out))
	}
	return p
}

// parseGenerateArgs runs generate's real flag parsing and checks on args.
func parseGenerateArgs(args []string) (generatePart, error) {
	g, err := parseGenerate(args, new(strings.Builder))
	if err != nil {
		return generatePart{}, err
	}
	return generatePart{part: g.opt.Part.Index, parts: g.opt.Part.Count, out: g.opt.Out}, nil
}

// parseMergeArgs runs merge's real flag parsing on args.
func parseMergeArgs(args []string) ([]string, string, error) {
	return parseMerge(args, new(strings.Builder))
}

func TestDeployManifests(t *testing.T) {
	gen, merge := loadJob(t, "generate-job.yaml"), loadJob(t, "merge-job.yaml")
	n, problems := checkGenerateJob(gen, parseGenerateArgs)
	for _, p := range problems {
		t.Errorf("generate-job.yaml: %s", p)
	}
	if n < 2 {
		t.Errorf("generate-job.yaml: %d parts; the example should show a partitioned run", n)
	}
	for _, p := range checkMergeJob(merge, gen, parseMergeArgs) {
		t.Errorf("merge-job.yaml: %s", p)
	}
}

// TestDeployManifestChecksCatch breaks the manifests one field at a time and
// expects the checks above to notice each.
func TestDeployManifestChecksCatch(t *testing.T) {
	ptr := func(v int32) *int32 { return &v }
	genCases := map[string]func(j *batchv1.Job){
		"parallelism differs": func(j *batchv1.Job) { j.Spec.Parallelism = ptr(*j.Spec.Completions - 1) },
		"completions differ":  func(j *batchv1.Job) { j.Spec.Completions, j.Spec.Parallelism = ptr(3), ptr(3) },
		"not indexed":         func(j *batchv1.Job) { j.Spec.CompletionMode = nil },
		"restart on failure":  func(j *batchv1.Job) { j.Spec.Template.Spec.RestartPolicy = corev1.RestartPolicyOnFailure },
		"no index env":        func(j *batchv1.Job) { j.Spec.Template.Spec.Containers[0].Env = nil },
		"no cpu request": func(j *batchv1.Job) {
			delete(j.Spec.Template.Spec.Containers[0].Resources.Requests, corev1.ResourceCPU)
		},
		"latest image": func(j *batchv1.Job) { j.Spec.Template.Spec.Containers[0].Image = "flowbench:latest" },
		"unknown flag": func(j *batchv1.Job) {
			c := &j.Spec.Template.Spec.Containers[0]
			c.Args = append(c.Args, "--no-such-flag=1")
		},
		"bad flag value":       func(j *batchv1.Job) { c := &j.Spec.Template.Spec.Containers[0]; c.Args = append(c.Args, "--size=big") },
		"shared out":           func(j *batchv1.Job) { replaceFlag(&j.Spec.Template.Spec.Containers[0], "out", "s3://b/one") },
		"no resume":            func(j *batchv1.Job) { removeArg(&j.Spec.Template.Spec.Containers[0], "--resume") },
		"undeclared variable":  func(j *batchv1.Job) { replaceFlag(&j.Spec.Template.Spec.Containers[0], "out", "s3://b/$(INDEX)") },
		"part not from index":  func(j *batchv1.Job) { replaceFlag(&j.Spec.Template.Spec.Containers[0], "part", "0/8") },
		"subcommand not first": func(j *batchv1.Job) { c := &j.Spec.Template.Spec.Containers[0]; c.Args = c.Args[1:] },
		"no retries":           func(j *batchv1.Job) { j.Spec.BackoffLimitPerIndex, j.Spec.BackoffLimit = nil, ptr(0) },
		"pod condition without status": func(j *batchv1.Job) {
			for i := range j.Spec.PodFailurePolicy.Rules {
				for k := range j.Spec.PodFailurePolicy.Rules[i].OnPodConditions {
					j.Spec.PodFailurePolicy.Rules[i].OnPodConditions[k].Status = ""
				}
			}
		},
		"no region": func(j *batchv1.Job) {
			c := &j.Spec.Template.Spec.Containers[0]
			c.Env = slices.DeleteFunc(c.Env, func(e corev1.EnvVar) bool { return e.Name == "AWS_REGION" })
		},
		"root user":          func(j *batchv1.Job) { var root int64; j.Spec.Template.Spec.SecurityContext.RunAsUser = &root },
		"bad env name":       func(j *batchv1.Job) { c := &j.Spec.Template.Spec.Containers[0]; c.Env[0].Name = "1 INDEX" },
		"unknown mount":      func(j *batchv1.Job) { j.Spec.Template.Spec.Containers[0].VolumeMounts[0].Name = "scratch" },
		"status Maybe":       func(j *batchv1.Job) { j.Spec.PodFailurePolicy.Rules[1].OnPodConditions[0].Status = "Maybe" },
		"unknown action":     func(j *batchv1.Job) { j.Spec.PodFailurePolicy.Rules[0].Action = "Retry" },
		"rule on nothing":    func(j *batchv1.Job) { j.Spec.PodFailurePolicy.Rules[0].OnExitCodes = nil },
		"exit code 0":        func(j *batchv1.Job) { j.Spec.PodFailurePolicy.Rules[0].OnExitCodes.Values = []int32{0, 2} },
		"other container":    func(j *batchv1.Job) { n := "gen"; j.Spec.PodFailurePolicy.Rules[0].OnExitCodes.ContainerName = &n },
		"bad container name": func(j *batchv1.Job) { j.Spec.Template.Spec.Containers[0].Name = "Generate" },
		"memory limit too small": func(j *batchv1.Job) {
			c := &j.Spec.Template.Spec.Containers[0]
			delete(c.Resources.Limits, corev1.ResourceMemory)
		},
	}
	for name, breakIt := range genCases {
		j := loadJob(t, "generate-job.yaml")
		breakIt(j)
		if _, p := checkGenerateJob(j, parseGenerateArgs); len(p) == 0 {
			t.Errorf("generate Job with %s: no problem reported", name)
		}
	}
	mergeCases := map[string]func(m *batchv1.Job){
		"other image": func(m *batchv1.Job) { m.Spec.Template.Spec.Containers[0].Image = "REGISTRY/flowbench:0.0.9" },
		"missing part": func(m *batchv1.Job) {
			removeArg(&m.Spec.Template.Spec.Containers[0], "s3://BUCKET/flowbench/RUN/parts/3")
		},
		"parts swapped": func(m *batchv1.Job) { a := m.Spec.Template.Spec.Containers[0].Args; a[3], a[4] = a[4], a[3] },
		"indexed":       func(m *batchv1.Job) { mode := batchv1.IndexedCompletion; m.Spec.CompletionMode = &mode },
		"unknown flag": func(m *batchv1.Job) {
			c := &m.Spec.Template.Spec.Containers[0]
			c.Args = slices.Insert(c.Args, 1, "--shards=3")
		},
		"no fsGroup": func(m *batchv1.Job) { m.Spec.Template.Spec.SecurityContext.FSGroup = nil },
		"no wait":    func(m *batchv1.Job) { removeArg(&m.Spec.Template.Spec.Containers[0], "--wait=48h") },
		"no region": func(m *batchv1.Job) {
			m.Spec.Template.Spec.Containers[0].Env = nil
		},
		"no memory": func(m *batchv1.Job) {
			delete(m.Spec.Template.Spec.Containers[0].Resources.Requests, corev1.ResourceMemory)
		},
	}
	gen := loadJob(t, "generate-job.yaml")
	for name, breakIt := range mergeCases {
		m := loadJob(t, "merge-job.yaml")
		breakIt(m)
		if p := checkMergeJob(m, gen, parseMergeArgs); len(p) == 0 {
			t.Errorf("merge Job with %s: no problem reported", name)
		}
	}
}

// replaceFlag sets --name=value in c's args.
func replaceFlag(c *corev1.Container, name, value string) {
	for i, a := range c.Args {
		if strings.HasPrefix(a, "--"+name+"=") {
			c.Args[i] = "--" + name + "=" + value
		}
	}
}

// removeArg drops every arg equal to a.
func removeArg(c *corev1.Container, a string) {
	c.Args = slices.DeleteFunc(c.Args, func(s string) bool { return s == a })
}
