package server

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

var update = flag.Bool("update", false, "rewrite the server sections of the golden transcripts")

// A transcript is a txtar archive under testdata/transcripts:
//
//	description
//	-- options --
//	{"timeout_ms": 100, "slots": 1, "inline_limit": 1, "artifacts": true}
//	                                        (optional runtime options)
//	-- client --
//	JSON-RPC messages the synthetic client sends, and directives
//	-- server --
//	the server's messages, normalised
//
// The client waits for the response to each request before sending the
// next message. Directives are objects without "jsonrpc":
//
//	{"send_nowait": <message>}              send without waiting for the response
//	{"await": "<method>"}                   wait for a server notification
//	{"await_response": <id>}                wait for the response to an earlier request
//
// Unless the client section starts with initialize, a standard handshake is
// performed first and left out of the transcript. Volatile fields are
// masked (elapsed_ms, progress values and messages), value references are
// numbered in order of appearance ($REF1, ...; the client may use them), and
// consecutive identical progress notifications are collapsed, since how many
// heartbeats fit in a run depends on the machine.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			runTranscript(t, file)
		})
	}
}

type transcriptOptions struct {
	TimeoutMS   int  `json:"timeout_ms"`
	Slots       int  `json:"slots"`
	InlineLimit int  `json:"inline_limit"`
	Artifacts   bool `json:"artifacts"` // an artifact store in a temporary directory
}

func runTranscript(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ar := parseTxtar(data)
	var topts transcriptOptions
	if o := ar.get("options"); len(bytes.TrimSpace(o)) > 0 {
		if err := json.Unmarshal(o, &topts); err != nil {
			t.Fatalf("options: %v", err)
		}
	}
	client, err := decodeStream(ar.get("client"))
	if err != nil {
		t.Fatalf("client section: %v", err)
	}

	ropts := core.RuntimeOptions{Timeout: time.Duration(topts.TimeoutMS) * time.Millisecond, Slots: topts.Slots, InlineLimit: topts.InlineLimit}
	if topts.Artifacts {
		if ropts.Artifacts, err = core.OpenArtifactStore(t.TempDir(), 1<<20); err != nil {
			t.Fatal(err)
		}
	}
	srv := New(testRegistry(t), Options{Name: "jacobian", Version: "test", Runtime: ropts})
	st, ct := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := ct.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	incoming := make(chan jsonrpc.Message, 100)
	go func() {
		defer close(incoming)
		for {
			msg, err := conn.Read(ctx)
			if err != nil {
				return
			}
			incoming <- msg
		}
	}()

	rec := &recorder{t: t, incoming: incoming, refs: map[string]string{}}
	if len(client) == 0 || !strings.Contains(string(client[0]), `"initialize"`) {
		rec.send(ctx, conn, json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"transcript","version":"v0"}}}`), true)
		rec.send(ctx, conn, json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), true)
		rec.got = nil
	}
	for _, raw := range client {
		var directive struct {
			JSONRPC       string          `json:"jsonrpc"`
			SendNowait    json.RawMessage `json:"send_nowait"`
			Await         string          `json:"await"`
			AwaitResponse json.RawMessage `json:"await_response"`
		}
		if err := json.Unmarshal(raw, &directive); err != nil {
			t.Fatalf("client message %s: %v", raw, err)
		}
		switch {
		case directive.JSONRPC != "":
			rec.send(ctx, conn, raw, true)
		case directive.SendNowait != nil:
			rec.send(ctx, conn, directive.SendNowait, false)
		case directive.Await != "":
			rec.await(func(m jsonrpc.Message) bool {
				r, ok := m.(*jsonrpc.Request)
				return ok && r.Method == directive.Await
			})
		case directive.AwaitResponse != nil:
			id := idOf(t, directive.AwaitResponse)
			rec.await(func(m jsonrpc.Message) bool {
				r, ok := m.(*jsonrpc.Response)
				return ok && r.ID == id
			})
		default:
			t.Fatalf("unknown directive %s", raw)
		}
	}
	conn.Close()
	ss.Wait()

	got := rec.transcript()
	if *update {
		ar.set("server", got)
		if err := os.WriteFile(file, ar.format(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := normaliseStream(ar.get("server"))
	if err != nil {
		t.Fatalf("server section: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("transcript differs (run with -update to accept)\n%s", lineDiff(string(want), string(got)))
	}
}

type recorder struct {
	t        *testing.T
	incoming chan jsonrpc.Message
	got      []jsonrpc.Message
	refs     map[string]string // value:// reference -> $REFn
	order    []string
}

var refPattern = regexp.MustCompile(`value://[A-Za-z0-9_-]{32}`)

