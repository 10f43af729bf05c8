package gfpoly

// Number-theoretic transforms.
//
// A product of polynomials of lengths m and n over GF(p) is a cyclic
// convolution of length N ≥ m + n − 1, N a power of two, computed by a
// radix-2 transform over a prime q with 2^k | q − 1 for some 2^k ≥ N:
// forward transforms of both operands, pointwise products, one inverse
// transform (Pollard, "The fast Fourier transform in a finite field",
// Math. Comp. 25, 1971). When p itself has such a 2-power in p − 1 the
// convolution is computed modulo p directly. Otherwise the exact integer
// product (coefficients below min(m, n)·(p − 1)² < 2^186) is computed
// modulo up to three fixed primes q < 2^62 with 2^50 | q − 1 and
// recovered modulo p by Garner's mixed-radix Chinese remaindering; fewer
// primes are used when their product already exceeds the coefficient
// bound (small p). The transforms modulo the three primes are
// independent and run in parallel.
//
// The butterflies are Harvey's ("Faster arithmetic for number-theoretic
// transforms", J. Symb. Comp. 60, 2014): twiddle factors carry Shoup's
// precomputed quotients, and values are kept lazily in [0, 2q) or [0, 4q)
// (hence q < 2^62), with one final correction. The forward transform is
// decimation in frequency (natural order in, bit-reversed out), the
// inverse decimation in time (bit-reversed in, natural out), so no
// bit-reversal permutation is ever made; both run two levels a pass
// (radix 4: each four entries loaded once for two levels of
// butterflies), which halves the passes over memory; on amd64 those passes
// are assembly kernels (difBlock4, ditBlock4, ntt_amd64.s) that keep every
// value in registers, with each pass's twiddles interleaved in one table
// (forward4, inverse4). Pointwise products use
// Montgomery's reduction, whose factor 2^−64 is folded into the final
// scaling by N^−1. Above nttBlockLog the transforms recurse depth first,
// so that the inner levels run on blocks that fit the cache.
//
// Twiddle tables depend only on the level (the half-length 2^j of the
// butterflies), not on N, so each level's table is built once, on first
// use, and shared by every transform of every length.

import (
	"math/big"
	"math/bits"
	"runtime"
	"sync"

	"jacobian.dev/core/modular"
)

// nttMinLog is the least 2-adicity of p − 1 for which a Field keeps its
// own transform.
const nttMinLog = 10

// nttBlockLog: transforms of at most 2^nttBlockLog words (32 KiB) run
// level by level; longer ones split depth first.
const nttBlockLog = 12

// nttPrime is a prime q < 2^62 with its transform tables.
type nttPrime struct {
	q      uint64
	qinv   uint64 // q⁻¹ mod 2^64, for Montgomery reduction
	maxLog int    // 2^maxLog | q − 1, capped at maxNTTLog
	root   uint64 // a primitive 2^maxLog-th root of unity
	levels [maxNTTLog]nttLevel
}

// maxNTTLog bounds the transform length at 2^40 words, far beyond memory.
const maxNTTLog = 40

// nttLevel holds the twiddles ω^i, 0 ≤ i < 2^j, for ω a primitive
// 2^(j+1)-th root of unity, their inverses, and Shoup constants.
type nttLevel struct {
	once           sync.Once
	w, wp, iw, iwp []uint64
	// fwd4 and inv4 are the twiddles of the two-level passes at this
	// level, interleaved six words an index (see radix4Table), built on
	// first use.
	fwd4Once, inv4Once sync.Once
	fwd4, inv4         []uint64
}

func newNTTPrime(q uint64) *nttPrime {
	t := &nttPrime{q: q}
	t.maxLog = min(bits.TrailingZeros64(q-1), maxNTTLog)
	t.qinv = modular.WordInverse(q)
	// A generator's (q−1)/2^maxLog-th power has order exactly 2^maxLog iff
	// its 2^(maxLog−1)-th power is −1; search small bases for one.
	for g := uint64(2); ; g++ {
		r := modular.Pow(g, (q-1)>>t.maxLog, q)
		if modular.Pow(r, 1<<(t.maxLog-1), q) == q-1 {
			t.root = r
			break
		}
	}
	return t
}

