package bignum

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"testing"
)

// randomDigits returns a random nonnegative integer of exactly d decimal
// digits.
func randomDigits(rng *rand.Rand, d int) *big.Int {
	lo := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d-1)), nil)
	span := new(big.Int).Mul(lo, big.NewInt(9))
	words := len(span.Bits()) + 1
	w := make([]big.Word, words)
	for i := range w {
		w[i] = big.Word(rng.Uint64())
	}
	r := new(big.Int).SetBits(w)
	return r.Add(r.Mod(r, span), lo)
}

// BenchmarkMul times Mul beside big.Int.Mul on the same operands.
func BenchmarkMul(b *testing.B) {
	for _, d := range []int{1000, 3000, 10_000, 30_000, 100_000, 300_000, 1_000_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 3))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		z := new(big.Int)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				Mul(z, x, y)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/math-big", d), func(b *testing.B) {
			for b.Loop() {
				z.Mul(x, y)
			}
		})
	}
}

// BenchmarkSqr times Sqr beside big.Int.Mul(x, x).
func BenchmarkSqr(b *testing.B) {
	for _, d := range []int{10_000, 100_000, 1_000_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 4))
		x := randomDigits(rng, d)
		z := new(big.Int)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				Sqr(z, x)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/math-big", d), func(b *testing.B) {
			for b.Loop() {
				z.Mul(x, x)
			}
		})
	}
}

// BenchmarkMulWords times both products at word sizes around the crossover.
func BenchmarkMulWords(b *testing.B) {
	for _, n := range []int{256, 512, 1024, 1536, 2048, 3072, 4096, 8192} {
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		x, y := randomWords(rng, n, false), randomWords(rng, n, false)
		z := new(big.Int)
		b.Run(fmt.Sprintf("words=%d/transform", n), func(b *testing.B) {
			for b.Loop() {
				z.SetBits(nttMul(x.Bits(), y.Bits(), false))
			}
		})
		b.Run(fmt.Sprintf("words=%d/math-big", n), func(b *testing.B) {
			for b.Loop() {
				z.Mul(x, y)
			}
		})
	}
}

// BenchmarkGCD times GCD beside big.Int.GCD on the same operands.
func BenchmarkGCD(b *testing.B) {
	for _, d := range []int{3000, 6000, 10_000, 20_000, 30_000, 100_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 6))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		z := new(big.Int)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				GCD(z, x, y)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/math-big", d), func(b *testing.B) {
			for b.Loop() {
				z.GCD(nil, nil, x, y)
			}
		})
	}
}

// BenchmarkGCDExt times GCDExt beside big.Int.GCD with both cofactors.
func BenchmarkGCDExt(b *testing.B) {
	for _, d := range []int{10_000, 100_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 7))
		x, y := randomDigits(rng, d), randomDigits(rng, d)
		z, s, t := new(big.Int), new(big.Int), new(big.Int)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				GCDExt(x, y)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/math-big", d), func(b *testing.B) {
			for b.Loop() {
				z.GCD(s, t, x, y)
			}
		})
	}
}

// BenchmarkQuoRem times QuoRem of a 2d-digit dividend by a d-digit divisor
// beside big.Int.QuoRem.
func BenchmarkQuoRem(b *testing.B) {
	for _, d := range []int{10_000, 30_000, 100_000, 300_000, 1_000_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 8))
		x, y := randomDigits(rng, 2*d), randomDigits(rng, d)
		q, r := new(big.Int), new(big.Int)
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				QuoRem(q, r, x, y)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/math-big", d), func(b *testing.B) {
			for b.Loop() {
				q.QuoRem(x, y, r)
			}
		})
	}
}

// BenchmarkDecimal times ParseDecimal beside big.Int.SetString, and
// big.Int.String for comparison with GMP's mpz_get_str.
func BenchmarkDecimal(b *testing.B) {
	for _, d := range []int{100, 2000, 10_000, 100_000, 1_000_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 9))
		x := randomDigits(rng, d)
		s := x.String()
		b.Run(fmt.Sprintf("digits=%d/ParseDecimal", d), func(b *testing.B) {
			z := new(big.Int)
			for b.Loop() {
				ParseDecimal(z, s)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/math-big-String", d), func(b *testing.B) {
			for b.Loop() {
				_ = x.String()
			}
		})
		if d > 100_000 && testing.Short() {
			continue // quadratic: 1.5 s at 10^6 digits
		}
		b.Run(fmt.Sprintf("digits=%d/math-big-SetString", d), func(b *testing.B) {
			z := new(big.Int)
			for b.Loop() {
				z.SetString(s, 10)
			}
		})
	}
}

// BenchmarkAppendDecimal times AppendDecimal beside big.Int.Append on the
// same integers, and its recursion (appendDigits) also below
// printThreshold, where AppendDecimal is big.Int.Append.
func BenchmarkAppendDecimal(b *testing.B) {
	for _, d := range []int{1000, 3000, 10_000, 30_000, 84_000, 100_000, 300_000, 1_000_000} {
		rng := rand.New(rand.NewPCG(uint64(d), 11))
		x := randomDigits(rng, d)
		buf := make([]byte, 0, d+1)
		AppendDecimal(buf, x) // the cache of powers
		b.Run(fmt.Sprintf("digits=%d", d), func(b *testing.B) {
			for b.Loop() {
				AppendDecimal(buf, x)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/recursion", d), func(b *testing.B) {
			for b.Loop() {
				appendDigits(buf, x, runtime.GOMAXPROCS(0))
			}
		})
		dcAppendDecimal(buf, x)
		b.Run(fmt.Sprintf("digits=%d/divide-and-conquer", d), func(b *testing.B) {
			for b.Loop() {
				dcAppendDecimal(buf, x)
			}
		})
		b.Run(fmt.Sprintf("digits=%d/math-big", d), func(b *testing.B) {
			for b.Loop() {
				x.Append(buf, 10)
			}
		})
	}
}
