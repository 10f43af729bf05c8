package gfpoly

// Products modulo a prepared divisor with transforms computed once.
//
// A product a·b mod m of residues (deg a, deg b < n = deg m) is c = a·b
// of degree ≤ 2n − 2, then the quotient q = ⌊c/m⌋ from the top of c by
// Newton's reversed inverse (div.go), then r = c − q·m. Done with plain
// products that is three multiplications of length about 2n, nine
// transforms. With the divisor prepared, the transform of its reversed
// inverse and the transform of m folded modulo x^N2 − 1 (N2 ≥ n a power
// of two) are made once, and:
//
//   - rev(q) = rev(c) mod x^k times rev(m)⁻¹, low k coefficients: one
//     forward and one inverse transform of length N1 ≥ 2n − 1, the
//     inverse's transform reused;
//   - r is known to have degree < n ≤ N2, so r = (c − q·m) mod (x^N2 − 1):
//     q·m is needed only cyclically, one forward and one inverse transform
//     of half the length, m's reused (the "wrapped" product of Shoup's
//     NTL, zz_pX.c, rem21 with FFTRep; von zur Gathen and Gerhard, Modern
//     Computer Algebra, 3rd ed., §9.1 and Exercise 9.15).
//
// A product then costs the three transforms of c plus two long and two
// short ones, six long transforms instead of nine. A Multiplier (an
// operand b prepared once for many products by it) keeps b's transform and
// that of β = rev(b)·rev(m)⁻¹, from which the quotient comes without
// writing c out (mulModSpectra): two long and two short transforms a
// product; MulModDifference multiplies by the difference of two
// Multipliers at the same cost, and MulModPreparedMany multiplies one
// operand by several Multipliers with its transforms taken once. For n a
// little above a power of two the long length is up to 4n: there the
// quotient is taken at the short length with its wrapped-around
// coefficients taken off by a product of at most half of it
// (splitQuotient), four short transforms and two of at most half their
// length a product. The transform primes are chosen for coefficients that
// are sums of up to 4n products of residues (primesNeeded), which covers
// every product here.

import (
	"math/bits"
	"runtime"
	"sync"

	"jacobian.dev/core/modular"
	"jacobian.dev/core/parallel"
)

// preparedNTTMin: a Modulus of at least this degree reduces by prepared
// transforms. MulModPrepared over GF(10007), CPU time on the shared
// machine (rough), prepared against not: 3.5 against 5.6 µs at n = 32,
// 4.0 against 17.7 µs at n = 64, 10.8 against 50.2 µs at n = 127; at
// n = 24 about even (4.0 against 3.7 µs). The preparation costs about
// four such products (16 µs at n = 32), paid once for a Modulus.
const preparedNTTMin = 32

// spectrum is a polynomial's forward transforms at one length, one per
// transform prime.
type spectrum [][]uint64

// nttReducer is the prepared transforms of a divisor b of degree n.
type nttReducer struct {
	n int
	reducerLengths
	primes []*nttPrime
	self   bool     // primes is p's own transform: no Garner step
	inv    spectrum // rev(b)⁻¹ mod x^n at length 2^logN1
	fold   spectrum // b mod (x^N2 − 1) at length 2^logN2
	// ps is the transform of the n-vector (p, …, p) at length 2^logN1,
	// which MulModDifference adds so that differences stay nonnegative
	// (not needed with p's own transform, where they are residues).
	ps spectrum
	// psTw is the transform of the (n − 1)-vector (p, …, p) times the
	// reversal twiddles (twiddled), added to the differences of twiddled
	// β transforms, and psTop that of the top-vector at length 2^logM,
	// added to the differences of β's top coefficients.
	psTw, psTop spectrum
	// The transform of rev_(n−1)(a) = x^(n−1)·a(1/x) at length S =
	// 2^logS from a's: rev(a)(ω^k) = ω^(k(n−1))·a(ω^(−k)), so entry s of
	// the bit-reversed output (k = bitrev s) is revTw[s]·A[revSrc[s]],
	// with revSrc[s] = bitrev(−k mod S) and revTw (one table a prime,
	// with Shoup constants in revTwp) the powers ω^(k(n−1)).
	revSrc        []int32
	revTw, revTwp [][]uint64
}

