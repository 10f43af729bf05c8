package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// rawStdio is a server on ServeStreams driven line by line, as a client
// that writes whatever it likes would.
type rawStdio struct {
	t      *testing.T
	in     *io.PipeWriter
	lines  chan []byte
	served chan error
}

func startRawStdio(t *testing.T, opts Options) *rawStdio {
	t.Helper()
	srv := New(testRegistry(t), opts)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &rawStdio{t: t, in: inW, lines: make(chan []byte, 64), served: make(chan error, 1)}
	go func() {
		r.served <- srv.ServeStreams(context.Background(), inR, outW)
		outW.Close()
	}()
	go func() {
		defer close(r.lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			r.lines <- bytes.Clone(sc.Bytes())
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return r
}

func (r *rawStdio) send(frame string) {
	r.t.Helper()
	if _, err := io.WriteString(r.in, frame); err != nil {
		r.t.Fatalf("writing a frame: %v", err)
	}
}

// recv returns the next message the server wrote.
func (r *rawStdio) recv() map[string]any {
	r.t.Helper()
	select {
	case line, ok := <-r.lines:
		if !ok {
			r.t.Fatal("the server closed its output")
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			r.t.Fatalf("the server wrote %q, not a JSON object: %v", line, err)
		}
		return m
	case <-time.After(10 * time.Second):
		r.t.Fatal("no reply within 10s")
	}
	return nil
}

func (r *rawStdio) initialize() {
	r.t.Helper()
	r.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}` + "\n")
	if m := r.recv(); m["result"] == nil {
		r.t.Fatalf("initialize: %v", m)
	}
	r.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
}

// alive checks that the server still answers a ping.
func (r *rawStdio) alive(id int) {
	r.t.Helper()
	r.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", id))
	if m := r.recv(); m["id"] != float64(id) || m["result"] == nil {
		r.t.Fatalf("ping %d: %v", id, m)
	}
}

// TestStdioHostileFrames sends every kind of frame the SDK's own stdio
// transport dies on; each gets its JSON-RPC answer and the session goes on.
func TestStdioHostileFrames(t *testing.T) {
	const maxPayload = 4 << 10
	r := startRawStdio(t, Options{Runtime: core.RuntimeOptions{MaxPayloadBytes: maxPayload}})
	r.initialize()
	pad := strings.Repeat("7", 3*(maxPayload+envelopeAllowance))
	cases := []struct {
		name, frame string
		id          any // nil: a null id
		code        float64
		refused     bool // answered with a RESOURCE_REFUSED outcome
	}{
		{name: "not JSON", frame: "hello, server", code: jsonrpc.CodeParseError},
		{name: "invalid UTF-8", frame: `{"jsonrpc":"2.0","id":11,"method":"ping","params":{"x":"` + "\xff\xfe" + `"}}`, id: 11.0, code: jsonrpc.CodeParseError},
		{name: "byte-order mark", frame: "\xef\xbb\xbf" + `{"jsonrpc":"2.0","id":12,"method":"ping"}`, id: 12.0, code: jsonrpc.CodeParseError},
		{name: "NaN", frame: `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"test.compute.gcd","payload":{"left":NaN,"right":"1"}}}}`, id: 13.0, code: jsonrpc.CodeParseError},
		{name: "truncated", frame: `{"jsonrpc":"2.0","id":14,"method":"ping"`, id: 14.0, code: jsonrpc.CodeParseError},
		{name: "trailing garbage", frame: `{"jsonrpc":"2.0","id":15,"method":"ping"} x`, id: 15.0, code: jsonrpc.CodeParseError},
		{name: "batch", frame: `[{"jsonrpc":"2.0","id":16,"method":"ping"}]`, code: jsonrpc.CodeInvalidRequest},
		{name: "not JSON-RPC", frame: `{"id":17,"hello":"there"}`, id: 17.0, code: jsonrpc.CodeInvalidRequest},
		{name: "oversized call, id last", frame: `{"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"test.compute.gcd","payload":{"left":"` + pad + `","right":"1"}}},"jsonrpc":"2.0","id":18}`, id: 18.0, refused: true},
		{name: "oversized call, id first", frame: `{"jsonrpc":"2.0","id":"s-19","method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"test.compute.gcd","payload":{"left":"` + pad + `","right":"1"}}}}`, id: "s-19", refused: true},
		{name: "oversized ping", frame: `{"jsonrpc":"2.0","id":20,"method":"ping","params":{"pad":"` + pad + `"}}`, id: 20.0, code: jsonrpc.CodeInvalidRequest},
		{name: "oversized, no id", frame: `{"pad":"` + pad + `"}`, code: jsonrpc.CodeInvalidRequest},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r.t = t
			r.send(c.frame + "\n")
			m := r.recv()
			if m["id"] != c.id {
				t.Errorf("id %v, want %v: %v", m["id"], c.id, m)
			}
			if c.refused {
				out, _ := m["result"].(map[string]any)["structuredContent"].(map[string]any)
				if out["reason"] != string(core.ResourceRefused) || out["capability_id"] != "test.compute.gcd" {
					t.Errorf("want a RESOURCE_REFUSED outcome for test.compute.gcd, got %v", m)
				}
			} else if e, _ := m["error"].(map[string]any); e == nil || e["code"] != c.code {
				t.Errorf("want error code %v, got %v", c.code, m)
			}
			r.alive(100 + i)
		})
	}
	r.t = t
	// A payload just over the limit fits in a frame and is refused by the
	// runtime itself, naming its size.
	r.send(`{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"test.compute.gcd","payload":{"left":"` + strings.Repeat("1", maxPayload) + `","right":"1"}}}}` + "\n")
	if m := r.recv(); !strings.Contains(fmt.Sprint(m), "RESOURCE_REFUSED") {
		t.Errorf("payload over the limit: %v", m)
	}
	r.send(`{"jsonrpc":"2.0","id":31,"method":"tools/call","params":{"name":"math.run","arguments":{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}}}` + "\n")
	if m := r.recv(); !strings.Contains(fmt.Sprint(m), "gcd:6") {
		t.Errorf("gcd after the hostile frames: %v", m)
	}
	// A frame cut short by the end of input ends the session cleanly.
	r.send(`{"jsonrpc":"2.0","id":32,"method":"pi`)
	r.in.Close()
	select {
	case err := <-r.served:
		if err != nil {
			t.Errorf("ServeStreams after a truncated final frame: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the session did not end at the end of input")
	}
}

