//go:build unix

package core

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f (flock(2)), failing at
// once when another open file holds it. wait is accepted for the owner's
// own lock, which no one else can hold yet; the kernel releases the lock
// when the process dies, however it dies.
func lockFile(f *os.File, wait bool) error {
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	return syscall.Flock(int(f.Fd()), how)
}
