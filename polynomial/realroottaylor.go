package polynomial

// Taylor shifts in fixed-width machine words.
//
// The real root isolation (realrootcf.go, realrootalg.go) and its check
// (realroots_check.go) spend their time in Taylor shifts p(x) ↦ p(x + c)
// for small c, by the classical scheme of n(n+1)/2 multiply-adds
// a_j ← a_j + c·a_(j+1) (Knuth, TAOCP vol. 2, §4.6.4; von zur Gathen and
// Gerhard, "Fast algorithms for Taylor shifts and certain difference
// equations", ISSAC 1997, method B). On big.Int each step costs tens of
// nanoseconds of call and allocation overhead while the coefficients are
// a few words long (a degree-100 shift by one of 32-bit coefficients:
// 5050 additions of 3-word numbers), so the shift runs instead on one
// flat array of w-word two's complement coefficients, where an addition
// is w add-with-carry instructions.
//
// The width is fixed in advance from a bound on every value the scheme
// produces. Each step moves a contribution of input coefficient p_l one
// index down and multiplies it by c, so the value at index j, at any
// time, is Σ_l N_l·c^(l−j)·p_l with N_l ≤ C(l, j), the count of the
// final result p(x + c)'s coefficient j; hence every value is at most
// Σ_l C(l, j)·|c|^(l−j)·|p_l| ≤ (n + 1)·(1 + |c|)^n·max |p_l| in absolute
// value, and w words hold it with its sign. Arithmetic modulo 2^(w·64)
// is then exact. The asymptotically fast shifts (divide and conquer by
// polynomial multiplication, the convolution method) measured slower
// here up to degree 1000 (BenchmarkTaylorShift), where the classical
// scheme in words is far ahead.

import (
	"math/big"
	"math/bits"
)

// maxShiftWords is the widest coefficient, in words, that the shifts
// take in words; wider ones run on big.Int, whose additions in assembly
// then outweigh its call overhead, and whose coefficients grow pass by
// pass where the words are as wide as the last pass needs throughout.
// Measured with BenchmarkTaylorShift (2-core amd64, shared): degree 100,
// 3 words 0.15 against 0.86 ms on big.Int, 17 words 0.12 against 0.26 ms,
// 49 words 0.45 against 0.52 ms; degree 1000, 17 words 26 against 42 ms,
// 32 words 58 against 50 ms; a shift by 2^32 at degree 100, 53 words 3.1
// against 0.85 ms.
const maxShiftWords = 20

// maxWordShift bounds the shifts c that go to the words, so that −c and
// the bound of shiftWidth stay machine integers.
const maxWordShift = 1 << 62

// shiftWidth is the number of words w with every value of the shift of
// p by c, 0 < c, within w-word two's complement (see the top of the
// file).
func shiftWidth(p zpoly, c uint) int {
	n := len(p) - 1
	b := zmaxBits(p) + n*bits.Len(c) + bits.Len(uint(n+1)) + 1
	return (b + bits.UintSize - 1) / bits.UintSize
}

// toWords writes p's coefficients into w-word two's complement slots.
func toWords(p zpoly, w int) []big.Word {
	a := make([]big.Word, len(p)*w)
	for i, x := range p {
		slot := a[i*w : (i+1)*w]
		copy(slot, x.Bits())
		if x.Sign() < 0 {
			negateWords(slot)
		}
	}
	return a
}

// fromWords reads n w-word two's complement coefficients back; the
// results share one array, each slice capped at its slot.
func fromWords(a []big.Word, w, n int) zpoly {
	out := make(zpoly, n)
	ints := make([]big.Int, n)
	mag := make([]big.Word, n*w)
	copy(mag, a)
	for i := range out {
		slot := mag[i*w : (i+1)*w : (i+1)*w]
		neg := wordsNegative(slot)
		if neg {
			negateWords(slot)
		}
		out[i] = ints[i].SetBits(slot)
		if neg {
			out[i].Neg(out[i])
		}
	}
	return out
}

func wordsNegative(slot []big.Word) bool { return slot[len(slot)-1]>>(bits.UintSize-1) != 0 }

// wordsSign is the sign of a two's complement slot.
func wordsSign(slot []big.Word) int {
	if wordsNegative(slot) {
		return -1
	}
	for _, x := range slot {
		if x != 0 {
			return 1
		}
	}
	return 0
}

// negateWords replaces slot by its two's complement negation.
func negateWords(slot []big.Word) {
	carry := uint(1)
	for k, x := range slot {
		s, c := bits.Add(uint(^x), 0, carry)
		slot[k], carry = big.Word(s), c
	}
}

