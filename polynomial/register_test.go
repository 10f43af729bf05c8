package polynomial

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"jacobian.dev/core"
)

func newRuntime(t testing.TB) *core.Runtime {
	t.Helper()
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		t.Fatal(err)
	}
	return core.NewRuntime(reg, core.RuntimeOptions{})
}

func run(t testing.TB, rt *core.Runtime, id, payload string) core.Outcome {
	t.Helper()
	return rt.Run(context.Background(), core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload)})
}

func compact(t testing.TB, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatalf("compact %s: %v", b, err)
	}
	return buf.String()
}

// TestDeclarations runs every example and checks every Beyond payload is
// refused, the checks the conformance suite will make once it is wired.
func TestDeclarations(t *testing.T) {
	rt := newRuntime(t)
	if n := rt.Registry().Len(); n != 21 {
		t.Fatalf("registered %d operations, want 21", n)
	}
	for _, d := range rt.Registry().Declarations() {
		t.Run(d.ID, func(t *testing.T) {
			for _, ex := range d.Examples {
				out := run(t, rt, d.ID, string(ex.Payload))
				if out.Outcome != core.OutcomeCompleted {
					t.Errorf("example %q: %s %s %s", ex.Title, out.Outcome, out.Code, out.Message)
					continue
				}
				if got, want := compact(t, out.Value), compact(t, ex.Result); got != want {
					t.Errorf("example %q:\n got %s\nwant %s", ex.Title, got, want)
				}
			}
			for _, l := range d.Limits {
				out := run(t, rt, d.ID, l.Beyond())
				if out.Outcome != core.OutcomeNonConclusion || out.Reason != core.ResourceRefused {
					t.Errorf("limit %s: Beyond gave %s %s %s %s, want RESOURCE_REFUSED", l.Name, out.Outcome, out.Code, out.Message, out.Detail)
				}
			}
		})
	}
}

// TestGenerated runs seeded random requests from every generator through
// the runtime: each must complete, which includes passing its
// postcondition and validating against the result schema.
func TestGenerated(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(7, 11))
	for _, d := range rt.Registry().Declarations() {
		for i := 0; i < 40; i++ {
			payload, err := d.GeneratePayload(context.Background(), rng)
			if err != nil {
				t.Fatalf("%s: %v", d.ID, err)
			}
			out := run(t, rt, d.ID, string(payload))
			if out.Outcome != core.OutcomeCompleted {
				t.Fatalf("%s on %s: %s %s %s", d.ID, payload, out.Outcome, out.Code, out.Message)
			}
			// Determinism: the same request gives the same value.
			again := run(t, rt, d.ID, string(payload))
			if !bytes.Equal(again.Value, out.Value) {
				t.Fatalf("%s on %s: two runs differ", d.ID, payload)
			}
		}
	}
}

// TestSlowIsCancellable runs each operation's Slow payload under a short
// deadline: it must end as a TIMEOUT (for a checker CHECKER_INTERRUPTED)
// non-conclusion, not complete or fail.
func TestSlowIsCancellable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs each slow payload for a moment")
	}
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		if d.Slow == nil {
			continue
		}
		out := rt.Run(context.Background(), core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(d.Slow()), Timeout: 50 * time.Millisecond})
		// A checker stopped by its deadline reports that it was
		// interrupted before its verdict.
		want := core.Timeout
		if d.Kind == core.Check {
			want = core.CheckerInterrupted
		}
		if out.Outcome != core.OutcomeNonConclusion || out.Reason != want {
			t.Errorf("%s: slow payload under a 50 ms deadline gave %s %s %s%s", d.ID, out.Outcome, out.Reason, out.Message, out.Detail)
		}
	}
}
