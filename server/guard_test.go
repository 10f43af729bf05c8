package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// serveHTTPTest serves srv on a loopback port for the test's lifetime and
// returns the endpoint URL.
func serveHTTPTest(t *testing.T, opts Options) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := New(testRegistry(t), opts)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.ServeListener(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("ServeListener: %v", err)
		}
	})
	return "http://" + ln.Addr().String() + "/mcp"
}

// headers adds fixed headers to every request of an SDK client.
type headers struct {
	set  map[string]string
	next http.RoundTripper
}

func (h headers) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.set {
		r.Header.Set(k, v)
	}
	return h.next.RoundTrip(r)
}

func connectHTTP(url string, set map[string]string) (*mcp.ClientSession, error) {
	transport := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: headers{set: set, next: http.DefaultTransport}}, MaxRetries: -1}
	return mcp.NewClient(&mcp.Implementation{Name: "guard-test", Version: "v0"}, nil).Connect(context.Background(), transport, nil)
}

func TestHTTPOrigin(t *testing.T) {
	url := serveHTTPTest(t, Options{AllowedOrigins: []string{"http://localhost:6274"}})
	for _, foreign := range []string{"http://evil.example", "http://localhost:1", "null"} {
		if cs, err := connectHTTP(url, map[string]string{"Origin": foreign}); err == nil {
			cs.Close()
			t.Errorf("a session was opened from the foreign origin %s", foreign)
		} else if !strings.Contains(err.Error(), "Forbidden") {
			t.Errorf("origin %s refused with %v, want Forbidden", foreign, err)
		}
	}
	own := strings.TrimSuffix(url, "/mcp")
	for _, set := range []map[string]string{nil, {"Origin": "http://localhost:6274"}, {"Origin": own}} {
		cs, err := connectHTTP(url, set)
		if err != nil {
			t.Fatalf("headers %v: %v", set, err)
		}
		if _, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`); out["outcome"] != "completed" {
			t.Errorf("headers %v: %v", set, out)
		}
		cs.Close()
	}
}

func TestHTTPRemoteBind(t *testing.T) {
	srv := New(testRegistry(t), Options{})
	if err := srv.ServeHTTP(context.Background(), "0.0.0.0:0"); !errors.Is(err, ErrRemoteBind) {
		t.Errorf("0.0.0.0 without AllowRemote: %v, want ErrRemoteBind", err)
	}
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Skipf("cannot listen on 0.0.0.0: %v", err)
	}
	if err := srv.ServeListener(context.Background(), ln); !errors.Is(err, ErrRemoteBind) {
		t.Errorf("a 0.0.0.0 listener without AllowRemote: %v, want ErrRemoteBind", err)
	}
	for _, addr := range []string{"127.0.0.1:1", "[::1]:1", "localhost:1"} {
		if err := srv.checkBind(addr); err != nil {
			t.Errorf("%s refused: %v", addr, err)
		}
	}

	// Allowed deliberately, with a bearer token.
	ln, err = net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	remote := New(testRegistry(t), Options{AllowRemote: true, AuthToken: "s3cret"})
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() { _ = remote.ServeListener(ctx, ln) }()
	url := "http://127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port) + "/mcp"
	for _, bad := range []map[string]string{nil, {"Authorization": "Bearer wrong"}, {"Authorization": "s3cret"}} {
		if cs, err := connectHTTP(url, bad); err == nil {
			cs.Close()
			t.Errorf("headers %v: a session without the token", bad)
		} else if !strings.Contains(err.Error(), "Unauthorized") {
			t.Errorf("headers %v: %v, want Unauthorized", bad, err)
		}
	}
	cs, err := connectHTTP(url, map[string]string{"Authorization": "Bearer s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`); out["outcome"] != "completed" {
		t.Errorf("with the token: %v", out)
	}
}

