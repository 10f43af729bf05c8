package gfpoly

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core/modular"
)

// testPrimes spans the cases of the transforms: tiny p (2, 3, 5), primes
// with their own transform (65537 = 2^16 + 1, 998244353 = 119·2^23 + 1,
// the three transform primes), large primes without one up to the
// largest prime below 2^62 (4611686018427387847, sympy.prevprime(2**62)),
// and the wide primes (wide.go): the least prime above 2^62
// (4611686018427388039, sympy.nextprime(2**62)), 2^63 − 25 and 2^64 − 59
// (sympy.prevprime(2**63), sympy.prevprime(2**64)).
var testPrimes = []uint64{
	2, 3, 5, 7, 65537, 998244353, 2305843009213693951, // 2^61 − 1
	nttQ0, nttQ1, nttQ2, 1152921504606846883, // a 60-bit prime, 2^60 − 93
	4611686018427387847, 4611686018427388039, 1<<63 - 25, 1<<64 - 59,
}

func TestPrimes(t *testing.T) {
	for _, p := range testPrimes {
		if !modular.IsPrime(p) {
			t.Fatalf("%d is not prime", p)
		}
		if got, want := NewField(p).wide, p >= 1<<62; got != want {
			t.Errorf("NewField(%d).wide = %v", p, got)
		}
	}
	for _, q := range []uint64{nttQ0, nttQ1, nttQ2} {
		tp := newNTTPrime(q)
		if bits.TrailingZeros64(q-1) < 50 || tp.maxLog != maxNTTLog {
			t.Errorf("2-adicity of %d is %d", q, bits.TrailingZeros64(q-1))
		}
		if modular.Pow(tp.root, 1<<(tp.maxLog-1), q) != q-1 {
			t.Errorf("root for %d is not primitive", q)
		}
		if tp.qinv*q != 1 {
			t.Errorf("q⁻¹ mod 2^64 wrong for %d", q)
		}
	}
}

// lengths are the polynomial lengths tried: edges around the crossovers
// and powers of two.
func lengths(short bool) []int { // short: trim the O(n²) references
	ls := []int{0, 1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 99, 100, 101, 127, 128, 129, 199, 200, 201, 255, 256, 257}
	if !short {
		ls = append(ls, 511, 512, 513, 1023, 1025, 2047, 2048, 2049, 4097)
	}
	return ls
}

// longRun says whether p gets the long lengths: outside -short, for one
// prime with its own transform and the largest prime below 2^62.
func longRun(p uint64) bool {
	return !testing.Short() && (p == 998244353 || p == 4611686018427387847)
}

func randomPoly(rng *rand.Rand, n int, p uint64) []uint64 {
	a := make([]uint64, n)
	for i := range a {
		a[i] = rng.Uint64N(p)
	}
	if n > 0 && a[n-1] == 0 {
		a[n-1] = 1 % p
		if p == 1 {
			a[n-1] = 0
		}
	}
	return trim(a)
}

// maxPoly has every coefficient p − 1, the extreme for the accumulators.
func maxPoly(n int, p uint64) []uint64 {
	a := make([]uint64, n)
	for i := range a {
		a[i] = p - 1
	}
	return a
}

// mulReference is the product by the definition, one modular.Mul per term.
func mulReference(a, b []uint64, p uint64) []uint64 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	out := make([]uint64, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			// a + b as a − (p − b): modular.Sub holds for every p < 2^64.
			out[i+j] = modular.Sub(out[i+j], p-modular.Mul(x, y, p), p)
		}
	}
	return trim(out)
}

// divRemReference is long division with one inversion per step.
func divRemReference(a, b []uint64, p uint64) (q, r []uint64) {
	r = clone(a)
	if len(a) < len(b) {
		return nil, r
	}
	q = make([]uint64, len(a)-len(b)+1)
	for len(r) >= len(b) {
		inv, _ := modular.Inverse(b[len(b)-1], p)
		c := modular.Mul(r[len(r)-1], inv, p)
		s := len(r) - len(b)
		q[s] = c
		for j, y := range b {
			r[s+j] = modular.Sub(r[s+j], modular.Mul(c, y, p), p)
		}
		r = trim(r[:len(r)-1])
	}
	return trim(q), r
}