// TestStdioSDKClientAfterHostileFrames: a real SDK client, connected over
// the same streams after hostile frames, initializes and runs an operation.
func TestStdioSDKClientAfterHostileFrames(t *testing.T) {
	srv := New(testRegistry(t), Options{})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() { _ = srv.ServeStreams(context.Background(), inR, outW) }()
	out := bufio.NewReader(outR)
	for _, frame := range []string{"not json", "\xef\xbb\xbf{}", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":NaN}}`, "\xff\n{\"a\":"} {
		if _, err := io.WriteString(inW, frame+"\n"); err != nil {
			t.Fatal(err)
		}
		line, err := out.ReadBytes('\n')
		if err != nil || !bytes.Contains(line, []byte(`"error"`)) {
			t.Fatalf("%q: got %q, %v", frame, line, err)
		}
	}
	// The last frame spanned two lines: both are answered.
	if line, err := out.ReadBytes('\n'); err != nil || !bytes.Contains(line, []byte(`"error"`)) {
		t.Fatalf("second line: got %q, %v", line, err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.IOTransport{Reader: io.NopCloser(out), Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, got := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`); got["outcome"] != "completed" {
		t.Fatalf("gcd: %v", got)
	}
}

// recordingWriter keeps every line written through it.
type recordingWriter struct {
	w     io.Writer
	mu    sync.Mutex
	lines bytes.Buffer
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	r.lines.Write(p)
	r.mu.Unlock()
	return r.w.Write(p)
}

func (r *recordingWriter) Close() error {
	if c, ok := r.w.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

func (r *recordingWriter) messages(t *testing.T) []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []map[string]any
	for line := range bytes.Lines(r.lines.Bytes()) {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

// TestStdioCancelledRequestGetsNoResponse: after notifications/cancelled
// the server sends no response for the request (MCP basic/utilities/
// cancellation: "receivers ... SHOULD NOT send a response"). The SDK's
// JSON-RPC layer always writes one; lineConn drops it.
func TestStdioCancelledRequestGetsNoResponse(t *testing.T) {
	srv := New(testRegistry(t), Options{})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	toServer := &recordingWriter{w: inW}
	fromServer := &recordingWriter{w: outW}
	served := make(chan error, 1)
	go func() { served <- srv.ServeStreams(context.Background(), inR, fromServer) }()
	progressed := make(chan struct{}, 1)
	client := mcp.NewClient(&mcp.Implementation{Name: "cancel-test", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			select {
			case progressed <- struct{}{}:
			default:
			}
		},
	})
	cs, err := client.Connect(context.Background(), &mcp.IOTransport{Reader: outR, Writer: toServer}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"test.compute.slow","payload":{"millis":60000}}`)}
	params.SetProgressToken("cancel-me")
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, params)
		done <- err
	}()
	<-progressed
	cancel()
	if err := <-done; err == nil {
		t.Fatal("the cancelled call returned no error")
	}
	// Once the slot is free again the cancelled handler has returned.
	for attempt := 0; ; attempt++ {
		_, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`)
		if out["outcome"] == "completed" {
			break
		}
		if attempt == 1000 {
			t.Fatalf("after cancellation: %v", out)
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	if err := cs.Ping(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	var slowID, cancelledID any
	for _, m := range toServer.messages(t) {
		if strings.Contains(fmt.Sprint(m["params"]), "test.compute.slow") {
			slowID = m["id"]
		}
		if m["method"] == "notifications/cancelled" {
			cancelledID = m["params"].(map[string]any)["requestId"]
		}
	}
	if slowID == nil || cancelledID != slowID {
		t.Fatalf("the client sent request %v and cancelled %v", slowID, cancelledID)
	}
	responses := 0
	for _, m := range fromServer.messages(t) {
		if _, isResponse := m["method"]; !isResponse {
			responses++
			if m["id"] == slowID {
				t.Errorf("the server answered cancelled request %v: %v", slowID, m)
			}
		}
	}
	if responses < 3 { // initialize, gcd, ping at least
		t.Errorf("only %d responses recorded", responses)
	}
	cs.Close()
	<-served
}
