package matrix

// Dixon p-adic lifting for nonsingular square systems.
//
// Dixon ("Exact solution of linear equations using p-adic expansions",
// Numer. Math. 40 (1982) 137–141) solves A·X = B over Q, A an n×n integer
// matrix and B an n×k integer matrix, with one inversion modulo a
// word-size prime p and cheap lifting steps: with C = A⁻¹ mod p, R₀ = B,
//
//	X_s = C·R_s mod p,   R_{s+1} = (R_s − A·X_s)/p,
//
// the division being exact, and Σ_{s<S} X_s·p^s ≡ A⁻¹·B (mod p^S); the
// solution is read from that image as described below. A step costs one product modulo p (C·R_s, or two
// triangular substitutions per column when k is small) and one integer
// product A·X_s. Because |R_s| stays below n·max|A| + 1, that product is
// computed modulo 2^64 and the exact division by p is a multiplication by
// p⁻¹ modulo 2^64 (Jebelean, "An algorithm for exact division", J. Symb.
// Comp. 15 (1993)), as in the determinant's divisor path
// (determinant_crt.go). A right-hand side too large for a word enters as
// its balanced base-p digits, digit t added to R_t, which keeps the same
// bound and the same invariant B − A·X_{<s} ≡ 0 (mod p^s).
//
// Digits are balanced (residues above p/2 stand for their difference with
// p), so that Σ_{s<S} X_s·p^s is the representative of A⁻¹·B mod p^S in
// the symmetric range, which matters below.
//
// Denominators. Every entry of A⁻¹·B has a denominator dividing det A, so
// the entries share one denominator L, for the inverse the largest
// invariant factor of A, usually |det A|. L is found first, cheaply, by
// solving for two random combinations B·w of the columns (Abbott,
// Bronstein and Mulders, ISSAC 1999, §3): the lcm of their denominators
// is, but for small primes q missed with probability about q^−2, that of
// all of A⁻¹·B, and a fixed smooth multiplier (dixonSmooth) covers the
// small primes. Then the k columns are lifted for A·Y = L·B, whose
// solution Y is an integer matrix: with balanced digits the expansion of
// an integer ends, so the residual becomes 0 as soon as p^S > 2·max|Y|,
// and R_S = 0 with B's digits used up proves A·X_S = L·B exactly
// (settled). That needs only the precision of Y, about half of what
// reconstructing each fraction would: 21 steps instead of 44 for the
// inverse of a 150×150 matrix with entries below 100.
//
// Checks. Where no denominator is known (the combinations, a single
// right-hand side) or L lacks a factor, the solution is read from its
// image modulo p^S by rational reconstruction (Wang; von zur Gathen and
// Gerhard, Modern Computer Algebra, §5.10), entry by entry as y = L·x mod
// p^S in the symmetric range, an integer when L is right; an entry whose
// y is not small is reconstructed as a fraction, multiplying L by its
// denominator (the device of the determinant's divisor path). Such a
// check stops the lifting early and is proven without a product (Cabay,
// "Exact solution of linear equations", SYMSAC 1971): when every y of a
// block satisfies max_i Σ_j |A_ij|·max|y| + L·max|B| < p^S, the integer
// matrix A·Y − L·B is ≡ 0 modulo p^S and smaller than p^S in absolute
// value, hence zero. Reconstructions at early checks use bounds whose
// product is 2^−42·p^S, so a spurious fraction (which could only cost
// steps, never correctness) is unlikely: balanced bounds when nothing is
// known, a denominator bound of 2^24 when L is known but for a factor.
// Lifting never goes beyond p^S > 2·N·D, N and D Hadamard's bounds for
// Cramer's numerators and det A, where reconstruction with the bounds N·L
// and D/L is unique (every L met divides det A), hence correct unchecked.
//
// Scope. A must be a word matrix with n·max|A| < 2^61 and nonsingular
// modulo one of the first dixonPrimes 62-bit primes (a singular A always
// is singular modulo p); otherwise the caller's certified multi-modular or
// fraction-free reduction (rref_crt.go, eliminate.go), which stays the
// reference, decides. The k columns are lifted as independent blocks, one
// per core.

