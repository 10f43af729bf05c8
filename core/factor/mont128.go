package factor

// Pollard–Brent rho in two machine words.
//
// For n below 2^127 the rho iteration runs on a pair of 64-bit words with
// Montgomery multiplication (P. L. Montgomery, "Modular multiplication
// without trial division", Math. Comp. 44 (1985) 519–521), R = 2^128. A
// step costs a few word multiplications instead of math/big's general
// multiply and divide, an order of magnitude less.
//
// The iteration is carried out on Montgomery representatives ỹ = y·R mod n
// without converting in or out: ỹ ← REDC(ỹ²) + c is the map y ← y² + c/R,
// another polynomial of the same family, and gcd(x̃ − ỹ, n) = gcd(x − y, n)
// because R is a unit modulo odd n. So the search, the batching and the
// backtracking are exactly those of brent in rho.go.
//
// The bound 2^127 keeps REDC's intermediate (t + m·n)/R below 2n < 2^128.

import (
	"math/big"
	"math/bits"
)

// u128 is hi·2^64 + lo.
type u128 struct{ hi, lo uint64 }

func (a u128) less(b u128) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }

func (a u128) sub(b u128) u128 {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, borrow)
	return u128{hi, lo}
}

func (a u128) add(b u128) u128 {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, carry)
	return u128{hi, lo}
}

// mulLow is a·b mod 2^128.
func (a u128) mulLow(b u128) u128 {
	hi, lo := bits.Mul64(a.lo, b.lo)
	hi += a.lo*b.hi + a.hi*b.lo
	return u128{hi, lo}
}

// mulFull is the 256-bit product a·b as (high, low) halves.
func mulFull(a, b u128) (high, low u128) {
	h00, l00 := bits.Mul64(a.lo, b.lo)
	h01, l01 := bits.Mul64(a.lo, b.hi)
	h10, l10 := bits.Mul64(a.hi, b.lo)
	h11, l11 := bits.Mul64(a.hi, b.hi)
	// Column 1: h00 + l01 + l10.
	c1, k1 := bits.Add64(h00, l01, 0)
	c1, k2 := bits.Add64(c1, l10, 0)
	// Column 2: h01 + h10 + l11 + carries.
	c2, k3 := bits.Add64(h01, h10, 0)
	c2, k4 := bits.Add64(c2, l11, 0)
	c2, k5 := bits.Add64(c2, k1+k2, 0)
	c3 := h11 + k3 + k4 + k5
	return u128{c3, c2}, u128{c1, l00}
}

// mont128 is Montgomery arithmetic modulo an odd n < 2^127.
type mont128 struct {
	n, nPrime u128 // nPrime = −n⁻¹ mod 2^128
}

func newMont128(n *big.Int) mont128 {
	nn := toU128(n)
	// Newton's iteration for n⁻¹ mod 2^128: x = n is right to 3 bits for
	// odd n, and each step doubles the correct bits.
	inv := nn
	two := u128{0, 2}
	for range 6 {
		inv = inv.mulLow(two.sub(nn.mulLow(inv)))
	}
	return mont128{n: nn, nPrime: u128{}.sub(inv)}
}

// redcMul returns a·b·R⁻¹ mod n for a, b < n.
func (m mont128) redcMul(a, b u128) u128 {
	thi, tlo := mulFull(a, b)
	q := tlo.mulLow(m.nPrime)
	mhi, mlo := mulFull(q, m.n)
	// tlo + mlo ≡ 0 mod 2^128: it carries exactly when tlo ≠ 0.
	u := thi.add(mhi)
	if tlo != (u128{}) || mlo != (u128{}) {
		u = u.add(u128{0, 1})
	}
	if !u.less(m.n) {
		u = u.sub(m.n)
	}
	return u
}

func toU128(x *big.Int) u128 {
	lo := new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0))).Uint64()
	hi := new(big.Int).Rsh(x, 64).Uint64()
	return u128{hi, lo}
}

func (a u128) big() *big.Int {
	x := new(big.Int).SetUint64(a.hi)
	x.Lsh(x, 64)
	return x.Or(x, new(big.Int).SetUint64(a.lo))
}

// brent128 is brent for odd n < 2^127 in Montgomery form.
func (f *Factorizer) brent128(n *big.Int, c uint64) (*big.Int, error) {
	m := newMont128(n)
	cc := u128{0, c}
	step := func(v u128) u128 {
		v = m.redcMul(v, v).add(cc)
		if !v.less(m.n) {
			v = v.sub(m.n)
		}
		return v
	}
	absDiff := func(a, b u128) u128 {
		if a.less(b) {
			return b.sub(a)
		}
		return a.sub(b)
	}
	y, x, ys := u128{0, 2}, u128{}, u128{}
	q := u128{0, 1}
	g := big.NewInt(1)
	one := big.NewInt(1)
	digits := decimalDigits(n)
	for r := int64(1); g.Cmp(one) == 0; r *= 2 {
		x = y
		for i := int64(0); i < r; i += rhoBatch {
			k := min(rhoBatch, r-i)
			if err := f.spend(k, digits); err != nil {
				return nil, err
			}
			for range k {
				y = step(y)
			}
		}
		for k := int64(0); k < r && g.Cmp(one) == 0; k += rhoBatch {
			ys = y
			b := min(rhoBatch, r-k)
			if err := f.spend(b, digits); err != nil {
				return nil, err
			}
			for range b {
				y = step(y)
				q = m.redcMul(q, absDiff(x, y))
			}
			g.GCD(nil, nil, q.big(), n)
		}
	}
	if g.Cmp(n) == 0 {
		for {
			ys = step(ys)
			g.GCD(nil, nil, absDiff(x, ys).big(), n)
			if g.Cmp(one) != 0 {
				break
			}
		}
	}
	if g.Cmp(n) == 0 {
		return nil, nil
	}
	return g, nil
}
