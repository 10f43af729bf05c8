package integer

import (
	"math/big"
	"math/bits"

	"jacobian.dev/core/modular"
)

// reduceWords is x mod d in [0, d) for d ≥ 1, as modular.ReduceWords
// (the reference, TestReduceWordsAgrees), by division by an invariant
// integer: d is shifted left until its top bit is set, its reciprocal
// v = ⌊(2^128 − 1)/d⌋ − 2^64 is found by one hardware division, and each
// word of x, shifted alike, is folded into the remainder by two products
// and two corrections (Möller and Granlund, "Improved division by
// invariant integers", IEEE Trans. Computers 60 (2011), Algorithm 4) in
// place of a 128-by-64-bit hardware division, which is several times
// slower. The residues of a 2,000-digit n modulo 2^61 − 1, the product of
// the odd primes to 47 and the prime powers of its valuations took an
// eighth of perfect_power's run in process.
func reduceWords(x *big.Int, d uint64) uint64 {
	if bits.UintSize != 64 {
		return modular.ReduceWords(x, d)
	}
	w := x.Bits()
	if len(w) == 0 {
		return 0
	}
	s := uint(bits.LeadingZeros64(d))
	dn := d << s
	v, _ := bits.Div64(^dn, ^uint64(0), dn)
	// The words of x·2^s from the top, the first being the bits shifted
	// out of the top word (below 2^s ≤ dn); Go shifts by 64 give 0. The
	// words below k and those from k are folded in two chains at once,
	// each waiting on its own products only, and joined as
	// high·2^(64k) + low.
	shifted := func(i int) uint64 {
		u := uint64(w[i]) << s
		if i > 0 {
			u |= uint64(w[i-1]) >> (64 - s)
		}
		return u
	}
	k := len(w) / 2
	high, low := uint64(w[len(w)-1])>>(64-s), uint64(0)
	i, j := len(w)-1, k-1
	for ; j >= 0; i, j = i-1, j-1 {
		high = remainderPreinv(high, shifted(i), dn, v)
		low = remainderPreinv(low, shifted(j), dn, v)
	}
	for ; i >= k; i-- {
		high = remainderPreinv(high, shifted(i), dn, v)
	}
	r := high
	if k > 0 {
		hi, lo := bits.Mul64(high, powerOfWordBase(k, dn, v))
		r = remainderPreinv(hi, lo, dn, v)
		var c uint64
		if r, c = bits.Add64(r, low, 0); c != 0 || r >= dn {
			r -= dn
		}
	}
	r >>= s
	if x.Sign() < 0 && r != 0 {
		r = d - r
	}
	return r
}

// powerOfWordBase is 2^(64k) mod d for a normalised d with reciprocal v,
// by binary powering of 2^64 mod d = 2^64 − d.
func powerOfWordBase(k int, d, v uint64) uint64 {
	base := -d // 2^64 − d < d
	p := uint64(1)
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			hi, lo := bits.Mul64(p, base)
			p = remainderPreinv(hi, lo, d, v)
		}
		hi, lo := bits.Mul64(base, base)
		base = remainderPreinv(hi, lo, d, v)
	}
	return p
}

// remainderPreinv is (u1·2^64 + u0) mod d for a normalised d (top bit
// set), u1 < d and v = ⌊(2^128 − 1)/d⌋ − 2^64.
func remainderPreinv(u1, u0, d, v uint64) uint64 {
	q1, q0 := bits.Mul64(v, u1)
	var c uint64
	q0, c = bits.Add64(q0, u0, 0)
	q1 += u1 + c + 1
	r := u0 - q1*d
	if r > q0 {
		r += d
	}
	if r >= d {
		r -= d
	}
	return r
}
