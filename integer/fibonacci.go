package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// MaxFibonacciIndex bounds |n| in fibonacci: L_n ≈ φ^n has 0.209·n
// digits, 94,043 at n = 450,000, within the 100,000 an integer result may
// have.
const MaxFibonacciIndex = 450_000

// FibonacciRequest asks for F_n and L_n.
type FibonacciRequest struct {
	N int `json:"n" jsonschema:"any index with |n| ≤ 450000"`
}

// FibonacciResult holds the Fibonacci and Lucas numbers of index n.
type FibonacciResult struct {
	Fibonacci core.Integer `json:"fibonacci" jsonschema:"F_n: F_0 = 0, F_1 = 1, F_(n+1) = F_n + F_(n−1)"`
	Lucas     core.Integer `json:"lucas" jsonschema:"L_n: L_0 = 2, L_1 = 1, L_(n+1) = L_n + L_(n−1)"`
}

// fibonacciOperation computes F_n and L_n together by fast doubling:
// from (F_k, F_(k+1)),
//
//	F_(2k) = F_k(2F_(k+1) − F_k),  F_(2k+1) = F_k² + F_(k+1)²,
//
// one bit of n at a time from the top, so O(log n) squarings of growing
// size, the last ones dominating and done by core/bignum's transform
// product above its crossover (Takahashi, "A fast algorithm for
// computing large Fibonacci numbers", Inf. Proc. Letters 75 (2000)).
// Then L_n = 2F_(n+1) − F_n. Negative indices follow F_(−n) =
// (−1)^(n+1) F_n and L_(−n) = (−1)^n L_n. The postcondition is
// independent: L_n² − 5F_n² = 4(−1)^n, which only consecutive-index pairs
// (F_k, L_k) satisfy, and F_n modulo 2^61 − 1 from the 2×2 matrix power
// [[1, 1], [1, 0]]^|n| there, which fixes the index.
//
// Canonical result: F_n and L_n as decimal strings.
func fibonacciOperation() core.Operation[FibonacciRequest, FibonacciResult] {
	return core.Operation[FibonacciRequest, FibonacciResult]{
		ID:         "integer.compute.fibonacci",
		Title:      "Fibonacci and Lucas numbers",
		Summary:    "The Fibonacci number F_n and the Lucas number L_n for |n| ≤ 450000 (negative indices included), exactly, by fast doubling.",
		Keywords:   []string{"fibonacci", "fibonacci number", "lucas", "lucas number", "golden ratio", "fast doubling", "F_n", "L_n"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/n": MaxFibonacciIndex},
		Limits: []core.Limit{{
			Name: "index", Max: MaxFibonacciIndex, Unit: "|n|",
			Description: "|n| is at most this (the results stay within 100,000 digits)",
			Beyond:      func() string { return fmt.Sprintf(`{"n":%d}`, -MaxFibonacciIndex-1) },
			At:          func() string { return fmt.Sprintf(`{"n":%d}`, -MaxFibonacciIndex) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "n as a string", Payload: `{"n":"5"}`, Code: core.InvalidPayload, Path: "/payload/n"},
			}
		},
		Preflight: func(ctx context.Context, q FibonacciRequest) error {
			if q.N > MaxFibonacciIndex || q.N < -MaxFibonacciIndex {
				return core.Refusef("n is %d; |n| at most %d is allowed", q.N, MaxFibonacciIndex)
			}
			return nil
		},
		Run: func(ctx context.Context, q FibonacciRequest) (FibonacciResult, error) {
			f, l := fibonacciLucas(q.N)
			return FibonacciResult{core.Int(f), core.Int(l)}, nil
		},
		Postcondition: func(ctx context.Context, q FibonacciRequest, r FibonacciResult) error {
			f, l := r.Fibonacci.Big(), r.Lucas.Big()
			lhs := bignum.Sqr(new(big.Int), l)
			lhs.Sub(lhs, new(big.Int).Mul(big.NewInt(5), bignum.Sqr(new(big.Int), f)))
			want := big.NewInt(4)
			if q.N%2 != 0 {
				want.Neg(want)
			}
			if lhs.Cmp(want) != 0 {
				return fmt.Errorf("the pair breaks L_n² − 5F_n² = 4(−1)^n")
			}
			m := fibonacciMod(uint64(abs(q.N)), checkPrime)
			if q.N < 0 && q.N%2 == 0 && m != 0 {
				m = checkPrime - m
			}
			if got := new(big.Int).Mod(f, new(big.Int).SetUint64(checkPrime)).Uint64(); got != m {
				return fmt.Errorf("the matrix power gives F_n ≡ %d (mod 2^61 − 1), not %d", m, got)
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: fibonacci(10) = 55, fibonacci(9) + fibonacci(11) = 123
			{Title: "index 10", Payload: json.RawMessage(`{"n":10}`), Result: json.RawMessage(`{"fibonacci":"55","lucas":"123"}`)},
			// PARI/GP 2.15: fibonacci(100)
			{Title: "index 100", Payload: json.RawMessage(`{"n":100}`), Result: json.RawMessage(`{"fibonacci":"354224848179261915075","lucas":"792070839848372253127"}`)},
			// F_(−8) = −F_8 = −21, L_(−8) = L_8 = 47
			{Title: "a negative index", Payload: json.RawMessage(`{"n":-8}`), Result: json.RawMessage(`{"fibonacci":"-21","lucas":"47"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) FibonacciRequest {
			return FibonacciRequest{rng.IntN(20001) - 10000}
		},
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// fibonacciLucas returns F_n and L_n for any n.
func fibonacciLucas(n int) (*big.Int, *big.Int) {
	f, f1 := fibonacciPair(uint(abs(n)))
	l := new(big.Int).Lsh(f1, 1)
	l.Sub(l, f)
	if n < 0 {
		if n%2 == 0 {
			f.Neg(f)
		} else {
			l.Neg(l)
		}
	}
	return f, l
}

// fibonacciPair returns (F_n, F_(n+1)) by fast doubling.
func fibonacciPair(n uint) (*big.Int, *big.Int) {
	a, b := big.NewInt(0), big.NewInt(1) // F_k, F_(k+1), k = 0
	t, u := new(big.Int), new(big.Int)
	for i := bitLen(n) - 1; i >= 0; i-- {
		// (a, b) → (F_2k, F_2k+1)
		t.Lsh(b, 1)
		t.Sub(t, a)
		bignum.Mul(t, t, a) // F_2k
		bignum.Sqr(u, a)
		bignum.Sqr(a, b)
		u.Add(u, a) // F_2k+1
		a, t = t, a
		b, u = u, b
		if n>>uint(i)&1 == 1 {
			// (F_2k, F_2k+1) → (F_2k+1, F_2k+2)
			t.Add(a, b)
			a, b, t = b, t, a
		}
	}
	return a, b
}

func bitLen(n uint) int {
	l := 0
	for ; n > 0; n >>= 1 {
		l++
	}
	return l
}

// fibonacciMod is F_n mod m by the matrix power [[1, 1], [1, 0]]^n.
func fibonacciMod(n, m uint64) uint64 {
	// r = [[r0, r1], [r1, r2]] symmetric, as every power of the matrix is.
	r0, r1, r2 := uint64(1)%m, uint64(0), uint64(1)%m
	b0, b1, b2 := uint64(1)%m, uint64(1)%m, uint64(0)
	mul := func(a0, a1, a2, c0, c1, c2 uint64) (uint64, uint64, uint64) {
		return (mulMod(a0, c0, m) + mulMod(a1, c1, m)) % m,
			(mulMod(a0, c1, m) + mulMod(a1, c2, m)) % m,
			(mulMod(a1, c1, m) + mulMod(a2, c2, m)) % m
	}
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r0, r1, r2 = mul(r0, r1, r2, b0, b1, b2)
		}
		b0, b1, b2 = mul(b0, b1, b2, b0, b1, b2)
	}
	return r1
}