// prepareReversal fills the reversal tables of r.
func (r *nttReducer) prepareReversal() {
	logN := r.logS
	size := 1 << logN
	mask := size - 1
	bitrev := func(i int) int { return int(bits.Reverse64(uint64(i)) >> (64 - logN)) }
	r.revSrc = make([]int32, size)
	for s := range size {
		r.revSrc[s] = int32(bitrev((size - bitrev(s)) & mask))
	}
	e := (r.n - 1) & mask
	for _, pr := range r.primes {
		q := pr.q
		w := modular.Pow(pr.root, 1<<(pr.maxLog-logN), q)
		pw, _ := powers(w, size, q)
		tw, twp := make([]uint64, size), make([]uint64, size)
		for s := range size {
			tw[s] = pw[(bitrev(s)*e)&mask]
			twp[s] = modular.ShoupConstant(tw[s], q)
		}
		r.revTw, r.revTwp = append(r.revTw, tw), append(r.revTwp, twp)
	}
}

// reversed returns the transforms of rev_(n−1)(a) from those of a (sa)
// at the long length, entries < 2q, in buffers from getBuffer (not for a
// split quotient, whose reversal tables are at the short length).
func (r *nttReducer) reversed(sa spectrum) spectrum {
	out := make(spectrum, len(sa))
	src := r.revSrc
	for i, pr := range r.primes {
		q := pr.q
		x := sa[i]
		d := getBuffer(r.logN1)[:len(src)]
		tw, twp := r.revTw[i][:len(d)], r.revTwp[i][:len(d)]
		for s, j := range src {
			v := x[j]
			hq, _ := bits.Mul64(v, twp[s])
			d[s] = v*tw[s] - hq*q
		}
		out[i] = d
	}
	return out
}

// twiddled returns s (transforms at length 2^logS) times the reversal
// twiddles entry by entry, entries < 2q, in fresh slices: a Multiplier
// keeps β's transform so, and mulModSpectra's quotient then takes a's
// reversal as a plain gather (reversed's twiddle moved onto β).
func (r *nttReducer) twiddled(s spectrum) spectrum {
	out := make(spectrum, len(s))
	for i, pr := range r.primes {
		q := pr.q
		x := s[i]
		d := make([]uint64, len(x))
		tw, twp := r.revTw[i][:len(d)], r.revTwp[i][:len(d)]
		for k, v := range x {
			hq, _ := bits.Mul64(v, twp[k])
			d[k] = v*tw[k] - hq*q
		}
		out[i] = d
	}
	return out
}

// reducerLengths are the transform lengths of products modulo a
// polynomial of degree n.
type reducerLengths struct {
	logN1, logN2 int // 2^logN1 ≥ 2n − 1, 2^logN2 ≥ n
	// logS is the length of a Multiplier's transforms and of the
	// quotient's product in mulModSpectra: logN1, or logN2 when the
	// quotient is split (split, see splitQuotient), with top > 0 of its
	// coefficients wrapped around and taken off by a product of length
	// 2^logM ≥ 2·top − 1.
	logS      int
	split     bool
	top, logM int
}

// lengthsFor returns the reducerLengths of degree n ≥ 1.
func lengthsFor(n int) reducerLengths {
	l := reducerLengths{logN1: log2Ceil(2*n - 1), logN2: log2Ceil(n)}
	l.logS = l.logN1
	if top, ok := splitQuotient(n, l.logN2); ok {
		l.split, l.logS, l.top = true, l.logN2, top
		if top > 0 {
			l.logM = max(log2Ceil(2*top-1), 1)
		}
	}
	return l
}

