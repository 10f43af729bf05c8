package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"jacobian.dev/core"
	"jacobian.dev/finitefield"
)

func sha256Of(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// TestRunOutput: --output moves a completed value into a file, replaced
// whole; a run that does not complete leaves the file as it was.
func TestRunOutput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "gcd.json")
	// gcd(84, 30) = 6.
	inv := jacobian(t, "", "run", "integer.compute.gcd", "--output", file, "--json", `{"left":"84","right":"30"}`)
	o := inv.outcome(t)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if inv.code != ExitCompleted || o.Outcome != core.OutcomeCompleted || o.Value != nil || string(data) != `{"gcd":"6"}` {
		t.Fatalf("exit %d, outcome %s, file %q", inv.code, inv.stdout, data)
	}
	if want := "the value (11 bytes, " + sha256Of(data) + ") was written to " + file; !strings.Contains(inv.stderr, want) {
		t.Errorf("stderr %q, want it to say %q", inv.stderr, want)
	}

	// A run that fails leaves the earlier file.
	inv = jacobian(t, "", "run", "integer.compute.gcd", "--output", file, "--json", `{"left":"x","right":"0"}`)
	if o := inv.outcome(t); inv.code != ExitFailed || o.Code != core.InvalidPayload || o.Value != nil {
		t.Fatalf("gcd(x, 0): exit %d %s", inv.code, inv.stdout)
	}
	if again, _ := os.ReadFile(file); string(again) != `{"gcd":"6"}` {
		t.Errorf("a failed run changed the output file to %q", again)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d entries, want the output file alone (no leftovers)", len(entries))
	}

	// With --publish and a result above the inline limit, the file holds
	// the artifact's bytes. gcd(x, x) = x for x > 0.
	x := "1" + strings.Repeat("0", 69998) + "7"
	store := filepath.Join(dir, "store")
	inv = jacobian(t, "", "run", "integer.compute.gcd", "--publish", "--artifact-dir", store, "-o", file, "--json", `{"left":"`+x+`","right":"`+x+`"}`)
	o = inv.outcome(t)
	data, _ = os.ReadFile(file)
	if inv.code != ExitCompleted || o.Artifact == nil || o.Value != nil || o.Artifact.Digest != sha256Of(data) || string(data) != `{"gcd":"`+x+`"}` {
		t.Fatalf("published: exit %d, %.300s; file has %d bytes", inv.code, inv.stdout, len(data))
	}
	if !strings.Contains(inv.stderr, "the result stored as "+o.Artifact.URI) {
		t.Errorf("stderr %q does not name the artifact", inv.stderr)
	}

	// An output nobody can write is found before the run.
	inv = jacobian(t, "", "run", "integer.compute.gcd", "--output", filepath.Join(dir, "absent", "x.json"), "--json", `{"left":"84","right":"30"}`)
	if inv.code != ExitUsage || inv.stdout != "" || !strings.Contains(inv.stderr, "cannot write --output") {
		t.Errorf("unwritable output: exit %d, stdout %q, stderr %q", inv.code, inv.stdout, inv.stderr)
	}
}

