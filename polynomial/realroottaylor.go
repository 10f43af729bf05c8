package polynomial

// Taylor shifts in fixed-width machine words.
//
// The real root isolation (realrootcf.go, realrootalg.go) and its check
// (realroots_check.go) spend their time in Taylor shifts p(x) ↦ p(x + c)
// for small c, by the classical scheme of n(n+1)/2 multiply-adds
// a_j ← a_j + c·a_(j+1) (Knuth, TAOCP vol. 2, §4.6.4; von zur Gathen and
// Gerhard, "Fast algorithms for Taylor shifts and certain difference
// equations", ISSAC 1997). On big.Int each step costs tens of
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
// is then exact. A shift by one also narrows each pass to the words its
// values need (see shiftWords), and coefficients wider than
// maxShiftWords stay on big.Int.
//
// The asymptotically fast shift by divide and conquer (p = p₀ + x^m·p₁,
// p(x + 1) = p₀(x + 1) + (x + 1)^m·p₁(x + 1), the products by
// core/zpoly), tried at degree 100, took 1.4 to 7 times the classical
// scheme's time on big.Int, and at degree 1000 from 0.7 to 2 times it,
// so it is not implemented.

import (
	"math"
	"math/big"
	"math/bits"
)

// maxShiftWords is the widest coefficient, in words, that the shifts
// take in words; wider ones run on big.Int, whose additions in assembly
// then outweigh its call overhead. Measured by thread CPU time per shift
// by one, conversions included (2-core amd64, shared, where wall times
// were too noisy), words against big.Int: degree 100, 3 words 16 against
// 60 µs, 7 words 0.7 of big.Int's time, 12 words 0.78, 18 words 0.95,
// 25 words 1.1, 49 words 1.45; degree 300, 6 words 0.45, 15 words 0.93;
// degree 1000, 17 words 0.88, 21 words 1.0.
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
// place, for coefficients of at most maxBits bits; after pass i
// coefficient i is final, and visit(i) is called with it (when visit is
// not nil), which may stop the shift by returning false.
//
// A shift by one adds in each pass only the words that pass needs: after
// pass k every coefficient j ≥ k still to be finished is
// Σ_l C(l − j + k, k)·p_l (by induction, the hockey-stick identity), at
// most C(n + 1, k + 1)·max |p_l| in absolute value, so pass k works
// modulo 2^(64·w_k) with w_k words for that bound and its sign: the low
// w_k words of its operands are theirs modulo the same power, and the
// result fits. When w_k grows the live coefficients are sign-extended
// into the new words, and a coefficient is sign-extended to all w words
// as it becomes final.
func shiftWords(a []big.Word, w, n int, c uint, maxBits int, visit func(i int) bool) {
	if c != 1 {
		ws := shiftSlotWidths(n, c, maxBits, w)
		for i := 0; i < n; i++ {
			for j := n - 1; j >= i; j-- {
				dst, src := a[j*w:j*w+ws[j]], a[(j+1)*w:(j+1)*w+ws[j+1]]
				// dst += c·src modulo 2^(64·ws[j]): the product's words
				// with their carries, added as they come; src's words
				// past its own width are its sign.
				var fill big.Word
				if src[len(src)-1]>>(bits.UintSize-1) != 0 {
					fill = ^big.Word(0)
				}
				var mulCarry, addCarry uint
				for k := range dst {
					x := fill
					if k < len(src) {
						x = src[k]
					}
					hi, lo := bits.Mul(uint(x), c)
					lo, cc := bits.Add(lo, mulCarry, 0)
					mulCarry = hi + cc
					var s uint
					s, addCarry = bits.Add(uint(dst[k]), lo, addCarry)
					dst[k] = big.Word(s)
				}
			}
			signExtend(a[i*w:(i+1)*w], ws[i], w)
			if visit != nil && !visit(i) {
				return
			}
		}
		if visit != nil {
			visit(n)
		}
		return
	}
	binom := big.NewInt(1) // C(n + 1, k + 1) in pass k
	var step big.Int
	valid := w // the live coefficients are exact in their low valid words
	for i := 0; i < n; i++ {
		binom.Mul(binom, step.SetInt64(int64(n+1-i)))
		binom.Quo(binom, step.SetInt64(int64(i+1)))
		aw := min(w, (maxBits+binom.BitLen()+1+bits.UintSize-1)/bits.UintSize)
		if aw > valid {
			for j := i; j <= n; j++ {
				signExtend(a[j*w:(j+1)*w], valid, aw)
			}
		}
		valid = aw
		switch aw {
		case 1:
			for j := (n - 1) * w; j >= i*w; j -= w {
				a[j] += a[j+w]
			}
		case 2:
			for j := (n - 1) * w; j >= i*w; j -= w {
				lo, carry := bits.Add(uint(a[j]), uint(a[j+w]), 0)
				hi, _ := bits.Add(uint(a[j+1]), uint(a[j+w+1]), carry)
				a[j], a[j+1] = big.Word(lo), big.Word(hi)
			}
		case 3:
			for j := (n - 1) * w; j >= i*w; j -= w {
				x := a[j : j+w+3 : j+w+3]
				w0, c0 := bits.Add(uint(x[0]), uint(x[w]), 0)
				w1, c1 := bits.Add(uint(x[1]), uint(x[w+1]), c0)
				w2, _ := bits.Add(uint(x[2]), uint(x[w+2]), c1)
				x[0], x[1], x[2] = big.Word(w0), big.Word(w1), big.Word(w2)
			}
		case 4:
			for j := (n - 1) * w; j >= i*w; j -= w {
				x := a[j : j+w+4 : j+w+4]
				w0, c0 := bits.Add(uint(x[0]), uint(x[w]), 0)
				w1, c1 := bits.Add(uint(x[1]), uint(x[w+1]), c0)
				w2, c2 := bits.Add(uint(x[2]), uint(x[w+2]), c1)
				w3, _ := bits.Add(uint(x[3]), uint(x[w+3]), c2)
				x[0], x[1], x[2], x[3] = big.Word(w0), big.Word(w1), big.Word(w2), big.Word(w3)
			}
		default:
			for j := n - 1; j >= i; j-- {
				dst := a[j*w : j*w+aw]
				src := a[(j+1)*w : (j+1)*w+aw]
				src = src[:len(dst)]
				var carry uint
				for k, x := range dst {
					var s uint
					s, carry = bits.Add(uint(x), uint(src[k]), carry)
					dst[k] = big.Word(s)
				}
			}
		}
		signExtend(a[i*w:(i+1)*w], aw, w)
		if visit != nil && !visit(i) {
			return
		}
	}
	// The leading coefficient p_n, never written, keeps all its words.
	if visit != nil {
		visit(n)
	}
}

