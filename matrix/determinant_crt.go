package matrix

// Multi-modular determinant with a divisor from p-adic lifting.
//
// For an integer matrix A, Hadamard's inequality bounds the determinant:
// |det A| ≤ H = min(∏ᵢ ‖rowᵢ‖₂, ∏ⱼ ‖colⱼ‖₂). The classical method (von zur
// Gathen and Gerhard, Modern Computer Algebra, §5.5) computes det A modulo
// primes whose product exceeds 2H and reconstructs it by the Chinese
// remainder theorem: with 62-bit primes, about log₂H/62 eliminations
// modulo p, 34 of them for a 200×200 matrix with entries below 100.
//
// Abbott, Bronstein and Mulders ("Fast deterministic computation of
// determinants of dense matrices", ISSAC 1999, §3), as FLINT's
// fmpz_mat_det does, first find a large divisor d of det A: the solution
// of A·x = b for a random integer vector b has, by Cramer's rule, entries
// det(A_j)/det A, so the lcm of their reduced denominators divides det A,
// and for random b it is the largest invariant factor of A, usually det A
// itself up to a small cofactor. Then only det A/d, bounded by H/d, is
// reconstructed, from a handful of primes. For random matrices
// log₂(H/|det A|) ≈ 0.72·n (since E[det²] = n!·σ^(2n) against H² ≈
// (nσ²)^n), so three primes suffice at n = 200 and five at n = 400.
//
// The system is solved by Dixon's p-adic lifting ("Exact solution of
// linear equations using p-adic expansions", Numer. Math. 40 (1982)):
// one PLE decomposition of A modulo a prime p, then k steps of
// x_i = A⁻¹·r_i mod p and r_{i+1} = (r_i − A·x_i)/p, giving A⁻¹·b modulo
// p^k. The entries of A are words and |r_i| stays below n·max|A| + 1, so a
// step is one pair of triangular substitutions modulo p and one integer
// product A·x_i; the division by p is exact, hence it is a multiplication
// by p⁻¹ modulo 2^64 (Jebelean, "An algorithm for exact division", J.
// Symb. Comp. 15 (1993)). Lifting stops at p^k > 2·N·D, with N, D the
// Cramer bounds of the numerators and of det A: rational reconstruction
// (Wang) is then unique and exact. Entry j is reconstructed as d·x_j with
// bounds N·d and D/d, which needs no more precision, and multiplies d by
// its new denominator.
//
// Everything is proven: d divides det A exactly, the primes cover 2·H/d,
// and no step is probabilistic (the random b only affects how large d is,
// hence how many primes follow). Early termination, stopping when the
// reconstruction is stable over extra primes, would save at most those
// few eliminations and lose the proof, so it is not used.
//
// The divisor path needs n·max|A| < 2^61 (so the residues r_i fit a word)
// and a prime among the first three modulo which A is nonsingular. A word
// matrix singular modulo all three is proved singular, when it is, by an
// exact integer kernel vector (provablySingular). Other matrices take the
// classical path, whose images are computed in parallel and combined by
// the CRT tree of core/modular. Bareiss (eliminate.go) stays as the simple reference; the
// tests compare the paths.

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// multimodularThreshold is the order from which the multi-modular path
// beats Bareiss on small entries. BenchmarkDeterminantPaths -cpu 1,
// entries in [−99, 99]: n = 8, Bareiss 39 µs, multi-modular 71 µs; n = 12,
// 172 µs against 105–148 µs; n = 24, 1.24 ms against 0.18–0.29 ms.
const multimodularThreshold = 12

// dixonPrimes is the number of primes tried for the p-adic solve before a
// matrix is taken to be (probably) singular and sent to the classical
// path, which proves det A = 0.
const dixonPrimes = 3

// stableEntries is the number of consecutive solution entries whose
// denominators add nothing to d after which the remaining entries are
// skipped: d is then almost surely complete, and a missing factor would
// only cost more primes, never correctness.
const stableEntries = 8