import (
	"context"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

// dixonThreshold is the order from which inverse and solve try Dixon
// lifting before the reduction of [A | B] for fewer than dixonWide
// right-hand sides, and dixonWideThreshold the order for more (the
// inverse). BenchmarkDixonPaths, entries in [−99, 99], two cores, loaded:
// one column, n = 12: 0.10 ms against 0.06 ms by reduction; n = 16,
// 0.08–0.24 against 0.17–0.19 ms; n = 24, 0.16–0.26 against 0.76–0.81 ms.
// Inverse, n = 24: 1.7–2.3 against 1.1–1.4 ms; n = 50, 11.0–11.6 against
// 11.2–11.8 ms; n = 100, 64–82 against 116–121 ms.
const (
	dixonThreshold     = 16
	dixonWideThreshold = 50
)

// useDixon reports whether a system of order n with k right-hand sides
// goes to Dixon lifting first.
func useDixon(n, k int) bool {
	if k >= dixonWide {
		return n >= dixonWideThreshold
	}
	return n >= dixonThreshold
}

// dixonWide is the block width from which a step multiplies by A⁻¹ mod p
// (one product on modmat's kernels) instead of solving each column by
// triangular substitution; below it the inverse is not worth forming.
const dixonWide = 8

// dixonSpurious is log₂ of the inverse probability that a reconstruction
// at an early check returns a fraction that is not the entry's.
const dixonSpurious = 42

// dixonExtraSteps is how many steps beyond the estimate exactBlock
// lifts before it concludes that its denominator lacks a factor.
const dixonExtraSteps = 3

// dixonCombinations is the number of random combinations of the columns
// whose denominators give the common one, and dixonSmooth = 2^6·3^3·5^2·7
// a multiplier that covers the factors of small primes they still miss
// (for q = 2, half of the time with one combination when det A is even).
// A factor missed nonetheless costs a check in mode short.
const (
	dixonCombinations = 2
	dixonSmooth       = 64 * 27 * 25 * 7
)

// dixonMaxWords bounds the p-adic digits one solve holds, 512 MiB.
const dixonMaxWords = 1 << 26

// dixonMissing is log₂ of the largest factor an early check adds to a
// known denominator; a larger one (which a random combination misses
// with probability about 2^−24) waits for the proven bound.
const dixonMissing = 24

// dixonSystem is what every lifting of A·X = B shares: A as words, its
// decomposition and (for wide blocks) its inverse modulo p, and the bounds
// of the checks.
type dixonSystem struct {
	n      int
	a      [][]int64
	p      uint64
	m      modular.Modulus
	pinv   uint64 // p⁻¹ modulo 2^64
	solver *modmat.Solver

	invOnce sync.Once
	inv     modmat.Matrix
	invErr  error

	// rowSum is max_i Σ_j |A_ij|, so that ‖A·y‖∞ ≤ rowSum·‖y‖∞.
	rowSum *big.Int
	// |det A| < 2^detBits and ∏_j ‖col_j‖₂ < 2^colBits.
	detBits, colBits int
}

// newDixonSystem prepares the first n columns of the integer rows b as A;
// ok is false when A is not a word matrix with n·max|A| < 2^61 or is
// singular modulo each of the first dixonPrimes primes.
func newDixonSystem(ctx context.Context, b [][]*big.Int, n int) (*dixonSystem, bool, error) {
	left := make([][]*big.Int, n)
	for i := range left {
		left[i] = b[i][:n]
	}
	a, ok := wordMatrix(left)
	if !ok {
		return nil, false, nil
	}
	for i := range dixonPrimes {
		p := modular.Prime62(i)
		m := modular.NewModulus(p)
		s, ok, err := modmat.NewSolver(ctx, reduceWords(a, m), m)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			continue
		}
		rows, cols := log2Hadamard(a)
		sys := &dixonSystem{n: n, a: a, p: p, m: m, pinv: modular.WordInverse(p), solver: s,
			detBits: bitsAbove(min(rows, cols), n), colBits: bitsAbove(cols, n), rowSum: new(big.Int)}
		for _, row := range a {
			var sum uint64 // below 2^61 by the word condition
			for _, v := range row {
				sum += uint64(max(v, -v))
			}
			if sum > sys.rowSum.Uint64() {
				sys.rowSum.SetUint64(sum)
			}
		}
		return sys, true, nil
	}
	return nil, false, nil
}

