package pipeline

import (
	"archive/zip"
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenAssetsWarnsSkippedArchive: an archive the assets package refuses
// (here one over its size cap: a sparse 1 GiB file) is one warning in the
// default log naming it, and the library opens with the other archive; the
// refused archive alone is an error naming it.
func TestOpenAssetsWarnsSkippedArchive(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	var logBuf bytes.Buffer
	saved := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logBuf, nil)))
	t.Cleanup(func() { slog.SetDefault(saved) })

	dir := t.TempDir()
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for name, body := range map[string]string{
		"PluginFurnitureCatalog.properties": "id#1=T#tri\nname#1=tri\nmodel#1=/t.obj\nwidth#1=10\ndepth#1=10\nheight#1=10\n",
		"t.obj":                             "v 0 0 0\nv 1 0 0\nv 0 1 1\nf 1 2 3\n",
	} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Good.sh3f"), zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "Huge.sh3f")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 1<<30); err != nil {
		t.Skipf("sparse file: %v", err)
	}

	lib, err := OpenAssets(dir)
	if err != nil || lib == nil || len(lib.Entries) != 1 {
		t.Fatalf("OpenAssets(%s): %v", dir, err)
	}
	if n := strings.Count(logBuf.String(), "archive skipped"); n != 1 || !strings.Contains(logBuf.String(), huge) {
		t.Errorf("log: %d 'archive skipped' lines, want 1 naming %s:\n%s", n, huge, logBuf.String())
	}
	if _, err := OpenAssets(huge); err == nil || !strings.Contains(err.Error(), huge) {
		t.Errorf("OpenAssets(%s) alone: err %v, want one naming it", huge, err)
	}
}
