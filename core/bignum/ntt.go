package bignum

import (
	"context"
	"jacobian.dev/core/modular"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// The product of two integers is the acyclic convolution of their digit
// sequences in base 2^b followed by carry propagation. With c the shorter
// operand's number of digits, each convolution coefficient is below
// c·2^(2b), so it is determined by its residues modulo three primes whose
// product exceeds 2^185.99 as long as 2b + len(c) ≤ 185: the convolution is
// computed by a number-theoretic transform (NTT) modulo each prime, and the
// coefficients are rebuilt by Garner's mixed-radix CRT (Knuth, TAOCP
// vol. 2, §4.3.2 and §4.3.3 C) and summed into the result words. The digit
// size b runs from 64 bits (whole words) up to 92, chosen per product for
// the shortest transform: 100,000-digit factors (5,191 words) in 86-bit
// digits take a transform of 2^13 points instead of 3·2^12 in words
// (Schönhage and Strassen, Computing 7 (1971), and Pollard, Math. Comp. 25
// (1971), for the multimodular product; Brent and Zimmermann, Modern
// Computer Arithmetic, §2.3, for the choice of the digit size).
//
// The butterflies follow Harvey, "Faster arithmetic for number-theoretic
// transforms", J. Symbolic Comput. 60 (2014): twiddle factors carry a
// precomputed Shoup quotient ⌊w·2^64/p⌋, so a product by a twiddle costs one
// high and two low word multiplications, and residues are kept lazily in
// [0, 2p) (p < 2^62 leaves room). The forward transform is decimation in
// frequency (natural order in, bit-reversed out) and the inverse is
// decimation in time (bit-reversed in, natural out), so no bit-reversal
// permutation is ever done. Pointwise products use Montgomery reduction
// (Montgomery, Math. Comp. 44 (1985)); the factor 2^64 it leaves, and the
// 1/n of the inverse transform, are removed in the CRT step.
//
// A transform of length 3·2^k, used when it is shorter than the next power
// of two, starts (forward) or ends (inverse) with one radix-3 pass that
// splits it into three transforms of length 2^k (the decimation of
// Cooley and Tukey, Math. Comp. 19 (1965), with the factor 3 first): a
// product of 1.5·2^k words then pays for 3·2^k points, not 2^(k+2).
//
// Transforms above leafSize recurse depth-first (one butterfly pass over the
// whole array, then the two halves), which keeps the working set in cache.
// The product runs its transforms as independent jobs on GOMAXPROCS
// goroutines (nttMulContext), or, from splitTransforms points, one at a
// time with each transform's halves on separate goroutines, as Convolve
// always does.

// nttPrime is a prime p = c·2^e + 1 below 2^62 with its primitive root.
type nttPrime struct {
	p, root uint64
	twoAdic int
}

// nttPrimes: PARI/GP 2.17, isprime(c*2^40+1) for the largest c < 2^22
// divisible by 3 (so that 3·2^40 divides p − 1 and transforms of length
// 3·2^k exist), with znprimroot(p); valuation(p−1, 2) is the largest
// power-of-two exponent. The integer product uses the first three;
// Convolve uses as many as its coefficients need.
var nttPrimes = [...]nttPrime{
	{4611615649683210241, 11, 46}, // 4194240·2^40 + 1
	{4611549678985543681, 19, 42}, // 4194180·2^40 + 1
	{4611546380450660353, 5, 40},  // 4194177·2^40 + 1
	{4611496902427410433, 5, 42},  // 4194132·2^40 + 1
	{4611480409752993793, 10, 40}, // 4194117·2^40 + 1
	{4611467215613460481, 13, 40}, // 4194105·2^40 + 1
	{4611454021473927169, 7, 40},  // 4194093·2^40 + 1
	{4611368259566960641, 11, 40}, // 4194015·2^40 + 1
	{4611355065427427329, 21, 40}, // 4194003·2^40 + 1
	{4611266004985577473, 5, 41},  // 4193922·2^40 + 1
}

// maxTransformLog bounds the transform length to 3·2^40: the smallest
// two-adic valuation among the primes.
const maxTransformLog = 40

// leafSize is the length below which transforms run iteratively: 2^11
// words (16 KiB) fit in the level-1 cache with room for the twiddles.
const leafSize = 1 << 11

// parallelSize is the smallest transform whose halves are worth separate
// goroutines.
const parallelSize = 1 << 13

// modulus holds the word constants of arithmetic modulo one prime.
type modulus struct {
	p, twoP uint64
	// negInv = −p⁻¹ mod 2^64, for Montgomery reduction.
	negInv uint64
	// recip = ⌊2^125/p⌋, to compute Shoup quotients without division.
	recip uint64
}

func newModulus(p uint64) modulus {
	recip, _ := bits.Div64(1<<61, 0, p)
	return modulus{p: p, twoP: 2 * p, negInv: -modular.WordInverse(p), recip: recip}
}

// shoupQuotient returns ⌊w·2^64/p⌋ for w < p.
func (m modulus) shoupQuotient(w uint64) uint64 {
	// q ≈ w·recip/2^61 is within 2 below the true quotient.
	hi, lo := bits.Mul64(w, m.recip)
	q := hi<<3 | lo>>61
	// Remainder w·2^64 − q·p, in at most two words; bring it below p.
	rh, rl := bits.Mul64(q, m.p)
	var borrow uint64
	rl, borrow = bits.Sub64(0, rl, 0)
	rh, _ = bits.Sub64(w, rh, borrow)
	for rh != 0 || rl >= m.p {
		var b uint64
		rl, b = bits.Sub64(rl, m.p, 0)
		rh -= b
		q++
	}
	return q
}

// mulShoup returns x·w mod p in [0, 2p) for any x < 2^64, given
// wq = ⌊w·2^64/p⌋.
func (m modulus) mulShoup(x, w, wq uint64) uint64 {
	q, _ := bits.Mul64(x, wq)
	return x*w - q*m.p
}

// mulMont returns x·y·2^−64 mod p in [0, 2p) for x·y < p·2^64.
func (m modulus) mulMont(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	t := lo * m.negInv
	th, _ := bits.Mul64(t, m.p)
	// lo + t·p ≡ 0 mod 2^64, so the low word carries exactly when lo ≠ 0.
	var c uint64
	if lo != 0 {
		c = 1
	}
	return hi + th + c
}

// mulMod returns x·y mod p in [0, p), slowly; for setting up constants.
func (m modulus) mulMod(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	_, r := bits.Div64(hi%m.p, lo, m.p)
	return r
}

func (m modulus) powMod(x uint64, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = m.mulMod(r, x)
		}
		x = m.mulMod(x, x)
	}
	return r
}

