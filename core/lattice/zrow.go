package lattice

import (
	"math"
	"math/big"
	"math/bits"
)

// zrow is a row of integers for the heuristic pass, each entry held in a
// word when it fits and in a big.Int otherwise (as FLINT's fmpz does), so
// that row operations on small entries are word arithmetic without
// math/big's overhead.
type zrow struct {
	small []int64
	// large[c] != nil holds entry c (small[c] is then unused).
	large []*big.Int
	// spare[c] is a big.Int that entry c gave up, to reuse.
	spare []*big.Int
	// nLarge counts the large entries; top bounds |small[c]|.
	nLarge int
	top    uint64
}

// scan recomputes nLarge and top.
func (r *zrow) scan() {
	r.nLarge, r.top = 0, 0
	for c, x := range r.small {
		if r.large[c] != nil {
			r.nLarge++
		} else {
			r.top = max(r.top, absInt64(x))
		}
	}
}

func zrowOf(x []*big.Int) zrow {
	r := zrow{small: make([]int64, len(x)), large: make([]*big.Int, len(x)), spare: make([]*big.Int, len(x))}
	for c, v := range x {
		if v.IsInt64() {
			r.small[c] = v.Int64()
		} else {
			r.large[c] = new(big.Int).Set(v)
		}
	}
	r.scan()
	return r
}

// unit is the c-th unit row of length n.
func unit(n, c int) zrow {
	r := zrow{small: make([]int64, n), large: make([]*big.Int, n), spare: make([]*big.Int, n)}
	r.small[c] = 1
	r.top = 1
	return r
}

// ints is the row as big.Ints.
func (r zrow) ints() []*big.Int {
	out := make([]*big.Int, len(r.small))
	for c := range out {
		if r.large[c] != nil {
			out[c] = new(big.Int).Set(r.large[c])
		} else {
			out[c] = big.NewInt(r.small[c])
		}
	}
	return out
}

func zrowsInts(rs []zrow) [][]*big.Int {
	out := make([][]*big.Int, len(rs))
	for i, r := range rs {
		out[i] = r.ints()
	}
	return out
}

// entry is entry c as a big.Int (in tmp when small).
func (r zrow) entry(c int, tmp *big.Int) *big.Int {
	if r.large[c] != nil {
		return r.large[c]
	}
	return tmp.SetInt64(r.small[c])
}

// approx is entry c rounded to float64.
func (r zrow) approx(c int) float64 {
	if r.large[c] != nil {
		v, _ := r.large[c].Float64()
		return v
	}
	return float64(r.small[c])
}

// subMul sets r ← r − X·v, x being X as a float64 (its word value is
// used when |x| < 2^62); tmp and t2 are scratch.
func (r *zrow) subMul(v *zrow, X *big.Int, x float64, tmp, t2 *big.Int) {
	const limit = 1 << 62
	xi := int64(x)
	// Demoted entries may reach 2^63, so top is compared first.
	words := math.Abs(x) < limit && r.top < limit && v.top < limit &&
		(v.top == 0 || (limit-r.top)/v.top > absInt64(xi))
	if words && r.nLarge == 0 && v.nLarge == 0 {
		// Every |r_c − x·v_c| ≤ top(r) + |x|·top(v) < 2^62: plain words.
		var top uint64
		rs := r.small[:len(v.small)]
		for c, y := range v.small {
			z := rs[c] - xi*y
			rs[c] = z
			top = max(top, absInt64(z))
		}
		r.top = top
		return
	}
	for c, y := range v.small {
		vl := v.large[c]
		if vl == nil {
			if r.large[c] == nil {
				if words {
					// The bound holds for the small entries here too (and
					// a zero y costs less than a branch on it).
					r.small[c] -= xi * y
					continue
				}
				if y == 0 {
					continue
				}
				if z, ok := subMulInt64(r.small[c], xi, y); ok && math.Abs(x) < limit {
					r.small[c] = z
					continue
				}
			} else if y == 0 {
				continue
			}
		}
		if r.twoWordStep(c, v, X) {
			continue
		}
		r.bigStep(c, v, X, tmp, t2)
	}
	r.scan()
}

// bigStep sets entry c of r to r_c − X·v_c in big.Int arithmetic, back to
// a word when the result fits.
func (r *zrow) bigStep(c int, v *zrow, X *big.Int, tmp, t2 *big.Int) {
	u := r.large[c]
	if u == nil {
		if u = r.spare[c]; u == nil {
			u = new(big.Int)
		}
		u.SetInt64(r.small[c])
	}
	u.Sub(u, tmp.Mul(X, v.entry(c, t2)))
	if u.IsInt64() {
		r.small[c], r.large[c], r.spare[c] = u.Int64(), nil, u
	} else {
		r.large[c] = u
	}
}

