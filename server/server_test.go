package server

import (
	"context"
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// connect starts a server over in-memory transports and returns a client
// session to it.
func connect(t testing.TB, opts Options, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return connectTo(t, New(testRegistry(t), opts), copts)
}

// connectTo opens one more in-memory session to srv.
func connectTo(t testing.TB, srv *Server, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, copts)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

func call(t testing.TB, cs *mcp.ClientSession, tool string, args string) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", tool, args, err)
	}
	var structured map[string]any
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &structured); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return res, structured
}

func TestToolsList(t *testing.T) {
	cs := connect(t, Options{}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Title == "" || tool.Description == "" || tool.Annotations == nil {
			t.Errorf("%s lacks a title, description or annotations", tool.Name)
		}
		for what, schema := range map[string]any{"input": tool.InputSchema, "output": tool.OutputSchema} {
			m, _ := schema.(map[string]any)
			if m["type"] != "object" {
				t.Errorf("%s %s schema root is %v, want type object", tool.Name, what, m["type"])
			}
		}
	}
	if !slices.Equal(names, []string{"math.find", "math.run"}) {
		t.Fatalf("tools = %v, want exactly math.find and math.run", names)
	}
	find, run := res.Tools[0].Annotations, res.Tools[1].Annotations
	if !find.ReadOnlyHint || !find.IdempotentHint {
		t.Errorf("math.find annotations %+v: want read-only and idempotent", find)
	}
	if run.ReadOnlyHint || run.IdempotentHint || run.DestructiveHint == nil || *run.DestructiveHint || run.OpenWorldHint == nil || *run.OpenWorldHint {
		t.Errorf("math.run annotations %+v: want not read-only, not idempotent, not destructive, closed world", run)
	}
}

func TestRunExactness(t *testing.T) {
	cs := connect(t, Options{}, nil)
	// 2^61-1 and 2^89-1 are Mersenne primes; multiplying each by a common
	// factor above 2^53 gives operands float64 cannot represent.
	common, _ := new(big.Int).SetString("9007199254740993", 10) // 2^53 + 1
	m61 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(1))
	m89 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 89), big.NewInt(1))
	a, b := new(big.Int).Mul(common, m61), new(big.Int).Mul(common, m89)
	// gcd(c·p, c·q) = c for distinct primes p, q not dividing c; checked
	// independently with math/big.
	want := new(big.Int).GCD(nil, nil, a, b)
	if want.Cmp(common) != 0 {
		t.Fatalf("test data: gcd is %v, want %v", want, common)
	}
	res, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"`+a.String()+`","right":"`+b.String()+`"}}`)
	if res.IsError || out["outcome"] != "completed" {
		t.Fatalf("outcome %v", out)
	}
	if got := out["value"].(map[string]any)["gcd"]; got != common.String() {
		t.Fatalf("gcd = %v, want %v", got, common)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, `"gcd":"9007199254740993"`) {
		t.Errorf("text projection %q lacks the exact value", text)
	}

	// The same operand as a JSON number would be rounded by float64;
	// it must be refused instead.
	res, out = call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":9007199254740993,"right":"3"}}`)
	if !res.IsError || out["code"] != string(core.InvalidPayload) || out["path"] != "/payload/left" {
		t.Fatalf("JSON number: got %v", out)
	}
	if msg := out["message"].(string); !strings.Contains(msg, "string") {
		t.Errorf("message %q does not say to send a string", msg)
	}
}

func TestRunFailures(t *testing.T) {
	cs := connect(t, Options{}, nil)
	for _, tc := range []struct {
		name, args string
		code       core.Code
		path       string
	}{
		{"unknown capability", `{"capability_id":"test.compute.gdc","payload":{}}`, core.UnknownCapability, "/capability_id"},
		{"unknown argument", `{"capability_id":"test.compute.gcd","payload":{"left":"1","right":"2"},"timeout":5}`, core.UnknownArgument, "/timeout"},
		{"unknown payload field", `{"capability_id":"test.compute.gcd","payload":{"left":"1","right":"2","extra":"3"}}`, core.UnknownField, "/payload/extra"},
		{"missing field", `{"capability_id":"test.compute.gcd","payload":{"left":"1"}}`, core.InvalidPayload, "/payload"},
		{"non-canonical integer", `{"capability_id":"test.compute.gcd","payload":{"left":"007","right":"2"}}`, core.InvalidPayload, "/payload/left"},
		{"missing capability", `{"payload":{}}`, core.InvalidPayload, "/capability_id"},
		{"arguments not an object", `[1]`, core.InvalidPayload, ""},
		{"undeclared port", `{"capability_id":"test.compute.gcd","payload":{"left":"1","right":"2"},"inputs":{"table":{"value_ref":"value://x"}}}`, core.UnknownField, "/inputs/table"},
		{"domain error", `{"capability_id":"test.compute.gcd","payload":{"left":"0","right":"0"}}`, core.DomainError, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, out := call(t, cs, "math.run", tc.args)
			if !res.IsError || out["outcome"] != "failed" || out["code"] != string(tc.code) {
				t.Fatalf("got %v, want failed %s", out, tc.code)
			}
			if tc.path != "" && out["path"] != tc.path {
				t.Errorf("path = %v, want %s", out["path"], tc.path)
			}
			if out["message"] == "" {
				t.Error("no message")
			}
		})
	}
}

