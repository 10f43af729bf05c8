package bignum

// Lehmer's pass on two-word leading parts.
//
// A Lehmer pass (gcd.go) reduces the leading bits of a pair in machine
// arithmetic and applies the resulting matrix to the whole numbers. With
// one-word leading parts of 62 bits, Möller's criterion (steps keep both
// numbers at least 2^s', s' = ⌊62/2⌋ + 1) stops the pass after about 31
// bits, so a pair loses 31 bits per application of a word matrix to its
// full length. Taking the leading 126 bits instead, as two words, the
// same criterion at s' ≥ 64 lets the pass run until about 62 bits are
// gone, and its matrix entries stay below 2^(126 − s') ≤ 2^62: still
// single words, so one application of the matrix, which costs the same as
// before, now does twice the work, and the passes over the full numbers
// are halved. This is the double-digit Lehmer step (Jebelean, "Improving
// the multiprecision Euclidean algorithm", DISCO '93, and Collins' exact
// quotient sequence conditions, which Möller's criterion replaces here:
// every quotient it takes is the true one by the high-part lemma of
// gcd.go, so no quotient is ever checked or undone; Möller, "On
// Schönhage's algorithm and subquadratic integer gcd computation",
// Math. Comp. 77 (2008), §4, and his hgcd2 on two-limb numbers).
//
// The two-word numbers are kept as (hi, lo) pairs. Every quotient is
// q = 1 + ⌊(x − 2^s' − y)/y⌋; a difference below 4y (q ≤ 4, seven times
// in ten by Gauss–Kuzmin: 41.5, 17.0, 9.3 and 5.9 per cent) is taken by
// subtraction without a division, and otherwise one 128-by-64-bit
// division of the normalised operands gives q or q + 1, settled by one
// product (y ≥ 2^64 since y ≥ 2^s', so the estimate's relative error is
// below 2^−63 and q < 2^62).

import (
	"math/big"
	"math/bits"
)

// u128 is hi·2^64 + lo.
type u128 struct{ hi, lo uint64 }

func (a u128) less(b u128) bool { return a.hi < b.hi || a.hi == b.hi && a.lo < b.lo }

func (a u128) sub(b u128) u128 {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	return u128{a.hi - b.hi - borrow, lo}
}

// mulWord returns q·a modulo 2^128: q·a when it fits, and differences of
// such products whose true value fits are exact too.
func (a u128) mulWord(q uint64) u128 {
	h, l := bits.Mul64(q, a.lo)
	return u128{q*a.hi + h, l}
}

// divRem128 returns ⌊d/y⌋ and d mod y for y ≥ 2^64 and a quotient below
// 2^63.
func divRem128(d, y u128) (uint64, u128) {
	// y·2^lz has its top bit set; yt, its top word, is y/2^(64−lz) rounded
	// down, and d/2^(64−lz) fits in the division as q̂ < 2^62 < yt (Go's
	// shifts by 64 give 0, so lz = 0 needs no case of its own).
	lz := uint(bits.LeadingZeros64(y.hi))
	yt := y.hi<<lz | y.lo>>(64-lz)
	dh, dl := d.hi>>(64-lz), d.hi<<lz|d.lo>>(64-lz)
	q, _ := bits.Div64(dh, dl, yt)
	// q̂ = ⌊d/(yt·2^(64−lz))⌋ is ⌊d/y⌋ or one more.
	p := y.mulWord(q)
	if d.less(p) {
		q--
		p = p.sub(y)
	}
	return q, d.sub(p)
}

