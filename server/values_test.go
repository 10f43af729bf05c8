package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

type blobRequest struct {
	Bytes int `json:"bytes"`
}

type blobResult struct {
	Blob string `json:"blob"`
}

type lengthRequest struct {
	Blob string `json:"blob"`
}

type lengthResult struct {
	Length int `json:"length"`
}

// blobRegistry is the test domain with two more operations: one that
// publishes a value of a requested size on an output port, cheaply, and
// one that takes such a value on an input port.
func blobRegistry(t testing.TB) *core.Registry {
	t.Helper()
	r := testRegistry(t)
	err := errors.Join(
		core.Add(r, core.Operation[blobRequest, blobResult]{
			ID: "test.compute.blob", Title: "Blob (test)",
			Summary: "Publishes a string of the requested length on the output port blob.",
			Kind:    core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			OutputPorts: []core.Port{{Name: "blob", Field: "blob", ArtifactTypes: []string{"test.blob"}}},
			Bounds:      core.Bounds{"/bytes": 1 << 24},
			Run: func(_ context.Context, q blobRequest) (blobResult, error) {
				if q.Bytes < 0 || q.Bytes > 1<<24 {
					return blobResult{}, core.DomainErrorf("bytes must be in [0, 2^24]")
				}
				return blobResult{strings.Repeat("7", q.Bytes)}, nil
			},
			Postcondition: func(ctx context.Context, q blobRequest, r blobResult) error {
				if len(r.Blob) != q.Bytes {
					return errors.New("wrong length")
				}
				return nil
			},
			Examples: []core.Example{{Title: "three", Payload: json.RawMessage(`{"bytes":3}`), Result: json.RawMessage(`{"blob":"777"}`)}},
		}),
		core.Add(r, core.Operation[lengthRequest, lengthResult]{
			ID: "test.compute.length", Title: "Length (test)",
			Summary: "Measures a blob bound to the input port blob.",
			Kind:    core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
			InputPorts: []core.Port{{Name: "blob", Field: "blob", ArtifactTypes: []string{"test.blob"}}},
			Bounds:     core.Bounds{"/blob": 1 << 24},
			Run: func(_ context.Context, q lengthRequest) (lengthResult, error) {
				return lengthResult{len(q.Blob)}, nil
			},
			Postcondition: func(ctx context.Context, q lengthRequest, r lengthResult) error {
				if r.Length != len(q.Blob) {
					return errors.New("wrong length")
				}
				return nil
			},
			Examples: []core.Example{{Title: "three", Payload: json.RawMessage(`{"blob":"777"}`), Result: json.RawMessage(`{"length":3}`)}},
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestValueStoreStaysWithinItsByteBound publishes 100 MiB of values (20
// under -race), 1 MiB at a time, into a session whose store holds 8 MiB:
// the store never holds more than its bound, the retained heap grows by
// about the bound, the oldest references fail as evicted and the newest
// resolve.
//
// The values are published through the session's own runtime, the one
// math.run uses, so that the heap measured is the store's rather than the
// transport's buffers, which grow to the largest message sent; the
// references are then used over MCP.
func TestValueStoreStaysWithinItsByteBound(t *testing.T) {
	if testing.Short() {
		t.Skip("publishes 100 MiB of values")
	}
	const (
		bound = 8 << 20
		each  = 1 << 20
	)
	runs := 100
	if raceDetector {
		// Still well past the bound, so eviction is exercised.
		runs = 20
	}
	srv := New(blobRegistry(t), Options{Runtime: core.RuntimeOptions{MaxValues: 10 * runs, MaxValueBytes: bound}})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cs.Close(); ss.Wait() }()
	rt := srv.runtimeFor(ss)

	// The blob's JSON is the string's quotes and its bytes.
	size := each - 2
	payload := json.RawMessage(fmt.Sprintf(`{"bytes":%d}`, size))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var refs []string
	var most int64
	for i := range runs {
		out := rt.Run(context.Background(), core.RunRequest{CapabilityID: "test.compute.blob", Payload: payload})
		ref := out.Outputs["blob"].ValueRef
		if ref == "" {
			t.Fatalf("run %d: %v", i, out)
		}
		refs = append(refs, ref)
		entries, held := rt.Values().Usage()
		if held > bound || int64(entries)*each != held {
			t.Fatalf("after %d values of %d bytes the store holds %d entries, %d bytes; bound %d", i+1, each, entries, held, bound)
		}
		most = max(most, held)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	growth := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d MiB published in 1 MiB values into an 8 MiB store: at most %d bytes held; live heap grew by %.2f MiB (%d bytes)", runs*each>>20, most, float64(growth)/(1<<20), growth)
	// Anything beyond the values' own bytes is bookkeeping and collector
	// noise; half the bound is a generous allowance that a store keeping
	// every value (100 MiB) breaks by far.
	if growth > bound+bound/2 {
		t.Errorf("the live heap grew by %d bytes for a store bounded at %d", growth, bound)
	}

	bind := func(ref string) (*mcp.CallToolResult, map[string]any) {
		return call(t, cs, "math.run", `{"capability_id":"test.compute.length","payload":{},"inputs":{"blob":{"value_ref":"`+ref+`"}}}`)
	}
	res, out := bind(refs[0])
	if msg, _ := out["message"].(string); !res.IsError || out["code"] != string(core.UnknownReference) || !strings.Contains(msg, "evicted") {
		t.Fatalf("the oldest reference: %v, want UNKNOWN_REFERENCE saying evicted", out)
	}
	held := bound / each
	if res, out := bind(refs[runs-held-1]); !res.IsError || out["code"] != string(core.UnknownReference) {
		t.Fatalf("reference %d of %d (just evicted): %v", runs-held, runs, out)
	}
	for _, ref := range refs[runs-held:] {
		if res, out := bind(ref); res.IsError || out["value"].(map[string]any)["length"] != float64(size) {
			t.Fatalf("a recent reference: %v", out)
		}
	}
	// And one published over MCP lands in the same store.
	_, out = call(t, cs, "math.run", `{"capability_id":"test.compute.blob","payload":{"bytes":10}}`)
	if _, held := rt.Values().Usage(); held > bound {
		t.Fatalf("the store holds %d bytes", held)
	}
	if res, out := bind(out["outputs"].(map[string]any)["blob"].(map[string]any)["value_ref"].(string)); res.IsError || out["value"].(map[string]any)["length"] != float64(10) {
		t.Fatalf("a value published over MCP: %v", out)
	}
}

// TestValueStoreEvictsByCount: with room for three values, the fourth
// evicts the first, and a resolved reference counts as recently used.
func TestValueStoreEvictsByCount(t *testing.T) {
	srv := New(blobRegistry(t), Options{Runtime: core.RuntimeOptions{MaxValues: 3}})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cs.Close(); ss.Wait() }()
	publish := func(n int) string {
		_, out := call(t, cs, "math.run", fmt.Sprintf(`{"capability_id":"test.compute.blob","payload":{"bytes":%d}}`, n))
		return out["outputs"].(map[string]any)["blob"].(map[string]any)["value_ref"].(string)
	}
	length := func(ref string) (bool, any) {
		res, out := call(t, cs, "math.run", `{"capability_id":"test.compute.length","payload":{},"inputs":{"blob":{"value_ref":"`+ref+`"}}}`)
		if res.IsError {
			return false, out["message"]
		}
		return true, out["value"].(map[string]any)["length"]
	}
	a, b, c := publish(1), publish(2), publish(3)
	// Using a makes b the least recently used.
	if ok, n := length(a); !ok || n != float64(1) {
		t.Fatalf("a: %v", n)
	}
	d := publish(4)
	if ok, msg := length(b); ok || !strings.Contains(msg.(string), "evicted") {
		t.Fatalf("b should be evicted: %v", msg)
	}
	for want, ref := range map[float64]string{1: a, 3: c, 4: d} {
		if ok, n := length(ref); !ok || n != want {
			t.Fatalf("reference to %v bytes: %v", want, n)
		}
	}
}

// TestOutputPortAsArtifact: an output value above the inline limit is also
// stored durably, linked from the result and named in its text, and the
// linked bytes hash to the published digest.
func TestOutputPortAsArtifact(t *testing.T) {
	store, err := core.OpenArtifactStore(t.TempDir(), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	srv := New(blobRegistry(t), Options{Runtime: core.RuntimeOptions{Artifacts: store, InlineLimit: 64}})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cs.Close(); ss.Wait() }()

	res, out := call(t, cs, "math.run", `{"capability_id":"test.compute.blob","payload":{"bytes":100}}`)
	port, _ := out["outputs"].(map[string]any)["blob"].(map[string]any)
	uri, _ := port["artifact_uri"].(string)
	if res.IsError || uri == "" || port["size"] != float64(102) {
		t.Fatalf("a 102-byte output with a 64-byte inline limit: %v", out)
	}
	var link *mcp.ResourceLink
	for _, c := range res.Content {
		if l, ok := c.(*mcp.ResourceLink); ok && l.URI == uri {
			link = l
		}
	}
	if link == nil || link.Name != "blob" || link.Size == nil || *link.Size != 102 {
		t.Fatalf("no resource link to %s among %v", uri, res.Content)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, "102 bytes, stored as "+uri) {
		t.Errorf("text %q does not say where the output is stored", text)
	}
	read, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	data := read.Contents[0].Text
	sum := sha256.Sum256([]byte(data))
	if want := `"` + strings.Repeat("7", 100) + `"`; data != want || "sha256:"+hex.EncodeToString(sum[:]) != port["digest"] {
		t.Fatalf("the artifact holds %q with sha256 %x; the outcome says %v", data, sum, port["digest"])
	}
	// The artifact binds like the reference does.
	if res, out := call(t, cs, "math.run", `{"capability_id":"test.compute.length","payload":{},"inputs":{"blob":{"value_ref":"`+uri+`"}}}`); res.IsError || out["value"].(map[string]any)["length"] != float64(100) {
		t.Fatalf("binding the artifact: %v", out)
	}
}

// TestValueBoundIsShared: the value bound holds for every session together;
// one session's values evict another's least recently used, and the
// evicted reference says so.
func TestValueBoundIsShared(t *testing.T) {
	srv := New(blobRegistry(t), Options{Runtime: core.RuntimeOptions{MaxValues: 2}})
	a, b := connectTo(t, srv, nil), connectTo(t, srv, nil)
	publish := func(cs *mcp.ClientSession, n int) string {
		_, out := call(t, cs, "math.run", fmt.Sprintf(`{"capability_id":"test.compute.blob","payload":{"bytes":%d}}`, n))
		return out["outputs"].(map[string]any)["blob"].(map[string]any)["value_ref"].(string)
	}
	length := func(cs *mcp.ClientSession, ref string) (bool, any) {
		res, out := call(t, cs, "math.run", `{"capability_id":"test.compute.length","payload":{},"inputs":{"blob":{"value_ref":"`+ref+`"}}}`)
		if res.IsError {
			return false, out["message"]
		}
		return true, out["value"].(map[string]any)["length"]
	}
	a1 := publish(a, 1)
	b1 := publish(b, 2)
	b2 := publish(b, 3) // the third value in a pool of two: a1 goes
	if ok, msg := length(a, a1); ok || !strings.Contains(msg.(string), "evicted") {
		t.Fatalf("a1 should be evicted by b's values: %v", msg)
	}
	for want, ref := range map[float64]string{2: b1, 3: b2} {
		if ok, n := length(b, ref); !ok || n != want {
			t.Fatalf("b's reference to %v bytes: %v", want, n)
		}
	}
	if n, _ := srv.opts.Runtime.Values.Usage(); n != 2 {
		t.Errorf("the shared pool holds %d values, want 2", n)
	}
}