// hadamardBits returns H with |det b| < 2^H, from the row norms. It
// squares every entry, so it polls ctx once per row.
func hadamardBits(ctx context.Context, b [][]*big.Int) (int, error) {
	h := 0
	var s, t big.Int
	for _, row := range b {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		s.SetInt64(0)
		for _, x := range row {
			s.Add(&s, t.Mul(x, x))
		}
		// ‖row‖ = √s < 2^⌈bitlen(s)/2⌉.
		h += (s.BitLen() + 1) / 2
	}
	return h, nil
}

// normBits returns ⌈log₂ ‖v‖₂⌉ rounded up, an exponent e with ‖v‖ ≤ 2^e,
// for a vector of words.
func normBits(v []int64) int {
	var hi, lo uint64
	for _, x := range v {
		if x < 0 {
			x = -x
		}
		h, l := bits.Mul64(uint64(x), uint64(x))
		var c uint64
		lo, c = bits.Add64(lo, l, 0)
		hi += h + c
	}
	n := bits.Len64(lo)
	if hi != 0 {
		n = 64 + bits.Len64(hi)
	}
	return (n + 1) / 2
}

// determinantMultimodular returns det b for a square integer matrix; ok
// is false when it would need more than maxPrimes primes.
func determinantMultimodular(ctx context.Context, b [][]*big.Int) (det *big.Int, ok bool, err error) {
	n := len(b)
	if n == 0 {
		return big.NewInt(1), true, nil
	}
	if a, ok := wordMatrix(b); ok {
		return determinantWords(ctx, a)
	}
	h, err := hadamardBits(ctx, b)
	if err != nil {
		return nil, false, err
	}
	return classicalDeterminant(ctx, h, func(p uint64) modmat.Matrix { return reduceModmat(b, p) })
}

// determinantWords is determinantMultimodular for a nonempty word matrix
// with n·max|a| < 2^61: the divisor path, the singularity proof, and the
// classical path when both fail.
func determinantWords(ctx context.Context, a [][]int64) (*big.Int, bool, error) {
	n := len(a)
	rows, cols := log2Hadamard(a)
	h := bitsAbove(min(rows, cols), n)
	det, ok, err := determinantByDivisor(ctx, a, h, bitsAbove(cols, n))
	if err != nil || ok {
		return det, ok, err
	}
	singular, err := provablySingular(ctx, a)
	if err != nil {
		return nil, false, err
	}
	if singular {
		return new(big.Int), true, nil
	}
	return classicalDeterminant(ctx, h, func(p uint64) modmat.Matrix { return reduceWords(a, modular.NewModulus(p)) })
}

// classicalDeterminant reconstructs a determinant below 2^h in absolute
// value from its images modulo enough primes, reduce(p) being the matrix
// modulo p.
func classicalDeterminant(ctx context.Context, h int, reduce func(p uint64) modmat.Matrix) (*big.Int, bool, error) {
	vals, ok, err := reconstructSkipping(ctx, h+1, 1, 0, "determinant modulo primes", func(p uint64) []uint64 {
		d, err := modmat.DeterminantInPlace(ctx, reduce(p), modular.NewModulus(p))
		if err != nil {
			return []uint64{0} // cancelled: the caller sees ctx.Err()
		}
		return []uint64{d}
	})
	if err != nil || !ok {
		return nil, false, err
	}
	return vals[0], true, nil
}

// integerWords returns m as words when every entry is an integer and
// n·max|m| < 2^61, the condition of the divisor path, reading the
// entries in place (no big.Int copies).
func integerWords(m [][]core.Rational) ([][]int64, bool) {
	n := int64(len(m))
	limit := int64(1<<61) / max(n, 1)
	a := make([][]int64, n)
	for i, row := range m {
		a[i] = make([]int64, len(row))
		for j, x := range row {
			r := x.Rat()
			if !r.IsInt() || !r.Num().IsInt64() {
				return nil, false
			}
			v := r.Num().Int64()
			if v >= limit || v <= -limit {
				return nil, false
			}
			a[i][j] = v
		}
	}
	return a, true
}

// wordsWithin reports whether n·max|a| < 2^61 for the n rows of a, the
// condition of the divisor path that integerWords checks.
func wordsWithin(a [][]int64) bool {
	limit := int64(1<<61) / max(int64(len(a)), 1)
	for _, row := range a {
		for _, v := range row {
			if v >= limit || v <= -limit {
				return false
			}
		}
	}
	return true
}

