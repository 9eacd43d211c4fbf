package storage

import (
	"bytes"
	"context"
	"crypto/md5"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"slices"
	"sync"
)

// Mirror uploads the completed files of a local work directory to an
// output location, each through a staging key and a copy to its final key.
// Scan and Publish upload incrementally while a run writes the directory;
// Sync is the final upload. Its methods may be called from several
// goroutines; they run one at a time.
type Mirror struct {
	store objectStore
	url   string // the output URL, for messages
	dir   string // the local work directory
	runID string
	last  []string // uploaded by Sync only, after everything else
	log   *slog.Logger

	mu sync.Mutex
	// published holds, by relative path, the local file whose bytes are
	// under the final key: its stat and MD5.
	published map[string]publishedFile
	// remote holds the final keys this run may delete when no local file
	// has their name any more: those fetched, uploaded, or selected by
	// Options.Prune.
	remote map[string]bool
	// md5NotContent is set once the store reported an MD5 that is not the
	// MD5 of the content (an S3 ETag under SSE-KMS).
	md5NotContent bool
}

// Dir is the local work directory the mirror uploads.
func (m *Mirror) Dir() string { return m.dir }

// stagingKey is where rel is uploaded before being copied to its final key.
func (m *Mirror) stagingKey(rel string) string {
	return stagingDir + "/" + m.runID + "/" + rel
}

// Publish uploads the local file rel (a slash-separated path under the work
// directory) now, unless the bucket already holds this version of it. A
// file that no longer exists is no error: a later scan removes its object.
func (m *Mirror) Publish(ctx context.Context, rel string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.upload(ctx, rel)
}

// Scan uploads every completed local file that the bucket does not hold in
// this version, in lexicographic order of their paths, except the files
// named last; then it deletes the final objects this run owns whose local
// file is gone (a shard renamed or removed by the run).
func (m *Mirror) Scan(ctx context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, err := m.scan(ctx)
	return err
}

// Sync is the final upload: a Scan, then the files named last in their
// order (the manifest and the card), then the removal of this run's staging
// objects. After Sync the bucket's final objects under the prefix that this
// run owns equal the work directory.
func (m *Mirror) Sync(ctx context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	files, err := m.scan(ctx)
	if err != nil {
		return err
	}
	for _, rel := range m.last {
		if _, ok := files[rel]; ok {
			if err := m.upload(ctx, rel); err != nil {
				return err
			}
		}
	}
	return removeAll(ctx, m.store, stagingDir+"/"+m.runID+"/")
}

// scan is Scan with the lock held; it returns the local files it saw.
func (m *Mirror) scan(ctx context.Context) (map[string]localFile, error) {
	files, err := scanLocal(m.dir)
	if err != nil {
		return nil, err
	}
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		if slices.Contains(m.last, rel) {
			continue
		}
		if err := m.upload(ctx, rel); err != nil {
			return nil, err
		}
	}
	for _, key := range slices.Sorted(maps.Keys(m.remote)) {
		if _, ok := files[key]; ok || slices.Contains(m.last, key) {
			continue
		}
		if err := m.store.remove(ctx, key); err != nil {
			return nil, fmt.Errorf("%s: deleting %s (its local file is gone): %w", m.url, key, err)
		}
		m.log.Debug("deleted", "key", key)
		delete(m.remote, key)
		delete(m.published, key)
	}
	return files, nil
}