// newNTTReducer prepares b (degree n ≥ 1) given inv = rev(b)⁻¹ mod x^k for
// some k ≥ n.
func (f *Field) newNTTReducer(b, inv []uint64) *nttReducer {
	n := len(b) - 1
	r := &nttReducer{n: n, reducerLengths: lengthsFor(n)}
	if f.self != nil && r.logN1 <= f.self.maxLog {
		r.primes, r.self = []*nttPrime{f.self}, true
	} else {
		c := threePrimes()
		r.primes = c.t[:PreparedPrimes(n, f.p)]
		pv := make([]uint64, n)
		for i := range pv {
			pv[i] = f.p
		}
		r.ps = f.forwardAll(r, pv, r.logS)
		// β has n − 1 coefficients: a p beyond them would wrap into the
		// split quotient's kept coefficients.
		r.psTw = f.forwardAll(r, pv[:n-1], r.logS)
		if r.top > 0 {
			r.psTop = f.forwardAll(r, pv[:r.top], r.logM)
		}
	}
	r.inv = f.forwardAll(r, inv[:min(n, len(inv))], r.logN1)
	r.prepareReversal()
	if r.psTw != nil {
		r.psTw = r.twiddled(r.psTw)
	}
	size2 := 1 << r.logN2
	folded := make([]uint64, size2)
	for i, x := range b {
		folded[i%size2] = addMod(folded[i%size2], x, f.p)
	}
	r.fold = f.forwardAll(r, folded, r.logN2)
	return r
}

// quotientSplitMin: from this degree on a split quotient (splitQuotient)
// is taken where it applies.
const quotientSplitMin = 256

// splitQuotient reports whether mulModSpectra's quotient modulo a divisor
// of degree n is taken at the short length N2 = 2^logN2 instead of the
// long one, and how many of its coefficients wrap around there. The
// quotient's product rev_(n−1)(a)·β has 2n − 2 coefficients C_0 … C_(2n−3)
// of which the low n − 1 are kept; modulo x^N2 − 1 slot i holds C_i +
// C_(N2+i), so the top = 2n − 2 − N2 coefficients from C_(N2) on must be
// taken off again. They depend only on the top coefficients of the
// operands: C_(N2+j) = P_(top−1+j) for P the product of rev_(n−1)(a)'s
// top coefficients, rev_(top−1) of a's low ones, and β's, a cyclic
// product of length M ≥ 2·top − 1 (the wrap-around correction of mulNTT,
// here with one operand's transform prepared). A product modulo the
// divisor then takes four transforms of length N2 and two of length M
// instead of two of length 2N2 and two of N2: a saving while M ≤ N2/2,
// that is for n up to about 5N2/8.
func splitQuotient(n, logN2 int) (top int, ok bool) {
	size := 1 << logN2
	top = max(2*n-2-size, 0)
	return top, n >= quotientSplitMin && 4*top <= size
}

// PreparedProductCost is the transform work of one product modulo a
// prepared Modulus of degree n by a Multiplier (MulModPrepared,
// MulModDifference), per transform prime: Σ L·log2 L over its
// transforms of length L, four of the short length and two of the
// correction's for a split quotient (splitQuotient), two long and two
// short otherwise. Below preparedNTTMin, where the product is plain, n².
// It lets a caller weigh working modulo a smaller divisor: the cost
// falls in steps, at the powers of two and where the quotient starts to
// split, not in proportion to n.
func PreparedProductCost(n int) float64 {
	if n < preparedNTTMin {
		return float64(n) * float64(n)
	}
	words := func(logN int) float64 { return float64(int(1)<<logN) * float64(logN) }
	l := lengthsFor(n)
	if l.split {
		c := 4 * words(l.logN2)
		if l.top > 0 {
			c += 2 * words(l.logM)
		}
		return c
	}
	return 2*words(l.logN1) + 2*words(l.logN2)
}

