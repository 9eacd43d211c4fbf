package storage

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"flowbench/storage/s3fake"
)

// WaitForFile returns once every location holds the file, whether a local
// directory or an S3 prefix, including files that appear while it waits.
func TestWaitForFileAppearingLater(t *testing.T) {
	endpoint := s3fake.Start(t, "parts")
	a, b := t.TempDir(), t.TempDir()
	url := s3fake.URL(endpoint, "parts/run/2")
	if err := os.WriteFile(filepath.Join(a, "part.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(150 * time.Millisecond)
		os.WriteFile(filepath.Join(b, "part.json"), []byte("{}"), 0o644)
		uploadTo(t, url, "part.json")
	}()
	start := time.Now()
	if err := WaitForFile(context.Background(), []string{a, b, url}, "part.json", 20*time.Millisecond, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("returned after %v, before the files existed", d)
	}
}

// A timeout names the locations still without the file; a directory named
// like the file does not count.
func TestWaitForFileTimesOutNamingTheMissing(t *testing.T) {
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(a, "part.json"), []byte("{}"), 0o644)
	os.Mkdir(filepath.Join(c, "part.json"), 0o755)
	err := WaitForFile(context.Background(), []string{a, b, c}, "part.json", 10*time.Millisecond, 50*time.Millisecond)
	if err == nil {
		t.Fatal("no error")
	}
	if msg := err.Error(); !strings.Contains(msg, "2 of 3 locations") || !strings.Contains(msg, b) || !strings.Contains(msg, c) || strings.Contains(msg, a+",") {
		t.Errorf("error %q: want the two missing locations", msg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := WaitForFile(ctx, []string{b}, "part.json", 10*time.Millisecond, time.Hour); err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("cancelled: %v", err)
	}
}

// uploadTo writes one object rel with the URL's prefix.
func uploadTo(t *testing.T, url, rel string) {
	if err := WithOutput(context.Background(), url, Options{}, func(d string) error {
		return os.WriteFile(filepath.Join(d, rel), []byte("{}"), 0o644)
	}); err != nil {
		t.Error(err)
	}
}
