package render

import (
	"image/png"
	"os"
	"testing"

	"flowbench/sim"
)

func TestQuickLook(t *testing.T) {
	s := randomScene(t, 3, 30)
	r, err := New(s, Options{Supersample: 2})
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.NewCamera(sim.Vec3{0.3, 1.576, 0.3}, 45, 20)
	cam.Width, cam.Height = 400, 300
	f, err := r.Render(cam)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := os.Create("/tmp/quick.png")
	png.Encode(out, f.RGB)
	out.Close()
	t.Log(r.lastTris, r.lastVisible, len(f.IDTable))
}
