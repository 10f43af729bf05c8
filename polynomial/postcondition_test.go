package polynomial

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"

	"jacobian.dev/core"
)

func decodeInto[T any](t *testing.T, payload string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(payload), &v); err != nil {
		t.Fatalf("%s: %v", payload, err)
	}
	return v
}

// TestPostconditionsRejectWrongResults tampers with correct results and
// checks that each operation's independent check refuses them, so a
// defect cannot be published.
func TestPostconditionsRejectWrongResults(t *testing.T) {
	ctx := context.Background()

	arith := arithmeticOperation()
	for _, payload := range []string{
		`{"op":"add","left":{"expression":"x^3 + 1/2"},"right":{"expression":"x - 4"}}`,
		`{"op":"multiply","left":{"expression":"x^3 + 1/2"},"right":{"expression":"x - 4"}}`,
		`{"op":"power","left":{"expression":"2*x - 3"},"exponent":5}`,
	} {
		q := decodeInto[ArithmeticRequest](t, payload)
		r, err := arith.Run(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := arith.Postcondition(context.Background(), q, r); err != nil {
			t.Fatalf("%s: correct result refused: %v", payload, err)
		}
		c := qOf(*r.Result)
		c[0] = new(big.Rat).Add(c[0], big.NewRat(1, 3))
		bad := polyOf("x", qtrim(c))
		if err := arith.Postcondition(context.Background(), q, ArithmeticResult{Result: &bad}); err == nil {
			t.Errorf("%s: tampered result accepted", payload)
		}
	}
	q := decodeInto[ArithmeticRequest](t, `{"op":"divide","left":{"expression":"x^5 - 3*x + 1"},"right":{"expression":"2*x^2 + 1"}}`)
	r, _ := arith.Run(ctx, q)
	quo := polyOf("x", qadd(qOf(*r.Quotient), qpoly{big.NewRat(1, 1)}))
	if err := arith.Postcondition(context.Background(), q, ArithmeticResult{Quotient: &quo, Remainder: r.Remainder}); err == nil {
		t.Error("divide: tampered quotient accepted")
	}
	// A remainder of too high degree, even if the identity held, is wrong.
	q2 := decodeInto[ArithmeticRequest](t, `{"op":"divide","left":{"expression":"x^2"},"right":{"expression":"x"}}`)
	zero, whole := polyOf("x", nil), polyOf("x", qpoly{new(big.Rat), new(big.Rat), big.NewRat(1, 1)})
	if err := arith.Postcondition(context.Background(), q2, ArithmeticResult{Quotient: &zero, Remainder: &whole}); err == nil {
		t.Error("divide: remainder of degree ≥ the divisor's accepted")
	}

	gcd := gcdOperation()
	gq := decodeInto[GCDRequest](t, `{"left":{"expression":"(x-1)^2*(x+2)"},"right":{"expression":"(x-1)^2*(x+3)"}}`)
	gr, err := gcd.Run(ctx, gq)
	if err != nil {
		t.Fatal(err)
	}
	if err := gcd.Postcondition(context.Background(), gq, gr); err != nil {
		t.Fatalf("correct gcd refused: %v", err)
	}
	// x − 1 divides both but is not the greatest common divisor.
	lin := polyOf("x", qpoly{big.NewRat(-1, 1), big.NewRat(1, 1)})
	if err := gcd.Postcondition(context.Background(), gq, GCDResult{Ring: RingQ, GCD: lin, Content: core.Rat(big.NewRat(1, 1)), PrimitivePart: lin}); err == nil {
		t.Error("a common divisor that is not the greatest accepted")
	}

	sqf := squareFreeOperation()
	sq := decodeInto[SquareFreeRequest](t, `{"polynomial":{"expression":"3*(x-1)^2*(x^2+1)"}}`)
	sr, err := sqf.Run(ctx, sq)
	if err != nil {
		t.Fatal(err)
	}
	if err := sqf.Postcondition(context.Background(), sq, sr); err != nil {
		t.Fatalf("correct decomposition refused: %v", err)
	}
	// (x−1)² listed once with multiplicity 1 reconstructs f but is not
	// square-free.
	sq2 := decodeInto[SquareFreeRequest](t, `{"polynomial":{"expression":"(x-1)^2"}}`)
	square := polyOf("x", qpoly{big.NewRat(1, 1), big.NewRat(-2, 1), big.NewRat(1, 1)})
	if err := sqf.Postcondition(context.Background(), sq2, SquareFreeResult{Content: core.Rat(big.NewRat(1, 1)), Factors: []SquareFreeFactor{{square, 1}}}); err == nil {
		t.Error("a factor that is not square-free accepted")
	}
	sr.Content = core.Rat(big.NewRat(-3, 1))
	if err := sqf.Postcondition(context.Background(), sq, sr); err == nil {
		t.Error("a decomposition with the wrong content accepted")
	}

	der := derivativeOperation()
	dq := decodeInto[DerivativeRequest](t, `{"polynomial":{"expression":"x^5 - 1/2*x^3 + 7"},"order":2}`)
	dr, _ := der.Run(ctx, dq)
	if err := der.Postcondition(context.Background(), dq, dr); err != nil {
		t.Fatalf("correct derivative refused: %v", err)
	}
	c := qOf(dr.Derivative)
	c[1] = new(big.Rat).Add(c[1], big.NewRat(1, 1))
	if err := der.Postcondition(context.Background(), dq, DerivativeResult{polyOf("x", c)}); err == nil {
		t.Error("tampered derivative accepted")
	}

	ev := evaluateOperation()
	eq := decodeInto[EvaluateRequest](t, `{"polynomial":{"expression":"x^5 - 1/2*x^3 + 7"},"at":"-2/3"}`)
	er, _ := ev.Run(ctx, eq)
	if err := ev.Postcondition(context.Background(), eq, er); err != nil {
		t.Fatalf("correct value refused: %v", err)
	}
	if err := ev.Postcondition(context.Background(), eq, EvaluateResult{core.Rat(new(big.Rat).Add(er.Value.Rat(), big.NewRat(1, 7)))}); err == nil {
		t.Error("tampered value accepted")
	}

	disc := discriminantOperation()
	xq := decodeInto[DiscriminantRequest](t, `{"polynomial":{"expression":"x^3 - 2*x + 1"}}`)
	if err := disc.Postcondition(context.Background(), xq, DiscriminantResult{core.Rat(big.NewRat(5, 1))}); err != nil {
		t.Fatalf("correct discriminant refused: %v", err)
	}
	if err := disc.Postcondition(context.Background(), xq, DiscriminantResult{core.Rat(big.NewRat(-5, 1))}); err == nil {
		t.Error("discriminant of the wrong sign accepted")
	}
}