// shiftWords shifts the n+1 coefficients of a, w words each, by c in
// place; after pass i coefficient i is final, and visit(i) is called
// with it (when visit is not nil), which may stop the shift by returning
// false.
func shiftWords(a []big.Word, w, n int, c uint, visit func(i int) bool) {
	for i := 0; i < n; i++ {
		switch {
		case w == 1 && c == 1:
			for j := n - 1; j >= i; j-- {
				a[j] += a[j+1]
			}
		case w == 2 && c == 1:
			for j := 2*n - 2; j >= 2*i; j -= 2 {
				lo, carry := bits.Add(uint(a[j]), uint(a[j+2]), 0)
				hi, _ := bits.Add(uint(a[j+1]), uint(a[j+3]), carry)
				a[j], a[j+1] = big.Word(lo), big.Word(hi)
			}
		case c == 1:
			for j := n - 1; j >= i; j-- {
				dst, src := a[j*w:(j+1)*w], a[(j+1)*w:(j+2)*w]
				var carry uint
				for k := range dst {
					var s uint
					s, carry = bits.Add(uint(dst[k]), uint(src[k]), carry)
					dst[k] = big.Word(s)
				}
			}
		default:
			for j := n - 1; j >= i; j-- {
				dst, src := a[j*w:(j+1)*w], a[(j+1)*w:(j+2)*w]
				// dst += c·src modulo 2^(w·64): the product's words
				// with their carries, added as they come.
				var mulCarry, addCarry uint
				for k := range dst {
					hi, lo := bits.Mul(uint(src[k]), c)
					lo, cc := bits.Add(lo, mulCarry, 0)
					mulCarry = hi + cc
					var s uint
					s, addCarry = bits.Add(uint(dst[k]), lo, addCarry)
					dst[k] = big.Word(s)
				}
			}
		}
		if visit != nil && !visit(i) {
			return
		}
	}
	if visit != nil {
		visit(n)
	}
}

// taylorShiftBy returns p(x + c) for a machine-word c, in words (see the
// top of the file) when they are at most maxShiftWords wide, otherwise
// by taylorShiftClassical; a negative c shifts p(−x) by |c| and reflects back,
// p(x − c) = p̃(−x + c) with p̃(x) = p(−x).
func taylorShiftBy(p zpoly, c int64) zpoly {
	n := len(p) - 1
	if n < 1 || c == 0 {
		return p.clone()
	}
	if c < -maxWordShift || c > maxWordShift {
		return taylorShiftClassical(p, big.NewInt(c))
	}
	if c < 0 {
		return reflect(taylorShiftBy(reflect(p), -c))
	}
	w := shiftWidth(p, uint(c))
	if w > maxShiftWords {
		return taylorShiftClassical(p, big.NewInt(c))
	}
	a := toWords(p, w)
	shiftWords(a, w, n, uint(c), nil)
	return fromWords(a, w, n+1)
}

// taylorShift1 returns p(x + 1).
func taylorShift1(p zpoly) zpoly { return taylorShiftBy(p, 1) }

// taylorShiftClassical returns p(x + c) by the classical scheme on
// big.Int: the reference the shifts in words are tested against.
func taylorShiftClassical(p zpoly, c *big.Int) zpoly {
	a := p.clone()
	n := a.deg()
	one := c.IsInt64() && c.Int64() == 1
	var t big.Int
	for i := 0; i < n; i++ {
		for j := n - 1; j >= i; j-- {
			if one {
				a[j].Add(a[j], a[j+1])
			} else {
				a[j].Add(a[j], t.Mul(a[j+1], c))
			}
		}
	}
	return a
}

// unitIntervalVariations counts the sign variations of (x+1)^n·p(1/(x+1)),
// which bound the roots of p in (0, 1) and equal their number modulo 2,
// stopping once the count reaches stop (never when stop < 0). The
// reversed polynomial is shifted by one in place, in words up to
// maxShiftWords and on big.Int beyond; after pass i of the shift its
// coefficient i is final, so variations are counted as they appear.
func unitIntervalVariations(p zpoly, stop int) int {
	n := p.deg()
	v, last := 0, 0
	count := func(s int) bool {
		if s != 0 {
			if last != 0 && s != last {
				v++
			}
			last = s
		}
		return stop < 0 || v < stop
	}
	if w := shiftWidth(p, 1); w <= maxShiftWords {
		a := toWords(reverse(p), w)
		shiftWords(a, w, n, 1, func(i int) bool { return count(wordsSign(a[i*w : (i+1)*w])) })
		return v
	}
	a := make(zpoly, n+1)
	for i := range p {
		a[i] = new(big.Int).Set(p[n-i])
	}
	for i := 0; i < n; i++ {
		for j := n - 1; j >= i; j-- {
			a[j].Add(a[j], a[j+1])
		}
		if !count(a[i].Sign()) {
			return v
		}
	}
	count(a[n].Sign())
	return v
}
