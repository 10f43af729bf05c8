package integer

// Montgomery arithmetic modulo an odd n of up to montWords words, for the
// elliptic curve scalar multiplications of ECPP (ecpp_curve.go).
//
// An element x is held as x·R mod n, R = 2^(64·s) for an s-word n, in a
// fixed array that never allocates, and a product is one pass of
// Montgomery's reduction interleaved with the schoolbook product, the
// coarsely integrated operand scanning (CIOS) method of Koç, Acar and
// Kaliski ("Analyzing and comparing Montgomery multiplication
// algorithms", IEEE Micro 16 (1996)) with the two inner loops fused: about
// 2s² word products and no division, against a big.Int product followed
// by a big.Int division, each allocating. Sums and differences are reduced
// by one conditional subtraction or addition of n.

import (
	"jacobian.dev/core/modular"
	"math/big"
	"math/bits"
)

// montWords is the largest modulus in words: ECPP steps have at most
// MaxPrimalityBits + 1 bits.
const montWords = (MaxPrimalityBits + 1 + 63) / 64

// felem is an element modulo n in Montgomery form; words beyond s are 0.
type felem [montWords]uint64

// montMod is Montgomery arithmetic modulo the odd n.
type montMod struct {
	s   int
	n   felem
	inv uint64 // −n⁻¹ mod 2^64
	nb  *big.Int
}

// newMontMod returns the arithmetic modulo n, or false when n is even, below
// 3 or longer than montWords words, or where machine words are not 64 bits
// (the limbs are big.Word).
func newMontMod(n *big.Int) (*montMod, bool) {
	w := n.Bits()
	if bits.UintSize != 64 || n.Sign() <= 0 || n.Bit(0) == 0 || n.BitLen() < 2 || len(w) > montWords {
		return nil, false
	}
	m := &montMod{s: len(w), nb: n}
	for i, x := range w {
		m.n[i] = uint64(x)
	}
	n0 := m.n[0]
	m.inv = -modular.WordInverse(n0)
	return m, true
}

// set sets z to x·R mod n for 0 ≤ x.
func (m *montMod) set(z *felem, x *big.Int) {
	t := new(big.Int).Lsh(x, uint(64*m.s))
	t.Mod(t, m.nb)
	*z = felem{}
	for i, w := range t.Bits() {
		z[i] = uint64(w)
	}
}

// big returns the integer in [0, n) that x represents.
func (m *montMod) big(x *felem) *big.Int {
	var one, t felem
	one[0] = 1
	m.mul(&t, x, &one)
	w := make([]big.Word, m.s)
	for i := range w {
		w[i] = big.Word(t[i])
	}
	return new(big.Int).SetBits(w)
}

// mul sets z to x·y·R⁻¹ mod n; z may alias x or y.
func (m *montMod) mul(z, x, y *felem) {
	s := m.s
	var buf [montWords + 1]uint64
	t := buf[:s+1]
	xs, ys, ns := x[:s], y[:s], m.n[:s]
	ns = ns[:len(xs)]
	t = t[:len(xs)+1]
	for _, yi := range ys {
		// Word 0: t₀ + x₀·yᵢ fixes q, and t₀ + x₀·yᵢ + q·n₀ ≡ 0.
		hi, lo := bits.Mul64(xs[0], yi)
		lo, c := bits.Add64(lo, t[0], 0)
		c1 := hi + c
		q := lo * m.inv
		hi, lo2 := bits.Mul64(q, ns[0])
		_, c = bits.Add64(lo2, lo, 0)
		c2 := hi + c
		for j := 1; j < len(xs); j++ {
			hi, lo := bits.Mul64(xs[j], yi)
			lo, c = bits.Add64(lo, t[j], 0)
			hi += c
			lo, c = bits.Add64(lo, c1, 0)
			c1 = hi + c
			hi, lo2 := bits.Mul64(q, ns[j])
			lo2, c = bits.Add64(lo2, lo, 0)
			hi += c
			lo2, c = bits.Add64(lo2, c2, 0)
			c2 = hi + c
			t[j-1] = lo2
		}
		// t_s + c1 + c2 becomes the top two words, shifted down one. The
		// running value stays below 2n, so the top word is 0 or 1.
		v, c := bits.Add64(t[len(xs)], c1, 0)
		v, c3 := bits.Add64(v, c2, 0)
		t[len(xs)-1] = v
		t[len(xs)] = c + c3
	}
	// t < 2n: one conditional subtraction.
	zs := z[:len(xs)]
	var borrow uint64
	for j := range zs {
		zs[j], borrow = bits.Sub64(t[j], ns[j], borrow)
	}
	if t[len(xs)] == 0 && borrow != 0 {
		copy(zs, t)
	}
}