func TestRunNonConclusion(t *testing.T) {
	cs := connect(t, Options{Runtime: core.RuntimeOptions{Timeout: 50 * time.Millisecond}}, nil)
	res, out := call(t, cs, "math.run", `{"capability_id":"test.compute.slow","payload":{"millis":10000}}`)
	if res.IsError || out["outcome"] != "non_conclusion" || out["reason"] != string(core.Timeout) {
		t.Fatalf("got isError=%v %v, want a non-error TIMEOUT", res.IsError, out)
	}
	// Beyond the declared limit: refused before work, not an error.
	res, out = call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"`+new(big.Int).Lsh(big.NewInt(1), 5000).String()+`","right":"1"}}`)
	if res.IsError || out["reason"] != string(core.ResourceRefused) {
		t.Fatalf("got isError=%v %v, want a non-error RESOURCE_REFUSED", res.IsError, out)
	}
}

func TestFind(t *testing.T) {
	cs := connect(t, Options{}, nil)
	res, out := call(t, cs, "math.find", `{"request":{"op":"search","query":"greatest common divisor","limit":3}}`)
	if res.IsError || out["outcome"] != "completed" {
		t.Fatalf("search: %v", out)
	}
	hits := out["value"].(map[string]any)["hits"].([]any)
	if len(hits) == 0 || hits[0].(map[string]any)["capability_id"] != "test.compute.gcd" {
		t.Fatalf("search hits %v: want test.compute.gcd first", hits)
	}
	res, out = call(t, cs, "math.find", `{"request":{"op":"inspect","capability_id":"test.compute.gcd"}}`)
	if res.IsError || out["capability_id"] != "test.compute.gcd" {
		t.Fatalf("inspect: %v", out)
	}
	ins := out["value"].(map[string]any)
	if ins["request_schema"] == nil || len(ins["examples"].([]any)) != 1 || len(ins["limits"].([]any)) != 1 {
		t.Fatalf("inspection lacks schema, examples or limits: %v", ins)
	}

	for _, tc := range []struct {
		name, args string
		code       core.Code
		path, hint string
	}{
		{"ID on search", `{"request":{"op":"search","query":"gcd","capability_id":"test.compute.gcd"}}`, core.UnknownField, "/request/capability_id", `"inspect"`},
		{"query on inspect", `{"request":{"op":"inspect","capability_id":"test.compute.gcd","query":"gcd"}}`, core.UnknownField, "/request/query", "search field"},
		{"limit on inspect", `{"request":{"op":"inspect","capability_id":"test.compute.gcd","limit":2}}`, core.UnknownField, "/request/limit", "search field"},
		{"unknown op", `{"request":{"op":"list"}}`, core.InvalidPayload, "/request/op", `"search"`},
		{"missing op", `{"request":{"query":"gcd"}}`, core.InvalidPayload, "/request/op", `"search"`},
		{"unknown argument", `{"request":{"op":"search","query":"gcd"},"verbose":true}`, core.UnknownArgument, "/verbose", `"request"`},
		{"unknown field", `{"request":{"op":"search","query":"gcd","fuzzy":true}}`, core.UnknownField, "/request/fuzzy", "search takes"},
		{"empty query", `{"request":{"op":"search","query":"  "}}`, core.InvalidPayload, "/request/query", "empty"},
		{"limit as string", `{"request":{"op":"search","query":"gcd","limit":"3"}}`, core.InvalidPayload, "/request/limit", "JSON integer"},
		{"unknown capability", `{"request":{"op":"inspect","capability_id":"test.compute.gdc"}}`, core.UnknownCapability, "/request/capability_id", "math.find"},
		{"missing request", `{}`, core.InvalidPayload, "/request", "search"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, out := call(t, cs, "math.find", tc.args)
			if !res.IsError || out["outcome"] != "failed" || out["code"] != string(tc.code) || out["path"] != tc.path {
				t.Fatalf("got %v, want failed %s at %s", out, tc.code, tc.path)
			}
			if msg := out["message"].(string); !strings.Contains(msg, tc.hint) || strings.Contains(msg, "validate") {
				t.Errorf("message %q should mention %s", msg, tc.hint)
			}
		})
	}
}

func TestResources(t *testing.T) {
	cs := connect(t, Options{Name: "jacobian-test", Version: "v9"}, nil)
	ctx := context.Background()
	list, err := cs.ListResources(ctx, nil)
	if err != nil || len(list.Resources) != 1 || list.Resources[0].URI != catalogURI {
		t.Fatalf("resources/list: %v %v", list, err)
	}
	tmpl, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(tmpl.ResourceTemplates) != 1 || tmpl.ResourceTemplates[0].URITemplate != artifactTemplate {
		t.Fatalf("resources/templates/list: %v %v", tmpl, err)
	}
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: catalogURI})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Count      int              `json:"count"`
		Operations []map[string]any `json:"operations"`
	}
	if err := json.Unmarshal([]byte(read.Contents[0].Text), &doc); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, op := range doc.Operations {
		ids = append(ids, op["capability_id"].(string))
	}
	if want := []string{"test.compute.fault", "test.compute.gcd", "test.compute.slow", "test.compute.square"}; doc.Count != len(want) || !slices.Equal(ids, want) {
		t.Fatalf("catalog lists %d operations %v, want %v", doc.Count, ids, want)
	}
	for _, key := range []string{"title", "kind", "effect", "input_kinds", "accepted_artifact_types", "produced_artifact_types", "input_ports", "output_ports", "provider", "available"} {
		if _, ok := doc.Operations[0][key]; !ok {
			t.Errorf("catalog entry lacks %s", key)
		}
	}
	_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "artifact://sha256/" + strings.Repeat("ab", 32)})
	if err == nil || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("unknown artifact: err = %v, want resource not found", err)
	}
}

func TestProgressAndCancellation(t *testing.T) {
	var mu sync.Mutex
	var notes []*mcp.ProgressNotificationParams
	gotProgress := make(chan struct{}, 1)
	cs := connect(t, Options{Runtime: core.RuntimeOptions{Slots: 1}}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			notes = append(notes, req.Params)
			mu.Unlock()
			select {
			case gotProgress <- struct{}{}:
			default:
			}
		},
	})
	ctx, cancel := context.WithCancel(context.Background())
	params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"test.compute.slow","payload":{"millis":60000}}`)}
	params.SetProgressToken("tok-1")
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, params)
		done <- err
	}()
	<-gotProgress
	cancel()
	if err := <-done; err == nil {
		t.Fatal("cancelled call returned no error")
	}
	// The slot frees as soon as the operation sees its context end; the
	// next call must then be served, not refused.
	for attempt := 0; ; attempt++ {
		_, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`)
		if out["outcome"] == "completed" {
			break
		}
		if out["reason"] != string(core.ResourceRefused) || attempt == 1000 {
			t.Fatalf("after cancellation: %v", out)
		}
		time.Sleep(time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, n := range notes {
		if n.ProgressToken != "tok-1" {
			t.Errorf("notification %d has token %v", i, n.ProgressToken)
		}
		if i > 0 && n.Progress <= notes[i-1].Progress {
			t.Errorf("progress did not increase: %v then %v", notes[i-1].Progress, n.Progress)
		}
	}
}

func TestArtifacts(t *testing.T) {
	store, err := core.OpenArtifactStore(t.TempDir(), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	// An inline limit of one byte sends every result to the store.
	cs := connect(t, Options{Runtime: core.RuntimeOptions{Artifacts: store, InlineLimit: 1}}, nil)
	res, out := call(t, cs, "math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`)
	if res.IsError || out["outcome"] != "completed" || out["value"] != nil {
		t.Fatalf("got %v, want a completed outcome stored as an artifact", out)
	}
	uri := out["artifact"].(map[string]any)["uri"].(string)
	var link *mcp.ResourceLink
	for _, c := range res.Content {
		if l, ok := c.(*mcp.ResourceLink); ok {
			link = l
		}
	}
	if link == nil || link.URI != uri {
		t.Fatalf("content %v lacks a resource link to %s", res.Content, uri)
	}
	read, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	if got := read.Contents[0].Text; got != `{"gcd":"6"}` {
		t.Fatalf("artifact holds %s, want {\"gcd\":\"6\"}", got)
	}
	if _, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "artifact://sha256/" + strings.Repeat("0", 64)}); err == nil {
		t.Fatal("an artifact the store does not hold was served")
	}
}

