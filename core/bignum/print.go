package bignum

// Decimal printing by a scaled remainder tree (Bernstein, "Scaled remainder
// trees", 2004; for radix conversion by divide and conquer, Brent and
// Zimmermann, Modern Computer Arithmetic, §1.7). Instead of dividing x by
// powers of ten, the conversion works on fixed-point fractions: a node of
// the tree covering n digits of x, at digit position a, holds
//
//	F = frac(x / 10^(a+n)),
//
// whose first n decimal digits are the node's. The high half of the node
// (positions a+n/2 … a+n) has the same fraction F, only needed to fewer
// bits; the low half has frac(F·10^(n/2)). So a split costs one product by
// a cached power of ten and no division, and a leaf of 19 digits is
// ⌊F·10^19⌋, one word. Below printSeqLeaves leaves a node is read out
// leaf by leaf, multiplying its fraction by 10^19 in word arithmetic.
//
// A split needs only the middle of the product G·10^(n/2): its integer
// part (the high half's digits, already in G) and G's low words' share
// are dropped. From printCyclicWords words it is a transform product
// modulo 2^N − 1 with N about the length of G (mulWindow), onto whose
// dropped low words the integer part wraps: two thirds of the whole
// product's length. The transforms of each power of ten are computed once
// and kept, so a split costs two transforms a prime instead of three.
//
// The root: for 10^n ≤ x < 10^(2n), n = 19·2^k, y = x·R with R = ⌊2^s/10^n⌋
// cached, biased up to an overestimate of x/10^n by less than
// 2^−64·10^−n, so that ⌊y⌋ = ⌊x/10^n⌋ exactly (x/10^n and ⌊x/10^n⌋+1
// differ by at least 10^−n); ⌊y⌋ is converted recursively and frac(y)
// is the fraction of the low n digits. R, truncated to the length x
// needs, is kept with its transforms for integers of nearby lengths.
//
// Error bound. Fractions are kept modulo 1, a node of n digits with
// W(n) = ⌈n·log₂10/64⌉ + 1 words, so the truncation to W(n) words costs
// less than 2^−64·10^−n. If a node's fraction G has |G − F| ≤ c·2^−64·10^−n
// (modulo 1), the low half's frac(G·10^(n/2)) truncated has error at most
// c·2^−64·10^−n/2 + 2·2^−64·10^−n/2 (the truncation, and the unit the
// cyclic product of mulWindow may add), and the high half's G truncated
// less: c grows by two a level, from c = 2 at the root, by one a leaf read
// out sequentially, and a leaf's w = G·10^19 is within (2·levels + 16 +
// 2)·2^−64 < 2^−40 of F·10^19 = v + u, for v the leaf's digits and
// u ∈ [0, 1) the fraction of all the digits below it. Unless w is within
// 2^−40 of an integer k, v = ⌊w⌋. If it is, v is k or k − 1 (modulo
// 10^19): k when u < 1/2, that is when the first digit of the leaf below
// is less than 5, and k for the lowest leaf, where u = 0. Such leaves are
// marked and settled once all digits are written, from the lowest leaf
// up. They occur for long runs of zeros or nines across a leaf's edge
// (10^k, 10^k − 1, multiples of large powers of ten) and with probability
// about 2^−39 a leaf otherwise.
//
// The two halves of a split (and ⌊y⌋ beside the tree of frac(y)) are
// converted on separate goroutines while GOMAXPROCS allows, writing into
// disjoint parts of one buffer.

import (
	"encoding/binary"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"sync"
)

