package storage

import (
	"context"
	"fmt"

	"gocloud.dev/blob"
)

// Output is an opened output location: a bucket and a key prefix in it.
type Output struct {
	// URL is the output URL as given.
	URL    string
	bucket *blob.Bucket // nil when store was set directly (tests)
	store  objectStore
}

// Open parses an output URL (see ParseLocation), opens its bucket and checks
// that the bucket exists and can be reached. Every error names the URL; a
// malformed URL or an unknown scheme wraps ErrBadURL.
func Open(ctx context.Context, raw string) (*Output, error) {
	loc, err := ParseLocation(raw)
	if err != nil {
		return nil, err
	}
	b, err := blob.OpenBucket(ctx, loc.OpenURL)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %v", raw, err)
	}
	ok, err := b.IsAccessible(ctx)
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("cannot reach %s: %w", raw, err)
	}
	if !ok {
		b.Close()
		return nil, fmt.Errorf("%s: the bucket does not exist or is not accessible with these credentials", raw)
	}
	if loc.Prefix != "" {
		b = blob.PrefixedBucket(b, loc.Prefix)
	}
	s := blobStore{b: b}
	if loc.Scheme == "file" {
		s.root = loc.Dir
	}
	return &Output{URL: raw, bucket: b, store: s}, nil
}

// Close releases the bucket.
func (o *Output) Close() error {
	if o.bucket == nil {
		return nil
	}
	return o.bucket.Close()
}

// Exists reports whether any final object's key (relative to the prefix)
// starts with rel, e.g. "data/questions/train-".
func (o *Output) Exists(ctx context.Context, rel string) (bool, error) {
	objs, err := o.store.list(ctx, rel)
	if err != nil {
		return false, fmt.Errorf("%s: listing %s: %w", o.URL, rel, err)
	}
	return len(objs) > 0, nil
}
