package gfpoly

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestPreparedProducts holds the prepared reductions (MulModBy, RemBy,
// MulModPrepared, MulModDifference, PowMod on a prepared divisor) to the plain product and
// the classical division, over a small prime, a prime with its own
// transform and 60- and 62-bit primes (two and three transform primes),
// at degrees around the preparation threshold and the power-of-two
// lengths where the wrapped product changes size, on random residues and
// at the top of the coefficient bounds.
func TestPreparedProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for _, p := range []uint64{2, 10007, 998244353, 1<<31 - 1, 1<<61 - 1, benchPrime, 4611686018427387847, 1<<64 - 59} {
		f := NewField(p)
		// 257 to 321, 513 to 641 and 1025 to 1281 split the quotient
		// (splitQuotient), with no top at 257, 513 and 1025 and the
		// largest at 321, 641 and 1281; 322 and 642 are the first past it.
		for _, n := range []int{1, 2, 31, 32, 33, 127, 128, 129, 255, 256, 257, 258, 300, 320, 321, 322, 511, 512, 513, 600, 641, 642, 1000, 1025, 1100, 1281} {
			t.Run(fmt.Sprintf("p=%d/n=%d", p, n), func(t *testing.T) {
				g := randomPoly(rng, n+1, p)
				for g[n] == 0 {
					g[n] = rng.Uint64N(p)
				}
				md := f.NewModulus(g)
				for range 3 {
					a := randomPoly(rng, 1+rng.IntN(n), p)
					b := randomPoly(rng, 1+rng.IntN(n), p)
					want := classicalRem(f, f.mulSchoolbook(a, b), g)
					if got := f.MulModBy(a, b, md); !Equal(got, want) {
						t.Fatalf("MulModBy differs from the classical reduction")
					}
					if got := f.MulModPrepared(a, f.NewMultiplier(b, md)); !Equal(got, want) {
						t.Fatalf("MulModPrepared differs from the classical reduction")
					}
					// Into a itself, its storage reused: the running
					// product of a Horner rule.
					if got := f.MulModPreparedTo(clone(a), clone(a), f.NewMultiplier(b, md)); !Equal(got, want) {
						t.Fatalf("MulModPreparedTo differs from the classical reduction")
					}
					in := append(make([]uint64, 0, n), a...)
					if got := f.MulModPreparedTo(in, in, f.NewMultiplier(b, md)); !Equal(got, want) || (len(got) > 0 && &got[0] != &in[:1][0]) {
						t.Fatalf("MulModPreparedTo into its operand differs from the classical reduction or did not reuse its storage")
					}
					want = classicalRem(f, f.mulSchoolbook(f.Sub(a, b), b), g)
					if got := f.MulModDifference(b, f.NewMultiplier(a, md), f.NewMultiplier(b, md)); !Equal(got, want) {
						t.Fatalf("MulModDifference differs from the classical reduction")
					}
					in = append(make([]uint64, 0, n), b...)
					if got := f.MulModDifferenceTo(in, in, f.NewMultiplier(a, md), f.NewMultiplier(b, md)); !Equal(got, want) {
						t.Fatalf("MulModDifferenceTo into its operand differs from the classical reduction")
					}
					if got := f.MulModDifference(b, f.NewMultiplier(a, md), f.NewMultiplier(a, md)); len(got) != 0 {
						t.Fatalf("b·(a − a) = %v", got)
					}
					c := randomPoly(rng, 1+rng.IntN(2*n), p)
					if want := classicalRem(f, c, g); !Equal(f.RemBy(c, md), want) {
						t.Fatalf("RemBy differs from the classical division")
					}
				}
				// The extremes of the coefficient bounds: every coefficient
				// p − 1, and a difference whose integer vector reaches 2p − 2.
				top := maxPoly(n, p)
				want := classicalRem(f, f.mulSchoolbook(top, top), g)
				if got := f.MulModPrepared(top, f.NewMultiplier(top, md)); !Equal(got, want) {
					t.Fatalf("MulModPrepared differs from the classical reduction at p − 1")
				}
				one := []uint64{1}
				want = classicalRem(f, f.mulSchoolbook(top, f.Sub(top, one)), g)
				if got := f.MulModDifference(top, f.NewMultiplier(top, md), f.NewMultiplier(one, md)); !Equal(got, want) {
					t.Fatalf("MulModDifference differs from the classical reduction at p − 1")
				}
				// PowMod prepares its divisor: a^13 against 12 classical steps.
				a := randomPoly(rng, 1+rng.IntN(n), p)
				want = a
				for range 12 {
					want = classicalRem(f, f.mulSchoolbook(want, a), g)
				}
				if got := f.PowMod(a, big.NewInt(13), g); !Equal(got, want) {
					t.Fatalf("PowMod differs from the classical powering")
				}
				// Sparse operands: zero high coefficients and a zero product.
				if got, want := f.MulModBy([]uint64{0, 1}, nil, md), []uint64(nil); !Equal(got, want) {
					t.Fatalf("a·0 = %v", got)
				}
			})
		}
	}
}