const (
	// leafDigits is the length in digits of a leaf, leafPow = 10^leafDigits,
	// the largest power of ten in a word.
	leafDigits = 19
	leafPow    = 10_000_000_000_000_000_000

	// printSeqLeaves is the number of leaves from which a node is split;
	// smaller nodes are read out leaf by leaf. 8, 16, 32 and 64 measured
	// within 5% of each other at 3·10^4 and 10^5 digits on one core.
	printSeqLeaves = 16

	// printThreshold is the word length (49,000 digits) below which
	// AppendDecimal, and the tree for the quotient at a root, hands the
	// integer to big.Int.Append, whose divide and conquer on math/big's
	// recursive division is faster there: the tree's splits are then
	// math/big products of twice the length needed (full products for a
	// middle one). Two cores, loaded, minima of 4: 10^4 digits 0.25 ms
	// against 0.17 ms, 3·10^4 digits 1.17 against 0.98 ms, 5·10^4 1.67
	// against 1.66 ms. One core (GOMAXPROCS=1, minima of single calls of
	// appendDigits and big.Int.Append interleaved, loaded machine): 10^4
	// digits 206 against 180 µs, 2·10^4 592 against 516 µs, 3·10^4 1.12
	// against 0.96 ms, 5·10^4 1.93 against 2.22 ms, 10^5 16.8 against
	// 21.7 ms, 3·10^5 69 against 144 ms; 1,500 to 5,000 digits within 5%
	// either way. Below the threshold the tree computes whole products of
	// which it keeps half: the root's y = x·R' is a full L×L product whose
	// upper half is kept (at 2·10^4 digits 214 µs, against about 170 µs
	// for math/big's first division: its 516 µs less two 10^4-digit
	// halves), and a split's middle product is a full 2h×h product (the
	// tree of 19,456 digits 331 µs, about as much as math/big's two
	// halves). Winning there needs a short product at the root and a
	// middle product costing one h×h product at the splits (Hanrot,
	// Quercia and Zimmermann, "The middle product algorithm I", 2004;
	// Harvey, "The Karatsuba integer middle product", 2012). Measured and not taken: printCyclicWords 200 or 100 (slower
	// from 5,000 digits), splits by 5^h and a shift instead of 10^h (the
	// tree 8% slower), and the root product by a kept transform from 300
	// words (2·10^4 digits 231 → 178 µs, 3·10^4 454 → 378 µs, but 10^4 79
	// → 108 µs; the tree still loses at 2·10^4 and 3·10^4).
	printThreshold = 2560

	// ambiguity is the distance 2^−40 to an integer, as the top word of a
	// fraction, within which a leaf's digits are settled by the leaf below.
	ambiguity = 1 << 24
)

// fracWords returns W(n) = ⌈n·log₂10/64⌉ + 1, the words of a node's
// fraction: at least n·log₂10 + 64 bits. 3.321929 > log₂10.
func fracWords(n int) int {
	b := (n*3321929 + 999999) / 1000000
	return (b+63)/64 + 1
}

// printLevels holds 10^(19·2^j), for those used at a root the reciprocal
// ⌊2^s/10^(19·2^j)⌋ with its s, and for those of a cyclic product their
// transforms, built on demand and shared by
// all conversions; all are read-only once built. The declared limits on
// operands bound how many are ever built.
var printLevels struct {
	mu    sync.Mutex
	pow   []*big.Int
	recip []*big.Int
	shift []int
	// transform[j], for mulWindow, is 10^(19·2^j)'s.
	transform []*nttTransformed
	// root[k] is the last truncated reciprocal of printRootFactor.
	root []rootFactor
	// threeHalves[k] is 10^(19·3·2^(k−1)), for appendHalves.
	threeHalves []*big.Int
}

type rootFactor struct {
	t  int
	r  *big.Int
	pt *nttTransformed
}

// printPow returns 10^(19·2^j).
func printPow(j int) *big.Int {
	p := &printLevels
	p.mu.Lock()
	defer p.mu.Unlock()
	return printPowLocked(j)
}

func printPowLocked(j int) *big.Int {
	p := &printLevels
	if len(p.pow) == 0 {
		p.pow = append(p.pow, new(big.Int).SetUint64(leafPow))
		p.recip = append(p.recip, nil)
		p.shift = append(p.shift, 0)
	}
	for len(p.pow) <= j {
		p.pow = append(p.pow, Sqr(new(big.Int), p.pow[len(p.pow)-1]))
		p.recip = append(p.recip, nil)
		p.shift = append(p.shift, 0)
	}
	return p.pow[j]
}

