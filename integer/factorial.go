package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
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

// factorialOperation computes n! by math/big's big.Int.MulRange, which
// multiplies the range by binary splitting (the product of [a, b] as the
// product of its halves), so the large multiplications are balanced and
// run on Karatsuba (Brent and Zimmermann, Modern Computer Arithmetic,
// §4.9.3, notes on factorials). The postcondition divides the result by
// n, n − 1, ... down to 1 in independent word divisions, which must leave
// 1 with no remainder.
//
// Canonical result: n! as a decimal string; 0! = 1. n < 0 is a
// DOMAIN_ERROR naming n.
func factorialOperation() core.Operation[FactorialRequest, FactorialResult] {
	return core.Operation[FactorialRequest, FactorialResult]{
		ID:         "integer.compute.factorial",
		Title:      "Factorial",
		Summary:    "The factorial n! = 1·2·…·n of a non-negative integer n (0! = 1), exactly, by binary splitting.",
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
			return FactorialResult{core.Int(new(big.Int).MulRange(1, int64(q.N)))}, nil
		},
		Postcondition: func(ctx context.Context, q FactorialRequest, r FactorialResult) error {
			x := new(big.Int).Set(r.Factorial.Big())
			rem := new(big.Int)
			for k := int64(q.N); k >= 2; k-- {
				if k%256 == 0 {
					if err := ctx.Err(); err != nil {
						return err
					}
				}
				if x.QuoRem(x, big.NewInt(k), rem); rem.Sign() != 0 {
					return fmt.Errorf("%d does not divide the result", k)
				}
			}
			if x.Cmp(big.NewInt(1)) != 0 {
				return fmt.Errorf("the result divided by n! is %v, not 1", clipped(x))
			}
			return nil
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
