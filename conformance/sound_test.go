package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
)

// The sound domain is a small, correct test domain that declares everything
// conformance looks for: limits with Beyond payloads, generators, Slow
// payloads, a checker and a compute operation over nested exact values.
// It must pass every clause.

// soundMaxDigits bounds n for the divisor and primality operations: trial
// division up to sqrt(n) at 24 digits is far past any budget, which is what
// makes the Slow payloads slow.
const soundMaxDigits = 24

type soundNRequest struct {
	N core.Integer `json:"n"`
}

type soundCountResult struct {
	Count core.Integer `json:"count"`
}

type soundPrimalityResult struct {
	core.CheckResult
	core.Bindings[soundNRequest]
	Factor *core.Integer `json:"factor,omitempty"`
}

type soundMeanRequest struct {
	Values []core.Rational `json:"values"`
}

type soundMeanResult struct {
	Mean core.Rational `json:"mean"`
}

func registerSound(r *core.Registry) error {
	return errors.Join(
		core.Add(r, soundDivisorCount()),
		core.Add(r, soundPrimality()),
		core.Add(r, soundMean()),
	)
}

func soundDigitLimit() core.Limit {
	return core.Limit{
		Name: "n_digits", Max: soundMaxDigits, Unit: "decimal digits", Description: "n has at most this many decimal digits",
		Beyond: func() string {
			return `{"n":"1` + strings.Repeat("0", soundMaxDigits) + `"}`
		},
		At: func() string {
			return `{"n":"` + strings.Repeat("9", soundMaxDigits) + `"}`
		},
	}
}

func soundPreflightN(_ context.Context, q soundNRequest) error {
	if d := len(new(big.Int).Abs(q.N.Big()).String()); d > soundMaxDigits {
		return core.Refusef("n has %d digits; at most %d are allowed", d, soundMaxDigits)
	}
	return nil
}

// soundDivisors visits every divisor pair (d, |n|/d) with d ≤ sqrt(|n|),
// polling ctx; visit returns false to stop early.
func soundDivisors(ctx context.Context, n *big.Int, visit func(d, cofactor *big.Int) bool) error {
	a := new(big.Int).Abs(n)
	d, q, r, sq := big.NewInt(1), new(big.Int), new(big.Int), new(big.Int)
	for i := 0; ; i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if sq.Mul(d, d).Cmp(a) > 0 {
			return nil
		}
		q.QuoRem(a, d, r)
		if r.Sign() == 0 && !visit(new(big.Int).Set(d), new(big.Int).Set(q)) {
			return nil
		}
		d.Add(d, big.NewInt(1))
	}
}

