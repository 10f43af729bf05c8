package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
)

// MaxPerfectPowerDigits bounds n for perfect_power: a k-th root is tried
// for every prime k up to n's bit length.
const MaxPerfectPowerDigits = 2_000

// PerfectPowerRequest asks how n is a perfect power.
type PerfectPowerRequest struct {
	N core.Integer `json:"n"`
}

// PerfectPowerResult is n = base^exponent with the exponent as large as
// possible.
type PerfectPowerResult struct {
	Base        core.Integer `json:"base"`
	Exponent    int          `json:"exponent" jsonschema:"the largest k with n = base^k; 1 when n is not a perfect power"`
	AnyExponent bool         `json:"any_exponent" jsonschema:"true for n = −1, 0, 1, which are n^k for every odd k ≥ 1 (every k ≥ 1 for 0 and 1); base is n and exponent 1"`
}

// perfectPowerOperation detects perfect powers: for |n| ≥ 2 the k-th root
// is tried for each prime k up to the bit length (k-th roots by Newton's
// iteration, core/factor.PerfectPower), and a found root is tried again,
// so exponents multiply up to the largest (Bernstein, "Detecting perfect
// powers in essentially linear time", Math. Comp. 67 (1998), takes the
// same primes). For n < 0 only odd exponents are possible: with
// |n| = r^k, n = (−r^(k/k'))^k' for k' the odd part of k.
//
// Canonical result: base and the largest exponent (exponent 1 and base n
// when n is no perfect power); base negative exactly when n is; for
// n ∈ {−1, 0, 1} any_exponent is true with base n, exponent 1.
func perfectPowerOperation() core.Operation[PerfectPowerRequest, PerfectPowerResult] {
	return core.Operation[PerfectPowerRequest, PerfectPowerResult]{
		ID:         "integer.compute.perfect_power",
		Title:      "Perfect power detection",
		Summary:    "Writes an integer as base^k with k as large as possible (k = 1 when it is not a perfect power); negative integers take odd k.",
		Keywords:   []string{"perfect power", "ispower", "is perfect square", "is perfect cube", "ispowerful", "power detection", "nth power"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "digits", Max: MaxPerfectPowerDigits, Unit: "decimal digits",
			Description: "n has at most this many decimal digits",
			Beyond:      func() string { return fmt.Sprintf(`{"n":"%s"}`, repeatDigit('9', MaxPerfectPowerDigits+1)) },
			At:          func() string { return fmt.Sprintf(`{"n":"-%s"}`, repeatDigit('9', MaxPerfectPowerDigits)) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "a JSON number", Payload: `{"n":64}`, Code: core.InvalidPayload, Path: "/payload/n"}}
		},
		Preflight: func(ctx context.Context, q PerfectPowerRequest) error {
			if d, over := digitsOver(q.N.Big(), MaxPerfectPowerDigits); over {
				return core.Refusef("n has %d digits; at most %d are allowed", d, MaxPerfectPowerDigits)
			}
			return nil
		},
		Run: func(ctx context.Context, q PerfectPowerRequest) (PerfectPowerResult, error) {
			return perfectPower(q.N.Big()), nil
		},
		// base^exponent = n, and base is no perfect power of an exponent
		// n allows, checked by floorRoot (Newton's iteration in this
		// package), independently of core/factor's roots.
		Postcondition: func(ctx context.Context, q PerfectPowerRequest, r PerfectPowerResult) error {
			n, b := q.N.Big(), r.Base.Big()
			if r.Exponent < 1 || new(big.Int).Exp(b, big.NewInt(int64(r.Exponent)), nil).Cmp(n) != 0 {
				return fmt.Errorf("base^exponent ≠ n")
			}
			if r.AnyExponent != (n.CmpAbs(big.NewInt(1)) <= 0) {
				return fmt.Errorf("any_exponent is %v for n = %v", r.AnyExponent, clipped(n))
			}
			if r.AnyExponent {
				return nil
			}
			ab := new(big.Int).Abs(b)
			for _, k := range factor.SmallPrimes(ab.BitLen() + 1) {
				if n.Sign() < 0 && k == 2 {
					continue
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				root, err := floorRoot(ctx, ab, int(k))
				if err != nil {
					return err
				}
				if new(big.Int).Exp(root, big.NewInt(int64(k)), nil).Cmp(ab) == 0 {
					return fmt.Errorf("the base is itself a %d-th power: the exponent is not the largest", k)
				}
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: ispower(2^60) = 60
			{Title: "2^60", Payload: json.RawMessage(`{"n":"1152921504606846976"}`), Result: json.RawMessage(`{"base":"2","exponent":60,"any_exponent":false}`)},
			// PARI/GP 2.15: ispower(-64) = 3, (-4)^3 = -64
			{Title: "−64 = (−4)³: only odd exponents", Payload: json.RawMessage(`{"n":"-64"}`), Result: json.RawMessage(`{"base":"-4","exponent":3,"any_exponent":false}`)},
			{Title: "72 is no perfect power", Payload: json.RawMessage(`{"n":"72"}`), Result: json.RawMessage(`{"base":"72","exponent":1,"any_exponent":false}`)},
			{Title: "1 is a power of every exponent", Payload: json.RawMessage(`{"n":"1"}`), Result: json.RawMessage(`{"base":"1","exponent":1,"any_exponent":true}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) PerfectPowerRequest {
			k := int64(rng.IntN(20) + 1)
			n := new(big.Int).Exp(randomInt(rng, 40), big.NewInt(k), nil)
			if rng.IntN(4) == 0 {
				n.Add(n, big.NewInt(1))
			}
			if rng.IntN(3) == 0 && k%2 == 1 {
				n.Neg(n)
			}
			return PerfectPowerRequest{core.Int(n)}
		},
	}
}

// perfectPower writes n as base^k with k largest.
func perfectPower(n *big.Int) PerfectPowerResult {
	if n.CmpAbs(big.NewInt(1)) <= 0 {
		return PerfectPowerResult{Base: core.Int(new(big.Int).Set(n)), Exponent: 1, AnyExponent: true}
	}
	m := new(big.Int).Abs(n)
	r, k := factor.PerfectPower(m)
	if n.Sign() > 0 {
		return PerfectPowerResult{Base: core.Int(r), Exponent: k}
	}
	odd := k
	for odd%2 == 0 {
		odd /= 2
	}
	b := new(big.Int).Exp(r, big.NewInt(int64(k/odd)), nil)
	return PerfectPowerResult{Base: core.Int(b.Neg(b)), Exponent: odd}
}
