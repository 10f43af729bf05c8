package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// MaxFibonacciIndex bounds |n| in fibonacci: L_n ≈ φ^n has 0.209·n
// digits, 94,043 at n = 450,000, within the 100,000 an integer result may
// have.
const MaxFibonacciIndex = 450_000

// FibonacciRequest asks for F_n, and for L_n beside it when Lucas is set.
type FibonacciRequest struct {
	N     int  `json:"n" jsonschema:"any index with |n| ≤ 450000"`
	Lucas bool `json:"lucas,omitempty" jsonschema:"also return the Lucas number L_n (default false: F_n alone, as PARI/GP's fibonacci(n); L_n costs one addition more, and as many digits again to render)"`
}

// FibonacciResult holds the Fibonacci and Lucas numbers of index n.
type FibonacciResult struct {
	Fibonacci renderedInteger  `json:"fibonacci" jsonschema:"F_n: F_0 = 0, F_1 = 1, F_(n+1) = F_n + F_(n−1)"`
	Lucas     *renderedInteger `json:"lucas,omitempty" jsonschema:"L_n: L_0 = 2, L_1 = 1, L_(n+1) = L_n + L_(n−1) (when asked for)"`
}

// renderedInteger is a core.Integer (the same schema, decoding and value)
// that may carry its decimal digits, written before encoding: the encoder
// renders a result's fields one after the other, and the conversion of
// one long integer leaves the second processor idle much of the time (its
// top division runs alone), so two long integers rendered side by side
// take little more than one (F_400000 and L_400000, 84k digits each:
// 7.5 → 4.6 ms).
type renderedInteger struct {
	core.Integer
	digits []byte // nil: rendered when encoded
}

// MarshalText gives the digits written ahead, or renders them.
func (r renderedInteger) MarshalText() ([]byte, error) {
	if r.digits != nil {
		return r.digits, nil
	}
	return r.Integer.MarshalText()
}

// renderConcurrentWords is the length from which two integers are
// rendered on separate goroutines: below it a conversion (a few
// microseconds) is not worth a goroutine.
const renderConcurrentWords = 256

// renderPair wraps x and y, rendering their digits concurrently when both
// are long and a second processor is there.
func renderPair(x, y *big.Int) (renderedInteger, renderedInteger) {
	rx, ry := renderedInteger{Integer: core.Int(x)}, renderedInteger{Integer: core.Int(y)}
	if min(len(x.Bits()), len(y.Bits())) < renderConcurrentWords || runtime.GOMAXPROCS(0) < 2 {
		return rx, ry
	}
	var wg sync.WaitGroup
	wg.Go(func() { rx.digits = bignum.AppendDecimal(nil, x) })
	ry.digits = bignum.AppendDecimal(nil, y)
	wg.Wait()
	return rx, ry
}