// level returns the twiddle table of half-length 2^j, building it once.
func (t *nttPrime) level(j int) *nttLevel {
	lv := &t.levels[j]
	lv.once.Do(func() {
		q := t.q
		half := 1 << j
		w := modular.Pow(t.root, 1<<(t.maxLog-j-1), q)
		iw, _ := modular.Inverse(w, q)
		lv.w, lv.wp = powers(w, half, q)
		lv.iw, lv.iwp = powers(iw, half, q)
	})
	return lv
}

// radix4Table interleaves the twiddles of a two-level pass of quarter
// length m: for each i < m the six words x[i], xp[i], y[i], yp[i], z[i],
// zp[i], so that the pass reads one table in order (difBlock4, ditBlock4).
func radix4Table(m int, x, xp, y, yp, z, zp []uint64) []uint64 {
	t := make([]uint64, 0, 6*m)
	for i := range m {
		t = append(t, x[i], xp[i], y[i], yp[i], z[i], zp[i])
	}
	return t
}

// forward4 returns difLevels' table for the levels j and j − 1 (j ≥ 2):
// ω_j^i, ω_j^(i+m) and ω_(j−1)^i, m = 2^(j−1), with Shoup constants.
func (t *nttPrime) forward4(j int) []uint64 {
	lv := &t.levels[j]
	lv.fwd4Once.Do(func() {
		hi, lo := t.level(j), t.level(j-1)
		m := 1 << (j - 1)
		lv.fwd4 = radix4Table(m, hi.w, hi.wp, hi.w[m:], hi.wp[m:], lo.w, lo.wp)
	})
	return lv.fwd4
}

// inverse4 returns ditLevels' table for the levels j and j + 1 (j ≥ 1):
// ω_j^−i, ω_(j+1)^−i and ω_(j+1)^−(i+m), m = 2^j, with Shoup constants.
func (t *nttPrime) inverse4(j int) []uint64 {
	lv := &t.levels[j]
	lv.inv4Once.Do(func() {
		lo, hi := t.level(j), t.level(j+1)
		m := 1 << j
		lv.inv4 = radix4Table(m, lo.iw, lo.iwp, hi.iw, hi.iwp, hi.iw[m:], hi.iwp[m:])
	})
	return lv.inv4
}

// powers returns w^i for i < n and their Shoup constants.
func powers(w uint64, n int, q uint64) (pw, sh []uint64) {
	pw, sh = make([]uint64, n), make([]uint64, n)
	wsh := modular.ShoupConstant(w, q)
	x := uint64(1)
	for i := range pw {
		pw[i] = x
		sh[i] = modular.ShoupConstant(x, q)
		x = modular.MulShoup(x, w, wsh, q)
	}
	return pw, sh
}

// forward transforms a (length 2^logN, entries < 2q) in place into
// bit-reversed order, entries < 2q, two levels a pass (difLevels).
func (t *nttPrime) forward(a []uint64, logN int) {
	if logN > nttBlockLog+1 {
		t.difLevels(a, logN-1)
		quarter := len(a) / 4
		for s := 0; s < len(a); s += quarter {
			t.forward(a[s:s+quarter], logN-2)
		}
		return
	}
	if logN > nttBlockLog {
		t.difLevel(a, logN-1)
		half := len(a) / 2
		t.forward(a[:half], logN-1)
		t.forward(a[half:], logN-1)
		return
	}
	j := logN - 1
	for ; j >= 1; j -= 2 {
		t.difLevels(a, j)
	}
	if j == 0 {
		t.difLevel(a, 0)
	}
}

// forwardRadix2 is forward one level at a time, the reference for the
// fused levels of difLevels.
func (t *nttPrime) forwardRadix2(a []uint64, logN int) {
	for j := logN - 1; j >= 0; j-- {
		t.difLevel(a, j)
	}
}