func classicalRem(f *Field, c, g []uint64) []uint64 {
	c = trim(c)
	if len(c) < len(g) {
		return c
	}
	_, r := f.divRemClassical(c, g)
	return r
}

// BenchmarkMulModPrepared compares a product modulo a prepared divisor
// (prepared transforms from preparedNTTMin on) with MulMod, which
// prepares nothing, for the preparation threshold.
func BenchmarkMulModPrepared(b *testing.B) {
	for _, p := range []uint64{10007, benchPrime} {
		f := NewField(p)
		for _, n := range []int{64, 100, 128, 200, 256, 500, 2000} {
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			x, y, g := randomPoly(rng, n, p), randomPoly(rng, n, p), randomPoly(rng, n+1, p)
			g[n] = 1
			md := f.NewModulus(g)
			mu := f.NewMultiplier(y, md)
			b.Run(fmt.Sprintf("prepared/p=%d/n=%d", p, n), func(b *testing.B) {
				for b.Loop() {
					f.MulModBy(x, y, md)
				}
			})
			b.Run(fmt.Sprintf("multiplier/p=%d/n=%d", p, n), func(b *testing.B) {
				for b.Loop() {
					f.MulModPrepared(x, mu)
				}
			})
			b.Run(fmt.Sprintf("unprepared/p=%d/n=%d", p, n), func(b *testing.B) {
				for b.Loop() {
					f.MulMod(x, y, g)
				}
			})
		}
	}
}

// TestBetaSpectrum holds a Multiplier's quotient transform, taken from
// b's transform (betaSpectrum) or for a split quotient from a product at
// the long length (splitBetaSpectra), to the transform of β computed by a
// plain product (betaReference), both twiddled, entry by entry modulo
// each transform prime, and a split quotient's top transform to that of
// β's top coefficients.
func TestBetaSpectrum(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	tops := 0
	defer func() {
		if tops == 0 {
			t.Error("no split quotient with a top: its transform went untested")
		}
	}()
	for _, p := range []uint64{10007, 998244353, 1<<61 - 1, 4611686018427387847} {
		f := NewField(p)
		for _, n := range []int{32, 33, 257, 300, 321, 500, 600, 1024} {
			g := randomPoly(rng, n+1, p)
			g[n] = 1
			md := f.NewModulus(g)
			r := md.md.ntt
			for _, b := range [][]uint64{randomPoly(rng, n, p), {1}, f.Sub(nil, []uint64{1})} {
				mu := f.NewMultiplier(b, md)
				beta := f.betaReference(md, mu.b)
				want := r.twiddled(f.forwardAll(r, beta, r.logS))
				for i, pr := range r.primes {
					for j := range want[i] {
						if mu.beta[i][j]%pr.q != want[i][j]%pr.q {
							t.Fatalf("p=%d n=%d: β's transform differs from the plain product's at prime %d, entry %d", p, n, i, j)
						}
					}
				}
				if r.top == 0 {
					if mu.betaTop != nil {
						t.Fatalf("p=%d n=%d: a top transform without a split quotient's top", p, n)
					}
					continue
				}
				tops++
				top := make([]uint64, r.top)
				for j := range top {
					if k := n - 1 - r.top + j; k < len(beta) {
						top[j] = beta[k]
					}
				}
				want = f.forwardAll(r, top, r.logM)
				for i, pr := range r.primes {
					for j := range want[i] {
						if mu.betaTop[i][j]%pr.q != want[i][j]%pr.q {
							t.Fatalf("p=%d n=%d: β's top transform differs from the plain product's at prime %d, entry %d", p, n, i, j)
						}
					}
				}
			}
		}
	}
}