// reduce brings x in [0, 2p) into [0, p).
func (m modulus) reduce(x uint64) uint64 {
	if x >= m.p {
		x -= m.p
	}
	return x
}

// plan is the twiddle tables of transforms of length n modulo one prime:
// level[k] holds ω_{2h}^j and ω_{2h}^{−j} for h = 2^k and j < h, with
// their Shoup quotients.
type plan struct {
	modulus
	n                int
	level            []twiddles
	scale, scaleQuot uint64 // 2^64/n mod p: undoes Montgomery and 1/n
	// For n = 3m: the radix-3 pass's twiddles ω^j, ω^2j, ω^−j and ω^−2j
	// (j < m, ω of order n) and the cube root of unity ω^m.
	radix3 *radix3Twiddles
}

type radix3Twiddles struct {
	w1, w1q, w2, w2q, iw1, iw1q, iw2, iw2q []uint64
	cube, cubeQ                            uint64
}

// radix3Cache[i][k] builds the radix-3 twiddles of length 3·2^k for prime
// i once, for k below cachedRadix3 (2^15: 2 MiB per prime in all).
const cachedRadix3 = 16

var radix3Cache = func() (c [len(nttPrimes)][cachedRadix3]func() *radix3Twiddles) {
	for i := range c {
		for k := range c[i] {
			c[i][k] = sync.OnceValue(func() *radix3Twiddles { return newRadix3Twiddles(nttPrimes[i], k) })
		}
	}
	return c
}()

func newRadix3Twiddles(pr nttPrime, k int) *radix3Twiddles {
	m := newModulus(pr.p)
	h := 1 << k
	w := m.powMod(pr.root, (pr.p-1)/uint64(3*h))
	wi := m.powMod(w, uint64(3*h-1))
	t := &radix3Twiddles{}
	for _, tab := range []struct {
		w, wq *[]uint64
		g     uint64
	}{{&t.w1, &t.w1q, w}, {&t.w2, &t.w2q, m.mulMod(w, w)}, {&t.iw1, &t.iw1q, wi}, {&t.iw2, &t.iw2q, m.mulMod(wi, wi)}} {
		*tab.w, *tab.wq = make([]uint64, h), make([]uint64, h)
		m.powers(*tab.w, *tab.wq, tab.g)
	}
	t.cube = m.powMod(w, uint64(h))
	t.cubeQ = m.shoupQuotient(t.cube)
	return t
}

// twiddles is w[j] = ω^j and iw[j] = ω^−j for j < len(w), ω a primitive
// 2·len(w)-th root of unity, with Shoup quotients wq[j] = ⌊w[j]·2^64/p⌋
// and iwq[j].
type twiddles struct{ w, wq, iw, iwq []uint64 }

// cachedLevels: the twiddle tables of lengths up to 2^17 (up to 4 MiB per
// prime in all) are built once per process and shared; longer ones, for
// products beyond 2^18 words, are built per product, where they cost a few
// percent of the transforms.
const cachedLevels = 18

// levelCache[i][k] builds level k's twiddles for prime i once.
var levelCache = func() (c [len(nttPrimes)][cachedLevels]func() twiddles) {
	for i := range c {
		for k := range c[i] {
			c[i][k] = sync.OnceValue(func() twiddles { return newTwiddles(nttPrimes[i], k) })
		}
	}
	return c
}()

func newTwiddles(pr nttPrime, k int) twiddles {
	m := newModulus(pr.p)
	h := 1 << k
	t := twiddles{make([]uint64, h), make([]uint64, h), make([]uint64, h), make([]uint64, h)}
	m.powers(t.w, t.wq, m.powMod(pr.root, (pr.p-1)>>(k+1)))
	// ω^−j = −ω^{h−j}, and ⌊(p−w)·2^64/p⌋ = 2^64 − 1 − ⌊w·2^64/p⌋ since
	// p ∤ w·2^64.
	t.iw[0], t.iwq[0] = 1, t.wq[0]
	for j := 1; j < h; j++ {
		t.iw[j], t.iwq[j] = m.p-t.w[h-j], ^t.wq[h-j]
	}
	return t
}

