package bignum

// The quotient sequence of Euclid's algorithm in O(M(n) log n), from the
// half-gcd of gcd.go.
//
// A reduction M of a positive pair (a, b) (see gcd.go) is a product of
// elementary matrices (1 q; 0 1) and (1 0; q 1) with q ≥ 1, and such a
// product, once adjacent factors of the same kind are merged (their
// quotients add), is unique: the monoid of nonnegative integer matrices of
// determinant 1 is free on the two kinds. Since (a, b) = M·(α, β) with
// α, β > 0, each factor but the last is a full Euclidean step: reading
// the factors from the left, every quotient is ⌊x/y⌋ of the pair it
// reduces, except that the last may fall short of it (Möller, "On
// Schönhage's algorithm and subquadratic integer gcd computation",
// Math. Comp. 77 (2008), §4: a step stops at x' = y + (x mod y) when
// x mod y < 2^s). So the merged quotients of successive reductions, down
// to the end of the algorithm, are exactly the partial quotients of a/b.
//
// hgcd hands every quotient to a sink, in the order the elementary
// matrices multiply: the recursion reduces the top half first, so the
// order of the calls is the order of the product. reduceAbove drives
// hgcd over full-size operands at any position s, in the manner of
// gcd.go's reduceGCD; with s = 0 it runs Euclid's algorithm to the end,
// where the pair is (g, g) and one more step of quotient 1 would make it
// (g, 0). On it stand:
//
//   - ContinuedFraction: the sink merges the quotients into the partial
//     quotients of a/b.
//   - Jacobi: the sink needs only each quotient modulo 8, which it folds
//     into the sign of the symbol, with the residues of the pair modulo
//     8 (jacobiState below; Möller, "Subquadratic algorithm for the
//     Jacobi symbol", 2019, follows the same idea with a smaller state).
//   - EuclidBelow: the reduction at s = bit length of the bound keeps
//     every remainder it passes above the bound, and a few Euclidean
//     steps after it find the first remainder at or below it, with its
//     cofactors from M (Wang's rational reconstruction; von zur Gathen
//     and Gerhard, Modern Computer Algebra, §5.10 and §11.1).
//
// Each has a quadratic reference beside it (euclid_test.go).

import (
	"context"
	"errors"
	"math/big"
	"math/bits"
)

// seqLehmerBits is the size n − s in bits below which reduceAbove, when
// it keeps no matrix (the quotient sequences of Jacobi and
// ContinuedFraction, reduced to the end), runs Lehmer's passes instead
// of the half-gcd: without the matrix a pass costs one product of the
// pair by a word matrix, which beats the half-gcd's big matrix products
// up to a few thousand digits. Thread CPU time per call, random
// operands, GOMAXPROCS=1, minima of 6 interleaved rounds, against
// hgcdThreshold alone: Jacobi 1000 digits 37.8 → 24.3 µs, 2000 digits
// 102 → 62.6 µs; ContinuedFraction 1000 digits 82.7 → 59.6 µs, 2000
// digits 170 → 137 µs. 2^14 also gained at 4000 digits but lost a fifth
// on ContinuedFraction at 10,000 digits, where 2^13 was level (1.32 →
// 1.23 ms, minima of 7). EuclidBelow, which keeps the matrix, was
// slower with the larger threshold and keeps hgcdThreshold.
const seqLehmerBits = 1 << 13

// quotientSink receives the quotients of a reduction in the order of its
// elementary matrices: second is false for (1 q; 0 1), the step
// a ← a − q·b, and true for (1 0; q 1), the step b ← b − q·a. q ≥ 1;
// the sink must not keep or modify a *big.Int it is handed.
type quotientSink interface {
	quotient(second bool, q *big.Int)
	wordQuotient(second bool, q uint64)
}