// A value reference from one session resolves in that session only.
func TestReferencesStayInTheirSession(t *testing.T) {
	srv := New(testRegistry(t), Options{})
	a, b := connectTo(t, srv, nil), connectTo(t, srv, nil)
	_, out := call(t, a, "math.run", `{"capability_id":"test.compute.square","payload":{"n":"12"}}`)
	ref, _ := out["outputs"].(map[string]any)["square"].(map[string]any)["value_ref"].(string)
	if !strings.HasPrefix(ref, "value://") {
		t.Fatalf("square published no value reference: %v", out)
	}
	bind := `{"capability_id":"test.compute.gcd","payload":{"right":"60"},"inputs":{"left":{"value_ref":"` + ref + `"}}}`
	// gcd(144, 60) = 12.
	if _, out := call(t, a, "math.run", bind); out["outcome"] != "completed" || out["value"].(map[string]any)["gcd"] != "12" {
		t.Fatalf("same session: %v", out)
	}
	if res, out := call(t, b, "math.run", bind); !res.IsError || out["code"] != string(core.UnknownReference) {
		t.Fatalf("other session: %v, want UNKNOWN_REFERENCE", out)
	}
	if res, out := call(t, a, "math.run", `{"capability_id":"test.compute.gcd","payload":{"right":"60"},"inputs":{"left":{"ref":"x"}}}`); !res.IsError || out["code"] != string(core.UnknownField) || out["path"] != "/inputs/left/ref" {
		t.Fatalf("malformed binding: %v", out)
	}
}

