package polynomial

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"jacobian.dev/core"
)

// Helpers for tests that call the coefficient routines outside any
// operation: an uncancelled context never makes them fail.

func bgPrimitive(a zpoly) (*big.Int, zpoly) {
	c, pp, err := primitive(context.Background(), a)
	if err != nil {
		panic(err)
	}
	return c, pp
}

func bgContent(a zpoly) *big.Int {
	c, err := content(context.Background(), a)
	if err != nil {
		panic(err)
	}
	return c
}

func bgCleared(a qpoly) zpoly {
	z, _, err := clearDenominators(context.Background(), a)
	if err != nil {
		panic(err)
	}
	return z
}

// randomBig is a positive integer of exactly bits bits.
func randomBig(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	for i := 0; i < bits-1; i++ {
		if rng.IntN(2) == 1 {
			x.SetBit(x, i, 1)
		}
	}
	return x
}

func coefficientsInput(a qpoly) PolyInput { return polyInputOf("x", a) }

// The estimate is an upper bound on the longest coefficient that clearing
// denominators actually produces, and exact for integer polynomials.
func TestClearedBitsBoundsClearing(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 200 {
		n := 1 + rng.IntN(30)
		a := make(qpoly, n)
		integral := trial%2 == 0
		for i := range a {
			num := new(big.Int).Neg(randomBig(rng, 1+rng.IntN(80)))
			if rng.IntN(2) == 0 {
				num.Neg(num)
			}
			den := big.NewInt(1)
			if !integral {
				den = randomBig(rng, 1+rng.IntN(40))
			}
			a[i] = new(big.Rat).SetFrac(num, den)
		}
		z := bgCleared(a)
		var actual int64
		for _, x := range z {
			actual = max(actual, int64(x.BitLen()))
		}
		est, exact := clearedBits(coefficientsInput(a), 1<<40)
		if !exact {
			t.Fatalf("trial %d: estimate abandoned below a limit of 2^40", trial)
		}
		if actual > est {
			t.Errorf("trial %d: cleared coefficients have %d bits, above the estimate %d", trial, actual, est)
		}
		if integral && actual != est {
			t.Errorf("trial %d: integer polynomial of %d-bit coefficients estimated at %d bits", trial, actual, est)
		}
		// Abandoning early still reports more than the limit, and no more
		// than the full estimate.
		if est > 1 {
			lim := est / 2
			early, exact := clearedBits(coefficientsInput(a), lim)
			if early <= lim || early > est || (exact && early != est) {
				t.Errorf("trial %d: with limit %d the estimate is %d (exact %v), full estimate %d", trial, lim, early, exact, est)
			}
		}
	}
}

// Everything the degree and coefficient-bit limits admit with integer
// coefficients, or with one common denominator, passes preflight.
func TestClearedBitsAcceptsIntegersAtTheLimits(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	integers := func(deg, bits int) PolyInput {
		a := make(qpoly, deg+1)
		for i := range a {
			a[i] = new(big.Rat).SetInt(randomBig(rng, bits))
		}
		return coefficientsInput(a)
	}
	// Numerator and denominator of half the bits each, sharing the
	// denominator 2^(bits/2 − 1) with odd numerators.
	common := func(deg, bits int) PolyInput {
		a := make(qpoly, deg+1)
		den := new(big.Int).Lsh(big.NewInt(1), uint(bits/2-1))
		for i := range a {
			num := randomBig(rng, bits/2)
			num.SetBit(num, 0, 1)
			a[i] = new(big.Rat).SetFrac(num, den)
		}
		return coefficientsInput(a)
	}
	for _, mk := range []func(int, int) PolyInput{integers, common} {
		g, r := mk(GCDMaxDegree, GCDMaxBits), mk(GCDMaxDegree, GCDMaxBits)
		if err := gcdOperation().Preflight(context.Background(), GCDRequest{Left: g, Right: r}); err != nil {
			t.Errorf("gcd at degree %d, %d bits: %v", GCDMaxDegree, GCDMaxBits, err)
		}
		if err := squareFreeOperation().Preflight(context.Background(), SquareFreeRequest{Polynomial: mk(SquareFreeMaxDegree, SquareFreeMaxBits)}); err != nil {
			t.Errorf("square-free at degree %d, %d bits: %v", SquareFreeMaxDegree, SquareFreeMaxBits, err)
		}
		// The estimated_cost limit admits degree 512 at ResultantMaxBits.
		l, rr := mk(512, ResultantMaxBits), mk(512, ResultantMaxBits)
		if err := resultantOperation().Preflight(context.Background(), ResultantRequest{Left: l, Right: rr}); err != nil {
			t.Errorf("resultant at degree 512, %d bits: %v", ResultantMaxBits, err)
		}
		if err := discriminantOperation().Preflight(context.Background(), DiscriminantRequest{Polynomial: l}); err != nil {
			t.Errorf("discriminant at degree 512, %d bits: %v", ResultantMaxBits, err)
		}
	}
}