// reduceAbove reduces the positive pair (a, b) at position s: Möller
// steps, each keeping both numbers at least 2^s, until none is possible.
// It returns the reduced pair (x, y) and, unless rows is noMatrix, the
// matrix M (its first row only, the second zero, for firstRow)
// with (a, b) = M·(x, y) (else nil). sink, when not nil, receives the
// quotients. a and b are not modified.
func reduceAbove(ctx context.Context, a, b *big.Int, s int, sink quotientSink, rows matrixRows) (*matrix, *big.Int, *big.Int, error) {
	withMatrix := rows != noMatrix
	var m *matrix
	switch rows {
	case bothRows:
		m = identity()
	case firstRow:
		m = &matrix{big.NewInt(1), new(big.Int), new(big.Int), new(big.Int)}
	}
	// fresh: m is still the starting matrix, I, or (1 0; 0 0) for the
	// first row alone, and m·n = n, the latter when n's second row is
	// zero too (lehmerReduce's with firstRow): the first product is then
	// n itself, without the products of big entries, and below
	// hgcdThreshold that one lehmerReduce is the only factor.
	fresh := true
	times := func(n *matrix) {
		switch {
		case !withMatrix:
		case fresh && (rows == bothRows || n.m10.Sign() == 0 && n.m11.Sign() == 0):
			m = n
		default:
			m = m.times(n)
		}
		fresh = false
	}
	x, y := new(big.Int).Set(a), new(big.Int).Set(b)
	for reducible(x, y, s) {
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
		n := max(x.BitLen(), y.BitLen())
		if n-s < hgcdThreshold || !withMatrix && n-s < seqLehmerBits {
			// Lehmer's passes over the whole numbers: at 3,300 bits
			// and s = 1,650 (a 1000-digit rational reconstruction)
			// they took two thirds of the time of the half-gcd of the
			// top part with its matrix products.
			lrows := rows
			if rows == firstRow && m.m01.Sign() != 0 {
				// M·L's first row, (m00·l00 + m01·l10, m00·l01 +
				// m01·l11), needs L's second row unless m01 = 0.
				lrows = bothRows
			}
			lm, lx, ly := lehmerReduce(x, y, s, sink, lrows)
			times(lm)
			return m, lx, ly, nil
		}
		if n-min(x.BitLen(), y.BitLen()) < n/4 {
			// The high parts have at most n − p bits and are reduced at
			// s' = ⌊(n − p)/2⌋ + 1 at most; the high-part lemma keeps
			// the full numbers above 2^(p+s'−1) ≥ 2^s when p ≥ 2s − n
			// + 2. Above that, a third of the bits as in reduceGCD.
			p := max(2*s-n+2, n/3)
			hm, hx, hy, ok, err := hgcd(ctx, new(big.Int).Rsh(x, uint(p)), new(big.Int).Rsh(y, uint(p)), sink)
			if err != nil {
				return nil, nil, nil, err
			}
			if ok {
				x, y = hm.reduceHigh(x, y, hx, hy, p)
				times(hm)
				continue
			}
		}
		step(m, x, y, s, sink)
		fresh = false
	}
	return m, x, y, nil
}

// ContinuedFraction returns the partial quotients [a_0; a_1, …, a_k] of
// the rational x/y, y ≠ 0: a_0 = ⌊x/y⌋, a_i ≥ 1 for i ≥ 1 and a_k ≥ 2
// when k ≥ 1 (the regular expansion; an integer is [x/y]). It runs the
// half-gcd reduction to the end, in O(M(n) log n) for n-bit operands
// (see the top of euclid.go). It stops with ctx.Err() once ctx is done.
func ContinuedFraction(ctx context.Context, x, y *big.Int) ([]*big.Int, error) {
	a0, words, large, err := ContinuedFractionWords(ctx, x, y)
	if err != nil {
		return nil, err
	}
	log := quotientLog{words: words, bigs: large}
	return log.terms(a0), nil
}

