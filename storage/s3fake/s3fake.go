// Package s3fake serves an in-memory S3 (gofakes3) over httptest for tests
// of s3:// outputs; only tests import it.
package s3fake

import (
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Start serves a fake S3 holding the given empty buckets until the test
// ends, points the AWS SDK's environment at dummy credentials (the fake
// does not check them; no shared config file is read), and returns the
// endpoint URL.
func Start(t testing.TB, buckets ...string) string {
	t.Helper()
	backend := s3mem.New()
	for _, b := range buckets {
		if err := backend.CreateBucket(b); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_CONFIG_FILE", "/dev/null")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", "/dev/null")
	return srv.URL
}

// URL is the s3:// output URL of bucketAndPrefix ("bucket/some/prefix") on
// the fake at endpoint: path-style addressing, a fixed region.
func URL(endpoint, bucketAndPrefix string) string {
	return "s3://" + bucketAndPrefix + "?region=us-east-1&use_path_style=true&endpoint=" + endpoint
}
