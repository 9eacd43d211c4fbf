package main

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"

	"flowbench/render"
	"flowbench/thor"
)

// startServer serves the built-in simulator over loopback (as "flowbench
// serve" does, with the same --assets auto library as the in-process runs)
// and returns its URL.
func startServer(t *testing.T, assets string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, assets)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "ws://" + ln.Addr().String()
}

// testServer is the built-in simulator as "flowbench serve --assets ASSETS"
// builds it.
func testServer(t *testing.T, assets string) *thor.Server {
	t.Helper()
	lib, err := openAssets(assets)
	if err != nil {
		t.Fatal(err)
	}
	return thor.NewServer(thor.ServerOptions{Render: render.Options{Workers: 1}, Dress: dresser(lib)})
}

// The same small dataset generated in-process and through client → server
// over loopback must be byte-identical: planning and the stored frames both
// go through the websocket backend in the second run.
func TestGenerateThroughServerMatchesInProcess(t *testing.T) {
	ref := referenceRun(t)
	dir := t.TempDir()
	out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--workers", "2", "--backend", startServer(t, "auto"))...)...)
	if code != 0 {
		t.Fatalf("generate --backend failed:\n%s", out)
	}
	sameTree(t, ref, readTree(t, dir), "in-process vs websocket backend")
}

// With --render-backend only the stored frames' RGB comes from the bridge;
// against the built-in simulator's server (the same rasterizer) the dataset
// must be byte-identical to the in-process run.
func TestGenerateRenderBackendMatchesInProcess(t *testing.T) {
	ref := referenceRun(t)
	dir := t.TempDir()
	out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--workers", "2", "--render-backend", startServer(t, "auto"))...)...)
	if code != 0 {
		t.Fatalf("generate --render-backend failed:\n%s", out)
	}
	sameTree(t, ref, readTree(t, dir), "in-process vs websocket render backend")
}

func TestGenerateBackendErrors(t *testing.T) {
	dir := t.TempDir()
	if out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--backend", "http://127.0.0.1:1")...)...); code != 2 {
		t.Errorf("a non-websocket --backend: exit %d, want 2:\n%s", code, out)
	}
	if out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--render-backend", "127.0.0.1:1")...)...); code != 2 || !strings.Contains(out, "--render-backend") {
		t.Errorf("a non-websocket --render-backend: exit %d, want 2 and a message naming the flag:\n%s", code, out)
	}
	if out, code := genCLI(t, append([]string{"generate"}, tinyRun(dir, "--backend", "ws://127.0.0.1:1", "--render-backend", "ws://127.0.0.1:1")...)...); code != 2 || !strings.Contains(out, "exclude") {
		t.Errorf("--backend with --render-backend: exit %d, want 2 and a message that they exclude each other:\n%s", code, out)
	}
	// Nothing listens on this port: the run fails cleanly and names the backend.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "ws://" + ln.Addr().String()
	ln.Close()
	out, code := genCLI(t, append([]string{"generate"}, plainRun(t.TempDir(), "--backend", url)...)...)
	if code == 0 {
		t.Fatalf("generate with a dead backend succeeded:\n%s", out)
	}
}

// A bridge killed mid-run makes generate fail cleanly; the completed shards
// stay and --resume with a live bridge finishes the same bytes as an
// uninterrupted in-process run.
func TestGenerateBackendKilledMidRunResumes(t *testing.T) {
	ref := plainReference(t)
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, "none")
	go srv.Serve(ln)
	url := "ws://" + ln.Addr().String()
	g, err := parseGenerate(plainRun(dir, "--workers", "1", "--backend", url), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	killed := false
	g.onHouse = func(done int) {
		if done >= 1 && !killed {
			killed = true
			srv.Close() // the bridge dies once the first shard is complete
		}
	}
	err = generate(context.Background(), g, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("run with a killed bridge: got error %v, want a failure suggesting --resume", err)
	}
	if !killed {
		t.Fatal("the bridge was never killed: the run finished before its first shard")
	}
	out, code := genCLI(t, append([]string{"generate"}, plainRun(dir, "--resume", "--backend", startServer(t, "none"))...)...)
	if code != 0 {
		t.Fatalf("resume with a live bridge failed:\n%s", out)
	}
	sameTree(t, ref, readTree(t, dir), "killed-and-resumed via websocket vs in-process")
}
