package thor

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"flowbench/sim"
)

// assetServer is a scripted server whose hello lists assets (nil: no field,
// as servers before it); it accepts every request and sends each
// CreateHouse's house on the channel.
func assetServer(t *testing.T, assets []string, houses chan<- string) string {
	return fakeServer(t, func(conn *websocket.Conn) {
		conn.ReadMessage()
		conn.WriteJSON(Hello{Protocol: ProtocolName, Version: ProtocolVersion, Role: "server", Name: "scripted", Assets: assets})
		for {
			_, msg, err := conn.ReadMessage()
			if err != nil {
				return
			}
			var req struct {
				ID     uint64          `json:"id"`
				Action string          `json:"action"`
				Args   CreateHouseArgs `json:"args"`
			}
			json.Unmarshal(msg, &req)
			if req.Action == ActionCreateHouse && houses != nil {
				houses <- string(req.Args.House)
			}
			md := newMetadata(req.Action)
			md.LastActionSuccess = true
			conn.WriteJSON(Reply{ID: req.ID, Metadata: md})
		}
	})
}

// TestHelloAssetsRoundTrip: the Go server's hello says it creates every
// asset; a server that says nothing creates exactly AI2-THOR's ids; listed
// sets are read as sets (unknown names grant nothing, repeats count once).
func TestHelloAssetsRoundTrip(t *testing.T) {
	_, url := startServer(t, ServerOptions{})
	c := dialTest(t, url, Options{})
	if got := c.ServerHello().Assets; !reflect.DeepEqual(got, []string{AssetsAll}) {
		t.Fatalf("Go server hello assets %v", got)
	}
	if a := c.Assets(); !a.All() || a.String() != "all" || !a.CanCreate("flowbench_stove_1") || !a.CanCreate("Anything") {
		t.Fatalf("Go server support %v", a)
	}
	cases := []struct {
		assets      []string
		name        string
		ai2, fb, xx bool // creates Mug_1, flowbench_stove_1, an unknown id
	}{
		{nil, "ai2thor", true, false, false},
		{[]string{"ai2thor"}, "ai2thor", true, false, false},
		{[]string{"flowbench", "ai2thor", "flowbench", "later-set"}, "ai2thor+flowbench", true, true, false},
		{[]string{"flowbench"}, "flowbench", false, true, false},
		{[]string{"later-set"}, "none", false, false, false},
		{[]string{"ai2thor", "all"}, "ai2thor+all", true, true, true},
	}
	for _, k := range cases {
		c := dialTest(t, assetServer(t, k.assets, nil), Options{})
		a := c.Assets()
		if a.String() != k.name || a.CanCreate("Mug_1") != k.ai2 || a.CanCreate("flowbench_stove_1") != k.fb ||
			a.CanCreate("NoSuchAsset_7") != k.xx || a.All() != k.xx {
			t.Errorf("hello assets %q: support %q, creates Mug_1 %v, flowbench_stove_1 %v, NoSuchAsset_7 %v; want %q %v %v %v",
				k.assets, a, a.CanCreate("Mug_1"), a.CanCreate("flowbench_stove_1"), a.CanCreate("NoSuchAsset_7"), k.name, k.ai2, k.fb, k.xx)
		}
		if back := ParseAssetSupport(a.String()); back.String() != a.String() {
			t.Errorf("%q reads back as %q", a, back)
		}
	}
}