// difLevels runs the butterflies of half-lengths 2^j and 2^(j−1), j ≥ 1,
// in one pass over a (radix 4): each block of four entries a quarter
// apart is loaded once for both levels, with the same arithmetic as
// difLevel's twice, so the results are identical.
func (t *nttPrime) difLevels(a []uint64, j int) {
	q, q2 := t.q, 2*t.q
	if j == 1 {
		lv := t.level(1)
		w1, wp1 := lv.w[1], lv.wp[1]
		for s := 0; s+3 < len(a); s += 4 {
			x0, x1, x2, x3 := a[s], a[s+1], a[s+2], a[s+3]
			// Level 1: (x0, x2) by 1, (x1, x3) by ω.
			y0 := x0 + x2
			if y0 >= q2 {
				y0 -= q2
			}
			y2 := x0 - x2 + q2
			if y2 >= q2 {
				y2 -= q2
			}
			y1 := x1 + x3
			if y1 >= q2 {
				y1 -= q2
			}
			d := x1 - x3 + q2
			hq, _ := bits.Mul64(d, wp1)
			y3 := d*w1 - hq*q
			// Level 0: (y0, y1) and (y2, y3) by 1.
			z0 := y0 + y1
			if z0 >= q2 {
				z0 -= q2
			}
			z1 := y0 - y1 + q2
			if z1 >= q2 {
				z1 -= q2
			}
			z2 := y2 + y3
			if z2 >= q2 {
				z2 -= q2
			}
			z3 := y2 - y3 + q2
			if z3 >= q2 {
				z3 -= q2
			}
			a[s], a[s+1], a[s+2], a[s+3] = z0, z1, z2, z3
		}
		return
	}
	quarter := 1 << (j - 1)
	tw := t.forward4(j)
	for s := 0; s < len(a); s += 4 * quarter {
		difBlock4(a[s:s+4*quarter], tw, q)
	}
}

// quarters splits a into its four quarters, each as long as the first,
// for the block passes' loops over the first.
func quarters(a []uint64) (b0, b1, b2, b3 []uint64) {
	m := len(a) / 4
	b0 = a[:m]
	return b0, a[m : 2*m][:m], a[2*m : 3*m][:m], a[3*m : 4*m][:m]
}

// difBlock4Go is difLevels' pass over one block of four quarters of m
// entries with the twiddles tw of forward4 (6m words): the reference for
// difBlock4's assembly kernel, and difBlock4 where there is none.
func difBlock4Go(a, tw []uint64, q uint64) {
	q2 := 2 * q
	b0, b1, b2, b3 := quarters(a)
	tw = tw[:6*len(b0)]
	for i, x0 := range b0 {
		x1, x2, x3 := b1[i], b2[i], b3[i]
		w := tw[6*i : 6*i+6]
		// Level j: (x0, x2) by ω_j^i, (x1, x3) by ω_j^(i+m).
		y0 := x0 + x2
		if y0 >= q2 {
			y0 -= q2
		}
		d := x0 - x2 + q2
		hq, _ := bits.Mul64(d, w[1])
		y2 := d*w[0] - hq*q
		y1 := x1 + x3
		if y1 >= q2 {
			y1 -= q2
		}
		d = x1 - x3 + q2
		hq, _ = bits.Mul64(d, w[3])
		y3 := d*w[2] - hq*q
		// Level j − 1: (y0, y1) and (y2, y3) by ω_(j−1)^i.
		z0 := y0 + y1
		if z0 >= q2 {
			z0 -= q2
		}
		d = y0 - y1 + q2
		hq, _ = bits.Mul64(d, w[5])
		z1 := d*w[4] - hq*q
		z2 := y2 + y3
		if z2 >= q2 {
			z2 -= q2
		}
		d = y2 - y3 + q2
		hq, _ = bits.Mul64(d, w[5])
		z3 := d*w[4] - hq*q
		b0[i], b1[i], b2[i], b3[i] = z0, z1, z2, z3
	}
}

// difLevel runs the decimation-in-frequency butterflies of half-length
// 2^j across a.
func (t *nttPrime) difLevel(a []uint64, j int) {
	q, q2 := t.q, 2*t.q
	half := 1 << j
	if half == 1 {
		for s := 0; s+1 < len(a); s += 2 {
			u, v := a[s], a[s+1]
			x := u + v
			if x >= q2 {
				x -= q2
			}
			y := u - v + q2
			if y >= q2 {
				y -= q2
			}
			a[s], a[s+1] = x, y
		}
		return
	}
	lv := t.level(j)
	if half == 2 {
		// Blocks of four, the twiddles 1 and ω: no slicing per block.
		w1, wp1 := lv.w[1], lv.wp[1]
		for s := 0; s+3 < len(a); s += 4 {
			u, v := a[s], a[s+2]
			x := u + v
			if x >= q2 {
				x -= q2
			}
			y := u - v + q2
			if y >= q2 {
				y -= q2
			}
			a[s], a[s+2] = x, y
			u, v = a[s+1], a[s+3]
			x = u + v
			if x >= q2 {
				x -= q2
			}
			d := u - v + q2
			hq, _ := bits.Mul64(d, wp1)
			a[s+1], a[s+3] = x, d*w1-hq*q
		}
		return
	}
	for s := 0; s < len(a); s += 2 * half {
		x := a[s : s+half]
		y := a[s+half : s+2*half]
		w := lv.w[:len(x)]
		wp := lv.wp[:len(x)]
		y = y[:len(x)]
		for i, u := range x {
			v := y[i]
			sum := u + v
			if sum >= q2 {
				sum -= q2
			}
			d := u - v + q2
			hq, _ := bits.Mul64(d, wp[i])
			x[i] = sum
			y[i] = d*w[i] - hq*q
		}
	}
}

