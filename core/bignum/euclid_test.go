package bignum

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// continuedFractionRef is the quadratic reference: Euclid's algorithm one
// division at a time, with floor division for a_0.
func continuedFractionRef(x, y *big.Int) []*big.Int {
	p, q := new(big.Int).Set(x), new(big.Int).Set(y)
	if q.Sign() < 0 {
		p.Neg(p)
		q.Neg(q)
	}
	var terms []*big.Int
	for q.Sign() != 0 {
		a, r := new(big.Int).DivMod(p, q, new(big.Int))
		terms = append(terms, a)
		p, q = q, r
	}
	return terms
}

// euclidBelowRef is the quadratic reference for EuclidBelow: the extended
// Euclidean algorithm one division at a time.
func euclidBelowRef(a, b, bound *big.Int) (r, s, t *big.Int) {
	r0, r1 := new(big.Int).Set(a), new(big.Int).Set(b)
	s0, s1 := big.NewInt(1), new(big.Int)
	t0, t1 := new(big.Int), big.NewInt(1)
	if r0.Cmp(bound) <= 0 {
		return r0, s0, t0
	}
	for r1.Cmp(bound) > 0 {
		q, rr := new(big.Int).QuoRem(r0, r1, new(big.Int))
		r0, r1 = r1, rr
		s0, s1 = s1, new(big.Int).Sub(s0, new(big.Int).Mul(q, s1))
		t0, t1 = t1, new(big.Int).Sub(t0, new(big.Int).Mul(q, t1))
	}
	return r1, s1, t1
}

// euclidSizes are operand sizes in bits around the Lehmer and half-gcd
// switch-overs (hgcdThreshold for hgcd and reduceAbove, twice and three
// times it for the recursion's second level, seqLehmerBits for the
// quotient sequences without a matrix).
func euclidSizes() []int {
	sizes := []int{1, 2, 3, 10, 62, 63, 64, 65, 127, 128, 129, 300, 1000,
		hgcdThreshold - 1, hgcdThreshold, hgcdThreshold + 1, 2*hgcdThreshold + 3,
		seqLehmerBits - 1, seqLehmerBits, seqLehmerBits + 1}
	if !testing.Short() {
		sizes = append(sizes, 3*hgcdThreshold+1, 2*seqLehmerBits+5, 5*hgcdThreshold)
	}
	return sizes
}

// fibonacciPair returns F_(k+1), F_k: all partial quotients 1, the longest
// expansion for its size.
func fibonacciPair(k int) (*big.Int, *big.Int) {
	a, b := big.NewInt(1), big.NewInt(1)
	for range k {
		a, b = new(big.Int).Add(a, b), a
	}
	return a, b
}

// euclidPairs returns positive pairs of about n bits: random, a shared
// factor, equal, consecutive, one a multiple of the other plus a little (a
// huge quotient), Fibonacci neighbours, all-ones words, sizes far apart,
// sizes 100 bits apart (a first quotient beyond Lehmer's word pass).
func euclidPairs(rng *rand.Rand, n int) [][2]*big.Int {
	a, b := randomBits(rng, n), randomBits(rng, n)
	f := randomBits(rng, n/3+1)
	fa := new(big.Int).Mul(f, randomBits(rng, n-n/3+1))
	fb := new(big.Int).Mul(f, randomBits(rng, max(1, n-n/3-5)))
	small := randomBits(rng, n/5+1)
	big1 := new(big.Int).Mul(small, randomBits(rng, n))
	big1.Add(big1, big.NewInt(1))
	fib1, fib0 := fibonacciPair(n * 100 / 69)
	ones := randomWords(rng, (n+63)/64, true)
	return [][2]*big.Int{
		{a, b}, {b, a},
		{fa, fb},
		{a, new(big.Int).Set(a)},
		{a, new(big.Int).Add(a, big.NewInt(1))},
		{big1, small}, {small, big1},
		{fib1, fib0}, {fib0, fib1},
		{ones, new(big.Int).Rsh(ones, 64).Add(new(big.Int).Rsh(ones, 64), big.NewInt(1))},
		{a, big.NewInt(1)}, {big.NewInt(1), a},
		{new(big.Int).Add(a, b), b},
		{a, new(big.Int).Rsh(b, uint(min(100, n/2))).Add(new(big.Int).Rsh(b, uint(min(100, n/2))), big.NewInt(1))},
	}
}

