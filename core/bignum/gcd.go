package bignum

// Subquadratic gcd by half-gcd reduction, after Möller, "On Schönhage's
// algorithm and subquadratic integer gcd computation", Math. Comp. 77
// (2008), with his reduction criterion.
//
// A reduction of a pair (a, b) of positive integers is a 2×2 matrix M with
// nonnegative entries and determinant 1, a product of elementary matrices
// (1 q; 0 1) and (1 0; q 1), together with the pair (α, β) = M⁻¹(a, b).
// Since M is unimodular, gcd(a, b) = gcd(α, β): any reduction is sound, and
// the work lies in finding one that shrinks the pair quickly.
//
// Möller's criterion fixes a bit position s and keeps both numbers at least
// 2^s: a step replaces the larger x by x − q·y with the largest q that keeps
// it ≥ 2^s, and the pair is reduced when |α − β| < 2^s, so that no step is
// possible. Its use is the high-part lemma: write a = 2^p·A + a₀ and
// b = 2^p·B + b₀ with a₀, b₀ < 2^p, and let M reduce (A, B) of m bits with
// s' = ⌊m/2⌋ + 1. The entries of M are below A/2^s' < 2^(s'−1), so applying
// M⁻¹ to the full numbers changes 2^p·(α', β') by less than 2^(p+s'−1):
// the results are still above 2^(p+s'−1). M therefore reduces (a, b) too,
// by about as many bits as it reduced (A, B), at the cost of two matrix
// products, so half-size work on the high halves moves the full numbers.
//
// hgcd of an n-bit pair (s = ⌊n/2⌋ + 1) recurses twice: on the top half,
// which brings the pair to about 3n/4 bits, and then on the top of what is
// left, with the split chosen so that the lemma yields exactly 2^s, which
// brings it to about n/2 bits; a few single steps finish. Its cost is
// O(M(n) log n) for M(n) the cost of an n-bit product. Below
// hgcdThreshold bits the reduction runs as Lehmer's algorithm instead
// (Knuth, TAOCP vol. 2, §4.5.2, Algorithm L, with Möller's criterion for
// the word-size steps, so no quotient has to be checked): the top 62 bits
// are reduced in machine words and the resulting matrix is applied to the
// full numbers, about 30 bits per pass.
//
// The gcd loop applies hgcd to the top two thirds of its pair, which
// removes about a third of the bits, until the pair is below gcdThreshold,
// where math/big's Lehmer gcd finishes. A pair hgcd cannot reduce (the
// numbers agree in their top half, or one is much smaller) takes one
// Euclidean division instead. The extended gcd follows the cofactor of the
// first operand through the same matrices and recovers the second from
// g = s·x + t·y by one exact division.

