package storage

import (
	"context"
	"fmt"
	"os"
	"strings"
)

// WithInput runs run with a local directory holding the dataset at in: in
// itself for a plain path; for a URL, a temp directory into which every
// final object under the prefix (none under _staging/) is downloaded first,
// removed when run returns.
func WithInput(ctx context.Context, in string, run func(localDir string) error) error {
	if !IsURL(in) {
		return run(in)
	}
	o, err := Open(ctx, in)
	if err != nil {
		return err
	}
	defer o.Close()
	dir, err := makeWorkDir("", "in")
	if err != nil {
		return fmt.Errorf("download directory for %s: %w", in, err)
	}
	defer os.RemoveAll(dir)
	m := o.newMirror(dir, Options{})
	objs, err := o.store.list(ctx, "")
	if err != nil {
		return fmt.Errorf("%s: listing: %w", in, err)
	}
	if len(objs) == 0 {
		return fmt.Errorf("%s holds no objects", in)
	}
	for _, obj := range objs {
		if strings.HasPrefix(obj.Key, stagingDir+"/") {
			continue
		}
		if err := m.download(ctx, obj); err != nil {
			return err
		}
	}
	return run(dir)
}
