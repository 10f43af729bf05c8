package bignum

// Multimodular convolution of integer sequences (von zur Gathen and
// Gerhard, Modern Computer Algebra, 3rd ed., §5.4 and §8.2): with every
// output coefficient below 2^(B−1) in absolute value, the sequences are
// reduced modulo k word primes whose product exceeds 2^B, convolved by one
// number-theoretic transform per prime (ntt.go; each point is one
// coefficient, whatever its size), and each output coefficient is rebuilt
// from its k residues by Garner's mixed-radix CRT (Knuth, TAOCP vol. 2,
// §4.3.2) in the symmetric range. Against Kronecker substitution onto the
// integer product, which spends B/64 transform points per coefficient on
// each of three primes, this spends one point on each of about B/62
// primes: for 100-bit coefficients and degree 10^4, 4 × 24,576 points
// instead of 3 × 98,304.

import (
	"context"
	"math/big"
	"math/bits"
	"runtime"
)

// MaxConvolveBits is the largest bound B (output coefficients below
// 2^(B−1) in absolute value) that Convolve accepts: it takes ⌊B/61⌋ + 1
// primes, each above 2^61.99, so that their product exceeds 2^B, and it
// has ten.
const MaxConvolveBits = 61*len(nttPrimes) - 1

// Convolve returns c with c_k = Σ_{i+j=k} a_i·b_j, of length
// len(a)+len(b)−1 (nil if either is empty), given that every |c_k| is
// below 2^(bound−1); bound must not exceed MaxConvolveBits, and a bound
// that is too small gives wrong coefficients. A safe bound is
// maxBits(a) + maxBits(b) + bits.Len(min(len(a), len(b))) + 1. The inputs
// are not modified and share no *big.Int with the result.
func Convolve(a, b []*big.Int, bound int) []*big.Int {
	c, _ := ConvolveContext(context.Background(), a, b, bound)
	return c
}

// ConvolveContext is Convolve that returns ctx.Err() once ctx is done,
// polled between primes.
func ConvolveContext(ctx context.Context, a, b []*big.Int, bound int) ([]*big.Int, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, nil
	}
	if bound > MaxConvolveBits {
		panic("bignum: Convolve bound beyond MaxConvolveBits")
	}
	k := max(1, bound/61+1)
	n := len(a) + len(b) - 1
	logn, three := transformShape(n)
	size := 1 << logn
	if three {
		size *= 3
	}
	workers := runtime.GOMAXPROCS(0)
	residues := make([][]uint64, k)
	scratch := make([]uint64, size)
	for i := range k {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		pl := newPlan(i, logn, three)
		x := make([]uint64, size)
		pl.loadIntegers(x, a)
		pl.transform(x, workers)
		pl.loadIntegers(scratch, b)
		pl.transform(scratch, workers)
		pl.pointwise(x, scratch)
		pl.untransform(x, workers)
		for j := range x[:n] {
			x[j] = pl.reduce(pl.mulShoup(x[j], pl.scale, pl.scaleQuot))
		}
		residues[i] = x[:n]
	}
	crt := newMixedRadix(k)
	out := make([]*big.Int, n)
	parallelRange(n, workers, func(lo, hi int) {
		r := make([]uint64, k)
		for j := lo; j < hi; j++ {
			for i := range r {
				r[i] = residues[i][j]
			}
			out[j] = crt.symmetric(r)
		}
	})
	return out, nil
}

// loadIntegers sets dst[i] to c[i] mod p in [0, p) and zeroes the rest.
func (m modulus) loadIntegers(dst []uint64, c []*big.Int) {
	// Horner in base 2^64: r ← r·2^64 + w mod p.
	r64 := -(m.p * (^uint64(0) / m.p)) // 2^64 mod p
	r64q := m.shoupQuotient(r64)
	oneQ := ^uint64(0) / m.p
	for i, x := range c {
		w := x.Bits()
		var r uint64
		for j := len(w) - 1; j >= 0; j-- {
			v := uint64(w[j])
			q, _ := bits.Mul64(v, oneQ)
			r = m.reduce(m.reduce(m.mulShoup(r, r64, r64q)) + m.reduce(v-q*m.p))
		}
		if x.Sign() < 0 && r != 0 {
			r = m.p - r
		}
		dst[i] = r
	}
	clear(dst[len(c):])
}

