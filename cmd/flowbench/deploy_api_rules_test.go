package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// The API server's validation of a Job that the strict decoding into the
// API types does not do (k8s.io/kubernetes pkg/apis/batch/validation and
// core/validation, the OpenAPI schema's required fields): a test without a
// cluster. kubectl apply would refuse a manifest breaking any of these.

var (
	dns1123Label = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	envVarName   = regexp.MustCompile(`^[-._a-zA-Z][-._a-zA-Z0-9]*$`)
	labelValue   = regexp.MustCompile(`^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`)
)

// checkAPIRules reports what the API server would refuse in j.
func checkAPIRules(j *batchv1.Job) []string {
	var p []string
	bad := func(format string, a ...any) { p = append(p, fmt.Sprintf(format, a...)) }
	if !dns1123Label.MatchString(j.Name) || len(j.Name) > 63 {
		bad("metadata.name %q: want a DNS-1123 label", j.Name)
	}
	for where, labels := range map[string]map[string]string{"metadata": j.Labels, "template": j.Spec.Template.Labels} {
		for k, v := range labels {
			if len(v) > 63 || !labelValue.MatchString(v) {
				bad("%s label %s=%q: not a valid label value", where, k, v)
			}
		}
	}
	p = append(p, checkJobSpecRules(j.Spec)...)
	pod := j.Spec.Template.Spec
	if pod.RestartPolicy != corev1.RestartPolicyNever && pod.RestartPolicy != corev1.RestartPolicyOnFailure {
		bad("restartPolicy %q: a Job's pods need Never or OnFailure", pod.RestartPolicy)
	}
	volumes := map[string]bool{}
	for _, v := range pod.Volumes {
		if !dns1123Label.MatchString(v.Name) || volumes[v.Name] {
			bad("volume name %q: want a unique DNS-1123 label", v.Name)
		}
		volumes[v.Name] = true
		if n := volumeSources(v.VolumeSource); n != 1 {
			bad("volume %s: %d sources, want exactly one", v.Name, n)
		}
	}
	names := map[string]bool{}
	for _, c := range append(slices.Clone(pod.InitContainers), pod.Containers...) {
		if !dns1123Label.MatchString(c.Name) || names[c.Name] {
			bad("container name %q: want a unique DNS-1123 label", c.Name)
		}
		names[c.Name] = true
		if c.Image == "" {
			bad("container %s: image is required", c.Name)
		}
		mounted := map[string]bool{}
		for _, m := range c.VolumeMounts {
			if !volumes[m.Name] {
				bad("container %s: volumeMount %q names no volume of the pod", c.Name, m.Name)
			}
			if !strings.HasPrefix(m.MountPath, "/") {
				bad("container %s: mountPath %q must be absolute", c.Name, m.MountPath)
			}
			if mounted[m.MountPath] {
				bad("container %s: mountPath %q mounted twice", c.Name, m.MountPath)
			}
			mounted[m.MountPath] = true
		}
		for i, e := range c.EnvFrom {
			cm, sec := e.ConfigMapRef, e.SecretRef
			if (cm == nil) == (sec == nil) || (cm != nil && cm.Name == "") || (sec != nil && sec.Name == "") {
				bad("container %s: envFrom[%d]: want exactly one of configMapRef and secretRef, with a name", c.Name, i)
			}
		}
		for r, lim := range c.Resources.Limits {
			if req, ok := c.Resources.Requests[r]; ok && req.Cmp(lim) > 0 {
				bad("container %s: %s request %s above its limit %s", c.Name, r, req.String(), lim.String())
			}
		}
		if sc := c.SecurityContext; sc != nil {
			// The container's settings override the pod's.
			if sc.RunAsUser != nil && *sc.RunAsUser == 0 {
				bad("container %s: securityContext.runAsUser 0 (root)", c.Name)
			}
			if sc.RunAsNonRoot != nil && !*sc.RunAsNonRoot {
				bad("container %s: securityContext.runAsNonRoot false", c.Name)
			}
		}
		for _, e := range c.Env {
			if !envVarName.MatchString(e.Name) {
				bad("container %s: env name %q is not a valid variable name", c.Name, e.Name)
			}
			if e.Value != "" && e.ValueFrom != nil {
				bad("container %s: env %s has both value and valueFrom", c.Name, e.Name)
			}
		}
	}
	if pfp := j.Spec.PodFailurePolicy; pfp != nil {
		if pod.RestartPolicy != corev1.RestartPolicyNever {
			bad("podFailurePolicy needs restartPolicy Never, got %q", pod.RestartPolicy)
		}
		if len(pfp.Rules) > 20 {
			bad("podFailurePolicy: %d rules, at most 20", len(pfp.Rules))
		}
		for i, r := range pfp.Rules {
			switch r.Action {
			case batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyActionIgnore, batchv1.PodFailurePolicyActionCount:
			case batchv1.PodFailurePolicyActionFailIndex:
				if j.Spec.BackoffLimitPerIndex == nil {
					bad("podFailurePolicy.rules[%d]: action FailIndex needs backoffLimitPerIndex", i)
				}
			default:
				bad("podFailurePolicy.rules[%d].action %q: want FailJob, FailIndex, Ignore or Count", i, r.Action)
			}
			if (r.OnExitCodes == nil) == (len(r.OnPodConditions) == 0) {
				bad("podFailurePolicy.rules[%d]: exactly one of onExitCodes and onPodConditions is required", i)
			}
			if ec := r.OnExitCodes; ec != nil {
				if ec.Operator != batchv1.PodFailurePolicyOnExitCodesOpIn && ec.Operator != batchv1.PodFailurePolicyOnExitCodesOpNotIn {
					bad("podFailurePolicy.rules[%d].onExitCodes.operator %q: want In or NotIn", i, ec.Operator)
				}
				if len(ec.Values) == 0 || (ec.Operator == batchv1.PodFailurePolicyOnExitCodesOpIn && slices.Contains(ec.Values, 0)) {
					bad("podFailurePolicy.rules[%d].onExitCodes.values %v: want non-zero codes", i, ec.Values)
				}
				if len(ec.Values) > 255 {
					bad("podFailurePolicy.rules[%d].onExitCodes.values: %d codes, at most 255", i, len(ec.Values))
				}
				for k := 1; k < len(ec.Values); k++ {
					if ec.Values[k] <= ec.Values[k-1] {
						bad("podFailurePolicy.rules[%d].onExitCodes.values %v: must be unique and in increasing order", i, ec.Values)
						break
					}
				}
				if ec.ContainerName != nil && !names[*ec.ContainerName] {
					bad("podFailurePolicy.rules[%d].onExitCodes.containerName %q names no container", i, *ec.ContainerName)
				}
			}
			for k, pc := range r.OnPodConditions {
				if pc.Type == "" {
					bad("podFailurePolicy.rules[%d].onPodConditions[%d].type is required", i, k)
				}
				// Required by the schema (kubernetes/kubernetes#131512: an
				// API server refused a pattern without it).
				if pc.Status != corev1.ConditionTrue && pc.Status != corev1.ConditionFalse && pc.Status != corev1.ConditionUnknown {
					bad("podFailurePolicy.rules[%d].onPodConditions[%d] (%s): status %q: want True, False or Unknown", i, k, pc.Type, pc.Status)
				}
			}
		}
	}
	if sc := pod.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 {
		bad("pod securityContext: want runAsNonRoot true and a non-zero runAsUser (the image's user)")
	}
	return p
}