// inverse returns A⁻¹ mod p, formed once: the reduced echelon form of
// [A | I] on modmat.
func (sys *dixonSystem) inverse(ctx context.Context) (modmat.Matrix, error) {
	sys.invOnce.Do(func() {
		n := sys.n
		aug := modmat.New(n, 2*n)
		for i, row := range sys.a {
			out := aug.Row(i)
			for j, v := range row {
				out[j] = sys.m.ReduceInt(v)
			}
			out[n+i] = 1
		}
		red, _, err := modmat.ReducedRowEchelon(ctx, aug, n, sys.m)
		if err != nil {
			sys.invErr = err
			return
		}
		sys.inv = red.Slice(0, n, n, 2*n).Clone()
	})
	return sys.inv, sys.invErr
}

// dixonLift is the lifting of one block of k columns of B.
type dixonLift struct {
	sys *dixonSystem
	k   int
	// r is the residual R_s, n×k row-major; |entries| < 2^62.
	r []int64
	// rest[t] is balanced base-p digit t+1 of the block (n×k, row-major),
	// added to the residual after step t; empty when B fits the digit 0.
	rest [][]int64
	// digits[s] is X_s.
	digits []modmat.Matrix
	// maxB is max|B| over the block and numBits bounds Cramer's
	// numerators: |det(A with column i replaced by b_j)| < 2^numBits.
	maxB    *big.Int
	numBits int
}

// newDixonLift starts the lifting of the columns cols (n rows each of k
// integers).
func newDixonLift(sys *dixonSystem, cols [][]*big.Int) *dixonLift {
	n := sys.n
	k := len(cols[0])
	l := &dixonLift{sys: sys, k: k, r: make([]int64, n*k), maxB: new(big.Int)}
	half := new(big.Int).SetUint64(sys.p / 2)
	var d big.Int
	norms := make([]*big.Int, k) // squared column norms
	for j := range norms {
		norms[j] = new(big.Int)
	}
	for i, row := range cols {
		for j, x := range row {
			if x.CmpAbs(l.maxB) > 0 {
				l.maxB.Abs(x)
			}
			norms[j].Add(norms[j], d.Mul(x, x))
			if x.CmpAbs(half) <= 0 {
				l.r[i*k+j] = x.Int64()
				continue
			}
			for t, digit := range balancedDigits(x, sys.p) {
				if t == 0 {
					l.r[i*k+j] = digit
					continue
				}
				for len(l.rest) < t {
					l.rest = append(l.rest, make([]int64, n*k))
				}
				l.rest[t-1][i*k+j] = digit
			}
		}
	}
	top := 0
	for _, s := range norms {
		top = max(top, (s.BitLen()+1)/2)
	}
	l.numBits = sys.colBits + top
	return l
}

// step computes X_s and R_{s+1}.
func (l *dixonLift) step(ctx context.Context) error {
	sys, n, k := l.sys, l.sys.n, l.k
	m := sys.m
	var x modmat.Matrix
	if k < dixonWide {
		x = modmat.New(n, k)
		col, out := make([]uint64, n), make([]uint64, n)
		for j := range k {
			for i := range n {
				col[i] = m.ReduceInt(l.r[i*k+j])
			}
			sys.solver.Solve(out, col)
			for i, v := range out {
				x.Set(i, j, v)
			}
		}
	} else {
		inv, err := sys.inverse(ctx)
		if err != nil {
			return err
		}
		rm := modmat.New(n, k)
		for i := range n {
			row := rm.Row(i)
			for j := range row {
				row[j] = m.ReduceInt(l.r[i*k+j])
			}
		}
		if x, err = modmat.Mul(ctx, inv, rm, m); err != nil {
			return err
		}
	}
	var next []int64
	if s := len(l.digits); s < len(l.rest) {
		next = l.rest[s]
	}
	// The balanced digits, as words modulo 2^64.
	xb := modmat.New(n, k)
	for i := range n {
		out := xb.Row(i)
		for j, v := range x.Row(i) {
			if v > sys.p/2 {
				v -= sys.p
			}
			out[j] = v
		}
	}
	// R ← (R − A·X)/p, exact, computed modulo 2^64: the true quotient is
	// below n·max|A|/2 + 1 < 2^60 in absolute value, plus a balanced
	// digit of B.
	acc := make([]uint64, k)
	for i, row := range sys.a {
		if i%32 == 31 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		ri := l.r[i*k : (i+1)*k]
		for j, v := range ri {
			acc[j] = uint64(v)
		}
		for c, v := range row {
			if v == 0 {
				continue
			}
			u := uint64(v)
			xc := xb.Row(c)[:len(acc)]
			for j := range acc {
				acc[j] -= u * xc[j]
			}
		}
		for j := range ri {
			ri[j] = int64(acc[j] * sys.pinv)
			if next != nil {
				ri[j] += next[i*k+j]
			}
		}
	}
	l.digits = append(l.digits, x)
	return nil
}