// flowbenchFixtureHouse is a generated house whose first top-level object
// with children has a flowbench-only asset id instead of its own.
func flowbenchFixtureHouse(t *testing.T) (*sim.House, *sim.HouseObject) {
	t.Helper()
	h, err := sim.Generate(sim.StyleProcTHOR, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range h.Objects {
		if o := &h.Objects[i]; len(o.Children) > 0 {
			o.AssetID = "flowbench_counter_test"
			return h, o
		}
	}
	t.Fatal("no object with children in the house")
	return nil, nil
}

// flowbenchOnlyObjects lists, in house order, the objects of h whose own
// asset id is flowbench-only (sim.FlowbenchOnlyAsset), not those under one:
// what a backend creating only AI2-THOR's ids leaves out for its own asset.
func flowbenchOnlyObjects(h *sim.House) []string {
	var out []string
	var walk func([]sim.HouseObject)
	walk = func(os []sim.HouseObject) {
		for _, o := range os {
			if sim.FlowbenchOnlyAsset(o.AssetID) {
				out = append(out, o.ID)
				continue
			}
			walk(o.Children)
		}
	}
	walk(h.Objects)
	return out
}

// TestAI2THORBackendGetsHouseWithoutFlowbenchFixture: a server that
// declares only AI2-THOR's ids (by saying nothing) is never sent a
// flowbench-only asset: the client refuses such a house, naming the
// object; the house built for it with FilterHouse leaves out the fixture
// and what rests on it, and the house's own flowbench fixtures (a
// generated stove) and what rests on them, lists them, and loads.
func TestAI2THORBackendGetsHouseWithoutFlowbenchFixture(t *testing.T) {
	h, fix := flowbenchFixtureHouse(t)
	own := flowbenchOnlyObjects(h) // the test's fixture and the generated ones
	if !slices.Contains(own, fix.ID) {
		t.Fatalf("the fixture %s is not among the flowbench objects %v", fix.ID, own)
	}
	houses := make(chan string, 4)
	c := dialTest(t, assetServer(t, nil, houses), Options{})
	err := c.LoadHouse(h)
	if err == nil || !strings.Contains(err.Error(), own[0]) {
		t.Fatalf("loading a house with flowbench fixtures %v on an AI2-THOR server: %v", own, err)
	}
	if len(houses) != 0 {
		t.Fatal("the refused house was sent")
	}
	fh, lo := c.Assets().FilterHouse(h)
	// Left out for its own asset: exactly the flowbench objects.
	var reasons []string
	left := map[string]LeftOutObject{}
	for _, l := range lo {
		left[l.ID] = l
		if l.On == "" {
			reasons = append(reasons, l.ID)
		}
	}
	if !reflect.DeepEqual(reasons, own) {
		t.Fatalf("left out for their asset %v, want the flowbench objects %v (all left out: %+v)", reasons, own, lo)
	}
	// The test's fixture, then its children resting on it, in house order.
	i := slices.IndexFunc(lo, func(l LeftOutObject) bool { return l.ID == fix.ID })
	if i < 0 || len(lo) < i+1+len(fix.Children) || lo[i].AssetID != "flowbench_counter_test" ||
		lo[i].Type != sim.ObjectTypeFromID(fix.ID) {
		t.Fatalf("left out %+v", lo)
	}
	for j, ch := range fix.Children {
		if l := lo[i+1+j]; l.ID != ch.ID || l.On != fix.ID {
			t.Fatalf("left out %+v, want child %s on %s", l, ch.ID, fix.ID)
		}
	}
	// Whatever else is left out rests on a left-out object.
	for _, l := range lo {
		if _, ok := left[l.On]; l.On != "" && !ok {
			t.Fatalf("%s is left out as resting on %s, which is kept", l.ID, l.On)
		}
	}
	if kept := flowbenchOnlyObjects(fh); kept != nil {
		t.Fatalf("the filtered house keeps the flowbench objects %v", kept)
	}
	if err := c.LoadHouse(fh); err != nil {
		t.Fatal(err)
	}
	sent := <-houses
	if strings.Contains(sent, "flowbench_") || strings.Contains(sent, `"`+fix.ID+`"`) {
		t.Fatal("the house sent still holds a flowbench fixture")
	}
	// The Go server draws everything: nothing is left out for it.
	if same, lo := AllAssets.FilterHouse(h); same != h || lo != nil {
		t.Fatalf("AllAssets left out %v", lo)
	}
}

// TestFilterHouseDropsWhatRests: leaving out a receptacle leaves out its
// children and a top-level object standing on its top, keeps an object
// standing on the floor beside it, never modifies the house and gives the
// same result twice.
func TestFilterHouseDropsWhatRests(t *testing.T) {
	h, err := sim.Generate(sim.StyleProcTHOR, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	uses := map[string]int{}
	for _, o := range h.Objects {
		uses[o.AssetID]++
	}
	sc, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	var rec *sim.HouseObject
	for i := range h.Objects {
		if o := &h.Objects[i]; len(o.Children) > 0 && uses[o.AssetID] == 1 {
			rec = o
			break
		}
	}
	if rec == nil {
		t.Fatal("no receptacle with children and a unique asset")
	}
	// A copy of its first child set free on its top, and one on the floor.
	top := sc.Object(rec.ID).AABB()
	child := sc.Object(rec.Children[0].ID)
	onTop := rec.Children[0]
	onTop.ID, onTop.Children = "Loose|on|top", nil
	c := top.Center()
	onTop.Position = sim.XYZ{X: c[0], Y: top.Max[1] + child.AABB().Size()[1]/2 + 0.005, Z: c[2]}
	h.Objects = append(h.Objects, onTop)
	before, _ := json.Marshal(h)
	rejected := rec.AssetID
	filter := func(id string) bool { return id != rejected }
	fh, lo := filterHouse(h, filter)
	after, _ := json.Marshal(h)
	if string(before) != string(after) {
		t.Fatal("filterHouse modified the house")
	}
	want := []string{rec.ID}
	for _, ch := range rec.Children {
		want = append(want, ch.ID)
	}
	want = append(want, onTop.ID)
	var got []string
	for _, l := range lo {
		got = append(got, l.ID)
	}
	if !reflect.DeepEqual(got, want) || lo[len(lo)-1].On != rec.ID {
		t.Fatalf("left out %v (last on %q), want %v on %s", got, lo[len(lo)-1].On, want, rec.ID)
	}
	if len(fh.Objects) != len(h.Objects)-2 {
		t.Fatalf("%d top-level objects kept of %d", len(fh.Objects), len(h.Objects))
	}
	if _, err := sim.NewScene(fh); err != nil {
		t.Fatalf("the filtered house does not build: %v", err)
	}
	fh2, lo2 := filterHouse(h, filter)
	if !reflect.DeepEqual(fh, fh2) || !reflect.DeepEqual(lo, lo2) {
		t.Fatal("filterHouse is not deterministic")
	}
}

// TestServerDeclaringAI2THORRefusesFlowbenchAssets: a Go server told to
// declare only AI2-THOR's ids says so in its hello and refuses a house with
// a flowbench-only asset sent past the client's check, naming the object;
// the filtered house loads.
func TestServerDeclaringAI2THORRefusesFlowbenchAssets(t *testing.T) {
	_, url := startServer(t, ServerOptions{Assets: []string{AssetsAI2THOR}})
	c := dialTest(t, url, Options{Retries: -1})
	if a := c.Assets(); a.String() != "ai2thor" || a.All() {
		t.Fatalf("hello assets %v", c.ServerHello().Assets)
	}
	h, fix := flowbenchFixtureHouse(t)
	hb, _ := json.Marshal(h)
	r := roundTrip(t, c.conn, `{"id":1,"action":"CreateHouse","args":{"house":`+string(hb)+`},"withObjects":false}`)
	if r.Metadata.LastActionSuccess || !strings.Contains(r.Metadata.ErrorMessage, fix.ID+" (asset flowbench_counter_test)") {
		t.Fatalf("CreateHouse with a flowbench fixture: success %v, %q", r.Metadata.LastActionSuccess, r.Metadata.ErrorMessage)
	}
	fh, _ := c.Assets().FilterHouse(h)
	if err := c.LoadHouse(fh); err != nil {
		t.Fatal(err)
	}
}
