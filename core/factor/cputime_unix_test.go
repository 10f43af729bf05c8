//go:build unix

package factor

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the process has
// used: a measure of the sieve's cost that other processes' load does not
// inflate, as wall time is.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