// wordMatrix returns b as words when n·max|b| < 2^61, the condition of the
// divisor path.
func wordMatrix(b [][]*big.Int) ([][]int64, bool) {
	n := int64(len(b))
	limit := int64(1<<61) / n
	a := make([][]int64, n)
	for i, row := range b {
		a[i] = make([]int64, len(row))
		for j, x := range row {
			if !x.IsInt64() {
				return nil, false
			}
			v := x.Int64()
			if v >= limit || v <= -limit {
				return nil, false
			}
			a[i][j] = v
		}
	}
	return a, true
}

// log2Hadamard returns log₂ of the row and of the column Hadamard bounds,
// summing log₂ of the norms in floating point instead of rounding each up
// to a power of two (which loses half a bit per row: 100 bits, two primes,
// at n = 200).
func log2Hadamard(a [][]int64) (rows, cols float64) {
	n := len(a)
	line := make([]int64, n)
	for i := range n {
		rows += log2Norm(a[i])
		for j := range n {
			line[j] = a[j][i]
		}
		cols += log2Norm(line)
	}
	return rows, cols
}

// bitsAbove returns an integer H > x for a sum x of n terms from
// log2Hadamard. Each term is log₂ of an exact squared norm rounded to a
// float64, relative error 2^−53; the margin 10^−9·n covers that and the
// summation many times over.
func bitsAbove(x float64, n int) int {
	return int(math.Floor(x+1e-9*float64(n))) + 1
}

// preciseHadamardBits returns H with |det a| < 2^H from the smaller of the
// row and column Hadamard bounds.
func preciseHadamardBits(a [][]int64) int {
	rows, cols := log2Hadamard(a)
	return bitsAbove(min(rows, cols), len(a))
}

// log2Norm returns log₂ ‖v‖₂ (−Inf for the zero vector).
func log2Norm(v []int64) float64 {
	var hi, lo uint64
	for _, x := range v {
		if x < 0 {
			x = -x
		}
		h, l := bits.Mul64(uint64(x), uint64(x))
		var c uint64
		lo, c = bits.Add64(lo, l, 0)
		hi += h + c
	}
	return math.Log2(float64(hi)*0x1p64+float64(lo)) / 2
}

// reduceWords returns a mod p as a modmat matrix.
func reduceWords(a [][]int64, m modular.Modulus) modmat.Matrix {
	img := modmat.New(len(a), len(a[0]))
	for i, row := range a {
		out := img.Row(i)
		for j, x := range row {
			out[j] = m.ReduceInt(x)
		}
	}
	return img
}

// reduceModmat returns b mod p as a modmat matrix (b has at least one
// row).
func reduceModmat(b [][]*big.Int, p uint64) modmat.Matrix {
	img := modmat.New(len(b), len(b[0]))
	for i, row := range b {
		out := img.Row(i)
		for j, x := range row {
			out[j] = modular.Reduce(x, p)
		}
	}
	return img
}