func soundDivisorCount() core.Operation[soundNRequest, soundCountResult] {
	return core.Operation[soundNRequest, soundCountResult]{
		ID: "sound.divisor_count.compute", Title: "Number of divisors",
		Summary: "Counts the positive divisors of a nonzero integer by trial division.",
		Kind:    core.Compute, Effect: core.Pure, InputKinds: []string{"integer"},
		Limits:    []core.Limit{soundDigitLimit()},
		Preflight: soundPreflightN,
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "zero", Payload: `{"n":"0"}`, Code: core.DomainError, Path: "/payload/n"}}
		},
		Run: func(ctx context.Context, q soundNRequest) (soundCountResult, error) {
			if q.N.Big().Sign() == 0 {
				return soundCountResult{}, core.DomainErrorAt(core.PayloadPath("n"), "0 has infinitely many divisors; send a nonzero integer")
			}
			count := int64(0)
			err := soundDivisors(ctx, q.N.Big(), func(d, c *big.Int) bool {
				count += 2
				if d.Cmp(c) == 0 {
					count--
				}
				return true
			})
			return soundCountResult{core.Int64(count)}, err
		},
		// d(n) is odd exactly when |n| is a perfect square, and never
		// exceeds 2·sqrt(|n|).
		Postcondition: func(ctx context.Context, q soundNRequest, r soundCountResult) error {
			a := new(big.Int).Abs(q.N.Big())
			s := new(big.Int).Sqrt(a)
			square := new(big.Int).Mul(s, s).Cmp(a) == 0
			c := r.Count.Big()
			if (c.Bit(0) == 1) != square {
				return fmt.Errorf("divisor count %s has the wrong parity for %s", c, a)
			}
			if c.Sign() <= 0 || c.Cmp(new(big.Int).Lsh(s, 1)) > 0 && a.Cmp(big.NewInt(1)) != 0 {
				return fmt.Errorf("divisor count %s is out of range for %s", c, a)
			}
			return nil
		},
		// PARI/GP 2.15: numdiv(12) = 6, numdiv(36) = 9, numdiv(97) = 2.
		Examples: []core.Example{
			{Title: "twelve", Payload: json.RawMessage(`{"n":"12"}`), Result: json.RawMessage(`{"count":"6"}`)},
			{Title: "a negative square", Payload: json.RawMessage(`{"n":"-36"}`), Result: json.RawMessage(`{"count":"9"}`)},
			{Title: "a prime", Payload: json.RawMessage(`{"n":"97"}`), Result: json.RawMessage(`{"count":"2"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) soundNRequest {
			return soundNRequest{core.Int64(rng.Int64N(2_000_001) - 1_000_000)}
		},
		Slow: func() string {
			return `{"n":"999999999999999999999999"}`
		},
	}
}

func soundPrimality() core.Operation[soundNRequest, soundPrimalityResult] {
	return core.Operation[soundNRequest, soundPrimalityResult]{
		ID: "sound.primality.check", Title: "Primality by trial division",
		Summary: "Checks that an integer n ≥ 2 is prime, giving a factor when it is not.",
		Kind:    core.Check, Effect: core.Pure, InputKinds: []string{"integer"},
		Limits:    []core.Limit{soundDigitLimit()},
		Preflight: soundPreflightN,
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "n below 2", Payload: `{"n":"1"}`, Code: core.DomainError, Path: "/payload/n"}}
		},
		Run: func(ctx context.Context, q soundNRequest) (soundPrimalityResult, error) {
			n := q.N.Big()
			if n.Cmp(big.NewInt(2)) < 0 {
				return soundPrimalityResult{}, core.DomainErrorAt(core.PayloadPath("n"), "primality is defined for n ≥ 2; got %s", n)
			}
			var factor *big.Int
			err := soundDivisors(ctx, n, func(d, _ *big.Int) bool {
				if d.Cmp(big.NewInt(1)) > 0 {
					factor = d
					return false
				}
				return true
			})
			if err != nil {
				return soundPrimalityResult{}, err
			}
			if factor == nil {
				return soundPrimalityResult{CheckResult: core.CheckResult{Verdict: core.Accepted}, Bindings: core.Bind(q)}, nil
			}
			f := core.Int(factor)
			return soundPrimalityResult{core.CheckResult{Verdict: core.Rejected}, core.Bind(q), &f}, nil
		},
		// A factor must be a proper divisor; an acceptance must survive
		// Miller–Rabin with Baillie–PSW.
		Postcondition: func(ctx context.Context, q soundNRequest, r soundPrimalityResult) error {
			n := q.N.Big()
			switch r.Verdict {
			case core.Accepted:
				if !n.ProbablyPrime(20) {
					return fmt.Errorf("%s accepted as prime but is composite", n)
				}
			case core.Rejected:
				if r.Factor == nil {
					return fmt.Errorf("rejected without a factor")
				}
				f := r.Factor.Big()
				if f.Cmp(big.NewInt(1)) <= 0 || f.Cmp(n) >= 0 || new(big.Int).Rem(n, f).Sign() != 0 {
					return fmt.Errorf("%s is not a proper factor of %s", f, n)
				}
			default:
				return fmt.Errorf("unexpected verdict %q", r.Verdict)
			}
			return nil
		},
		Examples: []core.Example{
			{Title: "97 is prime", Payload: json.RawMessage(`{"n":"97"}`), Result: json.RawMessage(`{"verdict":"accepted","subject":{"n":"97"}}`)},
			{Title: "91 = 7·13", Payload: json.RawMessage(`{"n":"91"}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"n":"91"},"factor":"7"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) soundNRequest {
			return soundNRequest{core.Int64(rng.Int64N(1_000_000) + 2)}
		},
		// PARI/GP 2.15: nextprime(10^22) = 10000000000000000000009.
		Slow: func() string {
			return `{"n":"10000000000000000000009"}`
		},
	}
}