// TestRunInputFile binds ports to JSON files: the value goes through the
// runtime's assembly and the one parse like any bound value.
func TestRunInputFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	seven := write("seven.json", "\"7\"\n")
	number := write("number.json", `7`)
	broken := write("broken.json", "\"7\n")
	empty := write("empty.json", "  \n")
	tests := []struct {
		name    string
		args    []string
		code    int
		failure core.Code
		path    string
		says    string
		value   string
	}{
		// 7 = 2·3 + 1.
		{"bound", []string{"--input", "n=@" + seven, "--json", `{}`}, ExitCompleted, "", "", "", `{"verdict":"rejected","subject":{"n":"7"},"remainder":"1"}`},
		{"without a payload", []string{"--input", "n=@" + seven}, ExitCompleted, "", "", "", `{"verdict":"rejected","subject":{"n":"7"},"remainder":"1"}`},
		{"validated by the request schema", []string{"--input", "n=@" + number}, ExitFailed, core.InvalidPayload, "/payload/n", "string", ""},
		{"not JSON", []string{"--input", "n=@" + broken}, ExitFailed, core.InvalidPayload, "/inputs/n", "line 1, column 3", ""},
		{"empty", []string{"--input", "n=@" + empty}, ExitFailed, core.InvalidPayload, "/inputs/n", "empty", ""},
		{"missing", []string{"--input", "n=@" + filepath.Join(dir, "absent.json")}, ExitFailed, core.UnknownReference, "/inputs/n/value_ref", "cannot read the file", ""},
		{"bound and given", []string{"--input", "n=@" + seven, "--json", `{"n":"8"}`}, ExitFailed, core.PortConflict, "/payload/n", "one way", ""},
		{"undeclared port", []string{"--input", "m=@" + seven}, ExitFailed, core.UnknownField, "/inputs/m", `input ports are "n"`, ""},
		{"neither artifact nor file", []string{"--input", "n=seven.json"}, ExitFailed, core.UnknownReference, "/inputs/n/value_ref", "neither an artifact URI", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inv := jacobian(t, "", append([]string{"run", "fixture.parity.check", "--compact"}, tc.args...)...)
			o := inv.outcome(t)
			if inv.code != tc.code || o.Code != tc.failure || o.Path != tc.path || !strings.Contains(o.Message, tc.says) {
				t.Errorf("exit %d, %s; want %d %q at %q saying %q", inv.code, inv.stdout, tc.code, tc.failure, tc.path, tc.says)
			}
			if tc.value != "" && !jsonEqual(t, o.Value, tc.value) {
				t.Errorf("value %s, want %s", o.Value, tc.value)
			}
		})
	}
	for name, args := range map[string][]string{
		"value reference": {"--input", "n=value://AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"},
		"bare @":          {"--input", "n=@"},
	} {
		inv := jacobian(t, "", append([]string{"run", "fixture.parity.check"}, args...)...)
		if inv.code != ExitUsage || inv.stdout != "" {
			t.Errorf("%s: exit %d, stdout %q; want a usage error", name, inv.code, inv.stdout)
		}
	}
	inv := jacobian(t, "", "run", "fixture.parity.check", "--input", "n=value://AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
	for _, says := range []string{"inside one MCP session", "n=artifact://sha256/", "n=@FILE"} {
		if !strings.Contains(inv.stderr, says) {
			t.Errorf("stderr %q does not say %q", inv.stderr, says)
		}
	}
}

func TestByteCount(t *testing.T) {
	for in, want := range map[string]byteCount{
		"0": 0, "65536": 65536, "64KiB": 64 << 10, "8MiB": 8 << 20, "8mib": 8 << 20, "1GiB": 1 << 30, "12B": 12,
		"8589934591GiB": 8589934591 << 30,
	} {
		var b byteCount
		if err := b.UnmarshalText([]byte(in)); err != nil || b != want {
			t.Errorf("%q: %d, %v; want %d", in, b, err, want)
		}
	}
	for _, in := range []string{"", "MiB", "8 MB", "8MB", "-1", "1.5MiB", "8589934592GiB", "99999999999999999999"} {
		var b byteCount
		if err := b.UnmarshalText([]byte(in)); err == nil {
			t.Errorf("%q was read as %d", in, b)
		}
	}
}

// The defaults printed by serve --help are the runtime's.
func TestServeValueDefaults(t *testing.T) {
	inv := jacobian(t, "", "serve", "--help")
	for _, want := range []string{"--max-values=N", "Default 1024.", "Default 256MiB.", "Default 64KiB."} {
		if !strings.Contains(inv.stdout, want) {
			t.Errorf("serve --help lacks %q", want)
		}
	}
	var maxBytes byteCount
	if err := maxBytes.UnmarshalText([]byte("256MiB")); err != nil || int64(maxBytes) != core.DefaultMaxValueBytes || core.DefaultMaxValues != 1024 {
		t.Errorf("serve's defaults (1024 values, 256MiB) differ from the runtime's (%d, %d)", core.DefaultMaxValues, core.DefaultMaxValueBytes)
	}
	for _, args := range [][]string{
		{"serve", "--max-values", "0"},
		{"serve", "--max-values", "-3"},
		{"serve", "--max-value-bytes", "0"},
		{"serve", "--max-value-bytes", "8 MB"},
		{"serve", "--inline-limit", "0"},
	} {
		if inv := jacobian(t, "", args...); inv.code != ExitUsage || !strings.HasPrefix(inv.stderr, "jacobian: error: ") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, inv.code, inv.stderr)
		}
	}
}

