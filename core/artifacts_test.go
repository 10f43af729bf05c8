package core

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestArtifactRoundTripAndCorruption(t *testing.T) {
	store, err := OpenArtifactStore(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	data := []byte(`{"table":["0","1","4"]}`)
	info, err := store.Put("test.table", data)
	if err != nil {
		t.Fatal(err)
	}
	if info.Digest != Digest(data) || info.URI != ArtifactURIPrefix+strings.TrimPrefix(Digest(data), "sha256:") {
		t.Fatalf("info %+v does not name the content's digest", info)
	}
	again, _ := store.Put("test.table", data)
	if again.URI != info.URI {
		t.Fatal("the same bytes stored twice got two URIs")
	}
	got, gotInfo, err := store.Get(info.URI)
	if err != nil || !bytes.Equal(got, data) || gotInfo.ArtifactType != "test.table" {
		t.Fatalf("read back %s %+v %v", got, gotInfo, err)
	}

	// Flip one byte on disk: reads and verify both notice.
	file := filepath.Join(store.Root(), "sha256", strings.TrimPrefix(info.URI, ArtifactURIPrefix))
	raw, _ := os.ReadFile(file)
	raw[3] ^= 0x01
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Get(info.URI); err == nil || !strings.Contains(err.Error(), "corrupted") {
		t.Fatalf("a corrupted artifact was served: %v", err)
	}
	bad, err := store.Verify()
	if err != nil || len(bad) != 1 || bad[0] != info.URI {
		t.Fatalf("Verify = %v, %v", bad, err)
	}
	removed, _ := store.GC()
	if len(removed) != 1 {
		t.Fatalf("GC removed %v", removed)
	}
}

func TestArtifactURIsRefused(t *testing.T) {
	store, err := OpenArtifactStore(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
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
		_, _, err := store.Get(uri)
		if err == nil || !strings.Contains(err.Error(), "not an artifact URI") {
			t.Errorf("%q: got %v", uri, err)
		}
	}
	if _, _, err := store.Get("artifact://sha256/" + hex64); err == nil || !strings.Contains(err.Error(), "not in the artifact store") {
		t.Errorf("missing artifact: %v", err)
	}
}

func TestArtifactQuotaEvictsLeastRecentlyUsed(t *testing.T) {
	store, err := OpenArtifactStore(t.TempDir(), 3000)
	if err != nil {
		t.Fatal(err)
	}
	put := func(c byte) ArtifactInfo {
		info, err := store.Put("test.blob", bytes.Repeat([]byte{c}, 1000))
		if err != nil {
			t.Fatal(err)
		}
		return info
	}
	stamp := func(info ArtifactInfo, at time.Time) {
		os.Chtimes(filepath.Join(store.Root(), "sha256", strings.TrimPrefix(info.URI, ArtifactURIPrefix)), at, at)
	}
	base := time.Now().Add(-time.Hour)
	a, b, c := put('a'), put('b'), put('c')
	stamp(a, base)
	stamp(b, base.Add(time.Minute))
	stamp(c, base.Add(2*time.Minute))
	if _, _, err := store.Get(a.URI); err != nil { // a becomes the most recently used
		t.Fatal(err)
	}
	put('d')
	if _, _, err := store.Get(b.URI); err == nil {
		t.Fatal("the least recently used artifact survived past the quota")
	}
	for _, keep := range []ArtifactInfo{a, c} {
		if _, _, err := store.Get(keep.URI); err != nil {
			t.Errorf("%s was evicted: %v", keep.URI, err)
		}
	}
}

// TestArtifactCrashSafety kills a writer process in the middle of writing
// artifacts and checks that every artifact the store will serve is whole.
func TestArtifactCrashSafety(t *testing.T) {
	if dir := os.Getenv("JACOBIAN_ARTIFACT_WRITER"); dir != "" {
		store, err := OpenArtifactStore(dir, 0)
		if err != nil {
			os.Exit(3)
		}
		blob := bytes.Repeat([]byte("0123456789"), 400_000) // 4 MB each: kills land mid-write
		for i := 0; ; i++ {
			copy(blob, fmt.Sprintf("%08d", i))
			if _, err := store.Put("test.blob", blob); err != nil {
				os.Exit(4)
			}
		}
	}
	dir := t.TempDir()
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestArtifactCrashSafety$")
		cmd.Env = append(os.Environ(), "JACOBIAN_ARTIFACT_WRITER="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(150+70*round) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
	}
	store, err := OpenArtifactStore(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	all, err := store.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("the writer stored nothing before being killed; the test proves nothing")
	}
	for _, info := range all {
		data, _, err := store.Get(info.URI)
		if err != nil {
			t.Fatalf("%s: %v", info.URI, err)
		}
		if len(data) != 4_000_000 {
			t.Fatalf("%s: served %d bytes of a 4,000,000-byte artifact", info.URI, len(data))
		}
	}
	if bad, _ := store.Verify(); len(bad) > 0 {
		t.Fatalf("corrupted after a crash: %v", bad)
	}
	tmps, _ := os.ReadDir(filepath.Join(dir, "tmp"))
	t.Logf("%d whole artifacts; %d abandoned temporary files, never served", len(all), len(tmps))
	if len(tmps) == 0 {
		t.Fatal("no leftover from three kills mid-write; the GC check below proves nothing")
	}
	// The killed writers' leftovers are minutes younger than any age
	// threshold; GC removes them because no live process owns them.
	if _, err := store.GC(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(left) != 0 {
		t.Fatalf("GC kept %d leftovers of dead writers: %v", len(left), left)
	}
}

// GC keeps a live writer's temporary file and removes it once its owner
// has closed the store.
func TestArtifactGCKeepsLiveWrites(t *testing.T) {
	dir := t.TempDir()
	writer, err := OpenArtifactStore(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writer.Put("test.blob", []byte("x")); err != nil {
		t.Fatal(err)
	}
	inFlight := filepath.Join(dir, "tmp", writer.owner+".0123.feedface")
	if err := os.WriteFile(inFlight, []byte("half a write"), 0o644); err != nil {
		t.Fatal(err)
	}
	collector, err := OpenArtifactStore(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := collector.GC(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(inFlight); err != nil {
		t.Fatalf("GC removed a live writer's file: %v", err)
	}
	writer.Close()
	if _, err := collector.GC(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(left) != 0 {
		t.Fatalf("after the writer closed, GC kept %v", left)
	}
}

// A URI keeps the artifact type it was first stored with.
func TestArtifactTypeIsStable(t *testing.T) {
	store, err := OpenArtifactStore(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := store.Put("test.table", []byte(`[1]`))
	second, _ := store.Put("test.other", []byte(`[1]`))
	_, info, err := store.Get(first.URI)
	if err != nil || second.ArtifactType != "test.table" || info.ArtifactType != "test.table" {
		t.Fatalf("types after a second put: %q and %q (%v)", second.ArtifactType, info.ArtifactType, err)
	}
}
