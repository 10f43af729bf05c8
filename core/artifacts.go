package core

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// ArtifactURIPrefix starts every durable artifact URI.
const ArtifactURIPrefix = "artifact://sha256/"

var artifactURIPattern = regexp.MustCompile(`^artifact://sha256/([0-9a-f]{64})$`)

// ArtifactInfo describes one stored artifact.
type ArtifactInfo struct {
	URI          string    `json:"uri"`
	Digest       string    `json:"digest"`
	Size         int64     `json:"size"`
	ArtifactType string    `json:"artifact_type"`
	LastUsed     time.Time `json:"last_used,omitzero"`
}

// Artifacts is a durable, content-addressed artifact store, on a local
// disk (ArtifactStore) or on object storage shared by several replicas.
// Every implementation keeps one contract, which the suite in
// core/artifacttest checks:
//
//   - Put names the bytes by their SHA-256 (artifact://sha256/<hex>);
//     storing the same bytes twice yields the same URI and keeps the
//     artifact type given first.
//   - A write is atomic from a reader's point of view: a reader sees the
//     whole artifact or none, whatever happens to the writer.
//   - Get re-hashes the bytes it read; a corrupted artifact fails with
//     UNKNOWN_REFERENCE and is never served, nor is a missing one.
//   - List, Verify and GC see every artifact in the store, whichever
//     process wrote it; GC removes corrupted artifacts, leftovers of
//     writers that are gone, then the least recently used above the quota.
//   - Check answers whether the store is reachable now (for /readyz).
type Artifacts interface {
	Put(ctx context.Context, artifactType string, data []byte) (ArtifactInfo, error)
	Get(ctx context.Context, uri string) ([]byte, ArtifactInfo, error)
	List(ctx context.Context) ([]ArtifactInfo, error)
	Verify(ctx context.Context) (corrupted []string, err error)
	GC(ctx context.Context) (removed []string, err error)
	// Usage is the number of artifacts and their total bytes, cheaper
	// than List where the backend allows.
	Usage(ctx context.Context) (count int, bytes int64, err error)
	Check(ctx context.Context) error
	// Location names the store in messages and logs: a directory, or a
	// URL without credentials.
	Location() string
	Close() error
}

var _ Artifacts = (*ArtifactStore)(nil)

// ArtifactStore is a durable, content-addressed store on disk. Each value is
// a file named by the SHA-256 of its bytes, written atomically (temporary
// file, fsync, rename), so a reader sees a whole artifact or none; every read
// re-hashes the bytes, so a corrupted file is reported and never served.
// Above its quota the least recently used artifacts are removed.
//
// Layout under the root: sha256/<hex> holds the value, sha256/<hex>.meta its
// artifact type; tmp/ holds writes in progress, each named after its
// writer's owner token (<owner>.<name>.<nonce>) beside the owner's lock
// file tmp/<owner>.lock, which the writing process holds locked for as
// long as it lives. A temporary file whose owner's lock is free (or gone)
// belongs to no live process, and GC removes it whatever its age.
type ArtifactStore struct {
	root  string
	quota int64
	mu    sync.Mutex // serialises quota enforcement within one process

	ownerOnce sync.Once
	owner     string   // this process's owner token, set on the first write
	ownerLock *os.File // held locked until Close or exit
	ownerErr  error
}

// recentlyUsed protects artifacts from eviction right after they are
// written or read.
const recentlyUsed = time.Minute

// DefaultArtifactQuota bounds the store unless configured otherwise.
const DefaultArtifactQuota = 1 << 30

// DefaultArtifactDir is the store under the user's cache directory.
func DefaultArtifactDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(cache, "jacobian", "artifacts"), nil
}

// OpenArtifactStore opens (creating if needed) the store at root.
func OpenArtifactStore(root string, quota int64) (*ArtifactStore, error) {
	if quota <= 0 {
		quota = DefaultArtifactQuota
	}
	for _, d := range []string{"sha256", "tmp"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			return nil, err
		}
	}
	return &ArtifactStore{root: root, quota: quota}, nil
}

// Root returns the store's directory.
func (a *ArtifactStore) Root() string { return a.root }

// Location is the store's directory.
func (a *ArtifactStore) Location() string { return a.root }

// Check reports whether the store's directories are still there.
func (a *ArtifactStore) Check(context.Context) error {
	for _, d := range []string{"sha256", "tmp"} {
		if _, err := os.Stat(filepath.Join(a.root, d)); err != nil {
			return err
		}
	}
	return nil
}

// Usage counts the artifacts and their bytes.
func (a *ArtifactStore) Usage(ctx context.Context) (int, int64, error) {
	all, err := a.List(ctx)
	if err != nil {
		return 0, 0, err
	}
	var total int64
	for _, info := range all {
		total += info.Size
	}
	return len(all), total, nil
}

type artifactMeta struct {
	ArtifactType string `json:"artifact_type"`
}

