package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
)

// CyclotomicMaxOrder bounds n in polynomial.cyclotomic.compute: Φ_n has
// degree φ(n) < n, and the postcondition divides x^n − 1 by it.
const CyclotomicMaxOrder = 10_000

// Variable is the name of a result's variable: one lowercase letter.
type Variable string

// JSONSchema is the 26 letters (see variableSchema).
func (Variable) JSONSchema() *jsonschema.Schema { return variableSchema() }

// CyclotomicRequest is the order n ≥ 1 and the variable (default x).
type CyclotomicRequest struct {
	N        int      `json:"n" jsonschema:"the order n ≥ 1"`
	Variable Variable `json:"variable,omitempty"`
}

// CyclotomicResult is Φ_n with its degree φ(n).
type CyclotomicResult struct {
	Cyclotomic core.Polynomial[core.Rational] `json:"cyclotomic"`
	Degree     int                            `json:"degree"`
}

// cyclotomicOperation computes the n-th cyclotomic polynomial
// Φ_n = ∏ (x − ζ) over the primitive n-th roots of unity ζ.
//
// Canonical form: Φ_n in Z[x], monic, of degree Euler's φ(n); Φ_1 = x − 1.
// Algorithm: with n = ∏ p_i^(e_i) and m = ∏ p_i the radical,
// Φ_n(x) = Φ_m(x^(n/m)), and Φ_m is built prime by prime from Φ_1 by
// Φ_{kp}(x) = Φ_k(x^p)/Φ_k(x) for a prime p ∤ k, an exact division by a
// monic polynomial (Lang, Algebra, §VI.3; Cohen, "A Course in
// Computational Algebraic Number Theory", §4.9 on polcyclo). The
// postcondition proves the result independently: it is monic of degree
// φ(n), divides x^n − 1 (exact division through prime images with a norm
// test), and is coprime to x^(n/p) − 1 for every prime p | n, so its roots
// are n-th roots of unity of order exactly n, simple because x^n − 1 is
// square-free; φ(n) of them are all the primitive ones.
func cyclotomicOperation() core.Operation[CyclotomicRequest, CyclotomicResult] {
	return core.Operation[CyclotomicRequest, CyclotomicResult]{
		ID:         "polynomial.cyclotomic.compute",
		Title:      "Cyclotomic polynomial",
		Summary:    "The n-th cyclotomic polynomial Φ_n, the minimal polynomial over Q of the primitive n-th roots of unity, with its degree φ(n).",
		Keywords:   []string{"polynomial", "cyclotomic", "polcyclo", "roots of unity", "primitive root of unity", "euler phi", "minimal polynomial"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/n": CyclotomicMaxOrder},
		Limits: []core.Limit{{Name: "order", Max: CyclotomicMaxOrder, Unit: "order", Description: "n is at most this",
			Beyond: func() string { return fmt.Sprintf(`{"n":%d}`, CyclotomicMaxOrder+1) },
			At:     func() string { return fmt.Sprintf(`{"n":%d}`, CyclotomicMaxOrder) }}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "order zero", Payload: `{"n":0}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "an uppercase variable", Payload: `{"n":3,"variable":"X"}`, Code: core.InvalidPayload, Path: "/payload/variable"},
			}
		},
		Preflight: func(ctx context.Context, q CyclotomicRequest) error {
			if q.N > CyclotomicMaxOrder {
				return core.Refusef("n = %d is beyond the limit of %d", q.N, CyclotomicMaxOrder)
			}
			if q.N < 1 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n = %d; cyclotomic polynomials have orders n ≥ 1", q.N)
			}
			return nil
		},
		Run: func(ctx context.Context, q CyclotomicRequest) (CyclotomicResult, error) {
			c, err := cyclotomic(ctx, q.N)
			if err != nil {
				return CyclotomicResult{}, err
			}
			return CyclotomicResult{Cyclotomic: polyOfZ(q.variable(), c), Degree: c.deg()}, nil
		},
		Postcondition: checkCyclotomic,
		Examples: []core.Example{
			// PARI/GP 2.15.2: polcyclo(12) = x^4 - x^2 + 1
			{Title: "Φ_12", Payload: json.RawMessage(`{"n":12}`),
				Result: json.RawMessage(`{"cyclotomic":{"variable":"x","coefficients":["1","0","-1","0","1"],"expression":"x^4 - x^2 + 1"},"degree":4}`)},
			{Title: "Φ_1", Payload: json.RawMessage(`{"n":1,"variable":"t"}`),
				Result: json.RawMessage(`{"cyclotomic":{"variable":"t","coefficients":["-1","1"],"expression":"t - 1"},"degree":1}`)},
			// PARI/GP 2.15.2: polcyclo(105) has the coefficient -2 at x^7 and x^41.
			{Title: "Φ_105, the first with a coefficient other than 0 and ±1", Payload: json.RawMessage(`{"n":105}`),
				Result: json.RawMessage(`{"cyclotomic":{"variable":"x","coefficients":["1","1","1","0","0","-1","-1","-2","-1","-1","0","0","1","1","1","1","1","1","0","0","-1","0","-1","0","-1","0","-1","0","-1","0","0","1","1","1","1","1","1","0","0","-1","-1","-2","-1","-1","0","0","1","1","1"],"expression":"x^48 + x^47 + x^46 - x^43 - x^42 - 2*x^41 - x^40 - x^39 + x^36 + x^35 + x^34 + x^33 + x^32 + x^31 - x^28 - x^26 - x^24 - x^22 - x^20 + x^17 + x^16 + x^15 + x^14 + x^13 + x^12 - x^9 - x^8 - 2*x^7 - x^6 - x^5 + x^2 + x + 1"},"degree":48}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) CyclotomicRequest {
			return CyclotomicRequest{N: rng.IntN(400) + 1}
		},
		// No Slow payload: within the order limit every Φ_n takes well
		// under 0.1 s (Φ_9699, of degree 6241, about 60 ms with its
		// postcondition), so there is nothing to cancel.
	}
}

func (q CyclotomicRequest) variable() string {
	if q.Variable == "" {
		return "x"
	}
	return string(q.Variable)
}

// primeFactors returns the distinct primes dividing n ≥ 1, ascending.
func primeFactors(n int) []int {
	var ps []int
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			ps = append(ps, p)
			for n%p == 0 {
				n /= p
			}
		}
	}
	if n > 1 {
		ps = append(ps, n)
	}
	return ps
}