func gcdReference(a, b []uint64, p uint64) []uint64 {
	for len(b) > 0 {
		_, r := divRemReference(a, b, p)
		a, b = b, r
	}
	if len(a) == 0 {
		return nil
	}
	inv, _ := modular.Inverse(a[len(a)-1], p)
	out := make([]uint64, len(a))
	for i, x := range a {
		out[i] = modular.Mul(x, inv, p)
	}
	return out
}

func TestMulAgainstSchoolbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, p := range testPrimes {
		f := NewField(p)
		ls := lengths(!longRun(p))
		for _, la := range ls {
			for _, lb := range []int{0, 1, 17, la, la + 1, 2*la + 3} {
				a, b := randomPoly(rng, la, p), randomPoly(rng, lb, p)
				if got, want := f.Mul(a, b), mulReference(a, b, p); !Equal(got, want) {
					t.Fatalf("p=%d len %d×%d: product differs", p, la, lb)
				}
			}
			a := maxPoly(la, p)
			if got, want := f.Mul(a, a), mulReference(a, a, p); !Equal(got, want) {
				t.Fatalf("p=%d len %d: all-(p−1) product differs", p, la)
			}
			if got, want := f.Sqr(a), mulReference(a, a, p); !Equal(got, want) {
				t.Fatalf("p=%d len %d: all-(p−1) square differs", p, la)
			}
			b := randomPoly(rng, la, p)
			if got, want := f.Sqr(b), mulReference(b, b, p); !Equal(got, want) {
				t.Fatalf("p=%d len %d: square differs", p, la)
			}
		}
	}
}

// TestMulPaths drives each algorithm directly, so every path is checked
// whatever the crossovers are set to.
func TestMulPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 1))
	for _, p := range testPrimes {
		f := NewField(p)
		for _, n := range []int{1, 2, 33, 64, 65, 300, 1025} {
			a, b := randomPoly(rng, n, p), randomPoly(rng, n+rng.IntN(n), p)
			if len(a) == 0 || len(b) == 0 {
				continue
			}
			want := mulReference(a, b, p)
			if got := f.mulNTT(a, b); !Equal(got, want) {
				t.Fatalf("p=%d n=%d: transform product differs", p, n)
			}
			if got := f.mulNTT(a, nil); !Equal(got, mulReference(a, a, p)) {
				t.Fatalf("p=%d n=%d: transform square differs", p, n)
			}
			if got := trim(f.mulSchoolbook(a, b)); !Equal(got, want) {
				t.Fatalf("p=%d n=%d: schoolbook differs", p, n)
			}
			x, y := b, a
			out := make([]uint64, len(x)+len(y)-1)
			f.karatsuba(out, x, y)
			if got := trim(out); !Equal(got, want) {
				t.Fatalf("p=%d n=%d: Karatsuba differs", p, n)
			}
		}
	}
}

// TestGarnerPrimeCounts forces each number of transform primes on a
// large p, where only three are exact, to check that fewer are chosen only
// when exact: with one or two primes the product is wrong.
func TestGarnerPrimeCounts(t *testing.T) {
	p := uint64(4611686018427387847)
	if primesNeeded(1, p) != 3 || primesNeeded(1000, 3) != 1 || primesNeeded(1000, 1<<40+15) != 2 {
		t.Fatalf("primesNeeded: %d %d %d", primesNeeded(1, p), primesNeeded(1000, 3), primesNeeded(1000, 1<<40+15))
	}
	f := NewField(p)
	a := maxPoly(300, p)
	c := threePrimes()
	var res [3][]uint64
	for i := range 3 {
		res[i] = c.t[i].convolve(f, a, a, 599, 10)
	}
	if got := trim(f.garner([][]uint64{clone(res[0]), res[1], res[2]})); !Equal(got, mulReference(a, a, p)) {
		t.Fatal("three-prime reconstruction wrong")
	}
	if got := trim(f.garner([][]uint64{clone(res[0]), res[1]})); Equal(got, mulReference(a, a, p)) {
		t.Fatal("two primes cannot represent these products, yet matched")
	}
}

