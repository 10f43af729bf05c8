package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

type quickRequest struct {
	A Integer  `json:"a"`
	B int      `json:"b"`
	C Integer  `json:"c,omitempty"`
	Q Rational `json:"q,omitempty"`
	F bool     `json:"f,omitempty"`
}

type quickResult struct {
	Echo string `json:"echo"`
}

// TestQuickParseAgrees runs seeded random payloads, valid and not, of a
// flat request type through Runtime.Run twice, with the quick pass and
// without it (the structural scan, the streaming validator and the
// decoders alone), and requires the same outcome, message and path
// included, and the same memory reservation; the quick pass must take a
// good share of them, or the comparison says nothing.
func TestQuickParseAgrees(t *testing.T) {
	r := quickRegistry(t)
	d, _ := r.Lookup("test.quick.compute")
	quickParse := d.quickParse
	if _, _, ok := quickParse([]byte(`{"a":"2","b":3}`), nil); !ok {
		t.Fatal("the quick pass declines the plainest payload")
	}
	run := func(payload string, quick bool) (Outcome, int64) {
		budget := NewMemoryBudget(1 << 30)
		rt := NewRuntime(r, RuntimeOptions{Memory: budget})
		defer rt.Close()
		d.quickParse = nil
		if quick {
			d.quickParse = quickParse
		}
		var reserved int64
		ctx := OnExecute(context.Background(), func() { reserved = budget.Limit() - budget.Free() })
		out := rt.Run(ctx, RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(payload)})
		out.Execution = nil // its elapsed time differs
		return out, reserved
	}
	defer func() { d.quickParse = quickParse }()
	quickTook, runs := 0, 0
	for _, payload := range quickPayloads(4000) {
		if strings.TrimSpace(payload) == "" {
			continue
		}
		runs++
		if _, _, ok := quickParse([]byte(payload), nil); ok {
			quickTook++
		}
		full, fullReserved := run(payload, false)
		got, gotReserved := run(payload, true)
		a, _ := json.Marshal(full)
		b, _ := json.Marshal(got)
		if string(a) != string(b) || fullReserved != gotReserved {
			t.Fatalf("%s:\nwithout the quick pass %s (reserved %d)\nwith it              %s (reserved %d)", payload, a, fullReserved, b, gotReserved)
		}
	}
	if quickTook < runs/4 {
		t.Fatalf("the quick pass took %d of %d payloads; the comparison is too thin", quickTook, runs)
	}
	t.Logf("the quick pass took %d of %d payloads", quickTook, runs)
}

