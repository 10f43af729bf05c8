package bignum

import (
	"context"
	"math"
	"math/big"
	"math/bits"
)

// mulThreshold is the size, in words of the smaller operand, from which Mul
// uses the number-theoretic transform rather than math/big's Karatsuba
// product. Measured by process CPU time on one core (GOMAXPROCS=1, least of
// five batches, balanced operands): at 1536 words the transform takes
// 0.44 ms against 0.32 ms, at 2048 words 0.48 against 0.50 ms, at 3072
// words 0.92 against 0.97 ms, at 5191 words 1.27 against 2.73 ms. On two
// processors the transform's wall time is about half its CPU time.
const mulThreshold = 2048

// Mul sets z to x·y and returns z. Operands whose smaller factor has at
// least mulThreshold words are multiplied by a number-theoretic transform
// over three word-size primes with CRT recombination (ntt.go); smaller ones
// by big.Int.Mul. z may alias x or y.
func Mul(z, x, y *big.Int) *big.Int {
	z, _ = MulContext(context.Background(), z, x, y)
	return z
}

// MulContext is Mul that returns ctx.Err(), leaving z unchanged, if ctx is
// done before the product or between the transforms of its three primes
// (at 10^7 digits each takes a few tenths of a second).
func MulContext(ctx context.Context, z, x, y *big.Int) (*big.Int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !useTransform(x, y) {
		return z.Mul(x, y), nil
	}
	neg := (x.Sign() < 0) != (y.Sign() < 0)
	xw, yw := x.Bits(), y.Bits()
	p, err := nttMulContext(ctx, xw, yw, len(xw) == len(yw) && &xw[0] == &yw[0])
	if err != nil {
		return nil, err
	}
	z.SetBits(p)
	if neg {
		z.Neg(z)
	}
	return z, nil
}

// Sqr sets z to x² and returns z, with one forward transform instead of
// two above the crossover.
func Sqr(z, x *big.Int) *big.Int {
	if !useTransform(x, x) {
		return z.Mul(x, x)
	}
	z.SetBits(nttMul(x.Bits(), x.Bits(), true))
	return z
}

func useTransform(x, y *big.Int) bool {
	if bits.UintSize != 64 {
		return false
	}
	m, n := len(x.Bits()), len(y.Bits())
	if m < n {
		m, n = n, m
	}
	if n >= mulThreshold {
		return true
	}
	return n >= unbalancedThreshold && transformCheaper(x.BitLen(), y.BitLen(), m, n)
}

// unbalancedThreshold is the smallest operand, in words, that Mul
// multiplies by the transform below mulThreshold, when the other is long
// enough for the cost model of transformCheaper to favour it.
const unbalancedThreshold = 640

// transformCheaper reports whether the transform product of operands of
// xBits and yBits bits (m ≥ n words) is expected to take at most 85% of
// math/big's, which cuts the longer operand into ⌈m/n⌉ pieces of n words,
// each a Karatsuba product. The model: the transform costs L·log₂L for its
// length L, a Karatsuba product of n words κ·n^log₂3, with κ setting the
// two equal for balanced operands of 2048 words, as measured. Process CPU
// time on one core (transform against math/big): 1800 × 3400 words 0.63
// against 0.93 ms, 1200 × 2500 0.49 against 0.53 ms, 1000 × 20,000 3.1
// against 3.6 ms, all taken; 1000 × 5191 1.02 against 0.97 ms, 500 × 5191
// 0.94 against 0.63 ms, 1700 × 1700 0.51 against 0.46 ms, all declined.
func transformCheaper(xBits, yBits, m, n int) bool {
	const kappa = 0.2774 // 2048·2·12 / 2048^log₂3
	l := float64(productShape(xBits, yBits).length())
	transform := l * math.Log2(l)
	karatsuba := float64(m) / float64(n) * kappa * math.Pow(float64(n), math.Log2(3))
	return transform < 0.85*karatsuba
}