// Put stores data durably and returns its description. Storing the same
// bytes twice yields the same URI.
func (a *ArtifactStore) Put(_ context.Context, artifactType string, data []byte) (ArtifactInfo, error) {
	if int64(len(data)) > a.quota {
		return ArtifactInfo{}, Refusef("a %d-byte artifact exceeds the store's %d-byte quota", len(data), a.quota)
	}
	sum := sha256.Sum256(data)
	hexsum := hex.EncodeToString(sum[:])
	if _, err := os.Stat(a.path(hexsum)); err == nil {
		// Already stored: the URI handed out before keeps its type.
		artifactType = a.artifactType(hexsum)
	} else {
		meta, _ := json.Marshal(artifactMeta{ArtifactType: artifactType})
		// The metadata lands first, so a value file never exists without it.
		if err := a.writeAtomic(a.path(hexsum)+".meta", meta); err != nil {
			return ArtifactInfo{}, err
		}
		if err := a.writeAtomic(a.path(hexsum), data); err != nil {
			return ArtifactInfo{}, err
		}
	}
	now := time.Now()
	_ = os.Chtimes(a.path(hexsum), now, now)
	info := ArtifactInfo{URI: ArtifactURIPrefix + hexsum, Digest: "sha256:" + hexsum, Size: int64(len(data)), ArtifactType: artifactType, LastUsed: now}
	if err := a.enforceQuota(hexsum); err != nil {
		return ArtifactInfo{}, err
	}
	return info, nil
}

func (a *ArtifactStore) path(hexsum string) string { return filepath.Join(a.root, "sha256", hexsum) }

// claimOwner creates and locks this process's owner lock file, once,
// before its first temporary file exists.
func (a *ArtifactStore) claimOwner() (string, error) {
	a.ownerOnce.Do(func() {
		var nonce [4]byte
		_, _ = rand.Read(nonce[:])
		owner := fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(nonce[:]))
		f, err := os.OpenFile(filepath.Join(a.root, "tmp", owner+".lock"), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			a.ownerErr = err
			return
		}
		if err := lockFile(f, true); err != nil {
			f.Close()
			os.Remove(f.Name())
			a.ownerErr = err
			return
		}
		a.owner, a.ownerLock = owner, f
	})
	return a.owner, a.ownerErr
}

// Close releases the store's owner lock, removing the lock file. Writes in
// progress must have finished; a store is not used after Close.
func (a *ArtifactStore) Close() error {
	if a.ownerLock == nil {
		return nil
	}
	os.Remove(a.ownerLock.Name())
	err := a.ownerLock.Close()
	a.ownerLock = nil
	return err
}

func (a *ArtifactStore) writeAtomic(final string, data []byte) error {
	owner, err := a.claimOwner()
	if err != nil {
		return err
	}
	var nonce [8]byte
	_, _ = rand.Read(nonce[:])
	tmp := filepath.Join(a.root, "tmp", owner+"."+filepath.Base(final)+"."+hex.EncodeToString(nonce[:]))
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		os.Remove(tmp)
		return err
	}
	if dir, err := os.Open(filepath.Dir(final)); err == nil {
		_ = dir.Sync()
		dir.Close()
	}
	return nil
}

// ParseArtifactURI validates an artifact URI and returns its hex digest.
// Anything but artifact://sha256/<64 lowercase hex> is refused, so no URI
// can name a path outside the store.
func ParseArtifactURI(uri string) (string, error) {
	m := artifactURIPattern.FindStringSubmatch(uri)
	if m == nil {
		return "", &Error{Code: UnknownReference, Message: fmt.Sprintf("%q is not an artifact URI: the form is %s<64 lowercase hex digits>", clip(uri), ArtifactURIPrefix)}
	}
	return m[1], nil
}

// Get reads and verifies an artifact. A missing artifact and a corrupted
// one both fail with UNKNOWN_REFERENCE, and the message says which.
func (a *ArtifactStore) Get(_ context.Context, uri string) ([]byte, ArtifactInfo, error) {
	hexsum, err := ParseArtifactURI(uri)
	if err != nil {
		return nil, ArtifactInfo{}, err
	}
	if fi, err := os.Stat(a.path(hexsum)); err == nil && fi.Size() > a.quota {
		return nil, ArtifactInfo{}, Refusef("%s is %d bytes, above the store's %d-byte quota", uri, fi.Size(), a.quota)
	}
	data, err := os.ReadFile(a.path(hexsum))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ArtifactInfo{}, &Error{Code: UnknownReference, Message: fmt.Sprintf("%s is not in the artifact store at %s", uri, a.root)}
	}
	if err != nil {
		return nil, ArtifactInfo{}, err
	}
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != hexsum {
		return nil, ArtifactInfo{}, &Error{Code: UnknownReference, Message: fmt.Sprintf("%s is corrupted on disk (its bytes no longer hash to its name) and will not be served; run `jacobian artifacts verify`", uri)}
	}
	now := time.Now()
	_ = os.Chtimes(a.path(hexsum), now, now)
	return data, ArtifactInfo{URI: uri, Digest: "sha256:" + hexsum, Size: int64(len(data)), ArtifactType: a.artifactType(hexsum), LastUsed: now}, nil
}

