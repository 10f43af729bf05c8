package polynomial

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"jacobian.dev/core"
)

// TestBadInput sends malformed and out-of-domain requests through the
// runtime: each gets a failed or refused outcome with a stable code, a
// path where one applies, and a message that says what to change.
func TestBadInput(t *testing.T) {
	rt := newRuntime(t)
	const (
		arith = "polynomial.arithmetic.compute"
		gcd   = "polynomial.gcd.compute"
	)
	tests := []struct {
		name, id, payload string
		code              core.Code
		reason            core.Reason
		path              string
		msg               string
	}{
		{name: "implicit multiplication", id: gcd, payload: `{"left":{"expression":"2x + 1"},"right":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/left/expression", msg: "column 2 (byte offset 1): implicit multiplication"},
		{name: "unknown character", id: gcd, payload: `{"left":{"expression":"x"},"right":{"expression":"x % 2"}}`,
			code: core.InvalidPayload, path: "/payload/right/expression", msg: "column 3 (byte offset 2)"},
		{name: "unclosed parenthesis", id: arith, payload: `{"op":"add","left":{"expression":"(x + 1"},"right":{"expression":"1"}}`,
			code: core.InvalidPayload, path: "/payload/left/expression", msg: "never closed"},
		{name: "two variables in one expression", id: arith, payload: `{"op":"add","left":{"expression":"x + y"},"right":{"expression":"1"}}`,
			code: core.InvalidPayload, path: "/payload/left/expression", msg: "one variable"},
		{name: "both forms", id: gcd, payload: `{"left":{"coefficients":["1"],"expression":"1"},"right":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/left", msg: "not both"},
		{name: "neither form", id: gcd, payload: `{"left":{"variable":"x"},"right":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/left", msg: "missing required field \"coefficients\""},
		{name: "variable beside an expression", id: gcd, payload: `{"left":{"variable":"t","expression":"t"},"right":{"expression":"t"}}`,
			code: core.InvalidPayload, path: "/payload/left/variable", msg: "drop \"variable\""},
		{name: "trailing zero coefficient", id: gcd, payload: `{"left":{"coefficients":["1","2","0"]},"right":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/left/coefficients/2", msg: "drop trailing zeros"},
		{name: "coefficient as a JSON number", id: gcd, payload: `{"left":{"coefficients":[1,2]},"right":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/left/coefficients/0", msg: "decimal strings"},
		{name: "variable of two letters", id: gcd, payload: `{"left":{"variable":"xy","coefficients":["1"]},"right":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/left/variable"},
		{name: "unknown field", id: gcd, payload: `{"left":{"expression":"x"},"right":{"expression":"x"},"modulus":"7"}`,
			code: core.UnknownField, path: "/payload/modulus"},
		{name: "unknown field inside a polynomial", id: gcd, payload: `{"left":{"expression":"x","degree":1},"right":{"expression":"x"}}`,
			code: core.UnknownField, path: "/payload/left/degree"},
		{name: "division by zero", id: arith, payload: `{"op":"divide","left":{"expression":"x"},"right":{"coefficients":[]}}`,
			code: core.DomainError, msg: "zero polynomial"},
		{name: "division by an expression equal to zero", id: arith, payload: `{"op":"divide","left":{"expression":"x"},"right":{"expression":"x - x"}}`,
			code: core.DomainError, msg: "zero polynomial"},
		{name: "power without exponent", id: arith, payload: `{"op":"power","left":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/exponent"},
		{name: "power with right", id: arith, payload: `{"op":"power","left":{"expression":"x"},"right":{"expression":"x"},"exponent":2}`,
			code: core.InvalidPayload, path: "/payload/right"},
		{name: "negative exponent", id: arith, payload: `{"op":"power","left":{"expression":"x"},"exponent":-1}`,
			code: core.InvalidPayload, path: "/payload/exponent"},
		{name: "add without right", id: arith, payload: `{"op":"add","left":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/right"},
		{name: "unknown op", id: arith, payload: `{"op":"modulo","left":{"expression":"x"},"right":{"expression":"x"}}`,
			code: core.InvalidPayload, path: "/payload/op"},
		{name: "different variables", id: arith, payload: `{"op":"add","left":{"expression":"x + 1"},"right":{"expression":"t^2"}}`,
			code: core.DomainError, msg: "same variable"},
		{name: "gcd over Z of rational polynomials", id: gcd, payload: `{"left":{"expression":"1/2*x"},"right":{"expression":"x"},"ring":"Z"}`,
			code: core.DomainError, msg: "ring Q"},
		{name: "unknown ring", id: gcd, payload: `{"left":{"expression":"x"},"right":{"expression":"x"},"ring":"R"}`,
			code: core.InvalidPayload, path: "/payload/ring"},
		{name: "square-free decomposition of zero", id: "polynomial.square_free_decomposition.compute", payload: `{"polynomial":{"coefficients":[]}}`,
			code: core.DomainError, msg: "zero polynomial"},
		{name: "discriminant of a constant", id: "polynomial.discriminant.compute", payload: `{"polynomial":{"expression":"5"}}`,
			code: core.DomainError, msg: "constant"},
		{name: "negative order", id: "polynomial.derivative.compute", payload: `{"polynomial":{"expression":"x"},"order":-1}`,
			code: core.InvalidPayload, path: "/payload/order"},
		{name: "huge power refused before expansion", id: gcd, payload: `{"left":{"expression":"(x+1)^1000000"},"right":{"expression":"x"}}`,
			reason: core.ResourceRefused, msg: "bounded before expansion"},
		{name: "huge exponent literal", id: "polynomial.evaluate.compute", payload: `{"polynomial":{"expression":"x^99999999999999999999999999"},"at":"1"}`,
			reason: core.ResourceRefused, msg: "beyond 2^60"},
		{name: "power of a huge constant", id: "polynomial.derivative.compute", payload: `{"polynomial":{"expression":"(2^1000000)^1000000*x"}}`,
			reason: core.ResourceRefused, msg: "bits"},
		{name: "result of power beyond its bound", id: arith, payload: `{"op":"power","left":{"expression":"x^2 + 1"},"exponent":100000}`,
			reason: core.ResourceRefused, msg: "degree"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := run(t, rt, tc.id, tc.payload)
			if tc.reason != "" {
				if out.Outcome != core.OutcomeNonConclusion || out.Reason != tc.reason || !strings.Contains(out.Detail, tc.msg) {
					t.Fatalf("got %s %s %s %q %q, want %s containing %q", out.Outcome, out.Reason, out.Code, out.Message, out.Detail, tc.reason, tc.msg)
				}
				return
			}
			if out.Outcome != core.OutcomeFailed || out.Code != tc.code {
				t.Fatalf("got %s %s %s %q, want failed %s", out.Outcome, out.Code, out.Reason, out.Message+out.Detail, tc.code)
			}
			if tc.path != "" && out.Path != tc.path {
				t.Errorf("path %q, want %q (message %q)", out.Path, tc.path, out.Message)
			}
			if !strings.Contains(out.Message, tc.msg) {
				t.Errorf("message %q does not contain %q", out.Message, tc.msg)
			}
			t.Logf("%s: %s", out.Path, out.Message)
		})
	}
}

// TestExpressionAndCoefficientsAgree: the two input forms give the same
// answer, and a constant expression adopts the other operand's variable.
func TestExpressionAndCoefficientsAgree(t *testing.T) {
	rt := newRuntime(t)
	a := run(t, rt, "polynomial.arithmetic.compute", `{"op":"multiply","left":{"expression":"3/2*t^2 - 1"},"right":{"expression":"4"}}`)
	b := run(t, rt, "polynomial.arithmetic.compute", `{"op":"multiply","left":{"variable":"t","coefficients":["-1","0","3/2"]},"right":{"coefficients":["4"]}}`)
	want := `{"result":{"variable":"t","coefficients":["-4","0","6"],"expression":"6*t^2 - 4"}}`
	if string(a.Value) != want || string(b.Value) != want {
		t.Errorf("expression form %s, coefficient form %s, want %s", a.Value, b.Value, want)
	}
}

// TestPolyInputMarshal checks that an input encodes in the form it came
// in: an expression is written back as sent, even one far beyond every
// expansion bound (so encoding never expands), and either form decodes
// again to the same input.
func TestPolyInputMarshal(t *testing.T) {
	huge := "(x + 1)^1000000000*(2^1000000 + 1)"
	for _, in := range []string{
		`{"expression":"x^3 - 2*x + 1"}`,
		`{"expression":"` + huge + `"}`,
		`{"expression":"x` + strings.Repeat(" ", MaxExpressionBytes) + `"}`,
		`{"variable":"t","coefficients":["1/2","0","-3"]}`,
		`{"variable":"x","coefficients":[]}`,
	} {
		var p PolyInput
		if err := json.Unmarshal([]byte(in), &p); err != nil {
			t.Fatalf("%.60s: %v", in, err)
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("%.60s: %v", in, err)
		}
		if string(out) != in {
			t.Errorf("Marshal(Unmarshal(%.60s)) = %.60s", in, out)
		}
	}
	// A coefficient input built in Go encodes with the defaulted variable.
	out, err := json.Marshal(NewPolyInput("", []*big.Rat{big.NewRat(-1, 1), big.NewRat(0, 1), big.NewRat(1, 1)}))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"variable":"x","coefficients":["-1","0","1"]}`; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
}
