package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/storage"
	"flowbench/storage/s3fake"
)

// TestGenerateToFileURL: generate --out file:///DIR leaves DIR identical,
// byte for byte, to a run into a local path, and validate reads the URL.
func TestGenerateToFileURL(t *testing.T) {
	ref := plainReference(t)
	dir := filepath.Join(t.TempDir(), "ds")
	url := "file://" + dir
	out, code := genCLI(t, append([]string{"generate"}, plainRun(url, "--workers", "1")...)...)
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
	ref := plainReference(t)
	url := s3fake.URL(s3fake.Start(t, "bkt"), "bkt/datasets/tiny")
	if out, code := genCLI(t, append([]string{"generate"}, plainRun(url)...)...); code != 0 {
		t.Fatalf("generate --out %s: code %d\n%s", url, code, out)
	}
	sameTree(t, bucketTree(t, url), ref, "s3 output vs local run")
	if out, code := genCLI(t, append([]string{"generate"}, plainRun(url)...)...); code != exitFailure || !strings.Contains(out, "already holds split") {
		t.Errorf("second generate without --resume: code %d\n%s", code, out)
	}
	for _, flag := range []string{"--resume", "--overwrite"} {
		if out, code := genCLI(t, append([]string{"generate"}, plainRun(url, flag)...)...); code != 0 {
			t.Fatalf("generate %s: code %d\n%s", flag, code, out)
		}
		sameTree(t, bucketTree(t, url), ref, "s3 output after "+flag)
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
		out, code := genCLI(t, append([]string{"generate"}, plainRun(tc.url)...)...)
		if code != tc.code || !strings.Contains(out, tc.url) || !strings.Contains(out, tc.want) {
			t.Errorf("generate --out %s: code %d, want %d naming the URL and saying %q:\n%s", tc.url, code, tc.code, tc.want, out)
		}
	}
	if out, code := genCLI(t, "validate", "gopher://x"); code != exitUsage || !strings.Contains(out, "gopher://x") {
		t.Errorf("validate gopher://x: code %d\n%s", code, out)
	}
}

// TestGenerateToS3ResumeAfterInterrupt: a generate to a fake S3 bucket
// interrupted after its first shard leaves that shard pair, staged, in the
// bucket and no manifest; generate --resume fetches it, redoes only the
// rest, and the bucket then equals a local run byte for byte.
func TestGenerateToS3ResumeAfterInterrupt(t *testing.T) {
	ref := plainReference(t)
	url := s3fake.URL(s3fake.Start(t, "bkt"), "bkt/interrupted")
	g, err := parseGenerate(plainRun(url, "--workers", "2"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g.onHouse = func(done int) {
		if done >= 1 {
			cancel()
		}
	}
	err = withGenerateOut(ctx, io.Discard, g.out, g.split, false, false, func(dir string) error {
		g.out, g.opt.Out = dir, dir
		return generate(ctx, g, io.Discard, io.Discard)
	})
	if err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("interrupted run: got %v, want an error suggesting --resume", err)
	}
	left := bucketTree(t, url)
	if len(left) != 2 || left[filepath.Join("data", ".staging", "train", "questions-00000.parquet")] == nil {
		t.Fatalf("after the interrupt the bucket holds %v; want just the first staged shard pair", keys(left))
	}
	out, code := genCLI(t, append([]string{"generate"}, plainRun(url, "--resume", "--workers", "2")...)...)
	if code != 0 || !strings.Contains(out, "from 1 houses") {
		t.Fatalf("generate --resume: code %d; want it to redo only the last house:\n%s", code, out)
	}
	sameTree(t, bucketTree(t, url), ref, "resumed s3 output vs local run")
}

// bucketTree downloads the dataset at url and returns its files.
func bucketTree(t *testing.T, url string) map[string][]byte {
	t.Helper()
	var files map[string][]byte
	if err := storage.WithInput(context.Background(), url, func(d string) error {
		files = readTree(t, d)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return files
}

// TestPartsAndMergeThroughS3: generate --part K/2 into two prefixes of a
// fake S3 bucket, then merge those URLs into a third prefix: the merged
// objects equal a single-machine local run byte for byte.
func TestPartsAndMergeThroughS3(t *testing.T) {
	ref := plainReference(t)
	endpoint := s3fake.Start(t, "bkt")
	var parts []string
	for k := range 2 {
		url := s3fake.URL(endpoint, fmt.Sprintf("bkt/parts/%d", k))
		if out, code := genCLI(t, append([]string{"generate"}, plainRun(url, "--part", fmt.Sprintf("%d/2", k))...)...); code != 0 {
			t.Fatalf("generate --part %d/2 --out %s: exit %d\n%s", k, url, code, out)
		}
		parts = append(parts, url)
	}
	merged := s3fake.URL(endpoint, "bkt/merged")
	if out, code := genCLI(t, append(append([]string{"merge"}, parts...), "--out", merged)...); code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, out)
	}
	sameTree(t, bucketTree(t, merged), ref, "2 parts merged through S3 vs the single-machine run")
	if out, code := genCLI(t, "merge", parts[0], "--out", "ftp://x/y"); code != exitUsage || !strings.Contains(out, "ftp://x/y") {
		t.Errorf("merge --out ftp://x/y: exit %d\n%s", code, out)
	}
}