// value returns entry (i, j) of Σ_s X_s·p^s, X_s the balanced digits
// (residues above p/2 stand for their difference with p), as E in
// [0, p^S) and f with Σ = E − f·p^S: digit-wise, the residues minus the
// carries of the negative digits, with borrows.
func (l *dixonLift) value(i, j int) (*big.Int, int) {
	p := l.sys.p
	e := make([]big.Word, len(l.digits))
	var carry, borrow uint64
	for t, d := range l.digits {
		r := d.At(i, j)
		if sub := carry + borrow; r >= sub {
			e[t], borrow = big.Word(r-sub), 0
		} else {
			e[t], borrow = big.Word(r+p-sub), 1
		}
		carry = 0
		if r > p/2 {
			carry = 1
		}
	}
	words := make([]big.Word, 0, len(e)+1)
	for t := len(e) - 1; t >= 0; t-- {
		words = mulAddWord(words, big.Word(p), e[t])
	}
	return new(big.Int).SetBits(words), int(carry + borrow)
}

// settled reports whether R_S = 0 with every digit of B consumed: then
// A·Σ_s X_s·p^s = B exactly (the invariant of the file comment).
func (l *dixonLift) settled() bool {
	if len(l.digits) < len(l.rest) {
		return false
	}
	for _, v := range l.r {
		if v != 0 {
			return false
		}
	}
	return true
}

// exact returns Σ_s X_s·p^s, the integer solution when settled.
func (l *dixonLift) exact() []*big.Int {
	mod := new(big.Int).Exp(new(big.Int).SetUint64(l.sys.p), big.NewInt(int64(len(l.digits))), nil)
	y := make([]*big.Int, l.sys.n*l.k)
	for idx := range y {
		v, f := l.value(idx/l.k, idx%l.k)
		if f != 0 {
			v.Sub(v, new(big.Int).Mul(big.NewInt(int64(f)), mod))
		}
		y[idx] = v
	}
	return y
}

// provenSteps is the S with p^S > 2·N·D (see the file comment).
func (l *dixonLift) provenSteps() int {
	return (l.numBits+l.sys.detBits+1)/61 + 1
}

// checkMode selects the bounds of certify.
type checkMode int

const (
	// proven: at provenSteps, Cramer's bounds, no check needed.
	proven checkMode = iota
	// balanced: an early check with no denominator known, equal bounds
	// for numerator and denominator.
	balanced
	// short: an early check with the denominator known but for a factor
	// of at most dixonMissing bits.
	short
)

// certify tries to read the block's solution from its image modulo p^S:
// entries y (n×k, row-major) and one denominator L with X = Y/L, starting
// from the multiple den. In mode proven, S must be at least provenSteps
// and den must divide det A; otherwise success is proven by the size
// check of the file comment. ok is false when the precision does not
// suffice yet.
func (l *dixonLift) certify(ctx context.Context, den *big.Int, mode checkMode) ([]*big.Int, *big.Int, bool, error) {
	n, k := l.sys.n, l.k
	mod := new(big.Int).Exp(new(big.Int).SetUint64(l.sys.p), big.NewInt(int64(len(l.digits))), nil)
	half := new(big.Int).Rsh(mod, 1)
	vals := make([]*big.Int, n*k)
	y := make([]*big.Int, n*k)
	den = new(big.Int).Set(den)
	var accept, numBound, denBound big.Int
	one := big.NewInt(1)
restart:
	if mode == proven {
		numBound.Lsh(den, uint(l.numBits))
		denBound.Lsh(one, uint(l.sys.detBits))
		denBound.Quo(&denBound, den)
		if denBound.Sign() == 0 {
			return nil, nil, false, nil
		}
		accept.Set(&numBound)
	} else {
		accept.Mul(den, l.maxB)
		if accept.Cmp(mod) >= 0 {
			return nil, nil, false, nil
		}
		accept.Sub(mod, &accept)
		accept.Sub(&accept, one)
		accept.Quo(&accept, l.sys.rowSum)
		// Balanced bounds whose product is 2^−42·p^S, for the first
		// entries from den = 1; a short one for a factor that a known
		// den lacks, which then costs no extra precision.
		if mode == balanced {
			numBound.Rsh(mod, dixonSpurious)
			numBound.Sqrt(&numBound)
			denBound.Set(&numBound)
		} else {
			denBound.Lsh(one, dixonMissing)
			numBound.Rsh(mod, dixonSpurious+dixonMissing)
		}
		if numBound.Sign() == 0 {
			return nil, nil, false, nil
		}
	}
	for idx := range y {
		if idx%64 == 63 {
			if err := ctx.Err(); err != nil {
				return nil, nil, false, err
			}
		}
		if vals[idx] == nil {
			vals[idx], _ = l.value(idx/k, idx%k)
		}
		t := new(big.Int).Mul(den, vals[idx])
		t.Mod(t, mod)
		if t.Cmp(half) > 0 {
			t.Sub(t, mod)
		}
		if t.CmpAbs(&accept) <= 0 {
			y[idx] = t
			continue
		}
		a, e, ok := modular.RationalReconstructBounds(t, mod, &numBound, &denBound)
		if !ok || e.Cmp(one) == 0 || a.CmpAbs(&accept) > 0 {
			return nil, nil, false, nil
		}
		den.Mul(den, e)
		goto restart
	}
	return y, den, true, nil
}

