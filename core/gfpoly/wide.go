package gfpoly

// Wide primes: 2^62 ≤ p < 2^64.
//
// The word arithmetic of the rest of the package keeps two bits of
// headroom above p: sums of two residues and Shoup products left in
// [0, 2p) (Harvey, "Faster arithmetic for number-theoretic transforms",
// J. Symb. Comp. 60, 2014) must fit a word, and transform inputs must lie
// below twice the transform prime. A Field over a wide prime marks itself
// wide and takes the variants here instead, each chosen once per row or
// per vector so that the narrow loops are unchanged:
//
//   - sums detect the carry out of the word (addMod);
//   - Shoup products form x·w − q·p in two words, whose value lies in
//     [0, 2p) ⊂ [0, 2^65), and subtract p once when it is at least p
//     (mulShoupWide); Shoup's bound holds for every p < 2^64;
//   - transform inputs are first brought below 2q for the transform prime
//     q < 2^62 (load);
//   - Garner's reconstruction needs no reduction of the residue modulo q0
//     (it is below q0 < 2^62 ≤ p) and sums its terms with addMod
//     (garnerWide);
//   - a wide Field never uses p's own transform, whose lazy butterflies
//     need p < 2^62, nor the fused linear Euclidean step (remInPlace's
//     general loop serves instead).
//
// Products accumulated exactly (modular.ProductSum, Columns' three-word
// mode, CombineRows' double words) and single products through a 128-bit
// division (modular.Mul) were never bounded by p and serve unchanged. The
// transform primes hold every product coefficient: a coefficient of a
// product modulo a prepared divisor of degree n is below 4n·(p − 1)² <
// 2^130·n, within their product (about 2^185) for every n < 2^50.

import (
	"math/bits"

	"jacobian.dev/core/modular"
)

// wideFrom is the least modulus that lacks the two bits of headroom.
const wideFrom = 1 << 62

// addMod returns a + b mod p for a, b < p and any p < 2^64, as
// a − (p − b), adding p back on a borrow: no branch, so random residues
// cost no mispredictions.
func addMod(a, b, p uint64) uint64 {
	r, borrow := bits.Sub64(a, p-b, 0)
	return r + p&-borrow
}

// mulShoupWide returns x·w mod p given wp = ShoupConstant(w, p), for any
// p < 2^64, w < p and any word x: r = x·w − ⌊x·wp/2^64⌋·p lies in [0, 2p)
// (Harvey 2014, Lemma 2), here computed in two words (h, r), h ≤ 1.
// Then (h, r) − p is (h − borrow, r − p), whose high word is 0 when it is
// nonnegative and all ones otherwise (the value is below 2p ≤ 2^64 + p):
// adding p back under that mask needs no branch.
func mulShoupWide(x, w, wp, p uint64) uint64 {
	q, _ := bits.Mul64(x, wp)
	h1, l1 := bits.Mul64(x, w)
	h2, l2 := bits.Mul64(q, p)
	r, b := bits.Sub64(l1, l2, 0)
	h := h1 - h2 - b
	d, borrow := bits.Sub64(r, p, 0)
	return d + p&(h-borrow)
}

// mulShoup returns x·w mod p given wp = ShoupConstant(w, p), x < p.
func (f *Field) mulShoup(x, w, wp uint64) uint64 {
	if f.wide {
		return mulShoupWide(x, w, wp, f.p)
	}
	return modular.MulShoup(x, w, wp, f.p)
}

// addScaled adds c·src[j] to row[j] modulo p for j < len(src) (len(row)
// ≥ len(src)), given cp = ShoupConstant(c, p): the row operation of
// classical division and elimination.
func (f *Field) addScaled(row, src []uint64, c, cp uint64) {
	p := f.p
	row = row[:len(src)]
	if f.wide {
		for j, y := range src {
			row[j] = addMod(row[j], mulShoupWide(y, c, cp, p), p)
		}
		return
	}
	for j, y := range src {
		row[j] = modular.Add(row[j], modular.MulShoup(y, c, cp, p), p)
	}
}

// load copies a into dst (len(dst) ≥ len(a)) and zeroes the rest of dst:
// the input of a transform modulo q, whose entries must lie below 2q.
// Residues modulo a narrow p already do (p < 2^62 ≤ 2q); those modulo a
// wide p are reduced below 2q, two conditional subtractions since
// 2^64 < 6q.
func (f *Field) load(dst, a []uint64, q uint64) {
	copy(dst, a)
	clear(dst[len(a):])
	if !f.wide {
		return
	}
	q2 := 2 * q
	for i, x := range dst[:len(a)] {
		if x >= q2 {
			x -= q2
		}
		if x >= q2 {
			x -= q2
		}
		dst[i] = x
	}
}

// garnerWide is garner for a wide p: the reconstructed integer is
// r0 + q0·t1 + q0·q1·t2 with r0 < q0, t1 < q1 and t2 < q2, all below
// 2^62 ≤ p, so only the two products need reducing modulo p.
func (f *Field) garnerWide(res [][]uint64) []uint64 {
	c := threePrimes()
	p := f.p
	out := res[0]
	q1, q2 := uint64(nttQ1), uint64(nttQ2)
	m0 := uint64(nttQ0) // q0 < p
	m0p := modular.ShoupConstant(m0, p)
	m01 := modular.Mul(m0, nttQ1, p)
	m01p := modular.ShoupConstant(m01, p)
	switch len(res) {
	case 1:
		// x < q0 < p: already reduced.
	case 2:
		r1 := res[1][:len(out)]
		for i, x := range out {
			r0 := x
			if r0 >= q1 {
				r0 -= q1
			}
			t := modular.MulShoup(modular.Sub(r1[i], r0, q1), c.inv01, c.inv01p, q1)
			out[i] = addMod(x, mulShoupWide(t, m0, m0p, p), p)
		}
	case 3:
		r1, r2 := res[1][:len(out)], res[2][:len(out)]
		for i, x := range out {
			r0 := x
			if r0 >= q1 {
				r0 -= q1
			}
			t1 := modular.MulShoup(modular.Sub(r1[i], r0, q1), c.inv01, c.inv01p, q1)
			r0 = x
			if r0 >= q2 {
				r0 -= q2 // x < q0 < 2·q2
			}
			t1q := t1
			if t1q >= q2 {
				t1q -= q2
			}
			v := modular.Add(r0, modular.MulShoup(t1q, c.q0q2, c.q0q2p, q2), q2)
			t2 := modular.MulShoup(modular.Sub(r2[i], v, q2), c.inv012, c.inv012p, q2)
			s := addMod(x, mulShoupWide(t1, m0, m0p, p), p)
			out[i] = addMod(s, mulShoupWide(t2, m01, m01p, p), p)
		}
	}
	return out
}