// determinantByDivisor is the divisor path described above for a word
// matrix a with |det a| < 2^h and column norms multiplying to less than
// 2^hcols; ok is false when a is singular modulo the first dixonPrimes
// primes.
//
// The lifting is sequential, so while it runs the other cores compute
// det a modulo the next primes ahead of knowing how many will be needed
// (a detPool); once d is known the pool stops at the count det/d needs
// and the caller joins it for the rest.
func determinantByDivisor(ctx context.Context, a [][]int64, h, hcols int) (*big.Int, bool, error) {
	limit := speculativeLimit(len(a))
	pool := newDetPool(a, limit)
	specCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	// With nothing to speculate (limit 1: n < 74), no worker starts:
	// waiting for one that has nothing to do costs a scheduling round trip,
	// milliseconds on a loaded machine against a determinant of 1 ms.
	workers := runtime.GOMAXPROCS(0) - 1
	if limit <= 1 {
		workers = 0
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pool.work(specCtx)
		}()
	}
	defer func() {
		cancel()
		wg.Wait()
	}()
	// With no pool worker, the other core computes the cheap cofactor
	// image while the lifting runs: at n = 100 it is a fifth of the
	// work, and nearly always wanted (below 40, too little to hand off).
	var cofactor *speculation
	if workers == 0 && runtime.GOMAXPROCS(0) > 1 && len(a) >= 40 {
		cofactor = speculate(specCtx, func(ctx context.Context) (uint64, error) {
			return modmat.DeterminantSmall(ctx, a, cofactorPrime)
		})
	}

	var solver *modmat.Solver
	dixon := -1
	for i := range dixonPrimes {
		m := modular.NewModulus(modular.Prime62(i))
		s, ok, err := modmat.NewSolver(ctx, reduceWords(a, m), m)
		if err != nil {
			return nil, false, err
		}
		if ok {
			solver, dixon = s, i
			break
		}
	}
	if solver == nil {
		return nil, false, nil
	}
	d, err := detDivisor(ctx, a, solver, modular.Prime62(dixon), h, hcols)
	if err != nil {
		return nil, false, err
	}
	// det a = d·q with |q| < 2^h/d ≤ 2^(h − bitlen(d) + 1): primes whose
	// product exceeds 2^(h − bitlen(d) + 2) > 2|q|. The Dixon prime gives
	// more than 61 bits and each pool prime 61; cofactorPrime, when it does
	// not divide d, 25 more at the cost of a cheap 26-bit elimination, used
	// when it saves a pool prime.
	want := h - d.BitLen() + 2 - 61
	cover := func(bits int) int { return max(0, bits+60) / 61 } // pool primes for bits
	small := cover(want-25) < cover(want) && modular.Reduce(d, cofactorPrime) != 0
	if small {
		want -= 25
	}
	var primes, dets []uint64
	if want > 0 {
		primes, dets, err = pool.collect(ctx, cover(want), dixon, d)
		if err != nil {
			return nil, false, err
		}
	}
	primes = append(primes, modular.Prime62(dixon))
	dets = append(dets, solver.Determinant())
	if small {
		det, err := cofactor.get(ctx, func(ctx context.Context) (uint64, error) {
			return modmat.DeterminantSmall(ctx, a, cofactorPrime)
		})
		if err != nil {
			return nil, false, err
		}
		primes = append(primes, cofactorPrime)
		dets = append(dets, det)
	}
	// q ≡ det·d⁻¹ modulo each prime.
	for k, p := range primes {
		inv, _ := modular.Inverse(modular.Reduce(d, p), p)
		dets[k] = modular.Mul(dets[k], inv, p)
	}
	q := modular.NewCRTTree(primes).Combine(dets)
	return q.Mul(q, d), true, nil
}