func TestDivRem(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	for _, p := range testPrimes {
		f := NewField(p)
		for _, lb := range lengths(!longRun(p)) {
			if lb == 0 {
				continue
			}
			for _, la := range []int{0, lb - 1, lb, 2*lb - 1, 2 * lb, 3*lb + 7} {
				a, b := randomPoly(rng, la, p), randomPoly(rng, lb, p)
				if len(b) == 0 {
					continue
				}
				q, r := f.DivRem(a, b)
				wq, wr := divRemReference(a, b, p)
				if !Equal(q, wq) || !Equal(r, wr) {
					t.Fatalf("p=%d len %d / %d: quotient or remainder differs", p, la, lb)
				}
				if prod := f.Mul(q, b); len(b) > 0 && !Equal(f.DivExact(prod, b), q) {
					t.Fatalf("p=%d len %d / %d: exact quotient differs", p, la, lb)
				}
				if len(r) >= len(b) || !Equal(f.Add(f.Mul(q, b), r), a) {
					t.Fatalf("p=%d len %d / %d: a ≠ q·b + r", p, la, lb)
				}
				if la >= lb && lb >= 2 {
					nq, nr := f.divRemWithInverse(a, b, f.seriesInverse(reverse(b), la-lb+1))
					if !Equal(nq, wq) || !Equal(nr, wr) {
						t.Fatalf("p=%d len %d / %d: Newton division differs", p, la, lb)
					}
				}
			}
		}
	}
}

func TestPowMod(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 1))
	for _, p := range testPrimes {
		f := NewField(p)
		for _, lm := range []int{1, 2, 5, 40, 250} {
			m := randomPoly(rng, lm, p)
			if len(m) == 0 {
				continue
			}
			a := randomPoly(rng, lm+3, p)
			for _, e := range []int64{0, 1, 2, 7, 100} {
				want := []uint64{1}
				if len(m) == 1 {
					want = nil
				}
				for range e {
					want = f.Rem(mulReference(want, a, p), m)
				}
				if got := f.PowMod(a, big.NewInt(e), m); !Equal(got, want) {
					t.Fatalf("p=%d deg m=%d e=%d: power differs", p, lm-1, e)
				}
			}
			// The base x takes shifts for its multiplications.
			x := []uint64{0, 1}
			for _, e := range []int64{0, 1, 2, 7, 100, 1<<20 - 1} {
				want := []uint64{1}
				if len(m) == 1 {
					want = nil
				}
				pw := f.Rem(x, m)
				for k := e; k > 0; k >>= 1 {
					if k&1 == 1 {
						want = f.Rem(mulReference(want, pw, p), m)
					}
					pw = f.Rem(mulReference(pw, pw, p), m)
				}
				if got := f.PowMod(x, big.NewInt(e), m); !Equal(got, want) {
					t.Fatalf("p=%d deg m=%d e=%d: power of x differs", p, lm-1, e)
				}
			}
			// a^(p^k) ≡ a(x^(p^k)) is not needed; Fermat in the quotient
			// ring by an irreducible is tested through x^p ≡ x mod x^2 − x.
			b := randomPoly(rng, lm-1, p)
			if got, want := f.MulMod(a[:lm-1], b, m), f.Rem(mulReference(a[:lm-1], b, p), m); !Equal(got, trim(want)) {
				t.Fatalf("p=%d deg m=%d: MulMod differs", p, lm-1)
			}
			// Operands of degree above deg m.
			c := randomPoly(rng, 3*lm, p)
			if got, want := f.MulMod(a, c, m), f.Rem(mulReference(a, c, p), m); !Equal(got, want) {
				t.Fatalf("p=%d deg m=%d: MulMod of unreduced operands differs", p, lm-1)
			}
		}
	}
}

