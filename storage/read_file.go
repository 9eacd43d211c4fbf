package storage

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"gocloud.dev/gcerrors"

	"flowbench/storage/localfile"
)

// ReadFile reads the file rel (slash-separated) of a location, a local
// directory or a URL (see ParseLocation), refusing more than limit bytes.
// When the file is not there the error wraps fs.ErrNotExist; every error
// names the file. flowbench merge --wait reads part records with it while
// the parts are still being written.
func ReadFile(ctx context.Context, location, rel string, limit int64) ([]byte, error) {
	if !IsURL(location) {
		return localfile.ReadFile(filepath.Join(location, filepath.FromSlash(rel)), limit, rel)
	}
	o, err := Open(ctx, location)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	name := fmt.Sprintf("%s: %s", location, rel)
	r, err := o.bucket.NewReader(ctx, rel, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	defer r.Close()
	if r.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, over the %d-byte limit: %w", name, r.Size(), limit, localfile.ErrTooLarge)
	}
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: over the %d-byte limit: %w", name, limit, localfile.ErrTooLarge)
	}
	return b, nil
}
