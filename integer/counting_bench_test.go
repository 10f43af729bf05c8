package integer

import (
	"context"
	"fmt"
	"math/big"
	"testing"
)

// Benchmarks of the counting, combinatorial and continued-fraction
// operations at the sizes of their peer rows (bench/peers) and limits.

// knownPrimeCounts are π(10^k) (OEIS A006880).
var knownPrimeCounts = map[uint64]uint64{1e9: 50847534, 1e10: 455052511, 1e11: 4118054813, 1e12: 37607912018, 1e13: 346065536839}

func BenchmarkPrimeCount(b *testing.B) {
	for _, x := range []uint64{1e9, 1e10, 1e11, 1e12, 1e13} {
		b.Run(fmt.Sprintf("x=%.0e", float64(x)), func(b *testing.B) {
			for b.Loop() {
				if c, err := primePi(context.Background(), x); err != nil || c != knownPrimeCounts[x] {
					b.Fatalf("π(%d) = %d (%v)", x, c, err)
				}
			}
		})
	}
}

func BenchmarkNthPrime(b *testing.B) {
	for _, n := range []uint64{1e6, 1e8, 1e10} {
		b.Run(fmt.Sprintf("n=%.0e", float64(n)), func(b *testing.B) {
			for b.Loop() {
				nthPrime(context.Background(), n)
			}
		})
	}
}

// BenchmarkNthPrimeCheck times nth_prime's postcondition: the exact
// recount up to n = 150,000, primality and Dusart's bounds above.
func BenchmarkNthPrimeCheck(b *testing.B) {
	for _, n := range []uint64{1000, 100_000, 150_000, 1e6} {
		p, _ := nthPrime(context.Background(), n)
		x := new(big.Int).SetUint64(p)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if err := checkNthPrime(n, x); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBinomial(b *testing.B) {
	for _, n := range []int{1000, 100_000, MaxBinomialN} {
		b.Run(fmt.Sprintf("n=%d,k=n/2", n), func(b *testing.B) {
			for b.Loop() {
				binomial(context.Background(), n, n/2)
			}
		})
	}
}

// BenchmarkProductMersenne61 times the running products of the binomial,
// multinomial and factorial postconditions: n(n − 1)⋯(n/2 + 1) at the
// binomial row's n = 10^5 (factors below 2^20) and 25,000! (below 2^15).
func BenchmarkProductMersenne61(b *testing.B) {
	for _, r := range [][2]uint64{{50_001, 100_000}, {2, 25_000}} {
		b.Run(fmt.Sprintf("%d..%d", r[0], r[1]), func(b *testing.B) {
			for b.Loop() {
				productMersenne61(r[0], r[1])
			}
		})
	}
}

func BenchmarkMultinomial(b *testing.B) {
	parts := make([]int, 50)
	for i := range parts {
		parts[i] = 10 * (i + 1) // sum 12,750
	}
	op := multinomialOperation()
	b.Run("parts=50,sum=12750", func(b *testing.B) {
		for b.Loop() {
			op.Run(context.Background(), MultinomialRequest{parts})
		}
	})
}

func BenchmarkFibonacci(b *testing.B) {
	for _, n := range []int{10_000, 100_000, MaxFibonacciIndex} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				fibonacciLucas(n)
			}
		})
	}
}

func BenchmarkPartitions(b *testing.B) {
	for _, n := range []int{1000, 10_000, 1_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				partitions(context.Background(), n)
			}
		})
	}
}

func BenchmarkBernoulli(b *testing.B) {
	for _, n := range []int{100, 1000, 10_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				bernoulli(context.Background(), n)
			}
		})
	}
}

func BenchmarkContinuedFraction(b *testing.B) {
	// A ratio of consecutive Fibonacci numbers of 200 digits: the longest
	// expansion at the limit (all terms 1).
	f1, f := fibonacciConsecutive(956)
	x := new(big.Rat).SetFrac(f1, f)
	b.Run("digits=200", func(b *testing.B) {
		for b.Loop() {
			convergents(continuedFraction(x))
		}
	})
}

func BenchmarkSqrtContinuedFraction(b *testing.B) {
	for _, n := range []int64{1_000_003, 99_999_989} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				sqrtContinuedFraction(context.Background(), n)
			}
		})
	}
}

func BenchmarkRationalReconstruction(b *testing.B) {
	for _, d := range []int{100, 1000, MaxReconstructionDigits} {
		m := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d-1)), nil)
		m.Add(m, big.NewInt(7))
		// a ≡ p/q for p, q of about half m's size.
		h := new(big.Int).Sqrt(m)
		q := new(big.Int).Sub(h, big.NewInt(12345))
		for new(big.Int).GCD(nil, nil, q, m).Cmp(big.NewInt(1)) != 0 {
			q.Sub(q, big.NewInt(1))
		}
		a := new(big.Int).ModInverse(q, m)
		a.Mul(a, new(big.Int).Rsh(h, 3)).Mod(a, m)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				rationalReconstruction(a, m)
			}
		})
	}
}
