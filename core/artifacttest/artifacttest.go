// Package artifacttest is the conformance suite of artifact stores: one set
// of tests that every implementation of core.Artifacts passes, the on-disk
// store and every bucket backend alike.
package artifacttest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"jacobian.dev/core"
)

// Backend is one store under test.
type Backend struct {
	// Store is an empty store with the quota asked for.
	Store core.Artifacts
	// Again opens a second handle on the same store, as another replica
	// would.
	Again func(t *testing.T) core.Artifacts
	// Corrupt overwrites the stored bytes of an artifact behind the
	// store's back.
	Corrupt func(t *testing.T, uri string, data []byte)
}

// Run runs the suite. open makes a fresh, empty store per test, with the
// given quota (0: the default).
func Run(t *testing.T, open func(t *testing.T, quota int64) Backend) {
	tests := []struct {
		name string
		run  func(t *testing.T, open func(t *testing.T, quota int64) Backend)
	}{
		{"RoundTrip", roundTrip},
		{"TypeIsStable", typeIsStable},
		{"URIsRefused", urisRefused},
		{"CorruptionRefused", corruptionRefused},
		{"SharedBetweenHandles", shared},
		{"QuotaRefusesOversized", quotaRefuses},
		{"ConcurrentPuts", concurrentPuts},
		{"Usage", usage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, open) })
	}
}

func put(t *testing.T, s core.Artifacts, artifactType string, data []byte) core.ArtifactInfo {
	t.Helper()
	info, err := s.Put(context.Background(), artifactType, data)
	if err != nil {
		t.Fatalf("Put: %v", err)
	}
	return info
}

func roundTrip(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 0)
	ctx := context.Background()
	if err := b.Store.Check(ctx); err != nil {
		t.Fatalf("Check on a working store: %v", err)
	}
	data := []byte(`{"table":["0","1","4"]}`)
	info := put(t, b.Store, "test.table", data)
	if info.Digest != core.Digest(data) || info.URI != core.ArtifactURIPrefix+strings.TrimPrefix(core.Digest(data), "sha256:") || info.Size != int64(len(data)) {
		t.Fatalf("info %+v does not name the content's digest and size", info)
	}
	if again := put(t, b.Store, "test.table", data); again.URI != info.URI {
		t.Fatal("the same bytes stored twice got two URIs")
	}
	got, gotInfo, err := b.Store.Get(ctx, info.URI)
	if err != nil || !bytes.Equal(got, data) || gotInfo.ArtifactType != "test.table" || gotInfo.URI != info.URI || gotInfo.Digest != info.Digest {
		t.Fatalf("read back %s %+v %v", got, gotInfo, err)
	}
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	bigInfo := put(t, b.Store, "test.blob", big)
	if got, _, err := b.Store.Get(ctx, bigInfo.URI); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("a 1 MiB artifact read back as %d bytes, %v", len(got), err)
	}
	all, err := b.Store.List(ctx)
	if err != nil || len(all) != 2 {
		t.Fatalf("List = %+v, %v; want the two artifacts", all, err)
	}
	if bad, err := b.Store.Verify(ctx); err != nil || len(bad) != 0 {
		t.Fatalf("Verify on a sound store = %v, %v", bad, err)
	}
}

func typeIsStable(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 0)
	first := put(t, b.Store, "test.table", []byte(`[1]`))
	second := put(t, b.Store, "test.other", []byte(`[1]`))
	_, info, err := b.Store.Get(context.Background(), first.URI)
	if err != nil || second.ArtifactType != "test.table" || info.ArtifactType != "test.table" {
		t.Fatalf("types after a second put: %q and %q (%v)", second.ArtifactType, info.ArtifactType, err)
	}
}

func urisRefused(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 0)
	hex64 := strings.Repeat("ab", 32)
	for _, uri := range []string{
		"artifact://sha256/../../etc/passwd",
		"artifact://sha256/" + hex64 + "/../../x",
		"artifact://sha256/" + strings.ToUpper(hex64),
		"artifact://sha256/" + hex64[:63],
		"artifact://md5/" + hex64,
		"artifact://sha256/%2e%2e%2fetc%2fpasswd",
		"file:///etc/passwd",
		"artifact://sha256/" + hex64 + "\x00",
	} {
		_, _, err := b.Store.Get(context.Background(), uri)
		if !isUnknownReference(err) || !strings.Contains(err.Error(), "not an artifact URI") {
			t.Errorf("%q: got %v", uri, err)
		}
	}
	_, _, err := b.Store.Get(context.Background(), "artifact://sha256/"+hex64)
	if !isUnknownReference(err) || !strings.Contains(err.Error(), "not in the artifact store") {
		t.Errorf("missing artifact: %v", err)
	}
}

func isUnknownReference(err error) bool {
	var ce *core.Error
	return errors.As(err, &ce) && ce.Code == core.UnknownReference
}