// solveBlock lifts one block until certify succeeds. With den = 1 (no
// denominator known) checks come at growing fractions of the proven step
// count; from a known multiple den, every step from first on.
func (sys *dixonSystem) solveBlock(ctx context.Context, cols [][]*big.Int, den *big.Int, first int) ([]*big.Int, *big.Int, bool, error) {
	l := newDixonLift(sys, cols)
	last := l.provenSteps()
	next := first
	if den.Cmp(big.NewInt(1)) == 0 {
		next = max(1, last/8)
	}
	for s := 1; s <= last; s++ {
		reportEvery(ctx, s, last, "p-adic lifting")
		if err := l.step(ctx); err != nil {
			return nil, nil, false, err
		}
		if s == last {
			// From 1: a denominator found by an early check could in
			// principle hold a spurious factor, which the proven bounds
			// do not allow.
			return l.certify(ctx, big.NewInt(1), proven)
		}
		if s < next {
			continue
		}
		mode := short
		if den.Cmp(big.NewInt(1)) == 0 {
			mode = balanced
		}
		y, d, ok, err := l.certify(ctx, den, mode)
		if err != nil || ok {
			return y, d, ok, err
		}
		if den.Cmp(big.NewInt(1)) == 0 {
			next = s + max(1, (last-s)/2)
		} else {
			next = s + 1
		}
	}
	return nil, nil, false, nil
}

// dixonSolve returns A⁻¹·B, reduced rationals, for the integer rows of
// [A | B] with A the first n columns; ok is false when Dixon lifting does
// not apply (see the file comment) and the caller must reduce instead.
func dixonSolve(ctx context.Context, b [][]*big.Int, n int) ([][]core.Rational, bool, error) {
	if n == 0 || len(b) != n {
		return nil, false, nil
	}
	k := len(b[0]) - n
	sys, ok, err := newDixonSystem(ctx, b, n)
	if err != nil || !ok {
		return nil, false, err
	}
	rhs := make([][]*big.Int, n)
	for i := range rhs {
		rhs[i] = b[i][n:]
	}
	// The digits of the lifting are held until the end: about half the
	// proven steps for n×k words. Beyond dixonMaxWords the reduction,
	// whose working set the operations' limits bound, answers instead.
	if steps := (sys.colBits + sys.detBits + maxOf(rhs).BitLen() + bits.Len(uint(n))) / 122; steps*n*k > dixonMaxWords {
		return nil, false, nil
	}
	if k == 0 {
		out := make([][]core.Rational, n)
		for i := range out {
			out[i] = []core.Rational{}
		}
		return out, true, nil
	}
	den, yBits := big.NewInt(1), 0
	if k > 1 {
		// The denominator from one random combination of the columns,
		// while A⁻¹ mod p is formed on another core.
		var wg sync.WaitGroup
		if k >= dixonWide {
			wg.Go(func() { _, _ = sys.inverse(ctx) })
		}
		d, f, ok, err := sys.commonDenominator(ctx, rhs)
		wg.Wait()
		if err != nil || !ok {
			return nil, false, err
		}
		den, yBits = d, f
	}
	blocks := min(runtime.GOMAXPROCS(0), max(1, k/dixonWide))
	out := make([][]core.Rational, n)
	for i := range out {
		out[i] = make([]core.Rational, k)
	}
	errs := make([]error, blocks)
	oks := make([]bool, blocks)
	var wg sync.WaitGroup
	for blk := range blocks {
		lo, hi := blk*k/blocks, (blk+1)*k/blocks
		wg.Go(func() {
			cols := make([][]*big.Int, n)
			for i := range cols {
				cols[i] = rhs[i][lo:hi]
			}
			var y []*big.Int
			var d *big.Int
			var ok bool
			var err error
			if k > 1 {
				y, d, ok, err = sys.exactBlock(ctx, cols, den, yBits)
			} else {
				y, d, ok, err = sys.solveBlock(ctx, cols, den, 1)
			}
			if err != nil || !ok {
				errs[blk] = err
				return
			}
			fractions, err := reducedFractions(ctx, y, d)
			if err != nil {
				errs[blk] = err
				return
			}
			w := hi - lo
			for i := range n {
				copy(out[i][lo:hi], fractions[i*w:(i+1)*w])
			}
			oks[blk] = true
		})
	}
	wg.Wait()
	for blk := range blocks {
		if errs[blk] != nil || !oks[blk] {
			return nil, false, errs[blk]
		}
	}
	return out, true, nil
}

