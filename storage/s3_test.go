package storage

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	"flowbench/storage/s3fake"
)

// TestS3OutputEqualsLocalRun writes a split under a key prefix of a fake S3
// bucket and compares the listing with a local run byte for byte.
func TestS3OutputEqualsLocalRun(t *testing.T) {
	f := fakeSplit{split: "train", shards: 3}
	ref := reference(t, f)
	endpoint := s3fake.Start(t, "datasets")
	url := s3fake.URL(endpoint, "datasets/runs/r1")
	if err := WithOutput(context.Background(), url, f.options(), func(d string) error {
		return f.run(d, false, func() error { return nil })
	}); err != nil {
		t.Fatal(err)
	}
	o, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	assertBucketEqualsDir(t, o.store, ref)
	// Nothing was written outside the prefix.
	root, err := Open(context.Background(), s3fake.URL(endpoint, "datasets"))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	objs, err := root.store.list(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, obj := range objs {
		if !strings.HasPrefix(obj.Key, "runs/r1/") {
			t.Errorf("object %s outside the prefix runs/r1/", obj.Key)
		}
	}
}

// TestKillAndResumeS3 kills runs against the fake S3 at several points
// (mid-upload, after the staging upload, after the copy, in the final
// sync) and resumes them.
func TestKillAndResumeS3(t *testing.T) {
	f := fakeSplit{split: "train", shards: 3}
	ref := reference(t, f)
	endpoint := s3fake.Start(t, "b")
	open := func(prefix string) *Output {
		o, err := Open(context.Background(), s3fake.URL(endpoint, "b/"+prefix))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { o.Close() })
		return o
	}
	total := killAndResume(t, open("clean").store, f, 0)
	for _, k := range []int{3, 4, 5, 6, 7, total - 6, total - 1, total} {
		o := open("kill" + strings.Repeat("x", k))
		killAndResume(t, o.store, f, k)
		assertBucketEqualsDir(t, o.store, ref)
	}
}

// TestS3Errors: a missing bucket and an unreachable endpoint give errors
// that name the URL.
func TestS3Errors(t *testing.T) {
	endpoint := s3fake.Start(t, "exists")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	for _, tc := range []struct{ url, want string }{
		{s3fake.URL(endpoint, "missing/prefix"), "the bucket does not exist"},
		{s3fake.URL(closed, "exists/prefix"), "cannot reach"},
		{"s3://b/p?region=us-east-1&use_path_style=maybe", "use_path_style"},
		{"s3://b/p?region=us-east-1&regoin=eu-west-1", "unknown query parameter \"regoin\""},
	} {
		_, err := Open(context.Background(), tc.url)
		if err == nil || !strings.Contains(err.Error(), tc.url) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%s) = %v, want an error naming the URL and saying %q", tc.url, err, tc.want)
		}
		if errors.Is(err, ErrBadURL) {
			t.Errorf("Open(%s): %v is not a malformed URL", tc.url, err)
		}
	}
}