// provablySingular looks for an exact proof that the word matrix a,
// singular modulo the first prime, is singular over Q: a nonzero integer
// vector v with a·v = 0. Modulo p the PLE decomposition gives the rank r
// < n, the pivot columns P and r rows R with a[R, P] nonsingular; for c
// the first column outside P, Dixon lifting solves a[R, P]·u = a[R, c]
// over Q (Cramer's numerators and denominator are r-minors of
// [a[R, P] | a[R, c]], below the product of its column norms), and v is
// u on P and −1 at c, cleared of denominators. If a·v = 0 exactly, det a
// = 0 is proved with one decomposition and one lifting, where the
// classical path would need primes beyond Hadamard's bound (hundreds at
// n = 1000). Otherwise (the rank over Q is larger than modulo p) it
// returns false and the classical path decides.
func provablySingular(ctx context.Context, a [][]int64) (bool, error) {
	n := len(a)
	p := modular.Prime62(0)
	m := modular.NewModulus(p)
	f, err := modmat.Decompose(ctx, reduceWords(a, m), n, m)
	if err != nil {
		return false, err
	}
	r := f.Rank()
	if r == 0 || r == n {
		return false, nil
	}
	pivots, rows := f.Pivots(), f.RowOrder()[:r]
	c := r // the first column outside the increasing pivots
	for j, q := range pivots {
		if q != j {
			c = j
			break
		}
	}
	sub := make([][]int64, r)
	rhs := make([]int64, r)
	for i, ri := range rows {
		sub[i] = make([]int64, r)
		for j, q := range pivots {
			sub[i][j] = a[ri][q]
		}
		rhs[i] = a[ri][c]
	}
	solver, ok, err := modmat.NewSolver(ctx, reduceWords(sub, m), m)
	if err != nil || !ok {
		return false, err
	}
	column := make([]int64, r)
	logBound := 0.0
	for j := 0; j <= r; j++ {
		for i := range column {
			if j < r {
				column[i] = sub[i][j]
			} else {
				column[i] = rhs[i]
			}
		}
		logBound += max(0, log2Norm(column))
	}
	bound := bitsAbove(logBound, r+1)
	k := (2*bound+1)/61 + 1
	digits, err := dixonDigits(ctx, sub, solver, p, rhs, k)
	if err != nil {
		return false, err
	}
	modulus := new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(k)), nil)
	half := new(big.Int).Rsh(modulus, 1)
	limit := new(big.Int).Lsh(big.NewInt(1), uint(bound))
	// The common denominator d, as in detDivisor; then d·u exactly.
	d := big.NewInt(1)
	x := make([]*big.Int, r)
	var y, nd, dd big.Int
	symmetric := func(z *big.Int) *big.Int {
		z.Mod(z, modulus)
		if z.Cmp(half) > 0 {
			z.Sub(z, modulus)
		}
		return z
	}
	for j := range x {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		x[j] = padicValue(digits, j, p)
		symmetric(y.Mul(x[j], d))
		nd.Mul(limit, d)
		dd.Quo(limit, d)
		if y.CmpAbs(&nd) <= 0 {
			continue
		}
		_, den, ok := modular.RationalReconstructBounds(&y, modulus, &nd, &dd)
		if !ok {
			return false, nil
		}
		d.Mul(d, den)
	}
	v := make([]*big.Int, n)
	for j := range v {
		v[j] = new(big.Int)
	}
	for j, q := range pivots {
		symmetric(v[q].Mul(x[j], d))
	}
	v[c].Neg(d)
	var sum, t big.Int
	for _, row := range a {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		sum.SetInt64(0)
		for j, e := range row {
			if e != 0 && v[j].Sign() != 0 {
				sum.Add(&sum, t.Mul(t.SetInt64(e), v[j]))
			}
		}
		if sum.Sign() != 0 {
			return false, nil
		}
	}
	return true, nil
}

// speculativeLimit is the first prime index the pool does not compute
// before d is known. For random entries log₂(H/|det A|) ≈ (n/2)·log₂ e ≈
// 0.72·n (see the file comment), and d is det A up to a few bits, so
// about (0.75·n + 6)/61 cofactor primes follow (measured, entries in
// [−99, 99], three seeds each: h − bitlen(d) is 34–41 bits at n = 50,
// 73–77 at 100, 144–152 at 200, 285–297 at 400, 361–365 at 500, needing
// 0, 1, 2, 4 and 5 or 6 primes; cofactorPrime covers 25 bits of them, so
// 0, 0, 2, 4 and 5 pool primes). The pool speculates exactly that many:
// a spare image costs a whole decomposition, 13% of the determinant at
// n = 200 when it was two, and structured matrices with a small d get
// their further primes after d.
func speculativeLimit(n int) int {
	return max(0, 3*n/4+6-25)/61 + 1
}

// speculation is a word computed ahead of knowing whether it is wanted,
// on a goroutine of its own. Whoever starts it first computes it: the
// goroutine, or, when it has not been scheduled yet, the caller of get,
// so that a loaded machine never makes the caller wait for a goroutine
// to start. Nobody waits for an unwanted one: it ends at its context's
// cancellation.
type speculation struct {
	claimed atomic.Bool
	done    chan struct{}
	value   uint64
	err     error
}

// speculate starts f on a goroutine of its own.
func speculate(ctx context.Context, f func(context.Context) (uint64, error)) *speculation {
	s := &speculation{done: make(chan struct{})}
	go func() {
		if !s.claimed.CompareAndSwap(false, true) {
			return
		}
		defer close(s.done)
		// No runtime guard covers this goroutine: a panic becomes the
		// speculation's error instead of ending the process.
		defer func() {
			if p := recover(); p != nil {
				s.err = fmt.Errorf("internal error (recovered panic): %v", p)
			}
		}()
		s.value, s.err = f(ctx)
	}()
	return s
}