// ProductCosts returns, per transform prime and in PreparedProductCost's
// units, the transform work of three companions of a prepared product
// modulo a prepared Modulus of degree n: preparing a residue as a term of
// a Combination (its forward transforms), one reduced sum of
// LinearCombination or InnerProduct beyond its terms' pointwise products
// (the inverse transforms and reduceNTT), and a product of two
// unprepared residues (MulModBy: mulNTT's plain product, with its
// wrap-around correction where that applies, then reduceNTT). Below
// preparedNTTMin, where all of them are plain, n² each.
func ProductCosts(n int) (term, sum, product float64) {
	if n < preparedNTTMin {
		sq := float64(n) * float64(n)
		return sq, sq, sq
	}
	words := func(logN int) float64 { return float64(int(1)<<logN) * float64(logN) }
	l := lengthsFor(n)
	reduce := 2*words(l.logN1) + 2*words(l.logN2)
	term = words(l.logN1)
	if l.split {
		wrap := 2*n - 1 - 1<<l.logN2
		term = words(l.logN2) + words(max(log2Ceil(2*wrap-1), 1))
	}
	sum = term + reduce
	// mulNTT of two residues: 2n − 1 coefficients, at half the length
	// with a product of the top r coefficients when they are few.
	logN := log2Ceil(2*n - 1)
	mul := 3 * words(logN)
	if half := 1 << (logN - 1); 2*n-1-half <= half/2 {
		r := 2*n - 1 - half
		mul = 3*words(logN-1) + 3*words(max(log2Ceil(2*r-1), 1))
	}
	return term, sum, mul + reduce
}

// PreparedPrimes is the number of transform primes a product modulo a
// prepared Modulus of degree n over GF(p) takes when p's own transform
// does not serve: the least k with (p − 1)²·4n below the product of k of
// them. Four times n: MulModDifference's differences are below 2p, and
// mulModSpectra's remainder sums two folded products (see there).
func PreparedPrimes(n int, p uint64) int {
	return primesNeeded(4*n, p)
}

// eachPrime runs do(i) for every transform prime, in parallel when there
// are several and the transforms are long enough to pay for goroutines.
func (r *nttReducer) eachPrime(logN int, do func(i int)) {
	k := len(r.primes)
	if k > 1 && logN >= parallelMinLog && runtime.GOMAXPROCS(0) > 1 {
		var wg sync.WaitGroup
		for i := 1; i < k; i++ {
			wg.Go(func() { do(i) })
		}
		do(0)
		wg.Wait()
		return
	}
	for i := range k {
		do(i)
	}
}

// forwardAll returns the transforms of a (len(a) ≤ 2^logN, entries < p)
// at length 2^logN, in buffers from transformBuffers.
func (f *Field) forwardAll(r *nttReducer, a []uint64, logN int) spectrum {
	s := make(spectrum, len(r.primes))
	r.eachPrime(logN, func(i int) {
		x := getBuffer(logN)
		f.load(x, a, r.primes[i].q)
		r.primes[i].forward(x, logN)
		s[i] = x
	})
	return s
}

// transformBuffers recycles the transform-length buffers of the prepared
// products by length: a product modulo a prepared divisor takes several
// of them and keeps none, and allocating them afresh costs a tenth of the
// time of a distinct-degree factorization in garbage collection.
var transformBuffers [maxNTTLog + 1]sync.Pool

// getBuffer returns a buffer of 2^logN words with arbitrary contents.
func getBuffer(logN int) []uint64 {
	if b, ok := transformBuffers[logN].Get().(*[]uint64); ok {
		return *b
	}
	return make([]uint64, 1<<logN)
}

// putBuffer returns a buffer of getBuffer's (any length up to its
// capacity) for reuse; the caller keeps no reference to it.
func putBuffer(b []uint64) {
	b = b[:cap(b)]
	logN := log2Ceil(len(b))
	if len(b) != 1<<logN || logN > maxNTTLog {
		return
	}
	transformBuffers[logN].Put(&b)
}

// mulBackward multiplies the transforms s by t pointwise (s is consumed)
// and returns the first n coefficients of the cyclic product modulo p,
// untrimmed, in s[0]'s buffer (which garner reuses).
func (f *Field) mulBackward(r *nttReducer, s, t spectrum, n, logN int) []uint64 {
	r.eachPrime(logN, func(i int) {
		pr := r.primes[i]
		pr.pointwise(s[i], t[i])
		pr.inverse(s[i], logN)
		s[i] = s[i][:n]
		pr.finish(s[i], logN)
	})
	if r.self {
		return s[0]
	}
	return f.garner(s)
}

