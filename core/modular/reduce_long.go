package modular

import (
	"math/big"
	"math/bits"
)

// ReduceLong is x mod d in [0, d) for d ≥ 1, as ReduceWords (its
// reference, TestReduceLongAgrees), for x of many words. It divides by an
// invariant integer: d is shifted left until its top bit is set, its
// reciprocal v = ⌊(2^128 − 1)/d⌋ − 2^64 is found by one hardware
// division, and each word of x, shifted alike, is folded into the
// remainder by two products and two corrections (rem2by1; Möller and
// Granlund, "Improved division by invariant integers", IEEE Trans.
// Computers 60 (2011), Algorithm 4) in place of a 128-by-64-bit hardware
// division, several times slower. The reciprocal costs one such division,
// so ReduceWords is as fast for x of a word or two. A 2,000-digit x (104
// words) modulo the product of the odd primes to 47: 705 against 553 ns
// (BenchmarkReduceLong, GOMAXPROCS=1, least of two).
func ReduceLong(x *big.Int, d uint64) uint64 {
	if bits.UintSize != 64 {
		return ReduceWords(x, d)
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
		high = rem2by1(high, shifted(i), dn, v)
		low = rem2by1(low, shifted(j), dn, v)
	}
	for ; i >= k; i-- {
		high = rem2by1(high, shifted(i), dn, v)
	}
	r := high
	if k > 0 {
		hi, lo := bits.Mul64(high, powerOfWordBase(k, dn, v))
		r = rem2by1(hi, lo, dn, v)
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
			p = rem2by1(hi, lo, d, v)
		}
		hi, lo := bits.Mul64(base, base)
		base = rem2by1(hi, lo, d, v)
	}
	return p
}
