package artifactstore

import (
	"context"
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"jacobian.dev/core"
)

// BlobStore is the artifact store on a gocloud.dev/blob bucket: S3 and
// S3-compatible servers, Google Cloud Storage, Azure Blob Storage. Several
// replicas share one bucket; each artifact is the object sha256/<hex> of the
// bucket, its artifact type in the object's metadata.
//
// The contract of core.Artifacts holds as follows:
//   - Atomic writes: an object store makes an object visible only once its
//     upload has completed (a multipart upload included), and an upload
//     whose writer dies or is cancelled never completes. The upload also
//     carries its MD5, which the server checks before accepting it.
//   - Verified reads: Get re-hashes every byte it read against the key, so
//     an object damaged in the bucket (or replaced by another client) is
//     refused with UNKNOWN_REFERENCE, never served.
//   - Recency: object stores keep no access time, and rewriting an object
//     on every read would cost an upload, so eviction above the quota goes
//     by the time an artifact was written, oldest first. An artifact
//     written within the last minute is never evicted.
//   - Leftovers: an upload that never completed is not an object and is
//     never listed; the bucket's own lifecycle rule (S3:
//     AbortIncompleteMultipartUpload) reclaims its parts.
type BlobStore struct {
	bucket   *blob.Bucket
	location string
	quota    int64

	// Quota enforcement lists the bucket, so Put does it only when the
	// bytes listed last plus those put since could pass the quota, or
	// the last listing is older than relist (other replicas write too).
	mu       sync.Mutex
	listed   time.Time
	estimate int64
}

// relist bounds how stale the usage estimate of Put may be.
const relist = 30 * time.Second

var _ core.Artifacts = (*BlobStore)(nil)

// metaType is the object metadata key of the artifact type.
const metaType = "artifact-type"

// keyPrefix holds every artifact; other objects in the bucket are ignored.
const keyPrefix = "sha256/"

// recentlyWritten protects artifacts from eviction right after they are
// written, as the on-disk store protects them after use.
const recentlyWritten = time.Minute

// NewBlobStore is the store on an open bucket, which it owns from then on
// (Close closes it). location names it in messages, without credentials.
func NewBlobStore(bucket *blob.Bucket, location string, quota int64) *BlobStore {
	if quota <= 0 {
		quota = core.DefaultArtifactQuota
	}
	return &BlobStore{bucket: bucket, location: location, quota: quota}
}

// Location is the bucket's URL.
func (s *BlobStore) Location() string { return s.location }

// Close closes the bucket.
func (s *BlobStore) Close() error { return s.bucket.Close() }

// Check reports whether the bucket answers.
func (s *BlobStore) Check(ctx context.Context) error {
	ok, err := s.bucket.IsAccessible(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("the bucket at %s does not exist", s.location)
	}
	return nil
}

func key(hexsum string) string { return keyPrefix + hexsum }

// Put uploads data under its digest unless it is there already.
func (s *BlobStore) Put(ctx context.Context, artifactType string, data []byte) (core.ArtifactInfo, error) {
	if int64(len(data)) > s.quota {
		return core.ArtifactInfo{}, core.Refusef("a %d-byte artifact exceeds the store's %d-byte quota", len(data), s.quota)
	}
	sum := sha256.Sum256(data)
	hexsum := hex.EncodeToString(sum[:])
	attrs, err := s.attributes(ctx, hexsum)
	switch {
	case err == nil:
		// Already stored: the URI handed out before keeps its type.
		artifactType = typeOf(attrs)
	case gcerrors.Code(err) == gcerrors.NotFound:
		if err := s.upload(ctx, hexsum, artifactType, data); err != nil {
			return core.ArtifactInfo{}, fmt.Errorf("storing %s%s in %s: %w", core.ArtifactURIPrefix, hexsum, s.location, err)
		}
	default:
		return core.ArtifactInfo{}, fmt.Errorf("reaching the artifact store at %s: %w", s.location, err)
	}
	info := core.ArtifactInfo{URI: core.ArtifactURIPrefix + hexsum, Digest: "sha256:" + hexsum, Size: int64(len(data)), ArtifactType: artifactType, LastUsed: time.Now()}
	s.mu.Lock()
	s.estimate += int64(len(data))
	due := s.estimate > s.quota || time.Since(s.listed) > relist
	s.mu.Unlock()
	if due {
		if _, err := s.evict(ctx, hexsum); err != nil {
			return core.ArtifactInfo{}, err
		}
	}
	return info, nil
}