const soundMaxValues = 1000

func soundMean() core.Operation[soundMeanRequest, soundMeanResult] {
	return core.Operation[soundMeanRequest, soundMeanResult]{
		ID: "sound.mean.compute", Title: "Arithmetic mean",
		Summary: "The exact arithmetic mean of a nonempty list of rationals, in lowest terms.",
		Kind:    core.Compute, Effect: core.Pure, InputKinds: []string{"rational"},
		Bounds: core.Bounds{"/values": soundMaxValues},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "no values", Payload: `{"values":[]}`, Code: core.DomainError, Path: "/payload/values"}}
		},
		Limits: []core.Limit{{
			Name: "values", Max: soundMaxValues, Unit: "values", Description: "at most this many values",
			At: func() string {
				return `{"values":[` + strings.TrimSuffix(strings.Repeat(`"1",`, soundMaxValues), ",") + `]}`
			},
			Beyond: func() string {
				return `{"values":[` + strings.TrimSuffix(strings.Repeat(`"1",`, soundMaxValues+1), ",") + `]}`
			},
		}},
		Preflight: func(ctx context.Context, q soundMeanRequest) error {
			if len(q.Values) > soundMaxValues {
				return core.Refusef("%d values; at most %d are allowed", len(q.Values), soundMaxValues)
			}
			return nil
		},
		Run: func(_ context.Context, q soundMeanRequest) (soundMeanResult, error) {
			if len(q.Values) == 0 {
				return soundMeanResult{}, core.DomainErrorAt(core.PayloadPath("values"), "the mean of no values is undefined; send at least one value")
			}
			sum := new(big.Rat)
			for _, v := range q.Values {
				sum.Add(sum, v.Rat())
			}
			return soundMeanResult{core.Rat(sum.Quo(sum, new(big.Rat).SetInt64(int64(len(q.Values)))))}, nil
		},
		// The mean lies between the least and the greatest value.
		Postcondition: func(ctx context.Context, q soundMeanRequest, r soundMeanResult) error {
			lo, hi := q.Values[0].Rat(), q.Values[0].Rat()
			for _, v := range q.Values {
				if v.Rat().Cmp(lo) < 0 {
					lo = v.Rat()
				}
				if v.Rat().Cmp(hi) > 0 {
					hi = v.Rat()
				}
			}
			if m := r.Mean.Rat(); m.Cmp(lo) < 0 || m.Cmp(hi) > 0 {
				return fmt.Errorf("mean %s outside [%s, %s]", m.RatString(), lo.RatString(), hi.RatString())
			}
			return nil
		},
		// (1/2 + 1/3)/2 = 5/12; (-1 + 3)/2 = 1.
		Examples: []core.Example{
			{Title: "two fractions", Payload: json.RawMessage(`{"values":["1/2","1/3"]}`), Result: json.RawMessage(`{"mean":"5/12"}`)},
			{Title: "integers", Payload: json.RawMessage(`{"values":["-1","3"]}`), Result: json.RawMessage(`{"mean":"1"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) soundMeanRequest {
			vals := make([]core.Rational, rng.IntN(6))
			for i := range vals {
				vals[i] = core.Rat(big.NewRat(rng.Int64N(201)-100, rng.Int64N(50)+1))
			}
			return soundMeanRequest{vals}
		},
	}
}