// get returns the speculation's value, computing it with f under ctx when
// it has not started (or when s is nil), and otherwise waiting for it.
func (s *speculation) get(ctx context.Context, f func(context.Context) (uint64, error)) (uint64, error) {
	if s == nil || s.claimed.CompareAndSwap(false, true) {
		return f(ctx)
	}
	select {
	case <-s.done:
		return s.value, s.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// cofactorPrime is the largest prime below 2^26 (PARI/GP: precprime(2^26)
// = 67108859), the modulus of the cheap last image of the cofactor: its
// elimination (modmat.DeterminantSmall) needs no 128-bit products, and at
// n = 100 its 25 bits are all the cofactor needs beyond the Dixon prime.
const cofactorPrime = 1<<26 - 5

// detPool computes det a modulo Prime62(1), Prime62(2), … on demand and
// ahead of it. Before the divisor d is known its workers claim primes up
// to limit; afterwards only as many as are still missing.
type detPool struct {
	a     [][]int64
	mu    sync.Mutex
	cond  *sync.Cond
	next  int            // index of the next prime to claim, from 1
	limit int            // no claims at or beyond this index
	dets  map[int]uint64 // finished images by prime index
	busy  int            // claims in progress
	// Set by collect: the images still wanted, and which do not count.
	want   int
	usable func(i int) bool
}

func newDetPool(a [][]int64, limit int) *detPool {
	p := &detPool{a: a, next: 1, limit: limit, dets: map[int]uint64{}, want: -1}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// countLocked returns the finished images that count.
func (p *detPool) countLocked() int {
	c := 0
	for i := range p.dets {
		if p.usable == nil || p.usable(i) {
			c++
		}
	}
	return c
}

// claimLocked returns the next prime index worth computing, or false.
func (p *detPool) claimLocked() (int, bool) {
	if p.next >= p.limit && p.want < 0 {
		return 0, false
	}
	if p.want >= 0 && p.countLocked()+p.busy >= p.want {
		return 0, false
	}
	if p.next >= modular.MaxPrimes62 {
		return 0, false
	}
	i := p.next
	p.next++
	p.busy++
	return i, true
}

// compute runs one claimed image and records it (or drops it on
// cancellation).
func (p *detPool) compute(ctx context.Context, i int) error {
	m := modular.NewModulus(modular.Prime62(i))
	det, err := modmat.DeterminantInPlace(ctx, reduceWords(p.a, m), m)
	p.mu.Lock()
	p.busy--
	if err == nil {
		p.dets[i] = det
	}
	p.cond.Broadcast()
	p.mu.Unlock()
	return err
}

// work claims and computes images until none is worth claiming.
func (p *detPool) work(ctx context.Context) {
	for {
		p.mu.Lock()
		i, ok := p.claimLocked()
		p.mu.Unlock()
		if !ok || p.compute(ctx, i) != nil {
			return
		}
	}
}

// collect returns want images modulo primes other than the Dixon prime
// and not dividing d, computing the missing ones itself beside the
// workers.
func (p *detPool) collect(ctx context.Context, want, dixon int, d *big.Int) ([]uint64, []uint64, error) {
	p.mu.Lock()
	p.want = want
	p.usable = func(i int) bool {
		return i != dixon && modular.Reduce(d, modular.Prime62(i)) != 0
	}
	for p.countLocked() < want {
		if err := ctx.Err(); err != nil {
			p.mu.Unlock()
			return nil, nil, err
		}
		if i, ok := p.claimLocked(); ok {
			p.mu.Unlock()
			if err := p.compute(ctx, i); err != nil {
				return nil, nil, err
			}
			p.mu.Lock()
			continue
		}
		if p.busy == 0 {
			// Nothing in progress and nothing left to claim: the prime
			// table is exhausted (not reached for any admissible input).
			p.mu.Unlock()
			return nil, nil, fmt.Errorf("determinant: out of primes for the cofactor")
		}
		p.cond.Wait()
	}
	var primes, dets []uint64
	for i, det := range p.dets {
		if p.usable(i) {
			primes = append(primes, modular.Prime62(i))
			dets = append(dets, det)
		}
	}
	p.mu.Unlock()
	return primes, dets, nil
}

// detDivisor returns a positive divisor of det a: the lcm of the
// denominators of A⁻¹·b for a pseudo-random b, by Dixon lifting modulo the
// prime of solver (see the file comment). |det a| < 2^h, and the product
// of the column norms of a is below 2^hcols.
func detDivisor(ctx context.Context, a [][]int64, solver *modmat.Solver, p uint64, h, hcols int) (*big.Int, error) {
	n := len(a)
	rng := rand.New(rand.NewPCG(uint64(n), 0x6a61636f626961))
	rhs := make([]int64, n)
	for i := range rhs {
		rhs[i] = rng.Int64N(201) - 100
	}
	// Cramer: numerators |det A_j| ≤ ‖b‖·∏_{i≠j}‖col_i‖ < 2^nb, the
	// denominator |det A| < 2^h; lift until p^k > 2^(nb+h+1).
	nb := hcols + normBits(rhs)
	k := (nb+h+1)/61 + 1
	digits, err := dixonDigits(ctx, a, solver, p, rhs, k)
	if err != nil {
		return nil, err
	}
	modulus := new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(k)), nil)
	d := big.NewInt(1)
	numBound := new(big.Int).Lsh(big.NewInt(1), uint(nb))
	denBound := new(big.Int).Lsh(big.NewInt(1), uint(h))
	half := new(big.Int).Rsh(modulus, 1)
	var xj, y, nd, dd big.Int
	words := make([]big.Word, 0, k+1)
	unchanged := 0
	for j := 0; j < n && unchanged < stableEntries; j++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// x_j = Σ digits[i][j]·p^i, by Horner from the top digit.
		words = words[:0]
		for i := k - 1; i >= 0; i-- {
			words = mulAddWord(words, big.Word(p), big.Word(digits[i][j]))
		}
		xj.SetBits(words)
		// y = d·x_j: a fraction with numerator ≤ N·d and denominator
		// ≤ D/d, because lcm(d, den x_j) divides det A.
		y.Mul(&xj, d)
		y.Mod(&y, modulus)
		nd.Mul(numBound, d)
		dd.Quo(denBound, d)
		if y.Cmp(half) > 0 {
			y.Sub(&y, modulus)
		}
		if y.CmpAbs(&nd) <= 0 {
			unchanged++ // d·x_j is an integer: nothing new
			continue
		}
		_, den, ok := modular.RationalReconstructBounds(&y, modulus, &nd, &dd)
		if !ok {
			// Impossible for a correct lifting; keep the proven d.
			break
		}
		d.Mul(d, den)
		unchanged = 0
	}
	return d, nil
}

