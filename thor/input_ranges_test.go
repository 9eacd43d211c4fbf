package thor

import (
	"strings"
	"testing"
)

// placedSession is a session with one_room loaded and the camera placed.
func placedSession(t *testing.T) *session {
	t.Helper()
	s := newSession(ServerOptions{}.withDefaults())
	if md, _, _ := call(t, s, `{"id":1,"action":"CreateHouse","args":{"house":`+string(oneRoomHouse(t, 1))+`}}`); !md.LastActionSuccess {
		t.Fatal(md.ErrorMessage)
	}
	if md, _, _ := call(t, s, `{"id":2,"action":"TeleportFull","args":{"position":{"x":2,"y":0,"z":2.5},"rotation":{"x":0,"y":0,"z":0},"horizon":0}}`); !md.LastActionSuccess {
		t.Fatal(md.ErrorMessage)
	}
	return s
}

// A raycast at a pixel or viewport point outside the image (u=1e300 made
// the reply fail to encode: "unsupported value: +Inf") is refused with a
// message naming the values and the accepted range; the image's edges and
// centre are accepted.
func TestRaycastRefusesPointsOutsideTheImage(t *testing.T) {
	s := placedSession(t)
	for _, c := range []struct{ args, want string }{
		{`{"u":1e300,"v":10}`, "u=1e+300, v=10 is not finite or lies outside the 800x800 image (u in [-0.5, 799.5]"},
		{`{"u":10,"v":-1e300}`, "v=-1e+300"},
		{`{"u":800,"v":10}`, "outside the 800x800 image"},
		{`{"x":1e300,"y":0.5}`, "viewport point x=1e+300, y=0.5 is not finite or lies outside [0, 1]"},
		{`{"x":0.5,"y":-0.01}`, "outside [0, 1]"},
	} {
		md, _, _ := call(t, s, `{"id":3,"action":"GetCoordinateFromRaycast","args":`+c.args+`}`)
		if md.LastActionSuccess || !strings.Contains(md.ErrorMessage, c.want) {
			t.Errorf("raycast %s: success %v, error %q, want %q", c.args, md.LastActionSuccess, md.ErrorMessage, c.want)
		}
	}
	for _, args := range []string{`{"u":-0.5,"v":799.5}`, `{"u":399.5,"v":399.5}`, `{"x":0,"y":1}`, `{"x":0.5,"y":0.5}`} {
		if md, _, _ := call(t, s, `{"id":4,"action":"GetCoordinateFromRaycast","args":`+args+`}`); !md.LastActionSuccess {
			t.Errorf("raycast %s: %s", args, md.ErrorMessage)
		}
	}
}

// A horizon past 89.9° is refused with a message stating the range that is
// really accepted (it said "(-90, 90)" while refusing 89.99); 89.9 itself
// is accepted.
func TestTeleportFullStatesTheHorizonRange(t *testing.T) {
	s := placedSession(t)
	tp := func(h string) Metadata {
		md, _, _ := call(t, s, `{"id":5,"action":"TeleportFull","args":{"position":{"x":2,"y":0,"z":2.5},"rotation":{"x":0,"y":0,"z":0},"horizon":`+h+`}}`)
		return md
	}
	for _, h := range []string{"89.99", "-89.99"} {
		if md := tp(h); md.LastActionSuccess || !strings.Contains(md.ErrorMessage, "must be within [-89.9, 89.9]") {
			t.Errorf("horizon %s: success %v, error %q", h, md.LastActionSuccess, md.ErrorMessage)
		}
	}
	for _, h := range []string{"89.9", "-89.9"} {
		if md := tp(h); !md.LastActionSuccess {
			t.Errorf("horizon %s: %s", h, md.ErrorMessage)
		}
	}
}
