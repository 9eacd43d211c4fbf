package thor

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"flowbench/render"
)

// TestBlenderLightConstants checks that the Blender bridge's lighting
// constants (AMBIENT … BOUNCE in bridge/blender_bridge.py) are the Go
// renderer's, so that both light a house alike: the bridge's materials
// rebuild the rasterizer's interior model from them (docs/protocol.md).
func TestBlenderLightConstants(t *testing.T) {
	num := func(name string) float64 {
		t.Helper()
		m := regexp.MustCompile(`^[-0-9.]+\b`).FindString(bridgeConstant(t, name))
		v, err := strconv.ParseFloat(m, 64)
		if err != nil {
			t.Fatalf("blender_bridge.py: %s is not a number: %v", name, err)
		}
		return v
	}
	vec := func(name string) [3]float64 {
		t.Helper()
		m := regexp.MustCompile(`^\(([-0-9.]+), ([-0-9.]+), ([-0-9.]+)\)`).FindStringSubmatch(bridgeConstant(t, name))
		if m == nil {
			t.Fatalf("blender_bridge.py: %s is not a 3-tuple", name)
		}
		var v [3]float64
		for k := range v {
			v[k], _ = strconv.ParseFloat(m[1+k], 64)
		}
		return v
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"AMBIENT", num("AMBIENT"), render.DefaultInteriorAmbient},
		{"WINDOW", num("WINDOW"), render.DefaultWindowLight},
		{"ROOM_LIGHT", num("ROOM_LIGHT"), render.DefaultRoomLight},
		{"ROOM_FALLOFF", num("ROOM_FALLOFF"), render.RoomLightFalloff},
		{"ROOM_LIGHT_DROP", num("ROOM_LIGHT_DROP"), render.RoomLightDrop},
		{"BOUNCE", num("BOUNCE"), render.BounceFraction},
	} {
		if c.got != c.want {
			t.Errorf("%s: bridge %g, render %g", c.name, c.got, c.want)
		}
	}
	if got, want := vec("ROOM_LIGHT_COLOR"), render.RoomLightColor; got != want {
		t.Errorf("ROOM_LIGHT_COLOR: bridge %v, render %v", got, want)
	}
	if got, want := vec("WINDOW_DIR"), render.DefaultLightDir; got != [3]float64(want) {
		t.Errorf("WINDOW_DIR: bridge %v, render %v", got, want)
	}
}

// bridgeConstant returns what follows "NAME = " on the line of
// bridge/blender_bridge.py that sets the module constant NAME.
func bridgeConstant(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile("bridge/blender_bridge.py")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^` + name + ` = (.*)$`).FindSubmatch(src)
	if m == nil {
		t.Fatalf("blender_bridge.py has no %s line", name)
	}
	return string(m[1])
}
