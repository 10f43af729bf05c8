package core

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

func referenceCode(t *testing.T, err error) string {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code != UnknownReference {
		t.Fatalf("got %v, want UNKNOWN_REFERENCE", err)
	}
	return e.Message
}

func TestValueStoreEviction(t *testing.T) {
	s := NewValueStore(3, 1<<20)
	var refs []string
	for i := range 5 {
		v, err := s.Put("test.number", []byte(fmt.Sprintf(`"%d"`, i)))
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, v.Ref)
	}
	for _, old := range refs[:2] {
		_, err := s.Get(old)
		if msg := referenceCode(t, err); !strings.Contains(msg, "evicted") {
			t.Errorf("message %q does not say evicted", msg)
		}
	}
	for i, r := range refs[2:] {
		v, err := s.Get(r)
		if err != nil || string(v.Data) != fmt.Sprintf(`"%d"`, i+2) {
			t.Fatalf("recent reference %d: %v %s", i+2, err, v.Data)
		}
	}
}

// The byte bound holds: after many puts the store never holds more than it
// may, and the oldest values are the ones gone.
func TestValueStoreByteBound(t *testing.T) {
	const bound = 10_000
	s := NewValueStore(1_000_000, bound)
	blob := []byte(`"` + strings.Repeat("7", 998) + `"`) // 1,000 bytes
	var first string
	for i := range 100 {
		v, err := s.Put("test.blob", blob)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = v.Ref
		}
		if _, b := s.Usage(); b > bound {
			t.Fatalf("after %d puts the store holds %d bytes, bound %d", i+1, b, bound)
		}
	}
	if n, b := s.Usage(); n != 10 || b != 10_000 {
		t.Fatalf("holds %d values, %d bytes; want 10 and 10000", n, b)
	}
	if _, err := s.Get(first); err == nil {
		t.Fatal("the first value survived past the byte bound")
	}
	if _, err := s.Put("test.blob", make([]byte, bound+1)); err == nil {
		t.Fatal("a value above the whole bound was stored")
	}
}

func TestValueRefsRefused(t *testing.T) {
	s := NewValueStore(0, 0)
	v, _ := s.Put("test.x", []byte(`"1"`))
	other := NewValueStore(0, 0)
	tests := []struct{ name, ref, says string }{
		{"wrong prefix", "vaIue://" + strings.TrimPrefix(v.Ref, ValueRefPrefix), "must start with"},
		{"artifact scheme", "artifact://sha256/00", "must start with"},
		{"too short", v.Ref[:len(v.Ref)-1], "32 characters"},
		{"too long", v.Ref + "A", "32 characters"},
		{"non-base64", ValueRefPrefix + strings.Repeat("!", 32), "base64url"},
		{"padding", ValueRefPrefix + strings.Repeat("A", 30) + "==", "base64url"},
		{"path traversal", ValueRefPrefix + "../../../../etc/passwd/aaaaaaaaa", "base64url"},
		{"empty", "", "must start with"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Get(tc.ref)
			if msg := referenceCode(t, err); !strings.Contains(msg, tc.says) {
				t.Errorf("message %q lacks %q", msg, tc.says)
			}
		})
	}
	_, err := other.Get(v.Ref)
	if msg := referenceCode(t, err); !strings.Contains(msg, "unknown to this session") {
		t.Errorf("foreign reference: %q", msg)
	}
	s.Close()
	_, err = s.Get(v.Ref)
	if msg := referenceCode(t, err); !strings.Contains(msg, "closed") {
		t.Errorf("closed store: %q", msg)
	}
}

func TestValueStoreConcurrent(t *testing.T) {
	s := NewValueStore(64, 1<<16)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				want := []byte(fmt.Sprintf(`"%d-%d"`, g, i))
				v, err := s.Put("test.x", want)
				if err != nil {
					t.Error(err)
					return
				}
				got, err := s.Get(v.Ref)
				if err == nil && string(got.Data) != string(want) {
					t.Errorf("reference resolved to %s, want %s", got.Data, want)
				}
			}
		}()
	}
	wg.Wait()
	if n, _ := s.Usage(); n > 64 {
		t.Fatalf("store holds %d entries, bound 64", n)
	}
}

type squaresRequest struct {
	N int `json:"n"`
}

type squaresResult struct {
	Squares []Integer `json:"squares"`
}

type sumListRequest struct {
	Values []Integer `json:"values"`
}

type sumListResult struct {
	Sum Integer `json:"sum"`
}

