// Package mcptest drives the built jacobian binary end to end with MCP
// clients: the Go SDK here (stdio through a subprocess, and streamable
// HTTP), the official TypeScript SDK and the MCP conformance suite from
// run.sh.
package mcptest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// binary returns the jacobian binary under test: $JACOBIAN_BIN if set,
// else one built from this checkout once per test process.
var binary = sync.OnceValues(func() (string, error) {
	if bin := os.Getenv("JACOBIAN_BIN"); bin != "" {
		return bin, nil
	}
	dir, err := os.MkdirTemp("", "jacobian-mcptest-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "jacobian")
	out, err := exec.Command("go", "build", "-o", bin, "jacobian.dev/cli/cmd/jacobian").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

func jacobian(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end tests build and run the jacobian binary")
	}
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// stdioSession starts `jacobian serve` with args and connects the Go SDK's
// client to it through the subprocess's stdin and stdout.
func stdioSession(t testing.TB, copts *mcp.ClientOptions, args ...string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(jacobian(t), append([]string{"serve"}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "jacobian-e2e", Version: "v0"}, copts)
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\nstderr:\n%s", err, stderr.String())
	}
	t.Cleanup(func() {
		if err := cs.Close(); err != nil {
			t.Logf("close: %v", err)
		}
		if t.Failed() {
			t.Logf("server stderr:\n%s", stderr.String())
		}
	})
	return cs
}

type outcome map[string]any

func callTool(t testing.TB, cs *mcp.ClientSession, tool, args string) (*mcp.CallToolResult, outcome) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", tool, args, err)
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var out outcome
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return res, out
}

func (o outcome) value(key string) any {
	v, _ := o["value"].(map[string]any)
	return v[key]
}

// Operands of the 40-digit gcd, PARI/GP 2.15:
// p = nextprime(10^19); a = p*nextprime(10^20); b = p*nextprime(10^20+10^6);
// gcd(a, b) = 10000000000000000051.
const (
	gcdLeft  = "1000000000000000005490000000000000001989"
	gcdRight = "1000000000000010005370000000000051001377"
	gcdWant  = "10000000000000000051"
)

// semiprime = nextprime(10^29) * nextprime(3*10^29) (PARI/GP 2.15); rho
// needs about 10^14 iterations to split it, so a run lasts until cancelled.
// The tests give it 10^8 iterations, which the factoring cost limit admits
// (about 13 s estimated) and which outlast every cancellation here.
const semiprime = "30000000000000000000000000096400000000000000000000000002233"

func TestStdio(t *testing.T) {
	cs := stdioSession(t, nil)
	ctx := context.Background()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if !slices.Equal(names, []string{"math.find", "math.run"}) {
		t.Fatalf("tools/list = %v, want exactly math.find and math.run", names)
	}

	_, out := callTool(t, cs, "math.find", `{"request":{"op":"search","query":"greatest common divisor","limit":3}}`)
	hits, _ := out.value("hits").([]any)
	if len(hits) == 0 || hits[0].(map[string]any)["capability_id"] != "integer.compute.gcd" {
		t.Fatalf("search: %v, want integer.compute.gcd first", out)
	}
	_, out = callTool(t, cs, "math.find", `{"request":{"op":"inspect","capability_id":"integer.compute.gcd"}}`)
	if out["outcome"] != "completed" || out.value("request_schema") == nil {
		t.Fatalf("inspect: %v", out)
	}

	res, out := callTool(t, cs, "math.run", `{"capability_id":"integer.compute.gcd","payload":{"left":"`+gcdLeft+`","right":"`+gcdRight+`"}}`)
	if res.IsError || out.value("gcd") != gcdWant {
		t.Fatalf("40-digit gcd: %v, want %s", out, gcdWant)
	}

	// A JSON number above 2^53 where an integer string belongs is refused,
	// not rounded.
	res, out = callTool(t, cs, "math.run", `{"capability_id":"integer.compute.gcd","payload":{"left":`+gcdLeft+`,"right":"3"}}`)
	if !res.IsError || out["code"] != "INVALID_PAYLOAD" || out["path"] != "/payload/left" {
		t.Fatalf("JSON number: %v", out)
	}
	res, out = callTool(t, cs, "math.run", `{"capability_id":"integer.compute.gcd","payload":{"left":"1","right":"2"},"verbose":true}`)
	if !res.IsError || out["code"] != "UNKNOWN_ARGUMENT" {
		t.Fatalf("unknown argument: %v", out)
	}
	res, out = callTool(t, cs, "math.run", `{"capability_id":"integer.compute.gcd","payload":{"left":"1","right":"2","base":"10"}}`)
	if !res.IsError || out["code"] != "UNKNOWN_FIELD" {
		t.Fatalf("unknown field: %v", out)
	}

	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "capability://catalog"})
	if err != nil {
		t.Fatal(err)
	}
	var catalog struct {
		Count      int `json:"count"`
		Operations []struct {
			ID string `json:"capability_id"`
		} `json:"operations"`
	}
	if err := json.Unmarshal([]byte(read.Contents[0].Text), &catalog); err != nil {
		t.Fatal(err)
	}
	if catalog.Count != len(catalog.Operations) || !slices.ContainsFunc(catalog.Operations, func(o struct {
		ID string `json:"capability_id"`
	}) bool {
		return o.ID == "integer.compute.gcd"
	}) {
		t.Fatalf("catalog: %+v", catalog)
	}
}

