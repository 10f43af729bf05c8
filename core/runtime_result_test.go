package core

import (
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