func TestEvaluateAndInterpolate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	sizes := []int{0, 1, 2, 15, 16, 17, 31, 33, 100, 257, 1025}
	if !testing.Short() {
		sizes = append(sizes, 4097)
	}
	for _, p := range testPrimes {
		if p < 5000 {
			continue // too few distinct points for the larger sizes
		}
		f := NewField(p)
		for _, n := range sizes {
			xs := distinctPoints(rng, n, p)
			a := randomPoly(rng, n+5, p)
			got := f.EvaluateMany(a, xs)
			for i, x := range xs {
				if got[i] != f.Evaluate(a, x) {
					t.Fatalf("p=%d n=%d: value %d differs from Horner", p, n, i)
				}
			}
			ys := randomPoly(rng, n, p)
			ys = append(ys, make([]uint64, n-len(ys))...)
			c, err := f.Interpolate(xs, ys)
			if err != nil {
				t.Fatal(err)
			}
			if len(c) > n {
				t.Fatalf("p=%d n=%d: interpolant of degree %d", p, n, len(c)-1)
			}
			for i, v := range f.EvaluateMany(c, xs) {
				if v != ys[i] {
					t.Fatalf("p=%d n=%d: interpolant misses point %d", p, n, i)
				}
			}
		}
	}
	f := NewField(7)
	if _, err := f.Interpolate([]uint64{1, 2, 8}, []uint64{1, 1, 1}); !errors.Is(err, ErrRepeatedPoint) {
		t.Fatalf("repeated point (8 ≡ 1 mod 7) not refused: %v", err)
	}
	// All of GF(5) as points: the interpolant of x^4 values is x^4 itself.
	f5 := NewField(5)
	xs := []uint64{0, 1, 2, 3, 4}
	ys := f5.EvaluateMany([]uint64{0, 0, 0, 0, 1}, xs)
	if c, _ := f5.Interpolate(xs, ys); !Equal(c, []uint64{0, 0, 0, 0, 1}) {
		t.Fatalf("interpolating x^4 over GF(5): %v", c)
	}
}

func TestInterpolateLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("65536 points")
	}
	rng := rand.New(rand.NewPCG(6, 1))
	p := uint64(1152921504606846883)
	f := NewField(p)
	n := 1 << 16
	xs := distinctPoints(rng, n, p)
	a := randomPoly(rng, n, p)
	c, err := f.Interpolate(xs, f.EvaluateMany(a, xs))
	if err != nil {
		t.Fatal(err)
	}
	if !Equal(c, a) {
		t.Fatal("interpolating the values of a degree-65535 polynomial did not give it back")
	}
}

func distinctPoints(rng *rand.Rand, n int, p uint64) []uint64 {
	seen := map[uint64]bool{}
	xs := make([]uint64, 0, n)
	for len(xs) < n {
		x := rng.Uint64N(p)
		if !seen[x] {
			seen[x] = true
			xs = append(xs, x)
		}
	}
	return xs
}

// gcdInputs returns a·g and b·g for random a, b, g of the given lengths,
// so the gcd has degree at least len(g) − 1.
func gcdPair(f *Field, rng *rand.Rand, la, lb, lg int) ([]uint64, []uint64) {
	g := randomPoly(rng, lg, f.p)
	return f.Mul(randomPoly(rng, la, f.p), g), f.Mul(randomPoly(rng, lb, f.p), g)
}