// TestCancellation cancels a long factorization on a server with one
// execution slot and measures how soon the slot serves the next call.
func TestCancellation(t *testing.T) {
	progressed := make(chan struct{}, 1)
	cs := stdioSession(t, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			select {
			case progressed <- struct{}{}:
			default:
			}
		},
	}, "--slots", "1")
	ctx, cancel := context.WithCancel(context.Background())
	params := &mcp.CallToolParams{Name: "math.run", Arguments: json.RawMessage(`{"capability_id":"integer.compute.prime_factorization","payload":{"n":"` + semiprime + `","max_iterations":100000000}}`)}
	params.SetProgressToken("factor-1")
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, params)
		done <- err
	}()
	select {
	case <-progressed:
	case err := <-done:
		t.Fatalf("the factorization ended before any progress: %v", err)
	}
	// While it runs, the only slot is taken.
	if _, out := callTool(t, cs, "math.run", `{"capability_id":"integer.compute.gcd","payload":{"left":"84","right":"30"}}`); out["reason"] != "RESOURCE_REFUSED" {
		t.Fatalf("second call while the slot is busy: %v, want RESOURCE_REFUSED", out)
	}
	cancel()
	cancelled := time.Now()
	if err := <-done; err == nil {
		t.Fatal("the cancelled call reported success")
	}
	attempts := 0
	for {
		attempts++
		_, out := callTool(t, cs, "math.run", `{"capability_id":"integer.compute.gcd","payload":{"left":"84","right":"30"}}`)
		if out["outcome"] == "completed" {
			if out.value("gcd") != "6" {
				t.Fatalf("gcd(84, 30) = %v", out.value("gcd"))
			}
			break
		}
		if out["reason"] != "RESOURCE_REFUSED" || attempts == 5000 {
			t.Fatalf("after cancellation: %v", out)
		}
	}
	t.Logf("slot free and next call served %v after cancelling (%d attempts)", time.Since(cancelled), attempts)
}

// TestHTTP serves streamable HTTP on a free loopback port and checks a
// session, the DNS-rebinding protection and session isolation.
func TestHTTP(t *testing.T) {
	url := httpServer(t)
	session := func() *mcp.ClientSession { return httpSession(t, url) }
	a, b := session(), session()
	res, out := callTool(t, a, "math.run", `{"capability_id":"integer.compute.gcd","payload":{"left":"`+gcdLeft+`","right":"`+gcdRight+`"}}`)
	if res.IsError || out.value("gcd") != gcdWant {
		t.Fatalf("gcd over HTTP: %v", out)
	}
	// A second session is served alongside the first. (That value
	// references never cross sessions is TestReferenceStaysInItsSession.)
	if _, out := callTool(t, b, "math.find", `{"request":{"op":"search","query":"determinant"}}`); out["outcome"] != "completed" {
		t.Fatalf("second session: %v", out)
	}

	// DNS rebinding: a loopback server refuses a foreign Host header.
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"evil","version":"0"}}}`))
	req.Host = "attacker.example:80"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("request with Host attacker.example: status %d, want 403", resp.StatusCode)
	}
}