// TestServeValueBounds serves the finite-field domain in-process with
// --max-values 1 and a 100-byte inline limit: a second table evicts the
// first one's reference, and a table above the limit is stored as an
// artifact.
func TestServeValueBounds(t *testing.T) {
	store := t.TempDir()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var errOut lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main(Config{
			Domains: []core.Registrar{finitefield.Register},
			Args:    []string{"serve", "--max-values", "1", "--inline-limit", "100", "--artifact-dir", store},
			Stdin:   serverIn, Stdout: serverOut, Stderr: &errOut,
		})
		serverOut.Close()
	}()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "cli-test", Version: "v0"}, nil).Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	table := func(square string) core.Outcome {
		// x^2 + c over GF(5): the table is 150-odd bytes.
		return callRun(t, ctx, cs, "finite_field.polynomial_map.table.compute", map[string]any{
			"field":      map[string]any{"characteristic": "5", "degree": 1},
			"polynomial": map[string]any{"coefficients": []string{square, "0", "1"}},
		})
	}
	fibers := func(ref string) core.Outcome {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "math.run", Arguments: map[string]any{
			"capability_id": "finite_field.polynomial_map.fibers.compute", "payload": map[string]any{},
			"inputs": map[string]any{"table": map[string]any{"value_ref": ref}},
		}})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res.StructuredContent)
		var o core.Outcome
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		return o
	}
	first, second := table("1"), table("2")
	out := second.Outputs["table"]
	if first.Outcome != core.OutcomeCompleted || out.ArtifactURI == "" || out.Size <= 100 || second.Artifact == nil {
		t.Fatalf("a %d-byte table with a 100-byte inline limit: %+v", out.Size, second)
	}
	if _, err := os.Stat(filepath.Join(store, "sha256", strings.TrimPrefix(out.ArtifactURI, core.ArtifactURIPrefix))); err != nil {
		t.Errorf("the table is not in --artifact-dir: %v", err)
	}
	if o := fibers(first.Outputs["table"].ValueRef); o.Code != core.UnknownReference || !strings.Contains(o.Message, "evicted") {
		t.Errorf("the first reference with --max-values 1: %+v, want UNKNOWN_REFERENCE evicted", o)
	}
	// x^2 + 2 over GF(5) takes the values 2, 3, 1 (0 ↦ 2, ±1 ↦ 3, ±2 ↦ 1).
	o := fibers(out.ValueRef)
	if o.Outcome != core.OutcomeCompleted || o.Artifact == nil {
		t.Fatalf("the second reference: %+v, want fibers stored as an artifact", o)
	}
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: o.Artifact.URI})
	if err != nil {
		t.Fatal(err)
	}
	if v := read.Contents[0].Text; !strings.Contains(v, `"image_size":3`) {
		t.Errorf("fibers of x^2 + 2 over GF(5): %s", v)
	}
	cs.Close()
	clientOut.Close()
	if code := <-done; code != ExitCompleted {
		t.Errorf("serve exit %d; stderr:\n%s", code, errOut.String())
	}
}

func FuzzByteCount(f *testing.F) {
	for _, s := range []string{"0", "64KiB", "8MiB", "1GiB", "-1", "8589934592GiB", "1.5MiB", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b byteCount
		if err := b.UnmarshalText([]byte(s)); err == nil && b < 0 {
			t.Fatalf("%q was read as the negative size %d", s, b)
		}
	})
}

// FuzzInputFileSyntax: a file bound with --input PORT=@FILE is accepted as
// JSON exactly when encoding/json finds it valid (and not blank), and the
// position named for a bad one never panics.
func FuzzInputFileSyntax(f *testing.F) {
	for _, s := range []string{`"7"`, "\"7\n", "", "  ", `{"a":[1,2`, "[]]", "\n\n{\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := jsonSyntax(data)
		valid := json.Valid(data) && strings.TrimSpace(string(data)) != ""
		if (err == nil) != valid {
			t.Fatalf("%q: jsonSyntax says %v, json.Valid %v", data, err, json.Valid(data))
		}
	})
}