// An operation that reports nothing still produces progress notifications,
// from the heartbeat, with increasing values, so clients that reset an idle
// timer on progress keep waiting.
func TestProgressHeartbeat(t *testing.T) {
	srv := New(testRegistry(t), Options{})
	srv.heartbeat = 10 * time.Millisecond
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	notes := make(chan *mcp.ProgressNotificationParams, 100)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			select {
			case notes <- req.Params:
			default:
			}
		},
	}).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cs.Close(); ss.Wait() }()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"test.compute.slow","payload":{"millis":60000,"quiet":true}}`)}
	params.SetProgressToken(42)
	go func() { _, _ = cs.CallTool(ctx, params) }()
	var prev float64
	for i := range 3 {
		select {
		case n := <-notes:
			if n.Progress <= prev || n.Message != "running" {
				t.Fatalf("notification %d: progress %v after %v, message %q", i, n.Progress, prev, n.Message)
			}
			prev = n.Progress
		case <-time.After(30 * time.Second):
			t.Fatalf("only %d heartbeats from a quiet operation", i)
		}
	}
}

// TestDuplicateArguments: a member given twice is refused, naming its JSON
// Pointer, instead of running whichever encoding/json keeps.
func TestDuplicateArguments(t *testing.T) {
	cs := connect(t, Options{}, nil)
	for _, c := range []struct{ tool, args, path string }{
		{"math.run", `{"capability_id":"test.compute.gcd","capability_id":"test.compute.slow","payload":{"left":"84","right":"30"}}`, "/capability_id"},
		{"math.run", `{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"},"payload":{"left":"1","right":"1"}}`, "/payload"},
		{"math.run", `{"capability_id":"test.compute.gcd","payload":{"right":"30"},"inputs":{"left":{"value_ref":"value://a","value_ref":"value://b"}}}`, "/inputs/left/value_ref"},
		{"math.run", `{"capability_id":"test.compute.gcd","payload":{"right":"30"},"inputs":{"a/b":{"value_ref":"value://a"},"a/b":{"value_ref":"value://b"}}}`, "/inputs/a~1b"},
		{"math.find", `{"request":{"op":"search","query":"gcd"},"request":{"op":"list"}}`, "/request"},
		{"math.find", `{"request":{"op":"search","op":"inspect","query":"gcd"}}`, "/request/op"},
	} {
		res, out := call(t, cs, c.tool, c.args)
		if !res.IsError || out["code"] != string(core.InvalidPayload) || out["path"] != c.path {
			t.Errorf("%s %s: %v; want INVALID_PAYLOAD at %s", c.tool, c.args, out, c.path)
		}
	}
}

// TestSearchTextPrescribesNothing: a search's text lists what matched and
// ends there; guidance is the tool description's.
func TestSearchTextPrescribesNothing(t *testing.T) {
	text := findText(FindOutcome{Outcome: core.OutcomeCompleted, Op: opSearch, Value: core.SearchResult{Query: "gcd", Total: 1, Hits: []core.SearchHit{{CapabilityID: "test.compute.gcd", Title: "gcd"}}}})
	if last := text[strings.LastIndex(text, "\n")+1:]; !strings.HasPrefix(last, "- test.compute.gcd") {
		t.Errorf("the search text ends %q, not with its last hit", last)
	}
}
