package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"jacobian.dev/core"
)

func TestRunPublishAndArtifacts(t *testing.T) {
	dir := t.TempDir()
	// gcd(x, x) = x for x > 0: a 70 000-digit x makes a result above the
	// 64 KiB inline limit.
	x := "1" + strings.Repeat("0", 69998) + "7"
	payload := `{"left":"` + x + `","right":"` + x + `"}`

	inline := jacobian(t, "", "run", "integer.compute.gcd", "--compact", "--json", payload)
	if o := inline.outcome(t); o.Outcome != core.OutcomeCompleted || o.Artifact != nil || !jsonEqual(t, o.Value, `{"gcd":"`+x+`"}`) {
		t.Fatalf("without --publish the value is not inline: %.200s", inline.stdout)
	}

	published := jacobian(t, "", "run", "integer.compute.gcd", "--publish", "--artifact-dir", dir, "--json", payload)
	o := published.outcome(t)
	if published.code != ExitCompleted || o.Artifact == nil || o.Value != nil {
		t.Fatalf("with --publish: exit %d, %.300s", published.code, published.stdout)
	}
	uri := o.Artifact.URI

	got := jacobian(t, "", "artifacts", "get", "--artifact-dir", dir, uri)
	if got.code != ExitCompleted || !jsonEqual(t, json.RawMessage(got.stdout), `{"gcd":"`+x+`"}`) {
		t.Errorf("artifacts get: exit %d, %.200s %s", got.code, got.stdout, got.stderr)
	}
	// The bytes printed are the stored bytes exactly, so their digest is
	// the URI's.
	if sum := sha256.Sum256([]byte(got.stdout)); "artifact://sha256/"+hex.EncodeToString(sum[:]) != uri {
		t.Errorf("artifacts get printed bytes whose digest is not %s", uri)
	}

	list := jacobian(t, "", "artifacts", "list", "--artifact-dir", dir)
	if !strings.Contains(list.stdout, uri) || !strings.Contains(list.stdout, "integer.compute.gcd.result") || !strings.Contains(list.stdout, "1 artifact,") {
		t.Errorf("artifacts list:\n%s", list.stdout)
	}
	var listed struct {
		Root      string              `json:"root"`
		Artifacts []core.ArtifactInfo `json:"artifacts"`
	}
	listJSON := jacobian(t, "", "artifacts", "list", "--json", "--artifact-dir", dir)
	if err := json.Unmarshal([]byte(listJSON.stdout), &listed); err != nil || listed.Root != dir || len(listed.Artifacts) != 1 || listed.Artifacts[0].URI != uri {
		t.Errorf("artifacts list --json: %v\n%s", err, listJSON.stdout)
	}

	if v := jacobian(t, "", "artifacts", "verify", "--artifact-dir", dir); v.code != ExitCompleted || !strings.Contains(v.stdout, "1 artifact checked, 0 corrupted") {
		t.Errorf("verify on a sound store: exit %d\n%s", v.code, v.stdout)
	}

	// Damage the artifact on disk: verify and get must both notice.
	file := filepath.Join(dir, "sha256", strings.TrimPrefix(uri, core.ArtifactURIPrefix))
	if err := os.WriteFile(file, []byte(`{"gcd":"1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if v := jacobian(t, "", "artifacts", "verify", "--artifact-dir", dir); v.code != ExitFailed || !strings.Contains(v.stdout, "CORRUPTED "+uri) {
		t.Errorf("verify on a corrupted store: exit %d\n%s", v.code, v.stdout)
	}
	if g := jacobian(t, "", "artifacts", "get", "--artifact-dir", dir, uri); g.code != ExitFailed || g.stdout != "" || !strings.Contains(g.stderr, "UNKNOWN_REFERENCE") {
		t.Errorf("get of a corrupted artifact: exit %d, stdout %.100q, stderr %q", g.code, g.stdout, g.stderr)
	}
	if gc := jacobian(t, "", "artifacts", "gc", "--artifact-dir", dir); gc.code != ExitCompleted || !strings.Contains(gc.stdout, "REMOVED "+uri) {
		t.Errorf("gc: exit %d\n%s", gc.code, gc.stdout)
	}
	if list := jacobian(t, "", "artifacts", "list", "--artifact-dir", dir); !strings.Contains(list.stdout, "0 artifacts, 0 bytes") {
		t.Errorf("store not empty after gc:\n%s", list.stdout)
	}
	if g := jacobian(t, "", "artifacts", "get", "--artifact-dir", dir, "artifact://sha256/xyz"); g.code != ExitFailed || !strings.Contains(g.stderr, "UNKNOWN_REFERENCE") {
		t.Errorf("malformed URI: exit %d, stderr %q", g.code, g.stderr)
	}
}

func TestRunInputBinding(t *testing.T) {
	dir := t.TempDir()
	store, err := core.OpenArtifactStore(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	seven, err := store.Put(context.Background(), "integer", []byte(`"7"`))
	if err != nil {
		t.Fatal(err)
	}
	wrongType, err := store.Put(context.Background(), "matrix", []byte(`[["1"]]`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		code    int
		failure core.Code
		value   string
	}{
		// 7 = 2·3 + 1.
		{"bound", []string{"--input", "n=" + seven.URI, "--json", `{}`}, ExitCompleted, "", `{"verdict":"rejected","subject":{"n":"7"},"remainder":"1"}`},
		{"bound and given", []string{"--input", "n=" + seven.URI, "--json", `{"n":"8"}`}, ExitFailed, core.PortConflict, ""},
		{"wrong artifact type", []string{"--input", "n=" + wrongType.URI, "--json", `{}`}, ExitFailed, core.ArtifactTypeMismatch, ""},
		{"undeclared port", []string{"--input", "m=" + seven.URI, "--json", `{}`}, ExitFailed, core.UnknownField, ""},
		{"absent artifact", []string{"--input", "n=artifact://sha256/" + strings.Repeat("0", 64), "--json", `{}`}, ExitFailed, core.UnknownReference, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"run", "fixture.parity.check", "--artifact-dir", dir}, tc.args...)
			inv := jacobian(t, "", args...)
			o := inv.outcome(t)
			if inv.code != tc.code || o.Code != tc.failure {
				t.Errorf("exit %d code %q, want %d %q: %s", inv.code, o.Code, tc.code, tc.failure, inv.stdout)
			}
			if tc.value != "" && !jsonEqual(t, o.Value, tc.value) {
				t.Errorf("value %s, want %s", o.Value, tc.value)
			}
		})
	}
}
