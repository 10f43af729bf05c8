package lattice

import (
	"math"
	"math/big"
	"math/bits"
)

// zrow is a row of integers for the heuristic pass, each entry held in a
// word when it fits, in two words (a 128-bit two's complement integer)
// when it fits those, and in a big.Int otherwise, so that row operations
// are word arithmetic without math/big's overhead. The first rows of a
// knapsack lattice under reduction have entries around 2^60–2^70 (two
// rows of a 120-bit knapsack reduce to entries near 2^60, three to 2^40,
// ...), and the last column two-word weights: held in big.Ints, their row
// operations were a third of the pass.
type zrow struct {
	// small[c] is entry c when kind[c] is wordEntry, and its low word
	// when kind[c] is wideEntry; hi[c] is then its high word.
	small []int64
	hi    []int64
	kind  []entryKind
	// large[c] holds entry c when kind[c] is bigEntry.
	large []*big.Int
	// spare[c] is a big.Int that entry c gave up, to reuse.
	spare []*big.Int
	// nLarge counts the entries that are not words; top bounds the
	// words' |small[c]|.
	nLarge int
	top    uint64
}

// entryKind is how a zrow holds an entry.
type entryKind uint8

const (
	wordEntry entryKind = iota // small[c]
	wideEntry                  // hi[c]·2^64 + uint64(small[c]), |entry| < 2^127
	bigEntry                   // large[c]
)

// scan recomputes nLarge and top.
func (r *zrow) scan() {
	r.nLarge, r.top = 0, 0
	for c, x := range r.small {
		if r.kind[c] != wordEntry {
			r.nLarge++
		} else {
			r.top = max(r.top, absInt64(x))
		}
	}
}

func newZrow(n int) zrow {
	return zrow{small: make([]int64, n), hi: make([]int64, n), kind: make([]entryKind, n),
		large: make([]*big.Int, n), spare: make([]*big.Int, n)}
}

func zrowOf(x []*big.Int) zrow {
	r := newZrow(len(x))
	for c, v := range x {
		r.setBig(c, v)
	}
	r.scan()
	return r
}

// unit is the c-th unit row of length n.
func unit(n, c int) zrow {
	r := newZrow(n)
	r.small[c] = 1
	r.top = 1
	return r
}

// setBig sets entry c to v, in the narrowest form that holds it (a big
// entry gets a copy of v, in the big.Int it holds or last gave up).
func (r *zrow) setBig(c int, v *big.Int) {
	if v.IsInt64() {
		r.setWord(c, v.Int64())
		return
	}
	if neg, hi, lo, ok := twoWordsOf(v); ok && hi < 1<<63 {
		r.setWide(c, neg, hi, lo)
		return
	}
	if r.kind[c] != bigEntry {
		u := r.spare[c]
		if u == nil {
			u = new(big.Int)
		}
		r.large[c], r.spare[c] = u, nil
	}
	if r.large[c] != v {
		r.large[c].Set(v)
	}
	r.kind[c] = bigEntry
}

// release makes entry c no longer big, keeping its big.Int to reuse.
func (r *zrow) release(c int) {
	if r.kind[c] == bigEntry {
		r.spare[c], r.large[c] = r.large[c], nil
	}
}

func (r *zrow) setWord(c int, x int64) {
	r.release(c)
	r.small[c], r.kind[c] = x, wordEntry
}

// setWide sets entry c to ±(hi·2^64 + lo), which is below 2^127, or a
// word when it fits one.
func (r *zrow) setWide(c int, neg bool, hi, lo uint64) {
	if hi == 0 && lo <= math.MaxInt64 {
		z := int64(lo)
		if neg {
			z = -z
		}
		r.setWord(c, z)
		return
	}
	if neg {
		var b uint64
		lo, b = bits.Sub64(0, lo, 0)
		hi, _ = bits.Sub64(0, hi, b)
	}
	r.release(c)
	r.small[c], r.hi[c], r.kind[c] = int64(lo), int64(hi), wideEntry
}