// inverse undoes forward up to the factor 2^logN: bit-reversed entries
// < 4q in, natural order out, entries < 4q.
func (t *nttPrime) inverse(a []uint64, logN int) {
	if logN > nttBlockLog+1 {
		quarter := len(a) / 4
		for s := 0; s < len(a); s += quarter {
			t.inverse(a[s:s+quarter], logN-2)
		}
		t.ditLevels(a, logN-2)
		return
	}
	if logN > nttBlockLog {
		half := len(a) / 2
		t.inverse(a[:half], logN-1)
		t.inverse(a[half:], logN-1)
		t.ditLevel(a, logN-1)
		return
	}
	j := 0
	for ; j+1 < logN; j += 2 {
		t.ditLevels(a, j)
	}
	if j < logN {
		t.ditLevel(a, j)
	}
}

// inverseRadix2 is inverse one level at a time, the reference for the
// fused levels of ditLevels.
func (t *nttPrime) inverseRadix2(a []uint64, logN int) {
	for j := 0; j < logN; j++ {
		t.ditLevel(a, j)
	}
}

// ditLevels runs the inverse butterflies of half-lengths 2^j and
// 2^(j+1) in one pass over a (radix 4), with the same arithmetic as
// ditLevel's twice.
func (t *nttPrime) ditLevels(a []uint64, j int) {
	q, q2 := t.q, 2*t.q
	if j == 0 {
		lv := t.level(1)
		w1, wp1 := lv.iw[1], lv.iwp[1]
		for s := 0; s+3 < len(a); s += 4 {
			x0, x1, x2, x3 := a[s], a[s+1], a[s+2], a[s+3]
			// Level 0: (x0, x1) and (x2, x3) by 1.
			if x0 >= q2 {
				x0 -= q2
			}
			if x1 >= q2 {
				x1 -= q2
			}
			if x2 >= q2 {
				x2 -= q2
			}
			if x3 >= q2 {
				x3 -= q2
			}
			y0, y1 := x0+x1, x0-x1+q2
			y2, y3 := x2+x3, x2-x3+q2
			// Level 1: (y0, y2) by 1, (y1, y3) by ω^−1.
			if y0 >= q2 {
				y0 -= q2
			}
			if y2 >= q2 {
				y2 -= q2
			}
			if y1 >= q2 {
				y1 -= q2
			}
			hq, _ := bits.Mul64(y3, wp1)
			v := y3*w1 - hq*q
			a[s], a[s+2] = y0+y2, y0-y2+q2
			a[s+1], a[s+3] = y1+v, y1-v+q2
		}
		return
	}
	quarter := 1 << j
	tw := t.inverse4(j)
	for s := 0; s < len(a); s += 4 * quarter {
		ditBlock4(a[s:s+4*quarter], tw, q)
	}
}

