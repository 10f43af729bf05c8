package core

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestValidateResultMatchesGeneral checks the runtime's result check
// against the general validator alone (ValidateResult), the reference: on
// hand-picked documents and seeded random corruptions of a valid result,
// both accept the same documents, and a refused one is reported with the
// general validator's message.
func TestValidateResultMatchesGeneral(t *testing.T) {
	r := testRegistry(t)
	d, ok := r.Lookup("test.sum.compute")
	if !ok {
		t.Fatal("test.sum.compute is not installed")
	}
	if !d.streamResult() {
		t.Fatal("the sum's result schema should be streamable")
	}
	docs := []string{
		`{"sum":"5"}`, `{"sum":"-12345678901234567890"}`, ` {"sum":"0"} `,
		`{"sum":5}`, `{"sum":"05"}`, `{"sum":"-0"}`, `{}`, `{"sum":"1","x":1}`,
		`{"sum":"1","sum":"2"}`, `[1]`, `{"sum":"1"} x`, `{"sum":null}`, `null`, ``,
	}
	rng := rand.New(rand.NewPCG(12, 1))
	const alphabet = `{}[]":,0123456789-.eE sumx\`
	for range 2000 {
		b := []byte(`{"sum":"-1234"}`)
		for range 1 + rng.IntN(3) {
			b[rng.IntN(len(b))] = alphabet[rng.IntN(len(alphabet))]
		}
		docs = append(docs, string(b))
	}
	accepted := 0
	for _, doc := range docs {
		got, want := validateResult(d, []byte(doc)), d.ValidateResult([]byte(doc))
		switch {
		case (got == nil) != (want == nil):
			t.Fatalf("%q: the runtime's check says %v, the general validator %v", doc, got, want)
		case got != nil && got.Error() != want.Error():
			t.Fatalf("%q: the runtime reports %q, the general validator %q", doc, got, want)
		case got == nil:
			accepted++
		}
	}
	if accepted < 4 {
		t.Fatalf("only %d documents were valid; the corruptions tell nothing about acceptance", accepted)
	}
}

// rawRequest carries the bytes a rawResult's MarshalJSON writes.
type rawRequest struct {
	Raw string `json:"raw"`
}

// rawResult's schema is a closed object with one string, note; its
// MarshalJSON writes whatever it is given, JSON or not, compact or not.
type rawResult struct {
	Note string `json:"note"`
	raw  string
	fail bool
}

func (r rawResult) MarshalJSON() ([]byte, error) {
	if r.fail {
		return nil, errors.New("no JSON today")
	}
	return []byte(r.raw), nil
}

// TestRunMarshalerResultAsJSONMarshal checks that a result type's own
// MarshalJSON, whose compact output the runtime takes without
// json.Marshal, gives the outcome json.Marshal gave: the same bytes when
// its output is compact JSON, the compacted and escaped bytes when it has
// space or characters json.Marshal escapes, and the same encoding error
// when it is malformed; on hand-picked outputs and seeded random
// corruptions of a valid one.
func TestRunMarshalerResultAsJSONMarshal(t *testing.T) {
	r := NewRegistry()
	if err := Add(r, Operation[rawRequest, rawResult]{
		ID: "test.raw.compute", Title: "Raw result", Summary: "Writes the requested bytes as its result.",
		Kind: Compute, Effect: Pure, InputKinds: []string{"integer"}, Bounds: Bounds{"/raw": 1000},
		Run: func(_ context.Context, q rawRequest) (rawResult, error) {
			return rawResult{raw: q.Raw, fail: q.Raw == "fail"}, nil
		},
		Postcondition: func(context.Context, rawRequest, rawResult) error { return nil },
		Examples:      []Example{{Title: "compact", Payload: json.RawMessage(`{"raw":"{\"note\":\"a\"}"}`), Result: json.RawMessage(`{"note":"a"}`)}},
	}); err != nil {
		t.Fatal(err)
	}
	d, _ := r.Lookup("test.raw.compute")
	rt := NewRuntime(r, RuntimeOptions{})
	raws := []string{
		`{"note":"a b"}`, `{"note":""}`, `{ "note":"a"}`, "{\"note\":\"a\"}\n", "\t{\"note\":\"a\"}",
		`{"note":"a<b"}`, `{"note":"a&b>"}`, "{\"note\":\"a\u2028b\u2029\"}", `{"note":"\u2028 \"\\"}`,
		`{"note":"a"`, `{"note":"a"}}`, `{"note":"a"} x`, `{"note":"a"}{}`, ``, `"note"`, `null`,
		`{"note":1}`, `{"note":"a","x":1}`, `{"note":"a" ,"x":1}`, "fail", `{"note":"é"}`,
	}
	rng := rand.New(rand.NewPCG(3, 9))
	const alphabet = "{}[]\":, \t\n<>&\\anote1\xe2\x80\xa8"
	for range 3000 {
		b := []byte(`{"note":"a b\\"c"}`)
		for range 1 + rng.IntN(3) {
			b[rng.IntN(len(b))] = alphabet[rng.IntN(len(alphabet))]
		}
		raws = append(raws, string(b))
	}
	completed, direct := 0, 0
	for _, sent := range raws {
		payload, err := json.Marshal(rawRequest{sent})
		if err != nil {
			t.Fatal(err)
		}
		out := rt.Run(context.Background(), RunRequest{CapabilityID: "test.raw.compute", Payload: payload})
		// The operation's raw: json.Marshal replaced any invalid UTF-8.
		var q rawRequest
		if err := json.Unmarshal(payload, &q); err != nil {
			t.Fatal(err)
		}
		raw := q.Raw
		// What the runtime gave when every result went through json.Marshal.
		want, err := json.Marshal(rawResult{raw: raw, fail: raw == "fail"})
		var wantMessage string
		switch {
		case err != nil:
			wantMessage = "encoding the result: " + err.Error()
		case validateResult(d, want) != nil:
			wantMessage = "the result does not match the declared result schema: " + validateResult(d, want).Error()
		}
		if wantMessage != "" {
			if out.Outcome != OutcomeFailed || out.Code != InternalError || out.Message != wantMessage {
				t.Fatalf("%q: %s %s %q %s, want a failure %q", raw, out.Outcome, out.Code, out.Message, out.Value, wantMessage)
			}
			continue
		}
		if out.Outcome != OutcomeCompleted || string(out.Value) != string(want) {
			t.Fatalf("%q: %s %s %s, want the value %s", raw, out.Outcome, out.Message, out.Value, want)
		}
		completed++
		if raw == string(want) {
			direct++
		}
	}
	if completed < 100 || direct < 50 || completed == direct {
		t.Fatalf("%d of %d outputs completed, %d of them as written: too few to compare", completed, len(raws), direct)
	}
}