func TestGCD(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	type shape struct{ la, lb, lg int }
	shapes := []shape{{0, 0, 1}, {0, 3, 1}, {3, 0, 2}, {1, 1, 1}, {5, 5, 1}, {40, 30, 20}, {150, 151, 60},
		{201, 200, 3}, {300, 250, 180}, {520, 510, 1}}
	if !testing.Short() {
		shapes = append(shapes, shape{1100, 1000, 500}, shape{2049, 2040, 7})
	}
	for _, p := range testPrimes {
		f := NewField(p)
		for _, s := range shapes {
			a, b := gcdPair(f, rng, s.la, s.lb, s.lg)
			want := gcdReference(a, b, p)
			if got := f.GCD(a, b); !Equal(got, want) {
				t.Fatalf("p=%d %v: gcd of degree %d, want %d", p, s, len(got)-1, len(want)-1)
			}
			// The half-gcd path from degree 100 on, whatever gcdHGCDMin is.
			if got, _ := f.gcdFrom(context.Background(), a, b, hgcdMin); !Equal(got, want) {
				t.Fatalf("p=%d %v: half-gcd path: gcd of degree %d, want %d", p, s, len(got)-1, len(want)-1)
			}
			g, u, v, _ := f.xgcdFrom(context.Background(), a, b, hgcdMin)
			if !Equal(g, want) {
				t.Fatalf("p=%d %v: half-gcd xgcd's gcd differs", p, s)
			}
			if !Equal(f.Add(f.Mul(u, a), f.Mul(v, b)), g) {
				t.Fatalf("p=%d %v: half-gcd path: s·a + t·b ≠ g", p, s)
			}
			g, u, v = f.XGCD(a, b)
			if !Equal(g, want) {
				t.Fatalf("p=%d %v: xgcd's gcd differs", p, s)
			}
			if !Equal(f.Add(f.Mul(u, a), f.Mul(v, b)), g) {
				t.Fatalf("p=%d %v: s·a + t·b ≠ g", p, s)
			}
			if len(a) > 0 && len(b) > 0 && len(b) != len(g) && len(a) != len(g) {
				if len(u)-1 >= len(b)-len(g) || len(v)-1 >= len(a)-len(g) {
					t.Fatalf("p=%d %v: cofactor degrees %d, %d not below %d, %d", p, s,
						len(u)-1, len(v)-1, len(b)-len(g), len(a)-len(g))
				}
			}
		}
	}
}

// TestHGCDStraddles checks the half-gcd contract: (c, d) = M·(a, b) with
// deg c ≥ ⌈deg a/2⌉ > deg d, and c, d consecutive Euclidean remainders.
func TestHGCDStraddles(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for _, p := range []uint64{3, 65537, 4611686018427387847} {
		f := NewField(p)
		for _, n := range []int{100, 101, 150, 257, 400, 777} {
			a := randomPoly(rng, n+1, p)
			b := randomPoly(rng, n-rng.IntN(5), p)
			if len(a) != n+1 || len(b) >= len(a) || len(b) == 0 {
				continue
			}
			mat, c, d, _ := f.hgcd(context.Background(), a, b, true)
			if mc, md := f.applyReference(mat, a, b); !Equal(mc, c) || !Equal(md, d) {
				t.Fatalf("p=%d n=%d: the pair returned is not M·(a, b)", p, n)
			}
			m := (n + 1) / 2
			if len(c)-1 < m || len(d)-1 >= m {
				t.Fatalf("p=%d n=%d: degrees %d, %d do not straddle %d", p, n, len(c)-1, len(d)-1, m)
			}
			// The Euclidean sequence passes through (c, d) up to scaling:
			// walk it to the first remainder below m.
			x, y := a, b
			for len(y)-1 >= m {
				_, r := divRemReference(x, y, p)
				x, y = y, r
			}
			if !Equal(f.Monic(x), f.Monic(c)) || !Equal(f.Monic(y), f.Monic(d)) {
				t.Fatalf("p=%d n=%d: not the Euclidean remainders", p, n)
			}
		}
	}
}

