//go:build !unix

package core

import (
	"errors"
	"os"
)

// lockFile cannot lock without flock(2); reporting every lock as held
// makes GC keep every temporary file rather than remove a live one.
func lockFile(f *os.File, wait bool) error {
	if wait {
		return nil
	}
	return errors.New("file locks are not supported on this system")
}