// upload copies the local file rel to its staging key, copies that to the
// final key, checks the final object's size (and MD5 where the store keeps
// one) against the local file, and deletes the staging object. The MD5 of
// the local file is computed first and checked by the store's writer, so a
// file that changes while it is read is never published.
func (m *Mirror) upload(ctx context.Context, rel string) error {
	p, err := localPath(m.dir, rel)
	if err != nil {
		return err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if sameFile(m.published[rel].info, info) {
		return nil
	}
	h := md5.New()
	if _, err := io.Copy(h, f); err != nil {
		return fmt.Errorf("reading %s: %w", p, err)
	}
	sum := h.Sum(nil)
	if pf, ok := m.published[rel]; ok && pf.info.Size() == info.Size() && bytes.Equal(pf.md5, sum) {
		m.published[rel] = publishedFile{info: info, md5: sum} // rewritten with the same bytes
		return nil
	}
	if src, ok := m.sameContent(sum, info.Size()); ok {
		// Renamed locally (a staged shard getting its final name): copy
		// the object already in the bucket instead of uploading again.
		if err := m.store.copy(ctx, rel, src); err != nil {
			return fmt.Errorf("%s: copying %s to %s: %w", m.url, src, rel, err)
		}
		return m.checkPublished(ctx, rel, p, info, sum)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	staged := m.stagingKey(rel)
	if err := m.store.put(ctx, staged, f, sum); err != nil {
		return fmt.Errorf("%s: uploading %s to %s: %w", m.url, p, staged, err)
	}
	if now, err := os.Stat(p); err != nil || !sameFile(info, now) {
		// Renamed over or removed while uploading: a later scan uploads
		// what is there then, or deletes the object.
		m.log.Debug("changed while uploading", "file", rel)
		if err := m.store.remove(ctx, staged); err != nil {
			return fmt.Errorf("%s: deleting the staging object %s: %w", m.url, staged, err)
		}
		return nil
	}
	if err := m.store.copy(ctx, rel, staged); err != nil {
		return fmt.Errorf("%s: copying %s to %s: %w", m.url, staged, rel, err)
	}
	if err := m.checkPublished(ctx, rel, p, info, sum); err != nil {
		return err
	}
	if err := m.store.remove(ctx, staged); err != nil {
		return fmt.Errorf("%s: deleting the staging object %s: %w", m.url, staged, err)
	}
	return nil
}

// checkPublished checks the final object rel against the local file p
// (its stat info and MD5 sum): the size always; the MD5 where the store
// reports one. A reported MD5 that differs (S3 reports the ETag, which is
// no MD5 under SSE-KMS) is settled by reading the object back; once a store
// has shown such an ETag, only sizes are compared. A final object that
// differs is deleted. It records rel as published and owned.
func (m *Mirror) checkPublished(ctx context.Context, rel, p string, info fs.FileInfo, sum []byte) error {
	obj, err := m.store.stat(ctx, rel)
	if err != nil {
		return fmt.Errorf("%s: checking %s: %w", m.url, rel, err)
	}
	differs := obj.Size != info.Size()
	if !differs && obj.MD5 != nil && !bytes.Equal(obj.MD5, sum) && !m.md5NotContent {
		h := md5.New()
		if err := m.store.get(ctx, rel, h); err != nil {
			return fmt.Errorf("%s: reading %s back: %w", m.url, rel, err)
		}
		differs = !bytes.Equal(h.Sum(nil), sum)
		m.md5NotContent = !differs
	}
	if differs {
		err := fmt.Errorf("%s: the object %s (%d bytes) differs from the local file %s (%d bytes) after the copy; deleted it",
			m.url, rel, obj.Size, p, info.Size())
		delete(m.published, rel)
		return errors.Join(err, m.store.remove(ctx, rel))
	}
	m.published[rel] = publishedFile{info: info, md5: sum}
	m.remote[rel] = true
	m.log.Debug("published", "key", rel, "bytes", info.Size())
	return nil
}

// publishedFile is a local file whose bytes are under its final key.
type publishedFile struct {
	info fs.FileInfo
	md5  []byte
}

// sameContent returns a final key, first in order, that holds an object
// with this MD5 and size, written or fetched by this run.
func (m *Mirror) sameContent(sum []byte, size int64) (string, bool) {
	for _, key := range slices.Sorted(maps.Keys(m.published)) {
		if pf := m.published[key]; pf.info.Size() == size && bytes.Equal(pf.md5, sum) {
			return key, true
		}
	}
	return "", false
}

// removeAll deletes every object whose key starts with prefix, in order.
func removeAll(ctx context.Context, s objectStore, prefix string) error {
	objs, err := s.list(ctx, prefix)
	if err != nil {
		return fmt.Errorf("listing %s: %w", prefix, err)
	}
	for _, o := range objs {
		if err := s.remove(ctx, o.Key); err != nil {
			return fmt.Errorf("deleting %s: %w", o.Key, err)
		}
	}
	return nil
}
