package storage

import (
	"context"
	"crypto/md5"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// prepare readies the mirror before a run: it deletes the staging objects
// left by earlier runs (killed between an upload and its copy), copies the
// final objects selected by fetch into the work directory (so that the
// run's own resume sees and verifies them), and notes the final objects
// the run owns (fetched or selected by prune), which later scans delete
// when no local file has their name.
func (m *Mirror) prepare(ctx context.Context, fetch, prune func(rel string) bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := removeAll(ctx, m.store, stagingDir+"/"); err != nil {
		return fmt.Errorf("%s: removing stale staging objects: %w", m.url, err)
	}
	objs, err := m.store.list(ctx, "")
	if err != nil {
		return fmt.Errorf("%s: listing: %w", m.url, err)
	}
	for _, o := range objs {
		if strings.HasPrefix(o.Key, stagingDir+"/") {
			continue // written by a run that started since
		}
		if prune != nil && prune(o.Key) {
			m.remote[o.Key] = true
		}
		if fetch == nil || !fetch(o.Key) {
			continue
		}
		if IsTempName(path.Base(o.Key)) {
			// A writer's leftover (a fileblob temp file of a killed run):
			// owned, so the first scan deletes it, but not worth fetching.
			m.remote[o.Key] = true
			continue
		}
		if err := m.download(ctx, o); err != nil {
			return err
		}
		m.remote[o.Key] = true
	}
	return nil
}

// download copies the object o to its local path (through a temp file
// renamed on completion), checks its size against the listing, and records
// the local file as published with the MD5 of its bytes. (A listed MD5 is
// not compared: an S3 ETag is no MD5 under SSE-KMS; the pipeline's resume
// verifies every shard it keeps, page by page.)
func (m *Mirror) download(ctx context.Context, o object) error {
	p, err := localPath(m.dir, o.Key)
	if err != nil {
		return fmt.Errorf("%s: %w", m.url, err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	h := md5.New()
	var n int64
	gerr := m.store.get(ctx, o.Key, io.MultiWriter(f, h, countWriter{&n}))
	if cerr := f.Close(); gerr == nil {
		gerr = cerr
	}
	if gerr != nil {
		return fmt.Errorf("%s: downloading %s: %w", m.url, o.Key, gerr)
	}
	if n != o.Size {
		return fmt.Errorf("%s: downloading %s: got %d bytes, the listing says %d", m.url, o.Key, n, o.Size)
	}
	if err := os.Rename(f.Name(), p); err != nil {
		return err
	}
	info, err := os.Stat(p)
	if err != nil {
		return err
	}
	m.published[o.Key] = publishedFile{info: info, md5: h.Sum(nil)}
	m.log.Debug("fetched", "key", o.Key, "bytes", n)
	return nil
}

// countWriter counts the bytes written through it.
type countWriter struct{ n *int64 }

func (c countWriter) Write(p []byte) (int, error) {
	*c.n += int64(len(p))
	return len(p), nil
}
