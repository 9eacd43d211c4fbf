package thor

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"flowbench/sim"
)

// sharedDir returns the shared reference directory: $FLOWBENCH_SHARED, or
// ../shared next to the repository root.
func sharedDir() string {
	if d := os.Getenv("FLOWBENCH_SHARED"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared")
}

// loadMetadataSchema reads AI2-THOR's metadata schema or skips the test.
func loadMetadataSchema(t *testing.T) map[string]any {
	t.Helper()
	path := filepath.Join(sharedDir(), "reference", "ai2thor", "metadata-schema.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("AI2-THOR metadata schema not available (%v); set FLOWBENCH_SHARED to the shared reference directory", err)
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// validate checks v (decoded JSON) against the subset of JSON Schema the
// AI2-THOR schema uses: type (one or a list), required, properties, items,
// enum and anyOf. It returns every violation with its JSON path.
func validate(schema map[string]any, v any, path string) []string {
	var errs []string
	if t, ok := schema["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		match := false
		for _, typ := range types {
			if hasType(v, typ) {
				match = true
			}
		}
		if !match {
			return []string{fmt.Sprintf("%s: %s is not of type %v", path, jsonKind(v), types)}
		}
	}
	if e, ok := schema["enum"].([]any); ok {
		found := false
		for _, x := range e {
			if fmt.Sprint(x) == fmt.Sprint(v) {
				found = true
			}
		}
		if !found {
			errs = append(errs, fmt.Sprintf("%s: %v not in enum %v", path, v, e))
		}
	}
	if alts, ok := schema["anyOf"].([]any); ok {
		okOne := false
		for _, sub := range alts {
			if len(validate(sub.(map[string]any), v, path)) == 0 {
				okOne = true
				break
			}
		}
		if !okOne {
			errs = append(errs, fmt.Sprintf("%s: matches no anyOf alternative", path))
		}
	}
	if obj, ok := v.(map[string]any); ok {
		if req, ok := schema["required"].([]any); ok {
			for _, r := range req {
				if _, ok := obj[r.(string)]; !ok {
					errs = append(errs, fmt.Sprintf("%s: missing required %q", path, r))
				}
			}
		}
		if props, ok := schema["properties"].(map[string]any); ok {
			keys := make([]string, 0, len(props))
			for k := range props {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if x, ok := obj[k]; ok {
					errs = append(errs, validate(props[k].(map[string]any), x, path+"."+k)...)
				}
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if items, ok := schema["items"].(map[string]any); ok {
			for i, x := range arr {
				errs = append(errs, validate(items, x, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	return errs
}

func hasType(v any, typ string) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	}
	return false
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

// replyMetadata decodes a reply and returns its metadata as generic JSON.
func replyMetadata(t *testing.T, reply []byte) map[string]any {
	t.Helper()
	var r struct {
		Metadata map[string]any `json:"metadata"`
	}
	if err := json.Unmarshal(reply, &r); err != nil {
		t.Fatal(err)
	}
	return r.Metadata
}

// TestMetadataMatchesAI2THORSchema validates the reply of every action, and
// of failures, against AI2-THOR's own metadata schema.
func TestMetadataMatchesAI2THORSchema(t *testing.T) {
	schema := loadMetadataSchema(t)
	h, err := sim.Generate(sim.StyleProcTHOR, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := json.Marshal(h)
	s := newSession(ServerOptions{}.withDefaults())
	reqs := []string{
		`{"id":1,"action":"Pass"}`,
		`{"id":2,"action":"Initialize","args":{"width":32,"height":24,"fieldOfView":60,"gridSize":0.25}}`,
		`{"id":3,"action":"CreateHouse","args":{"house":` + string(hb) + `}}`,
		`{"id":4,"action":"GetReachablePositions"}`,
		`{"id":5,"action":"TeleportFull","args":{"position":{"x":1,"y":0,"z":1},"rotation":{"x":0,"y":45,"z":0},"horizon":20,"standing":true}}`,
		`{"id":6,"action":"Render","args":{"passes":["rgb","depth","ids"]}}`,
		`{"id":7,"action":"GetCoordinateFromRaycast","args":{"x":0.5,"y":0.5}}`,
		`{"id":8,"action":"TeleportObject","args":{"objectId":"nope","position":{"x":0,"y":0,"z":0}}}`,
		`{"id":9,"action":"Jump"}`,
		`not json`,
	}
	sawObjects, sawFailure := false, false
	for _, r := range reqs {
		_, reply := s.handle([]byte(r))
		md := replyMetadata(t, reply)
		if md["lastAction"] == ActionReachable {
			// AI2-THOR's own GetReachablePositions returns its list of
			// positions in actionReturn (BaseFPSAgentController.cs:
			// actionFinishedEmit(true, reachablePositions)), which the
			// published schema's generic ["object", "null"] does not cover.
			ps, _ := md["actionReturn"].([]any)
			if len(ps) == 0 || !hasType(ps[0], "object") {
				t.Errorf("GetReachablePositions: actionReturn %v, want a non-empty list of positions", md["actionReturn"])
			}
			if v3, _ := md["actionVector3sReturn"].([]any); len(v3) != 0 {
				t.Errorf("GetReachablePositions: actionVector3sReturn holds %d entries, want none (the positions go in actionReturn)", len(v3))
			}
			md["actionReturn"] = nil
		}
		if errs := validate(schema, md, "metadata"); len(errs) > 0 {
			t.Errorf("request %s: reply violates the schema:\n%v", r[:min(len(r), 60)], errs)
		}
		if objs, _ := md["objects"].([]any); len(objs) > 0 {
			sawObjects = true
		}
		if md["lastActionSuccess"] == false {
			sawFailure = true
		}
	}
	if !sawObjects || !sawFailure {
		t.Fatalf("the script must produce object metadata (%v) and failures (%v)", sawObjects, sawFailure)
	}
}

// TestSchemaValidatorRejects makes sure the checker can fail: broken
// metadata must be reported.
func TestSchemaValidatorRejects(t *testing.T) {
	schema := loadMetadataSchema(t)
	h, err := sim.Generate(sim.StyleProcTHOR, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := json.Marshal(h)
	s := newSession(ServerOptions{}.withDefaults())
	_, reply := s.handle([]byte(`{"id":1,"action":"CreateHouse","args":{"house":` + string(hb) + `}}`))
	breakers := map[string]func(md map[string]any){
		"missing agent":       func(md map[string]any) { delete(md, "agent") },
		"visible as string":   func(md map[string]any) { md["objects"].([]any)[0].(map[string]any)["visible"] = "yes" },
		"null array":          func(md map[string]any) { md["collidedObjects"] = nil },
		"fractional width":    func(md map[string]any) { md["screenWidth"] = 1.5 },
		"actionReturn string": func(md map[string]any) { md["actionReturn"] = "x" },
		"bad parent list":     func(md map[string]any) { md["objects"].([]any)[0].(map[string]any)["parentReceptacles"] = []any{1.0} },
		"corner not numbers": func(md map[string]any) {
			md["objects"].([]any)[0].(map[string]any)["axisAlignedBoundingBox"].(map[string]any)["cornerPoints"] = []any{[]any{"a"}}
		},
	}
	for name, brk := range breakers {
		md := replyMetadata(t, reply)
		if errs := validate(schema, md, "metadata"); len(errs) > 0 {
			t.Fatalf("unbroken metadata fails: %v", errs)
		}
		brk(md)
		if errs := validate(schema, md, "metadata"); len(errs) == 0 {
			t.Errorf("%s: the validator accepted broken metadata", name)
		}
	}
}