// ints is the row as big.Ints.
func (r *zrow) ints() []*big.Int {
	out := make([]*big.Int, len(r.small))
	for c := range out {
		x := new(big.Int)
		out[c] = x.Set(r.entry(c, x))
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

// entry is entry c as a big.Int: the one it is held in when big, tmp
// set to it otherwise.
func (r *zrow) entry(c int, tmp *big.Int) *big.Int {
	switch r.kind[c] {
	case bigEntry:
		return r.large[c]
	case wideEntry:
		neg, hi, lo := r.wideMagnitude(c)
		w := tmp.Bits()
		if cap(w) < 2 {
			w = make([]big.Word, 2)
		}
		w = w[:2]
		w[0], w[1] = big.Word(lo), big.Word(hi)
		tmp.SetBits(w)
		if neg {
			tmp.Neg(tmp)
		}
		return tmp
	}
	return tmp.SetInt64(r.small[c])
}

// wideMagnitude is the wide entry c as a sign and a magnitude.
func (r *zrow) wideMagnitude(c int) (neg bool, hi, lo uint64) {
	return magnitude128(r.hi[c], uint64(r.small[c]))
}

// magnitude128 is the two's complement hi·2^64 + lo as a sign and a
// magnitude.
func magnitude128(hi int64, lo uint64) (neg bool, mHi, mLo uint64) {
	if hi >= 0 {
		return false, uint64(hi), lo
	}
	mLo, b := bits.Sub64(0, lo, 0)
	mHi, _ = bits.Sub64(0, uint64(hi), b)
	return true, mHi, mLo
}

// approx is entry c rounded to float64 (a wide entry to within two
// roundings, which the heuristic pass's error margins absorb).
func (r *zrow) approx(c int) float64 {
	switch r.kind[c] {
	case bigEntry:
		v, _ := r.large[c].Float64()
		return v
	case wideEntry:
		neg, hi, lo := r.wideMagnitude(c)
		v := math.Ldexp(float64(hi), 64) + float64(lo)
		if neg {
			v = -v
		}
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
		// Every |r_c − x·v_c| ≤ top(r) + |x|·top(v) < 2^62: plain words,
		// four at a time with four maxima, so that the loop is not one
		// chain of dependent comparisons.
		var t0, t1, t2, t3 uint64
		vs := v.small
		rs := r.small[:len(vs)]
		c := 0
		for ; c+4 <= len(vs); c += 4 {
			z0 := rs[c] - xi*vs[c]
			z1 := rs[c+1] - xi*vs[c+1]
			z2 := rs[c+2] - xi*vs[c+2]
			z3 := rs[c+3] - xi*vs[c+3]
			rs[c], rs[c+1], rs[c+2], rs[c+3] = z0, z1, z2, z3
			t0 = max(t0, absInt64(z0))
			t1 = max(t1, absInt64(z1))
			t2 = max(t2, absInt64(z2))
			t3 = max(t3, absInt64(z3))
		}
		for ; c < len(vs); c++ {
			z := rs[c] - xi*vs[c]
			rs[c] = z
			t0 = max(t0, absInt64(z))
		}
		r.top = max(t0, t1, t2, t3)
		return
	}
	xNeg, xHi, xLo, xTwo := twoWordsOf(X)
	for c, y := range v.small {
		vk, rk := v.kind[c], r.kind[c]
		if vk == wordEntry {
			if rk == wordEntry {
				if words {
					// The bound holds for the words here too (and a
					// zero y costs less than a branch on it).
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
		if xTwo && vk != bigEntry && rk != bigEntry && r.twoWordStep(c, v, xNeg, xHi, xLo) {
			continue
		}
		r.bigStep(c, v, X, tmp, t2)
	}
	r.scan()
}

// bigStep sets entry c of r to r_c − X·v_c in big.Int arithmetic, in the
// narrowest form that holds the result.
func (r *zrow) bigStep(c int, v *zrow, X *big.Int, tmp, t2 *big.Int) {
	u := r.large[c]
	if r.kind[c] != bigEntry {
		if u = r.spare[c]; u == nil {
			u = new(big.Int)
		}
		r.entry(c, u)
		r.large[c], r.spare[c], r.kind[c] = u, nil, bigEntry
	}
	u.Sub(u, tmp.Mul(X, v.entry(c, t2)))
	r.setBig(c, u)
}

// twoWordStep is bigStep in 128-bit arithmetic, for the entries of a
// knapsack or van Hoeij row: a weight of about two words less a multiple
// of a short row, or a short entry less a large multiple. It takes r_c
// and v_c, words or wide, and X = ±(xHi·2^64 + xLo), with |X·v_c| and the
// result below 2^127, and reports false, leaving r unchanged, when they
// are not.
func (r *zrow) twoWordStep(c int, v *zrow, xNeg bool, xHi, xLo uint64) bool {
	// r_c and v_c as signs and magnitudes, written out where a helper
	// would not be inlined: this runs for most entries of a row
	// operation with a large multiplier.
	u, y := r.small[c], v.small[c]
	uNeg, uHi, uLo := u < 0, uint64(0), absInt64(u)
	if r.kind[c] == wideEntry {
		uNeg, uHi, uLo = magnitude128(r.hi[c], uint64(u))
	}
	vNeg, vHi, vLo := y < 0, uint64(0), absInt64(y)
	if v.kind[c] == wideEntry {
		vNeg, vHi, vLo = magnitude128(v.hi[c], uint64(y))
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
	if hi >= 1<<63 {
		return false
	}
	r.setWide(c, neg, hi, lo)
	return true
}

// twoWordsOf is x as a sign and a 128-bit magnitude, ok when it fits (on
// 64-bit words).
func twoWordsOf(x *big.Int) (neg bool, hi, lo uint64, ok bool) {
	if bits.UintSize != 64 {
		return false, 0, 0, false
	}
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
		if u.kind[c] == wordEntry && v.kind[c] == wordEntry {
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
