package artifactstore

import (
	"context"
	"strings"
	"testing"

	"jacobian.dev/core"
)

func TestOpenByURL(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, raw := range []string{dir, "file://" + dir} {
		s, err := Open(ctx, raw, 0)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if _, ok := s.(*core.ArtifactStore); !ok || s.Location() != dir {
			t.Fatalf("%s opened %T at %s; want the on-disk store at %s", raw, s, s.Location(), dir)
		}
		s.Close()
	}
	for raw, want := range map[string]string{
		"s3://key:secret@bucket?region=us-east-1": "must not carry credentials",
		"ftp://host/dir":       "scheme must be file, s3, gs, azblob",
		"file://elsewhere/dir": "remote host",
		"file://":              "names no directory",
	} {
		if _, err := Open(ctx, raw, 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", raw, err, want)
		}
	}
}
