package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

func get(t *testing.T, url, token string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestOperationsEndpoints: /healthz and /readyz answer without the token,
// /metrics only with it, and counts the calls made; /readyz stays 200 while
// every slot is busy (a new session may still start a run) and turns 503
// while the server drains, and a run in flight at shutdown finishes within
// the grace period.
func TestOperationsEndpoints(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const token = "s3cret"
	srv := New(testRegistry(t), Options{AuthToken: token, ShutdownGrace: 5 * time.Second, Runtime: core.RuntimeOptions{Slots: 1}})
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.ServeListener(ctx, ln) }()
	base := "http://" + ln.Addr().String()

	if code, body := get(t, base+"/healthz", ""); code != 200 || strings.TrimSpace(body) != "ok" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get(t, base+"/readyz", ""); code != 200 {
		t.Errorf("/readyz on an idle server: %d %q", code, body)
	}
	if code, _ := get(t, base+"/metrics", ""); code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token: %d, want 401", code)
	}

	transport := &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: &http.Client{Transport: bearerTransport{token}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "ops-test", Version: "v0"}, nil).Connect(context.Background(), transport, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`); out["outcome"] != "completed" {
			t.Fatalf("gcd: %v", out)
		}
	}
	call(t, cs, "math.run", `{"capability_id":"no.such.compute","payload":{}}`)
	code, body := get(t, base+"/metrics", token)
	for _, want := range []string{
		`jacobian_calls_total{capability_id="test.compute.gcd",code="",outcome="completed"} 3`,
		`jacobian_calls_total{capability_id="unknown",code="UNKNOWN_CAPABILITY",outcome="failed"} 1`,
		`jacobian_call_duration_seconds_count{capability_id="test.compute.gcd"} 3`,
		"jacobian_execution_slots 1", "jacobian_sessions 1", "jacobian_memory_budget_bytes",
	} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/metrics (%d) lacks %q", code, want)
		}
	}

	// A slow run holds the only slot: still ready, since another session
	// may start a run beside it. Shutdown begins while it runs; /readyz
	// says so, and the run still completes within the grace.
	slow := make(chan map[string]any, 1)
	go func() {
		_, out := call(t, cs, "math.run", `{"capability_id":"test.compute.slow","payload":{"millis":1500}}`)
		slow <- out
	}()
	deadline := time.Now().Add(5 * time.Second)
	for srv.opts.Runtime.Executor.Running() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if code, body := get(t, base+"/readyz", ""); code != http.StatusOK {
		t.Errorf("/readyz with every slot busy: %d %q, want 200", code, body)
	}
	other, err := mcp.NewClient(&mcp.Implementation{Name: "ops-test-2", Version: "v0"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: &http.Client{Transport: bearerTransport{token}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, out := call(t, other, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`); out["outcome"] != "completed" {
		t.Errorf("a second session's run beside the busy slot: %v, want completed as /readyz promised", out)
	}
	other.Close()
	stop()
	if out := <-slow; out["outcome"] != "completed" {
		t.Errorf("a run in flight at shutdown: %v, want it completed within the grace period", out)
	}
	if err := <-served; err != nil {
		t.Fatalf("ServeListener: %v", err)
	}
	if reason := srv.notReady(); reason != "shutting down" {
		t.Errorf("after shutdown /readyz would say %q", reason)
	}
}

type bearerTransport struct{ token string }

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestShutdownGraceCancels: a run longer than the grace period is cancelled
// when it expires, and the server stops.
func TestShutdownGraceCancels(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := New(testRegistry(t), Options{ShutdownGrace: 200 * time.Millisecond})
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.ServeListener(ctx, ln) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "grace-test", Version: "v0"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: "http://" + ln.Addr().String() + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	go cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: map[string]any{"capability_id": "test.compute.slow", "payload": map[string]any{"millis": 20000}}})
	deadline := time.Now().Add(5 * time.Second)
	for srv.opts.Runtime.Executor.Running() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	stop()
	select {
	case <-served:
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop within 10 s of a 200 ms grace period")
	}
	for time.Since(start) < 10*time.Second && srv.opts.Runtime.Executor.Running() > 0 {
		time.Sleep(10 * time.Millisecond)
	}
	if n := srv.opts.Runtime.Executor.Running(); n > 0 {
		t.Fatalf("%d runs still running after the grace period", n)
	}
}