// checkJobSpecRules reports what the API server refuses in the counts and
// modes of a Job's spec: negative counts, an Indexed Job without
// completions, per-index retries without Indexed, maxFailedIndexes without
// per-index retries or above completions, a hand-made selector.
func checkJobSpecRules(s batchv1.JobSpec) []string {
	var p []string
	bad := func(format string, a ...any) { p = append(p, fmt.Sprintf(format, a...)) }
	counts := map[string]*int32{"completions": s.Completions, "parallelism": s.Parallelism, "backoffLimit": s.BackoffLimit,
		"backoffLimitPerIndex": s.BackoffLimitPerIndex, "maxFailedIndexes": s.MaxFailedIndexes, "ttlSecondsAfterFinished": s.TTLSecondsAfterFinished}
	for _, name := range slices.Sorted(maps.Keys(counts)) {
		if v := counts[name]; v != nil && *v < 0 {
			bad("%s %d: must not be negative", name, *v)
		}
	}
	indexed := s.CompletionMode != nil && *s.CompletionMode == batchv1.IndexedCompletion
	if s.CompletionMode != nil && !indexed && *s.CompletionMode != batchv1.NonIndexedCompletion {
		bad("completionMode %q: want Indexed or NonIndexed", *s.CompletionMode)
	}
	if indexed && s.Completions == nil {
		bad("completionMode Indexed needs completions")
	}
	if s.BackoffLimitPerIndex != nil && !indexed {
		bad("backoffLimitPerIndex needs completionMode Indexed")
	}
	if s.MaxFailedIndexes != nil {
		if s.BackoffLimitPerIndex == nil {
			bad("maxFailedIndexes needs backoffLimitPerIndex")
		}
		if s.Completions != nil && *s.MaxFailedIndexes > *s.Completions {
			bad("maxFailedIndexes %d exceeds completions %d", *s.MaxFailedIndexes, *s.Completions)
		}
	}
	if s.Selector != nil || (s.ManualSelector != nil && *s.ManualSelector) {
		bad("selector set: the Job controller makes it (a hand-made one must match the template and no other pod)")
	}
	return p
}

