package gfpoly

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPrime is the 60-bit prime 2^60 − 93 (no transform of its own).
const benchPrime = 1152921504606846883

func BenchmarkMul(b *testing.B) {
	f := NewField(benchPrime)
	for _, deg := range []int{100, 1000, 10000, 100000} {
		rng := rand.New(rand.NewPCG(uint64(deg), 1))
		x, y := randomPoly(rng, deg+1, benchPrime), randomPoly(rng, deg+1, benchPrime)
		f.Mul(x, y) // builds the twiddle tables outside the timing
		b.Run(fmt.Sprintf("deg=%d/bits=60", deg), func(b *testing.B) {
			for b.Loop() {
				f.Mul(x, y)
			}
		})
	}
}

// BenchmarkMulAlgorithms times each multiplication algorithm on balanced
// operands of length n, for the crossovers in mul.go.
func BenchmarkMulAlgorithms(b *testing.B) {
	for _, p := range []uint64{benchPrime, 998244353} {
		f := NewField(p)
		for _, n := range []int{16, 32, 64, 100, 150, 200, 300, 500} {
			rng := rand.New(rand.NewPCG(uint64(n), 2))
			x, y := randomPoly(rng, n, p), randomPoly(rng, n, p)
			b.Run(fmt.Sprintf("schoolbook/p=%d/n=%d", p, n), func(b *testing.B) {
				for b.Loop() {
					f.mulSchoolbook(x, y)
				}
			})
			b.Run(fmt.Sprintf("karatsuba/p=%d/n=%d", p, n), func(b *testing.B) {
				out := make([]uint64, 2*n-1)
				for b.Loop() {
					clear(out)
					f.karatsuba(out, x, y)
				}
			})
			b.Run(fmt.Sprintf("ntt/p=%d/n=%d", p, n), func(b *testing.B) {
				for b.Loop() {
					f.mulNTT(x, y)
				}
			})
		}
	}
}

// BenchmarkDivRem divides a polynomial of degree 2n by one of degree n.
func BenchmarkDivRem(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{100, 1000, 10000, 100000} {
		rng := rand.New(rand.NewPCG(uint64(n), 3))
		x, y := randomPoly(rng, 2*n+1, benchPrime), randomPoly(rng, n+1, benchPrime)
		b.Run(fmt.Sprintf("deg=%d/bits=60", n), func(b *testing.B) {
			for b.Loop() {
				f.DivRem(x, y)
			}
		})
	}
}

// BenchmarkDivRemAlgorithms compares the classical and Newton divisions,
// 2n by n, for divNewtonMin.
func BenchmarkDivRemAlgorithms(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{50, 100, 200, 400, 800} {
		rng := rand.New(rand.NewPCG(uint64(n), 4))
		x, y := randomPoly(rng, 2*n+1, benchPrime), randomPoly(rng, n+1, benchPrime)
		b.Run(fmt.Sprintf("classical/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				f.divRemClassical(x, y)
			}
		})
		b.Run(fmt.Sprintf("newton/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				f.divRemWithInverse(x, y, f.seriesInverse(reverse(y), n+1))
			}
		})
	}
}

func BenchmarkGCD(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{100, 1000, 10000} {
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		x, y := gcdPair(f, rng, n/2+1, n/2+1, n/2+1)
		b.Run(fmt.Sprintf("deg=%d/bits=60", n), func(b *testing.B) {
			for b.Loop() {
				f.GCD(x, y)
			}
		})
	}
}

// BenchmarkGCDAlgorithms compares Euclid with the half-gcd on coprime
// random inputs of degree n, for gcdHGCDMin and hgcdMin.
func BenchmarkGCDAlgorithms(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{300, 1000, 2000, 4000} {
		rng := rand.New(rand.NewPCG(uint64(n), 6))
		x, y := randomPoly(rng, n+1, benchPrime), randomPoly(rng, n, benchPrime)
		b.Run(fmt.Sprintf("euclid/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				f.euclid(b.Context(), x, y)
			}
		})
		b.Run(fmt.Sprintf("hgcd/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				f.gcdFrom(b.Context(), x, y, hgcdMin)
			}
		})
	}
}

