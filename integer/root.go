package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// MaxRootIndex bounds k in integer_root. Past the bit length of n every
// root is 0, ±1 or −2, so a larger k would ask nothing new.
const MaxRootIndex = 1_000_000

// RootRequest asks for the floor of the k-th root of n.
type RootRequest struct {
	N core.Integer `json:"n"`
	K int          `json:"k" jsonschema:"the root's index, at least 1; for negative n it must be odd"`
}

// RootResult is r = ⌊n^(1/k)⌋, the largest integer with r^k ≤ n, and
// whether r^k = n.
type RootResult struct {
	Root  core.Integer `json:"root"`
	Exact bool         `json:"exact" jsonschema:"true when root^k = n, that is n is a perfect k-th power"`
}

// integerRootOperation computes ⌊n^(1/k)⌋ by Newton's iteration on
// integers (Crandall and Pomerance, Prime Numbers, 2nd ed., Algorithm
// 9.2.11; for k = 2 math/big's big.Int.Sqrt, the same iteration): from any
// x ≥ ⌊n^(1/k)⌋, x ← ⌊((k − 1)x + ⌊n / x^(k−1)⌋) / k⌋ decreases strictly
// until it reaches the root, so the loop stops at the first step that
// does not decrease. The start is 2^⌈bits(n)/k⌉ > n^(1/k).
//
// Canonical result: the floor of the real k-th root, for n ≥ 0 and, when
// k is odd, for n < 0 too (so the root of −9 with k = 3 is −3, since
// (−3)³ ≤ −9 < (−2)³); exact says whether root^k = n. k < 1, and n < 0
// with k even, are DOMAIN_ERRORs naming the field at fault.
func integerRootOperation() core.Operation[RootRequest, RootResult] {
	return core.Operation[RootRequest, RootResult]{
		ID:         "integer.compute.integer_root",
		Title:      "Integer k-th root",
		Summary:    "The floor of the k-th root of an integer, with a flag saying whether it is exact (n a perfect k-th power); negative n for odd k.",
		Keywords:   []string{"integer root", "nth root", "kth root", "isqrt", "integer square root", "cube root", "sqrtint", "sqrtnint", "perfect power", "perfect square"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/k": MaxRootIndex},
		Limits: []core.Limit{
			{
				Name: "digits", Max: MaxOperandDigits, Unit: "decimal digits",
				Description: "n has at most this many decimal digits",
				Beyond: func() string {
					return fmt.Sprintf(`{"n":"%s","k":2}`, repeatDigit('9', MaxOperandDigits+1))
				},
				At: func() string {
					return fmt.Sprintf(`{"n":"-%s","k":3}`, repeatDigit('9', MaxOperandDigits))
				},
			},
			{
				Name: "k", Max: MaxRootIndex, Unit: "root index",
				Description: "k is at most this",
				Beyond:      func() string { return fmt.Sprintf(`{"n":"12345","k":%d}`, MaxRootIndex+1) },
				At:          func() string { return fmt.Sprintf(`{"n":"12345","k":%d}`, MaxRootIndex) },
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "k = 0", Payload: `{"n":"8","k":0}`, Code: core.DomainError, Path: "/payload/k"},
				{Title: "even root of a negative number", Payload: `{"n":"-16","k":4}`, Code: core.DomainError, Path: "/payload/n"},
				{Title: "k as a string", Payload: `{"n":"8","k":"3"}`, Code: core.InvalidPayload, Path: "/payload/k"},
			}
		},
		Preflight: func(ctx context.Context, q RootRequest) error {
			if err := refuseDigits(q.N.Big()); err != nil {
				return err
			}
			if q.K > MaxRootIndex {
				return core.Refusef("k is %d; at most %d is allowed", q.K, MaxRootIndex)
			}
			if q.K < 1 {
				return core.DomainErrorAt(core.PayloadPath("k"), "k is %d; the root's index must be at least 1", q.K)
			}
			if q.N.Big().Sign() < 0 && q.K%2 == 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is negative and k = %d is even: no real root exists; send n ≥ 0 or an odd k", q.K)
			}
			return nil
		},
		Run: func(ctx context.Context, q RootRequest) (RootResult, error) {
			r, err := floorRoot(ctx, q.N.Big(), q.K)
			if err != nil {
				return RootResult{}, err
			}
			return RootResult{core.Int(r), isKthPower(r, q.N.Big(), q.K)}, nil
		},
		// r^k ≤ n < (r + 1)^k, and exact agrees with r^k = n, by
		// floorRootCmp: rigorous bounds on r^k from products cut to the
		// root's size plus 64 bits (powerCmp), which bound (r + 1)^k
		// from below too, the exact power when n lies between them.
		Postcondition: func(ctx context.Context, q RootRequest, res RootResult) error {
			r, n := res.Root.Big(), q.N.Big()
			c, nextAbove := floorRootCmp(r, q.K, n)
			if c > 0 {
				return fmt.Errorf("root^k ≤ n fails")
			}
			if !nextAbove {
				return fmt.Errorf("n < (root + 1)^k fails")
			}
			if res.Exact != (c == 0) {
				return fmt.Errorf("exact is %v, but root^k = n is %v", res.Exact, c == 0)
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: sqrtint(10^20 + 1) = 10^10
			{Title: "square root of 10^20 + 1", Payload: json.RawMessage(`{"n":"100000000000000000001","k":2}`), Result: json.RawMessage(`{"root":"10000000000","exact":false}`)},
			// PARI/GP 2.15: ispower(3^40, 5) = 1, sqrtnint(3^40, 5) = 6561
			{Title: "3^40 is a perfect fifth power", Payload: json.RawMessage(`{"n":"12157665459056928801","k":5}`), Result: json.RawMessage(`{"root":"6561","exact":true}`)},
			{Title: "the cube root of −9 rounds down to −3", Payload: json.RawMessage(`{"n":"-9","k":3}`), Result: json.RawMessage(`{"root":"-3","exact":false}`)},
			{Title: "k = 1 is n itself", Payload: json.RawMessage(`{"n":"-42","k":1}`), Result: json.RawMessage(`{"root":"-42","exact":true}`)},
			{Title: "a huge k on a small n", Payload: json.RawMessage(`{"n":"1000","k":1000}`), Result: json.RawMessage(`{"root":"1","exact":false}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) RootRequest {
			k := rng.IntN(12) + 1
			var n *big.Int
			if rng.IntN(3) == 0 { // a perfect power, perhaps off by one
				n = new(big.Int).Exp(randomInt(rng, 60), big.NewInt(int64(k)), nil)
				n.Add(n, big.NewInt(int64(rng.IntN(3)-1)))
			} else {
				n = randomInt(rng, 400)
			}
			if k%2 == 1 && rng.IntN(2) == 0 {
				n.Neg(n)
			}
			if n.Sign() < 0 && k%2 == 0 {
				n.Neg(n)
			}
			return RootRequest{core.Int(n), k}
		},
	}
}

// floorRoot returns ⌊n^(1/k)⌋ for k ≥ 1 (n ≥ 0 or k odd).
func floorRoot(ctx context.Context, n *big.Int, k int) (*big.Int, error) {
	if n.Sign() < 0 {
		s, err := floorRoot(ctx, new(big.Int).Neg(n), k)
		if err != nil {
			return nil, err
		}
		// −s is the root of n rounded up; it is the floor only when exact.
		if !isKthPower(s, new(big.Int).Neg(n), k) {
			s.Add(s, big.NewInt(1))
		}
		return s.Neg(s), nil
	}
	switch {
	case k == 1 || n.Sign() == 0:
		return new(big.Int).Set(n), nil
	case k == 2:
		return new(big.Int).Sqrt(n), nil
	case k >= n.BitLen():
		return big.NewInt(1), nil // 1 ≤ n < 2^k
	}
	return rootDoubling(ctx, n, k)
}

// rootDoubling is ⌊n^(1/k)⌋ for 3 ≤ k < n.BitLen(), by Newton's iteration
// with precision doubling (Brent and Zimmermann, Modern Computer
// Arithmetic, §1.5.2 and §4.2): rootApprox's y is ⌊n^(1/k)⌋ or one more,
// and unless its step's fraction already shows y ≤ n^(1/k) (sure is
// true), one powerCmp decides which.
func rootDoubling(ctx context.Context, n *big.Int, k int) (*big.Int, error) {
	y, sure, err := rootApproxStep(ctx, n, k)
	if err != nil {
		return nil, err
	}
	if !sure && powerCmp(y, k, n) > 0 {
		y.Sub(y, big.NewInt(1))
	}
	return y, nil
}

// rootApprox is ⌊n^(1/k)⌋ or ⌊n^(1/k)⌋ + 1 for 3 ≤ k < n.BitLen(). Write
// ρ = n^(1/k) and b = ⌈bits(n)/k⌉, so 2^(b−1) ≤ ρ < 2^b. The top bits of
// the root come from the same approximation r₀ to the root ρ₀ of
// n₀ = ⌊n/2^(ks)⌋, s about b/2: as (⌊ρ₀⌋ + 1)^k ≥ n₀ + 1, the start
// x = (r₀ + 1)·2^s satisfies x^k ≥ (n₀ + 1)·2^(ks) > n, so x > ρ, and
// x − ρ ≤ (ρ₀ + 2)·2^s − ρ₀·2^s = 2^(s+1) since ρ₀·2^s ≤ ρ. One Newton
// step y = ⌊((k − 1)x + ⌊n/x^(k−1)⌋)/k⌋ is the floor of the real step
// ((k − 1)x + n/x^(k−1))/k, which lies in [ρ, ρ + (k − 1)(x − ρ)²/(2ρ)]
// (the arithmetic–geometric mean inequality below, the convexity of
// t^k − n above). With s ≤ b/2 − log₂ k − 3 that excess is below
// k·2^(2s+3−b) < 1, so y is ⌊ρ⌋ or ⌊ρ⌋ + 1: no level needs a correction,
// and each costs a few products and one division of its own size, the
// whole about the top level's. Roots of at most 64 + 2·log₂ k bits or so
// are floorRootNewton's, exact.
//
// rootApproxStep returns the same y and reports sure when y ≤ ρ, so
// y = ⌊ρ⌋: the real step is y + f with f = (c + rem/B)/k, where c is the
// step's numerator modulo k and rem the division's remainder, and
// ρ ≥ y + f − (k − 1)·2^(2s+2−b) by the bound above, so
// c·B + rem > (k − 1)·k·B·2^(2s+2−b) is enough. It fails only when the
// fraction of ρ lies within that bound, about k·2^(−2·log₂ k − 4), of the
// next integer.
func rootApprox(ctx context.Context, n *big.Int, k int) (*big.Int, error) {
	y, _, err := rootApproxStep(ctx, n, k)
	return y, err
}

func rootApproxStep(ctx context.Context, n *big.Int, k int) (*big.Int, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	b := (n.BitLen() + k - 1) / k
	s := b/2 - bits.Len(uint(k)) - 3
	if s < 32 {
		y, err := floorRootNewton(ctx, n, k)
		return y, true, err
	}
	x, err := rootApprox(ctx, new(big.Int).Rsh(n, uint(k*s)), k)
	if err != nil {
		return nil, false, err
	}
	// x = (r₀ + 1)·2^s, so ⌊n/x^(k−1)⌋ = ⌊⌊n/2^((k−1)s)⌋/(r₀ + 1)^(k−1)⌋:
	// the power and the division are on numbers (k−1)s bits shorter.
	x.Add(x, big.NewInt(1))
	q, rem, d := new(big.Int), new(big.Int), powerBig(x, k-1)
	if _, _, err := bignum.QuoRemContext(ctx, q, rem, new(big.Int).Rsh(n, uint((k-1)*s)), d); err != nil {
		return nil, false, err
	}
	x.Lsh(x, uint(s))
	y := x.Mul(x, big.NewInt(int64(k-1)))
	c := new(big.Int)
	y.Add(y, q).QuoRem(y, big.NewInt(int64(k)), c)
	// c·B + rem > (k − 1)·k·B·2^(2s+2−b), both sides times 2^(b−2s−2) ≥ 1.
	lhs := c.Mul(c, d).Add(c, rem)
	lhs.Lsh(lhs, uint(b-2*s-2))
	rhs := d.Mul(d, big.NewInt(int64(k-1)*int64(k)))
	return y, lhs.Cmp(rhs) > 0, nil
}

// powerBig is x^e, e ≥ 0, by binary powering on core/bignum's products.
func powerBig(x *big.Int, e int) *big.Int {
	if e == 0 {
		return big.NewInt(1)
	}
	z := new(big.Int).Set(x)
	for i := bits.Len(uint(e)) - 2; i >= 0; i-- {
		bignum.Sqr(z, z)
		if e>>i&1 == 1 {
			bignum.Mul(z, z, x)
		}
	}
	return z
}

// isKthPower reports whether r^k = n, first modulo the prime 2^61 − 1
// (a k-th power agrees there; anything else almost never does), then
// exactly.
func isKthPower(r, n *big.Int, k int) bool {
	m61 := big.NewInt(mersenne61)
	rm := new(big.Int).Mod(r, m61).Uint64()
	nm := new(big.Int).Mod(n, m61).Uint64()
	if powMod61(rm, uint64(k)) != nm {
		return false
	}
	return powerBig(r, k).Cmp(n) == 0
}

// floorRootNewton is ⌊n^(1/k)⌋ for n ≥ 1 and 3 ≤ k < n.BitLen() by
// Newton's iteration at full precision from 2^⌈bits(n)/k⌉, above the root,
// until it stops decreasing: rootDoubling's base case, and its reference
// (TestRootDoublingAgainstNewton).
func floorRootNewton(ctx context.Context, n *big.Int, k int) (*big.Int, error) {
	x := new(big.Int).Lsh(big.NewInt(1), uint((n.BitLen()+k-1)/k))
	kk, km1 := big.NewInt(int64(k)), big.NewInt(int64(k-1))
	y, t := new(big.Int), new(big.Int)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t.Exp(x, km1, nil)
		t.Quo(n, t)
		y.Mul(x, km1)
		y.Add(y, t)
		y.Quo(y, kk)
		if y.Cmp(x) >= 0 {
			return x, nil
		}
		x, y = y, x
	}
}

// floorRootBits is the reference: the root's bits from the top, each kept
// when the k-th power stays ≤ n. n ≥ 0.
func floorRootBits(n *big.Int, k int) *big.Int {
	r := new(big.Int)
	kk := big.NewInt(int64(k))
	for b := n.BitLen()/k + 1; b >= 0; b-- {
		c := new(big.Int).SetBit(r, b, 1)
		if new(big.Int).Exp(c, kk, nil).Cmp(n) <= 0 {
			r = c
		}
	}
	return r
}