// volumeSources counts the sources a volume sets; the API server wants
// exactly one.
func volumeSources(v corev1.VolumeSource) int {
	n := 0
	rv := reflect.ValueOf(v)
	for i := range rv.NumField() {
		if f := rv.Field(i); f.Kind() == reflect.Pointer && !f.IsNil() {
			n++
		}
	}
	return n
}

// checkRegion reports an s3:// URL in c's args with no region: neither
// ?region= in the URL nor AWS_REGION in the container's env.
func checkRegion(c *corev1.Container) []string {
	hasEnv := slices.ContainsFunc(c.Env, func(e corev1.EnvVar) bool { return e.Name == "AWS_REGION" && e.Value != "" })
	for _, a := range c.Args {
		if i := strings.Index(a, "s3://"); i >= 0 && !strings.Contains(a[i:], "region=") && !hasEnv {
			return []string{fmt.Sprintf("container %s: %s names no region: set AWS_REGION or ?region=", c.Name, a[i:])}
		}
	}
	return nil
}

// A field the API does not know is refused by the strict decoding (kubectl
// apply refuses it too, with --validate=strict, the default).
func TestDeployManifestsRefuseUnknownFields(t *testing.T) {
	for _, name := range []string{"generate-job.yaml", "merge-job.yaml"} {
		data, err := os.ReadFile(filepath.Join(k8sDir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ from, to string }{
			{"  backoffLimit", "  backofLimit"},
			{"      restartPolicy: Never", "      restartPolicy: Never\n      restartPolicyy: Never"},
			{"          image:", "          imagee: x\n          image:"},
			{"status: \"True\"", "status: \"True\"\n            reason: x"},
		} {
			if !strings.Contains(string(data), c.from) {
				continue
			}
			var j batchv1.Job
			if err := yaml.UnmarshalStrict([]byte(strings.Replace(string(data), c.from, c.to, 1)), &j); err == nil {
				t.Errorf("%s with %q: decoded without error", name, strings.TrimSpace(c.to))
			}
		}
	}
}