// newPlan prepares transforms of length 2^logn, or 3·2^logn with three.
func newPlan(prime, logn int, three bool) *plan {
	pr := nttPrimes[prime]
	m := newModulus(pr.p)
	n := 1 << logn
	pl := &plan{modulus: m, n: n, level: make([]twiddles, max(logn, 1))}
	if three {
		pl.n = 3 * n
		if logn < cachedRadix3 {
			pl.radix3 = radix3Cache[prime][logn]()
		} else {
			pl.radix3 = newRadix3Twiddles(pr, logn)
		}
	}
	for k := range logn {
		if k < cachedLevels {
			pl.level[k] = levelCache[prime][k]()
		} else {
			pl.level[k] = newTwiddles(pr, k)
		}
	}
	// 2^64 mod p, as 2^64 − ⌊(2^64−1)/p⌋·p; times n⁻¹.
	r64 := -(m.p * (^uint64(0) / m.p))
	ninv := m.p - (m.p-1)/uint64(pl.n) // n divides p − 1
	pl.scale = m.mulMod(r64, ninv)
	pl.scaleQuot = m.shoupQuotient(pl.scale)
	return pl
}

// powers sets w[j] = g^j mod p and wq[j] its Shoup quotient.
func (m modulus) powers(w, wq []uint64, g uint64) {
	if len(w) == 0 {
		return
	}
	wq = wq[:len(w)]
	gq := m.shoupQuotient(g)
	x := uint64(1)
	for j := range w {
		w[j] = x
		wq[j] = m.shoupQuotient(x)
		x = m.reduce(m.mulShoup(x, g, gq))
	}
}

// transform is the whole forward transform of length pl.n.
func (pl *plan) transform(a []uint64, workers int) {
	if pl.radix3 == nil {
		pl.forward(a, workers)
		return
	}
	m := pl.n / 3
	parallelRange(m, workers, func(lo, hi int) { pl.radix3Forward(a, lo, hi) })
	for r := range 3 {
		pl.forward(a[r*m:(r+1)*m], workers)
	}
}

// untransform is the whole inverse transform of length pl.n, up to the
// factor pl.n.
func (pl *plan) untransform(a []uint64, workers int) {
	if pl.radix3 == nil {
		pl.inverse(a, workers)
		return
	}
	m := pl.n / 3
	for r := range 3 {
		pl.inverse(a[r*m:(r+1)*m], workers)
	}
	parallelRange(m, workers, func(lo, hi int) { pl.radix3Inverse(a, lo, hi) })
}