// commonDenominator returns a multiple of the lcm of the denominators of
// A⁻¹·rhs, almost always (see dixonCombinations), and an estimate of the
// bits of Y = L·A⁻¹·rhs: the solutions z of A·z = rhs·w for seeded
// random w have L·z = Y·w, so |Y| ≈ |L·z|/‖w‖.
func (sys *dixonSystem) commonDenominator(ctx context.Context, rhs [][]*big.Int) (*big.Int, int, bool, error) {
	k := len(rhs[0])
	rng := rand.New(rand.NewPCG(uint64(sys.n), uint64(k)))
	w := make([][]int64, dixonCombinations)
	for c := range w {
		w[c] = make([]int64, k)
		for j := range w[c] {
			w[c][j] = rng.Int64N(201) - 100
		}
	}
	comb := make([][]*big.Int, sys.n)
	var t big.Int
	for i, row := range rhs {
		comb[i] = make([]*big.Int, len(w))
		for c := range w {
			s := new(big.Int)
			for j, x := range row {
				if x.Sign() != 0 && w[c][j] != 0 {
					s.Add(s, t.Mul(x, t.SetInt64(w[c][j])))
				}
			}
			comb[i][c] = s
		}
	}
	z, den, ok, err := sys.solveBlock(ctx, comb, big.NewInt(1), 1)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	top := 0
	for _, v := range z {
		top = max(top, v.BitLen())
	}
	// Each combination misses a prime q of the lcm with probability
	// about 1/q; the small ones, where that is likely, are covered by
	// dixonSmooth at the cost of its bits in Y.
	den.Mul(den, big.NewInt(dixonSmooth))
	wBits := bits.Len64(uint64(100*k)) - bits.Len64(uint64(k))/2
	return den, max(0, top-wBits+bits.Len64(dixonSmooth)), true, nil
}

// exactBlock lifts A·Y = den·B for one block with den a (presumed)
// common denominator, so that Y is an integer matrix: with balanced
// digits the residual then becomes zero as soon as p^S > 2·max|Y|, which
// proves Y exact (settled). If that has not happened a few steps past
// yBits, the estimated bits of max|Y|, den lacks a factor, which early
// checks in mode short recover at little more precision; the result is
// X = Y/d. ok is false when even that fails by the proven bound.
func (sys *dixonSystem) exactBlock(ctx context.Context, cols [][]*big.Int, den *big.Int, yBits int) ([]*big.Int, *big.Int, bool, error) {
	scaled := make([][]*big.Int, len(cols))
	for i, row := range cols {
		scaled[i] = make([]*big.Int, len(row))
		for j, x := range row {
			scaled[i][j] = new(big.Int).Mul(x, den)
		}
	}
	l := newDixonLift(sys, scaled)
	limit := max(len(l.rest)+1, (yBits+1)/61+1) + dixonExtraSteps
	last := l.provenSteps()
	for s := 1; s <= last; s++ {
		reportEvery(ctx, s, last, "p-adic lifting")
		if err := l.step(ctx); err != nil {
			return nil, nil, false, err
		}
		if l.settled() {
			return l.exact(), den, true, nil
		}
		if s >= limit || s == last {
			mode := short
			if s == last {
				mode = proven
			}
			y, d, ok, err := l.certify(ctx, big.NewInt(1), mode)
			if err != nil || ok {
				return y, d.Mul(d, den), ok, err
			}
		}
	}
	return nil, nil, false, nil
}

