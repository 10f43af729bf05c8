package modular

// Division-free reduction of double- and triple-word integers.
//
// Matrix kernels accumulate exact sums of 128-bit products and reduce each
// sum once (delayed reduction), so the cost of one reduction matters less
// than that of one multiplication, but a reduction still runs once per
// entry of every product. Modulus precomputes the reciprocal of Möller and
// Granlund ("Improved division by invariant integers", IEEE Trans.
// Computers 60 (2011), Algorithm 4), a Barrett-type constant
// v = ⌊(2^128 − 1)/d⌋ − 2^64 of the normalised divisor d = p·2^s, with which
// a 128-by-64-bit remainder costs two multiplications and a few additions
// instead of a hardware division.

import "math/bits"

// MaxKernelPrime bounds the moduli of the delayed-reduction kernels: below
// 2^62 a product of two residues is below 2^124, so four of them add to a
// high word that a 64-bit counter can absorb with a cheap fold every four
// terms (see Dot).
const MaxKernelPrime = 1 << 62

// Modulus is a prime p with the constants of division-free reduction.
// Its methods take and return residues in [0, p) unless they say
// otherwise. The zero value is not usable; build one with NewModulus.
type Modulus struct {
	P     uint64
	shift uint   // leading zeros of P
	norm  uint64 // P << shift, top bit set
	recip uint64 // Möller–Granlund reciprocal of norm
	r64   uint64 // 2^64 mod P
	r126  uint64 // 2^126 mod P
}

// NewModulus prepares reduction modulo p, 2 ≤ p < 2^63. (Primality is not
// checked; only the matrix and CRT kernels, which divide, need it.)
func NewModulus(p uint64) Modulus {
	if p < 2 || p >= 1<<63 {
		panic("modular.NewModulus: modulus must be in [2, 2^63)")
	}
	s := uint(bits.LeadingZeros64(p))
	d := p << s
	v, _ := bits.Div64(^d, ^uint64(0), d)
	m := Modulus{P: p, shift: s, norm: d, recip: v}
	m.r64 = m.Reduce128(1, 0)
	m.r126 = m.Reduce128(1<<62, 0)
	return m
}

// rem2by1 returns (u1·2^64 + u0) mod d for normalised d with reciprocal v
// and u1 < d (Möller and Granlund, Algorithm 4, remainder only).
func rem2by1(u1, u0, d, v uint64) uint64 {
	qh, ql := bits.Mul64(v, u1)
	ql, c := bits.Add64(ql, u0, 0)
	qh, _ = bits.Add64(qh, u1, c)
	qh++
	r := u0 - qh*d
	if r > ql {
		r += d
	}
	if r >= d {
		r -= d
	}
	return r
}

// Reduce128 returns (hi·2^64 + lo) mod p for any hi.
func (m Modulus) Reduce128(hi, lo uint64) uint64 {
	s := m.shift
	// Shift the numerator by s so the divisor is normalised. The top
	// word hi>>(64−s) is below 2^s ≤ norm, so it is already a remainder.
	r := hi >> (64 - s) // s ≥ 1 since p < 2^63
	r = rem2by1(r, hi<<s|lo>>(64-s), m.norm, m.recip)
	r = rem2by1(r, lo<<s, m.norm, m.recip)
	return r >> s
}

// ReduceUnder returns (hi·2^64 + lo) mod p when hi < p: one step of
// Reduce128.
func (m Modulus) ReduceUnder(hi, lo uint64) uint64 {
	s := m.shift
	r := rem2by1(hi<<s|lo>>(64-s), lo<<s, m.norm, m.recip)
	return r >> s
}

// Reduce192 returns (top·2^126 + hi·2^64 + lo) mod p, the value of the
// three-word accumulators of Dot, for any top and lo and hi < 2^62.
// Written as t1·2^128 + t0·2^64 + lo with t1 = top>>2 (zero for sums of
// up to sixteen products), the shifted numerator has a top word below
// 2^s, so two or three steps of the 2-by-1 remainder finish it.
func (m Modulus) Reduce192(top, hi, lo uint64) uint64 {
	s := m.shift
	t1, t0 := top>>2, top<<62|hi
	var r uint64
	if t1 == 0 {
		r = t0 >> (64 - s)
	} else {
		r = rem2by1(t1>>(64-s), t1<<s|t0>>(64-s), m.norm, m.recip)
	}
	r = rem2by1(r, t0<<s|lo>>(64-s), m.norm, m.recip)
	r = rem2by1(r, lo<<s, m.norm, m.recip)
	return r >> s
}

// Mul returns a·b mod p for a, b < p (any a, b whose product's high word
// is below p).
func (m Modulus) Mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return m.ReduceUnder(hi, lo)
}

// Add returns a + b mod p.
func (m Modulus) Add(a, b uint64) uint64 { return Add(a, b, m.P) }

// Sub returns a − b mod p.
func (m Modulus) Sub(a, b uint64) uint64 { return Sub(a, b, m.P) }

// Inverse returns a⁻¹ mod p, or 0 and false when p divides a.
func (m Modulus) Inverse(a uint64) (uint64, bool) { return Inverse(a, m.P) }

// ReduceInt returns x mod p for a signed word.
func (m Modulus) ReduceInt(x int64) uint64 {
	if x >= 0 {
		return uint64(x) % m.P
	}
	r := uint64(-(x + 1)) % m.P // −x − 1 without overflow at MinInt64
	return m.P - 1 - r
}

// Dot returns Σ a[k]·b[k] mod p over len(a) terms (b at least as long),
// with one reduction for the whole sum: the 128-bit products are added
// exactly into three words. p < MaxKernelPrime, entries < p.
func (m Modulus) Dot(a, b []uint64) uint64 {
	top, hi, lo := DotAccumulate(a, b)
	return m.Reduce192(top, hi, lo)
}

// DotAccumulate returns the exact Σ a[k]·b[k] as top·2^126 + hi·2^64 + lo
// for entries below 2^62. Each product's high word is below 2^60, so
// after folding hi's top two bits into top, four more products cannot
// overflow hi.
func DotAccumulate(a, b []uint64) (top, hi, lo uint64) {
	b = b[:len(a)]
	k := 0
	var c uint64
	for ; k+4 <= len(a); k += 4 {
		h0, l0 := bits.Mul64(a[k], b[k])
		h1, l1 := bits.Mul64(a[k+1], b[k+1])
		h2, l2 := bits.Mul64(a[k+2], b[k+2])
		h3, l3 := bits.Mul64(a[k+3], b[k+3])
		lo, c = bits.Add64(lo, l0, 0)
		hi, _ = bits.Add64(hi, h0, c)
		lo, c = bits.Add64(lo, l1, 0)
		hi, _ = bits.Add64(hi, h1, c)
		lo, c = bits.Add64(lo, l2, 0)
		hi, _ = bits.Add64(hi, h2, c)
		lo, c = bits.Add64(lo, l3, 0)
		hi, _ = bits.Add64(hi, h3, c)
		top += hi >> 62
		hi &= 1<<62 - 1
	}
	for ; k < len(a); k++ {
		h, l := bits.Mul64(a[k], b[k])
		lo, c = bits.Add64(lo, l, 0)
		hi, _ = bits.Add64(hi, h, c)
	}
	top += hi >> 62
	hi &= 1<<62 - 1
	return top, hi, lo
}
