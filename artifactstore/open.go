package artifactstore

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/azureblob" // azblob://
	_ "gocloud.dev/blob/gcsblob"   // gs://
	_ "gocloud.dev/blob/s3blob"    // s3://

	"jacobian.dev/core"
)

// Schemes are the URL schemes Open takes besides file://.
var Schemes = []string{"s3", "gs", "azblob"}

// Open opens the artifact store a URL names:
//
//   - file:///path, or a plain path: the on-disk store (core.ArtifactStore)
//     at that directory, created if needed;
//   - s3://bucket?region=…&endpoint=…&use_path_style=true: AWS S3 or an
//     S3-compatible server (SeaweedFS, MinIO, Ceph RGW), with the query
//     parameters of gocloud.dev/blob/s3blob;
//   - gs://bucket: Google Cloud Storage;
//   - azblob://container: Azure Blob Storage.
//
// Any of the bucket URLs may add prefix=dir/ to keep the artifacts under
// a prefix of the bucket. Credentials come from each backend's standard
// environment variables and files (AWS_ACCESS_KEY_ID and ~/.aws,
// GOOGLE_APPLICATION_CREDENTIALS, AZURE_STORAGE_ACCOUNT and its key or
// identity), never from the URL: a URL that carries a user or password is
// refused, so that none ends up in a log.
func Open(ctx context.Context, rawURL string, quota int64) (core.Artifacts, error) {
	if !strings.Contains(rawURL, "://") {
		return core.OpenArtifactStore(rawURL, quota)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("%q is not a URL: %v", rawURL, err)
	}
	if u.User != nil {
		return nil, fmt.Errorf("the artifact store URL must not carry credentials; give them through the backend's environment (for S3: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or ~/.aws/credentials)")
	}
	switch u.Scheme {
	case "file":
		if u.Host != "" && u.Host != "localhost" {
			return nil, fmt.Errorf("%q names a remote host; a file URL is file:///absolute/path", rawURL)
		}
		if u.Path == "" {
			return nil, fmt.Errorf("%q names no directory; a file URL is file:///absolute/path", rawURL)
		}
		return core.OpenArtifactStore(u.Path, quota)
	case "s3", "gs", "azblob":
		bucket, err := blob.OpenBucket(ctx, rawURL)
		if err != nil {
			return nil, fmt.Errorf("opening the artifact store at %s: %v", rawURL, err)
		}
		return NewBlobStore(bucket, rawURL, quota), nil
	}
	return nil, fmt.Errorf("%q: the artifact store URL scheme must be file, %s", rawURL, strings.Join(Schemes, ", "))
}
