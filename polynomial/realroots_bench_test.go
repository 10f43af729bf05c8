package polynomial

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// chebyshevT is T_n by T_{k+1} = 2x·T_k − T_{k−1}.
func chebyshevT(n int) zpoly {
	prev, cur := zpoly{big.NewInt(1)}, zpoly{big.NewInt(0), big.NewInt(1)}
	if n == 0 {
		return prev
	}
	for k := 1; k < n; k++ {
		next := zzeros(k + 2)
		for i, c := range cur {
			next[i+1].Add(next[i+1], new(big.Int).Lsh(c, 1))
		}
		for i, c := range prev {
			next[i].Sub(next[i], c)
		}
		prev, cur = cur, next
	}
	return cur
}

// mignotte is x^n − 2·(a·x − 1)², with two real roots within about
// a^(−(n+2)/2) of 1/a.
func mignotte(n int, a int64) zpoly {
	p := zzeros(n + 1)
	p[n].SetInt64(1)
	p[2].Sub(p[2], big.NewInt(2*a*a))
	p[1].Add(p[1], big.NewInt(4*a))
	p[0].Sub(p[0], big.NewInt(2))
	return p
}

// realRootFamilies are the benchmark inputs of issue 15 at degree n:
// Chebyshev T_n, the Mignotte polynomial x^n − 2(50x − 1)², and a random
// dense polynomial with 32-bit coefficients.
func realRootFamilies(n int) []struct {
	name string
	p    zpoly
} {
	rng := rand.New(rand.NewPCG(uint64(n), 15))
	return []struct {
		name string
		p    zpoly
	}{
		{"chebyshev", chebyshevT(n)},
		{"mignotte", mignotte(n, 50)},
		{"random", randomZ(rng, n, 32)},
	}
}

func BenchmarkRealRoots(b *testing.B) {
	for _, n := range []int{100, 300, 1000} {
		for _, fam := range realRootFamilies(n) {
			// Mignotte's pair of close roots costs the bisection about
			// (n/2)·log2(50) levels of Taylor shifts, minutes at n = 300.
			if n == 1000 && fam.name != "random" || n > 100 && fam.name == "mignotte" {
				continue
			}
			f := toQ(fam.p)
			b.Run(fmt.Sprintf("%s/deg=%d", fam.name, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := runRealRoots(bg, RealRootsRequest{Polynomial: polyInputOf("x", f)}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkRealRootsRefine isolates and refines every root to d digits.
func BenchmarkRealRootsRefine(b *testing.B) {
	for _, tc := range []struct {
		name   string
		p      zpoly
		digits int
	}{
		{"chebyshev/deg=100", chebyshevT(100), 100},
		{"chebyshev/deg=100", chebyshevT(100), 1000},
		{"x^2-2", zpoly{big.NewInt(-2), big.NewInt(0), big.NewInt(1)}, 1000},
	} {
		f := toQ(tc.p)
		d := tc.digits
		b.Run(fmt.Sprintf("%s/digits=%d", tc.name, d), func(b *testing.B) {
			for b.Loop() {
				if _, err := runRealRoots(bg, RealRootsRequest{Polynomial: polyInputOf("x", f), Digits: &d}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func newBenchRand(n int) *rand.Rand { return rand.New(rand.NewPCG(uint64(n), 16)) }

// BenchmarkIsolation compares the continued fractions with the bisection,
// both without the even case, and isolateRealRoots (default) on the
// square-free inputs of BenchmarkRealRoots (isolation alone).
func BenchmarkIsolation(b *testing.B) {
	for _, n := range []int{100, 300} {
		for _, fam := range realRootFamilies(n) {
			for _, m := range []struct {
				name     string
				positive func(context.Context, zpoly) ([]rootInterval, error)
				even     bool
			}{{"cf", isolatePositiveCF, false}, {"bisection", isolatePositive, false}, {"default", isolatePositiveCF, true}} {
				if n > 100 && fam.name == "mignotte" && m.name == "bisection" || n > 100 && fam.name == "chebyshev" {
					continue
				}
				b.Run(fmt.Sprintf("%s/%s/deg=%d", m.name, fam.name, n), func(b *testing.B) {
					for b.Loop() {
						if _, err := isolateRealRootsBy(bg, fam.p, m.even, m.positive); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkRealRootsCheck is the postcondition of
// polynomial.real_roots.compute on its own result, for the inputs of
// BenchmarkRealRoots.
func BenchmarkRealRootsCheck(b *testing.B) {
	for _, n := range []int{100, 300, 1000} {
		for _, fam := range realRootFamilies(n) {
			if n == 1000 && fam.name != "random" || n > 100 && fam.name == "mignotte" {
				continue
			}
			q := RealRootsRequest{Polynomial: polyInputOf("x", toQ(fam.p))}
			r, err := runRealRoots(bg, q)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/deg=%d", fam.name, n), func(b *testing.B) {
				for b.Loop() {
					if err := checkRealRoots(bg, q, r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