// TestContinuedFraction compares ContinuedFraction with the quadratic
// reference, signs and zero included.
func TestContinuedFraction(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	ctx := context.Background()
	for _, n := range euclidSizes() {
		for i, c := range euclidPairs(rng, n) {
			for _, sx := range []int{1, -1} {
				x := new(big.Int).Mul(c[0], big.NewInt(int64(sx)))
				y := c[1]
				got, err := ContinuedFraction(ctx, x, y)
				if err != nil {
					t.Fatal(err)
				}
				want := continuedFractionRef(x, y)
				if !sameInts(got, want) {
					t.Fatalf("n=%d case %d sign %d: %d terms, the reference %d", n, i, sx, len(got), len(want))
				}
			}
		}
	}
	for _, c := range [][2]int64{{0, 1}, {0, -5}, {7, 1}, {-7, 1}, {7, -3}, {-7, -3}, {1, 7}, {355, 113}, {3, 2}} {
		x, y := big.NewInt(c[0]), big.NewInt(c[1])
		got, err := ContinuedFraction(ctx, x, y)
		if err != nil || !sameInts(got, continuedFractionRef(x, y)) {
			t.Fatalf("%d/%d: %v %v, the reference %v", c[0], c[1], got, err, continuedFractionRef(x, y))
		}
	}
	// PARI/GP 2.15: contfrac(355/113) = [3, 7, 16], contfrac(-7/3) = [-3, 1, 2].
	for _, c := range []struct {
		x, y int64
		want []int64
	}{{355, 113, []int64{3, 7, 16}}, {-7, 3, []int64{-3, 1, 2}}} {
		got, _ := ContinuedFraction(ctx, big.NewInt(c.x), big.NewInt(c.y))
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Fatalf("%d/%d: %v, PARI/GP %v", c.x, c.y, got, c.want)
		}
	}
	if _, err := ContinuedFraction(ctx, big.NewInt(1), new(big.Int)); err == nil {
		t.Fatal("a zero denominator was accepted")
	}
}

