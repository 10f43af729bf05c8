package integer

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"jacobian.dev/core"
)

func newRuntime(t testing.TB) *core.Runtime {
	t.Helper()
	reg, err := core.NewRegistryWith(Register)
	if err != nil {
		t.Fatal(err)
	}
	return core.NewRuntime(reg, core.RuntimeOptions{Slots: 4})
}

func run(t testing.TB, rt *core.Runtime, id, payload string) core.Outcome {
	t.Helper()
	return rt.Run(context.Background(), core.RunRequest{CapabilityID: id, Payload: json.RawMessage(payload)})
}

// TestExamples runs every declared example and compares the exact result.
func TestExamples(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, ex := range d.Examples {
			t.Run(d.ID+"/"+ex.Title, func(t *testing.T) {
				o := run(t, rt, d.ID, string(ex.Payload))
				if o.Outcome != core.OutcomeCompleted {
					t.Fatalf("outcome %s %s: %s%s", o.Outcome, o.Code, o.Message, o.Detail)
				}
				if !sameJSON(t, o.Value, ex.Result) {
					t.Errorf("got  %s\nwant %s", o.Value, ex.Result)
				}
				// The example is also written exactly as the runtime
				// encodes it, so a byte comparison agrees.
				var want bytes.Buffer
				if err := json.Compact(&want, ex.Result); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(o.Value, want.Bytes()) {
					t.Errorf("same value, different encoding:\ngot  %s\nwant %s", o.Value, want.Bytes())
				}
			})
		}
	}
}

// TestGenerated runs seeded random requests from every generator through
// the full pipeline, so each result passes its postcondition and schema.
func TestGenerated(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range rt.Registry().Declarations() {
		if !d.Generates() {
			t.Errorf("%s declares no generator", d.ID)
			continue
		}
		for i := 0; i < 20; i++ {
			p, err := d.GeneratePayload(context.Background(), rng)
			if err != nil {
				t.Fatal(err)
			}
			o := run(t, rt, d.ID, string(p))
			if o.Outcome != core.OutcomeCompleted {
				t.Errorf("%s %s: %s %s %s%s", d.ID, p, o.Outcome, o.Code, o.Message, o.Detail)
				continue
			}
			// Deterministic: the same request gives the same bytes.
			if again := run(t, rt, d.ID, string(p)); !bytes.Equal(again.Value, o.Value) {
				t.Errorf("%s %s: two runs differ:\n%s\n%s", d.ID, p, o.Value, again.Value)
			}
		}
	}
}

// TestLimitsRefused checks that every declared limit's Beyond payload is
// refused before any work starts.
func TestLimitsRefused(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, l := range d.Limits {
			o := run(t, rt, d.ID, l.Beyond())
			if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
				t.Errorf("%s limit %s: got %s %s %s", d.ID, l.Name, o.Outcome, o.Code, o.Message)
			}
		}
	}
}

func sameJSON(t testing.TB, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
