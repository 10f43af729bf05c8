package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/integer"
)

// TestServeStdioHostileFrames: serve answers frames that are not JSON-RPC
// with errors and keeps serving the same session; the end of input in the
// middle of a frame is a clean exit.
func TestServeStdioHostileFrames(t *testing.T) {
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var errOut lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main(Config{
			Domains: []core.Registrar{integer.Register},
			Args:    []string{"serve", "--max-payload", "1KiB"},
			Stdin:   serverIn, Stdout: serverOut, Stderr: &errOut,
		})
		serverOut.Close()
	}()
	replies := bufio.NewScanner(clientIn)
	replies.Buffer(nil, 1<<20)
	exchange := func(frame string) map[string]any {
		t.Helper()
		if _, err := io.WriteString(clientOut, frame+"\n"); err != nil {
			t.Fatal(err)
		}
		if !replies.Scan() {
			t.Fatalf("no reply to %.40q; stderr:\n%s", frame, errOut.String())
		}
		var m map[string]any
		if err := json.Unmarshal(replies.Bytes(), &m); err != nil {
			t.Fatalf("reply %q: %v", replies.Bytes(), err)
		}
		return m
	}
	exchange(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	if _, err := io.WriteString(clientOut, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("9", 200<<10)
	for i, frame := range []string{
		"not json",
		"\xff\xfe",
		"\xef\xbb\xbf" + `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":NaN}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":"` + big + `","right":"1"}}}}`,
	} {
		m := exchange(frame)
		if m["error"] == nil && !strings.Contains(string(mustJSON(t, m)), "RESOURCE_REFUSED") {
			t.Errorf("frame %d: %v, want an error or a refusal", i, m)
		}
		if pong := exchange(`{"jsonrpc":"2.0","id":100,"method":"ping"}`); pong["result"] == nil {
			t.Fatalf("after frame %d the server no longer answers: %v", i, pong)
		}
	}
	// The payload limit is the runtime's too: 1 KiB of digits is refused.
	m := exchange(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"integer.compute.gcd","payload":{"left":"` + strings.Repeat("9", 1024) + `","right":"1"}}}}`)
	if !strings.Contains(string(mustJSON(t, m)), "RESOURCE_REFUSED") {
		t.Errorf("a payload over --max-payload: %v", m)
	}
	if _, err := io.WriteString(clientOut, `{"jsonrpc":"2.0","id":5,"meth`); err != nil {
		t.Fatal(err)
	}
	clientOut.Close()
	if code := <-done; code != ExitCompleted {
		t.Errorf("serve exit %d after a truncated final frame; stderr:\n%s", code, errOut.String())
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestServeRemoteBind: a non-loopback --http address is refused unless
// --allow-remote is given, and the refusal names the way out.
func TestServeRemoteBind(t *testing.T) {
	inv := jacobian(t, "", "serve", "--http", "0.0.0.0:0")
	if inv.code != ExitFailed || !strings.Contains(inv.stderr, "--allow-remote") || !strings.Contains(inv.stderr, "0.0.0.0:0") {
		t.Errorf("exit %d, stderr %q; want exit %d naming the address and --allow-remote", inv.code, inv.stderr, ExitFailed)
	}
	for _, args := range [][]string{
		{"serve", "--allow-remote"},
		{"serve", "--http", "127.0.0.1:0", "--allow-origin", "localhost:6274"},
		{"serve", "--http", "127.0.0.1:0", "--max-sessions", "0"},
		{"serve", "--max-payload", "0"},
		{"run", "integer.compute.gcd", "--json", "{}", "--max-payload", "2GiB"},
	} {
		if inv := jacobian(t, "", args...); inv.code != ExitUsage {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, inv.code, inv.stderr)
		}
	}
}

// TestServeAuthTokenFile: an empty token file is refused before serving.
func TestServeAuthTokenFile(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(empty, []byte(" \n"), 0o600); err != nil {
		t.Fatal(err)
	}
	inv := jacobian(t, "", "serve", "--http", "127.0.0.1:0", "--auth-token-file", empty)
	if inv.code != ExitFailed || !strings.Contains(inv.stderr, "empty") {
		t.Errorf("exit %d, stderr %q; want exit %d saying the token file is empty", inv.code, inv.stderr, ExitFailed)
	}
}

// TestRunMaxPayload: run applies the same limit, with the same outcome.
func TestRunMaxPayload(t *testing.T) {
	payload := `{"left":"` + strings.Repeat("7", 100) + `","right":"1"}`
	inv := jacobian(t, "", "run", "integer.compute.gcd", "--json", payload, "--max-payload", "64")
	if !strings.Contains(inv.stdout, string(core.ResourceRefused)) {
		t.Errorf("run --max-payload 64: exit %d, stdout %q", inv.code, inv.stdout)
	}
	if inv := jacobian(t, "", "run", "integer.compute.gcd", "--json", payload); !strings.Contains(inv.stdout, `"completed"`) {
		t.Errorf("run with the default limit: exit %d, stdout %q", inv.code, inv.stdout)
	}
}