// resultantReference is the Sylvester determinant modulo p.
func resultantReference(a, b []uint64, p uint64) uint64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n, m := len(a)-1, len(b)-1
	if n+m == 0 {
		return 1 % p
	}
	mat := make(modular.Matrix, n+m)
	for i := range mat {
		mat[i] = make([]uint64, n+m)
	}
	for i := 0; i < m; i++ {
		for k := 0; k <= n; k++ {
			mat[i][i+k] = a[n-k]
		}
	}
	for i := 0; i < n; i++ {
		for k := 0; k <= m; k++ {
			mat[m+i][i+k] = b[m-k]
		}
	}
	if p >= 1<<63 {
		return determinantBig(mat, p) // modular.Determinant wants p < 2^63
	}
	return modular.Determinant(mat, p)
}

func TestResultant(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	for _, p := range testPrimes {
		if p == 2 {
			continue // modular.Determinant wants an odd prime
		}
		f := NewField(p)
		for _, la := range []int{0, 1, 2, 3, 8, 17, 40} {
			for _, lb := range []int{0, 1, 2, 5, 17, 33} {
				a, b := randomPoly(rng, la, p), randomPoly(rng, lb, p)
				if got, want := f.Resultant(a, b), resultantReference(a, b, p); got != want {
					t.Fatalf("p=%d len %d, %d: resultant %d, Sylvester %d", p, la, lb, got, want)
				}
			}
			// A common factor makes it vanish.
			a, b := gcdPair(f, rng, la, 9, 3)
			if r := f.Resultant(a, b); len(a) > 0 && r != 0 {
				t.Fatalf("p=%d: resultant %d of polynomials with a common factor", p, r)
			}
		}
	}
	// GF(2): res(x^2 + x + 1, x) = 1, res(x + 1, x^2 + 1) = (1)^2·… = 0.
	f2 := NewField(2)
	if r := f2.Resultant([]uint64{1, 1, 1}, []uint64{0, 1}); r != 1 {
		t.Fatalf("GF(2): res(x²+x+1, x) = %d", r)
	}
	if r := f2.Resultant([]uint64{1, 1}, []uint64{1, 0, 1}); r != 0 {
		t.Fatalf("GF(2): res(x+1, x²+1) = %d", r)
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := NewField(65537)
	rng := rand.New(rand.NewPCG(10, 1))
	a, b := randomPoly(rng, 3000, 65537), randomPoly(rng, 2999, 65537)
	if _, err := f.GCDContext(ctx, a, b); !errors.Is(err, context.Canceled) {
		t.Errorf("GCDContext: %v", err)
	}
	if _, _, _, err := f.XGCDContext(ctx, a, b); !errors.Is(err, context.Canceled) {
		t.Errorf("XGCDContext: %v", err)
	}
	if _, err := f.ResultantContext(ctx, a, b); !errors.Is(err, context.Canceled) {
		t.Errorf("ResultantContext: %v", err)
	}
	if _, err := f.PowModContext(ctx, a, big.NewInt(1000), b); !errors.Is(err, context.Canceled) {
		t.Errorf("PowModContext: %v", err)
	}
	xs := distinctPoints(rng, 100, 65537)
	if _, err := f.EvaluateManyContext(ctx, a, xs); !errors.Is(err, context.Canceled) {
		t.Errorf("EvaluateManyContext: %v", err)
	}
	if _, err := f.InterpolateContext(ctx, xs, xs); !errors.Is(err, context.Canceled) {
		t.Errorf("InterpolateContext: %v", err)
	}
}

func TestNewFieldRefuses(t *testing.T) {
	for _, p := range []uint64{0, 1, 4, 1 << 62, 1<<64 - 1, 1<<64 - 57} { // 2^64 − 57 = 41·163·269·8807·1165112831
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewField(%d) did not panic", p)
				}
			}()
			NewField(p)
		}()
	}
}

func ExampleField_Mul() {
	f := NewField(7)
	// (x + 1)(x + 6) = x² + 7x + 6 ≡ x² + 6 mod 7.
	fmt.Println(f.Mul([]uint64{1, 1}, []uint64{6, 1}))
	// Output: [6 0 1]
}