func (r *recorder) send(ctx context.Context, conn mcp.Connection, raw json.RawMessage, wait bool) {
	r.t.Helper()
	text := string(raw)
	for i := len(r.order) - 1; i >= 0; i-- {
		text = strings.ReplaceAll(text, fmt.Sprintf("$REF%d", i+1), r.order[i])
	}
	msg, err := jsonrpc.DecodeMessage([]byte(text))
	if err != nil {
		r.t.Fatalf("client message %s: %v", raw, err)
	}
	if err := conn.Write(ctx, msg); err != nil {
		r.t.Fatal(err)
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() && wait {
		r.await(func(m jsonrpc.Message) bool {
			resp, ok := m.(*jsonrpc.Response)
			return ok && resp.ID == req.ID
		})
	}
}

func (r *recorder) await(done func(jsonrpc.Message) bool) {
	r.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, ok := <-r.incoming:
			if !ok {
				r.t.Fatal("the server closed the connection")
			}
			r.got = append(r.got, m)
			b, _ := jsonrpc.EncodeMessage(m)
			for _, ref := range refPattern.FindAllString(string(b), -1) {
				if _, seen := r.refs[ref]; !seen {
					r.order = append(r.order, ref)
					r.refs[ref] = fmt.Sprintf("$REF%d", len(r.order))
				}
			}
			if done(m) {
				return
			}
		case <-timeout:
			r.t.Fatal("timed out waiting for the server")
		}
	}
}

// transcript renders the received messages, normalised.
func (r *recorder) transcript() []byte {
	var b bytes.Buffer
	var prev []byte
	for _, m := range r.got {
		raw, err := jsonrpc.EncodeMessage(m)
		if err != nil {
			r.t.Fatal(err)
		}
		for ref, name := range r.refs {
			raw = bytes.ReplaceAll(raw, []byte(ref), []byte(name))
		}
		norm, err := normalise(raw)
		if err != nil {
			r.t.Fatal(err)
		}
		if bytes.Equal(norm, prev) && bytes.Contains(norm, []byte(`"notifications/progress"`)) {
			continue
		}
		prev = norm
		b.Write(norm)
	}
	return b.Bytes()
}

// normalise masks volatile fields and re-indents one message canonically.
func normalise(raw []byte) ([]byte, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	mask(v, false)
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func mask(v any, inProgress bool) {
	switch x := v.(type) {
	case map[string]any:
		if x["method"] == "notifications/progress" {
			inProgress = true
		}
		for k, sub := range x {
			switch {
			case k == "elapsed_ms" && isNumber(sub):
				x[k] = "<masked>"
			case inProgress && (k == "progress" || k == "message"):
				x[k] = "<masked>"
			case k == "text":
				// The text projection repeats structured content; its
				// volatile parts are masked the same way.
				if s, ok := sub.(string); ok && strings.Contains(s, "elapsed_ms") {
					x[k] = elapsedPattern.ReplaceAllString(s, `"elapsed_ms":"<masked>"`)
				}
			default:
				mask(sub, inProgress)
			}
		}
	case []any:
		for _, sub := range x {
			mask(sub, inProgress)
		}
	}
}

func isNumber(v any) bool {
	_, ok := v.(json.Number)
	return ok
}

var elapsedPattern = regexp.MustCompile(`"elapsed_ms":[0-9.e+-]+`)

func normaliseStream(data []byte) ([]byte, error) {
	msgs, err := decodeStream(data)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, m := range msgs {
		n, err := normalise(m)
		if err != nil {
			return nil, err
		}
		b.Write(n)
	}
	return b.Bytes(), nil
}

func decodeStream(data []byte) ([]json.RawMessage, error) {
	var out []json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var m json.RawMessage
		if err := dec.Decode(&m); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func idOf(t *testing.T, raw json.RawMessage) jsonrpc.ID {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	id, err := jsonrpc.MakeID(v)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// lineDiff shows the first differing lines with some context.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	from := max(0, i-3)
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d\n--- want\n", i+1)
	b.WriteString(strings.Join(w[from:min(len(w), i+8)], "\n"))
	b.WriteString("\n+++ got\n")
	b.WriteString(strings.Join(g[from:min(len(g), i+8)], "\n"))
	return b.String()
}

// txtar is the archive format of golang.org/x/tools/txtar: a comment, then
// files introduced by "-- name --" lines.
type txtar struct {
	comment []byte
	names   []string
	files   map[string][]byte
}

func parseTxtar(data []byte) *txtar {
	ar := &txtar{files: map[string][]byte{}}
	var cur *string
	var buf bytes.Buffer
	flush := func() {
		if cur == nil {
			ar.comment = append([]byte(nil), buf.Bytes()...)
		} else {
			ar.files[*cur] = append([]byte(nil), buf.Bytes()...)
		}
		buf.Reset()
	}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		trimmed := strings.TrimRight(line, "\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			flush()
			name := strings.TrimSpace(trimmed[3 : len(trimmed)-3])
			ar.names = append(ar.names, name)
			cur = &ar.names[len(ar.names)-1]
			continue
		}
		buf.WriteString(line)
	}
	flush()
	return ar
}

func (ar *txtar) get(name string) []byte { return ar.files[name] }

func (ar *txtar) set(name string, data []byte) {
	if _, ok := ar.files[name]; !ok {
		ar.names = append(ar.names, name)
	}
	ar.files[name] = data
}

func (ar *txtar) format() []byte {
	var b bytes.Buffer
	b.Write(ar.comment)
	for _, name := range ar.names {
		fmt.Fprintf(&b, "-- %s --\n", name)
		data := ar.files[name]
		b.Write(data)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}
