package storage

import (
	"context"
	"errors"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// objectStore is what the mirror needs of a bucket. blobStore implements it
// over a *blob.Bucket; tests wrap it to fail at a chosen operation.
type objectStore interface {
	// put writes r under key; the write fails, leaving no object, unless
	// the bytes written have the MD5 sum md5.
	put(ctx context.Context, key string, r io.Reader, md5 []byte) error
	// copy copies the object src to dst (dst appears complete or not at all).
	copy(ctx context.Context, dst, src string) error
	// remove deletes key; a missing key is no error.
	remove(ctx context.Context, key string) error
	// list returns the objects whose keys start with prefix, sorted by key.
	list(ctx context.Context, prefix string) ([]object, error)
	// get copies the object key to w.
	get(ctx context.Context, key string, w io.Writer) error
	// stat returns the size and (when the store keeps one) the MD5 of key.
	stat(ctx context.Context, key string) (object, error)
}

// object is a listed or inspected object.
type object struct {
	Key  string
	Size int64
	MD5  []byte // nil when the store keeps none
}

// blobStore is an objectStore over a gocloud bucket.
type blobStore struct {
	b *blob.Bucket
	// root, for a file:// bucket, is its directory: deleting an object
	// also removes the directories it leaves empty, as a local run does.
	root string
}

func (s blobStore) put(ctx context.Context, key string, r io.Reader, md5 []byte) error {
	// ctx cancelled before Close makes the Writer abort: no object is made.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.b.NewWriter(ctx, key, &blob.WriterOptions{ContentMD5: md5, ContentType: "application/octet-stream"})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		cancel()
		w.Close()
		return err
	}
	return w.Close()
}

func (s blobStore) copy(ctx context.Context, dst, src string) error {
	return s.b.Copy(ctx, dst, src, nil)
}

func (s blobStore) remove(ctx context.Context, key string) error {
	err := s.b.Delete(ctx, key)
	if gcerrors.Code(err) == gcerrors.NotFound {
		err = nil
	}
	if err == nil && s.root != "" {
		removeEmptyParents(s.root, key)
	}
	return err
}

// removeEmptyParents removes the directories of key under root, deepest
// first, while they are empty (os.Remove refuses a directory that is not).
func removeEmptyParents(root, key string) {
	for d := path.Dir(key); d != "." && d != "/"; d = path.Dir(d) {
		if os.Remove(filepath.Join(root, filepath.FromSlash(d))) != nil {
			return
		}
	}
}

func (s blobStore) list(ctx context.Context, prefix string) ([]object, error) {
	var out []object
	it := s.b.List(&blob.ListOptions{Prefix: prefix})
	for {
		o, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if o.IsDir {
			continue
		}
		out = append(out, object{Key: o.Key, Size: o.Size, MD5: o.MD5})
	}
	slices.SortFunc(out, func(a, b object) int { return strings.Compare(a.Key, b.Key) })
	return out, nil
}

func (s blobStore) get(ctx context.Context, key string, w io.Writer) error {
	return s.b.Download(ctx, key, w, nil)
}

func (s blobStore) stat(ctx context.Context, key string) (object, error) {
	a, err := s.b.Attributes(ctx, key)
	if err != nil {
		return object{}, err
	}
	return object{Key: key, Size: a.Size, MD5: a.MD5}, nil
}
