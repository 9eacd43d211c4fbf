//go:build linux

package main

import (
	"runtime"
	"syscall"
)

// readOnlyAsNobody runs fn on one OS thread whose file-system user is
// "nobody" (65534), so that permission bits apply even when the test runs
// as root. fn must not start goroutines that touch the file system. ok is
// false when the file-system uid cannot be changed.
func readOnlyAsNobody(fn func() error) (err error, ok bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	prev := syscall.Getuid()
	syscall.Setfsuid(65534)
	// Setfsuid reports the previous value, not errors: check it took.
	if cur := fsuid(); cur != 65534 {
		syscall.Setfsuid(prev)
		return nil, false
	}
	defer syscall.Setfsuid(prev)
	return fn(), true
}

// fsuid returns the thread's file-system uid (Setfsuid with an invalid id
// changes nothing and returns the current one).
func fsuid() int {
	r, _, _ := syscall.RawSyscall(syscall.SYS_SETFSUID, ^uintptr(0), 0, 0)
	return int(r)
}

// mountTinyDisk mounts a tmpfs of the given size at dir (needs root with
// CAP_SYS_ADMIN); it returns an unmount function, or ok false.
func mountTinyDisk(dir string, size string) (unmount func(), ok bool) {
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		return nil, false
	}
	return func() { syscall.Unmount(dir, syscall.MNT_DETACH) }, true
}