func (a *ArtifactStore) artifactType(hexsum string) string {
	var m artifactMeta
	b, err := os.ReadFile(a.path(hexsum) + ".meta")
	if err != nil || json.Unmarshal(b, &m) != nil || m.ArtifactType == "" {
		return "unknown"
	}
	return m.ArtifactType
}

// List describes every stored artifact, least recently used first.
func (a *ArtifactStore) List(context.Context) ([]ArtifactInfo, error) {
	entries, err := os.ReadDir(filepath.Join(a.root, "sha256"))
	if err != nil {
		return nil, err
	}
	var out []ArtifactInfo
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, ".meta") || !artifactURIPattern.MatchString(ArtifactURIPrefix+name) {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, ArtifactInfo{URI: ArtifactURIPrefix + name, Digest: "sha256:" + name, Size: fi.Size(), ArtifactType: a.artifactType(name), LastUsed: fi.ModTime()})
	}
	slices.SortFunc(out, func(x, y ArtifactInfo) int { return x.LastUsed.Compare(y.LastUsed) })
	return out, nil
}

// Verify re-hashes every artifact and returns the URIs whose bytes no longer
// match their names.
func (a *ArtifactStore) Verify(ctx context.Context) (corrupted []string, err error) {
	all, err := a.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, info := range all {
		hexsum := strings.TrimPrefix(info.URI, ArtifactURIPrefix)
		data, err := os.ReadFile(a.path(hexsum))
		if err != nil {
			corrupted = append(corrupted, info.URI)
			continue
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != hexsum {
			corrupted = append(corrupted, info.URI)
		}
	}
	return corrupted, nil
}

// GC removes corrupted artifacts, abandoned temporary files and orphaned
// metadata, then least recently used artifacts until the store is within
// its quota. It returns the URIs removed.
func (a *ArtifactStore) GC(ctx context.Context) ([]string, error) {
	corrupted, err := a.Verify(ctx)
	if err != nil {
		return nil, err
	}
	for _, uri := range corrupted {
		a.remove(strings.TrimPrefix(uri, ArtifactURIPrefix))
	}
	a.removeOrphans()
	metas, _ := filepath.Glob(filepath.Join(a.root, "sha256", "*.meta"))
	for _, m := range metas {
		if _, err := os.Stat(strings.TrimSuffix(m, ".meta")); errors.Is(err, fs.ErrNotExist) {
			os.Remove(m)
		}
	}
	removed := corrupted
	evicted, err := a.evict("")
	return append(removed, evicted...), err
}

// removeOrphans removes the temporary files that no live process owns:
// those whose owner's lock file can be locked (its process is gone: the
// kernel released the lock when it died) or does not exist. A file of a
// live writer, this process's included, is kept however old it is.
func (a *ArtifactStore) removeOrphans() {
	dir := filepath.Join(a.root, "tmp")
	entries, _ := os.ReadDir(dir)
	live := map[string]bool{}
	for _, e := range entries {
		owner, isLock := strings.CutSuffix(e.Name(), ".lock")
		if !isLock || strings.Contains(owner, ".") {
			continue
		}
		f, err := os.OpenFile(filepath.Join(dir, e.Name()), os.O_RDWR, 0)
		if err != nil {
			// Gone means its owner closed or was collected; otherwise
			// it cannot be judged, so its files stay.
			live[owner] = !errors.Is(err, fs.ErrNotExist)
			continue
		}
		if lockFile(f, false) != nil {
			live[owner] = true
		} else {
			os.Remove(f.Name())
		}
		f.Close()
	}
	for _, e := range entries {
		owner, _, _ := strings.Cut(e.Name(), ".")
		if !live[owner] {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

func (a *ArtifactStore) enforceQuota(keep string) error {
	_, err := a.evict(keep)
	return err
}

// evict removes least recently used artifacts (never keep) until the total
// size is within the quota.
func (a *ArtifactStore) evict(keep string) ([]string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	all, err := a.List(context.Background())
	if err != nil {
		return nil, err
	}
	var total int64
	for _, info := range all {
		total += info.Size
	}
	var removed []string
	for _, info := range all {
		if total <= a.quota {
			break
		}
		hexsum := strings.TrimPrefix(info.URI, ArtifactURIPrefix)
		// An artifact used in the last minute may be a URI just handed to
		// a client (another port of the same result, say); the store may
		// stay over quota until it ages.
		if hexsum == keep || time.Since(info.LastUsed) < recentlyUsed {
			continue
		}
		a.remove(hexsum)
		total -= info.Size
		removed = append(removed, info.URI)
	}
	return removed, nil
}

func (a *ArtifactStore) remove(hexsum string) {
	os.Remove(a.path(hexsum))
	os.Remove(a.path(hexsum) + ".meta")
}
