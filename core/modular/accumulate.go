package modular

import "math/bits"

// ProductSum is an exact sum of word products held in three words (192
// bits), for the inner loops of dot products over GF(p): accumulate every
// x·y of an output coefficient, then reduce once, so a coefficient costs
// one reduction however many products it sums, instead of one per product.
// It holds up to 2^64 products of any two words ((2^64 − 1)²·2^64 < 2^192),
// so no caller can overflow it in practice. The zero value is the sum 0.
type ProductSum struct{ lo, mid, hi uint64 }

// AddMul adds x·y.
func (s *ProductSum) AddMul(x, y uint64) {
	h, l := bits.Mul64(x, y)
	var c uint64
	s.lo, c = bits.Add64(s.lo, l, 0)
	s.mid, c = bits.Add64(s.mid, h, c)
	s.hi += c
}

// Add adds x.
func (s *ProductSum) Add(x uint64) {
	var c uint64
	s.lo, c = bits.Add64(s.lo, x, 0)
	s.mid, c = bits.Add64(s.mid, 0, c)
	s.hi += c
}

// Reduce returns the sum modulo p, for any p > 0 (not only primes, and not
// only p < 2^63), by Reduce3.
func (s *ProductSum) Reduce(p uint64) uint64 { return Reduce3(s.hi, s.mid, s.lo, p) }

// Reduce3 returns hi·2^128 + mid·2^64 + lo modulo p, for any p > 0: one
// word remainder and two 128-by-64-bit divisions, Horner's rule on the
// three words.
func Reduce3(hi, mid, lo, p uint64) uint64 {
	_, r := bits.Div64(hi%p, mid, p)
	_, r = bits.Div64(r, lo, p)
	return r
}
