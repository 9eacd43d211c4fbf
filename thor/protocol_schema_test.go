package thor

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"flowbench/internal/schematest"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// textMessage is one websocket text message a relay carried.
type textMessage struct {
	fromClient bool
	data       []byte
}

// messageLog collects the text messages of every connection through a relay.
type messageLog struct {
	mu   sync.Mutex
	msgs []textMessage
}

func (l *messageLog) add(fromClient bool, b []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.msgs = append(l.msgs, textMessage{fromClient, append([]byte(nil), b...)})
}

func (l *messageLog) all() []textMessage {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]textMessage(nil), l.msgs...)
}

// startRelay serves a websocket relay on a loopback port that connects each
// client to target and forwards every message both ways unchanged,
// recording the text messages; it returns the relay's URL.
func startRelay(t *testing.T, target string) (string, *messageLog) {
	t.Helper()
	log := &messageLog{}
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	up := websocket.Upgrader{}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		client, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer client.Close()
		server, _, err := websocket.DefaultDialer.Dial(target, nil)
		if err != nil {
			return
		}
		defer server.Close()
		pump := func(src, dst *websocket.Conn, fromClient bool) {
			for {
				typ, b, err := src.ReadMessage()
				if err != nil {
					dst.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
					return
				}
				if typ == websocket.TextMessage {
					log.add(fromClient, b)
				}
				if dst.WriteMessage(typ, b) != nil {
					return
				}
			}
		}
		done := make(chan struct{})
		go func() { pump(server, client, false); close(done) }()
		pump(client, server, true)
		<-done
	})}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return "ws://" + ln.Addr().String(), log
}

// protocolSchemas compiles the published protocol schema and its parts.
func protocolSchemas(t *testing.T) (message, hello, request, reply *jsonschema.Schema) {
	dir, err := schematest.Dir()
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	compile := func(frag string) *jsonschema.Schema {
		s, err := c.Compile(dir + "/protocol.schema.json" + frag)
		if err != nil {
			t.Fatalf("compiling protocol.schema.json%s: %v", frag, err)
		}
		return s
	}
	return compile(""), compile("#/$defs/hello"), compile("#/$defs/request"), compile("#/$defs/reply")
}