// TestMatrixProductsAgainstSeparate checks the shared-transform matrix
// products against separate multiplications, with empty entries and
// entries on both sides of the transform crossover.
func TestMatrixProductsAgainstSeparate(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 1))
	for _, p := range testPrimes {
		f := NewField(p)
		for _, n := range []int{0, 5, 47, 48, 255, 256, 700, 2100} {
			entry := func() []uint64 { return randomPoly(rng, rng.IntN(n+1), p) }
			m := matrix{entry(), entry(), entry(), entry()}
			k := matrix{entry(), entry(), entry(), maxPoly(n, p)}
			x, y := randomPoly(rng, 3*n+1, p), maxPoly(2*n, p)
			gx, gy := f.apply(m, x, y)
			wx, wy := f.applyReference(m, x, y)
			if !Equal(gx, wx) || !Equal(gy, wy) {
				t.Fatalf("p=%d n=%d: matrix times vector differs", p, n)
			}
			g, w := f.matMul(m, k), f.matMulReference(m, k)
			if !Equal(g.a, w.a) || !Equal(g.b, w.b) || !Equal(g.c, w.c) || !Equal(g.d, w.d) {
				t.Fatalf("p=%d n=%d: matrix product differs", p, n)
			}
		}
	}
}

// countingContext counts its polls and never ends.
type countingContext struct {
	context.Context
	polls int
}

func (c *countingContext) Err() error {
	c.polls++
	return nil
}

// TestPollsInsideLongSteps checks that the half-gcd polls inside one call
// (not only between the gcd's steps) and that the subproduct tree polls
// inside a level (more often than once per level).
func TestPollsInsideLongSteps(t *testing.T) {
	f := NewField(4611686018427387847)
	rng := rand.New(rand.NewPCG(12, 1))
	a, b := randomPoly(rng, 6001, f.p), randomPoly(rng, 6000, f.p)
	ctx := &countingContext{Context: context.Background()}
	if _, _, _, err := f.hgcd(ctx, a, b, false); err != nil || ctx.polls < 3 {
		t.Errorf("one half-gcd of degree 6000 polled %d times (%v)", ctx.polls, err)
	}
	xs := distinctPoints(rng, 3000, f.p)
	ctx = &countingContext{Context: context.Background()}
	if _, err := f.EvaluateManyContext(ctx, a, xs); err != nil || ctx.polls < 100 {
		t.Errorf("evaluation at 3000 points (12 levels) polled %d times (%v)", ctx.polls, err)
	}
}

// TestReduceWithInverse checks the prepared divisor of MulMod and PowMod
// on the Newton path (deg m ≥ divNewtonMin) against long division, and
// one PowMod there against repeated MulMod.
func TestReduceWithInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	for _, p := range []uint64{3, 998244353, 4611686018427387847} {
		f := NewField(p)
		for _, lm := range []int{divNewtonMin + 1, divNewtonMin + 200} {
			m := randomPoly(rng, lm, p)
			md := f.newModulus(m)
			if md.inv == nil {
				t.Fatalf("deg m = %d did not take the Newton path", lm-1)
			}
			for _, la := range []int{1, lm - 1, lm, 2*lm - 1, 3 * lm} {
				a := randomPoly(rng, la, p)
				_, want := divRemReference(a, m, p)
				if got := f.reduce(md, a); !Equal(got, want) {
					t.Fatalf("p=%d deg m=%d len a=%d: reduction differs", p, lm-1, la)
				}
			}
			a := randomPoly(rng, lm-1, p)
			want := []uint64{1}
			for range 5 {
				want = f.MulMod(want, a, m)
			}
			if got := f.PowMod(a, big.NewInt(5), m); !Equal(got, want) {
				t.Fatalf("p=%d deg m=%d: a^5 mod m differs", p, lm-1)
			}
		}
	}
}

