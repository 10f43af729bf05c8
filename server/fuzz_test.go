package server

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"jacobian.dev/core"
)

var stableCodes = []core.Code{
	core.UnknownCapability, core.UnknownArgument, core.UnknownField, core.InvalidPayload,
	core.UnknownReference, core.PortConflict, core.ArtifactTypeMismatch, core.DomainError,
	core.PostconditionFailed, core.InternalError,
}

// FuzzFindArguments feeds math.find arbitrary argument bytes: it never
// panics, and every refusal carries a stable code and a message.
func FuzzFindArguments(f *testing.F) {
	for _, seed := range []string{
		`{"request":{"op":"search","query":"gcd"}}`,
		`{"request":{"op":"inspect","capability_id":"test.compute.gcd"}}`,
		`{"request":{"op":"search","query":"gcd","limit":3,"input_kinds":["integer"],"artifact_types":["x"]}}`,
		`{"request":{"op":"inspect","capability_id":"x","query":"y"}}`,
		`{"request":{"op":7}}`, `{"request":[]}`, `{}`, `null`, `[]`, `"x"`, `{"request":{"op":"search","query":"a","limit":1e400}}`,
	} {
		f.Add([]byte(seed))
	}
	srv := New(testRegistry(f), Options{})
	rt := core.NewRuntime(srv.reg, core.RuntimeOptions{})
	f.Fuzz(func(t *testing.T, args []byte) {
		out := srv.doFind(rt, json.RawMessage(args))
		switch out.Outcome {
		case core.OutcomeCompleted:
			if out.Value == nil {
				t.Fatalf("completed without a value: %+v", out)
			}
		case core.OutcomeFailed:
			if !slices.Contains(stableCodes, out.Code) || out.Message == "" {
				t.Fatalf("failed without a stable code and a message: %+v", out)
			}
		default:
			t.Fatalf("outcome %q", out.Outcome)
		}
		if _, err := json.Marshal(findResult(out).StructuredContent); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzRunArguments feeds math.run arbitrary argument bytes: it never
// panics, and every outcome is one of the union's three kinds with its
// fields.
func FuzzRunArguments(f *testing.F) {
	for _, seed := range []string{
		`{"capability_id":"test.compute.gcd","payload":{"left":"84","right":"30"}}`,
		`{"capability_id":"test.compute.gcd","payload":{"left":84,"right":"30"}}`,
		`{"capability_id":"test.compute.gcd","payload":{"right":"30"},"inputs":{"left":{"value_ref":"value://AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}}}`,
		`{"capability_id":"test.compute.square","payload":{"n":"-7"}}`,
		`{"capability_id":"test.compute.fault","payload":{"fault":"panic"}}`,
		`{"capability_id":"nope","payload":{}}`, `{"payload":{}}`, `{"capability_id":1}`, `null`, `[]`, `{"inputs":[]}`,
	} {
		f.Add([]byte(seed))
	}
	srv := New(testRegistry(f), Options{})
	rt := core.NewRuntime(srv.reg, core.RuntimeOptions{})
	f.Fuzz(func(t *testing.T, args []byte) {
		// The slow operation would make each input take as long as it asks.
		var probe struct {
			ID string `json:"capability_id"`
		}
		if json.Unmarshal(args, &probe) == nil && probe.ID == "test.compute.slow" {
			t.Skip()
		}
		out := srv.doRun(context.Background(), rt, json.RawMessage(args))
		switch out.Outcome {
		case core.OutcomeCompleted:
			if out.Value == nil || out.Execution == nil {
				t.Fatalf("completed without a value: %v", out)
			}
		case core.OutcomeNonConclusion:
			if out.Reason == "" {
				t.Fatalf("non-conclusion without a reason: %v", out)
			}
		case core.OutcomeFailed:
			if !slices.Contains(stableCodes, out.Code) || out.Message == "" {
				t.Fatalf("failed without a stable code and a message: %v", out)
			}
		default:
			t.Fatalf("outcome %q", out.Outcome)
		}
		_ = runText(out)
	})
}
