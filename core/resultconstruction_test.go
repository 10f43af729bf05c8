package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

type wordsRequest struct {
	A Integer `json:"a"`
}

type wordsResult struct {
	G Integer `json:"g"`
	H Integer `json:"h"`
}

func wordsDeclaration(t *testing.T) *Declaration {
	t.Helper()
	d, err := Declare(Operation[wordsRequest, wordsResult]{
		ID: "test.words.compute", Title: "Words", Summary: "Returns a and its square.",
		Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
		Run: func(_ context.Context, q wordsRequest) (wordsResult, error) {
			return wordsResult{q.A, Int(new(big.Int).Mul(q.A.Big(), q.A.Big()))}, nil
		},
		Postcondition: func(_ context.Context, q wordsRequest, r wordsResult) error {
			if r.H.Big().Cmp(new(big.Int).Mul(r.G.Big(), q.A.Big())) != 0 {
				return fmt.Errorf("h is not g·a")
			}
			return nil
		},
		Examples: []Example{{Title: "small", Payload: json.RawMessage(`{"a":"3"}`), Result: json.RawMessage(`{"g":"3","h":"9"}`)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestResultConstruction: a struct of integers of a word is written valid
// by construction for its inferred schema, which the general validator
// confirms on random and extreme words (CheckResultConstruction), while a
// result with an integer beyond a word is validated; through the runtime,
// both are published as json.Marshal writes them.
func TestResultConstruction(t *testing.T) {
	d := wordsDeclaration(t)
	if !d.conform() {
		t.Fatal("the inferred schema of a struct of integers does not take its words by construction")
	}
	if err := CheckResultConstruction(d, rand.New(rand.NewPCG(3, 4))); err != nil {
		t.Fatal(err)
	}
	r := NewRegistry()
	if err := r.install(d); err != nil {
		t.Fatal(err)
	}
	rt := NewRuntime(r, RuntimeOptions{})
	defer rt.Close()
	for payload, want := range map[string]string{
		`{"a":"-4294967295"}`:           `{"g":"-4294967295","h":"18446744065119617025"}`,
		`{"a":"4294967296"}`:            `{"g":"4294967296","h":"18446744073709551616"}`,
		`{"a":"0"}`:                     `{"g":"0","h":"0"}`,
		`{"a":"123456789012345678901"}`: `{"g":"123456789012345678901","h":"15241578753238836750437433565526596567801"}`,
	} {
		out := rt.Run(context.Background(), RunRequest{CapabilityID: d.ID, Payload: []byte(payload)})
		if out.Outcome != OutcomeCompleted || string(out.Value) != want {
			t.Errorf("%s: %s %s %s, want %s", payload, out.Outcome, out.Code, out.Value, want)
		}
	}
}

// TestResultConstructionBroken breaks the construction and sees the
// general validator catch it: an encoder that writes a key the schema
// does not declare is refused by CheckResultConstruction; and a schema
// that does not take every word (a bound on the length, a constant, a
// member the encoder does not write, or one more) is not taken to conform.
func TestResultConstructionBroken(t *testing.T) {
	d := wordsDeclaration(t)
	if !d.conform() {
		t.Fatal("the inferred schema does not conform")
	}
	d.flatOut.integers[1].key = `"k":`
	err := CheckResultConstruction(d, rand.New(rand.NewPCG(3, 4)))
	if err == nil || !strings.Contains(err.Error(), "fails the result schema") {
		t.Fatalf("an encoder writing an undeclared key passed: %v", err)
	}

	e := newFlatEncoder(d.resultType)
	integer := func(edit func(*jsonschema.Schema)) *jsonschema.Schema {
		s := Integer{}.JSONSchema()
		edit(s)
		return s
	}
	object := func(props map[string]*jsonschema.Schema) *jsonschema.Schema {
		s := &jsonschema.Schema{Type: "object", Properties: props, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}}
		for name := range props {
			s.Required = append(s.Required, name)
		}
		return s
	}
	same := func(*jsonschema.Schema) {}
	if plan := newQuickPlan(nil, object(map[string]*jsonschema.Schema{"g": integer(same), "h": integer(same)})); !wordsConform(e, plan) {
		t.Fatal("the integer schema does not conform")
	}
	for name, s := range map[string]*jsonschema.Schema{
		"maxLength 20":   object(map[string]*jsonschema.Schema{"g": integer(same), "h": integer(func(s *jsonschema.Schema) { s.MaxLength = Ptr(20) })}),
		"minLength 2":    object(map[string]*jsonschema.Schema{"g": integer(func(s *jsonschema.Schema) { s.MinLength = Ptr(2) }), "h": integer(same)}),
		"const":          object(map[string]*jsonschema.Schema{"g": integer(func(s *jsonschema.Schema) { s.Const = Ptr[any]("1") }), "h": integer(same)}),
		"rational":       object(map[string]*jsonschema.Schema{"g": integer(same), "h": integer(func(s *jsonschema.Schema) { s.Pattern = rationalPattern })}),
		"member missing": object(map[string]*jsonschema.Schema{"g": integer(same)}),
		"member more":    object(map[string]*jsonschema.Schema{"g": integer(same), "h": integer(same), "i": integer(same)}),
		"other name":     object(map[string]*jsonschema.Schema{"g": integer(same), "k": integer(same)}),
	} {
		if plan := newQuickPlan(nil, s); plan != nil && wordsConform(e, plan) {
			t.Errorf("%s: taken to conform", name)
		}
	}
}