// dixonDigits returns the first k p-adic digits of A⁻¹·rhs, A = a a word
// matrix with n·max|a| < 2^61 and solver its decomposition modulo p, by
// Dixon's lifting (see the file comment): A⁻¹·rhs ≡ Σ_i digits[i]·p^i
// modulo p^k, each digit a vector of residues in [0, p).
func dixonDigits(ctx context.Context, a [][]int64, solver *modmat.Solver, p uint64, rhs []int64, k int) ([][]uint64, error) {
	n := len(a)
	m := modular.NewModulus(p)
	pinv := modular.WordInverse(p)
	digits := make([][]uint64, k)
	r := append([]int64(nil), rhs...)
	rm := make([]uint64, n)
	for step := range k {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		reportEvery(ctx, step, k, "p-adic lifting")
		for i, v := range r {
			rm[i] = m.ReduceInt(v)
		}
		x := make([]uint64, n)
		solver.Solve(x, rm)
		digits[step] = x
		// r ← (r − A·x)/p, exact, computed modulo 2^64: the true
		// quotient is below n·max|A| + 1 < 2^62 in absolute value. Four
		// partial sums (arithmetic modulo 2^64 is associative) keep the
		// loop from being one chain of dependent subtractions.
		for i, row := range a {
			var s0, s1, s2, s3 uint64
			xs := x[:len(row)]
			j := 0
			for ; j+4 <= len(row); j += 4 {
				s0 += uint64(row[j]) * xs[j]
				s1 += uint64(row[j+1]) * xs[j+1]
				s2 += uint64(row[j+2]) * xs[j+2]
				s3 += uint64(row[j+3]) * xs[j+3]
			}
			for ; j < len(row); j++ {
				s0 += uint64(row[j]) * xs[j]
			}
			r[i] = int64((uint64(r[i]) - (s0 + s1) - (s2 + s3)) * pinv)
		}
	}
	return digits, nil
}