// releaseSpectrum returns a consumed spectrum's buffers for reuse.
func releaseSpectrum(s spectrum) {
	for _, b := range s {
		putBuffer(b)
	}
}

// reduceNTT returns c mod b, trimmed, for len(c) ≤ 2n − 1.
func (f *Field) reduceNTT(r *nttReducer, c []uint64) []uint64 {
	n := r.n
	if len(c) <= n {
		return c
	}
	k := len(c) - n
	top := make([]uint64, k)
	for i := range top {
		top[i] = c[len(c)-1-i]
	}
	sq := f.forwardAll(r, top, r.logN1)
	revq := f.mulBackward(r, sq, r.inv, k, r.logN1)
	q := make([]uint64, k)
	for i, x := range revq {
		q[k-1-i] = x
	}
	releaseSpectrum(sq)
	sw := f.forwardAll(r, q, r.logN2)
	w := f.mulBackward(r, sw, r.fold, n, r.logN2)
	defer releaseSpectrum(sw)
	p := f.p
	size2 := 1 << r.logN2
	out := make([]uint64, n)
	for i := range out {
		x := c[i]
		if j := i + size2; j < len(c) {
			x = addMod(x, c[j], p)
		}
		out[i] = subMod(x, w[i], p)
	}
	return trim(out)
}

func subMod(a, b, p uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + p - b
}

// Multiplier is a residue modulo a Modulus prepared for many products by
// it (its transform computed once): the powers of a fixed residue, the
// Horner steps of a modular composition. Like a Modulus it is immutable
// and safe for concurrent use.
type Multiplier struct {
	m    *Modulus
	b    []uint64
	spec spectrum // at length 2^logS; nil when the Modulus has no prepared transforms
	// beta is the transform of β = rev_(n−1)(b)·rev(m)⁻¹ mod x^(n−1) at
	// length 2^logS times the reversal twiddles (twiddled), from which
	// mulModSpectra takes the quotient; betaTop, for a split quotient,
	// that of β's top coefficients (β_(n−1−top) … β_(n−2)) at 2^logM.
	beta, betaTop spectrum
}

// NewMultiplier prepares b modulo m (b is reduced first).
func (f *Field) NewMultiplier(b []uint64, m *Modulus) *Multiplier {
	b = f.RemBy(b, m)
	mu := &Multiplier{m: m, b: b}
	if r := m.md.ntt; r != nil && len(b) > 0 {
		mu.spec = f.forwardAll(r, b, r.logS)
		if r.split {
			mu.beta, mu.betaTop = f.splitBetaSpectra(r, b)
		} else {
			mu.beta = f.betaSpectrum(r, mu.spec)
		}
	}
	return mu
}

// betaSpectrum returns the transform at the long length of β =
// rev_(n−1)(b)·rev(m)⁻¹ mod x^(n−1), twiddled, given b's (bs): rev(b)'s transform is
// a permutation of b's (reversed) and rev(m)⁻¹'s is the reducer's, so β
// costs one inverse and one forward transform. The product has degree at
// most 2n − 2 < 2^logN1, so the cyclic product is the plain one, and its
// coefficients, sums of at most n products of residues, are within the
// primes' bound.
func (f *Field) betaSpectrum(r *nttReducer, bs spectrum) spectrum {
	sr := r.reversed(bs)
	beta := f.mulBackward(r, sr, r.inv, r.n-1, r.logN1)
	sb := f.forwardAll(r, trim(beta), r.logN1)
	releaseSpectrum(sr)
	out := r.twiddled(sb)
	releaseSpectrum(sb)
	return out
}

// splitBetaSpectra returns, for a split quotient, the transform of β at
// the short length, twiddled, and that of its top coefficients at length
// 2^logM (none when top is 0). β, a low product, is computed at the long
// length first: rev_(n−1)(b) times the reducer's inverse.
func (f *Field) splitBetaSpectra(r *nttReducer, b []uint64) (beta, top spectrum) {
	n := r.n
	rb := make([]uint64, n)
	for i, x := range b {
		rb[n-1-i] = x
	}
	sr := f.forwardAll(r, rb, r.logN1)
	full := f.mulBackward(r, sr, r.inv, n-1, r.logN1)
	if r.top > 0 {
		top = f.forwardAll(r, full[n-1-r.top:n-1], r.logM)
	}
	sb := f.forwardAll(r, trim(full), r.logS)
	releaseSpectrum(sr)
	beta = r.twiddled(sb)
	releaseSpectrum(sb)
	return beta, top
}