// upload writes one object; cancelling the context aborts it, so that it
// never becomes visible.
func (s *BlobStore) upload(ctx context.Context, hexsum, artifactType string, data []byte) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	md := md5.Sum(data)
	w, err := s.bucket.NewWriter(ctx, key(hexsum), &blob.WriterOptions{
		ContentType:                 "application/json",
		DisableContentTypeDetection: true,
		ContentMD5:                  md[:],
		Metadata:                    map[string]string{metaType: artifactType},
	})
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		cancel()
		_ = w.Close()
		return err
	}
	return w.Close()
}

func typeOf(attrs *blob.Attributes) string {
	if t := attrs.Metadata[metaType]; t != "" {
		return t
	}
	return "unknown"
}

// Get downloads and verifies one artifact.
func (s *BlobStore) Get(ctx context.Context, uri string) ([]byte, core.ArtifactInfo, error) {
	hexsum, err := core.ParseArtifactURI(uri)
	if err != nil {
		return nil, core.ArtifactInfo{}, err
	}
	data, modTime, err := s.download(ctx, hexsum)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, core.ArtifactInfo{}, &core.Error{Code: core.UnknownReference, Message: fmt.Sprintf("%s is not in the artifact store at %s", uri, s.location)}
	}
	var refused *core.Error
	if errors.As(err, &refused) {
		return nil, core.ArtifactInfo{}, err
	}
	if err != nil {
		return nil, core.ArtifactInfo{}, fmt.Errorf("reading %s from %s: %w", uri, s.location, err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != hexsum {
		return nil, core.ArtifactInfo{}, &core.Error{Code: core.UnknownReference, Message: fmt.Sprintf("%s is corrupted in the store at %s (its bytes no longer hash to its name) and will not be served; run `jacobian artifacts verify`", uri, s.location)}
	}
	attrs, err := s.attributes(ctx, hexsum)
	if err != nil {
		return nil, core.ArtifactInfo{}, fmt.Errorf("reading the metadata of %s from %s: %w", uri, s.location, err)
	}
	return data, core.ArtifactInfo{URI: uri, Digest: "sha256:" + hexsum, Size: int64(len(data)), ArtifactType: typeOf(attrs), LastUsed: modTime}, nil
}

// readAttempts bounds the reads of one object. A read can fail for a moment
// without the object being absent or damaged: a file bucket rewrites an
// object's metadata sidecar in place when two writers store the same bytes
// at once, so a reader in between finds it truncated, and an object store
// answers a request now and then with a transient error. Such a read is
// tried again after a short pause; absence is final at once.
const readAttempts = 4

// retry runs read up to readAttempts times, pausing 5, 10, then 20 ms,
// until it succeeds, reports absence or a refusal, or ctx ends.
func retry(ctx context.Context, read func() error) error {
	pause := 5 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := read()
		var refused *core.Error
		if err == nil || attempt == readAttempts || gcerrors.Code(err) == gcerrors.NotFound || errors.As(err, &refused) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
		pause *= 2
	}
}

// attributes reads one object's attributes.
func (s *BlobStore) attributes(ctx context.Context, hexsum string) (*blob.Attributes, error) {
	var attrs *blob.Attributes
	err := retry(ctx, func() error {
		var err error
		attrs, err = s.bucket.Attributes(ctx, key(hexsum))
		return err
	})
	return attrs, err
}

// download reads one object's bytes, refusing one above the quota.
func (s *BlobStore) download(ctx context.Context, hexsum string) (data []byte, modTime time.Time, err error) {
	err = retry(ctx, func() error {
		r, err := s.bucket.NewReader(ctx, key(hexsum), nil)
		if err != nil {
			return err
		}
		defer r.Close()
		if r.Size() > s.quota {
			return core.Refusef("%s%s is %d bytes, above the store's %d-byte quota", core.ArtifactURIPrefix, hexsum, r.Size(), s.quota)
		}
		data, err = io.ReadAll(io.LimitReader(r, s.quota+1))
		modTime = r.ModTime()
		return err
	})
	return data, modTime, err
}

// entry is one listed artifact, before its metadata is read.
type entry struct {
	hexsum  string
	size    int64
	written time.Time
}

