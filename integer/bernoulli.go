package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// MaxBernoulliN bounds n in bernoulli: the numerator of B_30000 has
// 97,378 digits, within the 100,000 of core's integer codec, and takes
// about a second (ζ(30000) and π^30000 to 330,000 bits).
const MaxBernoulliN = 30_000

// BernoulliRequest asks for B_n.
type BernoulliRequest struct {
	N int `json:"n" jsonschema:"n ≥ 0, at most 30000"`
}

// BernoulliResult is B_n as a reduced rational.
type BernoulliResult struct {
	Bernoulli core.Rational `json:"bernoulli" jsonschema:"B_n as \"p/q\" in lowest terms, q > 0"`
}

// bernoulliOperation computes the Bernoulli number B_n, with the
// convention B_1 = −1/2 (the generating function x/(eˣ − 1)), as PARI's
// bernfrac. Odd n > 1 give 0. For even n ≥ 40 the numerator comes from
// |B_n| = 2·n!·ζ(n)/(2π)^n evaluated to a proven error below 1/2, over
// the von Staudt–Clausen denominator (bernoulli_zeta.go). Below, and as
// the reference, B_n = B_(2m) comes from the tangent number T_m
// (tan x = Σ T_m x^(2m−1)/(2m − 1)!):
//
//	B_(2m) = (−1)^(m−1) · 2m · T_m / (2^(2m) (2^(2m) − 1)),
//
// with T_1, …, T_m tabulated with integer operations only, O(m²)
// multiplications by small integers (Brent and Harvey, "Fast computation
// of Bernoulli, Tangent and Secant numbers", Springer Proc. in Math. &
// Stat. 50 (2013), Algorithm TangentNumbers). The postcondition is
// independent: for n ≤ 200 the value is recomputed from the recurrence
// Σ_{k=0}^{n} C(n + 1, k) B_k = 0 in exact rationals; above, the
// denominator must be the von Staudt–Clausen product of the primes p with
// (p − 1) | n, B_n + Σ_{(p−1)|n} 1/p must be an integer, the sign
// (−1)^(n/2+1), and Kummer's congruences B_n/n ≡ B_r/r (mod p),
// r = n mod (p − 1), must hold for the primes 5 ≤ p < 100 with (p − 1) ∤ n.
//
// Canonical result: B_n in lowest terms ("1" for B_0, "-1/2" for B_1,
// "0" for odd n > 1). n < 0 is a DOMAIN_ERROR.
func bernoulliOperation() core.Operation[BernoulliRequest, BernoulliResult] {
	return core.Operation[BernoulliRequest, BernoulliResult]{
		ID:         "integer.compute.bernoulli",
		Title:      "Bernoulli number",
		Summary:    "The Bernoulli number B_n (B_1 = −1/2) as an exact reduced rational, for 0 ≤ n ≤ 30000, from ζ(n) and the von Staudt–Clausen denominator.",
		Keywords:   []string{"bernoulli", "bernoulli number", "bernfrac", "B_n", "tangent numbers", "zeta at even integers", "von staudt-clausen"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/n": MaxBernoulliN},
		Limits: []core.Limit{{
			Name: "n", Max: MaxBernoulliN, Unit: "n",
			Description: "n is at most this",
			Beyond:      func() string { return fmt.Sprintf(`{"n":%d}`, MaxBernoulliN+1) },
			At:          func() string { return fmt.Sprintf(`{"n":%d}`, MaxBernoulliN) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "negative n", Payload: `{"n":-2}`, Code: core.DomainError, Path: "/payload/n"},
			}
		},
		Preflight: func(ctx context.Context, q BernoulliRequest) error {
			if q.N > MaxBernoulliN {
				return core.Refusef("n is %d; at most %d is allowed", q.N, MaxBernoulliN)
			}
			if q.N < 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is %d; B_n is defined for n ≥ 0", q.N)
			}
			return nil
		},
		Run: func(ctx context.Context, q BernoulliRequest) (BernoulliResult, error) {
			b, err := bernoulli(ctx, q.N)
			return BernoulliResult{core.Rat(b)}, err
		},
		Postcondition: func(ctx context.Context, q BernoulliRequest, r BernoulliResult) error {
			return checkBernoulli(q.N, r.Bernoulli.Rat())
		},
		Examples: []core.Example{
			// PARI/GP 2.15: bernfrac(0), bernfrac(1), bernfrac(12), bernfrac(30)
			{Title: "B_0", Payload: json.RawMessage(`{"n":0}`), Result: json.RawMessage(`{"bernoulli":"1"}`)},
			{Title: "B_1", Payload: json.RawMessage(`{"n":1}`), Result: json.RawMessage(`{"bernoulli":"-1/2"}`)},
			{Title: "B_12", Payload: json.RawMessage(`{"n":12}`), Result: json.RawMessage(`{"bernoulli":"-691/2730"}`)},
			{Title: "B_30", Payload: json.RawMessage(`{"n":30}`), Result: json.RawMessage(`{"bernoulli":"8615841276005/14322"}`)},
			{Title: "odd index", Payload: json.RawMessage(`{"n":7}`), Result: json.RawMessage(`{"bernoulli":"0"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) BernoulliRequest {
			return BernoulliRequest{rng.IntN(3000)}
		},
	}
}

// bernoulliZetaFrom is the least even n for which bernoulli evaluates
// ζ(n) rather than the tangent numbers, which are quicker only below.
const bernoulliZetaFrom = 40

// bernoulli is B_n: by ζ(n) for even n from bernoulliZetaFrom on, by the
// tangent numbers below.
func bernoulli(ctx context.Context, n int) (*big.Rat, error) {
	if n >= bernoulliZetaFrom && n%2 == 0 {
		return bernoulliZeta(ctx, n)
	}
	return bernoulliTangent(ctx, n)
}

// bernoulliTangent is B_n by the tangent numbers: the reference beside
// bernoulliZeta.
func bernoulliTangent(ctx context.Context, n int) (*big.Rat, error) {
	switch {
	case n == 0:
		return big.NewRat(1, 1), nil
	case n == 1:
		return big.NewRat(-1, 2), nil
	case n%2 == 1:
		return new(big.Rat), nil
	}
	m := n / 2
	t, err := tangentNumbers(ctx, m)
	if err != nil {
		return nil, err
	}
	num := new(big.Int).Mul(t[m], big.NewInt(int64(n)))
	if m%2 == 0 {
		num.Neg(num)
	}
	pow := new(big.Int).Lsh(big.NewInt(1), uint(n)) // 2^(2m)
	den := new(big.Int).Sub(pow, big.NewInt(1))
	den.Mul(den, pow)
	return new(big.Rat).SetFrac(num, den), nil
}

// tangentNumbers returns T_1, …, T_m (index 0 unused) by Brent and
// Harvey's in-place recurrence.
func tangentNumbers(ctx context.Context, m int) ([]*big.Int, error) {
	t := make([]*big.Int, m+1)
	t[0] = new(big.Int)
	t[1] = big.NewInt(1)
	for k := 2; k <= m; k++ {
		t[k] = new(big.Int).Mul(t[k-1], big.NewInt(int64(k-1)))
	}
	u := new(big.Int)
	for k := 2; k <= m; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for j := k; j <= m; j++ {
			// T_j ← (j − k) T_(j−1) + (j − k + 2) T_j
			u.Mul(t[j-1], big.NewInt(int64(j-k)))
			t[j].Mul(t[j], big.NewInt(int64(j-k+2)))
			t[j].Add(t[j], u)
		}
	}
	return t, nil
}

// bernoulliByRecurrence is B_0, …, B_n from Σ_{k=0}^{n} C(n + 1, k) B_k = 0
// in exact rationals, O(n²): the reference beside bernoulli.
func bernoulliByRecurrence(n int) []*big.Rat {
	b := make([]*big.Rat, n+1)
	b[0] = big.NewRat(1, 1)
	for m := 1; m <= n; m++ {
		s := new(big.Rat)
		c := big.NewInt(1) // C(m + 1, k)
		for k := 0; k < m; k++ {
			s.Add(s, new(big.Rat).Mul(new(big.Rat).SetInt(c), b[k]))
			c.Mul(c, big.NewInt(int64(m+1-k)))
			c.Quo(c, big.NewInt(int64(k+1)))
		}
		// C(m + 1, m) = m + 1
		b[m] = s.Quo(s, big.NewRat(-int64(m+1), 1))
	}
	return b
}

// checkBernoulli is bernoulli's postcondition.
func checkBernoulli(n int, b *big.Rat) error {
	if n <= 200 {
		if want := bernoulliByRecurrence(n)[n]; b.Cmp(want) != 0 {
			return fmt.Errorf("the recurrence gives B_%d = %s", n, want.RatString())
		}
		return nil
	}
	if n%2 == 1 {
		if b.Sign() != 0 {
			return fmt.Errorf("odd n = %d > 1 gives B_n = 0", n)
		}
		return nil
	}
	// von Staudt–Clausen: the denominator is exactly D = ∏_{(p−1)|n} p,
	// and B_n + Σ_{(p−1)|n} 1/p ∈ Z, that is, num + Σ D/p ≡ 0 (mod D).
	den := big.NewInt(1)
	var ps []int64
	for d := 1; d*d <= n; d++ {
		if n%d != 0 {
			continue
		}
		for _, e := range []int{d, n / d} {
			if p := e + 1; trialDivisionPrime(uint64(p)) {
				den.Mul(den, big.NewInt(int64(p)))
				ps = append(ps, int64(p))
			}
			if d*d == n {
				break
			}
		}
	}
	if b.Denom().Cmp(den) != 0 {
		return fmt.Errorf("the denominator of B_%d is %v, not the von Staudt–Clausen product %v", n, b.Denom(), den)
	}
	s := new(big.Int).Mod(b.Num(), den)
	for _, p := range ps {
		s.Add(s, new(big.Int).Quo(den, big.NewInt(p)))
	}
	if s.Mod(s, den).Sign() != 0 {
		return fmt.Errorf("the result plus Σ 1/p is not an integer (von Staudt–Clausen, n = %d)", n)
	}
	if err := checkKummer(n, b); err != nil {
		return err
	}
	if want := 1 - 2*((n/2+1)%2); b.Sign() != want {
		return fmt.Errorf("the sign of B_%d should be (−1)^(n/2+1) = %d", n, want)
	}
	return nil
}

// smallBernoulli caches B_0, …, B_100 for checkKummer.
var smallBernoulli = sync.OnceValue(func() []*big.Rat { return bernoulliByRecurrence(100) })

// checkKummer checks Kummer's congruence B_n/n ≡ B_r/r (mod p), r = n mod
// (p − 1), for the primes 5 ≤ p < 100 with (p − 1) ∤ n, n even (Ireland
// and Rosen, §15.2, Corollary 2 of Theorem 5; B_n/n is p-integral then).
// The numerator is divided once, by the product of the moduli p^(v+1),
// p^v ∥ n, and each congruence is then word arithmetic.
func checkKummer(n int, b *big.Rat) error {
	small := smallBernoulli()
	type kummer struct{ p, pv, nn, r uint64 }
	ks := make([]kummer, 0, 23) // the primes 5 ≤ p < 100
	var moduli []uint64
	acc := uint64(1)
	for p := uint64(5); p < 100; p++ {
		if !trialDivisionPrime(p) || uint64(n)%(p-1) == 0 {
			continue
		}
		// B_n/n = num/(D·n): p^v ∥ n must divide num, and num/p^v mod p
		// comes from num mod p^(v+1) (below n·p < 2^32).
		nn, pv := uint64(n), uint64(1)
		for nn%p == 0 {
			nn, pv = nn/p, pv*p
		}
		ks = append(ks, kummer{p, pv, nn, uint64(n) % (p - 1)})
		moduli, acc = packWord(moduli, acc, pv*p)
	}
	m := wordProduct(append(moduli, acc))
	num := new(big.Int).Mod(b.Num(), m)
	den := new(big.Int).Mod(b.Denom(), m)
	for _, k := range ks {
		p := k.p
		x := modular.ReduceWords(num, k.pv*p)
		if x%k.pv != 0 {
			return fmt.Errorf("the Bernoulli number B_%d/%d is not %d-integral, against Kummer's congruence", n, n, p)
		}
		// D·n/p^v and B_r's denominator·r are prime to p: D is the
		// product of the primes q with (q − 1) | n, and 0 < r < p − 1.
		lhs := mulMod(x/k.pv%p, inverseModPrime(mulMod(modular.ReduceWords(den, p), k.nn%p, p), p), p)
		br := small[k.r]
		rhs := modular.ReduceWords(br.Num(), p)
		rhs = mulMod(rhs, inverseModPrime(mulMod(modular.ReduceWords(br.Denom(), p), k.r%p, p), p), p)
		if lhs != rhs {
			return fmt.Errorf("the Bernoulli numbers break Kummer's congruence B_%d/%d ≡ B_%d/%d (mod %d)", n, n, k.r, k.r, p)
		}
	}
	return nil
}

// inverseModPrime is a^(−1) mod the prime p, for a ≢ 0, by Fermat's
// little theorem.
func inverseModPrime(a, p uint64) uint64 {
	r, e := uint64(1), p-2
	for a %= p; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, a, p)
		}
		a = mulMod(a, a, p)
	}
	return r
}