// TestPreparedModulus checks MulModBy and RemBy against MulMod and Rem on
// both sides of the Newton crossover.
func TestPreparedModulus(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for _, p := range []uint64{2, 10007, 4611686018427387847} {
		f := NewField(p)
		for _, lm := range []int{1, 2, 50, preparedNTTMin + 40, divNewtonMin + 3} {
			m := randomPoly(rng, lm, p)
			if len(m) == 0 {
				continue
			}
			md := f.NewModulus(m)
			if !Equal(md.Polynomial(), m) {
				t.Fatal("the prepared divisor differs from m")
			}
			for _, la := range []int{0, lm - 1, lm, 2*lm - 1, 3*lm + 1} {
				a, b := randomPoly(rng, la, p), randomPoly(rng, lm, p)
				if got, want := f.MulModBy(a, b, md), f.MulMod(a, b, m); !Equal(got, want) {
					t.Fatalf("p=%d len m=%d len a=%d: MulModBy differs from MulMod", p, lm, la)
				}
				if got, want := f.RemBy(a, md), f.Rem(a, m); !Equal(got, want) {
					t.Fatalf("p=%d len m=%d len a=%d: RemBy differs from Rem", p, lm, la)
				}
			}
		}
	}
}

// TestEvaluateGeometric holds the chirp-z evaluation to Horner's rule at
// each power of the ratio, for random lengths on both sides of the
// transform crossovers, ratios 1, p − 1 and random, and n beyond the
// order of the ratio.
func TestEvaluateGeometric(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	for i := range 60 {
		p := []uint64{2, 3, 65521, 998244353, benchPrime}[i%5]
		f := NewField(p)
		m, n := rng.IntN(700), rng.IntN(700)
		a := randomPoly(rng, m, p)
		g := []uint64{1, p - 1, 1 + rng.Uint64N(p-1)}[i%3] % p
		if g == 0 {
			g = 1
		}
		got := f.EvaluateGeometric(a, g, n)
		x := uint64(1)
		for j := range n {
			if want := f.Evaluate(a, x); got[j] != want {
				t.Fatalf("p = %d, m = %d, g = %d: a(g^%d) = %d, Horner %d", p, m, g, j, got[j], want)
			}
			x = modular.Mul(x, g, p)
		}
	}
}

// TestRemLinearAgainstReference checks the fused linear-quotient step of
// Euclid's algorithm against long division, and Euclid's algorithm built
// on it against gcdReference, over primes of 30, 60 and 62 bits. Leading and next
// coefficients are sometimes forced so that one of the two eliminations
// has a zero multiplier.
func TestRemLinearAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1000))
	for _, p := range []uint64{1073741789, 1152921504606846883, 4611686018427387847} {
		f := NewField(p)
		for _, m := range []int{1, 2, 3, 7, 64, 257} {
			for trial := range 40 {
				a, b := randomPoly(rng, m+2, p), randomPoly(rng, m+1, p)
				switch trial % 4 {
				case 1: // c₀ = 0: a's second coefficient after the first elimination vanishes.
					inv, _ := modular.Inverse(b[m], p)
					c1 := modular.Mul(a[m+1], inv, p)
					a[m] = modular.Mul(c1, b[m-1], p)
				case 2: // the remainder has small degree
					copy(a[:m], make([]uint64, m))
				}
				_, want := divRemReference(a, b, p)
				got := f.remInPlace(clone(a), b)
				if !slices.Equal(got, want) {
					t.Fatalf("p=%d m=%d trial %d: a mod b = %v, want %v", p, m, trial, got, want)
				}
			}
		}
		for _, n := range []int{2, 10, 100, 1000} {
			g := randomPoly(rng, n/5+1, p)
			a := f.Mul(g, randomPoly(rng, n-n/5, p))
			b := f.Mul(g, randomPoly(rng, n-n/5-1, p))
			got, err := f.euclid(context.Background(), a, b)
			if err != nil {
				t.Fatal(err)
			}
			if want := gcdReference(a, b, p); !slices.Equal(got, want) {
				t.Fatalf("p=%d n=%d: euclid differs from gcdReference", p, n)
			}
		}
	}
}