// printRecip returns R = ⌊2^s/P⌋ for P = 10^(19·2^j) of b bits and s the
// least multiple of 64 with s ≥ 3b + 64.
func printRecip(j int) (*big.Int, int) {
	p := &printLevels
	p.mu.Lock()
	defer p.mu.Unlock()
	pow := printPowLocked(j)
	if p.recip[j] == nil {
		b := pow.BitLen()
		s := (3*b + 64 + 63) &^ 63
		// reciprocal(d) ≈ 2^(2m)/d for d of m = s − b bits: 2^s/P, within
		// a few units, made exact by the remainder.
		d := new(big.Int).Lsh(pow, uint(s-2*b))
		r := reciprocal(d, divThreshold)
		e := Mul(new(big.Int), r, pow)
		e.Sub(new(big.Int).Lsh(big.NewInt(1), uint(s)), e)
		correctQuotient(r, e, pow)
		p.recip[j], p.shift[j] = r, s
	}
	return p.recip[j], p.shift[j]
}

// AppendDecimal appends the decimal digits of x, with a leading '-' if x is
// negative, to dst and returns the extended slice: the same bytes as
// x.Append(dst, 10), converted by the scaled remainder tree for long x.
func AppendDecimal(dst []byte, x *big.Int) []byte {
	if x.IsInt64() {
		// A word is printed by strconv, without math/big's conversion
		// set-up: 17.5 ns against 93 ns for 15485863 (minima of three
		// interleaved runs).
		return strconv.AppendInt(dst, x.Int64(), 10)
	}
	if bits.UintSize == 64 && len(x.Bits()) <= printSplitWords {
		if x.Sign() < 0 {
			dst = append(dst, '-')
		}
		if len(x.Bits()) <= printShortWords {
			return appendShort(dst, x.Bits())
		}
		return appendSplit(dst, x)
	}
	workers := runtime.GOMAXPROCS(0)
	if len(x.Bits()) < printThreshold && (workers < 2 || len(x.Bits()) < printHalvesWords) {
		return x.Append(dst, 10)
	}
	if x.Sign() < 0 {
		dst = append(dst, '-')
		x = new(big.Int).Neg(x)
	}
	if len(x.Bits()) < printThreshold {
		return appendHalves(dst, x)
	}
	return appendDigits(dst, x, workers)
}

// printShortWords is the word length up to which AppendDecimal divides
// by 10^19 one word at a time (appendShort) instead of calling
// big.Int.Append. One core, minima of 300 interleaved runs, loaded
// machine: 2 words 69 against 220 ns, 8 words 343 against 727 ns, 16
// words 1.12 against 2.18 µs, 32 words 4.00 against 6.19 µs.
const printShortWords = 32

// leafPowInverse is ⌊(2^128 − 1)/10^19⌋ − 2^64, the reciprocal of 10^19,
// whose top bit is set, for divLeafPow.
const leafPowInverse = 15581492618384294730

// divLeafPow returns the quotient and remainder of u1·2^64 + u0 by 10^19,
// for u1 < 10^19, by the reciprocal (Möller and Granlund, "Improved
// division by invariant integers", IEEE Trans. Computers 60 (2011),
// Algorithm 4): two products and two corrections in place of a hardware
// division.
func divLeafPow(u1, u0 uint64) (q, r uint64) {
	q1, q0 := bits.Mul64(leafPowInverse, u1)
	q0, c := bits.Add64(q0, u0, 0)
	q1 += u1 + c + 1
	r = u0 - q1*leafPow
	if r > q0 {
		q1--
		r += leafPow
	}
	if r >= leafPow {
		q1++
		r -= leafPow
	}
	return q1, r
}