// betaReference is β = rev_(n−1)(b)·rev(m)⁻¹ mod x^(n−1) by a plain
// product, the reference betaSpectrum is tested against.
func (f *Field) betaReference(m *Modulus, b []uint64) []uint64 {
	n := len(m.md.b) - 1
	rb := make([]uint64, n)
	for i, x := range b {
		rb[n-1-i] = x
	}
	beta := f.Mul(trim(rb), m.md.inv[:min(n-1, len(m.md.inv))])
	return trim(beta[:min(n-1, len(beta))])
}

// mulModSpectra returns a·b mod m, trimmed, in dst's storage when it has
// the room (dst may be a; nil allocates), for a reduced modulo m (len(a)
// ≤ n = deg m) and b given by its transforms: bs = b's at the long length
// 2^logN1 and betas = β's, β = rev_(n−1)(b)·rev(m)⁻¹ mod x^(n−1).
//
// With c = a·b = q·m + r, reversal gives rev_(2n−2)(c) =
// rev_(n−1)(a)·rev_(n−1)(b), so rev_(n−2)(q) = rev_(n−1)(a)·β mod
// x^(n−1): the quotient costs one inverse transform, β's transform being
// b's to keep and rev(a)'s a permutation of a's with a twiddle on each
// entry (reversed). And r = c − q·m has degree < n ≤ N2 = 2^logN2, so
// r = (c − q·m) mod (x^N2 − 1), where c mod (x^N2 − 1) is never written
// out: its transform is the first half of a·b's long one (the first
// level of a decimation in frequency folds the halves, and the rest is
// the half-length transform of the fold). The product is then two long
// transforms and two of half length, where multiplying and reducing
// (reduceNTT) take four long and two short.
//
// Off p's own transform the remainder is recovered from the exact
// integer vector (c + (p − q)·m) mod (x^N2 − 1), which is nonnegative:
// each entry of c's fold is a sum of at most n products of a's entries
// with b's (below 2p for a difference, so each product is at most
// 2(p − 1)²), and of (p − q)·m's fold at most 2n − 2 products of
// residues (two for each coefficient of q when N2 = n), below 4n·(p − 1)²
// in all, the bound the reducer's primes are chosen for; the quotient's
// are sums of at most n − 1 products, below 2n·(p − 1)².
func (f *Field) mulModSpectra(dst []uint64, r *nttReducer, a []uint64, bs, betas, tops spectrum) []uint64 {
	sa, ta := f.operandSpectra(r, a)
	out := f.mulModOperand(dst, r, sa, ta, bs, betas, tops)
	releaseSpectrum(sa)
	releaseSpectrum(ta)
	return out
}

// operandSpectra returns the transforms of a that mulModOperand takes:
// a's at length 2^logS and, for a split quotient with a correction,
// that of rev_(top−1) of a's low top coefficients at 2^logM (else nil),
// in pooled buffers.
func (f *Field) operandSpectra(r *nttReducer, a []uint64) (sa, ta spectrum) {
	sa = f.forwardAll(r, a, r.logS)
	if r.top > 0 {
		// The split quotient's correction: rev_(top−1) of a's low top
		// coefficients, times β's top coefficients (tops).
		at := getBuffer(r.logM)[:r.top]
		clear(at)
		for s := range at {
			if j := r.top - 1 - s; j < len(a) {
				at[s] = a[j]
			}
		}
		ta = f.forwardAll(r, at, r.logM)
		putBuffer(at)
	}
	return sa, ta
}

