package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"jacobian.dev/core"
	"jacobian.dev/integer"
)

// callRun calls math.run and decodes the outcome from the structured result.
func callRun(t *testing.T, ctx context.Context, cs *mcp.ClientSession, id string, payload map[string]any) core.Outcome {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "math.run", Arguments: map[string]any{"capability_id": id, "payload": payload}})
	if err != nil {
		t.Fatalf("math.run: %v", err)
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var o core.Outcome
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatalf("math.run structured content %s: %v", b, err)
	}
	return o
}

func TestServeStdio(t *testing.T) {
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var errOut lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main(Config{
			Version: "v9.9.9",
			Domains: []core.Registrar{integer.Register},
			Args:    []string{"serve"},
			Stdin:   serverIn, Stdout: serverOut, Stderr: &errOut,
		})
		serverOut.Close()
	}()

	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "cli-test", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	if got := cs.InitializeResult().ServerInfo; got.Name != "jacobian" || got.Version != "v9.9.9" {
		t.Errorf("server info %+v, want jacobian v9.9.9", got)
	}
	// gcd(84, 30) = 6, the same value run prints.
	if o := callRun(t, ctx, cs, "integer.compute.gcd", map[string]any{"left": "84", "right": "30"}); o.Outcome != core.OutcomeCompleted || !jsonEqual(t, o.Value, `{"gcd":"6"}`) {
		t.Errorf("math.run outcome %v", o)
	}
	// Closing the client's end is the end of the session: a clean exit.
	cs.Close()
	clientOut.Close()
	if code := <-done; code != ExitCompleted {
		t.Errorf("serve exit %d after the client left; stderr:\n%s", code, errOut.String())
	}
}

func TestServeHTTP(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errOut lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- MainContext(ctx, Config{
			Domains: []core.Registrar{integer.Register},
			Args:    []string{"serve", "--http", "127.0.0.1:0", "--slots", "2", "--timeout", "5s"},
			Stdin:   strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &errOut,
		})
	}()

	// The server logs its URL once the listener is open; port 0 means the
	// log is the only way to learn it.
	urlPattern := regexp.MustCompile(`url=(http://127\.0\.0\.1:[0-9]+/mcp)`)
	var url string
	for i := 0; i < 10000 && url == ""; i++ {
		if m := urlPattern.FindStringSubmatch(errOut.String()); m != nil {
			url = m[1]
			break
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d before listening:\n%s", code, errOut.String())
		case <-time.After(time.Millisecond):
		}
	}
	if url == "" {
		t.Fatalf("no URL logged:\n%s", errOut.String())
	}

	client := mcp.NewClient(&mcp.Implementation{Name: "cli-test", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect to %s: %v", url, err)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, " ") != "math.find math.run" && strings.Join(names, " ") != "math.run math.find" {
		t.Errorf("tools %v, want exactly math.find and math.run", names)
	}
	// gcd(2^64, 6^20) = 2^20.
	if o := callRun(t, ctx, cs, "integer.compute.gcd", map[string]any{"left": "18446744073709551616", "right": "3656158440062976"}); !jsonEqual(t, o.Value, `{"gcd":"1048576"}`) {
		t.Errorf("math.run outcome %v", o)
	}
	cs.Close()

	// SIGINT and SIGTERM cancel the same context: a clean shutdown.
	cancel()
	if code := <-done; code != ExitCompleted {
		t.Errorf("serve exit %d after shutdown; stderr:\n%s", code, errOut.String())
	}
}

func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--http", "localhost"},
		{"serve", "--slots", "-1"},
		{"serve", "--timeout=-5s"},
		{"serve", "--timeout", "0"},
	} {
		inv := jacobian(t, "", args...)
		if inv.code != ExitUsage || !strings.HasPrefix(inv.stderr, "jacobian: error: ") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, inv.code, inv.stderr)
		}
	}
}

func TestServeCannotListen(t *testing.T) {
	// A port above 65535 cannot be bound on any system.
	inv := jacobian(t, "", "serve", "--http", "127.0.0.1:70000")
	if inv.code != ExitFailed || !strings.Contains(inv.stderr, "serve:") {
		t.Errorf("exit %d, stderr %q; want %d", inv.code, inv.stderr, ExitFailed)
	}
}