// fibonacciOperation computes F_n and L_n together by fast doubling on
// consecutive Fibonacci numbers with two squarings a step: from
// (F_k, F_(k−1)),
//
//	F_(2k+1) = 4F_k² − F_(k−1)² + 2(−1)^k,  F_(2k−1) = F_k² + F_(k−1)²,
//
// and F_(2k) = F_(2k+1) − F_(2k−1), one bit of n at a time from the top
// (the identities follow from F_(m+n) = F_m F_(n+1) + F_(m−1) F_n, Knuth,
// TAOCP vol. 1, §1.2.8, eq. (6), and Cassini's identity; GMP's
// mpz_fib2_ui uses the same recurrence). The squarings of growing size, the
// last ones dominating, run on core/bignum's transform product above its
// crossover, where a square costs two transforms against a product's
// three. The last step leaves (F_n, F_(n−1)), so L_n = F_n + 2F_(n−1)
// costs one addition. Negative indices follow F_(−n) = (−1)^(n+1) F_n and
// L_(−n) = (−1)^n L_n. The postcondition is independent and linear in the
// size of the result: the bit lengths of F_n and L_n against
// |n|·log₂φ − log₂√5 and |n|·log₂φ, and F_n and L_n modulo the primes 2^61 − 1 and 2^64 − 59 against the 2×2
// matrix power [[1, 1], [1, 0]]^|n| = [[F_(n+1), F_n], [F_n, F_(n−1)]]
// there. The decimal digits of F_n and L_n, most of the cost of a large
// index, are written side by side (renderPair).
//
// Canonical result: F_n, and L_n when asked for, as decimal strings.
func fibonacciOperation() core.Operation[FibonacciRequest, FibonacciResult] {
	return core.Operation[FibonacciRequest, FibonacciResult]{
		ID:         "integer.compute.fibonacci",
		Title:      "Fibonacci and Lucas numbers",
		Summary:    "The Fibonacci number F_n, and the Lucas number L_n on request, for |n| ≤ 450000 (negative indices included), exactly, by fast doubling.",
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
			if !q.Lucas {
				return FibonacciResult{Fibonacci: renderedInteger{Integer: core.Int(f)}}, nil
			}
			rf, rl := renderPair(f, l)
			return FibonacciResult{rf, &rl}, nil
		},
		Postcondition: func(ctx context.Context, q FibonacciRequest, r FibonacciResult) error {
			if q.Lucas != (r.Lucas != nil) {
				return fmt.Errorf("the Lucas number was asked for: %v, given: %v", q.Lucas, r.Lucas != nil)
			}
			var l *big.Int
			if r.Lucas != nil {
				l = r.Lucas.Big()
			}
			return checkFibonacci(q.N, r.Fibonacci.Big(), l)
		},
		Examples: []core.Example{
			// PARI/GP 2.15: fibonacci(10) = 55
			{Title: "index 10", Payload: json.RawMessage(`{"n":10}`), Result: json.RawMessage(`{"fibonacci":"55"}`)},
			// PARI/GP 2.15: fibonacci(100), fibonacci(99) + fibonacci(101)
			{Title: "index 100 with the Lucas number", Payload: json.RawMessage(`{"n":100,"lucas":true}`), Result: json.RawMessage(`{"fibonacci":"354224848179261915075","lucas":"792070839848372253127"}`)},
			// F_(−8) = −F_8 = −21, L_(−8) = L_8 = 47
			{Title: "a negative index", Payload: json.RawMessage(`{"n":-8,"lucas":true}`), Result: json.RawMessage(`{"fibonacci":"-21","lucas":"47"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) FibonacciRequest {
			return FibonacciRequest{N: rng.IntN(20001) - 10000, Lucas: rng.IntN(2) == 0}
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
	f, g := fibonacciConsecutive(uint(abs(n)))
	l := g.Lsh(g, 1)
	l.Add(l, f)
	if n < 0 {
		if n%2 == 0 {
			f.Neg(f)
		} else {
			l.Neg(l)
		}
	}
	return f, l
}

// fibonacciParallelWords is the length of F_k from which the two squarings
// of a doubling step run on separate goroutines: neither math/big's
// Karatsuba nor a transform product of fewer than 4096 words uses the
// second processor on its own, and at 128 words a squaring (some 20 µs)
// far outweighs starting a goroutine.
const fibonacciParallelWords = 128

// fibonacciConsecutive returns (F_n, F_(n−1)) by the two-squaring fast
// doubling of fibonacciOperation, the squarings of a step concurrent.
func fibonacciConsecutive(n uint) (*big.Int, *big.Int) {
	if n == 0 {
		return big.NewInt(0), big.NewInt(1) // F_0, F_(−1)
	}
	f, g := big.NewInt(1), big.NewInt(0) // F_k, F_(k−1), k = 1
	odd := true                          // k is odd
	f2, g2 := new(big.Int), new(big.Int)
	for i := bitLen(n) - 2; i >= 0; i-- {
		if len(f.Bits()) >= fibonacciParallelWords && runtime.GOMAXPROCS(0) > 1 {
			var wg sync.WaitGroup
			wg.Go(func() { bignum.Sqr(f2, f) })
			bignum.Sqr(g2, g)
			wg.Wait()
		} else {
			bignum.Sqr(f2, f)
			bignum.Sqr(g2, g)
		}
		// f ← F_(2k+1) = 4F_k² − F_(k−1)² + 2(−1)^k, g ← F_(2k−1).
		f.Lsh(f2, 2)
		f.Sub(f, g2)
		if odd {
			f.Sub(f, two)
		} else {
			f.Add(f, two)
		}
		g.Add(f2, g2)
		// f2 ← F_(2k) = F_(2k+1) − F_(2k−1).
		f2.Sub(f, g)
		if n>>uint(i)&1 == 1 {
			// (F_(2k+1), F_(2k))
			g, f2 = f2, g
			odd = true
		} else {
			// (F_(2k), F_(2k−1))
			f, f2 = f2, f
			odd = false
		}
	}
	return f, g
}

var two = big.NewInt(2)

func bitLen(n uint) int {
	l := 0
	for ; n > 0; n >>= 1 {
		l++
	}
	return l
}

// checkFibonacci is the postcondition of fibonacci: f and l are F_n and L_n
// if their bit lengths are those of φ^|n|/√5 and φ^|n| and their residues
// modulo two word primes are those of the matrix power. A nil l (L_n not
// asked for) is not checked.
func checkFibonacci(n int, f, l *big.Int) error {
	m := uint64(abs(n))
	if m > 100 {
		// F_m = φ^m/√5 rounded and L_m = φ^m rounded; the float
		// logarithms err by far less than the one bit allowed.
		lf := float64(m)*math.Log2(math.Phi) - 0.5*math.Log2(5)
		ll := float64(m) * math.Log2(math.Phi)
		if d := float64(f.BitLen()) - lf; d < -1 || d > 2 {
			return fmt.Errorf("the Fibonacci number has %d bits; φ^|n|/√5 has %.1f", f.BitLen(), lf)
		}
		if l != nil {
			if d := float64(l.BitLen()) - ll; d < -1 || d > 2 {
				return fmt.Errorf("the Lucas number has %d bits; φ^|n| has %.1f", l.BitLen(), ll)
			}
		}
	}
	for _, p := range []uint64{checkPrime, 1<<64 - 59} {
		next, fm, prev := fibonacciMod(m, p)
		lm := next + prev // L_m = F_(m+1) + F_(m−1), reduced below
		if lm < next || lm >= p {
			lm -= p
		}
		if n < 0 {
			if n%2 == 0 {
				fm = (p - fm) % p
			} else {
				lm = (p - lm) % p
			}
		}
		residue := residueMersenne61
		if p != checkPrime {
			residue = func(x *big.Int) uint64 { return residueBelow2to64(x, -p) }
		}
		if got := residue(f); got != fm {
			return fmt.Errorf("the matrix power gives F_n ≡ %d (mod %d), not %d", fm, p, got)
		}
		if l == nil {
			continue
		}
		if got := residue(l); got != lm {
			return fmt.Errorf("the matrix power gives L_n ≡ %d (mod %d), not %d", lm, p, got)
		}
	}
	return nil
}

// fibonacciMod is (F_(n+1), F_n, F_(n−1)) mod m, the entries of the matrix
// power [[1, 1], [1, 0]]^n, by binary powering.
func fibonacciMod(n, m uint64) (uint64, uint64, uint64) {
	// r = [[r0, r1], [r1, r2]] symmetric, as every power of the matrix is.
	r0, r1, r2 := uint64(1)%m, uint64(0), uint64(1)%m
	b0, b1, b2 := uint64(1)%m, uint64(1)%m, uint64(0)
	add := func(a, b uint64) uint64 { // a + b mod m for a, b < m, without overflow
		if a >= m-b {
			return a - (m - b)
		}
		return a + b
	}
	mul := func(a0, a1, a2, c0, c1, c2 uint64) (uint64, uint64, uint64) {
		return add(mulMod(a0, c0, m), mulMod(a1, c1, m)),
			add(mulMod(a0, c1, m), mulMod(a1, c2, m)),
			add(mulMod(a1, c1, m), mulMod(a2, c2, m))
	}
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r0, r1, r2 = mul(r0, r1, r2, b0, b1, b2)
		}
		b0, b1, b2 = mul(b0, b1, b2, b0, b1, b2)
	}
	return r0, r1, r2
}
