package finitefield

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"jacobian.dev/core"
)

const (
	arithID       = "finite_field.element.arithmetic.compute"
	orderID       = "finite_field.element.order.compute"
	irredID       = "finite_field.polynomial.irreducibility.check"
	rootsID       = "finite_field.polynomial.roots.compute"
	tableID       = "finite_field.polynomial_map.table.compute"
	fiberID       = "finite_field.polynomial_map.fibers.compute"
	factorID      = "finite_field.polynomial.factorization.compute"
	polyArithID   = "finite_field.polynomial.arithmetic.compute"
	interpID      = "finite_field.polynomial_map.interpolation.compute"
	minpolyID     = "finite_field.element.minimal_polynomial.compute"
	primitivityID = "finite_field.element.primitivity.check"
	primitiveID   = "finite_field.primitive_element.compute"
	rootID        = "finite_field.element.root.compute"
	dlogID        = "finite_field.element.discrete_logarithm.compute"
)

// TestBadInput checks that malformed or out-of-domain requests fail with a
// stable code and a message that says what is wrong.
func TestBadInput(t *testing.T) {
	rt := newRuntime(t)
	gf4 := `{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}}`
	tests := []struct {
		name, id, payload string
		code              core.Code
		msg               string
	}{
		{"composite characteristic", arithID, `{"field":{"characteristic":"91","degree":1},"op":"add","left":"1","right":"2"}`, core.DomainError, "p is not prime: divisible by 7"},
		{"large composite characteristic", arithID, `{"field":{"characteristic":"1000000016000000063","degree":1},"op":"add","left":"1","right":"2"}`, core.DomainError, "p is not prime: divisible by 1000000007"},
		// (2^89 − 1)(2^107 − 1): no small factor, so the message names a Miller–Rabin witness.
		{"composite without small factors", arithID, `{"field":{"characteristic":"100433627766186892221372630609062766858404681029709092356097","degree":1},"op":"add","left":"1","right":"2"}`, core.DomainError, "Miller–Rabin witness"},
		{"characteristic 1", arithID, `{"field":{"characteristic":"1","degree":1},"op":"add","left":"0","right":"0"}`, core.DomainError, "prime p ≥ 2"},
		{"reducible modulus", arithID, `{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","0","1"]}},"op":"add","left":[],"right":[]}`, core.DomainError, "reducible over GF(2): it is divisible by t + 1"},
		{"non-monic modulus", arithID, `{"field":{"characteristic":"3","degree":2,"modulus":{"coefficients":["1","0","2"]}},"op":"add","left":[],"right":[]}`, core.InvalidPayload, "monic"},
		{"missing modulus", arithID, `{"field":{"characteristic":"3","degree":2},"op":"add","left":[],"right":[]}`, core.InvalidPayload, "needs a modulus"},
		{"modulus of wrong degree", arithID, `{"field":{"characteristic":"3","degree":3,"modulus":{"coefficients":["1","0","1"]}},"op":"add","left":[],"right":[]}`, core.InvalidPayload, "degree 3"},
		{"modulus on a prime field", arithID, `{"field":{"characteristic":"3","degree":1,"modulus":{"coefficients":["1","1"]}},"op":"add","left":"0","right":"0"}`, core.InvalidPayload, "omit the modulus"},
		{"degree 0", arithID, `{"field":{"characteristic":"3","degree":0},"op":"add","left":"0","right":"0"}`, core.InvalidPayload, "at least 1"},
		{"element out of range", arithID, `{"field":{"characteristic":"7","degree":1},"op":"add","left":"7","right":"2"}`, core.InvalidPayload, "not in [0, 7)"},
		{"negative element", arithID, `{"field":{"characteristic":"7","degree":1},"op":"add","left":"-1","right":"2"}`, core.InvalidPayload, "not in [0, 7)"},
		{"coordinate out of range", arithID, `{"field":` + gf4 + `,"op":"add","left":["0","2"],"right":[]}`, core.InvalidPayload, "not in [0, 2)"},
		{"too many coordinates", arithID, `{"field":` + gf4 + `,"op":"add","left":["0","1","1"],"right":[]}`, core.InvalidPayload, "at most 2"},
		{"trailing zero coordinate", arithID, `{"field":` + gf4 + `,"op":"add","left":["1","0"],"right":[]}`, core.InvalidPayload, "must not end in zero"},
		{"string element in extension", arithID, `{"field":` + gf4 + `,"op":"add","left":"1","right":[]}`, core.InvalidPayload, "list"},
		{"list element in prime field", arithID, `{"field":{"characteristic":"7","degree":1},"op":"add","left":["1"],"right":"1"}`, core.InvalidPayload, "not a list"},
		{"json number element", arithID, `{"field":{"characteristic":"7","degree":1},"op":"add","left":3,"right":"1"}`, core.InvalidPayload, ""},
		{"division by zero", arithID, `{"field":{"characteristic":"7","degree":1},"op":"divide","left":"3","right":"0"}`, core.DomainError, "division by zero"},
		{"inverse of zero", arithID, `{"field":` + gf4 + `,"op":"inverse","left":[]}`, core.DomainError, "no inverse"},
		{"zero to a negative power", arithID, `{"field":{"characteristic":"7","degree":1},"op":"power","left":"0","exponent":"-1"}`, core.DomainError, "0^-1 is undefined"},
		{"missing right", arithID, `{"field":{"characteristic":"7","degree":1},"op":"add","left":"3"}`, core.InvalidPayload, "right"},
		{"missing exponent", arithID, `{"field":{"characteristic":"7","degree":1},"op":"power","left":"3"}`, core.InvalidPayload, "exponent"},
		{"unknown op", arithID, `{"field":{"characteristic":"7","degree":1},"op":"mod","left":"3","right":"1"}`, core.InvalidPayload, ""},
		{"unknown field", arithID, `{"field":{"characteristic":"7","degree":1},"op":"add","left":"3","right":"1","extra":"1"}`, core.UnknownField, "extra"},
		{"order of zero", orderID, `{"field":{"characteristic":"7","degree":1},"element":"0"}`, core.DomainError, "no order"},
		{"constant polynomial", irredID, `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["3"]}}`, core.DomainError, "degree at least 1"},
		{"trailing zero coefficient", irredID, `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["3","1","0"]}}`, core.InvalidPayload, "must not end in zero"},
		{"zero polynomial roots", rootsID, `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":[]}}`, core.DomainError, "zero polynomial"},
		{"roots over a composite", rootsID, `{"field":{"characteristic":"15","degree":1},"polynomial":{"coefficients":["1","1"]}}`, core.DomainError, "divisible by 3"},
		{"table with reducible modulus", tableID, `{"field":{"characteristic":"3","degree":2,"modulus":{"coefficients":["2","0","1"]}},"polynomial":{"coefficients":[]}}`, core.DomainError, "reducible"},
		{"table missing an input", fiberID, `{"table":{"field":{"characteristic":"3","degree":1},"inputs":["0","1"],"outputs":["0","1"]}}`, core.DomainError, "every element exactly once"},
		{"table repeating an input", fiberID, `{"table":{"field":{"characteristic":"3","degree":1},"inputs":["0","1","1"],"outputs":["0","1","2"]}}`, core.DomainError, "repeats"},
		{"table with unpaired outputs", fiberID, `{"table":{"field":{"characteristic":"3","degree":1},"inputs":["0","1","2"],"outputs":["0","1"]}}`, core.DomainError, "pair up"},
		{"table output out of range", fiberID, `{"table":{"field":{"characteristic":"3","degree":1},"inputs":["0","1","2"],"outputs":["0","1","3"]}}`, core.InvalidPayload, "not in [0, 3)"},
		{"table disagreeing with its polynomial", fiberID, `{"table":{"field":{"characteristic":"3","degree":1},"polynomial":{"coefficients":["0","0","1"]},"inputs":["0","1","2"],"outputs":["0","1","2"]}}`, core.DomainError, "does not match its polynomial"},
		{"table over a composite", fiberID, `{"table":{"field":{"characteristic":"4","degree":1},"inputs":["0","1","2","3"],"outputs":["0","1","2","3"]}}`, core.DomainError, "divisible by 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := run(t, rt, tc.id, tc.payload)
			if o.Outcome != core.OutcomeFailed || o.Code != tc.code {
				t.Fatalf("want failed %s, got %s", tc.code, o)
			}
			if !strings.Contains(o.Message, tc.msg) {
				t.Errorf("message %q lacks %q", o.Message, tc.msg)
			}
		})
	}
}

