package main

import (
	"encoding/json"
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

	"flowbench/pipeline"
)

// Every document of every manifest under deploy/k8s is decoded strictly
// into its Kubernetes API type (a field the type does not have is an
// error), and every field the type declares without omitempty (what the
// Kubernetes OpenAPI schema lists as required; validators such as
// kubeconform refuse a document without it) must be present.

// manifestDoc is one YAML document of a manifest file.
type manifestDoc struct {
	file  string // the file name under deploy/k8s
	index int    // the document's position in the file, from 0
	data  []byte
}

func (d manifestDoc) String() string { return fmt.Sprintf("%s (document %d)", d.file, d.index+1) }

// docSeparator splits a YAML stream into documents.
var docSeparator = regexp.MustCompile(`(?m)^---[ \t]*(#.*)?$`)

// manifestDocs returns every non-empty document of every .yaml file in dir.
func manifestDocs(t *testing.T, dir string) []manifestDoc {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in %s (%v)", dir, err)
	}
	more, _ := filepath.Glob(filepath.Join(dir, "*.yml"))
	var docs []manifestDoc
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range docSeparator.Split(string(data), -1) {
			if strings.TrimSpace(regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(d, "")) == "" {
				continue
			}
			docs = append(docs, manifestDoc{file: filepath.Base(f), index: i, data: []byte(d)})
		}
	}
	return docs
}

// manifestKinds are the API types a manifest of deploy/k8s may hold, by
// apiVersion and kind.
var manifestKinds = map[string]func() any{
	"batch/v1 Job":             func() any { return new(batchv1.Job) },
	"v1 ServiceAccount":        func() any { return new(corev1.ServiceAccount) },
	"v1 ConfigMap":             func() any { return new(corev1.ConfigMap) },
	"v1 Secret":                func() any { return new(corev1.Secret) },
	"v1 Namespace":             func() any { return new(corev1.Namespace) },
	"v1 PersistentVolumeClaim": func() any { return new(corev1.PersistentVolumeClaim) },
}

// decodeManifest decodes one document strictly into its API type and
// reports the required fields it lacks and the keys that are no field
// (see missingRequired).
func decodeManifest(data []byte) (any, []string, error) {
	var tm struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	if err := yaml.Unmarshal(data, &tm); err != nil {
		return nil, nil, err
	}
	newObj, ok := manifestKinds[tm.APIVersion+" "+tm.Kind]
	if !ok {
		return nil, nil, fmt.Errorf("apiVersion %q kind %q: not a type this test knows (add it to manifestKinds)", tm.APIVersion, tm.Kind)
	}
	obj := newObj()
	if err := yaml.UnmarshalStrict(data, obj); err != nil {
		return nil, nil, err
	}
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, nil, err
	}
	var raw any
	if err := json.Unmarshal(js, &raw); err != nil {
		return nil, nil, err
	}
	return obj, missingRequired(raw, reflect.TypeOf(obj).Elem(), ""), nil
}

// jsonUnmarshaler is the interface of types that decode themselves
// (quantities, int-or-string, times): their insides are not fields.
var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// jsonField is a field of an API type as JSON sees it.
type jsonField struct {
	typ      reflect.Type
	optional bool // omitempty or omitzero
}

// jsonFields returns the JSON fields of struct type t by name, with those
// of inline and embedded structs.
func jsonFields(t reflect.Type) map[string]jsonField {
	out := map[string]jsonField{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, hasTag := f.Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		switch {
		case tag == "-" || (!f.IsExported() && !f.Anonymous):
		case name == "" && (f.Anonymous || strings.Contains(opts, "inline")):
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			for k, v := range jsonFields(ft) {
				out[k] = v
			}
		case hasTag && name != "":
			optional := slices.ContainsFunc(strings.Split(opts, ","), func(o string) bool { return o == "omitempty" || o == "omitzero" })
			out[name] = jsonField{f.Type, optional}
		}
	}
	return out
}