// appendShort appends the decimal digits of the nonzero magnitude x, of
// at most printShortWords words, without leading zeros: x is divided by
// 10^19 a word at a time from the top (divLeafPow), and each remainder
// is a leaf of 19 digits, the last one (the top) printed without its
// leading zeros. Quadratic in the length, and below printShortWords
// faster than math/big's conversion, whose division steps cost more.
func appendShort(dst []byte, x []big.Word) []byte {
	var w [printShortWords]uint64
	n := len(x)
	for i, v := range x {
		w[i] = uint64(v)
	}
	// At most ⌈64·n·log₁₀2/19⌉ + 1 leaves.
	var leaves [printShortWords*64*30103/100000/leafDigits + 2]uint64
	k := drainLeaves(w[:], n, leaves[:], 0)
	dst = strconv.AppendUint(dst, leaves[k-1], 10)
	start := len(dst)
	dst = slices.Grow(dst, leafDigits*(k-1))[:start+leafDigits*(k-1)]
	for i := k - 2; i >= 0; i-- {
		putLeaf(dst[start:start+leafDigits], leaves[i])
		start += leafDigits
	}
	return dst
}

// printSplitWords is the word length up to which AppendDecimal, above
// printShortWords, divides x once by P = 10^(19·32) and converts ⌊x/P⌋
// and x mod P, each at most printShortWords words, side by side in one
// loop (appendSplit): the divisions by 10^19 of the two parts do not
// wait on each other, where appendShort on the whole is one chain of
// dependent divisions. One core, minima of 300 interleaved runs against
// big.Int.Append, loaded machine: 33 words 3.65 against 3.94 µs, 48
// words 4.77 against 6.33 µs, 56 words 5.61 against 7.74 µs, 63 words
// 6.77 against 9.48 µs.
const printSplitWords = 63

// splitLeaves is the number of leaves of x mod 10^(19·32) in appendSplit.
const splitLeaves = 32

// drainLeaves divides the n words of w (least significant first) by
// 10^19 until none is left, in place, and stores the remainders in l from
// k on, least significant first; it returns the index past the last.
func drainLeaves(w []uint64, n int, l []uint64, k int) int {
	for ; n > 0; k++ {
		var c uint64
		for i := n - 1; i >= 0; i-- {
			w[i], c = divLeafPow(c, w[i])
		}
		if w[n-1] == 0 {
			n--
		}
		l[k] = c
	}
	return k
}

// appendSplit appends the digits of |x|, of more than printShortWords and
// at most printSplitWords words, as those of q = ⌊|x|/P⌋ and of
// r = |x| mod P padded to 19·32 digits, for P = 10^(19·32) (printPow(5)):
// P < 2^2020 and |x| < 2^4032, so q and r have at most 32 words each, and
// q ≥ 1 as |x| ≥ 2^2048. Each part is divided by 10^19 as in appendShort.
func appendSplit(dst []byte, x *big.Int) []byte {
	// |x| shares x's words, read only, without the copy Abs makes.
	q, r := QuoRem(new(big.Int), new(big.Int), new(big.Int).SetBits(x.Bits()), printPow(5))
	var wq, wr [printShortWords]uint64
	nq, nr := len(q.Bits()), len(r.Bits())
	for i, v := range q.Bits() {
		wq[i] = uint64(v)
	}
	for i, v := range r.Bits() {
		wr[i] = uint64(v)
	}
	var lq [printShortWords*64*30103/100000/leafDigits + 2]uint64
	var lr [splitLeaves]uint64
	kq, kr := 0, 0
	for nq > 0 && nr > 0 {
		var cq, cr uint64
		for i := max(nq, nr) - 1; i >= 0; i-- {
			if i < nq {
				wq[i], cq = divLeafPow(cq, wq[i])
			}
			if i < nr {
				wr[i], cr = divLeafPow(cr, wr[i])
			}
		}
		if wq[nq-1] == 0 {
			nq--
		}
		if wr[nr-1] == 0 {
			nr--
		}
		lq[kq], lr[kr] = cq, cr
		kq++
		kr++
	}
	kq = drainLeaves(wq[:], nq, lq[:], kq)
	// The remainder's leaves are read to splitLeaves, zero past its last.
	drainLeaves(wr[:], nr, lr[:], kr)
	dst = strconv.AppendUint(dst, lq[kq-1], 10) // q ≥ 1: |x| ≥ 2^(64·32) > P
	start := len(dst)
	dst = slices.Grow(dst, leafDigits*(kq-1+splitLeaves))[:start+leafDigits*(kq-1+splitLeaves)]
	for i := kq - 2; i >= 0; i-- {
		putLeaf(dst[start:start+leafDigits], lq[i])
		start += leafDigits
	}
	for i := splitLeaves - 1; i >= 0; i-- {
		putLeaf(dst[start:start+leafDigits], lr[i]) // zero past kr
		start += leafDigits
	}
	return dst
}

