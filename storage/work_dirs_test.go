package storage

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestStaleWorkDirsRemoved: the work directory of a process killed with
// SIGKILL (which cannot remove it) is removed by the next makeWorkDir of
// its kind, and so is one whose pid is now another process's (another start
// time); those of a live process, of this process, of another kind and
// foreign names stay.
func TestStaleWorkDirsRemoved(t *testing.T) {
	parent := t.TempDir()
	child := exec.Command("sleep", "60")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	pid := child.Process.Pid
	start := processStart(pid)
	mk := func(name string) string {
		p := filepath.Join(parent, name)
		if err := os.MkdirAll(filepath.Join(p, "data"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	live := mk(fmt.Sprintf("flowbench-out-p%d.%d-111", pid, start))
	self := mk(fmt.Sprintf("flowbench-out-p%d.%d-222", os.Getpid(), processStart(os.Getpid())))
	otherKind := mk(fmt.Sprintf("flowbench-in-p%d.%d-333", pid, start))
	foreign := mk("flowbench-out-mine")
	reused := mk(fmt.Sprintf("flowbench-out-p%d.%d-444", pid, start+1)) // the pid, but another process's start

	if got := removeStaleWorkDirs(parent, "out"); len(got) != 1 || got[0] != reused {
		t.Fatalf("removed %v while the child lives, want only %s (a reused pid)", got, reused)
	}
	child.Process.Kill()
	child.Wait()
	dir, err := makeWorkDir(parent, "out")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{self, otherKind, foreign, dir} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
	for _, p := range []string{live} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s of the killed process is still there", p)
		}
	}
	if !workDirName.MatchString(filepath.Base(dir)) {
		t.Errorf("new work dir %s does not match the pattern", dir)
	}
}
