package server

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// TestHTTP serves streamable HTTP on a loopback port: each session has its
// own runtime, progress reaches the client, and a foreign Host header is
// refused (DNS-rebinding protection).
func TestHTTP(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := New(testRegistry(t), Options{})
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.ServeListener(ctx, ln) }()
	url := "http://" + ln.Addr().String() + "/mcp"

	var progressed atomic.Int32
	session := func(copts *mcp.ClientOptions) *mcp.ClientSession {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "http-test", Version: "v0"}, copts).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	a := session(&mcp.ClientOptions{ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { progressed.Add(1) }})
	b := session(nil)

	_, out := call(t, a, "math.run", `{"capability_id":"test.compute.square","payload":{"n":"12"}}`)
	ref, _ := out["outputs"].(map[string]any)["square"].(map[string]any)["value_ref"].(string)
	bind := `{"capability_id":"test.compute.gcd","payload":{"right":"60"},"inputs":{"left":{"value_ref":"` + ref + `"}}}`
	if _, out := call(t, a, "math.run", bind); out["outcome"] != "completed" {
		t.Fatalf("same HTTP session: %v", out)
	}
	if _, out := call(t, b, "math.run", bind); out["code"] != string(core.UnknownReference) {
		t.Fatalf("other HTTP session: %v, want UNKNOWN_REFERENCE", out)
	}

	params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"test.compute.slow","payload":{"millis":600}}`)}
	params.SetProgressToken("http-progress")
	if res, err := a.CallTool(context.Background(), params); err != nil || res.IsError {
		t.Fatal(err, res)
	}
	if progressed.Load() == 0 {
		t.Error("no progress notification reached the HTTP client")
	}

	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	req.Host = "rebound.example"
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign Host header: status %d, want 403", resp.StatusCode)
	}

	a.Close()
	b.Close()
	stop()
	if err := <-served; err != nil {
		t.Fatalf("ServeListener: %v", err)
	}
}

func TestLoopbackDefault(t *testing.T) {
	for in, want := range map[string]string{
		"":               DefaultHTTPAddr,
		":9000":          "127.0.0.1:9000",
		"127.0.0.1:9000": "127.0.0.1:9000",
		"[::1]:9000":     "[::1]:9000",
	} {
		got, err := loopbackDefault(in)
		if err != nil || got != want {
			t.Errorf("loopbackDefault(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := loopbackDefault("9000"); err == nil {
		t.Error("an address without a port separator was accepted")
	}
}
