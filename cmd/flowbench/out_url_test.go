package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/storage"
	"flowbench/storage/s3fake"
)

// TestGenerateToFileURL: generate --out file:///DIR leaves DIR identical,
// byte for byte, to a run into a local path, and validate reads the URL.
func TestGenerateToFileURL(t *testing.T) {
	ref := referenceRun(t)
	dir := filepath.Join(t.TempDir(), "ds")
	url := "file://" + dir
	out, code := genCLI(t, append([]string{"generate"}, tinyRun(url, "--workers", "1")...)...)
	if code != 0 || !strings.Contains(out, "uploaded to "+url) {
		t.Fatalf("generate --out %s: code %d\n%s", url, code, out)
	}
	sameTree(t, readTree(t, dir), ref, "file:// output vs local run")
	if out, code := genCLI(t, "validate", url); code != 0 || !strings.Contains(out, "valid") {
		t.Errorf("validate %s: code %d\n%s", url, code, out)
	}
}

// TestGenerateToS3: generate to a prefix of a fake S3 bucket gives the
// objects of a local run; a second run without --resume or --overwrite is
// refused before anything is downloaded; --resume keeps the split as it is
// and --overwrite rewrites it with the same bytes.
func TestGenerateToS3(t *testing.T) {
	ref := referenceRun(t)
	url := s3fake.URL(s3fake.Start(t, "bkt"), "bkt/datasets/tiny")
	bucketTree := func() map[string][]byte {
		var files map[string][]byte
		if err := storage.WithInput(context.Background(), url, func(d string) error {
			files = readTree(t, d)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return files
	}
	if out, code := genCLI(t, append([]string{"generate"}, tinyRun(url)...)...); code != 0 {
		t.Fatalf("generate --out %s: code %d\n%s", url, code, out)
	}
	sameTree(t, bucketTree(), ref, "s3 output vs local run")
	if out, code := genCLI(t, append([]string{"generate"}, tinyRun(url)...)...); code != exitFailure || !strings.Contains(out, "already holds split") {
		t.Errorf("second generate without --resume: code %d\n%s", code, out)
	}
	for _, flag := range []string{"--resume", "--overwrite"} {
		if out, code := genCLI(t, append([]string{"generate"}, tinyRun(url, flag)...)...); code != 0 {
			t.Fatalf("generate %s: code %d\n%s", flag, code, out)
		}
		sameTree(t, bucketTree(), ref, "s3 output after "+flag)
	}
	if out, code := genCLI(t, "validate", url); code != 0 {
		t.Errorf("validate %s: code %d\n%s", url, code, out)
	}
}

// TestGenerateOutURLErrors: a malformed URL or unknown scheme is a usage
// error (exit 2) naming the URL; a missing bucket is exit 1.
func TestGenerateOutURLErrors(t *testing.T) {
	endpoint := s3fake.Start(t, "bkt")
	for _, tc := range []struct {
		url  string
		code int
		want string
	}{
		{"ftp://host/x", exitUsage, `unknown scheme "ftp"`},
		{"s3://bkt/%zz", exitUsage, "invalid URL escape"},
		{s3fake.URL(endpoint, "nobucket/x"), exitFailure, "does not exist"},
	} {
		out, code := genCLI(t, append([]string{"generate"}, tinyRun(tc.url)...)...)
		if code != tc.code || !strings.Contains(out, tc.url) || !strings.Contains(out, tc.want) {
			t.Errorf("generate --out %s: code %d, want %d naming the URL and saying %q:\n%s", tc.url, code, tc.code, tc.want, out)
		}
	}
	if out, code := genCLI(t, "validate", "gopher://x"); code != exitUsage || !strings.Contains(out, "gopher://x") {
		t.Errorf("validate gopher://x: code %d\n%s", code, out)
	}
}