// cyclotomic returns Φ_n (see cyclotomicOperation).
func cyclotomic(ctx context.Context, n int) (zpoly, error) {
	phi := zpoly{big.NewInt(-1), big.NewInt(1)}
	m := 1
	for _, p := range primeFactors(n) {
		num := substitutePower(phi, p)
		q, ok, err := zdivExact(ctx, num, phi)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errors.New("Φ_k(x^p) is not divisible by Φ_k(x)")
		}
		phi, m = q, m*p
	}
	return substitutePower(phi, n/m), nil
}

// substitutePower returns a(x^k).
func substitutePower(a zpoly, k int) zpoly {
	out := zzeros(a.deg()*k + 1)
	for i, c := range a {
		out[i*k].Set(c)
	}
	return out
}

// eulerPhi is φ(n) from the prime factors.
func eulerPhi(n int) int {
	out := n
	for _, p := range primeFactors(n) {
		out = out / p * (p - 1)
	}
	return out
}

// checkCyclotomic proves the result is Φ_n (see cyclotomicOperation).
func checkCyclotomic(ctx context.Context, q CyclotomicRequest, r CyclotomicResult) error {
	if err := wellFormed(r.Cyclotomic); err != nil {
		return err
	}
	c := qOf(r.Cyclotomic)
	if !c.isIntegral() || c.deg() != eulerPhi(q.N) || r.Degree != c.deg() || c.lc().Cmp(big.NewRat(1, 1)) != 0 {
		return fmt.Errorf("not a monic integer polynomial of degree φ(%d) = %d", q.N, eulerPhi(q.N))
	}
	xn1 := func(k int) zpoly {
		out := zzeros(k + 1)
		out[0].SetInt64(-1)
		out[k].SetInt64(1)
		return out
	}
	z := zpolyOf(c)
	if _, ok, err := zdivModular(ctx, xn1(q.N), z); err != nil {
		return err
	} else if !ok {
		return fmt.Errorf("does not divide x^%d − 1", q.N)
	}
	if c.deg() == 0 {
		return nil
	}
	for _, p := range primeFactors(q.N) {
		if !coprimeOverQ(c, toQ(xn1(q.N/p))) {
			return fmt.Errorf("shares a root with x^%d − 1", q.N/p)
		}
	}
	return nil
}