// quickRegistry installs an operation of a flat request type whose
// schema has bounds, an optional member and a rational.
func quickRegistry(t testing.TB) *Registry {
	t.Helper()
	r := NewRegistry()
	err := Add(r, Operation[quickRequest, quickResult]{
		ID: "test.quick.compute", Title: "Echo", Summary: "Computes the request's fields back as one line of text.",
		Kind: Compute, Effect: Pure, InputKinds: []string{"integer"},
		Bounds: Bounds{"/b": 1000, "/c": 30},
		Limits: []Limit{{Name: "b", Max: 1000, Unit: "b", Description: "b is at most 1000", Beyond: func() string { return `{"a":"1","b":1001}` }}},
		Preflight: func(_ context.Context, q quickRequest) error {
			if q.B > 1000 {
				return Refusef("b is %d; at most 1000 is allowed", q.B)
			}
			return nil
		},
		Run: func(_ context.Context, q quickRequest) (quickResult, error) {
			return quickResult{fmt.Sprintf("%v %d %v %v %v", q.A.Big(), q.B, q.C.Big(), q.Q.Rat(), q.F)}, nil
		},
		Postcondition: func(_ context.Context, q quickRequest, r quickResult) error {
			if !strings.HasPrefix(r.Echo, q.A.Big().String()+" ") {
				return fmt.Errorf("echo %q does not start with a", r.Echo)
			}
			return nil
		},
		Examples: []Example{{Title: "small", Payload: json.RawMessage(`{"a":"2","b":3}`), Result: json.RawMessage(`{"echo":"2 3 0 0/1 false"}`)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestQuickCheckAgrees checks the quick pass as the result check uses it
// (no decoding): every document it accepts, the streaming validator and
// the full parse (the structural scan and the general validator) accept
// too; and it accepts a good share of the seeded documents.
func TestQuickCheckAgrees(t *testing.T) {
	d, _ := quickRegistry(t).Lookup("test.quick.compute")
	q := newQuickPlan(nil, d.RequestSchema())
	if q == nil {
		t.Fatal("no quick plan for a flat schema")
	}
	took := 0
	docs := quickPayloads(4000)
	for _, doc := range docs {
		if _, ok := q.parse([]byte(doc), nil, nil); !ok {
			continue
		}
		took++
		if err := validateStream([]byte(doc), d.RequestSchema(), "/value"); err != nil {
			t.Fatalf("%s: the quick check accepts it, the streaming validator says %v", doc, err)
		}
		shape, err := d.scan(context.Background(), []byte(doc))
		if err == nil {
			_, err = d.parse([]byte(doc), shape)
		}
		if err != nil {
			t.Fatalf("%s: the quick check accepts it, the full parse says %v", doc, err)
		}
	}
	if took < len(docs)/4 {
		t.Fatalf("the quick check took %d of %d documents; the comparison is too thin", took, len(docs))
	}
}

// quickPayloads makes n seeded payloads for quickRequest: mostly the
// members a request needs with plain values, now and then a stray key, a
// stray value, or a malformed object.
func quickPayloads(n int) []string {
	keys := []string{`"a"`, `"a"`, `"b"`, `"b"`, `"c"`, `"q"`, `"f"`, `"z"`, `"\u0061"`, `"é"`, `"a `}
	values := []string{
		`"12"`, `"-0"`, `"0"`, `"-5"`, `"007"`, `"x"`, `"1e3"`, `"1/2"`, `"-4/6"`, `"3/0"`, `"1/02"`, `"\u0031"`,
		`"123456789012345678901234567890"`, `"1234567890123456789012345678901"`, `"-"`, `""`,
		`12`, `-0`, `0`, `007`, `1000`, `1001`, `-3`, `1.5`, `2e1`, `-`, `99999999999999999999`, `9007199254740993`,
		`null`, `true`, `false`, `truex`, `tru`, `"true"`, `[]`, `{}`, `"12`,
	}
	spaces := []string{"", "", "", " ", "\n\t", "\r"}
	rng := rand.New(rand.NewPCG(17, 19))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	var out []string
	for range n {
		var sb strings.Builder
		sb.WriteString(pick(spaces) + "{")
		// Mostly the members a request needs, with plain values, and now
		// and then a stray key or value.
		members := []string{`"a"`, `"b"`}
		if rng.IntN(2) == 0 {
			members = append(members, `"c"`)
		}
		if rng.IntN(2) == 0 {
			members = append(members, `"q"`)
		}
		if rng.IntN(2) == 0 {
			members = append(members, `"f"`)
		}
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		if rng.IntN(4) == 0 {
			members[rng.IntN(len(members))] = pick(keys)
		}
		if rng.IntN(8) == 0 {
			members = members[:rng.IntN(len(members))]
		}
		for m, key := range members {
			if m > 0 {
				sb.WriteString(pick(spaces) + ",")
			}
			var value string
			switch {
			case rng.IntN(6) == 0:
				value = pick(values)
			case key == `"b"`:
				value = pick([]string{`12`, `-0`, `0`, `1000`, `-3`, `7`})
			case key == `"f"`:
				value = pick([]string{`true`, `false`, `true`, `null`, `1`})
			case key == `"q"`:
				value = pick([]string{`"1/2"`, `"-4/6"`, `"5"`, `"0"`})
			default:
				value = pick([]string{`"12"`, `"-0"`, `"0"`, `"-5"`, `"123456789012345678901234567890"`})
			}
			sb.WriteString(pick(spaces) + key + pick(spaces) + ":" + pick(spaces) + value)
		}
		sb.WriteString(pick(spaces) + "}" + pick(spaces))
		payload := sb.String()
		switch rng.IntN(20) {
		case 0:
			payload += "x"
		case 1:
			payload = payload[:rng.IntN(len(payload))]
		case 2:
			payload = strings.Replace(payload, "}", ",}", 1)
		}
		out = append(out, payload)
	}
	return out
}

// FuzzQuickParse feeds arbitrary bytes to the quick pass: whatever it
// accepts, the full parse (the structural scan, the streaming validator or
// the general one, and the decoders) accepts with the same request and
// the same memory cost, and the check-only pass accepts it too.
func FuzzQuickParse(f *testing.F) {
	for _, s := range quickPayloads(200) {
		f.Add([]byte(s))
	}
	d, _ := quickRegistry(f).Lookup("test.quick.compute")
	check := newQuickPlan(nil, d.RequestSchema())
	f.Fuzz(func(t *testing.T, payload []byte) {
		got, shape, ok := d.quickParse(payload, new(wordArena))
		if !ok {
			return
		}
		full, err := d.scan(context.Background(), payload)
		var want any
		if err == nil {
			want, err = d.parse(payload, full)
		}
		if err != nil {
			t.Fatalf("%s: the quick pass accepts it, the full parse says %v", payload, err)
		}
		g, w := got.(quickRequest), want.(quickRequest)
		if g.A.String() != w.A.String() || g.B != w.B || g.C.String() != w.C.String() || g.Q.String() != w.Q.String() || g.F != w.F {
			t.Fatalf("%s: the quick pass reads %+v, the full parse %+v", payload, g, w)
		}
		if shape.decodeCost() != full.decodeCost() {
			t.Fatalf("%s: the quick pass costs %d, the full parse %d", payload, shape.decodeCost(), full.decodeCost())
		}
		if _, ok := check.parse(payload, nil, nil); !ok {
			t.Fatalf("%s: the check-only pass declines what the decoding pass accepts", payload)
		}
	})
}

type inPlaceRequest struct {
	Word  int64    `json:"word"`
	Count int      `json:"count"`
	N     Integer  `json:"n"`
	Q     Rational `json:"q"`
	Flag  bool     `json:"flag"`
}

// decimalNote decodes itself from a decimal string, as Integer does, but
// is neither Integer nor Rational.
type decimalNote struct{ s string }

func (d *decimalNote) UnmarshalJSON(b []byte) error { d.s = string(b); return nil }

func (decimalNote) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Pattern: integerPattern}
}

// TestQuickDecodeInPlace checks the quick pass's writes at field offsets,
// field by kind, against encoding/json; that a field of a decimal schema
// whose decoder the pass cannot call in place leaves the type to the full
// parse; and that the request is decoded without moving to the heap (one
// allocation, the Integer's).
func TestQuickDecodeInPlace(t *testing.T) {
	schema, err := schemaOf(reflect.TypeFor[inPlaceRequest]())
	if err != nil {
		t.Fatal(err)
	}
	q := newQuickPlan(newFlatDecoder(reflect.TypeFor[inPlaceRequest]()), schema)
	if q == nil {
		t.Fatal("no quick plan for a flat request type")
	}
	for _, payload := range []string{
		`{"word":-9007199254740993,"count":7,"n":"-12","q":"-4/6","flag":true}`,
		`{ "flag" : false, "q" : "3", "n" : "123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890", "count" : -1, "word" : 0 }`,
		`{"word":999999999999999999,"count":-999999999999999999,"n":"0","q":"0","flag":false}`,
	} {
		got, shape, ok := quickDecode[inPlaceRequest](q, []byte(payload), nil)
		if !ok {
			t.Fatalf("%s: the quick pass declines it", payload)
		}
		var want inPlaceRequest
		if err := json.Unmarshal([]byte(payload), &want); err != nil {
			t.Fatal(err)
		}
		if got.Word != want.Word || got.Count != want.Count || got.N.String() != want.N.String() || got.Q.String() != want.Q.String() || got.Flag != want.Flag {
			t.Errorf("%s: the quick pass reads %+v, encoding/json %+v", payload, got, want)
		}
		if shape.values != 6 || shape.bytes != len(payload) {
			t.Errorf("%s: shape %+v, want 6 values of %d bytes", payload, shape, len(payload))
		}
	}

	type otherDecimal struct {
		N Integer     `json:"n"`
		D decimalNote `json:"d"`
	}
	other, err := schemaOf(reflect.TypeFor[otherDecimal]())
	if err != nil {
		t.Fatal(err)
	}
	if !decimalItems(other.Properties["d"]) {
		t.Fatal("the test type's field is not of a decimal schema")
	}
	if newQuickPlan(newFlatDecoder(reflect.TypeFor[otherDecimal]()), other) != nil {
		t.Error("a plan for a decimal field that is neither Integer nor Rational")
	}

	type word struct {
		N Integer `json:"n"`
	}
	ws, err := schemaOf(reflect.TypeFor[word]())
	if err != nil {
		t.Fatal(err)
	}
	wq := newQuickPlan(newFlatDecoder(reflect.TypeFor[word]()), ws)
	payload := []byte(`{"n":"1000000"}`)
	if allocs := testing.AllocsPerRun(100, func() {
		if _, _, ok := quickDecode[word](wq, payload, nil); !ok {
			t.Fatal("the quick pass declines it")
		}
	}); allocs != 1 {
		t.Errorf("decoding one small Integer allocates %v times, want 1", allocs)
	}
}

// TestQuickDecodeWordArena checks that the quick pass puts a request's
// first integers of a word into the arena it is given, the rest where
// UnmarshalJSON puts them, with the values encoding/json reads: three
// word integers cost one allocation with an arena of two.
func TestQuickDecodeWordArena(t *testing.T) {
	type three struct {
		A Integer `json:"a"`
		B Integer `json:"b"`
		C Integer `json:"c"`
	}
	schema, err := schemaOf(reflect.TypeFor[three]())
	if err != nil {
		t.Fatal(err)
	}
	q := newQuickPlan(newFlatDecoder(reflect.TypeFor[three]()), schema)
	for _, payload := range []string{
		`{"a":"-999999999999999999","b":"0","c":"12"}`,
		`{"c":"7","a":"1000000000000000000","b":"-5"}`, // a is past a word's 18 digits
		`{"b":"123456789012345678901234567890","a":"3","c":"-0"}`,
	} {
		var words wordArena
		got, _, ok := quickDecode[three](q, []byte(payload), &words)
		if !ok {
			t.Fatalf("%s: the quick pass declines it", payload)
		}
		var want three
		if err := json.Unmarshal([]byte(payload), &want); err != nil {
			t.Fatal(err)
		}
		if got.A.String() != want.A.String() || got.B.String() != want.B.String() || got.C.String() != want.C.String() {
			t.Errorf("%s: the quick pass reads %v %v %v, encoding/json %v %v %v", payload, got.A, got.B, got.C, want.A, want.B, want.C)
		}
		if words.used.Load() != 2 {
			t.Errorf("%s: %d integers in the arena, want 2", payload, words.used.Load())
		}
	}
	payload := []byte(`{"a":"1","b":"22","c":"333"}`)
	var words wordArena
	if allocs := testing.AllocsPerRun(100, func() {
		words.used.Store(0)
		if _, _, ok := quickDecode[three](q, payload, &words); !ok {
			t.Fatal("the quick pass declines it")
		}
	}); allocs != 1 {
		t.Errorf("three integers of a word with room for two allocate %v times, want 1", allocs)
	}
}