// Polynomials with many distinct denominators are refused through the
// runtime, naming the cleared size and the bound; a few small distinct
// denominators still run.
func TestClearedBitsRefusedThroughRuntime(t *testing.T) {
	rt := newRuntime(t)
	for _, tc := range []struct{ id, payload string }{
		{"polynomial.gcd.compute", `{"left":{"expression":"x - 1"},"right":` + unitFractions(GCDMaxDegree) + `}`},
		{"polynomial.square_free_decomposition.compute", `{"polynomial":` + unitFractions(SquareFreeMaxDegree+1) + `}`},
		{"polynomial.resultant.compute", `{"left":` + unitFractions(ResultantMaxDegree+1) + `,"right":{"expression":"x"}}`},
		{"polynomial.discriminant.compute", `{"polynomial":` + unitFractions(ResultantMaxDegree+1) + `}`},
	} {
		out := run(t, rt, tc.id, tc.payload)
		if out.Outcome != core.OutcomeNonConclusion || out.Reason != core.ResourceRefused || !strings.Contains(out.Detail, "denominators cleared") || !strings.Contains(out.Detail, "at most") {
			t.Errorf("%s: %s, want RESOURCE_REFUSED naming the cleared size", tc.id, out)
		}
	}
	// 1/2 + x/3 + … + x^28/30: the lcm of 2..30 has 42 bits.
	cs := make([]string, 29)
	for i := range cs {
		cs[i] = fmt.Sprintf(`"1/%d"`, i+2)
	}
	small := `{"coefficients":[` + strings.Join(cs, ",") + `]}`
	for _, tc := range []struct{ id, payload string }{
		{"polynomial.gcd.compute", `{"left":` + small + `,"right":{"expression":"x^2 - 1"}}`},
		{"polynomial.square_free_decomposition.compute", `{"polynomial":` + small + `}`},
		{"polynomial.discriminant.compute", `{"polynomial":` + small + `}`},
	} {
		if out := run(t, rt, tc.id, tc.payload); out.Outcome != core.OutcomeCompleted {
			t.Errorf("%s with small distinct denominators: %s", tc.id, out)
		}
	}
}

// cancelAfter is a context that reports cancellation from its n-th call to
// Err on, so a test can cancel in the middle of a loop.
type cancelAfter struct {
	context.Context
	n int
}

func (c *cancelAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// Clearing denominators, taking contents and primitive parts, and the
// operations built on them stop when the context is cancelled, including
// in the middle of a long coefficient loop.
func TestClearedStopsWhenCancelled(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	a := make(qpoly, 1000)
	for i := range a {
		a[i] = new(big.Rat).SetFrac(randomBig(rng, 64), randomBig(rng, 8))
	}
	z := make(zpoly, 1000)
	for i := range z {
		z[i] = new(big.Int).Lsh(randomBig(rng, 1000), 1) // even: content ≥ 2
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for mid := range 3 {
		ctx := func() context.Context { return &cancelAfter{Context: context.Background(), n: 1 + 5*mid} }
		if _, _, err := clearDenominators(ctx(), a); !errors.Is(err, context.Canceled) {
			t.Errorf("clearDenominators cancelled after %d polls: %v", 1+5*mid, err)
		}
		if _, err := content(ctx(), z); !errors.Is(err, context.Canceled) {
			t.Errorf("content cancelled after %d polls: %v", 1+5*mid, err)
		}
		if _, _, err := primitive(ctx(), z); !errors.Is(err, context.Canceled) {
			t.Errorf("primitive cancelled after %d polls: %v", 1+5*mid, err)
		}
	}
	if _, _, err := squareFree(done, a); !errors.Is(err, context.Canceled) {
		t.Errorf("squareFree under a cancelled context: %v", err)
	}
	if _, err := resultantQ(done, a, qpoly{big.NewRat(1, 3), big.NewRat(1, 1)}); !errors.Is(err, context.Canceled) {
		t.Errorf("resultantQ under a cancelled context: %v", err)
	}
	if _, err := gcdZ(done, z, z); !errors.Is(err, context.Canceled) {
		t.Errorf("gcdZ under a cancelled context: %v", err)
	}
	// The uncancelled computations agree with the definitions.
	c := bgContent(z)
	if c.Cmp(big.NewInt(2)) < 0 {
		t.Errorf("content %v of even coefficients is below 2", c)
	}
	for _, x := range z {
		if new(big.Int).Rem(x, c).Sign() != 0 {
			t.Fatalf("content %v does not divide %v", c, x)
		}
	}
}
