package core

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzRunPayload feeds arbitrary bytes to the pipeline: every outcome is one
// of the three kinds with its code or reason, and nothing panics.
func FuzzRunPayload(f *testing.F) {
	seeds := []string{
		`{"left":"84","right":"30"}`, `{"left":84,"right":"30"}`, `{"left":"+5","right":"-0"}`,
		`{"left":"1` + strings.Repeat("0", 2000) + `","right":"3"}`, `{"left":"1","right":"2","x":null}`,
		`[]`, `null`, `"x"`, `{`, `{"left":"١","right":"2"}`, `{"left":" 1","right":"2"}`,
		`{"left":"1e999999","right":"2"}`, `{"iterations":3}`, `{"iterations":-1}`, `{"iterations":1e30}`,
	}
	for _, s := range seeds {
		f.Add("test.sum.compute", []byte(s))
		f.Add("test.spin.compute", []byte(s))
		f.Add("test.even.check", []byte(s))
	}
	rt := NewRuntime(testRegistry(f), RuntimeOptions{})
	f.Fuzz(func(t *testing.T, id string, payload []byte) {
		if strings.Contains(string(payload), "iterations") && id == "test.spin.compute" {
			var q spinRequest
			if json.Unmarshal(payload, &q) == nil && q.Iterations > 10 {
				return // the spin operation sleeps per iteration
			}
		}
		o := rt.Run(context.Background(), RunRequest{CapabilityID: id, Payload: payload})
		switch o.Outcome {
		case OutcomeCompleted:
			if len(o.Value) == 0 {
				t.Fatalf("completed without a value: %s", o)
			}
		case OutcomeFailed:
			if o.Code == "" || o.Message == "" {
				t.Fatalf("failed without a code and message: %s", o)
			}
			// The test sum operation panics on purpose for two negative
			// operands, and its check for a zero sum of nonzero operands.
			if o.Code == InternalError && !strings.Contains(o.Message, "both negative") && !strings.Contains(o.Message, "zero sum") {
				t.Fatalf("internal error: %s", o)
			}
		case OutcomeNonConclusion:
			if o.Reason == "" {
				t.Fatalf("non_conclusion without a reason: %s", o)
			}
		default:
			t.Fatalf("unknown outcome %q", o.Outcome)
		}
	})
}
