package cli

import (
	"fmt"
	"os"
	"testing"
)

// TestMain points the default artifact store at a temporary directory, so
// no test writes into the user's cache.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "jacobian-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("JACOBIAN_ARTIFACT_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
