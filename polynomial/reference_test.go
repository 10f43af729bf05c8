package polynomial

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// reference is testdata/reference.json, written by testdata/gen_reference.py
// from PARI/GP 2.15.2 (gcd, divrem, subst, deriv, polresultant, poldisc)
// and SymPy 1.14.0 (sqf_list) on 60 seeded random cases per operation.
type reference struct {
	PARIVersion  string `json:"pari_gp"`
	SymPyVersion string `json:"sympy"`
	Cases        struct {
		GCD []struct {
			Left, Right []string
			GCDZ        []string `json:"gcd_z"`
			GCDQ        []string `json:"gcd_q"`
		} `json:"gcd"`
		DivRem []struct {
			Left, Right         []string
			Quotient, Remainder []string
		} `json:"divrem"`
		Evaluate []struct {
			Polynomial []string
			At, Value  string
		} `json:"evaluate"`
		Derivative []struct {
			Polynomial []string
			Order      int
			Derivative []string
		} `json:"derivative"`
		Resultant []struct {
			Left, Right []string
			Resultant   string
		} `json:"resultant"`
		Discriminant []struct {
			Polynomial   []string
			Discriminant string
		} `json:"discriminant"`
		SquareFree []struct {
			Polynomial []string
			Factors    []struct {
				Factor       []string
				Multiplicity int
			}
		} `json:"square_free"`
		// PARI/GP 2.15.2: f*g and f^e.
		Multiply []struct {
			Left, Right, Result []string
		} `json:"multiply"`
		Power []struct {
			Left     []string
			Exponent int
			Result   []string
		} `json:"power"`
	} `json:"cases"`
}

func loadReference(t *testing.T) reference {
	t.Helper()
	b, err := os.ReadFile("testdata/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref reference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.PARIVersion == "" || ref.SymPyVersion == "" {
		t.Fatal("reference.json names no PARI/GP or SymPy version")
	}
	return ref
}

func coeffJSON(c []string) string {
	if c == nil {
		c = []string{}
	}
	b, _ := json.Marshal(map[string]any{"coefficients": c})
	return string(b)
}

// completed runs a payload and decodes the value into v.
func completed(t *testing.T, rt *core.Runtime, id, payload string, v any) bool {
	t.Helper()
	out := run(t, rt, id, payload)
	if out.Outcome != core.OutcomeCompleted {
		t.Errorf("%s %s: %s %s %s", id, payload, out.Outcome, out.Code, out.Message)
		return false
	}
	if err := json.Unmarshal(out.Value, v); err != nil {
		t.Fatal(err)
	}
	return true
}

func coeffStrings(p core.Polynomial[core.Rational]) []string {
	out := []string{}
	for _, c := range p.Coefficients {
		out = append(out, c.String())
	}
	return out
}

func sameCoeffs(got []string, want []string) bool {
	if want == nil {
		want = []string{}
	}
	return slices.Equal(got, want)
}

func TestReferenceGCD(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "gcd", 50, ref.Cases.GCD) {
		for _, ring := range []string{"Z", "Q"} {
			var r GCDResult
			payload := fmt.Sprintf(`{"left":%s,"right":%s,"ring":%q}`, coeffJSON(c.Left), coeffJSON(c.Right), ring)
			if !completed(t, rt, "polynomial.gcd.compute", payload, &r) {
				continue
			}
			want := c.GCDQ
			if ring == "Z" {
				want = c.GCDZ
			}
			if got := coeffStrings(r.GCD); !sameCoeffs(got, want) {
				t.Errorf("case %d over %s: gcd %v, PARI/GP says %v", i, ring, got, want)
			}
		}
	}
}

func TestReferenceDivRem(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "divrem", 50, ref.Cases.DivRem) {
		var r ArithmeticResult
		payload := fmt.Sprintf(`{"op":"divide","left":%s,"right":%s}`, coeffJSON(c.Left), coeffJSON(c.Right))
		if !completed(t, rt, "polynomial.arithmetic.compute", payload, &r) {
			continue
		}
		if q, rem := coeffStrings(*r.Quotient), coeffStrings(*r.Remainder); !sameCoeffs(q, c.Quotient) || !sameCoeffs(rem, c.Remainder) {
			t.Errorf("case %d: divrem %v %v, PARI/GP says %v %v", i, q, rem, c.Quotient, c.Remainder)
		}
	}
}