// BenchmarkMulModDifference is the factor H − h_j of a distinct-degree
// interval product (MulModDifferenceTo into the running product) at
// degrees on either side of the split quotient's range (splitQuotient)
// and at 10,000, the factorization's limit, for a 60-bit prime and a
// wide one.
func BenchmarkMulModDifference(b *testing.B) {
	for _, p := range []uint64{benchPrime, 1<<64 - 59} {
		f := NewField(p)
		for _, n := range []int{600, 700, 1200, 5000, 10000} {
			rng := rand.New(rand.NewPCG(uint64(n), 8))
			g := randomPoly(rng, n+1, p)
			g[n] = 1
			md := f.NewModulus(g)
			x := f.NewMultiplier(randomPoly(rng, n, p), md)
			y := f.NewMultiplier(randomPoly(rng, n, p), md)
			a := randomPoly(rng, n, p)
			b.Run(fmt.Sprintf("p=%d/n=%d", p, n), func(b *testing.B) {
				acc := clone(a)
				for b.Loop() {
					acc = f.MulModDifferenceTo(acc, acc, x, y)
				}
			})
		}
	}
}

// TestPreparedProductCost holds PreparedProductCost to the transform
// lengths a prepared Modulus actually takes (its reducer's), at the
// degrees where they change, and to hand counts: at degree 10,000 a
// split quotient (four transforms of 16384 words and two of 8192 for
// the correction), at 8112 none (two of 16384 ≥ 2n − 1 and two of 8192).
func TestPreparedProductCost(t *testing.T) {
	f := NewField(1<<61 - 1)
	rng := rand.New(rand.NewPCG(71, 72))
	for _, n := range []int{32, 33, 127, 128, 129, 255, 256, 257, 320, 321, 322, 600, 641, 642, 1025, 1281, 1282} {
		g := randomPoly(rng, n+1, f.p)
		g[n] = 1
		r := f.NewModulus(g).md.ntt
		words := func(logN int) float64 { return float64(int(1)<<logN) * float64(logN) }
		want := 2*words(r.logN1) + 2*words(r.logN2)
		if r.split {
			want = 4 * words(r.logS)
			if r.top > 0 {
				want += 2 * words(r.logM)
			}
		}
		if got := PreparedProductCost(n); got != want {
			t.Errorf("n = %d: cost %g, want %g from the reducer", n, got, want)
		}
	}
	for _, c := range []struct {
		n    int
		want float64
	}{
		{10_000, 4*16384*14 + 2*8192*13},
		{8112, 2*16384*14 + 2*8192*13},
		{31, 31 * 31},
	} {
		if got := PreparedProductCost(c.n); got != c.want {
			t.Errorf("n = %d: cost %g, want %g", c.n, got, c.want)
		}
	}
}

// TestMulModPreparedMany holds the products sharing a's transforms to
// MulModPrepared one at a time, on one goroutine and on two, over a small
// prime, one with its own transform and a 61- and a 64-bit prime, at
// degrees below the prepared transforms, with and without a split
// quotient and its correction, for a reduced, zero and unreduced a.
func TestMulModPreparedMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	for _, p := range []uint64{10007, 998244353, 1<<61 - 1, 1<<64 - 59} {
		f := NewField(p)
		for _, n := range []int{20, 100, 257, 300, 321, 600, 1100} {
			g := randomPoly(rng, n+1, p)
			g[n] = 1
			md := f.NewModulus(g)
			mus := make([]*Multiplier, 5)
			for i := range mus {
				mus[i] = f.NewMultiplier(randomPoly(rng, n, p), md)
			}
			for _, a := range [][]uint64{randomPoly(rng, n, p), nil, randomPoly(rng, 2*n-1, p)} {
				for _, two := range []bool{false, true} {
					got := f.MulModPreparedMany(a, mus, two)
					for i, mu := range mus {
						if want := f.MulModPrepared(a, mu); !Equal(got[i], want) {
							t.Fatalf("p=%d n=%d len(a)=%d two=%v: product %d differs from MulModPrepared", p, n, len(a), two, i)
						}
					}
				}
			}
		}
	}
}