// TestProtocolMessagesMatchSchema runs TestClientMatchesLocal's script (every
// action the Go client sends, accepted and refused) through a relay that
// records the text messages, and validates each against
// docs/schemas/protocol.schema.json: hellos both ways, every request, every
// reply. A raw session adds the actions and argument forms the client does
// not use (PlaceObjectAtPoint, Pass, viewport ray casts, chosen passes),
// malformed requests, whose error replies must validate too, and a refused
// hello.
func TestProtocolMessagesMatchSchema(t *testing.T) {
	message, hello, request, reply := protocolSchemas(t)
	_, url := startServer(t, ServerOptions{})
	relayURL, log := startRelay(t, url)
	h := testHouse(t, 1)
	p := &pair{t: t, local: planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}}), remote: dialTest(t, relayURL, Options{})}
	runScript(t, p, h)

	raw, _, err := websocket.DefaultDialer.Dial(relayURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	send := func(msg string) []byte {
		t.Helper()
		raw.SetReadDeadline(time.Now().Add(30 * time.Second)) // a failure guard only
		if err := raw.WriteMessage(websocket.TextMessage, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		for {
			typ, b, err := raw.ReadMessage()
			if err != nil {
				t.Fatalf("no answer to %.80q: %v", msg, err)
			}
			if typ == websocket.TextMessage {
				return b
			}
		}
	}
	send(`{"protocol":"flowbench-thor","version":1,"role":"client","name":"schema-test"}`)
	hb, err := sim.EncodeHouse(h)
	if err != nil {
		t.Fatal(err)
	}
	// A fresh scene of the same house: the raw session places a movable
	// floor object where it stands (its bottom centre) and the camera at a
	// reachable position.
	fresh := planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}})
	if err := fresh.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	objs, err := fresh.Objects()
	if err != nil {
		t.Fatal(err)
	}
	reach, err := fresh.ReachablePositions()
	if err != nil || len(reach) == 0 {
		t.Fatalf("reachable positions: %v", err)
	}
	var mover, bottom, eye string
	for _, o := range objs {
		if o.Movable() && o.Parent == "" {
			mover = o.ID
			bottom = fmt.Sprintf(`{"x":%g,"y":%g,"z":%g}`, o.Position[0], o.Position[1]-o.Size[1]/2, o.Position[2])
		}
	}
	eye = fmt.Sprintf(`{"x":%g,"y":0,"z":%g}`, reach[0][0], reach[0][2])
	for _, r := range []string{
		`{"id":1,"action":"Initialize","args":{"width":48,"height":32,"fieldOfView":75,"gridSize":0.25}}`,
		`{"id":2,"action":"CreateHouse","args":{"house":` + string(hb) + `},"withObjects":false}`,
		`{"id":3,"action":"Pass"}`,
		`{"id":4,"action":"TeleportFull","args":{"position":` + eye + `,"rotation":{"x":0,"y":90,"z":0},"horizon":10,"standing":true,"eyeHeight":1.5}}`,
		`{"id":5,"action":"GetCoordinateFromRaycast","args":{"x":0.5,"y":0.5}}`,
		`{"id":6,"action":"Render","args":{"passes":["depth","ids"]}}`,
		`{"id":7,"action":"PlaceObjectAtPoint","args":{"objectId":"` + mover + `","position":` + bottom + `}}`,
		`{"id":8,"action":"PlaceObjectAtPoint","args":{"objectId":"nope","position":{"x":0,"y":0,"z":0}}}`,
		`{"id":9,"action":"SettleObject","args":{"objectId":"` + mover + `"}}`,
		`{"id":9,"action":"Jump"}`,
		`{"id":10,"action":"TeleportFull","args":{"speed":3}}`,
		`{"action":"Pass","id":"x"}`,
		`not json`,
	} {
		send(r)
	}
	raw.Close()

	refused, _, err := websocket.DefaultDialer.Dial(relayURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	refused.WriteMessage(websocket.TextMessage, []byte(`{"protocol":"flowbench-thor","version":99,"role":"client"}`))
	refused.ReadMessage()
	refused.Close()

	// Wait until the relay has recorded the refusal, the last message.
	deadline := time.Now().Add(10 * time.Second)
	var msgs []textMessage
	for {
		msgs = log.all()
		if n := len(msgs); n > 0 && strings.Contains(string(msgs[n-1].data), `"error"`) || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	actions, successes, failures, collisions, hellos := map[string]bool{}, map[string]bool{}, map[string]bool{}, 0, 0
	for _, m := range msgs {
		var probe struct {
			Protocol string `json:"protocol"`
			Action   string `json:"action"`
			Metadata *struct {
				LastAction        string          `json:"lastAction"`
				LastActionSuccess bool            `json:"lastActionSuccess"`
				ActionReturn      json.RawMessage `json:"actionReturn"`
			} `json:"metadata"`
		}
		json.Unmarshal(m.data, &probe)
		var part *jsonschema.Schema
		switch {
		case probe.Protocol != "":
			part, hellos = hello, hellos+1
		case m.fromClient:
			part = request
			actions[probe.Action] = true
		default:
			part = reply
			if md := probe.Metadata; md != nil && md.LastActionSuccess {
				successes[md.LastAction] = true
			} else if md != nil {
				failures[md.LastAction] = true
				if strings.Contains(string(md.ActionReturn), "collision") {
					collisions++
				}
			}
		}
		if m.fromClient && (strings.HasPrefix(string(m.data), "not json") || strings.Contains(string(m.data), "Jump") ||
			strings.Contains(string(m.data), `"speed"`) || strings.Contains(string(m.data), `"id":"x"`)) {
			if err := schematest.Validate(message, m.data); err == nil {
				t.Errorf("the schema accepts the malformed request %.80q", m.data)
			}
			continue
		}
		for _, s := range []*jsonschema.Schema{message, part} {
			if err := schematest.Validate(s, m.data); err != nil {
				t.Errorf("%.120q: %v", m.data, err)
			}
		}
	}
	for _, a := range []string{ActionInitialize, ActionCreateHouse, ActionTeleportFull, ActionReachable, ActionTeleportObject,
		ActionPlaceObjectAt, ActionSettleObject, ActionRaycast, ActionRender, ActionPass} {
		if !actions[a] || !successes[a] {
			t.Errorf("action %s: sent %v, succeeded %v; the script must exchange it", a, actions[a], successes[a])
		}
	}
	if !failures[ActionTeleportObject] || !failures[ActionSettleObject] || !failures[ActionRender] || collisions == 0 || hellos != 6 {
		t.Errorf("failures %v, %d collisions, %d hellos; want refused TeleportObject, SettleObject and Render, a collision and 6 hellos", failures, collisions, hellos)
	}
}

// TestCreateHouseMeshesMatchSchema records the CreateHouse a client sends
// to a server that wants meshes, with some objects dressed (indexed meshes,
// shared meshes, textures) and the others primitive, and validates it. The
// server declares every asset, as a mesh-drawing server (Blender) does, so
// the house goes whole, the generated flowbench fixtures with their meshes.
func TestCreateHouseMeshesMatchSchema(t *testing.T) {
	_, _, request, _ := protocolSchemas(t)
	got := make(chan []byte, 1)
	url := fakeServer(t, func(conn *websocket.Conn) {
		conn.ReadMessage()
		conn.WriteJSON(Hello{Protocol: ProtocolName, Version: ProtocolVersion, Role: "server", Wants: []string{FeatureMeshes},
			Assets: []string{AssetsAll}})
		for {
			_, msg, err := conn.ReadMessage()
			if err != nil {
				return
			}
			var req Request
			json.Unmarshal(msg, &req)
			if req.Action == ActionCreateHouse {
				select {
				case got <- msg:
				default:
				}
			}
			md := newMetadata(req.Action)
			conn.WriteJSON(Reply{ID: req.ID, Metadata: md})
		}
	})
	// Every object dressed, then every fourth one back to its primitive.
	dress := func(s *sim.Scene) {
		testDress()(s)
		for i, o := range s.Objects {
			if i%4 == 3 {
				o.Model = nil
			}
		}
	}
	c := dialTest(t, url, Options{Dress: dress})
	h := testHouse(t, 1)
	if err := c.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	msg := <-got
	for _, id := range flowbenchOnlyObjects(h) {
		if !strings.Contains(string(msg), `"`+id+`"`) {
			t.Errorf("the CreateHouse leaves out the flowbench fixture %s", id)
		}
	}
	for _, key := range []string{`"mesh":{`, `"meshOf":"`, `"textures":{`, `"emissive":true`, `"cutout":true`} {
		if !strings.Contains(string(msg), key) {
			t.Errorf("the CreateHouse carries no %s", key)
		}
	}
	var req struct {
		Args CreateHouseArgs `json:"args"`
	}
	if err := json.Unmarshal(msg, &req); err != nil || req.Args.Meshes == nil {
		t.Fatalf("CreateHouse without meshes: %v", err)
	}
	primitive := false
	for _, o := range req.Args.Meshes.Objects {
		primitive = primitive || len(o.Triangles) > 0
	}
	if !primitive {
		t.Error("no primitive object: the dress hook dressed every object")
	}
	if err := schematest.Validate(request, msg); err != nil {
		t.Errorf("CreateHouse with meshes (%d bytes): %v", len(msg), err)
	}
}

// TestProtocolSchemaIsStrict shows the protocol schema refuses what the Go
// server refuses or never sends: unknown or missing arguments, wrong types,
// unknown fields, an unknown action, a foreign hello and replies whose
// metadata or actionReturn do not fit their action.
func TestProtocolSchemaIsStrict(t *testing.T) {
	message, _, _, _ := protocolSchemas(t)
	const md = `"lastActionSuccess":true,"errorMessage":"","actionVector3sReturn":[],"objects":[],` +
		`"agent":{"position":{"x":0,"y":0,"z":0},"rotation":{"x":0,"y":0,"z":0},"cameraHorizon":0,"isStanding":true},` +
		`"cameraPosition":{"x":0,"y":1.5,"z":0},"fov":90,"screenWidth":8,"screenHeight":8,"currentTime":1,` +
		`"sceneBounds":{"cornerPoints":[[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0,0,1],[1,0,1],[0,1,1],[1,1,1]],"center":{"x":0.5,"y":0.5,"z":0.5},"size":{"x":1,"y":1,"z":1}}`
	render := `"actionReturn":{"width":8,"height":8,"passes":["rgb"],"idTable":["","Mug|1"]}`
	for _, c := range []struct {
		msg, want string // want: a substring of the violation; empty: valid
	}{
		{`{"protocol":"flowbench-thor","version":1,"role":"server","actions":["Render"],"wants":["meshes"]}`, ""},
		{`{"protocol":"ai2thor","version":1,"role":"server"}`, "/protocol"},
		{`{"protocol":"flowbench-thor","version":1,"role":"peer"}`, "/role"},
		{`{"protocol":"flowbench-thor","version":1,"role":"server","wants":["normals"]}`, "/wants/0"},
		{`{"protocol":"flowbench-thor","version":1,"role":"server","assets":["ai2thor","flowbench"]}`, ""},
		{`{"protocol":"flowbench-thor","version":1,"role":"server","assets":"all"}`, "/assets"},
		{`{"protocol":"flowbench-thor","version":1,"role":"server","assets":[""]}`, "/assets/0"},
		{`{"id":1,"action":"Pass","withObjects":false}`, ""},
		{`{"id":-1,"action":"Pass"}`, "/id"},
		{`{"id":1,"action":"Jump"}`, "/action"},
		{`{"id":1,"action":"Pass","args":{"x":1}}`, "/args"},
		{`{"id":1,"action":"Pass","priority":2}`, "additional properties 'priority'"},
		{`{"id":1,"action":"TeleportFull","args":{"position":{"x":0,"y":0,"z":0}}}`, "missing property 'rotation'"},
		{`{"id":1,"action":"TeleportObject","args":{"objectId":"Mug|1","position":{"x":0,"y":0}}}`, "missing property 'z'"},
		{`{"id":1,"action":"SettleObject","args":{"objectId":""}}`, "/args/objectId"},
		{`{"id":1,"action":"GetCoordinateFromRaycast","args":{"x":0.5}}`, "/args"},
		{`{"id":1,"action":"GetCoordinateFromRaycast","args":{"u":3.5,"v":2}}`, ""},
		{`{"id":1,"action":"Render","args":{"passes":["rgb","rgb"]}}`, "/args/passes"},
		{`{"id":1,"action":"Initialize","args":{"gridSize":0.5}}`, "/args/gridSize"},
		{`{"id":1,"action":"CreateHouse","args":{"house":{"rooms":[]}}}`, "/args/house"},
		{`{"id":3,"metadata":{"lastAction":"Render",` + md + `,` + render + `}}`, ""},
		{`{"id":3,"metadata":{"lastAction":"Render",` + md + `,"actionReturn":null}}`, "/metadata/actionReturn"},
		{`{"id":3,"metadata":{"lastAction":"Render",` + md + `,` + strings.Replace(render, `["","Mug|1"]`, `["Mug|1"]`, 1) + `}}`, "/metadata/actionReturn/idTable/0"},
		{`{"id":3,"metadata":{"lastAction":"Pass",` + md + `,"actionReturn":{"x":1}}}`, "/metadata/actionReturn"},
		{`{"id":3,"metadata":{"lastAction":"Pass",` + strings.Replace(md, `"lastActionSuccess":true,`, ``, 1) + `,"actionReturn":null}}`, "missing property 'lastActionSuccess'"},
		{`{"id":3,"metadata":{"lastAction":"Pass",` + strings.Replace(md, `"lastActionSuccess":true`, `"lastActionSuccess":false`, 1) + `,"actionReturn":null}}`, "/metadata/errorMessage"},
		{`{"id":3,"metadata":{"lastAction":"Pass",` + strings.Replace(md, `"fov":90`, `"fov":"90"`, 1) + `,"actionReturn":null}}`, "/metadata/fov"},
		{`{"id":3,"metadata":{"lastAction":"Pass",` + md + `,"actionReturn":null},"frames":2}`, "additional properties 'frames'"},
	} {
		err := schematest.Validate(message, []byte(c.msg))
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%.100s: %v, want a violation naming %q (none if empty)", c.msg, err, c.want)
		}
	}
}
