package storage

import (
	"bytes"
	"context"
	"crypto/md5"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// errKilled is what every operation of a killed store returns.
var errKilled = errors.New("killed")

// dyingStore passes operations to its store until the killAt-th (counting
// from 1), which fails, as does every later one: the process died there.
// With killAt 0 it never dies and only counts.
type dyingStore struct {
	objectStore
	mu     sync.Mutex
	ops    int
	killAt int
}

func (d *dyingStore) step() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.ops++
	if d.killAt > 0 && d.ops >= d.killAt {
		return errKilled
	}
	return nil
}

func (d *dyingStore) put(ctx context.Context, key string, r io.Reader, md5 []byte) error {
	if err := d.step(); err != nil {
		// Die in the middle of the upload, on a store that shows the
		// bytes sent so far under the staging key.
		head, _ := io.ReadAll(io.LimitReader(r, 100))
		d.objectStore.put(ctx, key, bytes.NewReader(head), nil)
		return err
	}
	return d.objectStore.put(ctx, key, r, md5)
}

func (d *dyingStore) copy(ctx context.Context, dst, src string) error {
	if err := d.step(); err != nil {
		return err
	}
	return d.objectStore.copy(ctx, dst, src)
}

func (d *dyingStore) remove(ctx context.Context, key string) error {
	if err := d.step(); err != nil {
		return err
	}
	return d.objectStore.remove(ctx, key)
}

func (d *dyingStore) list(ctx context.Context, prefix string) ([]object, error) {
	if err := d.step(); err != nil {
		return nil, err
	}
	return d.objectStore.list(ctx, prefix)
}

func (d *dyingStore) get(ctx context.Context, key string, w io.Writer) error {
	if err := d.step(); err != nil {
		return err
	}
	return d.objectStore.get(ctx, key, w)
}

func (d *dyingStore) stat(ctx context.Context, key string) (object, error) {
	if err := d.step(); err != nil {
		return object{}, err
	}
	return d.objectStore.stat(ctx, key)
}

// checkedStore checks, after every operation that changes the bucket, that
// each final object (outside _staging/) holds the one complete content its
// name may have, and that a manifest in the bucket comes with every final
// shard of the split and no staged one. The first violation is kept.
type checkedStore struct {
	objectStore
	split fakeSplit
	mu    sync.Mutex
	bad   error
	ops   int
}

func (c *checkedStore) check(ctx context.Context, op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ops++
	if c.bad != nil {
		return
	}
	c.bad = checkBucket(ctx, c.objectStore, c.split)
	if c.bad != nil {
		c.bad = fmt.Errorf("after operation %d (%s): %w", c.ops, op, c.bad)
	}
}

// checkBucket is the invariant checkedStore asserts.
func checkBucket(ctx context.Context, s objectStore, f fakeSplit) error {
	objs, err := s.list(ctx, "")
	if err != nil {
		return err
	}
	keys := map[string]bool{}
	for _, o := range objs {
		keys[o.Key] = true
		if strings.HasPrefix(o.Key, stagingDir+"/") {
			continue
		}
		want, ok := f.expected(o.Key)
		if !ok {
			return fmt.Errorf("unexpected final object %s", o.Key)
		}
		var got bytes.Buffer
		if err := s.get(ctx, o.Key, &got); err != nil {
			return err
		}
		if !bytes.Equal(got.Bytes(), want) {
			return fmt.Errorf("final object %s holds %d bytes that are not its content (%d bytes)", o.Key, got.Len(), len(want))
		}
	}
	if keys["manifest.json"] {
		for i := range f.shards {
			if !keys[f.finalRel(i)] || keys[f.stagedRel(i)] {
				return fmt.Errorf("the manifest is in the bucket but shard %d is not final", i)
			}
		}
	}
	return nil
}

func (c *checkedStore) put(ctx context.Context, key string, r io.Reader, md5 []byte) error {
	defer c.check(ctx, "put "+key)
	return c.objectStore.put(ctx, key, r, md5)
}

func (c *checkedStore) copy(ctx context.Context, dst, src string) error {
	defer c.check(ctx, "copy "+dst)
	return c.objectStore.copy(ctx, dst, src)
}

func (c *checkedStore) remove(ctx context.Context, key string) error {
	defer c.check(ctx, "remove "+key)
	return c.objectStore.remove(ctx, key)
}

// countingStore counts the bytes uploaded through put.
type countingStore struct {
	objectStore
	bytes int64
}

func (c *countingStore) put(ctx context.Context, key string, r io.Reader, md5 []byte) error {
	var n int64
	err := c.objectStore.put(ctx, key, io.TeeReader(r, countWriter{&n}), md5)
	c.bytes += n
	return err
}

// etagStore reports, like S3 under SSE-KMS, an MD5 that is not the MD5 of
// the content.
type etagStore struct{ objectStore }

func (e etagStore) stat(ctx context.Context, key string) (object, error) {
	o, err := e.objectStore.stat(ctx, key)
	o.MD5 = []byte("0123456789abcdef")
	return o, err
}

// corruptingStore's copy flips the last byte of what it copies, and its
// stat reports the MD5 of the stored bytes.
type corruptingStore struct{ objectStore }

func (c corruptingStore) copy(ctx context.Context, dst, src string) error {
	var b bytes.Buffer
	if err := c.objectStore.get(ctx, src, &b); err != nil {
		return err
	}
	body := b.Bytes()
	body[len(body)-1] ^= 0xff
	return c.objectStore.put(ctx, dst, bytes.NewReader(body), nil)
}

func (c corruptingStore) stat(ctx context.Context, key string) (object, error) {
	o, err := c.objectStore.stat(ctx, key)
	if err != nil {
		return o, err
	}
	h := md5.New()
	err = c.objectStore.get(ctx, key, h)
	o.MD5 = h.Sum(nil)
	return o, err
}
