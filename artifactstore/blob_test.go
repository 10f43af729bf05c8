package artifactstore

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"

	"jacobian.dev/core"
	"jacobian.dev/core/artifacttest"
)

// The bucket store passes the store suite on a gocloud file bucket, which
// needs no server.
func TestFileBucketConformance(t *testing.T) {
	artifacttest.Run(t, func(t *testing.T, quota int64) artifacttest.Backend {
		dir := t.TempDir()
		open := func(t *testing.T) *blob.Bucket {
			b, err := fileblob.OpenBucket(dir, &fileblob.Options{Metadata: fileblob.MetadataInSidecar})
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		return backend(t, quota, "file bucket "+dir, open)
	})
}

// JACOBIAN_S3_URL names a bucket of a live S3-compatible server (make
// test-scale starts one); the suite runs there too, each test under a
// prefix of its own.
func TestS3Conformance(t *testing.T) {
	base := os.Getenv("JACOBIAN_S3_URL")
	if base == "" {
		t.Skip("JACOBIAN_S3_URL is not set; make test-scale runs this against a local S3 server")
	}
	var n atomic.Int64
	run := time.Now().UnixNano()
	artifacttest.Run(t, func(t *testing.T, quota int64) artifacttest.Backend {
		u, err := url.Parse(base)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("prefix", fmt.Sprintf("conformance-%d-%d/", run, n.Add(1)))
		u.RawQuery = q.Encode()
		open := func(t *testing.T) *blob.Bucket {
			b, err := blob.OpenBucket(context.Background(), u.String())
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		return backend(t, quota, u.String(), open)
	})
}

// backend is the suite's view of stores on one bucket location, each
// handle on a bucket of its own.
func backend(t *testing.T, quota int64, location string, open func(t *testing.T) *blob.Bucket) artifacttest.Backend {
	store := func(t *testing.T) core.Artifacts {
		s := NewBlobStore(open(t), location, quota)
		t.Cleanup(func() { s.Close() })
		return s
	}
	return artifacttest.Backend{
		Store: store(t),
		Again: store,
		Corrupt: func(t *testing.T, uri string, data []byte) {
			b := open(t)
			defer b.Close()
			key := keyPrefix + strings.TrimPrefix(uri, core.ArtifactURIPrefix)
			attrs, err := b.Attributes(context.Background(), key)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.WriteAll(context.Background(), key, data, &blob.WriterOptions{Metadata: attrs.Metadata}); err != nil {
				t.Fatal(err)
			}
		},
	}
}