// mulModOperand is mulModSpectra given a's transforms (operandSpectra),
// which it leaves as they were, so that several products by a share
// them (MulModPreparedMany).
func (f *Field) mulModOperand(dst []uint64, r *nttReducer, sa, ta, bs, betas, tops spectrum) []uint64 {
	n, p := r.n, f.p
	// rev(a)'s transform is a's gathered by revSrc and twiddled, the
	// twiddle being in betas already: one pass of Montgomery products.
	sr := make(spectrum, len(r.primes))
	r.eachPrime(r.logS, func(i int) {
		pr := r.primes[i]
		src := r.revSrc
		d := getBuffer(r.logS)[:len(src)]
		x, y := sa[i], betas[i][:len(src)]
		for s, j := range src {
			d[s] = pr.montMul(x[j], y[s])
		}
		pr.inverse(d, r.logS)
		d = d[:n-1]
		pr.finish(d, r.logS)
		if ta != nil {
			// Slot j < top holds C_j + C_(N2+j), and C_(N2+j) is
			// P_(top−1+j): subtract it modulo the transform prime,
			// leaving the exact C_j's residue.
			x := getBuffer(r.logM)
			pr.pointwiseTo(x, ta[i], tops[i])
			pr.inverse(x, r.logM)
			w := x[r.top-1 : 2*r.top-1]
			pr.finish(w, r.logM)
			q := pr.q
			for j, v := range w {
				d[j] = subMod(d[j], v, q)
			}
			putBuffer(x)
		}
		sr[i] = d
	})
	revq := sr[0]
	if !r.self {
		revq = f.garner(sr)
	}
	// negq = p − q, coefficientwise (0 stays 0), in natural order, in a
	// pooled buffer: it lives only until its transforms are taken.
	negq := getBuffer(r.logN2)[:n-1]
	for i := range negq {
		x := revq[n-2-i]
		if x != 0 {
			x = p - x
		}
		negq[i] = x
	}
	releaseSpectrum(sr)
	sq := f.forwardAll(r, negq, r.logN2)
	putBuffer(negq)
	half := 1 << r.logN2
	r.eachPrime(r.logN2, func(i int) {
		pr := r.primes[i]
		x := sq[i][:half]
		xa, xb, fold := sa[i][:half], bs[i][:half], r.fold[i][:half]
		for j, v := range x {
			// Two Montgomery products below q each: the sum is below
			// 2q, within the inverse transform's input range.
			x[j] = pr.montMul(xa[j], xb[j]) + pr.montMul(v, fold[j])
		}
		pr.inverse(x, r.logN2)
		sq[i] = x[:n]
		pr.finish(sq[i], r.logN2)
	})
	res := sq[0]
	if !r.self {
		res = f.garner(sq)
	}
	out := append(dst[:0], trim(res)...)
	releaseSpectrum(sq)
	return out
}

// Residue returns the prepared residue (read-only).
func (mu *Multiplier) Residue() []uint64 { return mu.b }

// MulModPrepared returns a·b mod m for the Multiplier's b and Modulus m.
func (f *Field) MulModPrepared(a []uint64, mu *Multiplier) []uint64 {
	return f.MulModPreparedTo(nil, a, mu)
}

// MulModPreparedTo is MulModPrepared with the result in dst's storage
// when it has the room (dst may be a; nil allocates), for loops that
// multiply one residue again and again (a Horner rule, a running
// product) without a fresh slice a step.
func (f *Field) MulModPreparedTo(dst, a []uint64, mu *Multiplier) []uint64 {
	md := mu.m.md
	if len(a) >= len(md.b) {
		a = f.Rem(a, md.b)
	}
	if len(a) == 0 || len(mu.b) == 0 {
		return dst[:0]
	}
	r := md.ntt
	if r == nil || mu.spec == nil {
		return append(dst[:0], f.reduce(md, f.Mul(a, mu.b))...)
	}
	return f.mulModSpectra(dst, r, a, mu.spec, mu.beta, mu.betaTop)
}