// TestProbablePrimeCharacteristic: above ψ13 the characteristic is only a
// probable prime, and the result says so. 2^127 − 1 is a Mersenne prime.
func TestProbablePrimeCharacteristic(t *testing.T) {
	rt := newRuntime(t)
	o := run(t, rt, arithID, `{"field":{"characteristic":"170141183460469231731687303715884105727","degree":1},"op":"multiply","left":"2","right":"3"}`)
	completed(t, o)
	if got := compactJSON(t, o.Value); got != `{"value":"6","characteristic_primality":"probable"}` {
		t.Fatalf("got %s", got)
	}
}

// TestGeneratedRequests runs generated requests through the whole pipeline
// (so every postcondition is exercised) and checks determinism.
func TestGeneratedRequests(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		t.Run(d.ID, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(15, 16))
			for range 25 {
				payload, err := d.GeneratePayload(context.Background(), rng)
				if err != nil {
					t.Fatal(err)
				}
				o1 := run(t, rt, d.ID, string(payload))
				if o1.Outcome != core.OutcomeCompleted {
					t.Fatalf("%s: got %s", payload, o1)
				}
				o2 := run(t, rt, d.ID, string(payload))
				if string(o1.Value) != string(o2.Value) {
					t.Fatalf("%s: two runs differ:\n%s\n%s", payload, o1.Value, o2.Value)
				}
			}
		})
	}
}