// printHalvesWords is the word length (about 20,000 digits) from which
// AppendDecimal, below printThreshold and with two processors or more,
// divides x once by a power of ten near its middle and converts the two
// halves with big.Int.Append on separate goroutines (appendHalves). The
// split is math/big's own first step (its conversion divides by powers
// 10^(19·2^k) and recurs on both parts), done once here so that the two
// parts run side by side: at 3·10^4 digits the division takes 278 µs and
// the halves 317 and 295 µs, against 855 µs for big.Int.Append (minima of
// 100). Minima of 200 interleaved calls on the loaded machine (load
// average 5 on two cores), three runs: 2·10^4 digits 420-452 µs against
// 494-501 µs, 3·10^4 digits 737-802 µs against 865-891 µs, 4.5·10^4
// digits 1.28-1.76 ms against 1.61-1.68 ms; 10^4 digits even (171-178 µs
// both), and from 6,000 to 2·10^4 digits the split had been 8% slower in
// a run at load average 5 to 8, the second goroutine waiting for a
// processor.
const printHalvesWords = 1024

// appendHalves appends the digits of x ≥ 0 as ⌊x/P⌋ followed by x mod P,
// padded to n digits, for P = 10^n the power of halfPow nearest to half
// of x's digits, each part converted by big.Int.Append, the low one on
// its own goroutine.
func appendHalves(dst []byte, x *big.Int) []byte {
	digits := x.BitLen()*30103/100000 + 1
	p, n := halfPow(digits / 2)
	q, r := QuoRem(new(big.Int), new(big.Int), x, p)
	if q.Sign() == 0 {
		return r.Append(dst, 10)
	}
	var low []byte
	var wg sync.WaitGroup
	wg.Go(func() { low = r.Append(make([]byte, 0, n), 10) })
	dst = q.Append(dst, 10)
	wg.Wait()
	for range n - len(low) {
		dst = append(dst, '0')
	}
	return append(dst, low...)
}

// halfPow returns P = 10^n and n for the n nearest to d among 19·2^k
// (printPow(k)) and 19·3·2^(k−1) (printPow(k)·printPow(k−1), kept), d ≥ 19.
func halfPow(d int) (*big.Int, int) {
	m := max(d/leafDigits, 1)
	k := bits.Len(uint(m)) - 1 // 2^k ≤ m < 2^(k+1)
	if k == 0 || 4*m < 5*(1<<k) {
		return printPow(k), leafDigits << k // m below 1.25·2^k
	}
	if 4*m >= 7*(1<<k) {
		return printPow(k + 1), leafDigits << (k + 1) // m from 1.75·2^k
	}
	p := &printLevels
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.threeHalves) <= k {
		p.threeHalves = append(p.threeHalves, nil)
	}
	if p.threeHalves[k] == nil {
		p.threeHalves[k] = Mul(new(big.Int), printPowLocked(k), printPowLocked(k-1))
	}
	return p.threeHalves[k], 3 * leafDigits << (k - 1)
}

