package core

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestArtifactQuotaEvictsLeastRecentlyUsed(t *testing.T) {
	store, err := OpenArtifactStore(t.TempDir(), 3000)
	if err != nil {
		t.Fatal(err)
	}
	put := func(c byte) ArtifactInfo {
		info, err := store.Put(bg, "test.blob", bytes.Repeat([]byte{c}, 1000))
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
	if _, _, err := store.Get(bg, a.URI); err != nil { // a becomes the most recently used
		t.Fatal(err)
	}
	put('d')
	if _, _, err := store.Get(bg, b.URI); err == nil {
		t.Fatal("the least recently used artifact survived past the quota")
	}
	for _, keep := range []ArtifactInfo{a, c} {
		if _, _, err := store.Get(bg, keep.URI); err != nil {
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
			if _, err := store.Put(bg, "test.blob", blob); err != nil {
				os.Exit(4)
			}
		}
	}
	dir := t.TempDir()
	stored := func() int {
		entries, _ := os.ReadDir(filepath.Join(dir, "sha256"))
		return len(entries)
	}
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestArtifactCrashSafety$")
		cmd.Env = append(os.Environ(), "JACOBIAN_ARTIFACT_WRITER="+dir)
		before := stored()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill only once this writer has published an artifact (a loaded
		// machine may take seconds to start it), a little into the next.
		for deadline := time.Now().Add(time.Minute); stored() == before && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(time.Duration(10+15*round) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
	}
	store, err := OpenArtifactStore(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	all, err := store.List(bg)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("the writer stored nothing before being killed; the test proves nothing")
	}
	for _, info := range all {
		data, _, err := store.Get(bg, info.URI)
		if err != nil {
			t.Fatalf("%s: %v", info.URI, err)
		}
		if len(data) != 4_000_000 {
			t.Fatalf("%s: served %d bytes of a 4,000,000-byte artifact", info.URI, len(data))
		}
	}
	if bad, _ := store.Verify(bg); len(bad) > 0 {
		t.Fatalf("corrupted after a crash: %v", bad)
	}
	tmps, _ := os.ReadDir(filepath.Join(dir, "tmp"))
	t.Logf("%d whole artifacts; %d abandoned temporary files, never served", len(all), len(tmps))
	if len(tmps) == 0 {
		t.Fatal("no leftover from three kills mid-write; the GC check below proves nothing")
	}
	// The killed writers' leftovers are minutes younger than any age
	// threshold; GC removes them because no live process owns them.
	if _, err := store.GC(bg); err != nil {
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
	if _, err := writer.Put(bg, "test.blob", []byte("x")); err != nil {
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
	if _, err := collector.GC(bg); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(inFlight); err != nil {
		t.Fatalf("GC removed a live writer's file: %v", err)
	}
	writer.Close()
	if _, err := collector.GC(bg); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(left) != 0 {
		t.Fatalf("after the writer closed, GC kept %v", left)
	}
}

var bg = context.Background()