// TestPostconditionsReject feeds each postcondition a wrong answer.
func TestPostconditionsReject(t *testing.T) {
	p7 := Field{Characteristic: mustInt("7"), Degree: 1}
	el := func(s string) Element { return Element{set: true, scalar: mustInt(s)} }
	if checkArithmetic(context.Background(), ArithmeticRequest{Field: p7, Op: OpMultiply, Left: el("3"), Right: el("5")}, ArithmeticResult{Value: el("2")}) == nil {
		t.Error("3·5 = 2 in GF(7) accepted")
	}
	if checkOrder(context.Background(), OrderRequest{Field: p7, Element: el("2")}, OrderResult{Order: mustInt("6"), OrderFactorization: []PrimePower{{mustInt("2"), 1}, {mustInt("3"), 1}}, GroupOrder: mustInt("6"), Primitive: true}) == nil {
		t.Error("order 6 for 2 in GF(7) accepted")
	}
	x2p1 := PolynomialRequest{Field: p7, Polynomial: FieldPolynomial{Coefficients: []Element{el("1"), el("0"), el("1")}}}
	if checkRoots(context.Background(), x2p1, RootsResult{Roots: []Root{{Value: el("1"), Multiplicity: 1}}, DistinctRoots: 1}) == nil {
		t.Error("root 1 of x^2 + 1 over GF(7) accepted")
	}
	x2m1 := PolynomialRequest{Field: p7, Polynomial: FieldPolynomial{Coefficients: []Element{el("6"), el("0"), el("1")}}}
	if checkRoots(context.Background(), x2m1, RootsResult{Roots: []Root{{Value: el("1"), Multiplicity: 1}}, DistinctRoots: 1}) == nil {
		t.Error("a missing root of x^2 − 1 accepted")
	}
	if checkIrreducibility(context.Background(), x2m1, IrreducibilityResult{CheckResult: core.CheckResult{Verdict: core.Accepted}, Proof: "rabin"}) == nil {
		t.Error("x^2 − 1 accepted as irreducible")
	}
}

func mustInt(s string) core.Integer {
	var i core.Integer
	if err := json.Unmarshal([]byte(`"`+s+`"`), &i); err != nil {
		panic(err)
	}
	return i
}

// TestCancellation checks that a long computation stops promptly.
func TestCancellation(t *testing.T) {
	rt := newRuntime(t)
	for _, d := range rt.Registry().Declarations() {
		if d.Slow == nil {
			continue
		}
		t.Run(d.ID, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			start := time.Now()
			o := rt.Run(ctx, core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(d.Slow())})
			if o.Outcome != core.OutcomeNonConclusion {
				t.Fatalf("got %s after %v", o, time.Since(start))
			}
			if el := time.Since(start); el > 2*time.Second {
				t.Errorf("cancellation took %v", el)
			}
		})
	}
}

// TestOrderHardFactorization needs Pollard rho to split q − 1 into two
// primes of 38 and 39 bits. PARI/GP 2.15.2: p = 906694405779380457411787,
// factor(p-1) = [2,1; 3,1; 274877919317,1; 549755814043,1] and
// znorder(Mod(3,p)) = p - 1.
func TestOrderHardFactorization(t *testing.T) {
	rt := newRuntime(t)
	o := run(t, rt, orderID, `{"field":{"characteristic":"906694405779380457411787","degree":1},"element":"3"}`)
	completed(t, o)
	want := `{"order":"906694405779380457411786","order_factorization":[{"prime":"2","exponent":1},{"prime":"3","exponent":1},{"prime":"274877919317","exponent":1},{"prime":"549755814043","exponent":1}],"group_order":"906694405779380457411786","primitive":true,"characteristic_primality":"proven"}`
	if got := compactJSON(t, o.Value); got != want {
		t.Fatalf("got %s", got)
	}
}

// TestProgress checks that long operations report progress through the
// context.
func TestProgress(t *testing.T) {
	rt := newRuntime(t)
	for _, tc := range []struct{ id, payload string }{
		{tableID, `{"field":{"characteristic":"65521","degree":1},"polynomial":{"coefficients":["1","2","3"]}}`},
		{irredID, `{"field":{"characteristic":"2","degree":1},"polynomial":{"coefficients":["1","1","0","0","1"]}}`},
	} {
		reports := 0
		pctx := core.WithProgress(context.Background(), func(done, total float64, _ string) { reports++ })
		o := rt.Run(pctx, core.RunRequest{CapabilityID: tc.id, Payload: json.RawMessage(tc.payload)})
		completed(t, o)
		if reports == 0 {
			t.Errorf("%s reported no progress", tc.id)
		}
	}
}