func sameInts(a, b []*big.Int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

// TestJacobi compares Jacobi with math/big's big.Jacobi (the binary
// algorithm) on odd moduli, negative and shared-factor numerators
// included.
func TestJacobi(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	ctx := context.Background()
	counts := map[int]int{}
	for _, n := range euclidSizes() {
		for i, c := range euclidPairs(rng, n) {
			m := new(big.Int).SetBit(c[1], 0, 1)
			for _, a := range []*big.Int{c[0], new(big.Int).Neg(c[0]), new(big.Int).Lsh(c[0], 1), new(big.Int).Lsh(c[0], 2), new(big.Int).Lsh(c[0], 3)} {
				got, err := Jacobi(ctx, a, m)
				if err != nil {
					t.Fatal(err)
				}
				if want := big.Jacobi(a, m); got != want {
					t.Fatalf("n=%d case %d: Jacobi %d, big.Jacobi %d", n, i, got, want)
				}
				counts[got]++
			}
		}
	}
	// Every value occurs, so no branch of the sign's state goes untested.
	if counts[-1] == 0 || counts[0] == 0 || counts[1] == 0 {
		t.Fatalf("values seen: %v", counts)
	}
	// Exhaustive on small operands, where big.Jacobi is the definition's
	// stand-in.
	for m := int64(1); m < 200; m += 2 {
		for a := int64(-300); a < 300; a++ {
			got, err := Jacobi(ctx, big.NewInt(a), big.NewInt(m))
			if want := big.Jacobi(big.NewInt(a), big.NewInt(m)); err != nil || got != want {
				t.Fatalf("(%d | %d) = %d %v, big.Jacobi %d", a, m, got, err, want)
			}
		}
	}
	for _, m := range []int64{0, 2, -3, 10} {
		if _, err := Jacobi(ctx, big.NewInt(3), big.NewInt(m)); err == nil {
			t.Fatalf("n = %d was accepted", m)
		}
	}
}

// TestEuclidBelow compares EuclidBelow and EuclidBelowCofactor with the
// extended Euclidean reference for bounds from 0 to above both operands,
// and checks r = s·a + t·b.
func TestEuclidBelow(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 3))
	ctx := context.Background()
	for _, n := range euclidSizes() {
		for i, c := range euclidPairs(rng, n) {
			a, b := c[0], c[1]
			if i%2 == 1 && a.Cmp(b) > 0 {
				b = new(big.Int).Mod(b, a)
			}
			bits := []int{0, 1, n / 4, n / 2, n/2 + 1, 3 * n / 4, n - 1, n, n + 1}
			if n > 6000 {
				// The reference is quadratic: fewer bounds on large pairs.
				bits = []int{n / 2, 2 * n / 3}
			}
			for _, bb := range bits {
				for _, bound := range []*big.Int{randomBits(rng, bb), new(big.Int).Lsh(big.NewInt(1), uint(bb)), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bb)), big.NewInt(1))} {
					r, s, tt, err := EuclidBelow(ctx, a, b, bound)
					if err != nil {
						t.Fatal(err)
					}
					wr, ws, wt := euclidBelowRef(a, b, bound)
					if r.Cmp(wr) != 0 || s.Cmp(ws) != 0 || tt.Cmp(wt) != 0 {
						t.Fatalf("n=%d case %d bound of %d bits: differs from the reference", n, i, bound.BitLen())
					}
					v := new(big.Int).Mul(s, a)
					v.Add(v, new(big.Int).Mul(tt, b))
					if v.Cmp(r) != 0 {
						t.Fatalf("n=%d case %d: r ≠ s·a + t·b", n, i)
					}
					r1, t1, err := EuclidBelowCofactor(ctx, a, b, bound)
					if err != nil {
						t.Fatal(err)
					}
					if r1.Cmp(wr) != 0 || t1.Cmp(wt) != 0 {
						t.Fatalf("n=%d case %d bound of %d bits: EuclidBelowCofactor differs from the reference", n, i, bound.BitLen())
					}
				}
			}
		}
	}
	if _, _, _, err := EuclidBelow(ctx, big.NewInt(-1), big.NewInt(1), big.NewInt(1)); err == nil {
		t.Fatal("a negative operand was accepted")
	}
	if _, _, err := EuclidBelowCofactor(ctx, big.NewInt(1), big.NewInt(-1), big.NewInt(1)); err == nil {
		t.Fatal("EuclidBelowCofactor accepted a negative operand")
	}
}

// TestEuclidCancel: the kernels stop on a cancelled context.
func TestEuclidCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 4))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, b := randomBits(rng, 8*hgcdThreshold), randomBits(rng, 8*hgcdThreshold)
	b.SetBit(b, 0, 1)
	if _, err := ContinuedFraction(ctx, a, b); err == nil {
		t.Fatal("ContinuedFraction ignored the cancellation")
	}
	if _, err := Jacobi(ctx, a, b); err == nil {
		t.Fatal("Jacobi ignored the cancellation")
	}
	if _, _, _, err := EuclidBelow(ctx, a, b, big.NewInt(1)); err == nil {
		t.Fatal("EuclidBelow ignored the cancellation")
	}
}

func BenchmarkEuclid(b *testing.B) {
	ctx := context.Background()
	for _, d := range []int{200, 2000, 10_000, 100_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 12))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		y.SetBit(y, 0, 1)
		b.Run(fmt.Sprintf("jacobi/digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				Jacobi(ctx, x, y)
			}
		})
		if d <= 10_000 {
			b.Run(fmt.Sprintf("jacobi/digits=%d/math-big", d), func(b *testing.B) {
				for b.Loop() {
					big.Jacobi(x, y)
				}
			})
		}
		b.Run(fmt.Sprintf("contfrac/digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				ContinuedFraction(ctx, x, y)
			}
		})
		bound := new(big.Int).Sqrt(new(big.Int).Rsh(y, 1))
		b.Run(fmt.Sprintf("below/digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				EuclidBelow(ctx, y, new(big.Int).Mod(x, y), bound)
			}
		})
		b.Run(fmt.Sprintf("below-cofactor/digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				EuclidBelowCofactor(ctx, y, new(big.Int).Mod(x, y), bound)
			}
		})
	}
}