// ditBlock4Go is ditLevels' pass over one block of four quarters of m
// entries with the twiddles tw of inverse4 (6m words): the reference for
// ditBlock4's assembly kernel, and ditBlock4 where there is none.
func ditBlock4Go(a, tw []uint64, q uint64) {
	q2 := 2 * q
	b0, b1, b2, b3 := quarters(a)
	tw = tw[:6*len(b0)]
	for i, x0 := range b0 {
		x1, x2, x3 := b1[i], b2[i], b3[i]
		w := tw[6*i : 6*i+6]
		// Level j: (x0, x1) and (x2, x3) by ω_j^−i.
		if x0 >= q2 {
			x0 -= q2
		}
		hq, _ := bits.Mul64(x1, w[1])
		v := x1*w[0] - hq*q
		y0, y1 := x0+v, x0-v+q2
		if x2 >= q2 {
			x2 -= q2
		}
		hq, _ = bits.Mul64(x3, w[1])
		v = x3*w[0] - hq*q
		y2, y3 := x2+v, x2-v+q2
		// Level j + 1: (y0, y2) by ω_(j+1)^−i, (y1, y3) by
		// ω_(j+1)^−(i+m).
		if y0 >= q2 {
			y0 -= q2
		}
		hq, _ = bits.Mul64(y2, w[3])
		v = y2*w[2] - hq*q
		b0[i], b2[i] = y0+v, y0-v+q2
		if y1 >= q2 {
			y1 -= q2
		}
		hq, _ = bits.Mul64(y3, w[5])
		v = y3*w[4] - hq*q
		b1[i], b3[i] = y1+v, y1-v+q2
	}
}

func (t *nttPrime) ditLevel(a []uint64, j int) {
	q, q2 := t.q, 2*t.q
	half := 1 << j
	if half == 1 {
		// The twiddle is 1: v is y brought into [0, 2q), as Shoup's
		// product by 1 would leave it.
		for s := 0; s+1 < len(a); s += 2 {
			u, v := a[s], a[s+1]
			if u >= q2 {
				u -= q2
			}
			if v >= q2 {
				v -= q2
			}
			a[s], a[s+1] = u+v, u-v+q2
		}
		return
	}
	lv := t.level(j)
	if half == 2 {
		// Blocks of four, the twiddles 1 and ω^−1.
		w1, wp1 := lv.iw[1], lv.iwp[1]
		for s := 0; s+3 < len(a); s += 4 {
			u, v := a[s], a[s+2]
			if u >= q2 {
				u -= q2
			}
			if v >= q2 {
				v -= q2
			}
			a[s], a[s+2] = u+v, u-v+q2
			u, yv := a[s+1], a[s+3]
			if u >= q2 {
				u -= q2
			}
			hq, _ := bits.Mul64(yv, wp1)
			v = yv*w1 - hq*q
			a[s+1], a[s+3] = u+v, u-v+q2
		}
		return
	}
	for s := 0; s < len(a); s += 2 * half {
		x := a[s : s+half]
		y := a[s+half : s+2*half]
		w := lv.iw[:len(x)]
		wp := lv.iwp[:len(x)]
		y = y[:len(x)]
		for i, u := range x {
			if u >= q2 {
				u -= q2
			}
			yv := y[i]
			hq, _ := bits.Mul64(yv, wp[i])
			v := yv*w[i] - hq*q
			x[i] = u + v
			y[i] = u - v + q2
		}
	}
}

// montMul returns x·y·2^−64 mod q in [0, q) for x·y < q·2^64.
func (t *nttPrime) montMul(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	m := lo * t.qinv
	mh, _ := bits.Mul64(m, t.q)
	r := hi - mh
	if hi < mh {
		r += t.q
	}
	return r
}

// pointwise sets a[i] ← a[i]·b[i]·2^−64 mod q (entries < 2q in, < q out).
func (t *nttPrime) pointwise(a, b []uint64) {
	b = b[:len(a)]
	for i, x := range a {
		a[i] = t.montMul(x, b[i])
	}
}

// pointwiseTo sets dst[i] ← a[i]·b[i]·2^−64 mod q, as pointwise with
// the product in dst (len(dst) ≥ len(a)).
func (t *nttPrime) pointwiseTo(dst, a, b []uint64) {
	b, dst = b[:len(a)], dst[:len(a)]
	for i, x := range a {
		dst[i] = t.montMul(x, b[i])
	}
}

// finish scales by 2^64/N, the inverse of the factors left by pointwise
// and inverse, and reduces into [0, q), keeping the first n entries.
func (t *nttPrime) finish(a []uint64, logN int) {
	q := t.q
	// c = 2^64 · 2^−logN mod q.
	c := modular.Pow(2, uint64(64-logN), q) // logN ≤ 40 < 64
	cp := modular.ShoupConstant(c, q)
	for i, x := range a {
		hq, _ := bits.Mul64(x, cp)
		r := x*c - hq*q
		if r >= q {
			r -= q
		}
		a[i] = r
	}
}