// entries lists the artifacts, oldest first.
func (s *BlobStore) entries(ctx context.Context) ([]entry, error) {
	var out []entry
	it := s.bucket.List(&blob.ListOptions{Prefix: keyPrefix})
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("listing %s: %w", s.location, err)
		}
		hexsum := strings.TrimPrefix(obj.Key, keyPrefix)
		if obj.IsDir {
			continue
		}
		if _, err := core.ParseArtifactURI(core.ArtifactURIPrefix + hexsum); err != nil {
			continue
		}
		out = append(out, entry{hexsum: hexsum, size: obj.Size, written: obj.ModTime})
	}
	slices.SortFunc(out, func(x, y entry) int { return x.written.Compare(y.written) })
	return out, nil
}

// List describes every artifact, oldest first (the order of eviction).
// LastUsed is the time each was written.
func (s *BlobStore) List(ctx context.Context) ([]core.ArtifactInfo, error) {
	all, err := s.entries(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]core.ArtifactInfo, 0, len(all))
	for _, e := range all {
		artifactType := "unknown"
		if attrs, err := s.bucket.Attributes(ctx, key(e.hexsum)); err == nil {
			artifactType = typeOf(attrs)
		} else if gcerrors.Code(err) == gcerrors.NotFound {
			continue // removed since the listing
		} else {
			return nil, fmt.Errorf("reading the metadata of %s: %w", e.hexsum, err)
		}
		out = append(out, core.ArtifactInfo{URI: core.ArtifactURIPrefix + e.hexsum, Digest: "sha256:" + e.hexsum, Size: e.size, ArtifactType: artifactType, LastUsed: e.written})
	}
	return out, nil
}

// Usage counts the artifacts and their bytes from one listing.
func (s *BlobStore) Usage(ctx context.Context) (int, int64, error) {
	all, err := s.entries(ctx)
	if err != nil {
		return 0, 0, err
	}
	var total int64
	for _, e := range all {
		total += e.size
	}
	return len(all), total, nil
}

// Verify downloads and re-hashes every artifact.
func (s *BlobStore) Verify(ctx context.Context) ([]string, error) {
	all, err := s.entries(ctx)
	if err != nil {
		return nil, err
	}
	var corrupted []string
	for _, e := range all {
		data, err := s.bucket.ReadAll(ctx, key(e.hexsum))
		if gcerrors.Code(err) == gcerrors.NotFound {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s%s: %w", core.ArtifactURIPrefix, e.hexsum, err)
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != e.hexsum {
			corrupted = append(corrupted, core.ArtifactURIPrefix+e.hexsum)
		}
	}
	return corrupted, nil
}

// GC removes the corrupted artifacts, then the oldest above the quota.
func (s *BlobStore) GC(ctx context.Context) ([]string, error) {
	corrupted, err := s.Verify(ctx)
	if err != nil {
		return nil, err
	}
	for _, uri := range corrupted {
		if err := s.delete(ctx, strings.TrimPrefix(uri, core.ArtifactURIPrefix)); err != nil {
			return corrupted, err
		}
	}
	evicted, err := s.evict(ctx, "")
	return append(corrupted, evicted...), err
}

// evict removes the oldest artifacts (never keep, nor one written in the
// last minute) until the total is within the quota. Replicas evicting at
// once may remove more than needed, never a recent artifact.
func (s *BlobStore) evict(ctx context.Context, keep string) ([]string, error) {
	all, err := s.entries(ctx)
	if err != nil {
		return nil, err
	}
	var total int64
	for _, e := range all {
		total += e.size
	}
	var removed []string
	for _, e := range all {
		if total <= s.quota {
			break
		}
		if e.hexsum == keep || time.Since(e.written) < recentlyWritten {
			continue
		}
		if err := s.delete(ctx, e.hexsum); err != nil {
			return removed, err
		}
		total -= e.size
		removed = append(removed, core.ArtifactURIPrefix+e.hexsum)
	}
	s.mu.Lock()
	s.listed, s.estimate = time.Now(), total
	s.mu.Unlock()
	return removed, nil
}

func (s *BlobStore) delete(ctx context.Context, hexsum string) error {
	err := s.bucket.Delete(ctx, key(hexsum))
	if err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return fmt.Errorf("removing %s%s from %s: %w", core.ArtifactURIPrefix, hexsum, s.location, err)
	}
	return nil
}