// ContinuedFractionWords is ContinuedFraction with the partial quotients
// after a_0 as machine words, a_i = words[i−1], except those that do not
// fit a word (rare: a quotient has about 1.4 bits on average), which are
// large[i−1] instead (their words are 0). It spares the caller a big.Int
// for every term.
func ContinuedFractionWords(ctx context.Context, x, y *big.Int) (a0 *big.Int, words []uint64, large map[int]*big.Int, err error) {
	if y.Sign() == 0 {
		return nil, nil, nil, errors.New("bignum: continued fraction with a zero denominator")
	}
	num, den := new(big.Int).Set(x), new(big.Int).Set(y)
	if den.Sign() < 0 {
		num.Neg(num)
		den.Neg(den)
	}
	a0, r := new(big.Int).DivMod(num, den, new(big.Int)) // ⌊x/y⌋ for den > 0
	if r.Sign() == 0 {
		return a0, nil, nil, nil
	}
	// den > r > 0: the first step reduces den.
	var log quotientLog
	if _, _, _, err := reduceAbove(ctx, den, r, 0, &log, noMatrix); err != nil {
		return nil, nil, nil, err
	}
	// The pair is now (g, g); the last step's side takes one more.
	log.add(log.second, 1, nil)
	return a0, log.words, log.bigs, nil
}

// quotientLog is the sink that lists the merged quotients: in machine
// words, with those that do not fit (rare: a quotient has about 1.4 bits
// on average) kept aside as big.Ints.
type quotientLog struct {
	words  []uint64
	bigs   map[int]*big.Int // index → quotient, for those above a word
	second bool             // the side of the last quotient
}

func (l *quotientLog) quotient(second bool, q *big.Int) {
	if q.IsUint64() {
		l.add(second, q.Uint64(), nil)
		return
	}
	l.add(second, 0, q)
}

func (l *quotientLog) wordQuotient(second bool, q uint64) { l.add(second, q, nil) }

// add appends the quotient w, or q when not nil, merging it with the last
// one when it is on the same side.
func (l *quotientLog) add(second bool, w uint64, q *big.Int) {
	i := len(l.words) - 1
	if i < 0 || second != l.second {
		l.second = second
		l.words = append(l.words, w)
		if q != nil {
			l.setBig(i+1, new(big.Int).Set(q))
		}
		return
	}
	if b, ok := l.bigs[i]; ok {
		if q == nil {
			q = new(big.Int).SetUint64(w)
		}
		b.Add(b, q)
		return
	}
	if sum, carry := bits.Add64(l.words[i], w, 0); q == nil && carry == 0 {
		l.words[i] = sum
		return
	}
	b := new(big.Int).SetUint64(l.words[i])
	if q == nil {
		q = new(big.Int).SetUint64(w)
	}
	l.setBig(i, b.Add(b, q))
}

func (l *quotientLog) setBig(i int, q *big.Int) {
	if l.bigs == nil {
		l.bigs = map[int]*big.Int{}
	}
	l.bigs[i] = q
}

// terms returns a0 followed by the quotients, the word-size ones sharing
// one allocation.
func (l *quotientLog) terms(a0 *big.Int) []*big.Int {
	out := make([]*big.Int, 1+len(l.words))
	out[0] = a0
	vals := make([]big.Int, len(l.words))
	words := make([]big.Word, len(l.words))
	for i, w := range l.words {
		if b, ok := l.bigs[i]; ok {
			out[i+1] = b
			continue
		}
		words[i] = big.Word(w)
		out[i+1] = vals[i].SetBits(words[i : i+1 : i+1])
	}
	return out
}

// Jacobi returns the Jacobi symbol (a | n) for odd n > 0 and any a,
// as math/big's big.Jacobi does, in O(M(k) log k) for k-bit operands by
// the quotient sequence of the half-gcd (see the top of euclid.go and
// jacobiState). n even or not positive is an error. It stops with
// ctx.Err() once ctx is done.
func Jacobi(ctx context.Context, a, n *big.Int) (int, error) {
	if n.Sign() <= 0 || n.Bit(0) == 0 {
		return 0, errors.New("bignum: the Jacobi symbol needs an odd positive n")
	}
	x := new(big.Int).Set(a)
	if x.Sign() < 0 || x.CmpAbs(n) >= 0 && x.BitLen() > n.BitLen()+64 {
		// (a | n) depends on a mod n only; a much larger a would take
		// one long division in the reduction anyway.
		x.Mod(x, n)
	}
	if x.Sign() == 0 {
		if n.Cmp(big.NewInt(1)) == 0 {
			return 1, nil
		}
		return 0, nil
	}
	st := jacobiState{x: uint8(x.Bits()[0] & 7), y: uint8(n.Bits()[0] & 7)}
	_, g, _, err := reduceAbove(ctx, x, n, 0, &st, noMatrix)
	if err != nil {
		return 0, err
	}
	// The pair is (g, g), the symbol sign·(g | g).
	if g.Cmp(big.NewInt(1)) != 0 {
		return 0, nil
	}
	if st.neg {
		return -1, nil
	}
	return 1, nil
}