// twoWordStep is bigStep in 128-bit arithmetic, for the common large
// entries of a knapsack or van Hoeij row: a weight of about two words
// less a multiple of a short row, or a short entry less a large multiple.
// It takes r_c, v_c and X of at most two words each with |X·v_c| and the
// result below 2^128, and reports false, leaving r unchanged, when they
// are not, or where machine words are narrower than 64 bits.
func (r *zrow) twoWordStep(c int, v *zrow, X *big.Int) bool {
	if bits.UintSize != 64 {
		return false
	}
	uNeg, uHi, uLo, ok := r.twoWords(c)
	if !ok {
		return false
	}
	vNeg, vHi, vLo, ok := v.twoWords(c)
	if !ok {
		return false
	}
	xNeg, xHi, xLo, ok := twoWordsOf(X)
	if !ok {
		return false
	}
	// p = |X|·|v_c| = a·(bHi, bLo) with a one word.
	a, bHi, bLo := xLo, vHi, vLo
	if xHi != 0 {
		if vHi != 0 {
			return false
		}
		a, bHi, bLo = vLo, xHi, xLo
	}
	h0, pLo := bits.Mul64(a, bLo)
	h1, l1 := bits.Mul64(a, bHi)
	pHi, carry := bits.Add64(l1, h0, 0)
	if h1 != 0 || carry != 0 {
		return false
	}
	// r_c − X·v_c = r_c + s·p with s the sign of −X·v_c.
	sNeg := xNeg == vNeg
	var neg bool
	var hi, lo uint64
	if uNeg == sNeg {
		var c1, c2 uint64
		lo, c1 = bits.Add64(uLo, pLo, 0)
		hi, c2 = bits.Add64(uHi, pHi, c1)
		if c2 != 0 {
			return false
		}
		neg = uNeg
	} else if uHi > pHi || (uHi == pHi && uLo >= pLo) {
		var b uint64
		lo, b = bits.Sub64(uLo, pLo, 0)
		hi, _ = bits.Sub64(uHi, pHi, b)
		neg = uNeg
	} else {
		var b uint64
		lo, b = bits.Sub64(pLo, uLo, 0)
		hi, _ = bits.Sub64(pHi, uHi, b)
		neg = sNeg
	}
	if hi == 0 && lo <= math.MaxInt64 {
		z := int64(lo)
		if neg {
			z = -z
		}
		if u := r.large[c]; u != nil {
			r.spare[c], r.large[c] = u, nil
		}
		r.small[c] = z
		return true
	}
	u := r.large[c]
	if u == nil {
		if u = r.spare[c]; u == nil {
			u = new(big.Int)
		}
		r.large[c] = u
	}
	// u is this row's own (zrowOf copies every entry), so its words
	// may be written in place.
	w := u.Bits()
	if cap(w) < 2 {
		w = make([]big.Word, 2)
	}
	w = w[:2]
	w[0], w[1] = big.Word(lo), big.Word(hi)
	u.SetBits(w)
	if neg {
		u.Neg(u)
	}
	return true
}

// twoWords is entry c as a sign and a 128-bit magnitude, ok when it fits
// (on 64-bit words).
func (r *zrow) twoWords(c int) (neg bool, hi, lo uint64, ok bool) {
	u := r.large[c]
	if u == nil {
		x := r.small[c]
		return x < 0, 0, absInt64(x), true
	}
	return twoWordsOf(u)
}

// twoWordsOf is x as a sign and a 128-bit magnitude, ok when it fits (on
// 64-bit words).
func twoWordsOf(x *big.Int) (neg bool, hi, lo uint64, ok bool) {
	w := x.Bits()
	switch len(w) {
	case 0:
		return false, 0, 0, true
	case 1:
		return x.Sign() < 0, 0, uint64(w[0]), true
	case 2:
		return x.Sign() < 0, uint64(w[1]), uint64(w[0]), true
	}
	return false, 0, 0, false
}

// dotZ is ⟨u, v⟩ exactly.
func dotZ(u, v zrow) *big.Int {
	s := new(big.Int)
	var t, t1, t2 big.Int
	var w int64
	for c, a := range u.small {
		ul, vl := u.large[c], v.large[c]
		if ul == nil && vl == nil {
			b := v.small[c]
			if a == 0 || b == 0 {
				continue
			}
			if z, ok := subMulInt64(w, a, -b); ok {
				w = z
				continue
			}
		}
		s.Add(s, t.Mul(u.entry(c, &t1), v.entry(c, &t2)))
	}
	return s.Add(s, t.SetInt64(w))
}

// subMulInt64 is u − x·y, ok when every quantity is below 2^62 in absolute
// value.
func subMulInt64(u, x, y int64) (int64, bool) {
	const limit = 1 << 62
	hi, lo := bits.Mul64(absInt64(x), absInt64(y))
	if hi != 0 || lo >= limit || absInt64(u) >= limit {
		return 0, false
	}
	p := int64(lo)
	if (x < 0) != (y < 0) {
		p = -p
	}
	return u - p, true
}

func absInt64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}