func TestHTTPMaxSessions(t *testing.T) {
	url := serveHTTPTest(t, Options{MaxSessions: 2})
	a, err := connectHTTP(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := connectHTTP(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := connectHTTP(url, nil); err == nil {
		c.Close()
		t.Fatal("a third session opened with MaxSessions 2")
	} else if !strings.Contains(err.Error(), "503") && !strings.Contains(err.Error(), "Service Unavailable") {
		t.Errorf("third session refused with %v, want 503", err)
	}
	// The sessions admitted keep working, and closing one admits another.
	if _, out := call(t, b, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`); out["outcome"] != "completed" {
		t.Errorf("second session: %v", out)
	}
	a.Close()
	c, err := connectHTTP(url, nil)
	if err != nil {
		t.Fatalf("after closing a session: %v", err)
	}
	c.Close()
	b.Close()
}

// TestHTTPPayloadLimit: the limit stdio applies, applied to HTTP bodies,
// answered with a RESOURCE_REFUSED outcome the SDK client reads as a result.
func TestHTTPPayloadLimit(t *testing.T) {
	const maxPayload = 4 << 10
	url := serveHTTPTest(t, Options{Runtime: core.RuntimeOptions{MaxPayloadBytes: maxPayload}})
	cs, err := connectHTTP(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for _, n := range []int{maxPayload, 3 * (maxPayload + envelopeAllowance), 20 * (maxPayload + envelopeAllowance)} {
		args := `{"capability_id":"test.compute.gcd","payload":{"left":"` + strings.Repeat("1", n) + `","right":"1"}}`
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatalf("%d digits: %v", n, err)
		}
		if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, "RESOURCE_REFUSED") || !strings.Contains(text, "test.compute.gcd") {
			t.Errorf("%d digits: %s", n, text)
		}
	}
	if _, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`); out["outcome"] != "completed" {
		t.Errorf("after the refusals: %v", out)
	}
}

// TestHTTPSlotsShared: with one slot, a session running a long operation
// does not refuse another session's, but does refuse its own second one.
func TestHTTPSlotsShared(t *testing.T) {
	url := serveHTTPTest(t, Options{Runtime: core.RuntimeOptions{Slots: 1}})
	progressed := make(chan struct{}, 1)
	busyClient := mcp.NewClient(&mcp.Implementation{Name: "busy", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			select {
			case progressed <- struct{}{}:
			default:
			}
		},
	})
	busy, err := busyClient.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	other, err := connectHTTP(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"test.compute.slow","payload":{"millis":60000}}`)}
	params.SetProgressToken("busy")
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = busy.CallTool(ctx, params)
	}()
	<-progressed // the slow operation holds the one slot
	gcd := `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`
	if _, out := call(t, other, "math.run", gcd); out["outcome"] != "completed" {
		t.Errorf("the other session's gcd while the slot is busy: %v", out)
	}
	if _, out := call(t, busy, "math.run", gcd); out["reason"] != string(core.ResourceRefused) {
		t.Errorf("the busy session's second run: %v, want RESOURCE_REFUSED", out)
	}
	cancel()
	<-done
}

// TestHTTPCancelledRequestGetsNoResponse: over streamable HTTP too, a call
// cancelled with notifications/cancelled gets no response on its stream.
func TestHTTPCancelledRequestGetsNoResponse(t *testing.T) {
	url := serveHTTPTest(t, Options{})
	post := func(session, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	init := post("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	session := init.Header.Get("Mcp-Session-Id")
	_, _ = io.ReadAll(init.Body)
	init.Body.Close()
	if session == "" {
		t.Fatalf("initialize: status %d, no session ID", init.StatusCode)
	}
	post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`).Body.Close()

	slow := post(session, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"test.compute.slow","payload":{"millis":60000}},"_meta":{"progressToken":"p"}}}`)
	defer slow.Body.Close()
	events := make(chan string, 16)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(slow.Body)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- data
			}
		}
	}()
	if first := <-events; !strings.Contains(first, "notifications/progress") {
		t.Fatalf("first event %s, want progress", first)
	}
	post(session, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"test"}}`).Body.Close()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case data, ok := <-events:
			if !ok {
				// The stream ended without a response. The session still
				// answers the next call.
				cs := post(session, `{"jsonrpc":"2.0","id":8,"method":"ping"}`)
				body, _ := io.ReadAll(cs.Body)
				cs.Body.Close()
				if !strings.Contains(string(body), `"id":8`) {
					t.Errorf("ping after the cancellation: %s", body)
				}
				return
			}
			var m map[string]any
			if json.Unmarshal([]byte(data), &m) == nil && m["id"] == 7.0 {
				t.Fatalf("the server answered the cancelled call: %s", data)
			}
		case <-timeout:
			t.Fatal("the cancelled call's stream did not end")
		}
	}
}