// padicValue returns Σ_i digits[i][j]·p^i, entry j of a Dixon lifting.
func padicValue(digits [][]uint64, j int, p uint64) *big.Int {
	var words []big.Word
	for i := len(digits) - 1; i >= 0; i-- {
		words = mulAddWord(words, big.Word(p), big.Word(digits[i][j]))
	}
	return new(big.Int).SetBits(words)
}

// mulAddWord returns w·q + c for little-endian words w.
func mulAddWord(w []big.Word, q, c big.Word) []big.Word {
	for i, x := range w {
		hi, lo := bits.Mul(uint(x), uint(q))
		var carry uint
		lo, carry = bits.Add(lo, uint(c), 0)
		w[i] = big.Word(lo)
		c = big.Word(hi + carry)
	}
	if c != 0 {
		w = append(w, c)
	}
	return w
}

// reduceMatrix returns b mod p.
func reduceMatrix(b [][]*big.Int, p uint64) modular.Matrix {
	img := make(modular.Matrix, len(b))
	for i, row := range b {
		img[i] = make([]uint64, len(row))
		for j, x := range row {
			img[i][j] = modular.Reduce(x, p)
		}
	}
	return img
}

// maxPrimes bounds the primes of one reconstruction, about 250,000 bits;
// beyond it the simple methods, which poll for cancellation throughout,
// take over.
const maxPrimes = 4096

// maxResidueWords bounds the residues one reconstruction holds at once
// (k primes × width values), 128 MiB; larger inputs go to the simple
// methods, whose working set the operations' limits bound.
const maxResidueWords = 1 << 24

// reconstructSkipping recovers width integers, each of absolute value
// below 2^(bits−1), from their images modulo the largest primes below
// 2^62 (modular.Primes62): image(p) returns the width residues modulo p,
// or nil when p is unlucky for the input (the prime is then skipped).
// Images are computed in parallel on all cores and combined by the CRT
// tree into the symmetric range. ok is false, with no error, when more
// than maxSkips primes were unlucky or the bounds maxPrimes or
// maxResidueWords would be exceeded.
func reconstructSkipping(ctx context.Context, bits, width, maxSkips int, what string, image func(p uint64) []uint64) ([]*big.Int, bool, error) {
	// Each prime exceeds 2^61, so k primes give M > 2^(61k) ≥ 2^bits,
	// twice the bound on the values.
	need := bits/61 + 1
	if need > maxPrimes || need*width > maxResidueWords || need+maxSkips > modular.MaxPrimes62 {
		return nil, false, nil
	}
	var primes []uint64
	var residues [][]uint64
	next, skipped := 0, 0
	for len(primes) < need {
		// One round computes the images still needed; an unlucky prime
		// (rare) costs another round.
		round := modular.Primes62(next + need - len(primes))[next:]
		next += len(round)
		images, err := parallelImages(ctx, round, what, image)
		if err != nil {
			return nil, false, err
		}
		for k, img := range images {
			if img == nil {
				skipped++
				continue
			}
			primes = append(primes, round[k])
			residues = append(residues, img)
		}
		if skipped > maxSkips || next+need-len(primes) > modular.MaxPrimes62 {
			return nil, false, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	out := make([]*big.Int, width)
	if err := modular.NewCRTTree(primes).CombineVector(ctx, residues, out); err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// parallelImages computes image(p) for every prime on all cores. The
// feeder checks for cancellation between any two primes.
func parallelImages(ctx context.Context, primes []uint64, what string, image func(p uint64) []uint64) ([][]uint64, error) {
	images := make([][]uint64, len(primes))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(primes)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				images[k] = image(primes[k])
			}
		}()
	}
	var err error
	for k := 0; k < len(primes) && err == nil; k++ {
		select {
		case next <- k:
			reportEvery(ctx, k, len(primes), what)
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	close(next)
	wg.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return images, err
}
