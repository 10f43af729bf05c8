package core

import (
	"context"
	"encoding/json"
	"testing"
)

type echoRequest struct {
	N Integer `json:"n"`
}

type echoResult struct {
	N Integer `json:"n"`
}

func echoOperation(id, payload string) Operation[echoRequest, echoResult] {
	return Operation[echoRequest, echoResult]{
		ID: id, Title: "Echo " + id, Summary: "Returns the integer it is given, unchanged, for the registry tests.",
		Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
		Run:           func(_ context.Context, q echoRequest) (echoResult, error) { return echoResult(q), nil },
		Postcondition: func(context.Context, echoRequest, echoResult) error { return nil },
		Examples:      []Example{{Title: "echo", Payload: json.RawMessage(payload), Result: json.RawMessage(payload)}},
	}
}

// TestExemplar: the shortest first example wins, the first ID among equals,
// and an empty registry has none.
func TestExemplar(t *testing.T) {
	if d, ok := NewRegistry().Exemplar(); ok || d != nil {
		t.Errorf("empty registry: exemplar %v", d)
	}
	r := NewRegistry()
	for _, op := range []Operation[echoRequest, echoResult]{
		echoOperation("echo.compute.long", `{"n":"123456789"}`),
		echoOperation("echo.compute.short_b", `{"n":"1"}`),
		echoOperation("echo.compute.short_a", `{"n":"2"}`),
		echoOperation("echo.compute.mid", `{"n":"12345"}`),
	} {
		if err := Add(r, op); err != nil {
			t.Fatal(err)
		}
	}
	if d, ok := r.Exemplar(); !ok || d.ID != "echo.compute.short_a" {
		t.Errorf("exemplar %v, want echo.compute.short_a", d)
	}
}