// jacobiState follows the Jacobi symbol through the steps of Euclid's
// algorithm on a positive pair (x, y) with gcd(x, y) odd: the symbol is
// sign·(x | y) or sign·(y | x), whichever has the odd denominator (denX
// says it is x). It keeps x and y modulo 8, which a step x ← x − q·y
// updates from q mod 8. Such a step changes nothing when y is the
// denominator (x' ≡ x mod y). When x is, with x, x' odd:
//
//   - y odd: (y | x) = (−1)^((x−1)(y−1)/4)·(x | y) = … ·(x' | y) by
//     reciprocity, and y becomes the denominator;
//   - y ≡ 0 (mod 4): (y | x) = (y | x'), as x ≡ x' (mod 4) and, when
//     8 ∤ y, the power of 2 in y is even;
//   - y = 2c, c odd: (y | x) = (2 | x)(2 | x')·(−1)^((c−1)/2·((x−1)/2 +
//     (x'−1)/2))·(y | x'), by reciprocity between c and x and between
//     c and x', as x ≡ x' (mod c).
//
// The identities hold for coprime pairs; when gcd(x, y) > 1 the symbol is
// 0 whatever the sign, and the end of the algorithm says so.
type jacobiState struct {
	x, y uint8 // the pair modulo 8
	denX bool
	neg  bool
}

func (st *jacobiState) quotient(second bool, q *big.Int) {
	st.step(second, uint8(q.Bits()[0]&7))
}

func (st *jacobiState) wordQuotient(second bool, q uint64) {
	st.step(second, uint8(q&7))
}

// step applies u ← u − q·v, with (u, v) = (x, y), or (y, x) when second.
func (st *jacobiState) step(second bool, q uint8) {
	u, v, denU := &st.x, &st.y, st.denX
	if second {
		u, v, denU = &st.y, &st.x, !st.denX
	}
	nu := (*u - q**v) & 7
	if denU {
		switch {
		case *v&1 == 1:
			if *u&3 == 3 && *v&3 == 3 {
				st.neg = !st.neg
			}
			denU = false
		case *v&3 == 2:
			if twoIsNonResidue(*u) != twoIsNonResidue(nu) {
				st.neg = !st.neg
			}
			if (*v>>1)&3 == 3 && (*u^nu)&2 != 0 {
				st.neg = !st.neg
			}
		}
	}
	*u = nu
	st.denX = denU != second
}

// twoIsNonResidue reports (2 | u) = −1 for odd u given modulo 8.
func twoIsNonResidue(u uint8) bool { return u == 3 || u == 5 }

// EuclidBelow returns the first remainder r ≤ bound of Euclid's algorithm
// on (a, b) (the sequence r_(−1) = a, r_0 = b, r_(i+1) = r_(i−1) mod
// r_i) with its cofactors: r = s·a + t·b. a, b and bound must be
// nonnegative. The reduction at the bit length of the bound keeps every
// remainder above it (see the top of euclid.go), so the cost is that of
// the half-gcd, O(M(n) log n), plus a few Euclidean steps. It stops with
// ctx.Err() once ctx is done.
func EuclidBelow(ctx context.Context, a, b, bound *big.Int) (r, s, t *big.Int, err error) {
	if a.Sign() < 0 || b.Sign() < 0 || bound.Sign() < 0 {
		return nil, nil, nil, errors.New("bignum: EuclidBelow needs nonnegative operands")
	}
	if a.Cmp(bound) <= 0 {
		return new(big.Int).Set(a), big.NewInt(1), new(big.Int), nil
	}
	if b.Cmp(bound) <= 0 {
		return new(big.Int).Set(b), new(big.Int), big.NewInt(1), nil
	}
	m, x, y, err := reduceAbove(ctx, a, b, bound.BitLen(), nil, bothRows)
	if err != nil {
		return nil, nil, nil, err
	}
	// (x, y) = M⁻¹(a, b) = (m11·a − m01·b, m00·b − m10·a).
	sc := []*big.Int{new(big.Int).Set(m.m11), new(big.Int).Neg(m.m10)}
	tc := []*big.Int{new(big.Int).Neg(m.m01), new(big.Int).Set(m.m00)}
	// A tie x = y sits in the middle of a quotient: the step goes on on
	// the side of M's last elementary factor, which is the second kind
	// exactly when M ≠ I has m01 < m00 (M = N·(1 0; q 1) gives m00 =
	// n00 + q·n01 > n01 = m01, and M = N·(1 q; 0 1) gives m01 ≥ m00).
	swapTie := x.Cmp(y) == 0 && m.m10.Sign() > 0 && m.m01.Cmp(m.m00) < 0
	r, err = stepsBelow(ctx, x, y, bound, swapTie, sc, tc)
	if err != nil {
		return nil, nil, nil, err
	}
	return r, sc[0], tc[0], nil
}

