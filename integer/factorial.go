package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"

	"jacobian.dev/core"
)

// MaxFactorialN bounds n in factorial: 25,000! has 99,094 digits, within
// the 100,000 an integer result may have.
const MaxFactorialN = 25_000

// FactorialRequest asks for n!.
type FactorialRequest struct {
	N int `json:"n" jsonschema:"n ≥ 0, at most 25000"`
}

// FactorialResult is n! = 1·2·…·n, with 0! = 1.
type FactorialResult struct {
	Factorial core.Integer `json:"factorial"`
}

// factorialOperation computes n! from its prime factorization: by
// Legendre's formula the exponent of p in n! is Σ_i ⌊n/p^i⌋ (2's is
// n − s₂(n), s₂ the binary digit sum), and primePowerProduct multiplies
// the prime powers with squarings and balanced product trees on
// core/bignum's transform product (Borwein, "On the complexity of
// calculating factorials", J. Algorithms 6 (1985); Brent and Zimmermann,
// Modern Computer Arithmetic, §4.9.3, notes). The postcondition is
// independent and linear in the result's size: n! modulo the prime
// 2^61 − 1 by the running product of 2, 3, …, n there, the trailing zero
// bits against Legendre's n − s₂(n), and the bit length against
// log₂ Γ(n + 1) from math.Lgamma.
//
// Canonical result: n! as a decimal string; 0! = 1. n < 0 is a
// DOMAIN_ERROR naming n.
func factorialOperation() core.Operation[FactorialRequest, FactorialResult] {
	return core.Operation[FactorialRequest, FactorialResult]{
		ID:         "integer.compute.factorial",
		Title:      "Factorial",
		Summary:    "The factorial n! = 1·2·…·n of a non-negative integer n (0! = 1), exactly, from its prime factorization.",
		Keywords:   []string{"factorial", "n!", "permutations count", "gamma", "product of integers"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/n": MaxFactorialN},
		Limits: []core.Limit{{
			Name: "n", Max: MaxFactorialN, Unit: "n",
			Description: "n is at most this (the result stays within 100,000 digits)",
			Beyond:      func() string { return fmt.Sprintf(`{"n":%d}`, MaxFactorialN+1) },
			At:          func() string { return fmt.Sprintf(`{"n":%d}`, MaxFactorialN) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "negative n", Payload: `{"n":-1}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "n as a string", Payload: `{"n":"5"}`, Code: core.InvalidPayload, Path: "/payload/n"},
			}
		},
		Preflight: func(ctx context.Context, q FactorialRequest) error {
			if q.N > MaxFactorialN {
				return core.Refusef("n is %d; at most %d is allowed", q.N, MaxFactorialN)
			}
			if q.N < 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is %d; the factorial is defined here for n ≥ 0", q.N)
			}
			return nil
		},
		Run: func(ctx context.Context, q FactorialRequest) (FactorialResult, error) {
			f, err := factorial(ctx, q.N)
			return FactorialResult{core.Int(f)}, err
		},
		Postcondition: func(ctx context.Context, q FactorialRequest, r FactorialResult) error {
			return checkFactorial(q.N, r.Factorial.Big())
		},
		Examples: []core.Example{
			{Title: "0! = 1", Payload: json.RawMessage(`{"n":0}`), Result: json.RawMessage(`{"factorial":"1"}`)},
			// PARI/GP 2.15: 25! = 15511210043330985984000000
			{Title: "25!", Payload: json.RawMessage(`{"n":25}`), Result: json.RawMessage(`{"factorial":"15511210043330985984000000"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) FactorialRequest {
			return FactorialRequest{rng.IntN(2000)}
		},
	}
}

// factorial is n! for 0 ≤ n ≤ MaxFactorialN by Legendre's formula and
// primePowerProduct.
func factorial(ctx context.Context, n int) (*big.Int, error) {
	tab := smallPrimes()
	primes := tab.appendPrimes(make([]uint64, 0, tab.pi(uint64(n))), uint64(n))
	exps := make([]uint32, len(primes))
	for i, p := range primes {
		exps[i] = legendreExponent(uint64(n), p)
	}
	return primePowerProduct(ctx, primes, exps)
}

// checkFactorial is factorial's postcondition.
func checkFactorial(n int, f *big.Int) error {
	if f.Sign() <= 0 {
		return fmt.Errorf("the result %v is not positive", clipped(f))
	}
	if got, want := residueMersenne61(f), factorialMersenne61(uint64(n)); got != want {
		return fmt.Errorf("the result is %d modulo 2^61 − 1, the running product %d", got, want)
	}
	if got, want := f.TrailingZeroBits(), uint(n-bits.OnesCount(uint(n))); got != want {
		return fmt.Errorf("the result has %d trailing zero bits; Legendre's formula gives %d", got, want)
	}
	// n! has ⌊log₂ n!⌋ + 1 bits; the float logarithm errs by far less
	// than the slack.
	lg, _ := math.Lgamma(float64(n) + 1)
	if d := float64(f.BitLen()) - lg/math.Ln2; d < -1e-6 || d > 1+1e-6 {
		return fmt.Errorf("the result has %d bits; log₂ n! is %.2f", f.BitLen(), lg/math.Ln2)
	}
	return nil
}