func BenchmarkXGCD(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{1000, 10000} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		x, y := randomPoly(rng, n+1, benchPrime), randomPoly(rng, n, benchPrime)
		b.Run(fmt.Sprintf("deg=%d/bits=60", n), func(b *testing.B) {
			for b.Loop() {
				f.XGCD(x, y)
			}
		})
	}
}

func BenchmarkResultant(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{100, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 8))
		x, y := randomPoly(rng, n+1, benchPrime), randomPoly(rng, n+1, benchPrime)
		b.Run(fmt.Sprintf("deg=%d/bits=60", n), func(b *testing.B) {
			for b.Loop() {
				f.Resultant(x, y)
			}
		})
	}
}

func BenchmarkEvaluateMany(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{1024, 65536} {
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		a, xs := randomPoly(rng, n, benchPrime), distinctPoints(rng, n, benchPrime)
		b.Run(fmt.Sprintf("n=%d/bits=60", n), func(b *testing.B) {
			for b.Loop() {
				f.EvaluateMany(a, xs)
			}
		})
	}
}

func BenchmarkInterpolate(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{1024, 65536} {
		rng := rand.New(rand.NewPCG(uint64(n), 10))
		xs, ys := distinctPoints(rng, n, benchPrime), randomPoly(rng, n, benchPrime)
		ys = append(ys, make([]uint64, n-len(ys))...)
		b.Run(fmt.Sprintf("n=%d/bits=60", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := f.Interpolate(xs, ys); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMulShort multiplies a long polynomial by a short one, the
// shape of a Euclidean quotient step, for shortOperand.
func BenchmarkMulShort(b *testing.B) {
	f := NewField(benchPrime)
	rng := rand.New(rand.NewPCG(7, 7))
	x := randomPoly(rng, 5000, benchPrime)
	for _, m := range []int{2, 4, 6, 8, 12} {
		y := randomPoly(rng, m, benchPrime)
		b.Run(fmt.Sprintf("rows/m=%d", m), func(b *testing.B) {
			for b.Loop() {
				f.mulSchoolbook(x, y)
			}
		})
		b.Run(fmt.Sprintf("accumulate/m=%d", m), func(b *testing.B) {
			for b.Loop() {
				f.mulSchoolbookAccumulate(x, y)
			}
		})
	}
}

// BenchmarkXGCDAlgorithms compares the extended Euclidean algorithm with
// the half-gcd on coprime inputs of degree n, for xgcdHGCDMin.
func BenchmarkXGCDAlgorithms(b *testing.B) {
	f := NewField(benchPrime)
	for _, n := range []int{300, 1000, 3000} {
		rng := rand.New(rand.NewPCG(uint64(n), 8))
		x, y := randomPoly(rng, n+1, benchPrime), randomPoly(rng, n, benchPrime)
		b.Run(fmt.Sprintf("euclid/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				f.xgcdFrom(b.Context(), x, y, n+1)
			}
		})
		b.Run(fmt.Sprintf("hgcd/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				f.xgcdFrom(b.Context(), x, y, hgcdMin)
			}
		})
	}
}

// BenchmarkCombineRows applies a Brent–Kung table of 248 rows of 2000
// words over GF(10007), the one of a composition at degree 2000.
func BenchmarkCombineRows(b *testing.B) {
	const p, n = 10007, 2000
	rng := rand.New(rand.NewPCG(1, 9))
	rows := make([][]uint64, 248)
	for i := range rows {
		rows[i] = make([]uint64, n)
		for j := range rows[i] {
			rows[i][j] = rng.Uint64N(p)
		}
	}
	coefs := randomPoly(rng, len(rows), p)
	for b.Loop() {
		CombineRows(coefs, rows, n, p)
	}
}
