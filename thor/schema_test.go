package thor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"flowbench/internal/schematest"
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

// loadMetadataSchema compiles AI2-THOR's metadata schema (draft-07) with
// santhosh-tekuri/jsonschema, or skips the test when the shared reference
// directory is not there.
func loadMetadataSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join(sharedDir(), "reference", "ai2thor", "metadata-schema.json")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("AI2-THOR metadata schema not available (%v); set FLOWBENCH_SHARED to the shared reference directory", err)
	}
	return schematest.CompileFile(t, path)
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
			if _, ok := ps[0].(map[string]any); len(ps) == 0 || !ok {
				t.Errorf("GetReachablePositions: actionReturn %v, want a non-empty list of positions", md["actionReturn"])
			}
			if v3, _ := md["actionVector3sReturn"].([]any); len(v3) != 0 {
				t.Errorf("GetReachablePositions: actionVector3sReturn holds %d entries, want none (the positions go in actionReturn)", len(v3))
			}
			md["actionReturn"] = nil
		}
		if err := schema.Validate(md); err != nil {
			t.Errorf("request %s: reply violates the schema:\n%v", r[:min(len(r), 60)], err)
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
		if err := schema.Validate(md); err != nil {
			t.Fatalf("unbroken metadata fails: %v", err)
		}
		brk(md)
		if err := schema.Validate(md); err == nil {
			t.Errorf("%s: the validator accepted broken metadata", name)
		}
	}
}