// convolve returns the first n entries of the cyclic convolution of a and
// b (entries < 2q) of length 2^logN ≥ n, reduced into [0, q), in a buffer
// of 2^logN words that the caller may keep or return to getBuffer's pool
// (putBuffer). b == nil squares a.
func (t *nttPrime) convolve(f *Field, a, b []uint64, n, logN int) []uint64 {
	fa := getBuffer(logN)
	f.load(fa, a, t.q)
	t.forward(fa, logN)
	if b == nil {
		t.pointwise(fa, fa)
	} else {
		fb := getBuffer(logN)
		f.load(fb, b, t.q)
		t.forward(fb, logN)
		t.pointwise(fa, fb)
		putBuffer(fb)
	}
	t.inverse(fa, logN)
	fa = fa[:n]
	t.finish(fa, logN)
	return fa
}

// crtPrimes are three primes below 2^62 with 2^50 | q − 1, and the
// constants of Garner's algorithm for them.
type crtPrimes struct {
	t [3]*nttPrime
	// inv01 = q0⁻¹ mod q1, inv012 = (q0·q1)⁻¹ mod q2, q0q2 = q0 mod q2.
	inv01, inv01p, inv012, inv012p, q0q2, q0q2p uint64
	// bound[k] = q0·…·q(k−1), the exact range of k-prime reconstruction.
	bound [4]*big.Int
}

// The primes c·2^k + 1 below 2^62 with the largest c for k = 50 and 51
// (sympy.isprime; their 2-adicities are 50, 51 and 50).
const (
	nttQ0 = 4601552919265804289 // 4087·2^50 + 1
	nttQ1 = 4546383823830515713 // 2019·2^51 + 1
	nttQ2 = 4522739925786820609 // 4017·2^50 + 1
)

var threePrimes = sync.OnceValue(func() *crtPrimes {
	c := &crtPrimes{}
	for i, q := range [3]uint64{nttQ0, nttQ1, nttQ2} {
		c.t[i] = newNTTPrime(q)
	}
	c.inv01, _ = modular.Inverse(nttQ0%nttQ1, nttQ1)
	c.inv01p = modular.ShoupConstant(c.inv01, nttQ1)
	c.inv012, _ = modular.Inverse(modular.Mul(nttQ0%nttQ2, nttQ1%nttQ2, nttQ2), nttQ2)
	c.inv012p = modular.ShoupConstant(c.inv012, nttQ2)
	c.q0q2 = nttQ0 % nttQ2
	c.q0q2p = modular.ShoupConstant(c.q0q2, nttQ2)
	c.bound[0] = big.NewInt(1)
	for i, q := range [3]uint64{nttQ0, nttQ1, nttQ2} {
		c.bound[i+1] = new(big.Int).Mul(c.bound[i], new(big.Int).SetUint64(q))
	}
	return c
})

// primesNeeded is the number of transform primes whose product exceeds
// every coefficient of a product of lengths m ≤ n over GF(p): those are
// below m·(p − 1)² + 1.
func primesNeeded(m int, p uint64) int {
	c := threePrimes()
	b := new(big.Int).SetUint64(p - 1)
	b.Mul(b, b)
	b.Mul(b, big.NewInt(int64(m)))
	for k := 1; k < 3; k++ {
		if b.Cmp(c.bound[k]) < 0 {
			return k
		}
	}
	return 3
}

// parallelMinLog: below transforms of 2^parallelMinLog words, the
// goroutines cost more than they save.
const parallelMinLog = 11

// log2Ceil returns the least k with 2^k ≥ n, n ≥ 1.
func log2Ceil(n int) int { return bits.Len(uint(n - 1)) }