// add sets z to x + y mod n.
func (m *montMod) add(z, x, y *felem) {
	s := m.s
	var c uint64
	var t felem
	for j := 0; j < s; j++ {
		t[j], c = bits.Add64(x[j], y[j], c)
	}
	var d felem
	var borrow uint64
	for j := 0; j < s; j++ {
		d[j], borrow = bits.Sub64(t[j], m.n[j], borrow)
	}
	if c != 0 || borrow == 0 {
		copy(z[:s], d[:s])
	} else {
		copy(z[:s], t[:s])
	}
}

// sub sets z to x − y mod n.
func (m *montMod) sub(z, x, y *felem) {
	s := m.s
	var borrow uint64
	for j := 0; j < s; j++ {
		z[j], borrow = bits.Sub64(x[j], y[j], borrow)
	}
	if borrow != 0 {
		var c uint64
		for j := 0; j < s; j++ {
			z[j], c = bits.Add64(z[j], m.n[j], c)
		}
	}
}

// montPoint is a point (X : Y : Z) in modified Jacobian coordinates
// (Cohen, Miyaji and Ono, "Efficient elliptic curve exponentiation using
// mixed coordinates", ASIACRYPT 1998): beside X, Y and Z it carries
// T = a·Z⁴, which a doubling updates for one product instead of the two
// that recompute it, each in Montgomery form.
type montPoint struct{ x, y, z, t felem }

// montCurve is y² = x³ + ax + b modulo n in Montgomery form, with the
// temporaries of its point arithmetic.
type montCurve struct {
	m                      *montMod
	a, one                 felem
	t1, t2, t3, t4, t5, t6 felem
}

// double sets p to 2p: dbl-2007-bl with general a, as scratch.double, and
// the same X₃, Y₃, Z₃, with a·Z⁴ read from T and T₃ = 16·Y⁴·T, eight
// products against ten.
func (c *montCurve) double(p *montPoint) {
	m := c.m
	xx, yy, y4, st, mm := &c.t1, &c.t2, &c.t3, &c.t4, &c.t5
	m.mul(xx, &p.x, &p.x)
	m.mul(yy, &p.y, &p.y)
	m.mul(y4, yy, yy)
	m.add(y4, y4, y4)
	m.add(y4, y4, y4)
	m.add(y4, y4, y4) // 8Y⁴
	m.mul(st, &p.x, yy)
	m.add(st, st, st)
	m.add(st, st, st) // S = 4·X·Y²
	m.add(mm, xx, xx)
	m.add(mm, mm, xx)
	m.add(mm, mm, &p.t) // M = 3X² + a·Z⁴
	m.mul(&p.z, &p.y, &p.z)
	m.add(&p.z, &p.z, &p.z) // Z₃ = 2·Y·Z
	m.mul(&p.x, mm, mm)
	m.sub(&p.x, &p.x, st)
	m.sub(&p.x, &p.x, st) // X₃ = M² − 2S
	m.sub(&p.y, st, &p.x)
	m.mul(&p.y, &p.y, mm)
	m.sub(&p.y, &p.y, y4) // Y₃ = M(S − X₃) − 8Y⁴
	m.mul(&p.t, &p.t, y4)
	m.add(&p.t, &p.t, &p.t) // T₃ = a·Z₃⁴ = 16·Y⁴·a·Z⁴
}

// setAffine sets p to (x : y : 1), with T = a.
func (c *montCurve) setAffine(p *montPoint, x, y *felem) {
	p.x, p.y, p.z, p.t = *x, *y, c.one, c.a
}

// addAffine sets p to p + (x₂, y₂) (madd-2004-hmv, as scratch.addAffine).
func (c *montCurve) addAffine(p *montPoint, x2, y2 *felem) {
	m := c.m
	z1z1, h, r, hh, hhh, v := &c.t1, &c.t2, &c.t3, &c.t4, &c.t5, &c.t6
	m.mul(z1z1, &p.z, &p.z)
	m.mul(h, x2, z1z1)
	m.sub(h, h, &p.x) // H = x₂Z² − X
	m.mul(r, &p.z, z1z1)
	m.mul(r, r, y2)
	m.sub(r, r, &p.y) // R = y₂Z³ − Y
	m.mul(hh, h, h)
	m.mul(hhh, h, hh)
	m.mul(v, &p.x, hh)
	m.mul(&p.z, &p.z, h) // Z₃ = Z·H
	m.mul(&p.x, r, r)
	m.sub(&p.x, &p.x, hhh)
	m.sub(&p.x, &p.x, v)
	m.sub(&p.x, &p.x, v) // X₃ = R² − H³ − 2V
	m.mul(hhh, hhh, &p.y)
	m.sub(&p.y, v, &p.x)
	m.mul(&p.y, &p.y, r)
	m.sub(&p.y, &p.y, hhh) // Y₃ = R(V − X₃) − Y·H³
	m.mul(&p.t, &p.z, &p.z)
	m.mul(&p.t, &p.t, &p.t)
	m.mul(&p.t, &p.t, &c.a) // T₃ = a·Z₃⁴
}