// shiftSlotWidths is, for a shift by c ≥ 2 of n+1 coefficients below
// 2^maxBits in absolute value, the words each index needs (at most w):
// the value at index j is at every pass at most Σ_{m ≤ n−j} C(j+m, m)·
// c^m·2^maxBits (see the top of the file), whose terms at least double
// from one m to the next, so the sum is below twice the last,
// 2·C(n, j)·c^(n−j)·2^maxBits; one bit more holds the sign, and two
// more cover the rounding of the logarithms. Index j then works modulo
// 2^(64·ws[j]) in the low words of its slot, the lower indices, which
// grow by the larger powers of c, in more words than the higher ones.
func shiftSlotWidths(n int, c uint, maxBits, w int) []int {
	logC := math.Log2(float64(c))
	logFact := make([]float64, n+1) // log2 k!
	for k := 1; k <= n; k++ {
		logFact[k] = logFact[k-1] + math.Log2(float64(k))
	}
	ws := make([]int, n+1)
	for j := range ws {
		b := float64(maxBits) + logFact[n] - logFact[j] - logFact[n-j] + float64(n-j)*logC + 4
		ws[j] = min(w, max(1, (int(math.Ceil(b))+bits.UintSize-1)/bits.UintSize))
	}
	return ws
}

// signExtend fills slot's words from..to−1 with the sign of word from−1.
func signExtend(slot []big.Word, from, to int) {
	var fill big.Word
	if slot[from-1]>>(bits.UintSize-1) != 0 {
		fill = ^big.Word(0)
	}
	for k := from; k < to; k++ {
		slot[k] = fill
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
	shiftWords(a, w, n, uint(c), zmaxBits(p), nil)
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
		shiftWords(a, w, n, 1, zmaxBits(p), func(i int) bool { return count(wordsSign(a[i*w : (i+1)*w])) })
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