// portRegistry has a producer with an output port and a consumer with an
// input port of the same artifact type.
func portRegistry(t *testing.T) *Registry {
	t.Helper()
	r := NewRegistry()
	listPort := []string{"test.integer_list"}
	err := errors.Join(
		Add(r, Operation[squaresRequest, squaresResult]{
			ID: "test.squares.compute", Title: "Squares", Summary: "Lists the squares of 0 up to n − 1.",
			Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
			OutputPorts: []Port{{Name: "squares", Field: "squares", ArtifactTypes: listPort}},
			Bounds:      Bounds{"/n": 1 << 16},
			Run: func(_ context.Context, q squaresRequest) (squaresResult, error) {
				out := make([]Integer, q.N)
				for i := range out {
					out[i] = Int64(int64(i * i))
				}
				return squaresResult{out}, nil
			},
			Postcondition: func(ctx context.Context, q squaresRequest, r squaresResult) error { return nil },
			Examples:      []Example{{Title: "three", Payload: json.RawMessage(`{"n":3}`), Result: json.RawMessage(`{"squares":["0","1","4"]}`)}},
		}),
		Add(r, Operation[sumListRequest, sumListResult]{
			ID: "test.list_sum.compute", Title: "Sum of a list", Summary: "Adds a list of integers exactly.",
			Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
			InputPorts: []Port{{Name: "values", Field: "values", ArtifactTypes: listPort}},
			Bounds:     Bounds{"/values": 1 << 16},
			Run: func(_ context.Context, q sumListRequest) (sumListResult, error) {
				var s int64
				for _, v := range q.Values {
					s += v.Big().Int64()
				}
				return sumListResult{Int64(s)}, nil
			},
			Postcondition: func(context.Context, sumListRequest, sumListResult) error { return nil },
			Examples:      []Example{{Title: "three", Payload: json.RawMessage(`{"values":["1","2"]}`), Result: json.RawMessage(`{"sum":"3"}`)}},
		}),
		Add(r, Operation[addRequest, addResult]{
			ID: "test.pair_sum.compute", Title: "Pair sum", Summary: "Adds two integers, with a port of another type.",
			Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
			InputPorts:    []Port{{Name: "left", Field: "left", ArtifactTypes: []string{"test.single"}}},
			Run:           func(_ context.Context, q addRequest) (addResult, error) { return addResult{}, nil },
			Postcondition: func(context.Context, addRequest, addResult) error { return nil },
			Examples:      []Example{{Title: "zero", Payload: json.RawMessage(`{"left":"0","right":"0"}`), Result: json.RawMessage(`{"sum":"0"}`)}},
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestPortsFlow(t *testing.T) {
	rt := NewRuntime(portRegistry(t), RuntimeOptions{})
	ctx := context.Background()
	produced := rt.Run(ctx, RunRequest{CapabilityID: "test.squares.compute", Payload: json.RawMessage(`{"n":5}`)})
	out, ok := produced.Outputs["squares"]
	if produced.Outcome != OutcomeCompleted || !ok {
		t.Fatalf("got %s", produced)
	}
	if want := Digest([]byte(`["0","1","4","9","16"]`)); out.Digest != want {
		t.Errorf("digest %s, want %s (the digest of the inline value)", out.Digest, want)
	}
	bound := rt.Run(ctx, RunRequest{CapabilityID: "test.list_sum.compute", Inputs: map[string]Binding{"values": {out.ValueRef}}})
	if string(bound.Value) != `{"sum":"30"}` {
		t.Fatalf("by reference: %s", bound)
	}

	tests := []struct {
		name   string
		req    RunRequest
		code   Code
		path   string
		phrase string
	}{
		{"undeclared port", RunRequest{CapabilityID: "test.list_sum.compute", Inputs: map[string]Binding{"table": {out.ValueRef}}}, UnknownField, "/inputs/table", `"values"`},
		{"conflict", RunRequest{CapabilityID: "test.list_sum.compute", Payload: json.RawMessage(`{"values":[]}`), Inputs: map[string]Binding{"values": {out.ValueRef}}}, PortConflict, "/payload/values", "one way"},
		{"type mismatch", RunRequest{CapabilityID: "test.pair_sum.compute", Payload: json.RawMessage(`{"right":"1"}`), Inputs: map[string]Binding{"left": {out.ValueRef}}}, ArtifactTypeMismatch, "/inputs/left", "test.integer_list"},
		{"malformed ref", RunRequest{CapabilityID: "test.list_sum.compute", Inputs: map[string]Binding{"values": {"value://short"}}}, UnknownReference, "/inputs/values/value_ref", "malformed"},
		{"traversal", RunRequest{CapabilityID: "test.list_sum.compute", Inputs: map[string]Binding{"values": {"artifact://sha256/../../etc/passwd"}}}, UnknownReference, "/inputs/values/value_ref", "artifact store"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := rt.Run(ctx, tc.req)
			if o.Code != tc.code || o.Path != tc.path || !strings.Contains(o.Message, tc.phrase) {
				t.Fatalf("got %s (path %s)", o, o.Path)
			}
		})
	}

	rt.Close()
	o := rt.Run(ctx, RunRequest{CapabilityID: "test.list_sum.compute", Inputs: map[string]Binding{"values": {out.ValueRef}}})
	if o.Code != UnknownReference || !strings.Contains(o.Message, "closed") {
		t.Fatalf("after Close: %s", o)
	}
}

// A result above the inline limit moves to the artifact store; the port's
// value keeps one digest whether read inline, by reference or as an artifact.
func TestLargeResultBecomesArtifact(t *testing.T) {
	store, err := OpenArtifactStore(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	rt := NewRuntime(portRegistry(t), RuntimeOptions{Artifacts: store, InlineLimit: 1000})
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.squares.compute", Payload: json.RawMessage(`{"n":1000}`)})
	if o.Outcome != OutcomeCompleted || o.Artifact == nil || o.Value != nil {
		t.Fatalf("got %s", o)
	}
	data, info, err := store.Get(context.Background(), o.Artifact.URI)
	if err != nil || info.ArtifactType != "test.squares.compute.result" {
		t.Fatalf("reading the result artifact: %v %+v", err, info)
	}
	var res squaresResult
	if err := json.Unmarshal(data, &res); err != nil || len(res.Squares) != 1000 || res.Squares[999].String() != "998001" {
		t.Fatalf("artifact content: %v", err)
	}
	port := o.Outputs["squares"]
	portData, _, err := store.Get(context.Background(), port.ArtifactURI)
	if err != nil {
		t.Fatal(err)
	}
	byRef, err := rt.Values().Get(port.ValueRef)
	if err != nil {
		t.Fatal(err)
	}
	inline, _ := json.Marshal(res.Squares)
	if Digest(portData) != port.Digest || byRef.Digest != port.Digest || Digest(inline) != port.Digest {
		t.Fatal("one value, several digests")
	}
}

// A value bound by reference counts toward the payload bound.
func TestBoundInputsCountTowardPayloadBound(t *testing.T) {
	rt := NewRuntime(portRegistry(t), RuntimeOptions{MaxPayloadBytes: 100})
	v, err := rt.Values().Put("test.integer_list", []byte(`["`+strings.Repeat("1", 200)+`"]`))
	if err != nil {
		t.Fatal(err)
	}
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.list_sum.compute", Inputs: map[string]Binding{"values": {v.Ref}}})
	if o.Reason != ResourceRefused {
		t.Fatalf("got %s", o)
	}
}

// TestValuePoolCountsAgainstBudget: stored values hold room in the memory
// budget that runs reserve from, evicting the oldest value when a new one
// does not fit, and give it back when evicted or closed.
func TestValuePoolCountsAgainstBudget(t *testing.T) {
	budget := NewMemoryBudget(1000)
	pool := NewValuePool(0, 0)
	pool.countAgainst(budget)
	a, b := pool.NewStore(), pool.NewStore()
	first, err := a.Put("test", make([]byte, 400))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Put("test", make([]byte, 400)); err != nil {
		t.Fatal(err)
	}
	if got := budget.Used(); got != 800 {
		t.Fatalf("two 400-byte values hold %d bytes of the budget, want 800", got)
	}
	if !budget.Reserve(150) {
		t.Fatal("a 150-byte run did not fit beside 800 bytes of values in 1000")
	}
	// 50 bytes free: the third value evicts the least recently used
	// (a's, of another session) to fit.
	if _, err := b.Put("test", make([]byte, 400)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Get(first.Ref); err == nil || !strings.Contains(err.Error(), "evicted") {
		t.Fatalf("the oldest value was not evicted: %v", err)
	}
	if got := budget.Used(); got != 950 {
		t.Fatalf("budget holds %d bytes, want 950 (800 of values and the run's 150)", got)
	}
	// Larger than everything evictable and the free room together.
	if _, err := a.Put("test", make([]byte, 900)); err == nil {
		t.Fatal("a 900-byte value was stored beside a 150-byte run in a 1000-byte budget")
	}
	if n, _ := pool.Usage(); n != 2 {
		t.Fatalf("a value that could never fit evicted others: %d left, want 2", n)
	}
	budget.Release(150)
	b.Close()
	a.Close()
	if got := budget.Used(); got != 0 {
		t.Fatalf("after every store closed the budget holds %d bytes", got)
	}
}
