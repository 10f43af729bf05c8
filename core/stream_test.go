package core

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	validator "github.com/santhosh-tekuri/jsonschema/v6"
)

type streamInner struct {
	Value    Integer   `json:"value"`
	Fraction *Rational `json:"fraction,omitempty"`
}

type streamResult struct {
	Verdict Verdict       `json:"verdict"`
	Rows    [][]Rational  `json:"rows"`
	Items   []streamInner `json:"items"`
	Count   int           `json:"count"`
	Ok      bool          `json:"ok"`
	Note    string        `json:"note,omitempty"`
}

// TestStreamAgreesWithValidator: on a valid document and thousands of
// seeded mutations of it, validateStream accepts exactly what the general
// validator accepts.
func TestStreamAgreesWithValidator(t *testing.T) {
	schema, err := SchemaFor[streamResult]()
	if err != nil {
		t.Fatal(err)
	}
	if !streamable(schema) {
		t.Fatal("an inferred result schema is not streamable")
	}
	compiled, err := compileSchema("result", schema)
	if err != nil {
		t.Fatal(err)
	}
	general := func(doc []byte) bool {
		var v any
		if err := json.Unmarshal(doc, &v); err != nil {
			return false
		}
		inst, err := validator.UnmarshalJSON(bytes.NewReader(doc))
		return err == nil && compiled.validate(inst, "") == nil
	}
	valid := []byte(`{"verdict":"accepted","rows":[["1","-2/3"],["0"]],"items":[{"value":"12"},{"value":"-7","fraction":"5/8"}],"count":3,"ok":true,"note":"a\"b"}`)
	if !general(valid) || validateStream(valid, schema, "") != nil {
		t.Fatalf("the valid document is refused: %v", validateStream(valid, schema, ""))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = `{}[],:"0123456789-/.eatrufnl\x`
	accepted, refused := 0, 0
	for range 5000 {
		doc := append([]byte(nil), valid...)
		for range 1 + rng.IntN(2) {
			i := rng.IntN(len(doc))
			c := alphabet[rng.IntN(len(alphabet))]
			switch rng.IntN(3) {
			case 0:
				doc = append(doc[:i:i], doc[i+1:]...)
			case 1:
				doc = append(doc[:i:i], append([]byte{c}, doc[i:]...)...)
			default:
				doc[i] = c
			}
		}
		want := general(doc)
		got := validateStream(doc, schema, "") == nil
		if got != want {
			t.Fatalf("%s: stream accepts %v, the general validator %v (%v)", doc, got, want, validateStream(doc, schema, ""))
		}
		if got {
			accepted++
		} else {
			refused++
		}
	}
	if accepted < 100 || refused < 1000 {
		t.Fatalf("the mutations were %d accepted and %d refused; both sides need exercising", accepted, refused)
	}
}

func TestStreamableRefusesUnknownKeywords(t *testing.T) {
	s, _ := SchemaFor[streamResult]()
	s.Properties["count"].Minimum = new(float64)
	if streamable(s) {
		t.Fatal("a schema with minimum is streamable, but validateStream does not check minimum")
	}
	s.Properties["count"].Minimum = nil
	s.Properties["note"].AnyOf = []*jsonschema.Schema{{Type: "string"}}
	if streamable(s) {
		t.Fatal("a schema with anyOf is streamable")
	}
}