// wordReduce2 reduces the two-word pair (x, y), both below 2^126, at
// position s ≥ 64 with Möller's steps, as wordReduce does with one word,
// and returns the matrix (w0 w1; w2 w3), whose entries are below
// 2^(126 − s), and whether any step was possible. A non-nil sink receives
// the quotients.
//
// A step on the larger number leaves it at 2^s + (its excess over 2^s)
// mod the smaller one, below the smaller one plus 2^s, so the steps
// alternate between the two numbers until one would leave a difference
// below 2^s: the loop takes a step on x and then one on y, and computes
// each new number from that remainder, without multiplying back; a
// quotient up to 4, seven times in ten, costs no division (against 2
// alone: about 1.04M → 1.01M instructions per 2000-digit
// rational_reconstruction, callgrind, both Lehmer runs in it).
//
// Most steps run on one word, as GMP's hgcd2 runs them (Möller, §4): a
// head reduces the top words ⌊(x, y)/2^62⌋ of a pair of full length,
// which brings it to about 2^95, and once both numbers are in
// [2^(s+1), 2^96), wordReduceTail finishes the pass on ⌊(x, y)/2^32⌋;
// the two-word loop takes only what lies between, a large quotient the
// head could not see. The pass may then stop about a bit short of the
// two-word loop's alone (see wordReduceTail). Callgrind, 2000-digit
// rational_reconstruction per call: the head 1.113M → 1.067M
// instructions. Möller's steps on big.Ints (step) are the reference
// (TestWordReduce2).
func wordReduce2(x, y u128, s int, sink quotientSink) ([4]uint64, bool) {
	w := [4]uint64{1, 0, 0, 1}
	if s >= 126 || s < 64 {
		return w, false
	}
	ph := uint64(1) << (s - 64) // 2^s = (ph, 0)
	if x.hi < ph || y.hi < ph {
		return w, false
	}
	progress := false
	if t := max(33, s-61); t <= 62 && x.hi>>61 != 0 && y.hi>>61 != 0 {
		// The head: both at least 2^125, so their top words ⌊·/2^62⌋
		// are full, reduced at t on one word; by the high-part lemma
		// (t ≥ ⌊64/2⌋ + 1) its steps keep the pair at least
		// 2^(62+t−1) ≥ 2^s, and its matrix, entries below 2^31,
		// brings the pair to about 2^95 exactly, computed modulo 2^128.
		hx, hy := x.hi<<2|x.lo>>62, y.hi<<2|y.lo>>62
		if wa, ok := wordSteps(hx, hy, uint64(1)<<t, [4]uint64{1, 0, 0, 1}, sink); ok {
			x, y = x.mulWord(wa[3]).sub(y.mulWord(wa[1])), y.mulWord(wa[0]).sub(x.mulWord(wa[2]))
			w, progress = wa, true
		}
	}
	for {
		if x.hi < 1<<32 && y.hi < 1<<32 && x.hi >= ph<<1 && y.hi >= ph<<1 && s <= 93 {
			// Both in [2^(s+1), 2^96): the rest of the pass on one
			// word each.
			return wordReduceTail(x, y, s, sink, w, progress)
		}
		if !x.less(y) {
			// d = x − y − 2^s; x' = 2^s + d mod y, quotient 1 + ⌊d/y⌋.
			d := x.sub(y)
			if d.hi < ph {
				break
			}
			d.hi -= ph
			q := uint64(1)
			if !d.less(y) {
				d = d.sub(y)
				q = 2
				if !d.less(y) {
					d = d.sub(y)
					q = 3
					if !d.less(y) {
						d = d.sub(y)
						q = 4
						if !d.less(y) {
							k, r := divRem128(d, y)
							q += k
							d = r
						}
					}
				}
			}
			if sink != nil {
				sink.wordQuotient(false, q)
			}
			x = u128{d.hi + ph, d.lo}
			w[1] += q * w[0]
			w[3] += q * w[2]
			progress = true
		}
		if x.less(y) {
			d := y.sub(x)
			if d.hi < ph {
				break
			}
			d.hi -= ph
			q := uint64(1)
			if !d.less(x) {
				d = d.sub(x)
				q = 2
				if !d.less(x) {
					d = d.sub(x)
					q = 3
					if !d.less(x) {
						d = d.sub(x)
						q = 4
						if !d.less(x) {
							k, r := divRem128(d, x)
							q += k
							d = r
						}
					}
				}
			}
			if sink != nil {
				sink.wordQuotient(true, q)
			}
			y = u128{d.hi + ph, d.lo}
			w[0] += q * w[1]
			w[2] += q * w[3]
			progress = true
		}
	}
	return w, progress
}

// topTwoWords returns ⌊x/2^shift⌋, which must fit in two words.
func topTwoWords(x []big.Word, shift int) u128 {
	return u128{topBits(x, shift+64), topBits(x, shift)}
}

// wordReduceTail finishes wordReduce2's pass on (x, y), both below 2^96
// and at least 2^(s+1), 64 ≤ s ≤ 93, from the matrix w of the steps so far, in
// one-word arithmetic on their top 64 bits: (x', y') = ⌊(x, y)/2^32⌋,
// reduced at t = s − 31 ≥ 33. By the high-part lemma (gcd.go: t ≥ ⌊64/2⌋
// + 1, so the matrix entries stay below 2^(t−1)) every step keeps the
// two-word numbers at least 2^(32+t−1) = 2^s, so they are Möller steps on
// (x, y) at s, and the whole pass a reduction at s whose entries the
// usual bound keeps below 2^(126−s). The quotients are the two-word
// pass's, but the truncation may end the pass early, with a last quotient
// short of its: it stops once |x' − y'| < 2^t, so |x − y| < 2^(s+1) +
// 2^32 where the two-word pass goes on below 2^s, about a bit of the
// pass's 62 (GMP's hgcd2 drops to one word the same way). Half of a
// pass's quotients then cost one-word operations instead of two-word
// ones: callgrind, 2000-digit rational_reconstruction per call, both
// Euclidean runs in it, 1.239M → 1.191M instructions.
func wordReduceTail(x, y u128, s int, sink quotientSink, w [4]uint64, progress bool) ([4]uint64, bool) {
	hx, hy := x.hi<<32|x.lo>>32, y.hi<<32|y.lo>>32 // both at least 2^t
	w, more := wordSteps(hx, hy, uint64(1)<<(s-31), w, sink)
	return w, progress || more
}

// wordSteps takes Möller's steps on the word pair (hx, hy), both at least
// pow = 2^t, t < 63, until none is possible, multiplying w on the right by
// their elementary matrices, and reports whether it took any. As in
// wordReduce2, a quotient up to 3 is taken by subtraction and a larger
// one by a division; wordReduce is the reference (TestWordSteps).
func wordSteps(hx, hy, pow uint64, w [4]uint64, sink quotientSink) ([4]uint64, bool) {
	progress := false
	for {
		if hx >= hy {
			// d = x − y − 2^t; x' = 2^t + d mod y, quotient 1 + ⌊d/y⌋.
			d := hx - hy
			if d < pow {
				break
			}
			d -= pow
			q := uint64(1)
			if d >= hy {
				d -= hy
				q = 2
				if d >= hy {
					d -= hy
					q = 3
					if d >= hy {
						q += d / hy
						d %= hy
					}
				}
			}
			if sink != nil {
				sink.wordQuotient(false, q)
			}
			hx = d + pow
			w[1] += q * w[0]
			w[3] += q * w[2]
		} else {
			d := hy - hx
			if d < pow {
				break
			}
			d -= pow
			q := uint64(1)
			if d >= hx {
				d -= hx
				q = 2
				if d >= hx {
					d -= hx
					q = 3
					if d >= hx {
						q += d / hx
						d %= hx
					}
				}
			}
			if sink != nil {
				sink.wordQuotient(true, q)
			}
			hy = d + pow
			w[0] += q * w[1]
			w[2] += q * w[3]
		}
		progress = true
	}
	return w, progress
}
