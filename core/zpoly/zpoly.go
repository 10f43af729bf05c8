// Package zpoly multiplies polynomials with integer coefficients, given as
// slices of *big.Int with the constant term first.
//
// Large products with coefficients of up to about 300 bits go to
// bignum.Convolve: the coefficients are reduced modulo word primes,
// convolved by one number-theoretic transform per prime and rebuilt by CRT,
// one transform point per coefficient and prime. Longer coefficients, and
// medium lengths where the integer product's Karatsuba wins, go through
// Kronecker substitution (Kronecker 1882; see
// von zur Gathen and Gerhard, Modern Computer Algebra, 3rd ed., §8.4): with
// every product coefficient below 2^(k−1) in absolute value, the integer
// C(2^k) = A(2^k)·B(2^k) holds the coefficients of C = A·B in consecutive
// k-bit fields, so one integer product by core/bignum (a number-theoretic
// transform above its crossover) replaces the whole polynomial product.
// Signed coefficients are handled by evaluating A(2^k) = P − N, its positive
// and negative coefficients packed separately, and by reading C(2^k) back in
// balanced digits: a field at or above 2^(k−1) stands for the field minus
// 2^k, with a carry of one into the next field. Small products are done by
// the schoolbook method, which avoids packing for a few coefficients.
package zpoly

import (
	"context"
	"math/big"
	"math/bits"

	"jacobian.dev/core/bignum"
)

// schoolbookLength is the length of the shorter factor up to which Mul
// multiplies coefficient by coefficient instead of by Kronecker
// substitution. Measured with BenchmarkZPolyMulShort (100-bit coefficients,
// 2-core amd64): at length 4 schoolbook 1.9 µs against Kronecker 1.5 µs but
// at length 2 0.43 against 0.95 µs, at 8 3.2 against 3.5 µs, at 16 23
// against 14 µs.
const schoolbookLength = 8

// convolveLength is the length of the shorter factor from which Mul uses
// bignum.Convolve (multimodular transform) rather than Kronecker
// substitution, when the coefficients are small enough for its primes
// (bound ≤ bignum.MaxConvolveBits, about 300-bit coefficients). Measured
// with BenchmarkZPolyMulMethods (100-bit coefficients, one core): at
// length 64 Kronecker 25 µs against 30 µs, at 128 63 against 57 µs, at
// 1024 1.04 against 0.49 ms, at 10,001 15.7 against 6.4 ms.
const convolveLength = 128

// Mul returns the product of the polynomials a and b (coefficients constant
// term first). The result has len(a)+len(b)−1 coefficients, with zero
// leading coefficients kept when an input has them; it is empty when
// either input is empty. The inputs are not modified, and the result shares
// no *big.Int with them.
func Mul(a, b []*big.Int) []*big.Int {
	c, _ := MulContext(context.Background(), a, b)
	return c
}

// MulContext is Mul that returns ctx.Err() if ctx is done before or during
// the integer product (see bignum.MulContext).
func MulContext(ctx context.Context, a, b []*big.Int) ([]*big.Int, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, nil
	}
	if min(len(a), len(b)) <= schoolbookLength {
		return Schoolbook(a, b), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if bound := productBound(a, b); bound <= bignum.MaxConvolveBits && min(len(a), len(b)) >= convolveLength {
		return bignum.ConvolveContext(ctx, a, b, bound)
	}
	return kronecker(ctx, a, b)
}

// productBound is a B with every product coefficient below 2^(B−1) in
// absolute value: |c_i| ≤ min(len)·max|a|·max|b|.
func productBound(a, b []*big.Int) int {
	return maxBits(a) + maxBits(b) + bits.Len(uint(min(len(a), len(b)))) + 1
}

// kronecker returns a·b by Kronecker substitution, a and b nonempty.
func kronecker(ctx context.Context, a, b []*big.Int) ([]*big.Int, error) {
	k := productBound(a, b) // field width
	x := evaluate(a, k)
	y := evaluate(b, k)
	z, err := bignum.MulContext(ctx, new(big.Int), x, y)
	if err != nil {
		return nil, err
	}
	return balancedDigits(z, k, len(a)+len(b)-1), nil
}

const wordBits = bits.UintSize

// Schoolbook returns a·b by the quadratic method; it is Mul's reference
// and its method for short factors.
func Schoolbook(a, b []*big.Int) []*big.Int {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	c := make([]*big.Int, len(a)+len(b)-1)
	for i := range c {
		c[i] = new(big.Int)
	}
	var t big.Int
	for i, x := range a {
		if x.Sign() == 0 {
			continue
		}
		for j, y := range b {
			c[i+j].Add(c[i+j], t.Mul(x, y))
		}
	}
	return c
}

func maxBits(a []*big.Int) int {
	m := 0
	for _, x := range a {
		m = max(m, x.BitLen())
	}
	return m
}

// evaluate returns a(2^k) for coefficients of fewer than k bits.
func evaluate(a []*big.Int, k int) *big.Int {
	words := (len(a)*k + wordBits - 1) / wordBits
	pos, neg := make([]big.Word, words+1), make([]big.Word, words+1)
	hasNeg := false
	for i, c := range a {
		dst := pos
		if c.Sign() < 0 {
			dst, hasNeg = neg, true
		}
		orShifted(dst, c.Bits(), i*k)
	}
	v := new(big.Int).SetBits(pos)
	if hasNeg {
		v.Sub(v, new(big.Int).SetBits(neg))
	}
	return v
}

// orShifted ORs the words w, shifted left by `at` bits, into dst, which has
// room for them and zeros where they land.
func orShifted(dst, w []big.Word, at int) {
	i, r := at/wordBits, uint(at%wordBits)
	if r == 0 {
		for j, x := range w {
			dst[i+j] |= x
		}
		return
	}
	for j, x := range w {
		dst[i+j] |= x << r
		dst[i+j+1] |= x >> (wordBits - r)
	}
}

// balancedDigits reads n coefficients from z = Σ c_i·2^(k·i) with
// |c_i| < 2^(k−1).
func balancedDigits(z *big.Int, k, n int) []*big.Int {
	neg := z.Sign() < 0
	w := z.Bits() // |z|
	fieldWords := (k + wordBits - 1) / wordBits
	out := make([]*big.Int, n)
	carry := false
	half := new(big.Int).Lsh(big.NewInt(1), uint(k-1))
	full := new(big.Int).Lsh(big.NewInt(1), uint(k))
	for i := range out {
		f := make([]big.Word, fieldWords)
		readField(f, w, i*k, k)
		c := new(big.Int).SetBits(f)
		if carry {
			c.Add(c, big.NewInt(1))
		}
		carry = c.Cmp(half) >= 0
		if carry {
			c.Sub(c, full)
		}
		if neg {
			c.Neg(c)
		}
		out[i] = c
	}
	return out
}

// readField sets f to the k bits of w starting at bit `at`.
func readField(f, w []big.Word, at, k int) {
	i, r := at/wordBits, uint(at%wordBits)
	for j := range f {
		var x big.Word
		if i+j < len(w) {
			x = w[i+j] >> r
		}
		if r != 0 && i+j+1 < len(w) {
			x |= w[i+j+1] << (wordBits - r)
		}
		f[j] = x
	}
	if top := uint(k % wordBits); top != 0 {
		f[len(f)-1] &= 1<<top - 1
	}
}
