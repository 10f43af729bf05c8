package gfpoly

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestLinearCombination holds LinearCombination to one product and
// reduction a term (linearCombinationReference) over a small prime, a
// prime with its own transform, a prime whose sums of eight products
// outgrow its one transform prime (so the terms are summed in groups),
// and 61- and 62-bit primes, on random residues and on residues of all
// p − 1, the top of the coefficient bounds.
func TestLinearCombination(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 66))
	// The least prime above 2.7·10^7: 16·500·(p − 1)² exceeds the first
	// transform prime, 8·500·(p − 1)² does not.
	grouped := new(big.Int).SetUint64(27_000_000)
	for !grouped.ProbablyPrime(20) {
		grouped.Add(grouped, big.NewInt(1))
	}
	for _, p := range []uint64{10007, 998244353, grouped.Uint64(), 1<<31 - 1, 1<<61 - 1, 4611686018427387847, 1<<64 - 59} {
		f := NewField(p)
		// 257, 300 and 321 sum at the short length (splitQuotient).
		for _, n := range []int{1, 31, 32, 100, 257, 300, 321, 500, 600} {
			for _, k := range []int{1, 3, 20} {
				t.Run(fmt.Sprintf("p=%d/n=%d/k=%d", p, n, k), func(t *testing.T) {
					g := randomPoly(rng, n+1, p)
					g[n] = 1
					md := f.NewModulus(g)
					top := make([]uint64, n)
					for i := range top {
						top[i] = p - 1
					}
					for _, random := range []bool{true, false} {
						bs := make([][]uint64, k)
						cs := make([][]uint64, k)
						for i := range bs {
							bs[i], cs[i] = top, top
							if random {
								bs[i], cs[i] = randomPoly(rng, 1+rng.IntN(n), p), randomPoly(rng, 1+rng.IntN(n), p)
							}
						}
						if random && k > 2 {
							cs[1] = nil // a zero coefficient
							cs = cs[:k-1]
						}
						c := f.NewCombination(bs, md)
						want := f.linearCombinationReference(cs, c)
						if got := f.LinearCombination(cs, c); !Equal(got, want) {
							t.Fatalf("LinearCombination differs from the reference (groups of %d)", c.group)
						}
					}
				})
			}
		}
	}
}

// TestInnerProduct holds InnerProduct to one product and reduction a
// term (innerProductReference) over the primes and degrees of
// TestLinearCombination, with Combinations of unequal lengths and a zero
// residue among the terms, and on residues of all p − 1.
func TestInnerProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 68))
	grouped := new(big.Int).SetUint64(27_000_000)
	for !grouped.ProbablyPrime(20) {
		grouped.Add(grouped, big.NewInt(1))
	}
	for _, p := range []uint64{10007, 998244353, grouped.Uint64(), 1<<31 - 1, 1<<54 - 33, 1<<61 - 1, 4611686018427387847, 1<<64 - 59} {
		f := NewField(p)
		for _, n := range []int{1, 31, 32, 100, 257, 300, 321, 500, 600} {
			for _, k := range []int{1, 3, 20} {
				t.Run(fmt.Sprintf("p=%d/n=%d/k=%d", p, n, k), func(t *testing.T) {
					g := randomPoly(rng, n+1, p)
					g[n] = 1
					md := f.NewModulus(g)
					top := make([]uint64, n)
					for i := range top {
						top[i] = p - 1
					}
					for _, random := range []bool{true, false} {
						as := make([][]uint64, k)
						bs := make([][]uint64, k+1)
						for i := range as {
							as[i], bs[i] = top, top
							if random {
								as[i], bs[i] = randomPoly(rng, 1+rng.IntN(n), p), randomPoly(rng, 1+rng.IntN(n), p)
							}
						}
						bs[k] = top
						if random && k > 2 {
							as[1] = nil // a zero residue
						}
						a, b := f.NewCombination(as, md), f.NewCombination(bs, md)
						want := f.innerProductReference(a, b)
						if got := f.InnerProduct(a, b); !Equal(got, want) {
							t.Fatalf("InnerProduct differs from the reference")
						}
						if got := f.InnerProduct(b, a); !Equal(got, want) {
							t.Fatalf("InnerProduct with the operands swapped differs from the reference")
						}
					}
				})
			}
		}
	}
}

// BenchmarkLinearCombination sums 20 terms, the outer sum of a
// composition at degree n, at degrees on either side of the split range
// (splitQuotient) and at 10,000, for a 60-bit and a wide prime.
func BenchmarkLinearCombination(b *testing.B) {
	for _, p := range []uint64{benchPrime, 1<<64 - 59} {
		f := NewField(p)
		for _, n := range []int{1200, 1500, 5000, 10000} {
			rng := rand.New(rand.NewPCG(uint64(n), 9))
			g := randomPoly(rng, n+1, p)
			g[n] = 1
			md := f.NewModulus(g)
			bs, cs := make([][]uint64, 20), make([][]uint64, 20)
			for k := range bs {
				bs[k], cs[k] = randomPoly(rng, n, p), randomPoly(rng, n, p)
			}
			c := f.NewCombination(bs, md)
			b.Run(fmt.Sprintf("p=%d/n=%d", p, n), func(b *testing.B) {
				for b.Loop() {
					f.LinearCombination(cs, c)
				}
			})
		}
	}
}