// appendDigits appends the digits of x ≥ 0, without leading zeros: by the
// tree, and ⌊x/10^n⌋ at its root by the tree from printThreshold words.
func appendDigits(dst []byte, x *big.Int, workers int) []byte {
	if len(x.Bits()) <= 2 {
		return x.Append(dst, 10)
	}
	// The largest k with 10^(19·2^k) ≤ x; digits bounds x's length from
	// above, so no power longer than x is built.
	digits := x.BitLen()*30103/100000 + 1
	k := -1
	for leafDigits<<(k+1) <= digits {
		if printPow(k+1).Cmp(x) > 0 {
			break
		}
		k++
	}
	if k < 0 {
		return x.Append(dst, 10)
	}
	q, g := splitRoot(x, k)
	n := leafDigits << k
	m := 1 << k
	amb := make([]bool, m)
	if workers > 1 {
		buf := make([]byte, n)
		var wg sync.WaitGroup
		wg.Go(func() { fillFrac(buf, amb, g, k, workers) })
		dst = appendQuotient(dst, q) // q ≥ 1 as P ≤ x
		wg.Wait()
		settle(buf, amb)
		return append(dst, buf...)
	}
	dst = appendQuotient(dst, q)
	start := len(dst)
	dst = slices.Grow(dst, n)[:start+n]
	fillFrac(dst[start:], amb, g, k, 1)
	settle(dst[start:], amb)
	return dst
}

func appendQuotient(dst []byte, q *big.Int) []byte {
	if len(q.Bits()) < printThreshold {
		return q.Append(dst, 10)
	}
	return appendDigits(dst, q, 1)
}

// splitRoot returns ⌊x/P⌋ and the fraction of x mod P, fracWords(n) words,
// for P = 10^n, n = 19·2^k, P ≤ x < P².
func splitRoot(x *big.Int, k int) (*big.Int, []big.Word) {
	_, s := printRecip(k)
	b := printPow(k).BitLen()
	// R' = ⌊R/2^t⌋ and y = x·R'·2^(t−s): y ≤ x/P and x/P − y < x·(1 + 2^t)·2^−s
	// ≤ x·2^(t+1−s) < 2^−b−64 for t ≤ 2b − bitlen(x) − 1, as s ≥ 3b + 64;
	// adding 2^−b−64 makes it an overestimate by less than 2^−64/P.
	// t is rounded down to a multiple of printRootQuantum, so that integers
	// of nearby lengths share R' and its transform (printRootFactor).
	t := max(0, 2*b-x.BitLen()-1)
	t -= t % printRootQuantum
	rt, pt := printRootFactor(k, t)
	y := new(big.Int)
	if pt != nil && useTransform(x, rt) {
		y.SetBits(nttMulTransformed(x.Bits(), pt))
	} else {
		Mul(y, x, rt)
	}
	y.Add(y, new(big.Int).Lsh(big.NewInt(1), uint(2*b-t)))
	f := (s - t) / 64 // the fraction's words, f ≥ fracWords(n)
	w := y.Bits()
	q := new(big.Int)
	if len(w) > f {
		q.SetBits(slices.Clone(w[f:]))
	}
	return q, wordsAt(w, f-fracWords(leafDigits<<k), f)
}

// printRootQuantum is the step, in bits, of the truncations ⌊R/2^t⌋ of a
// root's reciprocal: R' is up to this much longer than needed.
const printRootQuantum = 16 * 64

// printRootFactor returns R' = ⌊R/2^t⌋ for the reciprocal R of
// 10^(19·2^k), and its transform for products by integers of up to
// 2b − t − 1 bits (b the power's), or nil when R' is shorter than
// mulThreshold words. The last R' of each k is kept.
func printRootFactor(k, t int) (*big.Int, *nttTransformed) {
	R, _ := printRecip(k)
	b := printPow(k).BitLen()
	p := &printLevels
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.root) <= k {
		p.root = append(p.root, rootFactor{t: -1})
	}
	if e := p.root[k]; e.t == t {
		return e.r, e.pt
	}
	e := rootFactor{t: t, r: new(big.Int).Rsh(R, uint(t))}
	if len(e.r.Bits()) >= mulThreshold && bits.UintSize == 64 {
		e.pt = nttForward(e.r.Bits(), productShape(2*b-t-1, e.r.BitLen()))
	}
	p.root[k] = e
	return e.r, e.pt
}