// mixedRadix rebuilds integers from residues modulo the first k primes.
type mixedRadix struct {
	m []modulus
	// inv[i] = (p_0···p_{i−1})⁻¹ mod p_i; radix[i][j] = p_j mod p_i (j < i),
	// each with its Shoup quotient.
	inv, invQ      []uint64
	radix, radixQ  [][]uint64
	product, half  []big.Word // P = ∏ p_i and ⌊P/2⌋
	productWordLen int
}

func newMixedRadix(k int) *mixedRadix {
	c := &mixedRadix{m: make([]modulus, k), inv: make([]uint64, k), invQ: make([]uint64, k),
		radix: make([][]uint64, k), radixQ: make([][]uint64, k)}
	for i := range k {
		c.m[i] = newModulus(nttPrimes[i].p)
	}
	for i := range k {
		mi := c.m[i]
		prod := uint64(1)
		c.radix[i], c.radixQ[i] = make([]uint64, i), make([]uint64, i)
		for j := range i {
			pj := c.m[j].p % mi.p
			c.radix[i][j], c.radixQ[i][j] = pj, mi.shoupQuotient(pj)
			prod = mi.mulMod(prod, pj)
		}
		c.inv[i] = mi.powMod(prod, mi.p-2)
		c.invQ[i] = mi.shoupQuotient(c.inv[i])
	}
	p := big.NewInt(1)
	for _, mi := range c.m {
		p.Mul(p, new(big.Int).SetUint64(mi.p))
	}
	c.product = p.Bits()
	c.half = new(big.Int).Rsh(p, 1).Bits()
	c.productWordLen = len(c.product)
	return c
}

// symmetric returns the integer in (−P/2, P/2] with the given residues.
func (c *mixedRadix) symmetric(r []uint64) *big.Int {
	k := len(c.m)
	v := make([]uint64, k) // mixed-radix digits: x = v0 + p0(v1 + p1(v2 + ...))
	for i := range k {
		mi := c.m[i]
		// t = v0 + p0(v1 + ... + p_{i−2}·v_{i−1}) mod p_i, by Horner.
		var t uint64
		for j := i - 1; j >= 0; j-- {
			t = mi.reduce(mi.mulShoup(t, c.radix[i][j], c.radixQ[i][j]))
			vj := v[j]
			if vj >= mi.p {
				vj -= mi.p
			}
			t = mi.reduce(t + vj)
		}
		d := r[i] + mi.p - t
		v[i] = mi.reduce(mi.mulShoup(d, c.inv[i], c.invQ[i]))
	}
	// x by Horner on words: x ← x·p_j + v_j from the top.
	x := make([]big.Word, c.productWordLen+1)
	x[0] = big.Word(v[k-1])
	used := 1
	for j := k - 2; j >= 0; j-- {
		carry := v[j]
		for w := range x[:used] {
			hi, lo := bits.Mul64(uint64(x[w]), c.m[j].p)
			lo, cc := bits.Add64(lo, carry, 0)
			x[w] = big.Word(lo)
			carry = hi + cc
		}
		if carry != 0 {
			x[used] = big.Word(carry)
			used++
		}
	}
	z := new(big.Int).SetBits(x[:used])
	if cmpWords(z.Bits(), c.half) > 0 {
		return z.Sub(z, new(big.Int).SetBits(c.product))
	}
	return z
}

// cmpWords compares normalized word slices as numbers.
func cmpWords(x, y []big.Word) int {
	if len(x) != len(y) {
		if len(x) < len(y) {
			return -1
		}
		return 1
	}
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