// EuclidBelowCofactor is EuclidBelow without s: the first remainder
// r ≤ bound of Euclid's algorithm on (a, b) and its cofactor t, r ≡ t·b
// (mod a), which is all Wang's rational reconstruction needs. The
// reduction keeps only the first row of its matrix, (m00, m01), whose
// entries give t, so its matrix work is about half of EuclidBelow's; a,
// b and bound must be nonnegative. EuclidBelow is its reference
// (TestEuclidBelowCofactor). It stops with ctx.Err() once ctx is done.
func EuclidBelowCofactor(ctx context.Context, a, b, bound *big.Int) (r, t *big.Int, err error) {
	if a.Sign() < 0 || b.Sign() < 0 || bound.Sign() < 0 {
		return nil, nil, errors.New("bignum: EuclidBelowCofactor needs nonnegative operands")
	}
	if a.Cmp(bound) <= 0 {
		return new(big.Int).Set(a), new(big.Int), nil
	}
	if b.Cmp(bound) <= 0 {
		return new(big.Int).Set(b), big.NewInt(1), nil
	}
	m, x, y, err := reduceAbove(ctx, a, b, bound.BitLen(), nil, firstRow)
	if err != nil {
		return nil, nil, err
	}
	t2 := []*big.Int{new(big.Int).Neg(m.m01), new(big.Int).Set(m.m00)}
	// EuclidBelow's tie rule, with m10 > 0 read from y = m00·b − m10·a,
	// a > 0: m10 > 0 exactly when m00·b > y. Only a tie needs it.
	swapTie := false
	if x.Cmp(y) == 0 && m.m01.Cmp(m.m00) < 0 {
		swapTie = Mul(new(big.Int), m.m00, b).Cmp(y) > 0
	}
	r, err = stepsBelow(ctx, x, y, bound, swapTie, t2)
	if err != nil {
		return nil, nil, err
	}
	return r, t2[0], nil
}

// stepsBelow runs Euclid's steps from the reduced pair (x, y), both above
// bound, to the first remainder at or below it, which it returns; each
// cofactor pair (c[0], c[1]) of (x, y) follows the steps, c[0] ending as
// the remainder's. swapTie says on which side a tie x = y steps.
func stepsBelow(ctx context.Context, x, y, bound *big.Int, swapTie bool, cofactors ...[]*big.Int) (*big.Int, error) {
	q, tmp := new(big.Int), new(big.Int)
	for i := 0; ; i++ {
		if i%64 == 63 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if c := x.Cmp(y); c < 0 || c == 0 && swapTie {
			x, y = y, x
			for _, c := range cofactors {
				c[0], c[1] = c[1], c[0]
			}
		}
		// x ← x mod y, the next remainder.
		rem := new(big.Int)
		q.QuoRem(x, y, rem)
		x = rem
		for _, c := range cofactors {
			c[0].Sub(c[0], Mul(tmp, q, c[1]))
		}
		if x.Cmp(bound) <= 0 {
			return x, nil
		}
	}
}
