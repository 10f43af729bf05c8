package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/artifacttest"
)

// The on-disk store passes the suite every backend passes.
func TestArtifactStoreConformance(t *testing.T) {
	artifacttest.Run(t, func(t *testing.T, quota int64) artifacttest.Backend {
		dir := t.TempDir()
		open := func(t *testing.T) core.Artifacts {
			s, err := core.OpenArtifactStore(dir, quota)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}
		return artifacttest.Backend{
			Store: open(t),
			Again: open,
			Corrupt: func(t *testing.T, uri string, data []byte) {
				file := filepath.Join(dir, "sha256", strings.TrimPrefix(uri, core.ArtifactURIPrefix))
				if err := os.WriteFile(file, data, 0o644); err != nil {
					t.Fatal(err)
				}
			},
		}
	})
}
