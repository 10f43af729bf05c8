package modular

import (
	"math/big"
	"math/bits"
)

// U128 is the unsigned integer Hi·2^64 + Lo.
type U128 struct{ Hi, Lo uint64 }

func (a U128) less(b U128) bool { return a.Hi < b.Hi || (a.Hi == b.Hi && a.Lo < b.Lo) }

func (a U128) sub(b U128) U128 {
	lo, borrow := bits.Sub64(a.Lo, b.Lo, 0)
	hi, _ := bits.Sub64(a.Hi, b.Hi, borrow)
	return U128{hi, lo}
}

func (a U128) add(b U128) U128 {
	lo, carry := bits.Add64(a.Lo, b.Lo, 0)
	hi, _ := bits.Add64(a.Hi, b.Hi, carry)
	return U128{hi, lo}
}

// mulLow is a·b mod 2^128.
func (a U128) mulLow(b U128) U128 {
	hi, lo := bits.Mul64(a.Lo, b.Lo)
	hi += a.Lo*b.Hi + a.Hi*b.Lo
	return U128{hi, lo}
}

// mul256 is the 256-bit product a·b as its high and low halves.
func mul256(a, b U128) (high, low U128) {
	h00, l00 := bits.Mul64(a.Lo, b.Lo)
	h01, l01 := bits.Mul64(a.Lo, b.Hi)
	h10, l10 := bits.Mul64(a.Hi, b.Lo)
	h11, l11 := bits.Mul64(a.Hi, b.Hi)
	c1, k1 := bits.Add64(h00, l01, 0)
	c1, k2 := bits.Add64(c1, l10, 0)
	c2, k3 := bits.Add64(h01, h10, 0)
	c2, k4 := bits.Add64(c2, l11, 0)
	c2, k5 := bits.Add64(c2, k1+k2, 0)
	return U128{h11 + k3 + k4 + k5, c2}, U128{c1, l00}
}

// Mont128 is arithmetic modulo an odd n, 1 < n < 2^127, in Montgomery
// form with R = 2^128: a residue x is held as x·R mod n in two words, so
// that a product costs nine full word products, two low ones and no division
// (P. L. Montgomery, "Modular multiplication without trial division",
// Math. Comp. 44 (1985) 519–521). The bound 2^127 keeps REDC's
// intermediate (T + q·n)/R below 2n < 2^128. Montgomery form is a
// bijection of [0, n), so residues compare equal exactly when the
// numbers they represent do.
type Mont128 struct {
	n      U128
	nPrime U128 // −n^(−1) mod 2^128
	one    U128 // R mod n
	r2     U128 // R² mod n
}

// NewMont128 returns the arithmetic modulo n, and false when n is even,
// below 3 or not below 2^127.
func NewMont128(n *big.Int) (Mont128, bool) {
	if n.Sign() <= 0 || n.Bit(0) == 0 || n.BitLen() > 127 || n.Cmp(big.NewInt(1)) == 0 {
		return Mont128{}, false
	}
	nn := toU128(n)
	// Newton's iteration x ← x(2 − nx) doubles the correct low bits from
	// the 3 that x = n has for odd n: six steps reach 192 ≥ 128.
	inv := nn
	for range 6 {
		inv = inv.mulLow(U128{0, 2}.sub(nn.mulLow(inv)))
	}
	r := new(big.Int).Lsh(big.NewInt(1), 128)
	one := new(big.Int).Mod(r, n)
	r2 := new(big.Int).Mul(one, one)
	r2.Mod(r2, n)
	return Mont128{n: nn, nPrime: U128{}.sub(inv), one: toU128(one), r2: toU128(r2)}, true
}

// Mul is the Montgomery product a·b·R^(−1) mod n of a, b < n (REDC): with
// T = a·b and q = T·(−n^(−1)) mod R, T + q·n is divisible by R, and
// (T + q·n)/R < 2n is reduced by one subtraction.
func (m *Mont128) Mul(a, b U128) U128 {
	thi, tlo := mul256(a, b)
	q := tlo.mulLow(m.nPrime)
	mhi, _ := mul256(q, m.n)
	// tlo + low(q·n) ≡ 0 mod 2^128: it carries exactly when tlo ≠ 0.
	u := thi.add(mhi)
	if tlo != (U128{}) {
		u = u.add(U128{0, 1})
	}
	if !u.less(m.n) {
		u = u.sub(m.n)
	}
	return u
}

// Add is a + b mod n for a, b < n (in Montgomery form or not: the map
// is additive).
func (m *Mont128) Add(a, b U128) U128 {
	s := a.add(b) // below 2n < 2^128
	if !s.less(m.n) {
		s = s.sub(m.n)
	}
	return s
}

// Sub is a − b mod n for a, b < n.
func (m *Mont128) Sub(a, b U128) U128 {
	if a.less(b) {
		return a.add(m.n.sub(b))
	}
	return a.sub(b)
}

// One is 1 in Montgomery form.
func (m *Mont128) One() U128 { return m.one }

// To returns x·R mod n for any integer x, x in Montgomery form.
func (m *Mont128) To(x *big.Int) U128 {
	t := new(big.Int).Mod(x, m.n.Big())
	return m.Mul(toU128(t), m.r2)
}

// From returns the residue in [0, n) that a represents.
func (m *Mont128) From(a U128) *big.Int { return m.Mul(a, U128{0, 1}).Big() }

// toU128 is x for 0 ≤ x < 2^128.
func toU128(x *big.Int) U128 {
	lo := new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0)))
	return U128{new(big.Int).Rsh(x, 64).Uint64(), lo.Uint64()}
}

// Big is a as a big.Int.
func (a U128) Big() *big.Int {
	x := new(big.Int).SetUint64(a.Hi)
	x.Lsh(x, 64)
	return x.Or(x, new(big.Int).SetUint64(a.Lo))
}
