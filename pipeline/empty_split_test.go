package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"flowbench/export"
)

// TestEmptySplitRefused: a whole run whose houses give no question (one
// house at 32 px) writes nothing and returns ErrEmptySplit naming why;
// the directory is left as empty as it was, so that a retry with
// AllowEmpty writes the empty split into it and records allow_empty.
func TestEmptySplitRefused(t *testing.T) {
	cfg := badHouseConfig(1)
	cfg.AllowEmpty = false
	out := filepath.Join(t.TempDir(), "ds")
	_, err := Run(context.Background(), cfg, Options{Out: out, Workers: 1})
	if !errors.Is(err, ErrEmptySplit) {
		t.Fatalf("run: %v, want ErrEmptySplit", err)
	}
	for _, p := range []string{export.StagingRoot(out), filepath.Join(out, export.ManifestFile)} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s left behind (%v)", p, err)
		}
	}
	cfg.AllowEmpty = true
	res, err := Run(context.Background(), cfg, Options{Out: out, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	conf, _ := res.Manifest.Config[cfg.Split].(map[string]any)
	if st := res.Manifest.Splits[cfg.Split]; st == nil || st.Questions != 0 || conf["allow_empty"] != true {
		t.Errorf("allowed empty split: %+v, config %v", st, conf)
	}
	if _, err := export.Validate(out); err != nil {
		t.Errorf("validate refuses the split generate was asked to write empty: %v", err)
	}
}
