package finitefield

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"jacobian.dev/core"
)

func newRuntime(t testing.TB) *core.Runtime {
	t.Helper()
	reg := core.NewRegistry()
	if err := Register(reg); err != nil {
		t.Fatal(err)
	}
	return core.NewRuntime(reg, core.RuntimeOptions{Slots: 4})
}

func run(t testing.TB, rt *core.Runtime, id, payload string) core.Outcome {
	t.Helper()
	return rt.Run(context.Background(), core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload)})
}

// compactJSON normalises whitespace for comparison.
func compactJSON(t testing.TB, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	return buf.String()
}

// TestExamples runs every declared example and compares the exact result.
func TestExamples(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, ex := range d.Examples {
			t.Run(d.ID+"/"+ex.Title, func(t *testing.T) {
				o := rt.Run(context.Background(), core.RunRequest{CapabilityID: d.ID, Payload: ex.Payload})
				if o.Outcome != core.OutcomeCompleted {
					t.Fatalf("got %s", o)
				}
				if got, want := compactJSON(t, o.Value), compactJSON(t, ex.Result); got != want {
					t.Errorf("got  %s\nwant %s", got, want)
				}
			})
		}
	}
}

// TestLimits checks that preflight refuses every declared Beyond payload.
func TestLimits(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, l := range d.Limits {
			t.Run(d.ID+"/"+l.Name, func(t *testing.T) {
				o := run(t, rt, d.ID, l.Beyond())
				if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
					t.Fatalf("got %s", o)
				}
			})
		}
	}
}
