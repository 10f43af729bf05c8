package gaussian

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"jacobian.dev/core"
)

// MaxGCDDigits bounds each part of each operand of gaussian.gcd.compute.
const MaxGCDDigits = 2_000

// GCDRequest is two Gaussian integers.
type GCDRequest struct {
	Left  Gaussian `json:"left"`
	Right Gaussian `json:"right"`
}

// GCDResult is the greatest common divisor in its canonical associate.
type GCDResult struct {
	GCD Gaussian `json:"gcd"`

	// x and y are Bézout coefficients, left·x + right·y = gcd: the
	// certificate the postcondition checks instead of recomputing.
	x, y gint
}

// gcdOperation computes a greatest common divisor of two Gaussian
// integers: the common divisor that every common divisor divides. It is
// unique up to a unit; the answer is the associate with real part > 0 and
// imaginary part ≥ 0, and gcd(0, 0) = 0.
//
// Algorithm: the extended Euclidean algorithm with the rounding quotient
// (quoRound), whose remainders at least halve the norm at each step, so it
// takes O(log N) steps (Hardy and Wright §12.8, Theorem 246). The Bézout
// coefficients it carries are the certificate the postcondition checks: a
// g dividing both operands with left·x + right·y = g is divisible by every
// common divisor, hence a gcd.
func gcdOperation() core.Operation[GCDRequest, GCDResult] {
	return core.Operation[GCDRequest, GCDResult]{
		ID:         "gaussian.gcd.compute",
		Title:      "Greatest common divisor of Gaussian integers",
		Summary:    "Greatest common divisor of two Gaussian integers, in the associate with real part > 0 and imaginary part ≥ 0; gcd(0, 0) = 0.",
		Keywords:   []string{"gaussian integer", "gcd", "greatest common divisor", "euclid", "z[i]", "complex integer", "common factor"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"gaussian_integer"},
		Limits: []core.Limit{{
			Name: "part_digits", Max: MaxGCDDigits, Unit: "decimal digits",
			Description: "each part of each operand has at most this many decimal digits",
			Beyond: func() string {
				return fmt.Sprintf(`{"left":{"re":"%s","im":"1"},"right":{"re":"1","im":"0"}}`, repeatDigit('9', MaxGCDDigits+1))
			},
		}},
		Preflight: func(ctx context.Context, q GCDRequest) error {
			return preflightParts(MaxGCDDigits, q.Left, q.Right)
		},
		Run: func(ctx context.Context, q GCDRequest) (GCDResult, error) {
			g, x, y, err := extendedGCD(ctx, fromWire(q.Left), fromWire(q.Right))
			if err != nil {
				return GCDResult{}, err
			}
			return GCDResult{GCD: g.wire(), x: x, y: y}, nil
		},
		Postcondition: checkGCD,
		Examples: []core.Example{
			// PARI/GP 2.15: gcd(11+3*I, 1+8*I) = 2 + I
			{Title: "gcd(11 + 3i, 1 + 8i) = 2 + i", Payload: json.RawMessage(`{"left":{"re":"11","im":"3"},"right":{"re":"1","im":"8"}}`), Result: json.RawMessage(`{"gcd":{"re":"2","im":"1"}}`)},
			// PARI/GP 2.15: gcd(85, 11+7*I) = 2 + 9*I
			{Title: "a rational integer and a Gaussian one", Payload: json.RawMessage(`{"left":{"re":"85","im":"0"},"right":{"re":"11","im":"7"}}`), Result: json.RawMessage(`{"gcd":{"re":"2","im":"9"}}`)},
			// PARI/GP 2.15: gcd(4+6*I, 2-8*I) = 2
			{Title: "gcd(4 + 6i, 2 − 8i) = 2", Payload: json.RawMessage(`{"left":{"re":"4","im":"6"},"right":{"re":"2","im":"-8"}}`), Result: json.RawMessage(`{"gcd":{"re":"2","im":"0"}}`)},
			{Title: "gcd(z, 0) is the canonical associate of z", Payload: json.RawMessage(`{"left":{"re":"0","im":"-3"},"right":{"re":"0","im":"0"}}`), Result: json.RawMessage(`{"gcd":{"re":"3","im":"0"}}`)},
			{Title: "gcd(0, 0) = 0", Payload: json.RawMessage(`{"left":{"re":"0","im":"0"},"right":{"re":"0","im":"0"}}`), Result: json.RawMessage(`{"gcd":{"re":"0","im":"0"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) GCDRequest {
			// A shared random factor makes most gcds nontrivial.
			k := randomGint(rng, 60)
			return GCDRequest{mul(k, randomGint(rng, 120)).wire(), mul(k, randomGint(rng, 120)).wire()}
		},
	}
}

// extendedGCD returns the canonical gcd g of a and b with x, y such that
// a·x + b·y = g.
func extendedGCD(ctx context.Context, a, b gint) (g, x, y gint, err error) {
	r0, r1 := a, b
	s0, s1 := newGint(1, 0), newGint(0, 0)
	t0, t1 := newGint(0, 0), newGint(1, 0)
	for step := 0; !r1.isZero(); step++ {
		if step%64 == 0 {
			if err := ctx.Err(); err != nil {
				return gint{}, gint{}, gint{}, err
			}
		}
		q := quoRound(r0, r1)
		r0, r1 = r1, sub(r0, mul(q, r1))
		s0, s1 = s1, sub(s0, mul(q, s1))
		t0, t1 = t1, sub(t0, mul(q, t1))
	}
	g, u := canonical(r0)
	return g, mul(s0, u), mul(t0, u), nil
}

// checkGCD checks that g is canonical, divides both operands, and equals
// left·x + right·y for the Bézout coefficients Run found.
func checkGCD(ctx context.Context, q GCDRequest, r GCDResult) error {
	a, b, g := fromWire(q.Left), fromWire(q.Right), fromWire(r.GCD)
	if g.isZero() {
		if !a.isZero() || !b.isZero() {
			return fmt.Errorf("gcd 0 for operands that are not both 0")
		}
		return nil
	}
	if !isCanonical(g) {
		return fmt.Errorf("gcd %v is not the associate with re > 0, im ≥ 0", g)
	}
	if _, ok := divExact(a, g); !ok {
		return fmt.Errorf("gcd %v does not divide %v", g, a)
	}
	if _, ok := divExact(b, g); !ok {
		return fmt.Errorf("gcd %v does not divide %v", g, b)
	}
	if r.x.re == nil || r.y.re == nil {
		return fmt.Errorf("no Bézout certificate")
	}
	if !add(mul(a, r.x), mul(b, r.y)).equal(g) {
		return fmt.Errorf("left·x + right·y ≠ gcd for the Bézout coefficients found")
	}
	return nil
}
