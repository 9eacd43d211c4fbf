package storage

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"flowbench/storage/s3fake"
)

// An s3:// location takes its region from ?region= or, without it, from
// AWS_REGION (what the Kubernetes Jobs of deploy/k8s set), else
// AWS_DEFAULT_REGION: gocloud.dev
// v0.47.0's s3blob hands ?region= to the AWS SDK (config.WithRegion), which
// otherwise reads the environment. The region a request was made for is
// the one in its signature's credential scope, which this fake records.
// With neither, and no endpoint, the SDK refuses before any request, and
// the error names the URL.
func TestS3Region(t *testing.T) {
	s3fake.Start(t, "unused") // for the environment: dummy credentials, no config files
	backend := s3mem.New()
	if err := backend.CreateBucket("bkt"); err != nil {
		t.Fatal(err)
	}
	fake := gofakes3.New(backend).Server()
	var mu sync.Mutex
	var regions []string
	scope := regexp.MustCompile(`Credential=[^/]+/\d+/([^/]+)/s3/`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if m := scope.FindStringSubmatch(r.Header.Get("Authorization")); m != nil {
			mu.Lock()
			regions = append(regions, m[1])
			mu.Unlock()
		}
		fake.ServeHTTP(w, r)
	}))
	defer srv.Close()
	signedFor := func(url string) string {
		t.Helper()
		mu.Lock()
		regions = nil
		mu.Unlock()
		if _, err := ReadFile(context.Background(), url, "part.json", 1<<10); err == nil || !strings.Contains(err.Error(), "file does not exist") {
			t.Errorf("%s: %v, want the bucket reached and the file reported missing", url, err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(regions) == 0 {
			t.Fatalf("%s: no signed request reached the fake", url)
		}
		for _, r := range regions[1:] {
			if r != regions[0] {
				t.Errorf("%s: requests signed for regions %q", url, regions)
			}
		}
		return regions[0]
	}
	base := "s3://bkt/run?use_path_style=true&endpoint=" + srv.URL
	t.Setenv("AWS_REGION", "eu-west-1")
	if r := signedFor(base); r != "eu-west-1" {
		t.Errorf("AWS_REGION=eu-west-1: requests signed for %s", r)
	}
	if r := signedFor(base + "&region=ap-south-2"); r != "ap-south-2" {
		t.Errorf("?region=ap-south-2 with AWS_REGION=eu-west-1: requests signed for %s, want the URL's", r)
	}
	// AWS_DEFAULT_REGION is the SDK's fallback; AWS_REGION wins over it.
	t.Setenv("AWS_DEFAULT_REGION", "ca-central-1")
	if r := signedFor(base); r != "eu-west-1" {
		t.Errorf("AWS_REGION=eu-west-1 AWS_DEFAULT_REGION=ca-central-1: requests signed for %s, want AWS_REGION's", r)
	}
	t.Setenv("AWS_REGION", "")
	if r := signedFor(base); r != "ca-central-1" {
		t.Errorf("AWS_DEFAULT_REGION=ca-central-1 alone: requests signed for %s", r)
	}
	t.Setenv("AWS_DEFAULT_REGION", "")
	if r := signedFor(base + "&region=us-west-2"); r != "us-west-2" {
		t.Errorf("?region=us-west-2: requests signed for %s", r)
	}
	// Neither, against AWS itself: refused before any request is sent.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := ReadFile(ctx, "s3://bkt/run", "part.json", 1<<10)
	if err == nil || !strings.Contains(err.Error(), "s3://bkt/run") || !strings.Contains(strings.ToLower(err.Error()), "region") {
		t.Errorf("no region at all: %v, want a refusal naming the URL and the missing region", err)
	}
}
