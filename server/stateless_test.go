package server

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

// TestStatelessReplicas: two stateless HTTP servers share one artifact
// store, as replicas behind a load balancer would. An output published
// through one is bound through the other by its artifact URI; a value://
// reference is refused with a message that points to artifacts.
func TestStatelessReplicas(t *testing.T) {
	dir := t.TempDir()
	replica := func() string {
		store, err := core.OpenArtifactStore(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := New(testRegistry(t), Options{Stateless: true, Runtime: core.RuntimeOptions{Artifacts: store}})
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
	connect := func(url string) *mcp.ClientSession {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "stateless-test", Version: "v0"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	a, b := connect(replica()), connect(replica())

	_, out := call(t, a, "math.run", `{"capability_id":"test.compute.square","payload":{"n":"12"}}`)
	port, _ := out["outputs"].(map[string]any)["square"].(map[string]any)
	uri, _ := port["artifact_uri"].(string)
	if out["outcome"] != "completed" || port["value_ref"] != nil || !strings.HasPrefix(uri, core.ArtifactURIPrefix) {
		t.Fatalf("square through replica A: %v, want its output as an artifact and no value reference", out)
	}
	// gcd(144, 60) = 12, with 144 read by replica B from the shared store.
	if _, out := call(t, b, "math.run", `{"capability_id":"test.compute.gcd","payload":{"right":"60"},"inputs":{"left":{"value_ref":"`+uri+`"}}}`); out["outcome"] != "completed" || out["value"].(map[string]any)["gcd"] != "12" {
		t.Fatalf("gcd through replica B with A's artifact: %v", out)
	}
	ref := core.ValueRefPrefix + strings.Repeat("A", 32)
	_, out = call(t, b, "math.run", `{"capability_id":"test.compute.gcd","payload":{"right":"60"},"inputs":{"left":{"value_ref":"`+ref+`"}}}`)
	if msg, _ := out["message"].(string); out["code"] != string(core.UnknownReference) || !strings.Contains(msg, "stateless") || !strings.Contains(msg, "artifact://") {
		t.Fatalf("a value reference on a stateless server: %v", out)
	}
}