// printCyclicWords is the word length of a power of ten from which a
// split's product is a cyclic transform product (mulWindow) rather than
// math/big's. One core, with the power's transforms kept, minima of 5:
// 505 words 0.19 against 0.23 ms, 253 words 49 against 46 µs, 127 words
// 28 against 18 µs.
const printCyclicWords = 400

// mulWindow returns the words [lo, len(g)) of g·p, the fraction of a
// split's low half: exactly, or plus one at word lo (modulo the window).
// From printCyclicWords it is a transform product modulo 2^N − 1 for N ≥
// 64·max(len(g), len(g) + len(p) − lo + 1) bits, shorter than the whole
// product: V = A + B for g·p = A + 2^N·B, whose words below N are A's, and
// B < 2^(64·lo) adds at most one unit at word lo. pt, if not nil, is p's
// transform for windowShape(len(g), len(p), lo).
func mulWindow(g, p []big.Word, lo int, pt *nttTransformed) []big.Word {
	hi := len(g)
	if len(p) < printCyclicWords || bits.UintSize != 64 {
		z := new(big.Int).SetBits(g)
		z.Mul(z, new(big.Int).SetBits(p))
		return wordsAt(z.Bits(), lo, hi)
	}
	if bitLen(g) == 0 || bitLen(p) == 0 {
		return make([]big.Word, hi-lo)
	}
	if pt == nil {
		pt = nttForward(p, windowShape(len(g), len(p), lo))
	}
	return wordsAt(nttMulTransformed(g, pt), lo, hi)
}

// windowShape returns the shortest transform shape for mulWindow's cyclic
// product of operands of gw and pw words from word lo; it depends on the
// lengths alone, so that one transform of a power serves a whole level.
func windowShape(gw, pw, lo int) pieceShape {
	need := 64 * max(gw, gw+pw-lo+1)
	best, bestLen := pieceShape{}, -1
	for b := 64; b <= 92; b++ {
		nx, ny := (64*gw+b-1)/b, (64*pw+b-1)/b
		if 2*b > 185-bits.Len(uint(min(nx, ny))) {
			break
		}
		logn, three := transformShape(max((need+b-1)/b, nx, ny))
		if !three && logn == 0 {
			logn = 1
		}
		s := pieceShape{b, logn, three}
		if bestLen < 0 || s.length() < bestLen {
			best, bestLen = s, s.length()
		}
	}
	return best
}

// printTransform returns the transform of 10^(19·2^j) for the splits of
// nodes of 19·2^(j+1) digits, built once, or nil below printCyclicWords.
func printTransform(j int) *nttTransformed {
	pow := printPow(j)
	if len(pow.Bits()) < printCyclicWords || bits.UintSize != 64 {
		return nil
	}
	p := &printLevels
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.transform) <= j {
		p.transform = append(p.transform, nil)
	}
	if p.transform[j] == nil {
		gw := fracWords(leafDigits << (j + 1))
		lo := gw - fracWords(leafDigits<<j)
		p.transform[j] = nttForward(pow.Bits(), windowShape(gw, len(pow.Bits()), lo))
	}
	return p.transform[j]
}

// wordsAt returns a copy of w[lo:hi], with zero words beyond len(w).
func wordsAt(w []big.Word, lo, hi int) []big.Word {
	out := make([]big.Word, hi-lo)
	if lo < len(w) {
		copy(out, w[lo:min(hi, len(w))])
	}
	return out
}

// fillFrac writes the 19·2^j digits of the node whose fraction is g
// (fracWords(19·2^j) words, g is not modified) to buf, and marks in amb
// the leaves whose digits remain to be settled.
func fillFrac(buf []byte, amb []bool, g []big.Word, j, workers int) {
	m := 1 << j
	if m <= printSeqLeaves {
		readLeaves(buf, amb, g)
		return
	}
	half := m / 2
	wlo := fracWords(leafDigits * half)
	hi := g[len(g)-wlo:]
	lo := mulWindow(g, printPow(j-1).Bits(), len(g)-wlo, printTransform(j-1))
	cut := leafDigits * half
	if workers > 1 {
		var wg sync.WaitGroup
		wg.Go(func() { fillFrac(buf[cut:], amb[half:], lo, j-1, workers/2) })
		fillFrac(buf[:cut], amb[:half], hi, j-1, workers-workers/2)
		wg.Wait()
		return
	}
	fillFrac(buf[:cut], amb[:half], hi, j-1, 1)
	fillFrac(buf[cut:], amb[half:], lo, j-1, 1)
}