// parallelRange runs f on [0, n) split into up to `workers` ranges.
func parallelRange(n, workers int, f func(lo, hi int)) {
	if workers <= 1 || n < parallelSize {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	step := (n + workers - 1) / workers
	for lo := step; lo < n; lo += step {
		wg.Go(func() { f(lo, min(n, lo+step)) })
	}
	f(0, min(n, step))
	wg.Wait()
}

// radix3Forward is the radix-3 decimation-in-frequency pass on indices
// j in [lo, hi) of the thirds of a (residues in [0, 2p)): with x_r =
// a[j + r·m] and ζ the cube root of unity, a[j + r·m] ← (x0 + ζ^r·x1 +
// ζ^2r·x2)·ω^rj, reduced to [0, p). As ζ² = −1 − ζ, one product by ζ, of
// x1 − x2, serves both r = 1 and r = 2.
func (pl *plan) radix3Forward(a []uint64, lo, hi int) {
	t := pl.radix3
	m := pl.n / 3
	p := pl.p
	x0s, x1s, x2s := a[lo:hi], a[m+lo:m+hi], a[2*m+lo:2*m+hi]
	x1s, x2s = x1s[:len(x0s)], x2s[:len(x0s)]
	w1, w1q, w2, w2q := t.w1[lo:hi], t.w1q[lo:hi], t.w2[lo:hi], t.w2q[lo:hi]
	w1, w1q, w2, w2q = w1[:len(x0s)], w1q[:len(x0s)], w2[:len(x0s)], w2q[:len(x0s)]
	for j := range x0s {
		x0, x1, x2 := pl.reduce(x0s[j]), pl.reduce(x1s[j]), pl.reduce(x2s[j])
		d := pl.reduce(pl.mulShoup(x1+p-x2, t.cube, t.cubeQ)) // ζ(x1 − x2)
		y0 := pl.reduce(pl.reduce(x0+x1) + x2)
		y1 := pl.reduce(pl.reduce(x0+p-x2) + d)     // x0 − x2 + ζ(x1 − x2)
		y2 := pl.reduce(pl.reduce(x0+p-x1) + p - d) // x0 − x1 − ζ(x1 − x2)
		x0s[j] = y0
		x1s[j] = pl.reduce(pl.mulShoup(y1, w1[j], w1q[j]))
		x2s[j] = pl.reduce(pl.mulShoup(y2, w2[j], w2q[j]))
	}
}

// radix3Inverse undoes radix3Forward up to the factor 3, on residues in
// [0, 2p): with z_r = a[j + r·m]·ω^−rj, a[j] ← z0 + z1 + z2 and
// a[j + m], a[j + 2m] ← z0 − z1 + ζ(z2 − z1), z0 − z2 − ζ(z2 − z1).
func (pl *plan) radix3Inverse(a []uint64, lo, hi int) {
	t := pl.radix3
	m := pl.n / 3
	p := pl.p
	x0s, x1s, x2s := a[lo:hi], a[m+lo:m+hi], a[2*m+lo:2*m+hi]
	x1s, x2s = x1s[:len(x0s)], x2s[:len(x0s)]
	w1, w1q, w2, w2q := t.iw1[lo:hi], t.iw1q[lo:hi], t.iw2[lo:hi], t.iw2q[lo:hi]
	w1, w1q, w2, w2q = w1[:len(x0s)], w1q[:len(x0s)], w2[:len(x0s)], w2q[:len(x0s)]
	for j := range x0s {
		z0 := pl.reduce(x0s[j])
		z1 := pl.reduce(pl.mulShoup(x1s[j], w1[j], w1q[j]))
		z2 := pl.reduce(pl.mulShoup(x2s[j], w2[j], w2q[j]))
		d := pl.reduce(pl.mulShoup(z2+p-z1, t.cube, t.cubeQ)) // ζ(z2 − z1)
		x0s[j] = pl.reduce(pl.reduce(z0+z1) + z2)
		x1s[j] = pl.reduce(pl.reduce(z0+p-z1) + d)
		x2s[j] = pl.reduce(pl.reduce(z0+p-z2) + p - d)
	}
}

// forward transforms a (residues in [0, 2p), len(a) a power of two ≤ n)
// in place into bit-reversed order, results in [0, 2p).
func (pl *plan) forward(a []uint64, workers int) {
	n := len(a)
	if n <= leafSize {
		pl.forwardLeaf(a)
		return
	}
	h := n / 2
	t := pl.level[bits.Len(uint(h))-1]
	if workers > 1 && n >= parallelSize {
		var wg sync.WaitGroup
		q := h / 2
		wg.Go(func() { pl.difPass(a[:q], a[h:h+q], t.w[:q], t.wq[:q]) })
		pl.difPass(a[q:h], a[h+q:], t.w[q:], t.wq[q:])
		wg.Wait()
		wg.Go(func() { pl.forward(a[:h], workers/2) })
		pl.forward(a[h:], workers-workers/2)
		wg.Wait()
		return
	}
	pl.difPass(a[:h], a[h:], t.w, t.wq)
	pl.forward(a[:h], 1)
	pl.forward(a[h:], 1)
}

// difPass is one Gentleman–Sande butterfly pass: x, y ← x + y, (x − y)·w.
func (pl *plan) difPass(x, y, w, wq []uint64) {
	y = y[:len(x)]
	w = w[:len(x)]
	wq = wq[:len(x)]
	p, p2 := pl.p, pl.twoP
	for j := range x {
		u, v := x[j], y[j]
		s := u + v
		if s >= p2 {
			s -= p2
		}
		x[j] = s
		d := u - v + p2
		q, _ := bits.Mul64(d, wq[j])
		y[j] = d*w[j] - q*p
	}
}

// forwardLeaf runs the levels of forward on a short array two at a time
// (difPass4), then the odd level left, if any, and the last level, whose
// twiddles are 1.
func (pl *plan) forwardLeaf(a []uint64) {
	n := len(a)
	h := n / 2
	for ; h >= 4; h /= 4 {
		tw, tv := pl.level[bits.Len(uint(h))-1], pl.level[bits.Len(uint(h/2))-1]
		for k := 0; k < n; k += 2 * h {
			pl.difPass4(a[k:k+2*h], tw, tv)
		}
	}
	if h == 2 {
		t := pl.level[1]
		for k := 0; k < n; k += 4 {
			pl.difPass(a[k:k+2], a[k+2:k+4], t.w, t.wq)
		}
	}
	p2 := pl.twoP
	for k := 0; k+1 < n; k += 2 {
		u, v := a[k], a[k+1]
		s := u + v
		if s >= p2 {
			s -= p2
		}
		d := u - v + p2
		if d >= p2 {
			d -= p2
		}
		a[k], a[k+1] = s, d
	}
}

// inverse undoes forward up to the factor len(a): bit-reversed input in
// [0, 2p), natural-order output in [0, 2p).
func (pl *plan) inverse(a []uint64, workers int) {
	n := len(a)
	if n <= leafSize {
		pl.inverseLeaf(a)
		return
	}
	h := n / 2
	if workers > 1 && n >= parallelSize {
		var wg sync.WaitGroup
		wg.Go(func() { pl.inverse(a[:h], workers/2) })
		pl.inverse(a[h:], workers-workers/2)
		wg.Wait()
		q := h / 2
		t := pl.level[bits.Len(uint(h))-1]
		wg.Go(func() { pl.ditPass(a[:q], a[h:h+q], t.iw[:q], t.iwq[:q]) })
		pl.ditPass(a[q:h], a[h+q:], t.iw[q:], t.iwq[q:])
		wg.Wait()
		return
	}
	pl.inverse(a[:h], 1)
	pl.inverse(a[h:], 1)
	t := pl.level[bits.Len(uint(h))-1]
	pl.ditPass(a[:h], a[h:], t.iw, t.iwq)
}

// ditPass is one Cooley–Tukey butterfly pass: x, y ← x + y·w, x − y·w.
func (pl *plan) ditPass(x, y, w, wq []uint64) {
	y = y[:len(x)]
	w = w[:len(x)]
	wq = wq[:len(x)]
	p, p2 := pl.p, pl.twoP
	for j := range x {
		u, yj := x[j], y[j]
		q, _ := bits.Mul64(yj, wq[j])
		v := yj*w[j] - q*p
		s := u + v
		if s >= p2 {
			s -= p2
		}
		d := u - v + p2
		if d >= p2 {
			d -= p2
		}
		x[j], y[j] = s, d
	}
}

func (pl *plan) inverseLeaf(a []uint64) {
	n := len(a)
	p2 := pl.twoP
	for k := 0; k+1 < n; k += 2 {
		u, v := a[k], a[k+1]
		s := u + v
		if s >= p2 {
			s -= p2
		}
		d := u - v + p2
		if d >= p2 {
			d -= p2
		}
		a[k], a[k+1] = s, d
	}
	h := 2
	for ; 4*h <= n; h *= 4 {
		tv, tw := pl.level[bits.Len(uint(h))-1], pl.level[bits.Len(uint(2*h))-1]
		for k := 0; k < n; k += 4 * h {
			pl.ditPass4(a[k:k+4*h], tv, tw)
		}
	}
	if h < n {
		t := pl.level[bits.Len(uint(h))-1]
		pl.ditPass(a[:h], a[h:], t.iw, t.iwq)
	}
}

// difPass4 is two levels of difPass on a block of 4q: the level of
// half-length 2q (twiddles tw, of order 4q) on the pairs (j, j+2q) and
// (j+q, j+3q), then the level of half-length q (tv, of order 2q) on
// (j, j+q) and (j+2q, j+3q), for each j < q in one sweep, so that each
// residue is loaded and stored once for the two levels. Residues stay in
// [0, 2p), as in difPass.
func (pl *plan) difPass4(a []uint64, tw, tv twiddles) {
	q := len(a) / 4
	x0, x1, x2, x3 := a[:q], a[q:2*q], a[2*q:3*q], a[3*q:4*q]
	w0, w0q := tw.w[:q], tw.wq[:q]
	w1, w1q := tw.w[q:2*q], tw.wq[q:2*q]
	v, vq := tv.w[:q], tv.wq[:q]
	p, p2 := pl.p, pl.twoP
	for j := range x0 {
		a0, a1, a2, a3 := x0[j], x1[j], x2[j], x3[j]
		b0 := a0 + a2
		if b0 >= p2 {
			b0 -= p2
		}
		b1 := a1 + a3
		if b1 >= p2 {
			b1 -= p2
		}
		d := a0 - a2 + p2
		h, _ := bits.Mul64(d, w0q[j])
		b2 := d*w0[j] - h*p
		d = a1 - a3 + p2
		h, _ = bits.Mul64(d, w1q[j])
		b3 := d*w1[j] - h*p
		vj, vqj := v[j], vq[j]
		s := b0 + b1
		if s >= p2 {
			s -= p2
		}
		x0[j] = s
		d = b0 - b1 + p2
		h, _ = bits.Mul64(d, vqj)
		x1[j] = d*vj - h*p
		s = b2 + b3
		if s >= p2 {
			s -= p2
		}
		x2[j] = s
		d = b2 - b3 + p2
		h, _ = bits.Mul64(d, vqj)
		x3[j] = d*vj - h*p
	}
}

// ditPass4 is two levels of ditPass on a block of 4q: the level of
// half-length q (inverse twiddles tv, of order 2q) on (j, j+q) and
// (j+2q, j+3q), then the level of half-length 2q (tw, of order 4q) on
// (j, j+2q) and (j+q, j+3q), in one sweep.
func (pl *plan) ditPass4(a []uint64, tv, tw twiddles) {
	q := len(a) / 4
	x0, x1, x2, x3 := a[:q], a[q:2*q], a[2*q:3*q], a[3*q:4*q]
	w0, w0q := tw.iw[:q], tw.iwq[:q]
	w1, w1q := tw.iw[q:2*q], tw.iwq[q:2*q]
	v, vq := tv.iw[:q], tv.iwq[:q]
	p, p2 := pl.p, pl.twoP
	for j := range x0 {
		a0, a1, a2, a3 := x0[j], x1[j], x2[j], x3[j]
		vj, vqj := v[j], vq[j]
		h, _ := bits.Mul64(a1, vqj)
		t := a1*vj - h*p
		c0 := a0 + t
		if c0 >= p2 {
			c0 -= p2
		}
		c1 := a0 - t + p2
		if c1 >= p2 {
			c1 -= p2
		}
		h, _ = bits.Mul64(a3, vqj)
		t = a3*vj - h*p
		c2 := a2 + t
		if c2 >= p2 {
			c2 -= p2
		}
		c3 := a2 - t + p2
		if c3 >= p2 {
			c3 -= p2
		}
		h, _ = bits.Mul64(c2, w0q[j])
		t = c2*w0[j] - h*p
		s := c0 + t
		if s >= p2 {
			s -= p2
		}
		x0[j] = s
		s = c0 - t + p2
		if s >= p2 {
			s -= p2
		}
		x2[j] = s
		h, _ = bits.Mul64(c3, w1q[j])
		t = c3*w1[j] - h*p
		s = c1 + t
		if s >= p2 {
			s -= p2
		}
		x1[j] = s
		s = c1 - t + p2
		if s >= p2 {
			s -= p2
		}
		x3[j] = s
	}
}

// pointwise sets a[i] = a[i]·b[i]·2^−64 mod p.
func (m modulus) pointwise(a, b []uint64) {
	b = b[:len(a)]
	for i := range a {
		a[i] = m.mulMont(a[i], b[i])
	}
}

// pointwiseSquare sets a[i] = a[i]²·2^−64 mod p.
func (m modulus) pointwiseSquare(a []uint64) {
	for i := range a {
		a[i] = m.mulMont(a[i], a[i])
	}
}

// transformShape returns the shortest transform length for a product of
// `words` words: 2^logn, or 3·2^logn when three.
func transformShape(words int) (logn int, three bool) {
	logn = bits.Len(uint(words - 1))
	if logn >= 2 && 3<<(logn-2) >= words {
		return logn - 2, true
	}
	return logn, false
}

// pieceShape is how a product is cut for the transform: operands in
// pieces of `bits` bits (64 to 92), convolved by a transform of length
// 2^logn, or 3·2^logn when three.
type pieceShape struct {
	bits  int
	logn  int
	three bool
}

func (s pieceShape) length() int {
	if s.three {
		return 3 << s.logn
	}
	return 1 << s.logn
}

// productShape chooses the piece size for a product of operands of xBits
// and yBits bits: the one that gives the shortest transform, and among
// those the smallest. A convolution coefficient of pieces of b bits is
// below c·2^(2b) for c the smaller number of pieces, and the three primes'
// product exceeds 2^185.99, so b may go up to (185 − len(c))/2: 86 bits at
// 100,000 digits, where 64-bit pieces need 3·2^12 points and 86-bit pieces
// 2^13.
func productShape(xBits, yBits int) pieceShape {
	best := pieceShape{}
	bestLen := -1
	for b := 64; b <= 92; b++ {
		nx, ny := (xBits+b-1)/b, (yBits+b-1)/b
		if 2*b > 185-bits.Len(uint(min(nx, ny))) {
			break
		}
		logn, three := transformShape(nx + ny - 1)
		if !three && logn == 0 {
			logn = 1 // the first level splits the transform in two
		}
		s := pieceShape{b, logn, three}
		if bestLen < 0 || s.length() < bestLen {
			best, bestLen = s, s.length()
		}
	}
	return best
}

// nttMul returns the words of x·y (len(x)+len(y) words, maybe with leading
// zeros), x and y nonempty. square says y is x.
func nttMul(x, y []big.Word, square bool) []big.Word {
	p, _ := nttMulContext(context.Background(), x, y, square)
	return p
}

// nttMulContext is nttMul that returns ctx.Err() if ctx is done between
// the stages of the product.
//
// Below splitTransforms points the work is cut into independent jobs so
// that both processors stay busy: the first level of each forward transform (a radix-3 or
// radix-2 pass over the whole array), then the two or three sub-transforms
// it leaves, for each prime and operand; then the pointwise product and the
// inverse of each sub-transform, and the last inverse level; then Garner's
// CRT on ranges of coefficients. Only the final carry-propagating sum runs
// on one processor.
func nttMulContext(ctx context.Context, x, y []big.Word, square bool) ([]big.Word, error) {
	return nttMulShape(ctx, x, y, square, productShape(bitLen(x), bitLen(y)))
}

// nttMulShape is nttMulContext with the piece size and transform length
// given: sh must have room for the product's pieces and their coefficients.
func nttMulShape(ctx context.Context, x, y []big.Word, square bool, sh pieceShape) ([]big.Word, error) {
	words := len(x) + len(y)
	if sh.logn > maxTransformLog {
		panic("bignum: product too large for the number-theoretic transform")
	}
	n := sh.length()
	points := (bitLen(x)+sh.bits-1)/sh.bits + (bitLen(y)+sh.bits-1)/sh.bits - 1
	workers := runtime.GOMAXPROCS(0)
	operands := [][]big.Word{x, y}
	if square {
		operands = operands[:1]
	}
	var plans [3]*plan
	for i := range plans {
		plans[i] = newPlan(i, sh.logn, sh.three)
	}
	if n >= splitTransforms && workers > 1 {
		return nttMulLong(ctx, x, y, square, sh, plans, points, words, workers)
	}
	arrays := make([][]uint64, 3*len(operands)) // arrays[i*len(operands)+o]
	blocks, block := 2, n/2
	if sh.three {
		blocks, block = 3, n/3
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Load and the first forward level.
	runJobs(workers, len(arrays), func(j int) {
		pl := plans[j/len(operands)]
		a := make([]uint64, n)
		pl.loadPieces(a, operands[j%len(operands)], sh.bits)
		pl.topForward(a, 0, block)
		arrays[j] = a
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The sub-transforms.
	runJobs(workers, len(arrays)*blocks, func(j int) {
		a, r := arrays[j/blocks], j%blocks
		plans[j/blocks/len(operands)].forward(a[r*block:(r+1)*block], 1)
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Pointwise products and the inverse sub-transforms.
	residues := [3][]uint64{}
	for i := range residues {
		residues[i] = arrays[i*len(operands)]
	}
	runJobs(workers, 3*blocks, func(j int) {
		i, r := j/blocks, j%blocks
		pl := plans[i]
		a := residues[i][r*block : (r+1)*block]
		if square {
			pl.pointwiseSquare(a)
		} else {
			pl.pointwise(a, arrays[i*2+1][r*block:(r+1)*block])
		}
		pl.inverse(a, 1)
	})
	// The last inverse level, each prime's in two ranges.
	runJobs(workers, 6, func(j int) {
		i, half := j/2, block/2
		lo, hi := (j%2)*half, block
		if j%2 == 0 {
			hi = half
		}
		plans[i].topInverse(residues[i], lo, hi)
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return recombine(plans, residues, points, sh.bits, words, workers), nil
}

// splitTransforms is the transform length from which a product runs its
// transforms one at a time, each split between the goroutines
// (nttMulLong), rather than as separate jobs: 2^15 residues (256 KiB) and
// more no longer fit a core's level-2 cache, and two whole arrays in
// flight, one per core, would evict each other's halves.
const splitTransforms = 1 << 15

// nttMulLong is the product of nttMulShape for long transforms: prime by
// prime, each transform's halves on separate goroutines (forward and
// inverse), then the parallel CRT.
func nttMulLong(ctx context.Context, x, y []big.Word, square bool, sh pieceShape, plans [3]*plan, points, words, workers int) ([]big.Word, error) {
	n := sh.length()
	var residues [3][]uint64
	scratch := make([]uint64, n)
	for i, pl := range plans {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a := make([]uint64, n)
		pl.loadPieces(a, x, sh.bits)
		pl.transform(a, workers)
		if square {
			pl.pointwiseSquare(a)
		} else {
			pl.loadPieces(scratch, y, sh.bits)
			pl.transform(scratch, workers)
			pl.pointwise(a, scratch)
		}
		pl.untransform(a, workers)
		residues[i] = a
	}
	return recombine(plans, residues, points, sh.bits, words, workers), nil
}

// runJobs runs f(0), ..., f(count−1) on up to `workers` goroutines.
func runJobs(workers, count int, f func(j int)) {
	if workers <= 1 || count <= 1 {
		for j := range count {
			f(j)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			j := int(next.Add(1) - 1)
			if j >= count {
				return
			}
			f(j)
		}
	}
	var wg sync.WaitGroup
	for range min(workers, count) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// topForward is the first level of the forward transform, on indices
// [lo, hi) of the first block: the radix-3 pass for a length 3·2^k, the
// first radix-2 butterflies for a power of two.
func (pl *plan) topForward(a []uint64, lo, hi int) {
	if pl.radix3 != nil {
		pl.radix3Forward(a, lo, hi)
		return
	}
	h := pl.n / 2
	t := pl.level[bits.Len(uint(h))-1]
	pl.difPass(a[lo:hi], a[h+lo:h+hi], t.w[lo:hi], t.wq[lo:hi])
}

// topInverse is the last level of the inverse transform, on indices
// [lo, hi) of the first block.
func (pl *plan) topInverse(a []uint64, lo, hi int) {
	if pl.radix3 != nil {
		pl.radix3Inverse(a, lo, hi)
		return
	}
	h := pl.n / 2
	t := pl.level[bits.Len(uint(h))-1]
	pl.ditPass(a[lo:hi], a[h+lo:h+hi], t.iw[lo:hi], t.iwq[lo:hi])
}

// loadPieces sets dst[i] to the i-th piece of b bits of x, modulo p in
// [0, 2p), and zeroes the rest. For b ≤ 92 a piece is lo + 2^64·hi with
// hi < 2^28.
func (m modulus) loadPieces(dst []uint64, x []big.Word, b int) {
	oneQ := ^uint64(0) / m.p // Shoup quotient of 1
	r64 := -(m.p * oneQ)     // 2^64 mod p
	r64q := m.shoupQuotient(r64)
	count := min(len(dst), (bitLen(x)+b-1)/b)
	loMask, hiMask := ^uint64(0), uint64(0)
	if b < 64 {
		loMask = 1<<b - 1
	} else {
		hiMask = 1<<(b-64) - 1
	}
	for i := range count {
		off := i * b
		lo := topBits(x, off) & loMask
		q, _ := bits.Mul64(lo, oneQ)
		v := lo - q*m.p
		if hiMask != 0 {
			hi := topBits(x, off+64) & hiMask
			v += m.mulShoup(hi, r64, r64q)
			if v >= m.twoP {
				v -= m.twoP
			}
		}
		dst[i] = v
	}
	clear(dst[count:])
}

// garner holds the constants of mixed-radix CRT modulo the three primes.
type garner struct {
	m               [3]modulus
	scale           [3]uint64
	scaleQ          [3]uint64
	inv01, inv0Q    uint64 // p0⁻¹ mod p1
	p0m2, p0m2Q     uint64 // p0 mod p2
	inv012, inv012Q uint64 // (p0·p1)⁻¹ mod p2
	p01hi, p01lo    uint64 // p0·p1
}

// garnerConstants are the constants that depend on the primes alone.
var garnerConstants = sync.OnceValue(func() garner {
	var g garner
	for i, pr := range nttPrimes[:3] {
		g.m[i] = newModulus(pr.p)
	}
	p0, p1, p2 := g.m[0].p, g.m[1].p, g.m[2].p
	g.inv01 = g.m[1].powMod(p0%p1, p1-2)
	g.inv0Q = g.m[1].shoupQuotient(g.inv01)
	g.p0m2 = p0 % p2
	g.p0m2Q = g.m[2].shoupQuotient(g.p0m2)
	g.p01hi, g.p01lo = bits.Mul64(p0, p1)
	_, p01m2 := bits.Div64(g.p01hi%p2, g.p01lo, p2)
	g.inv012 = g.m[2].powMod(p01m2, p2-2)
	g.inv012Q = g.m[2].shoupQuotient(g.inv012)
	return g
})

func newGarner(plans [3]*plan) garner {
	g := garnerConstants()
	for i, pl := range plans {
		g.scale[i], g.scaleQ[i] = pl.scale, pl.scaleQuot
	}
	return g
}

// coefficient rebuilds the convolution coefficient, as three words, from
// its scaled residues.
func (g *garner) coefficient(r0, r1, r2 uint64) (c2, c1, c0 uint64) {
	m0, m1, m2 := &g.m[0], &g.m[1], &g.m[2]
	x0 := m0.reduce(m0.mulShoup(r0, g.scale[0], g.scaleQ[0]))
	r1 = m1.reduce(m1.mulShoup(r1, g.scale[1], g.scaleQ[1]))
	r2 = m2.reduce(m2.mulShoup(r2, g.scale[2], g.scaleQ[2]))
	// x1 = (r1 − x0)·p0⁻¹ mod p1.
	t := x0
	if t >= m1.p {
		t -= m1.p
	}
	d := r1 + m1.p - t
	x1 := m1.reduce(m1.mulShoup(d, g.inv01, g.inv0Q))
	// x0 + p0·x1 mod p2.
	u := m2.reduce(m2.mulShoup(x1, g.p0m2, g.p0m2Q))
	v := x0
	if v >= m2.p {
		v -= m2.p
	}
	u += v
	if u >= m2.p {
		u -= m2.p
	}
	// x2 = (r2 − x0 − p0·x1)·(p0p1)⁻¹ mod p2.
	x2 := m2.reduce(m2.mulShoup(r2+m2.p-u, g.inv012, g.inv012Q))
	// c = x0 + p0·x1 + p0·p1·x2, below 2^170 for a true coefficient.
	h, l := bits.Mul64(m0.p, x1)
	var carry uint64
	c0, carry = bits.Add64(l, x0, 0)
	c1 = h + carry
	h2, l2 := bits.Mul64(g.p01lo, x2)
	h3, l3 := bits.Mul64(g.p01hi, x2)
	c0, carry = bits.Add64(c0, l2, 0)
	c1, c2 = bits.Add64(c1, h2, carry)
	c1, carry = bits.Add64(c1, l3, 0)
	c2 += h3 + carry
	return c2, c1, c0
}

// recombine rebuilds the first `points` convolution coefficients from
// their residues, in place (residue arrays 0, 1, 2 then hold each
// coefficient's words 0, 1, 2), on ranges run in parallel, and sums
// coefficient i at bit offset i·b into `words` words.
func recombine(plans [3]*plan, residues [3][]uint64, points, b, words, workers int) []big.Word {
	g := newGarner(plans)
	r0, r1, r2 := residues[0][:points], residues[1][:points], residues[2][:points]
	chunks := min(workers, max(1, points/1024))
	size := (points + chunks - 1) / chunks
	runJobs(workers, chunks, func(k int) {
		lo, hi := k*size, min(points, (k+1)*size)
		for i := lo; i < hi; i++ {
			r2[i], r1[i], r0[i] = g.coefficient(r0[i], r1[i], r2[i])
		}
	})
	// Coefficient i shifted by s = i·b mod 64 spans four words from word
	// ⌊i·b/64⌋; the partial sums never exceed the product, so the extra
	// words stay zero.
	out := make([]big.Word, words+5)
	for i := range r0 {
		off := i * b
		q, s := off>>6, uint(off&63)
		c0, c1, c2 := r0[i], r1[i], r2[i]
		w0 := c0 << s
		w1 := c1<<s | c0>>(64-s)
		w2 := c2<<s | c1>>(64-s)
		w3 := c2 >> (64 - s)
		dst := out[q : q+4]
		var c uint64
		var v uint64
		v, c = bits.Add64(uint64(dst[0]), w0, 0)
		dst[0] = big.Word(v)
		v, c = bits.Add64(uint64(dst[1]), w1, c)
		dst[1] = big.Word(v)
		v, c = bits.Add64(uint64(dst[2]), w2, c)
		dst[2] = big.Word(v)
		v, c = bits.Add64(uint64(dst[3]), w3, c)
		dst[3] = big.Word(v)
		if c != 0 {
			addAt(out, q+4, c)
		}
	}
	return out[:words]
}

// addAt adds v to the number out at word position i, dropping any carry
// beyond its end (there is none for a true product).
func addAt(out []big.Word, i int, v uint64) {
	for ; v != 0 && i < len(out); i++ {
		s, c := bits.Add64(uint64(out[i]), v, 0)
		out[i] = big.Word(s)
		v = c
	}
}

// nttTransformed is an operand's forward transforms modulo the three
// primes for one shape, kept for products by the same operand
// (nttMulTransformed): such a product costs two transforms a prime
// instead of three.
type nttTransformed struct {
	sh     pieceShape
	plans  [3]*plan
	pieces int // the operand's pieces of sh.bits bits
	words  int // its length in words
	res    [3][]uint64
}

// nttForward returns the transforms of y for products of shape sh.
func nttForward(y []big.Word, sh pieceShape) *nttTransformed {
	if sh.logn > maxTransformLog {
		panic("bignum: product too large for the number-theoretic transform")
	}
	t := &nttTransformed{sh: sh, pieces: (bitLen(y) + sh.bits - 1) / sh.bits, words: len(y)}
	n := sh.length()
	workers := runtime.GOMAXPROCS(0)
	for i := range t.plans {
		t.plans[i] = newPlan(i, sh.logn, sh.three)
	}
	runJobs(workers, 3, func(i int) {
		a := make([]uint64, n)
		t.plans[i].loadPieces(a, y, sh.bits)
		t.plans[i].transform(a, 1)
		t.res[i] = a
	})
	return t
}

// nttMulTransformed is nttMulShape(x, y, yt.sh) for y transformed in yt.
// If yt.sh has fewer points than the product's pieces (mulWindow in
// print.go), the result is the cyclic convolution's sum Σ c_i·2^(i·b),
// i < n, of c_i = Σ_{j ≡ i mod n} (coefficient j), congruent to x·y modulo
// 2^(n·b) − 1, whole: up to n·b + b + 8 bits. A wrapped c_i still sums at
// most min(pieces of x, pieces of y) products, as each piece of one
// operand meets one of the other's at a given index modulo n, so the
// shape's bound on coefficients holds.
func nttMulTransformed(x []big.Word, yt *nttTransformed) []big.Word {
	sh := yt.sh
	n := sh.length()
	points := (bitLen(x)+sh.bits-1)/sh.bits + yt.pieces - 1
	words := len(x) + yt.words
	if points > n {
		points = n
		words = (n*sh.bits+sh.bits+8+63)/64 + 1
	}
	workers := runtime.GOMAXPROCS(0)
	var residues [3][]uint64
	product := func(i, w int) {
		pl := yt.plans[i]
		a := make([]uint64, n)
		pl.loadPieces(a, x, sh.bits)
		pl.transform(a, w)
		pl.pointwise(a, yt.res[i])
		pl.untransform(a, w)
		residues[i] = a
	}
	if n >= splitTransforms {
		for i := range 3 {
			product(i, workers)
		}
	} else {
		runJobs(workers, 3, func(i int) { product(i, 1) })
	}
	return recombine(yt.plans, residues, points, sh.bits, words, workers)
}
