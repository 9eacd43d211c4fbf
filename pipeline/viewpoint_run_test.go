package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
)

// TestRunViewpoint generates a small viewpoint split with one and with two
// workers: the bytes are the same, the dataset validates (answers
// recomputed from the tags' floor offsets), and parts, resume and mixing
// families are refused.
func TestRunViewpoint(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Family, cfg.Houses, cfg.Views, cfg.Size, cfg.Assets = FamilyViewpoint, 2, 3, 96, "none"
	one, two := filepath.Join(t.TempDir(), "one"), filepath.Join(t.TempDir(), "two")
	res, err := Run(context.Background(), cfg, Options{Out: one, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cfg, Options{Out: two, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	a := tree(t, one)
	if len(a) < 3 {
		t.Fatalf("%d files", len(a))
	}
	sameFiles(t, a, tree(t, two), "1 vs 2 workers")
	n, err := export.ValidateViewpoint(one)
	if err != nil || n["train"] != res.Questions || res.Questions == 0 {
		t.Fatalf("validate: %v %v (run wrote %d)", n, err, res.Questions)
	}
	if _, err := Run(context.Background(), cfg, Options{Out: one, Resume: true}); !errors.Is(err, ErrConfig) {
		t.Errorf("resume: %v", err)
	}
	if _, err := Run(context.Background(), cfg, Options{Out: t.TempDir(), Part: Part{Index: 0, Count: 2}}); !errors.Is(err, ErrConfig) {
		t.Errorf("part: %v", err)
	}
	motion := cfg
	motion.Family, motion.Split = "", "val"
	if _, err := Run(context.Background(), motion, Options{Out: one}); err == nil || !strings.Contains(err.Error(), "viewpoint-family dataset") {
		t.Errorf("motion split into a viewpoint dataset: %v", err)
	}
	bad := cfg
	bad.QuestionsOnly = true
	if err := bad.Validate(); err == nil {
		t.Error("questions-only viewpoint run accepted")
	}
}
