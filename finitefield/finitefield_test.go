package finitefield

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

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

// TestLimits checks that every declared limit is exact at its boundary:
// preflight refuses its Beyond payload and lets its At payload through
// (the run completes or runs out of the short time it is given; a checker
// out of time says CHECKER_INTERRUPTED).
func TestLimits(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		for _, l := range d.Limits {
			t.Run(d.ID+"/"+l.Name, func(t *testing.T) {
				o := run(t, rt, d.ID, l.Beyond())
				if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
					t.Fatalf("beyond the limit: got %s", o)
				}
				if l.At == nil {
					t.Fatal("the limit has no At payload")
				}
				o = rt.Run(context.Background(), core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(l.At()), Timeout: 200 * time.Millisecond})
				timedOut := o.Outcome == core.OutcomeNonConclusion && (o.Reason == core.Timeout || o.Reason == core.CheckerInterrupted)
				if o.Outcome != core.OutcomeCompleted && !timedOut {
					t.Fatalf("at the limit: got %s", o)
				}
			})
		}
	}
}

// TestUnboundedInputs sends inputs past the schema's bounds that no
// declared limit names directly: each is refused before any work, as
// RESOURCE_REFUSED when it is too large and INVALID_PAYLOAD, with the
// field's path, when it is malformed.
func TestUnboundedInputs(t *testing.T) {
	rt := newRuntime(t)
	const (
		table  = "finite_field.polynomial_map.table.compute"
		fibers = "finite_field.polynomial_map.fibers.compute"
		roots  = "finite_field.polynomial.roots.compute"
	)
	long := func(n int) string { return `["1"` + strings.Repeat(`,"1"`, n-1) + `]` }
	for _, c := range []struct {
		name, id, payload string
		code              core.Code // "" for RESOURCE_REFUSED
		path              string
	}{
		{name: "a table of a polynomial of degree 200000 over GF(7)", id: table, payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":` + long(200001) + `}}`},
		{name: "fibers of a table naming a polynomial of degree 200000", id: fibers, payload: `{"table":{"field":{"characteristic":"2","degree":1},"polynomial":{"coefficients":` + long(200001) + `},"inputs":["0","1"],"outputs":["1","1"]}}`},
		{name: "a table with 70000 inputs", id: fibers, payload: `{"table":{"field":{"characteristic":"2","degree":1},"inputs":` + long(70000) + `,"outputs":["1","1"]}}`},
		{name: "a degree beyond the schema's maximum", id: roots, payload: `{"field":{"characteristic":"2","degree":100000},"polynomial":{"coefficients":["1","1"]}}`},
		{name: "a modulus with 70 coefficients", id: roots, payload: `{"field":{"characteristic":"2","degree":69,"modulus":{"coefficients":` + long(70) + `}},"polynomial":{"coefficients":[["1"],["1"]]}}`},
		{name: "an element with 65 coordinates", id: roots, payload: `{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["1"],` + long(65) + `]}}`},
		{name: "a coefficient of 400 digits", id: roots, payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["1","` + strings.Repeat("1", 400) + `"]}}`},
		{name: "an empty variable", id: table, payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"variable":"","coefficients":["1","1"]}}`, code: core.InvalidPayload, path: "/payload/polynomial/variable"},
		{name: "a NUL variable", id: table, payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"variable":"\u0000","coefficients":["1","1"]}}`, code: core.InvalidPayload, path: "/payload/polynomial/variable"},
		{name: "a variable of 300000 letters", id: table, payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"variable":"` + strings.Repeat("x", 300000) + `","coefficients":["1","1"]}}`, code: core.InvalidPayload, path: "/payload/polynomial/variable"},
		{name: "an upper-case variable", id: roots, payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"variable":"X","coefficients":["1","1"]}}`, code: core.InvalidPayload, path: "/payload/polynomial/variable"},
		{name: "a modulus generator of two letters", id: roots, payload: `{"field":{"characteristic":"2","degree":2,"modulus":{"variable":"ab","coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["1"],["1"]]}}`, code: core.InvalidPayload, path: "/payload/field/modulus/variable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := run(t, rt, c.id, c.payload)
			if c.code == "" {
				if o.Outcome != core.OutcomeNonConclusion || o.Reason != core.ResourceRefused {
					t.Fatalf("got %s, want RESOURCE_REFUSED", o)
				}
				return
			}
			if o.Outcome != core.OutcomeFailed || o.Code != c.code || o.Path != c.path {
				t.Fatalf("got %s, want %s at %s", o, c.code, c.path)
			}
		})
	}
}

// TestVariableEnum checks that the variable's schema admits exactly the
// strings of core.VariablePattern among all one- and two-byte strings.
func TestVariableEnum(t *testing.T) {
	re := regexp.MustCompile(core.VariablePattern)
	admitted := map[string]bool{}
	for _, v := range Variable("").JSONSchema().Enum {
		admitted[v.(string)] = true
	}
	for a := range 256 {
		for b := range 257 {
			s := string([]byte{byte(a)})
			if b < 256 {
				s += string([]byte{byte(b)})
			}
			if admitted[s] != re.MatchString(s) {
				t.Fatalf("%q: the enum says %v, the pattern %v", s, admitted[s], re.MatchString(s))
			}
		}
	}
}