func TestReferenceEvaluate(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "evaluate", 50, ref.Cases.Evaluate) {
		var r EvaluateResult
		payload := fmt.Sprintf(`{"polynomial":%s,"at":%q}`, coeffJSON(c.Polynomial), c.At)
		if completed(t, rt, "polynomial.evaluate.compute", payload, &r) && r.Value.String() != c.Value {
			t.Errorf("case %d: %s, PARI/GP subst says %s", i, r.Value, c.Value)
		}
	}
}

func TestReferenceDerivative(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "derivative", 50, ref.Cases.Derivative) {
		var r DerivativeResult
		payload := fmt.Sprintf(`{"polynomial":%s,"order":%d}`, coeffJSON(c.Polynomial), c.Order)
		if completed(t, rt, "polynomial.derivative.compute", payload, &r) && !sameCoeffs(coeffStrings(r.Derivative), c.Derivative) {
			t.Errorf("case %d: %v, PARI/GP deriv says %v", i, coeffStrings(r.Derivative), c.Derivative)
		}
	}
}

func TestReferenceResultant(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "resultant", 50, ref.Cases.Resultant) {
		var r ResultantResult
		payload := fmt.Sprintf(`{"left":%s,"right":%s}`, coeffJSON(c.Left), coeffJSON(c.Right))
		if completed(t, rt, "polynomial.resultant.compute", payload, &r) && r.Resultant.String() != c.Resultant {
			t.Errorf("case %d: %s, PARI/GP polresultant says %s", i, r.Resultant, c.Resultant)
		}
	}
}

func TestReferenceDiscriminant(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "discriminant", 50, ref.Cases.Discriminant) {
		var r DiscriminantResult
		payload := fmt.Sprintf(`{"polynomial":%s}`, coeffJSON(c.Polynomial))
		if completed(t, rt, "polynomial.discriminant.compute", payload, &r) && r.Discriminant.String() != c.Discriminant {
			t.Errorf("case %d: %s, PARI/GP poldisc says %s", i, r.Discriminant, c.Discriminant)
		}
	}
}

func TestReferenceSquareFree(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "square_free", 50, ref.Cases.SquareFree) {
		var r SquareFreeResult
		payload := fmt.Sprintf(`{"polynomial":%s}`, coeffJSON(c.Polynomial))
		if !completed(t, rt, "polynomial.square_free_decomposition.compute", payload, &r) {
			continue
		}
		if len(r.Factors) != len(c.Factors) {
			t.Errorf("case %d: %d factors, SymPy sqf_list has %d", i, len(r.Factors), len(c.Factors))
			continue
		}
		for j, f := range r.Factors {
			if f.Multiplicity != c.Factors[j].Multiplicity || !sameCoeffs(coeffStrings(f.Factor), c.Factors[j].Factor) {
				t.Errorf("case %d factor %d: %v^%d, SymPy sqf_list says %v^%d", i, j, coeffStrings(f.Factor), f.Multiplicity, c.Factors[j].Factor, c.Factors[j].Multiplicity)
			}
		}
	}
}

func TestReferenceMultiplyAndPower(t *testing.T) {
	rt, ref := newRuntime(t), loadReference(t)
	for i, c := range conformance.AtLeast(t, "multiply", 50, ref.Cases.Multiply) {
		var r ArithmeticResult
		payload := fmt.Sprintf(`{"op":"multiply","left":%s,"right":%s}`, coeffJSON(c.Left), coeffJSON(c.Right))
		if completed(t, rt, "polynomial.arithmetic.compute", payload, &r) && !sameCoeffs(coeffStrings(*r.Result), c.Result) {
			t.Errorf("multiply case %d: %v, PARI/GP says %v", i, coeffStrings(*r.Result), c.Result)
		}
	}
	for i, c := range conformance.AtLeast(t, "power", 50, ref.Cases.Power) {
		var r ArithmeticResult
		payload := fmt.Sprintf(`{"op":"power","left":%s,"exponent":%d}`, coeffJSON(c.Left), c.Exponent)
		if completed(t, rt, "polynomial.arithmetic.compute", payload, &r) && !sameCoeffs(coeffStrings(*r.Result), c.Result) {
			t.Errorf("power case %d: %v, PARI/GP says %v", i, coeffStrings(*r.Result), c.Result)
		}
	}
}