// MulModPreparedMany returns a·b_i mod m for the Multipliers' b_i, all
// modulo the same Modulus m, sharing a's transforms among the products:
// after the first, each takes three of the four transforms of
// MulModPrepared (and one of the correction's two for a split quotient).
// The powers a^(j+1), …, a^(j+k) of a Brent–Kung table come so from
// a^j and the prepared a, …, a^k. With two the products are shared
// between two pieces of core/parallel's Do.
func (f *Field) MulModPreparedMany(a []uint64, mus []*Multiplier, two bool) [][]uint64 {
	out := make([][]uint64, len(mus))
	if len(mus) == 0 {
		return out
	}
	md := mus[0].m.md
	for _, mu := range mus {
		if mu.m.md != md {
			panic("gfpoly: MulModPreparedMany of Multipliers modulo different divisors")
		}
	}
	if len(a) >= len(md.b) {
		a = f.Rem(a, md.b)
	}
	r := md.ntt
	plain := r == nil || len(a) == 0
	for _, mu := range mus {
		plain = plain || mu.spec == nil
	}
	if plain {
		for i, mu := range mus {
			out[i] = f.MulModPrepared(a, mu)
		}
		return out
	}
	sa, ta := f.operandSpectra(r, a)
	run := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			mu := mus[i]
			out[i] = f.mulModOperand(nil, r, sa, ta, mu.spec, mu.beta, mu.betaTop)
		}
	}
	if two && len(mus) >= 2 {
		h := len(mus) / 2
		parallel.Do(func() { run(0, h) }, func() { run(h, len(mus)) })
	} else {
		run(0, len(mus))
	}
	releaseSpectrum(sa)
	releaseSpectrum(ta)
	return out
}

// MulModDifference returns a·(x − y) mod m for Multipliers x and y
// modulo the same Modulus m, from their transforms: the difference costs
// no transform of its own (the factors H − h_j of a distinct-degree
// interval product, with every h_j prepared once). Off p's own transform
// the difference is taken of the integer vectors x − y + (p, …, p), so
// that its entries stay nonnegative (below 2p, which the transform primes
// of a prepared divisor allow for).
func (f *Field) MulModDifference(a []uint64, x, y *Multiplier) []uint64 {
	return f.MulModDifferenceTo(nil, a, x, y)
}

// MulModDifferenceTo is MulModDifference with the result in dst's
// storage when it has the room (dst may be a; nil allocates).
func (f *Field) MulModDifferenceTo(dst, a []uint64, x, y *Multiplier) []uint64 {
	if x.m != y.m {
		panic("gfpoly: MulModDifference of Multipliers modulo different divisors")
	}
	md := x.m.md
	r := md.ntt
	if r == nil || x.spec == nil || y.spec == nil {
		return append(dst[:0], f.MulModBy(a, f.Sub(x.b, y.b), x.m)...)
	}
	if len(a) >= len(md.b) {
		a = f.Rem(a, md.b)
	}
	if len(a) == 0 {
		return dst[:0]
	}
	diff, betas := r.difference(x.spec, y.spec, r.ps, r.logS), r.difference(x.beta, y.beta, r.psTw, r.logS)
	var tops spectrum
	if r.top > 0 {
		tops = r.difference(x.betaTop, y.betaTop, r.psTop, r.logM)
	}
	out := f.mulModSpectra(dst, r, a, diff, betas, tops)
	releaseSpectrum(diff)
	releaseSpectrum(betas)
	releaseSpectrum(tops)
	return out
}

// difference returns the transforms of x − y (x − y + (p, …, p) off p's
// own transform, so that the integer vector stays nonnegative) from those
// of x and y at length 2^logN, ps being the transform of (p, …, p) of
// the operands' length: r.ps, r.psTw for twiddled β transforms, r.psTop
// for β's top coefficients.
func (r *nttReducer) difference(x, y, ps spectrum, logN int) spectrum {
	diff := make(spectrum, len(r.primes))
	for i, pr := range r.primes {
		// Transform values are kept in [0, 2q).
		q2 := 2 * pr.q
		xs, ys := x[i], y[i]
		d := getBuffer(logN)[:len(xs)]
		ys = ys[:len(xs)]
		for j, v := range xs {
			w := v + q2 - ys[j]
			if w >= q2 {
				w -= q2
			}
			if !r.self {
				if w += ps[i][j]; w >= q2 {
					w -= q2
				}
			}
			d[j] = w
		}
		diff[i] = d
	}
	return diff
}