import (
	"context"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// gcdThreshold is the size in bits below which GCD uses big.Int.GCD.
// Measured (CPU time per gcd of two random d-digit integers, half-gcd
// against big.Int.GCD, on a loaded 2-core amd64): d = 10,000 (33,000 bits)
// 1.5 ms against 1.3 ms, d = 20,000 3.6 ms against 4.2 ms, d = 30,000
// 6.9 ms against 9.5 ms, d = 100,000 30 ms against 105 ms.
const gcdThreshold = 1 << 16

// hgcdThreshold is the size in bits below which hgcd runs Lehmer passes
// instead of recursing, and reduceAbove too when it keeps the matrix.
// With one-word Lehmer passes BenchmarkGCD/digits=100000 with 2^10, 2^11
// and 2^12 was within noise (best runs 39, 37 and 35 ms) and 2^13 and 2^14
// were slower (45 and 52 ms at best). The two-word passes of lehmer2.go
// halve the passes over the full numbers and move the crossover up: CPU
// time per EuclidBelow at the bound √(b/2), random d-digit operands,
// GOMAXPROCS=1, minima of 3 interleaved runs on a loaded host, 2^11 → 2^13:
// d = 2000 122 → 72 µs, 5000 375 → 284 µs, 10,000 999 → 894 µs; Jacobi
// and ContinuedFraction at 10,000 digits 1.48 → 1.28 ms and 2.04 → 1.77
// ms; GCD and GCDExt at 10^5 digits level.
const hgcdThreshold = 1 << 13

// matrix is a reduction matrix (m00 m01; m10 m11): nonnegative entries,
// determinant 1, with (a, b) = M·(α, β).
type matrix struct{ m00, m01, m10, m11 *big.Int }

func identity() *matrix {
	return &matrix{big.NewInt(1), new(big.Int), new(big.Int), big.NewInt(1)}
}

// parallelBits is the operand size from which the halves of a matrix
// product or application run on two goroutines, when GOMAXPROCS allows:
// products of 2^14 bits take about 40 µs, well above the cost of a
// goroutine.
const parallelBits = 1 << 14

// both runs f and g, concurrently when large is set and there are two
// processors.
func both(large bool, f, g func()) {
	if !large || runtime.GOMAXPROCS(0) < 2 {
		f()
		g()
		return
	}
	var wg sync.WaitGroup
	wg.Go(f)
	g()
	wg.Wait()
}

// times returns m·n.
func (m *matrix) times(n *matrix) *matrix {
	prod := func(a, b, c, d *big.Int) *big.Int {
		x := Mul(new(big.Int), a, b)
		return x.Add(x, Mul(new(big.Int), c, d))
	}
	var r matrix
	large := min(m.m00.BitLen(), n.m00.BitLen()) >= parallelBits
	both(large, func() {
		r.m00, r.m01 = prod(m.m00, n.m00, m.m01, n.m10), prod(m.m00, n.m01, m.m01, n.m11)
	}, func() {
		r.m10, r.m11 = prod(m.m10, n.m00, m.m11, n.m10), prod(m.m10, n.m01, m.m11, n.m11)
	})
	return &r
}

// reduceBy returns M⁻¹·(a, b) = (m11·a − m01·b, m00·b − m10·a).
func (m *matrix) reduceBy(a, b *big.Int) (x, y *big.Int) {
	large := min(m.m00.BitLen(), a.BitLen()) >= parallelBits
	both(large, func() {
		x = Mul(new(big.Int), m.m11, a)
		x.Sub(x, Mul(new(big.Int), m.m01, b))
	}, func() {
		y = Mul(new(big.Int), m.m00, b)
		y.Sub(y, Mul(new(big.Int), m.m10, a))
	})
	return x, y
}

// reduceHigh returns M⁻¹·(a, b) for a reduction M of the high parts
// (a >> p, b >> p) that left (hx, hy): 2^p·(hx, hy) + M⁻¹·(a mod 2^p,
// b mod 2^p), so the products involve only the low p bits.
func (m *matrix) reduceHigh(a, b, hx, hy *big.Int, p int) (*big.Int, *big.Int) {
	lx, ly := low(a, p), low(b, p)
	x, y := m.reduceBy(lx, ly)
	x.Add(x, new(big.Int).Lsh(hx, uint(p)))
	y.Add(y, new(big.Int).Lsh(hy, uint(p)))
	return x, y
}

// low returns x mod 2^p for x ≥ 0.
func low(x *big.Int, p int) *big.Int {
	if x.BitLen() <= p {
		return x
	}
	n := (p + 63) / 64
	w := append([]big.Word(nil), x.Bits()[:n]...)
	if r := p % 64; r != 0 {
		w[n-1] &= 1<<r - 1
	}
	return new(big.Int).SetBits(w)
}

// reducible reports whether a step is possible at position s: both numbers
// at least 2^s and their difference too.
func reducible(a, b *big.Int, s int) bool {
	if a.BitLen() <= s || b.BitLen() <= s {
		return false
	}
	d := new(big.Int).Sub(a, b)
	return d.BitLen() > s
}

// step performs one reduction step at position s on (a, b), updating them
// in place and multiplying M on the right by the elementary matrix (when
// m is not nil), hands the quotient to sink (when not nil), and reports
// whether a step was possible. Both numbers must be ≥ 2^s.
func step(m *matrix, a, b *big.Int, s int, sink quotientSink) bool {
	if !reducible(a, b, s) {
		return false
	}
	x, y := a, b
	swapped := x.Cmp(y) < 0
	if swapped {
		x, y = y, x
	}
	// The largest q with x − q·y ≥ 2^s leaves x' = 2^s + (x − 2^s) mod y.
	pow := new(big.Int).Lsh(big.NewInt(1), uint(s))
	q, r := new(big.Int).QuoRem(x.Sub(x, pow), y, new(big.Int))
	x.Add(r, pow)
	if sink != nil {
		sink.quotient(swapped, q)
	}
	switch {
	case m == nil:
	case swapped:
		// b ← b − q·a: M·(1 0; q 1).
		m.m00.Add(m.m00, Mul(r, q, m.m01))
		m.m10.Add(m.m10, Mul(r, q, m.m11))
	default:
		// a ← a − q·b: M·(1 q; 0 1).
		m.m01.Add(m.m01, Mul(r, q, m.m00))
		m.m11.Add(m.m11, Mul(r, q, m.m10))
	}
	return true
}

// hgcd reduces the positive pair (a, b) of n = max bit length bits at
// s = ⌊n/2⌋ + 1. It returns the reduction and false when (a, b) admits no
// step at s. a and b are not modified. A non-nil sink receives the
// quotients of the elementary matrices whose product is the reduction, in
// order (see euclid.go).
func hgcd(ctx context.Context, a, b *big.Int, sink quotientSink) (*matrix, *big.Int, *big.Int, bool, error) {
	n := max(a.BitLen(), b.BitLen())
	s := n/2 + 1
	if !reducible(a, b, s) {
		return nil, a, b, false, nil
	}
	if n < hgcdThreshold {
		m, x, y := lehmer(a, b, s, sink)
		return m, x, y, true, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, false, err
	}
	m := identity()
	x, y := new(big.Int).Set(a), new(big.Int).Set(b)
	// Top half: about n/4 bits come off.
	p := n / 2
	m1, hx, hy, ok, err := hgcd(ctx, new(big.Int).Rsh(x, uint(p)), new(big.Int).Rsh(y, uint(p)), sink)
	if err != nil {
		return nil, nil, nil, false, err
	}
	if ok {
		m = m1
		x, y = m.reduceHigh(x, y, hx, hy, p)
	}
	for max(x.BitLen(), y.BitLen()) > 3*n/4+1 {
		if !step(m, x, y, s, sink) {
			return m, x, y, true, nil
		}
	}
	// Top of the rest, split so that the high-part lemma lands on 2^s.
	if nn := max(x.BitLen(), y.BitLen()); nn > s+2 {
		p := 2*s - nn + 1
		m2, hx, hy, ok, err := hgcd(ctx, new(big.Int).Rsh(x, uint(p)), new(big.Int).Rsh(y, uint(p)), sink)
		if err != nil {
			return nil, nil, nil, false, err
		}
		if ok {
			x, y = m2.reduceHigh(x, y, hx, hy, p)
			m = m.times(m2)
		}
	}
	for step(m, x, y, s, sink) {
	}
	return m, x, y, true, nil
}

// lehmer reduces (a, b) at position s by Lehmer passes: each reduces the
// top 62 bits in machine words and applies the word matrix to the full
// numbers and to M, in place on their words. (a, b) must be reducible at s.
func lehmer(a, b *big.Int, s int, sink quotientSink) (*matrix, *big.Int, *big.Int) {
	return lehmerReduce(a, b, s, sink, bothRows)
}

// matrixRows is how much of the reduction's matrix M a reduction keeps.
type matrixRows uint8

const (
	// noMatrix: the quotient sequence's users need only the pair and
	// the sink; the matrix returned is nil.
	noMatrix matrixRows = iota
	// firstRow: only (m00, m01), the cofactors of b (EuclidBelowCofactor);
	// the second row is held at zero, so that products and steps, which
	// carry it along, cost nothing for it.
	firstRow
	bothRows
)

// lehmerReduce is lehmer keeping the rows of the matrix that rows names.
func lehmerReduce(a, b *big.Int, s int, sink quotientSink, rows matrixRows) (*matrix, *big.Int, *big.Int) {
	withMatrix := rows != noMatrix
	n := max(len(a.Bits()), len(b.Bits()))
	x, y := make([]big.Word, n), make([]big.Word, n)
	copy(x, a.Bits())
	copy(y, b.Bits())
	// The matrix columns, as numbers of up to n words: (m00, m10) and
	// (m01, m11).
	var m00, m01, m10, m11 []big.Word
	if withMatrix {
		m00, m01 = make([]big.Word, n+1), make([]big.Word, n+1)
		m10, m11 = make([]big.Word, n+1), make([]big.Word, n+1)
		m00[0] = 1
		if rows == bothRows {
			m11[0] = 1
		}
	}
	mlen := 1
	for {
		x, y = trim(x), trim(y)
		nb := max(bitLen(x), bitLen(y))
		var w [4]uint64
		var ok bool
		if nb > 126 {
			// Two-word leading parts (lehmer2.go), about 62 bits a pass.
			shift := nb - 126
			sw := max(64, s-shift+1)
			w, ok = wordReduce2(topTwoWords(x, shift), topTwoWords(y, shift), sw, sink)
		} else {
			shift := max(0, nb-62)
			hx, hy := topBits(x, shift), topBits(y, shift)
			// The word reduction's threshold: at least half its width,
			// so the high-part lemma applies, and high enough that the
			// full numbers stay at or above 2^s.
			sw := max(bits.Len64(max(hx, hy))/2+1, s-shift+1)
			w, ok = wordReduce(hx, hy, sw, sink)
		}
		if !ok && !withMatrix {
			// A quotient beyond the word pass (the pair's sizes differ
			// by more than about half a word): one step on the whole
			// numbers, and the passes go on, where the steps alone
			// were quadratic with a division each (a Jacobi symbol of
			// 6,544 over 6,644 bits took 3.1 ms instead of 70 µs).
			bx, by := new(big.Int).SetBits(x), new(big.Int).SetBits(y)
			if !step(nil, bx, by, s, sink) {
				break
			}
			x, y = make([]big.Word, n), make([]big.Word, n)
			copy(x, bx.Bits())
			copy(y, by.Bits())
			continue
		}
		if !ok {
			break
		}
		// (x, y) ← W⁻¹(x, y) = (w3·x − w1·y, w0·y − w2·x); M ← M·W.
		k := max(len(x), len(y))
		x, y = x[:k:k], y[:k:k]
		subMulPair(x, y, w[3], w[1], w[0], w[2])
		if withMatrix {
			mlen = min(mlen+1, n+1)
			AddMulPair(m00[:mlen], m01[:mlen], w)
			if rows == bothRows {
				AddMulPair(m10[:mlen], m11[:mlen], w)
			}
		}
	}
	var m *matrix
	if withMatrix {
		m = &matrix{
			new(big.Int).SetBits(m00), new(big.Int).SetBits(m01),
			new(big.Int).SetBits(m10), new(big.Int).SetBits(m11),
		}
	}
	bx, by := new(big.Int).SetBits(x), new(big.Int).SetBits(y)
	for step(m, bx, by, s, sink) {
	}
	return m, bx, by
}

// trim drops leading zero words.
func trim(x []big.Word) []big.Word {
	for len(x) > 0 && x[len(x)-1] == 0 {
		x = x[:len(x)-1]
	}
	return x
}

func bitLen(x []big.Word) int {
	if len(x) == 0 {
		return 0
	}
	return 64*(len(x)-1) + bits.Len64(uint64(x[len(x)-1]))
}

// topBits returns ⌊x/2^shift⌋, which must fit in a word.
func topBits(x []big.Word, shift int) uint64 {
	i, r := shift/64, uint(shift%64)
	if i >= len(x) {
		return 0
	}
	v := uint64(x[i]) >> r
	if r != 0 && i+1 < len(x) {
		v |= uint64(x[i+1]) << (64 - r)
	}
	return v
}

// subMulPair sets (x, y) to (a·x − b·y, c·y − d·x) in place, for results
// known to be nonnegative and to fit in len(x) words, and a, b, c, d
// below 2^62 (the word matrices of wordReduce and wordReduce2). On amd64
// it is gcd_amd64.s's loop (gcd_bmi2_amd64.s's with MULX where the
// processor has BMI2), which carries each row's a·x_i − b·y_i as a
// signed two-word number from word to word instead of a carry word per
// product and a borrow per row: about 35 instructions a word with MULQ
// and 27 with MULX (callgrind), where the Go loop,
// subMulPairGo, the reference (TestSubMulPairAgainstGo), takes about
// twice as many, restoring its borrows' flags at every word.
func subMulPair(x, y []big.Word, a, b, c, d uint64) {
	if len(x) == 0 {
		return
	}
	subMulPairWords(x, y[:len(x)], a, b, c, d)
}

// subMulPairGo is subMulPair in Go.
func subMulPairGo(x, y []big.Word, a, b, c, d uint64) {
	y = y[:len(x)]
	var cax, cby, ccy, cdx, bx, by uint64
	for i := range x {
		xi, yi := uint64(x[i]), uint64(y[i])
		h1, l1 := bits.Mul64(a, xi)
		h2, l2 := bits.Mul64(b, yi)
		h3, l3 := bits.Mul64(c, yi)
		h4, l4 := bits.Mul64(d, xi)
		var k uint64
		l1, k = bits.Add64(l1, cax, 0)
		cax = h1 + k
		l2, k = bits.Add64(l2, cby, 0)
		cby = h2 + k
		l3, k = bits.Add64(l3, ccy, 0)
		ccy = h3 + k
		l4, k = bits.Add64(l4, cdx, 0)
		cdx = h4 + k
		var r uint64
		r, bx = bits.Sub64(l1, l2, bx)
		x[i] = big.Word(r)
		r, by = bits.Sub64(l3, l4, by)
		y[i] = big.Word(r)
	}
}

// AddMulPair sets (u, v) to (w0·u + w2·v, w1·u + w3·v) in place: the row
// (u, v) of M times the word matrix W = (w0 w1; w2 w3). The top words of u
// and v must be zero on entry, to take the carry, and every entry of W
// small enough that each sum stays below 2^128. On amd64 it is
// gcd_amd64.s's loop (or gcd_bmi2_amd64.s's with MULX), addMulPairGo the
// reference (TestAddMulPairAgainstGo).
func AddMulPair(u, v []big.Word, w [4]uint64) {
	if len(u) == 0 {
		return
	}
	addMulPairWords(u, v[:len(u)], w)
}

// addMulPairGo is AddMulPair in Go.
func addMulPairGo(u, v []big.Word, w [4]uint64) {
	v = v[:len(u)]
	var cu, cv uint64
	for i := range u {
		ui, vi := uint64(u[i]), uint64(v[i])
		h1, l1 := bits.Mul64(w[0], ui)
		h2, l2 := bits.Mul64(w[2], vi)
		h3, l3 := bits.Mul64(w[1], ui)
		h4, l4 := bits.Mul64(w[3], vi)
		var k, k2 uint64
		l1, k = bits.Add64(l1, l2, 0)
		l1, k2 = bits.Add64(l1, cu, 0)
		cu = h1 + h2 + k + k2
		l3, k = bits.Add64(l3, l4, 0)
		l3, k2 = bits.Add64(l3, cv, 0)
		cv = h3 + h4 + k + k2
		u[i], v[i] = big.Word(l1), big.Word(l3)
	}
}

// wordReduce reduces the word pair (x, y) at position s with Möller's
// steps and returns the matrix (w0 w1; w2 w3) and whether any step was
// possible. A non-nil sink receives the quotients.
func wordReduce(x, y uint64, s int, sink quotientSink) ([4]uint64, bool) {
	w := [4]uint64{1, 0, 0, 1}
	if s >= 63 {
		return w, false
	}
	pow := uint64(1) << s
	progress := false
	for x >= pow && y >= pow {
		if x >= y {
			if x-y < pow {
				break
			}
			q := uint64(1)
			if d := x - pow - y; d >= y {
				// Quotient 1, four times in ten, needs no division.
				q += d / y
			}
			if sink != nil {
				sink.wordQuotient(false, q)
			}
			x -= q * y
			w[1] += q * w[0]
			w[3] += q * w[2]
		} else {
			if y-x < pow {
				break
			}
			q := uint64(1)
			if d := y - pow - x; d >= x {
				q += d / x
			}
			if sink != nil {
				sink.wordQuotient(true, q)
			}
			y -= q * x
			w[0] += q * w[1]
			w[2] += q * w[3]
		}
		progress = true
	}
	return w, progress
}

// GCD sets z to the greatest common divisor of x and y and returns z. The
// result is nonnegative whatever the signs, and gcd(0, 0) = 0, as with
// big.Int.GCD. Pairs of fewer than gcdThreshold bits go to big.Int.GCD
// (Lehmer's algorithm); larger ones are reduced by half-gcd first (see the
// top of gcd.go), in O(M(n) log n).
func GCD(z, x, y *big.Int) *big.Int {
	g, _ := GCDContext(context.Background(), z, x, y)
	return g
}

// GCDContext is GCD that stops with ctx.Err() once ctx is done, polled
// between reduction steps of the larger operands.
func GCDContext(ctx context.Context, z, x, y *big.Int) (*big.Int, error) {
	a, b := new(big.Int).Abs(x), new(big.Int).Abs(y)
	a, b, _, _, err := reduceGCD(ctx, a, b, false)
	if err != nil {
		return nil, err
	}
	return z.GCD(nil, nil, a, b), nil
}

// reduceGCD brings the nonnegative pair (a, b) below gcdThreshold bits
// keeping its gcd. With cofactors it also returns u, v with
// a ≡ u·a₀ and b ≡ v·b₀ modulo the original second operand b₀'s multiples:
// precisely, a = u·a₀ + (·)·b₀ and b = v·a₀ + (·)·b₀.
//
// The cofactors depend on the reductions and never the reverse, so with
// two processors they are updated on a second goroutine that follows the
// reduction a step behind (cofactorTrail): the next half-gcd runs beside
// the products that bring (u, v) up to date, which at 10^5 digits are a
// third of the extended gcd's work.
func reduceGCD(ctx context.Context, a, b *big.Int, cofactors bool) (x, y, u, v *big.Int, err error) {
	var trail *cofactorTrail
	if cofactors {
		trail = newCofactorTrail()
		defer func() {
			// The trail must stop before returning, also on an error.
			u, v = trail.finish()
		}()
	}
	for {
		if a.Cmp(b) < 0 {
			a, b = b, a
			trail.add(func(u, v *big.Int) (*big.Int, *big.Int) { return v, u })
		}
		if b.Sign() == 0 || a.BitLen() < gcdThreshold {
			break
		}
		if err := ctx.Err(); err != nil {
			trail.cancel()
			return nil, nil, nil, nil, err
		}
		n := a.BitLen()
		if n-b.BitLen() < n/4 {
			p := n / 3
			m, ha, hb, ok, err := hgcd(ctx, new(big.Int).Rsh(a, uint(p)), new(big.Int).Rsh(b, uint(p)), nil)
			if err != nil {
				trail.cancel()
				return nil, nil, nil, nil, err
			}
			if ok {
				a, b = m.reduceHigh(a, b, ha, hb, p)
				trail.add(m.reduceBy)
				continue
			}
		}
		// One Euclidean step: (a, b) ← (b, a mod b).
		q, r := new(big.Int).QuoRem(a, b, new(big.Int))
		trail.add(func(u, v *big.Int) (*big.Int, *big.Int) {
			nv := Mul(new(big.Int), q, v)
			return v, nv.Sub(u, nv)
		})
		a, b = b, r
	}
	return a, b, nil, nil, nil
}

// cofactorTrail applies the updates of the cofactors (u, v), in order, on
// a goroutine of its own when GOMAXPROCS allows, else at once. A nil trail
// ignores every call, for the gcd without cofactors.
type cofactorTrail struct {
	u, v      *big.Int
	updates   chan func(u, v *big.Int) (*big.Int, *big.Int)
	done      chan struct{}
	cancelled atomic.Bool
}

func newCofactorTrail() *cofactorTrail {
	t := &cofactorTrail{u: big.NewInt(1), v: new(big.Int)}
	if runtime.GOMAXPROCS(0) < 2 {
		return t
	}
	t.updates = make(chan func(u, v *big.Int) (*big.Int, *big.Int), 64)
	t.done = make(chan struct{})
	go func() {
		defer close(t.done)
		for f := range t.updates {
			if !t.cancelled.Load() {
				t.u, t.v = f(t.u, t.v)
			}
		}
	}()
	return t
}

func (t *cofactorTrail) add(f func(u, v *big.Int) (*big.Int, *big.Int)) {
	switch {
	case t == nil:
	case t.updates == nil:
		t.u, t.v = f(t.u, t.v)
	default:
		t.updates <- f
	}
}

// cancel makes the updates not yet applied no-ops, so finish returns soon.
func (t *cofactorTrail) cancel() {
	if t != nil {
		t.cancelled.Store(true)
	}
}

// finish waits for the updates and returns (u, v); nil for a nil trail.
func (t *cofactorTrail) finish() (u, v *big.Int) {
	if t == nil {
		return nil, nil
	}
	if t.updates != nil {
		close(t.updates)
		<-t.done
	}
	return t.u, t.v
}

// GCDExt returns g = gcd(x, y) ≥ 0 and a Bézout pair s, t with
// g = s·x + t·y, in the canonical form: when y ≠ 0, s is the least
// nonnegative such cofactor (0 ≤ s < |y|/g) and t = (g − s·x)/y; when
// y = 0, s = sign(x) and t = 0 (so gcd(0, 0) = 0 with s = t = 0). The
// algorithm is GCD's, following the cofactor of x.
func GCDExt(x, y *big.Int) (g, s, t *big.Int) {
	g, s, t, _ = GCDExtContext(context.Background(), x, y)
	return g, s, t
}

// GCDExtContext is GCDExt that stops with ctx.Err() once ctx is done.
func GCDExtContext(ctx context.Context, x, y *big.Int) (g, s, t *big.Int, err error) {
	return gcdExt(ctx, x, y, true)
}

// GCDBezoutContext is GCDExtContext without the canonical form: (s, t) is
// the Bézout pair the reduction leaves, with no further condition. It
// spares GCDExt's reduction of s modulo |y|/g, a division of the size of
// the operands, when any certificate of g = s·x + t·y will do.
func GCDBezoutContext(ctx context.Context, x, y *big.Int) (g, s, t *big.Int, err error) {
	return gcdExt(ctx, x, y, false)
}

// gcdExt is GCDExtContext, giving s its canonical form when canonical.
func gcdExt(ctx context.Context, x, y *big.Int, canonical bool) (g, s, t *big.Int, err error) {
	if y.Sign() == 0 {
		return new(big.Int).Abs(x), big.NewInt(int64(x.Sign())), new(big.Int), nil
	}
	a0, b0 := new(big.Int).Abs(x), new(big.Int).Abs(y)
	a, b, u, v, err := reduceGCD(ctx, new(big.Int).Set(a0), new(big.Int).Set(b0), true)
	if err != nil {
		return nil, nil, nil, err
	}
	var ca, cb big.Int
	g = new(big.Int).GCD(&ca, &cb, a, b)
	// g = ca·a + cb·b, and the a₀-coefficient of a and b is u and v.
	s = Mul(new(big.Int), &ca, u)
	s.Add(s, Mul(&ca, &cb, v))
	switch {
	case canonical:
		// Canonical s: reduce modulo |y|/g, which keeps the identity with
		// the matching t.
		period := new(big.Int).Quo(b0, g)
		s.Mod(s, period)
		if x.Sign() < 0 && s.Sign() != 0 {
			// s·|x| = (−s)·x; the least nonnegative cofactor of x is
			// then period − s.
			s.Sub(period, s)
		}
	case x.Sign() < 0:
		s.Neg(s) // s·|x| = (−s)·x
	}
	// t = (g − s·x)/y, exact.
	t = Mul(new(big.Int), s, x)
	t.Sub(g, t)
	t.Quo(t, y)
	return g, s, t, nil
}