// missingRequired walks raw (decoded JSON) along the Go type t and returns
// the required fields that are absent, as "PATH is required": fields whose
// json tag has no omitempty (or omitzero), the rule that makes them
// required in the OpenAPI schemas generated from these types; and keys
// that are no field, as "unknown field PATH". Keys are matched with their
// case, as the API server does (encoding/json, under sigs.k8s.io/yaml's
// strict decoding, ignores case: it takes backOffLimit for backoffLimit).
func missingRequired(raw any, t reflect.Type, path string) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		return nil
	}
	var out []string
	switch t.Kind() {
	case reflect.Struct:
		m, ok := raw.(map[string]any)
		if !ok {
			return nil
		}
		fields := jsonFields(t)
		names := slices.Sorted(maps.Keys(fields))
		for _, name := range names {
			f := fields[name]
			v, present := m[name]
			if !present {
				if !f.optional {
					out = append(out, strings.TrimPrefix(path+"."+name, ".")+" is required")
				}
				continue
			}
			out = append(out, missingRequired(v, f.typ, path+"."+name)...)
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if _, ok := fields[k]; !ok {
				out = append(out, "unknown field "+strings.TrimPrefix(path+"."+k, "."))
			}
		}
	case reflect.Slice:
		if l, ok := raw.([]any); ok {
			for i, v := range l {
				out = append(out, missingRequired(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	case reflect.Map:
		if m, ok := raw.(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				out = append(out, missingRequired(m[k], t.Elem(), path+"["+k+"]")...)
			}
		}
	}
	return out
}

func TestDeployManifestDocuments(t *testing.T) {
	for _, d := range manifestDocs(t, k8sDir) {
		for _, p := range checkManifestDoc(d.data) {
			t.Errorf("%s: %s", d, p)
		}
	}
}

// checkManifestDoc reports what a validator or the API server would refuse
// in one document: an unknown kind or field, a missing required field, and
// for a Job the validation rules of checkAPIRules.
func checkManifestDoc(data []byte) []string {
	obj, missing, err := decodeManifest(data)
	if err != nil {
		return []string{err.Error()}
	}
	var p []string
	p = append(p, missing...)
	if j, ok := obj.(*batchv1.Job); ok {
		p = append(p, checkAPIRules(j)...)
	} else if name := reflect.ValueOf(obj).Elem().FieldByName("Name").String(); !dns1123Label.MatchString(name) {
		p = append(p, fmt.Sprintf("metadata.name %q: want a DNS-1123 label", name))
	}
	return p
}

// checkApplyTogether reports what the Jobs refer to that the manifests do
// not define, so that kubectl apply -f deploy/k8s/ alone would leave a pod
// unable to start: a service account, a ConfigMap or Secret read without
// optional: true.
func checkApplyTogether(objs []any) []string {
	defined := map[string]bool{}
	for _, o := range objs {
		switch o := o.(type) {
		case *corev1.ServiceAccount:
			defined["ServiceAccount "+o.Name] = true
		case *corev1.ConfigMap:
			defined["ConfigMap "+o.Name] = true
		case *corev1.Secret:
			defined["Secret "+o.Name] = true
		}
	}
	var p []string
	need := func(job, what string) {
		if !defined[what] {
			p = append(p, fmt.Sprintf("Job %s uses %s, which no manifest defines", job, what))
		}
	}
	for _, o := range objs {
		j, ok := o.(*batchv1.Job)
		if !ok {
			continue
		}
		pod := j.Spec.Template.Spec
		if sa := pod.ServiceAccountName; sa != "" && sa != "default" {
			need(j.Name, "ServiceAccount "+sa)
		}
		for _, c := range append(slices.Clone(pod.InitContainers), pod.Containers...) {
			for _, e := range c.EnvFrom {
				if r := e.ConfigMapRef; r != nil && (r.Optional == nil || !*r.Optional) {
					need(j.Name, "ConfigMap "+r.Name)
				}
				if r := e.SecretRef; r != nil && (r.Optional == nil || !*r.Optional) {
					need(j.Name, "Secret "+r.Name)
				}
			}
			for _, e := range c.Env {
				if v := e.ValueFrom; v != nil && v.ConfigMapKeyRef != nil && (v.ConfigMapKeyRef.Optional == nil || !*v.ConfigMapKeyRef.Optional) {
					need(j.Name, "ConfigMap "+v.ConfigMapKeyRef.Name)
				}
			}
		}
	}
	return p
}

func TestDeployManifestsApplyTogether(t *testing.T) {
	var objs []any
	for _, d := range manifestDocs(t, k8sDir) {
		if obj, _, err := decodeManifest(d.data); err == nil {
			objs = append(objs, obj)
		}
	}
	for _, p := range checkApplyTogether(objs) {
		t.Error(p)
	}
}

// TestDeployManifestDocumentsCatch breaks the manifests' text the ways the
// user's validator and the API server refuse, one at a time, and expects
// checkManifestDoc to report each.
func TestDeployManifestDocumentsCatch(t *testing.T) {
	for _, c := range []struct {
		name, file, from, to, want string
	}{
		{"pod condition without status", "generate-job.yaml", "            status: \"True\"\n", "", "onPodConditions[0].status is required"},
		{"merge pod condition without status", "merge-job.yaml", "            status: \"True\"\n", "", "onPodConditions[0].status is required"},
		{"pod condition without type", "merge-job.yaml", "          - type: DisruptionTarget\n            status", "          - status", "onPodConditions[0].type is required"},
		{"exit codes without operator", "generate-job.yaml", "          operator: In\n", "", "onExitCodes.operator is required"},
		{"exit codes without values", "merge-job.yaml", "          values: [1, 2]\n", "", "onExitCodes.values is required"},
		{"rule without action", "generate-job.yaml", "      - action: Ignore\n        onPodConditions", "      - onPodConditions", "rules[1].action is required"},
		{"unknown field in a rule", "generate-job.yaml", "            status: \"True\"\n", "            status: \"True\"\n            reason: Evicted\n", "unknown field"},
		{"misspelt field", "merge-job.yaml", "  backoffLimit: 3", "  backOffLimit: 3", "unknown field"},
		{"mount without path", "generate-job.yaml", "              mountPath: /tmp\n", "", "mountPath is required"},
		{"env without name", "generate-job.yaml", "            - name: AWS_REGION\n              value", "            - value", "env[1].name is required"},
		{"container without name", "merge-job.yaml", "        - name: merge\n          image", "        - image", "containers[0].name is required"},
		{"container without image", "merge-job.yaml", "          image: REGISTRY/flowbench:" + pipeline.Version + "\n", "", "image is required"},
		{"pod runs as root", "generate-job.yaml", "        runAsUser: 65532\n", "        runAsUser: 0\n", "non-zero runAsUser"},
		{"container runs as root", "merge-job.yaml", "            allowPrivilegeEscalation: false\n", "            allowPrivilegeEscalation: false\n            runAsUser: 0\n", "runAsUser 0"},
		{"restart on failure", "generate-job.yaml", "restartPolicy: Never", "restartPolicy: OnFailure", "needs restartPolicy Never"},
		{"mount of no volume", "merge-job.yaml", "            - name: tmp\n              mountPath", "            - name: scratch\n              mountPath", "names no volume"},
		{"bad status", "generate-job.yaml", "status: \"True\"", "status: \"Yes\"", "want True, False or Unknown"},
		{"unknown kind", "merge-job.yaml", "kind: Job", "kind: Jobs", "not a type this test knows"},
		{"exit codes out of order", "merge-job.yaml", "values: [1, 2]", "values: [2, 1]", "unique and in increasing order"},
		{"exit code twice", "merge-job.yaml", "values: [1, 2]", "values: [1, 1, 2]", "unique and in increasing order"},
		{"FailIndex without per-index retries", "merge-job.yaml", "      - action: FailJob", "      - action: FailIndex", "FailIndex needs backoffLimitPerIndex"},
		{"restart always", "merge-job.yaml", "restartPolicy: Never", "restartPolicy: Always", "need Never or OnFailure"},
		{"per-index retries, not Indexed", "generate-job.yaml", "  completionMode: Indexed\n", "", "backoffLimitPerIndex needs completionMode Indexed"},
		{"more failed indexes than indexes", "generate-job.yaml", "maxFailedIndexes: 0", "maxFailedIndexes: 99", "exceeds completions"},
		{"negative retries", "merge-job.yaml", "backoffLimit: 3", "backoffLimit: -1", "must not be negative"},
		{"volume without a source", "generate-job.yaml", "          emptyDir: {}\n", "", "0 sources"},
		{"two mounts on one path", "generate-job.yaml", "            - name: tmp\n              mountPath: /tmp\n", "            - name: tmp\n              mountPath: /tmp\n            - name: tmp\n              mountPath: /tmp\n", "mounted twice"},
		{"request above the limit", "generate-job.yaml", "              memory: 2Gi", "              memory: 4Gi", "above its limit"},
		{"bad label value", "generate-job.yaml", "    app.kubernetes.io/component: generate\nspec:", "    app.kubernetes.io/component: generate!\nspec:", "not a valid label value"},
		{"envFrom of nothing", "merge-job.yaml", "            - secretRef:\n                name: flowbench-storage\n                optional: true\n", "            - prefix: X_\n", "exactly one of configMapRef and secretRef"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(k8sDir, c.file))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), c.from) {
				t.Fatalf("%s no longer contains %q; update the case", c.file, c.from)
			}
			broken := strings.Replace(string(data), c.from, c.to, 1)
			p := checkManifestDoc([]byte(broken))
			if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
				t.Errorf("reported %q; want a problem containing %q", p, c.want)
			}
			if len(checkManifestDoc(data)) != 0 {
				t.Errorf("the intact %s is refused: %q", c.file, checkManifestDoc(data))
			}
		})
	}
	// A Job whose service account no manifest defines.
	data, _ := os.ReadFile(filepath.Join(k8sDir, "generate-job.yaml"))
	obj, _, err := decodeManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	if p := checkApplyTogether([]any{obj}); len(p) == 0 {
		t.Error("a Job alone, without its ServiceAccount: no problem reported")
	}
}
