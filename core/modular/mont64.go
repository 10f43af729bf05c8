package modular

import "math/bits"

// Mont64 is arithmetic modulo an odd n < 2^64 in Montgomery form: a
// residue x is held as x·R mod n with R = 2^64, so that a product needs
// two word multiplications and no division (P. L. Montgomery, "Modular
// multiplication without trial division", Math. Comp. 44 (1985) 519–521).
// It serves the word-size Miller–Rabin test of core/primality and the
// quadratic sieve's cofactor splitting in core/factor.
type Mont64 struct {
	n    uint64
	ninv uint64 // n^(−1) mod 2^64
	one  uint64 // R mod n: 1 in Montgomery form
}

// NewMont64 returns the arithmetic modulo the odd n > 1.
func NewMont64(n uint64) Mont64 {
	return Mont64{n: n, ninv: WordInverse(n), one: -n % n}
}

// WordInverse returns n⁻¹ mod 2^64 for odd n, by Newton's (Hensel's)
// iteration x ← x(2 − nx), which doubles the correct low bits: n is its
// own inverse modulo 8, so five steps from x = n reach 96 ≥ 64 bits. Its
// low 32 bits are n⁻¹ mod 2^32. It sets up every Montgomery reduction
// and exact division by a word in the workspace.
func WordInverse(n uint64) uint64 {
	inv := n
	for range 5 {
		inv *= 2 - n*inv
	}
	return inv
}

// N is the modulus.
func (m Mont64) N() uint64 { return m.n }

// One is 1 in Montgomery form, R mod n.
func (m Mont64) One() uint64 { return m.one }

// MinusOne is −1 in Montgomery form.
func (m Mont64) MinusOne() uint64 { return m.n - m.one }

// Mul is the Montgomery product a·b·R^(−1) mod n of a, b < n (REDC): with
// T = a·b and q = T·n^(−1) mod R, T − q·n is divisible by R and
// (T − q·n)/R = hi(T) − hi(q·n) lies in (−n, n).
func (m Mont64) Mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	h, _ := bits.Mul64(lo*m.ninv, m.n)
	r := hi - h
	if hi < h {
		r += m.n
	}
	return r
}

// To returns a·R mod n, a in Montgomery form.
func (m Mont64) To(a uint64) uint64 {
	_, r := bits.Div64(a%m.n, 0, m.n)
	return r
}

// From returns x·R^(−1) mod n, the residue that x represents.
func (m Mont64) From(x uint64) uint64 { return m.Mul(x, 1) }