// readLeaves writes the len(amb) leaves of the node with fraction g,
// multiplying the fraction by 10^19 once a leaf.
func readLeaves(buf []byte, amb []bool, g []big.Word) {
	var store [136]big.Word
	cur := append(store[:0], g...)
	m := len(amb)
	for i := range m {
		var carry uint64
		for k, d := range cur {
			hi, lo := bits.Mul64(uint64(d), leafPow)
			lo, c := bits.Add64(lo, carry, 0)
			cur[k] = big.Word(lo)
			carry = hi + c
		}
		v := carry
		top := uint64(cur[len(cur)-1])
		amb[i] = false
		if top < ambiguity {
			amb[i] = true
		} else if top > ^uint64(ambiguity-1) {
			amb[i] = true
			if v++; v == leafPow {
				v = 0
			}
		}
		putLeaf(buf[leafDigits*i:leafDigits*(i+1)], v)
		if need := fracWords(leafDigits * (m - 1 - i)); need < len(cur) {
			cur = cur[len(cur)-need:]
		}
	}
}

const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// putLeaf writes v < 10^19 as 19 digits with leading zeros, as 8 + 3 + 8
// digits, the eights by digits8. putLeafByPairs, two digits a division,
// is the reference (TestPutLeafAgrees).
func putLeaf(b []byte, v uint64) {
	_ = b[18]
	const e8, e11 = 100_000_000, 100_000_000_000
	hi := v / e11
	lo := v - hi*e11
	mid := lo / e8
	low := lo - mid*e8
	binary.LittleEndian.PutUint64(b[0:8], digits8(uint32(hi)))
	b[8] = byte('0' + mid/100)
	r := mid % 100 * 2
	b[9], b[10] = digitPairs[r], digitPairs[r+1]
	binary.LittleEndian.PutUint64(b[11:19], digits8(uint32(low)))
}

// digits8 is the eight ASCII digits of v < 10^8 with leading zeros, the
// first in the low byte, by SIMD within a register: v splits into two
// four-digit lanes of 32 bits, each into two two-digit lanes of 16, each
// into two digits of 8, the quotients by 100 and by 10 taken as products
// by 5243/2^19 and 103/2^10, exact below 10^4 and 10^2 (the lanes' bounds)
// and carrying into no other lane.
func digits8(v uint32) uint64 {
	hi := v / 10_000
	x := uint64(hi) | uint64(v-hi*10_000)<<32
	q := x * 5243 >> 19 & 0x0000007f_0000007f
	x = q | (x-q*100)<<16
	q = x * 103 >> 10 & 0x000f_000f_000f_000f
	x = q | (x-q*10)<<8
	return x + 0x3030303030303030
}

// putLeafByPairs is putLeaf two digits a division.
func putLeafByPairs(b []byte, v uint64) {
	for i := 17; i >= 1; i -= 2 {
		d := v % 100 * 2
		v /= 100
		b[i], b[i+1] = digitPairs[d], digitPairs[d+1]
	}
	b[0] = byte('0' + v)
}

// settle decides the marked leaves of buf, from the lowest up: a marked
// leaf holds k and its digits are k − 1 (modulo 10^19) when the first
// digit of the leaf below is 5 or more. The lowest leaf is always k.
func settle(buf []byte, amb []bool) {
	for i := len(amb) - 2; i >= 0; i-- {
		if !amb[i] || buf[leafDigits*(i+1)] < '5' {
			continue
		}
		leaf := buf[leafDigits*i : leafDigits*(i+1)]
		for d := len(leaf) - 1; d >= 0; d-- {
			if leaf[d] != '0' {
				leaf[d]--
				break
			}
			leaf[d] = '9'
		}
	}
}
