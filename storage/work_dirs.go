package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// Work directories (a URL output's local copy, a URL input's download) are
// named flowbench-<kind>-p<pid>.<start>-<random>, where start is the
// process's start time in clock ticks since boot (0 where /proc is not
// available). A run killed with SIGKILL cannot remove its directory; the
// next run that makes a work directory of the same kind in the same parent
// removes every such directory whose process is gone (no process with that
// pid, or one that started at another time).

// workDirName matches a work directory's name: kind, pid, start time.
var workDirName = regexp.MustCompile(`^flowbench-(in|out)-p(\d+)\.(\d+)-[0-9]+$`)

// makeWorkDir removes the stale work directories of kind ("in" or "out")
// in parent (os.TempDir() when empty) and creates a new one for this
// process.
func makeWorkDir(parent, kind string) (string, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	removeStaleWorkDirs(parent, kind)
	return os.MkdirTemp(parent, fmt.Sprintf("flowbench-%s-p%d.%d-", kind, os.Getpid(), processStart(os.Getpid())))
}

// removeStaleWorkDirs removes the work directories of kind in parent whose
// process is gone, and returns their paths. Directories of live processes,
// of other kinds and of other names are left alone.
func removeStaleWorkDirs(parent, kind string) []string {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		m := workDirName.FindStringSubmatch(e.Name())
		if m == nil || m[1] != kind || !e.IsDir() {
			continue
		}
		pid, err1 := strconv.Atoi(m[2])
		start, err2 := strconv.ParseUint(m[3], 10, 64)
		if err1 != nil || err2 != nil || processAlive(pid, start) {
			continue
		}
		p := filepath.Join(parent, e.Name())
		if os.RemoveAll(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}

// processAlive reports whether process pid exists and, where start times
// are known, started at start (so a reused pid does not keep a stale
// directory).
func processAlive(pid int, start uint64) bool {
	if pid <= 0 {
		return false
	}
	if pid == os.Getpid() {
		return true
	}
	p, err := os.FindProcess(pid) // on Unix it always succeeds; signal 0 then probes
	if err != nil {
		return false
	}
	if err := p.Signal(syscall.Signal(0)); errors.Is(err, os.ErrProcessDone) || errors.Is(err, syscall.ESRCH) {
		return false
	}
	if s := processStart(pid); s != 0 && start != 0 && s != start {
		return false
	}
	return true
}

// processStart returns the start time of process pid in clock ticks since
// boot (field 22 of /proc/<pid>/stat), or 0 when it cannot be read.
func processStart(pid int) uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	fields := strings.Fields(s[i+1:]) // fields 3, 4, ...
	if len(fields) < 20 {
		return 0
	}
	v, _ := strconv.ParseUint(fields[19], 10, 64)
	return v
}