// fractionGroup is the number of entries whose coprimality with the
// denominator one gcd settles in reducedFractions.
const fractionGroup = 32

// reducedFractions returns y_i/den in lowest terms. A gcd of the long
// numbers per entry (big.Rat's normalisation) would cost as much as the
// lifting, while almost every numerator is prime to den. So the numerators
// are taken in groups: g = gcd(∏ y_i mod den, den) is 1 for most groups,
// proving each y_i prime to den with one multiplication each; otherwise
// gcd(y_i, den) = gcd(y_i, g) (every prime power of den dividing y_i
// divides the product), a gcd with the short g.
func reducedFractions(ctx context.Context, y []*big.Int, den *big.Int) ([]core.Rational, error) {
	out := make([]core.Rational, len(y))
	if den.Cmp(big.NewInt(1)) == 0 {
		for i, v := range y {
			out[i] = core.Rat(new(big.Rat).SetInt(v))
		}
		return out, nil
	}
	var prod, t, q, g, gi big.Int
	for lo := 0; lo < len(y); lo += fractionGroup {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		group := y[lo:min(lo+fractionGroup, len(y))]
		prod.SetInt64(1)
		for _, v := range group {
			if v.Sign() != 0 {
				t.Mul(&prod, v)
				q.QuoRem(&t, den, &prod)
			}
		}
		g.GCD(nil, nil, &prod, den)
		for i, v := range group {
			switch {
			case v.Sign() == 0:
				out[lo+i] = core.Rat(new(big.Rat))
			case g.Cmp(big.NewInt(1)) == 0:
				out[lo+i] = core.Rat(fractionOf(v, den))
			default:
				gi.GCD(nil, nil, t.Mod(v, &g), &g)
				if gi.Sign() == 0 { // g divides v
					gi.Set(&g)
				}
				out[lo+i] = core.Rat(fractionOf(new(big.Int).Quo(v, &gi), new(big.Int).Quo(den, &gi)))
			}
		}
	}
	return out, nil
}

// fractionOf returns num/den for coprime num and den > 0 without
// big.Rat's normalising gcd: the numerator and denominator of a Rat whose
// denominator is not 1 are references into it (math/big: Num, Denom).
func fractionOf(num, den *big.Int) *big.Rat {
	if den.Cmp(big.NewInt(1)) == 0 {
		return new(big.Rat).SetInt(num)
	}
	r := big.NewRat(1, 2)
	r.Num().Set(num)
	r.Denom().Set(den)
	return r
}

// balancedDigits returns the d_t with x = Σ_t d_t·p^t and |d_t| ≤ p/2,
// by repeated division of |x|'s words by p (a digit above p/2 becomes
// d − p and carries one into the quotient).
func balancedDigits(x *big.Int, p uint64) []int64 {
	w := make([]uint64, 0, len(x.Bits()))
	for _, v := range x.Bits() {
		w = append(w, uint64(v))
	}
	var digits []int64
	for len(w) > 0 {
		var rem uint64
		for i := len(w) - 1; i >= 0; i-- {
			w[i], rem = bits.Div64(rem, w[i], p)
		}
		d := int64(rem)
		if rem > p/2 {
			d -= int64(p)
			for i := range w { // w += 1
				w[i]++
				if w[i] != 0 {
					break
				}
				if i == len(w)-1 {
					w = append(w, 1)
					break
				}
			}
		}
		for len(w) > 0 && w[len(w)-1] == 0 {
			w = w[:len(w)-1]
		}
		if x.Sign() < 0 {
			d = -d
		}
		digits = append(digits, d)
	}
	return digits
}

// maxOf returns max |x| over the rows.
func maxOf(rows [][]*big.Int) *big.Int {
	m := new(big.Int)
	for _, row := range rows {
		for _, x := range row {
			if x.CmpAbs(m) > 0 {
				m.Abs(x)
			}
		}
	}
	return m
}