// mulNTT returns a·b (b == nil: a²) by transforms; both nonzero.
//
// A product of length n just above a power of two would waste up to half
// of a transform of length 2^⌈log₂ n⌉. When both operands fit in
// N = 2^(⌈log₂ n⌉−1) and the excess r = n − N is at most N/2, the product
// is instead computed modulo x^N − 1, by a transform of length N, which
// gives c_i + c_(N+i) for i < r and c_i beyond; the top r coefficients
// c_N … c_(n−1) depend only on the top r coefficients of a and b, and are
// the top half of their product, a multiplication of size r; subtracting
// them unwraps the rest (the "wrap-around" trick, a simple case of
// splitting the product into power-of-two blocks). The transform lengths
// are then N plus those for the r-by-r product instead of 2N.
func (f *Field) mulNTT(a, b []uint64) []uint64 {
	lb := len(a)
	if b != nil {
		lb = len(b)
	}
	n := len(a) + lb - 1
	logN := log2Ceil(n)
	if half := (1 << logN) / 2; logN > 1 && len(a) <= half && lb <= half && n-half <= half/2 {
		r := n - half
		var top []uint64
		if b == nil {
			top = f.Sqr(a[len(a)-r:])
		} else {
			top = f.Mul(a[len(a)-r:], b[lb-r:])
		}
		// top has length 2r − 1 (its leading coefficient is that of
		// the product); pad in case the product's top coefficients
		// trimmed to zero.
		hi := make([]uint64, r)
		if len(top) > r-1 {
			copy(hi, top[r-1:])
		}
		w := f.cyclic(a, b, half, logN-1)
		out := make([]uint64, n)
		copy(out, w)
		copy(out[half:], hi)
		for i, x := range hi {
			out[i] = modular.Sub(out[i], x, f.p)
		}
		return trim(out)
	}
	return trim(f.cyclic(a, b, n, logN))
}

// cyclic returns the first n coefficients of a·b mod (x^(2^logN) − 1)
// (b == nil: a²), for operands of at most 2^logN coefficients: each
// coefficient of the cyclic convolution is then a sum of at most
// min(len a, len b) products, as in the plain product.
func (f *Field) cyclic(a, b []uint64, n, logN int) []uint64 {
	lb := len(a)
	if b != nil {
		lb = len(b)
	}
	if f.self != nil && logN <= f.self.maxLog {
		return f.self.convolve(f, a, b, n, logN)
	}
	c := threePrimes()
	k := primesNeeded(min(len(a), lb), f.p)
	var res [3][]uint64
	run := func(i int) { res[i] = c.t[i].convolve(f, a, b, n, logN) }
	if k > 1 && logN >= parallelMinLog && runtime.GOMAXPROCS(0) > 1 {
		var wg sync.WaitGroup
		for i := 1; i < k; i++ {
			wg.Go(func() { run(i) })
		}
		run(0)
		wg.Wait()
	} else {
		for i := range k {
			run(i)
		}
	}
	out := f.garner(res[:k])
	for _, r := range res[1:k] {
		putBuffer(r)
	}
	return out
}

// garner maps exact integers given by residues modulo the first len(res)
// transform primes (each integer below their product) to residues modulo
// p, in res[0].
func (f *Field) garner(res [][]uint64) []uint64 {
	if f.wide {
		return f.garnerWide(res)
	}
	c := threePrimes()
	p := f.p
	one := modular.ShoupConstant(1, p)
	out := res[0]
	switch len(res) {
	case 1:
		for i, x := range out {
			out[i] = modular.MulShoup(x, 1, one, p)
		}
	case 2:
		q1 := uint64(nttQ1)
		m0 := nttQ0 % p
		m0p := modular.ShoupConstant(m0, p)
		r1 := res[1][:len(out)]
		for i, x := range out {
			// x = r0 + q0·t, t = (r1 − r0)·q0⁻¹ mod q1.
			r0 := x
			if r0 >= q1 {
				r0 -= q1
			}
			t := modular.MulShoup(modular.Sub(r1[i], r0, q1), c.inv01, c.inv01p, q1)
			out[i] = modular.Add(modular.MulShoup(x, 1, one, p), modular.MulShoup(t, m0, m0p, p), p)
		}
	case 3:
		q1, q2 := uint64(nttQ1), uint64(nttQ2)
		m0 := nttQ0 % p
		m0p := modular.ShoupConstant(m0, p)
		m01 := modular.Mul(m0, nttQ1%p, p)
		m01p := modular.ShoupConstant(m01, p)
		r1, r2 := res[1][:len(out)], res[2][:len(out)]
		for i, x := range out {
			r0 := x
			if r0 >= q1 {
				r0 -= q1
			}
			t1 := modular.MulShoup(modular.Sub(r1[i], r0, q1), c.inv01, c.inv01p, q1)
			// x mod q2 = r0 + q0·t1, then t2 = (r2 − that)·(q0q1)⁻¹ mod q2.
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
			s := modular.Add(modular.MulShoup(x, 1, one, p), modular.MulShoup(t1, m0, m0p, p), p)
			out[i] = modular.Add(s, modular.MulShoup(t2, m01, m01p, p), p)
		}
	}
	return out
}
