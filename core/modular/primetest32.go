package modular

import "math/bits"

// millerRabin32 is millerRabin(NewMont64(n), bases32[:]) for the odd
// n < 2^32 that PrimeTest64 leaves to Miller–Rabin, written out for that
// case, as the postconditions of prime_count and nth_prime and the
// factorizations of small numbers need it: the three powers 2^d, 7^d and
// 61^d are three chains of 32-bit Montgomery products (a 64-bit product
// and two 32-bit reductions, no 128-bit product) held in registers, left
// to right over the bits of d, where the general loop keeps up to seven
// in arrays; and the power of 2 takes a doubling, an addition, in place
// of each multiplication by the base. The answer, the witness included,
// is millerRabin's (TestMillerRabin32).
func millerRabin32(n uint32) (bool, uint64) {
	m := newMont32(n)
	nm1 := n - 1
	s := bits.TrailingZeros32(nm1)
	d := nm1 >> s
	// Left to right from the top bit of d, which starts each power at its
	// base; 2 in Montgomery form is the double of one.
	x2, x7, x61 := m.double(m.one), m.to(7), m.to(61)
	b7, b61 := x7, x61
	for bit := bits.Len32(d) - 2; bit >= 0; bit-- {
		x2, x7, x61 = m.mul(x2, x2), m.mul(x7, x7), m.mul(x61, x61)
		if d>>bit&1 == 1 {
			x2, x7, x61 = m.double(x2), m.mul(x7, b7), m.mul(x61, b61)
		}
	}
	switch {
	case !m.strong(x2, s):
		return false, 2
	case !m.strong(x7, s):
		return false, 7
	case !m.strong(x61, s):
		return false, 61
	}
	return true, 0
}

// mont32 is Mont64 for an odd n < 2^32, with R = 2^32.
type mont32 struct {
	n    uint32
	ninv uint32 // n^(−1) mod 2^32
	one  uint32 // R mod n
}

func newMont32(n uint32) mont32 {
	return mont32{n: n, ninv: uint32(WordInverse(uint64(n))), one: -n % n}
}

// mul is the Montgomery product a·b·R^(−1) mod n of a, b < n: with
// T = a·b < n² and q = T·n^(−1) mod R, T − q·n is divisible by R, and
// (T − q·n)/R = hi(T) − hi(q·n) lies in (−n, n).
func (m mont32) mul(a, b uint32) uint32 {
	t := uint64(a) * uint64(b)
	h := uint32(uint64(uint32(t)*m.ninv) * uint64(m.n) >> 32)
	r := uint32(t>>32) - h
	if uint32(t>>32) < h {
		r += m.n
	}
	return r
}

// double returns 2x mod n for x < n.
func (m mont32) double(x uint32) uint32 {
	y := uint64(x) << 1
	if y >= uint64(m.n) {
		y -= uint64(m.n)
	}
	return uint32(y)
}

// to returns a·R mod n.
func (m mont32) to(a uint32) uint32 { return uint32(uint64(a) << 32 % uint64(m.n)) }

// strong reports whether y = a^d (Montgomery form) ends a Miller–Rabin
// round for n − 1 = 2^s·d without a witness: y ≡ ±1, or a square of it
// among the next s − 1 is −1.
func (m mont32) strong(y uint32, s int) bool {
	minus := m.n - m.one
	if y == m.one || y == minus {
		return true
	}
	for range s - 1 {
		if y = m.mul(y, y); y == minus {
			return true
		}
		if y == m.one {
			return false
		}
	}
	return false
}
