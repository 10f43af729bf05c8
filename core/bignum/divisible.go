package bignum

import (
	"jacobian.dev/core/modular"
	"math/big"
	"math/bits"
)

// Divisible reports whether m divides d, signs ignored; 0 divides only 0.
// It runs Hensel's exact division from the low end (Jebelean, "An
// algorithm for exact division", J. Symbolic Comput. 15 (1993); Brent and
// Zimmermann, Modern Computer Arithmetic, §1.4.8): with m made odd by
// removing its factors of 2 (which d must then have as well), each step
// takes the word z = d_j·m⁻¹ mod 2^64 that clears d's lowest live word and
// subtracts z·m·2^(64j). When m | d the quotient Q has at most
// len(d) − len(m) + 1 words, every z is a word of Q and nothing is left;
// when it does not, a word is left or the subtraction passes below zero.
// The cost is (len(d) − len(m) + 1)·len(m) word products and no division,
// about a third of big.Int.Rem's at a few thousand bits, for the checks
// that only ask whether a remainder is zero. big.Int.Rem is the reference
// (TestDivisible).
func Divisible(d, m *big.Int) bool {
	if m.Sign() == 0 {
		return d.Sign() == 0
	}
	if d.Sign() == 0 {
		return true
	}
	dw, mw := d.Bits(), m.Bits()
	if tz := m.TrailingZeroBits(); tz > 0 {
		if d.TrailingZeroBits() < tz {
			return false
		}
		dw = new(big.Int).Rsh(new(big.Int).SetBits(dw), tz).Bits()
		mw = new(big.Int).Rsh(new(big.Int).SetBits(mw), tz).Bits()
	}
	n, l := len(mw), len(dw)
	if l < n {
		// 0 < |d| < 2^(64·(n−1)) ≤ |m|.
		return false
	}
	inv := modular.WordInverse(uint64(mw[0]))
	z := make([]big.Word, l)
	copy(z, dw)
	for j := 0; j <= l-n; j++ {
		if z[j] == 0 {
			continue
		}
		c := subMulWords(z[j:j+n], mw, uint64(z[j])*inv)
		for k := j + n; c != 0; k++ {
			if k == l {
				// More than d was taken: Q would need another word.
				return false
			}
			var w uint64
			w, c = bits.Sub64(uint64(z[k]), c, 0)
			z[k] = big.Word(w)
		}
	}
	for _, w := range z[l-n+1:] {
		if w != 0 {
			return false
		}
	}
	return true
}

// subMulGo sets z to z − x·y over len(x) words, z at least as long, and
// returns the word to subtract from z[len(x)]: the reference for
// subMulWords (TestSubMulWords).
func subMulGo(z, x []big.Word, y uint64) uint64 {
	z = z[:len(x)]
	var c uint64
	for i, xi := range x {
		hi, lo := bits.Mul64(uint64(xi), y)
		var k uint64
		lo, k = bits.Add64(lo, c, 0)
		hi += k
		var w uint64
		w, k = bits.Sub64(uint64(z[i]), lo, 0)
		z[i] = big.Word(w)
		c = hi + k
	}
	return c
}