// A corrupted artifact is refused by every handle, reported by Verify and
// removed by GC; its neighbour is untouched.
func corruptionRefused(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 0)
	ctx := context.Background()
	data := []byte(`{"value":"123456789"}`)
	info := put(t, b.Store, "test.value", data)
	sound := put(t, b.Store, "test.value", []byte(`{"value":"2"}`))
	bad := bytes.Clone(data)
	bad[12] ^= 0x01
	b.Corrupt(t, info.URI, bad)
	for i, s := range []core.Artifacts{b.Store, b.Again(t)} {
		if _, _, err := s.Get(ctx, info.URI); !isUnknownReference(err) || !strings.Contains(err.Error(), "corrupted") {
			t.Fatalf("handle %d served a corrupted artifact: %v", i+1, err)
		}
	}
	b.Corrupt(t, info.URI, data[:7]) // truncated, as a partial write would be
	if _, _, err := b.Store.Get(ctx, info.URI); !isUnknownReference(err) || !strings.Contains(err.Error(), "corrupted") {
		t.Fatalf("a truncated artifact was served: %v", err)
	}
	if got, err := b.Store.Verify(ctx); err != nil || len(got) != 1 || got[0] != info.URI {
		t.Fatalf("Verify = %v, %v; want [%s]", got, err, info.URI)
	}
	removed, err := b.Store.GC(ctx)
	if err != nil || len(removed) != 1 || removed[0] != info.URI {
		t.Fatalf("GC removed %v, %v", removed, err)
	}
	if _, _, err := b.Store.Get(ctx, info.URI); !isUnknownReference(err) || !strings.Contains(err.Error(), "not in the artifact store") {
		t.Fatalf("after GC: %v", err)
	}
	if _, _, err := b.Store.Get(ctx, sound.URI); err != nil {
		t.Fatalf("GC touched a sound artifact: %v", err)
	}
}

// What one handle writes, another reads, lists and verifies.
func shared(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 0)
	ctx := context.Background()
	other := b.Again(t)
	data := []byte(`["shared"]`)
	info := put(t, b.Store, "test.list", data)
	got, gotInfo, err := other.Get(ctx, info.URI)
	if err != nil || !bytes.Equal(got, data) || gotInfo.ArtifactType != "test.list" {
		t.Fatalf("the second handle read %s %+v %v", got, gotInfo, err)
	}
	all, err := other.List(ctx)
	if err != nil || len(all) != 1 || all[0].URI != info.URI || all[0].ArtifactType != "test.list" || all[0].Size != int64(len(data)) {
		t.Fatalf("the second handle lists %+v, %v", all, err)
	}
	if again := put(t, other, "test.other", data); again.URI != info.URI || again.ArtifactType != "test.list" {
		t.Fatalf("a second writer of the same bytes got %+v", again)
	}
}

func quotaRefuses(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 1000)
	_, err := b.Store.Put(context.Background(), "test.blob", make([]byte, 1001))
	var refusal *core.Refusal
	if !errors.As(err, &refusal) {
		t.Fatalf("a 1001-byte artifact in a 1000-byte store: %v", err)
	}
	if all, _ := b.Store.List(context.Background()); len(all) != 0 {
		t.Fatalf("a refused artifact was stored: %+v", all)
	}
	// Recent artifacts are kept even past the quota: a URI just handed
	// out stays readable.
	first := put(t, b.Store, "test.blob", bytes.Repeat([]byte{'a'}, 600))
	put(t, b.Store, "test.blob", bytes.Repeat([]byte{'b'}, 600))
	if _, _, err := b.Store.Get(context.Background(), first.URI); err != nil {
		t.Fatalf("an artifact written a moment ago was evicted: %v", err)
	}
}

// Concurrent writers of the same and of different bytes, through two
// handles, leave whole artifacts only.
func concurrentPuts(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 0)
	ctx := context.Background()
	handles := []core.Artifacts{b.Store, b.Again(t)}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 8 {
		wg.Go(func() {
			s := handles[i%2]
			for _, payload := range [][]byte{[]byte(`"same"`), fmt.Appendf(nil, `"writer %d"`, i)} {
				info, err := s.Put(ctx, "test.value", payload)
				if err != nil {
					errs <- err
					return
				}
				got, _, err := s.Get(ctx, info.URI)
				if err != nil || !bytes.Equal(got, payload) {
					errs <- fmt.Errorf("writer %d read back %q, %v", i, got, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if all, err := b.Store.List(ctx); err != nil || len(all) != 9 {
		t.Fatalf("List after the writers = %d artifacts, %v; want 9", len(all), err)
	}
}

func usage(t *testing.T, open func(*testing.T, int64) Backend) {
	b := open(t, 0)
	ctx := context.Background()
	put(t, b.Store, "test.value", []byte(`"1"`))
	put(t, b.Store, "test.value", []byte(`"22"`))
	n, bytes, err := b.Store.Usage(ctx)
	if err != nil || n != 2 || bytes != 7 {
		t.Fatalf("Usage = %d artifacts, %d bytes, %v; want 2 and 7", n, bytes, err)
	}
}
