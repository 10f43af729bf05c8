package gfpoly

// Greatest common divisors and resultants.
//
// Euclid's algorithm on a, b of degree n costs O(n²). The half-gcd
// reaches the middle of the remainder sequence in O(M(n) log n): the
// first ℓ quotients of the remainder sequence of (a, b) depend only on the
// top 2ℓ or so coefficients of a and b, so the 2×2 matrix of quotient
// steps that halves the degree can be computed recursively from the top
// halves, twice (Knuth 1970, Schönhage 1971, Moenck 1973). We follow the
// formulation of Thull and Yap ("A unified approach to HGCD algorithms
// for polynomials and integers", 1990; Yap, Fundamental Problems of
// Algorithmic Algebra, 2000, Lecture VIII), which is the polynomial case
// of von zur Gathen and Gerhard, Modern Computer Algebra, 3rd ed., §11.1:
//
//	hgcd(A, B), deg A = n > deg B, m = ⌈n/2⌉:
//	  if deg B < m: return I
//	  R ← hgcd(A quo x^m, B quo x^m);  (A′, B′) ← R·(A, B)
//	  if deg B′ < m: return R
//	  (Q, D) ← divrem(A′, B′);  k ← 2m − deg B′
//	  S ← hgcd(B′ quo x^k, D quo x^k)
//	  return S·[[0, 1], [1, −Q]]·R
//
// The result M, a product of quotient matrices [[0, 1], [1, −q]], maps
// (A, B) to two consecutive remainders (C, D) of the Euclidean sequence
// with deg C ≥ m > deg D. Below hgcdMin the matrix is computed by
// Euclid's algorithm itself. Each call also returns (C, D), assembled
// from its recursive calls' pairs and the matrices applied to the low
// halves only, and the matrix products share their operands' transforms
// (combine.go). The gcd alternates a half-gcd and one division step until
// the degree drops below gcdHGCDMin, then finishes with Euclid; the
// extended gcd multiplies the matrices along the way (below xgcdHGCDMin
// the Euclidean steps go into a separate small matrix, multiplied in
// once at the end).
//
// The resultant follows the Euclidean remainder sequence with the
// recurrence res(a, b) = (−1)^(deg a·deg b)·lc(b)^(deg a − deg r)·
// res(b, r) for r = a mod b (MCA §6.11; Cohen, A Course in Computational
// Algebraic Number Theory, Algorithm 3.3.7 over a field), in O(n²).

import (
	"context"
	"math/bits"

	"jacobian.dev/core/modular"
)

// Crossovers for the half-gcd, by the degree of the larger operand
// (BenchmarkGCDAlgorithms and BenchmarkXGCDAlgorithms, p = 2^60 − 93,
// coprime random inputs, minima of 2 runs): Euclid computes the half-gcd
// matrix below hgcdMin; the gcd runs Euclid alone below gcdHGCDMin (at
// degree 1000 Euclid 2.6 ms against the half-gcd 7.5 ms, at 4000 35.2
// against 35.7 ms); the extended gcd, whose Euclidean cofactor updates
// double Euclid's cost, switches much earlier, below xgcdHGCDMin (at
// degree 300 Euclid 1.06 ms against 0.59 ms, at 3000 144 against 46 ms).
const (
	hgcdMin     = 100
	gcdHGCDMin  = 4000
	xgcdHGCDMin = 200
)

// matrix is [[a, b], [c, d]] over GF(p)[x].
type matrix struct{ a, b, c, d []uint64 }

func identity() matrix { return matrix{a: []uint64{1}, d: []uint64{1}} }

// apply returns M·(x, y), with shared transforms (combine.go).
func (f *Field) apply(m matrix, x, y []uint64) ([]uint64, []uint64) {
	r := f.sumsOfProducts([][]uint64{m.a, m.b, m.c, m.d, x, y},
		[][]productTerm{{{0, 4}, {1, 5}}, {{2, 4}, {3, 5}}})
	return r[0], r[1]
}

// matMul returns M·N, with shared transforms (combine.go).
func (f *Field) matMul(m, n matrix) matrix {
	r := f.sumsOfProducts([][]uint64{m.a, m.b, m.c, m.d, n.a, n.b, n.c, n.d},
		[][]productTerm{{{0, 4}, {1, 6}}, {{0, 5}, {1, 7}}, {{2, 4}, {3, 6}}, {{2, 5}, {3, 7}}})
	return matrix{a: r[0], b: r[1], c: r[2], d: r[3]}
}

// applyReference and matMulReference are the same by separate products,
// for the tests.
func (f *Field) applyReference(m matrix, x, y []uint64) ([]uint64, []uint64) {
	return f.Add(f.Mul(m.a, x), f.Mul(m.b, y)), f.Add(f.Mul(m.c, x), f.Mul(m.d, y))
}

func (f *Field) matMulReference(m, n matrix) matrix {
	return matrix{
		a: f.Add(f.Mul(m.a, n.a), f.Mul(m.b, n.c)),
		b: f.Add(f.Mul(m.a, n.b), f.Mul(m.b, n.d)),
		c: f.Add(f.Mul(m.c, n.a), f.Mul(m.d, n.c)),
		d: f.Add(f.Mul(m.c, n.b), f.Mul(m.d, n.d)),
	}
}

// step returns [[0, 1], [1, −q]]·M.
func (f *Field) step(q []uint64, m matrix) matrix {
	return matrix{a: m.c, b: m.d, c: f.subMul(m.a, q, m.c), d: f.subMul(m.b, q, m.d)}
}

// subMul returns x − q·y, in one pass when q is short (a Euclidean
// quotient is nearly always linear).
func (f *Field) subMul(x, q, y []uint64) []uint64 {
	if len(q) > shortOperand || len(q) == 0 || len(y) == 0 {
		return f.Sub(x, f.Mul(q, y))
	}
	p := f.p
	out := make([]uint64, max(len(x), len(q)+len(y)-1))
	copy(out, x)
	for j, c := range q {
		if c == 0 {
			continue
		}
		nc := p - c
		f.addScaled(out[j:j+len(y)], y, nc, modular.ShoupConstant(nc, p))
	}
	return trim(out)
}

func shiftDown(a []uint64, k int) []uint64 {
	if len(a) <= k {
		return nil
	}
	return a[k:]
}

// hgcd returns the half-gcd matrix M of (a, b), deg a > deg b (see the
// top of the file), and the pair (c, d) = M·(a, b). Both recursive calls
// also return their pairs, so M·(a, b) is assembled from the pair of the
// top halves shifted up plus M times the low halves: with a = a₀·x^m +
// a₁, M·(a, b) = x^m·M·(a₀, b₀) + M·(a₁, b₁), where the second product
// is half the size of M·(a, b). The matrix itself is formed only when
// wantMatrix is set (the gcd needs only the pair at the top level).
//
// It polls ctx on entry to every call of degree at least hgcdPollMin, and
// returns ctx's error (with no result) once it is done.
func (f *Field) hgcd(ctx context.Context, a, b []uint64, wantMatrix bool) (m matrix, c, d []uint64, err error) {
	n := len(a) - 1
	half := (n + 1) / 2
	if len(b)-1 < half {
		return identity(), a, b, nil
	}
	if n < hgcdMin {
		m, c, d = f.hgcdEuclid(a, b, half)
		return m, c, d, nil
	}
	if n >= hgcdPollMin {
		if err := ctx.Err(); err != nil {
			return matrix{}, nil, nil, err
		}
	}
	r, c0, d0, err := f.hgcd(ctx, a[half:], b[half:], true)
	if err != nil {
		return matrix{}, nil, nil, err
	}
	lo1, lo2 := f.apply(r, trim(a[:half]), trim(b[:half]))
	a1, b1 := f.addShifted(c0, half, lo1), f.addShifted(d0, half, lo2)
	if len(b1)-1 < half {
		return r, a1, b1, nil
	}
	q, rem := f.DivRem(a1, b1)
	k := max(2*half-(len(b1)-1), 0)
	s, c1, d1, err := f.hgcd(ctx, b1[k:], shiftDown(rem, k), true)
	if err != nil {
		return matrix{}, nil, nil, err
	}
	lo1, lo2 = f.apply(s, trim(b1[:min(k, len(b1))]), trim(rem[:min(k, len(rem))]))
	c, d = f.addShifted(c1, k, lo1), f.addShifted(d1, k, lo2)
	if wantMatrix {
		m = f.matMul(s, f.step(q, r))
	}
	return m, c, d, nil
}

// hgcdPollMin: half-gcd calls from this degree on poll the context; one
// at degree 1000 takes a few milliseconds.
const hgcdPollMin = 1000

// addShifted returns x^k·hi + lo.
func (f *Field) addShifted(hi []uint64, k int, lo []uint64) []uint64 {
	if len(hi) == 0 {
		return clone(lo)
	}
	out := make([]uint64, max(len(hi)+k, len(lo)))
	copy(out, lo)
	for i, x := range hi {
		out[k+i] = addMod(out[k+i], x, f.p)
	}
	return trim(out)
}

// hgcdEuclid is the half-gcd by Euclid's algorithm: quotient steps while
// deg b ≥ m.
func (f *Field) hgcdEuclid(a, b []uint64, m int) (matrix, []uint64, []uint64) {
	t := identity()
	for len(b)-1 >= m {
		q, r := f.DivRem(a, b)
		t = f.step(q, t)
		a, b = b, r
	}
	return t, a, b
}

// GCD returns the monic gcd of a and b; GCD(0, 0) = 0. It is GCDContext
// without cancellation.
func (f *Field) GCD(a, b []uint64) []uint64 {
	g, _ := f.GCDContext(context.Background(), a, b)
	return g
}

// GCDContext returns the monic greatest common divisor of a and b (the
// zero polynomial when both are zero): Euclid's algorithm below degree
// 4000, the half-gcd beyond (see the top of gcd.go). It polls ctx in
// every half-gcd call from degree 1000 on and every 64 Euclid steps.
func (f *Field) GCDContext(ctx context.Context, a, b []uint64) ([]uint64, error) {
	return f.gcdFrom(ctx, a, b, gcdHGCDMin)
}

// gcdFrom is GCDContext with the half-gcd used from degree hgcdFrom on.
func (f *Field) gcdFrom(ctx context.Context, a, b []uint64, hgcdFrom int) ([]uint64, error) {
	if len(a) < len(b) {
		a, b = b, a
	}
	for len(b) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(a)-1 < hgcdFrom {
			return f.euclid(ctx, a, b)
		}
		if len(a) > len(b) {
			var err error
			if _, a, b, err = f.hgcd(ctx, a, b, false); err != nil {
				return nil, err
			}
			if len(b) == 0 {
				break
			}
		}
		a, b = b, f.Rem(a, b)
	}
	return f.Monic(a), nil
}

// euclid is the monic gcd by Euclid's algorithm, deg a ≥ deg b.
func (f *Field) euclid(ctx context.Context, a, b []uint64) ([]uint64, error) {
	a, b = clone(a), clone(b)
	for steps := 0; len(b) > 0; steps++ {
		if steps%64 == 63 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		a, b = b, f.remInPlace(a, b)
	}
	return f.Monic(a), nil
}

// remLinearInPlace overwrites a with a mod b when deg a = deg b + 1 ≥ 2
// and the quotient's leading coefficient is nonzero, and reports whether
// it did. The quotient is linear, as it
// nearly always is in Euclid's algorithm, and its two eliminations run
// as one pass over a: each coefficient is loaded and stored once and
// reduced once, the sum a_k + c₀·b_k + c₁·b_(k−1) staying below 4p < 2^64 (p < 2^62)
// with one product left in [0, 2p) (Harvey's lazy reduction, "Faster
// arithmetic for number-theoretic transforms", J. Symb. Comp. 60 (2014)).
// A wide p (wide.go) has no room for the lazy sum: it reports false, and
// remInPlace's general loop eliminates one coefficient a pass (fusing the
// two with every product reduced measured slower: 94.6 against 81.7 µs
// for a gcd of degree 100 over GF(2^64 − 59), minima of 8 runs).
func (f *Field) remLinearInPlace(a, b []uint64, inv, invp uint64) bool {
	p := f.p
	m := len(b) - 1
	if len(a) != m+2 || m < 1 || f.wide {
		return false
	}
	c1 := modular.MulShoup(a[m+1], inv, invp, p)
	if c1 == 0 {
		return false
	}
	nc1 := p - c1
	nc1p := modular.ShoupConstant(nc1, p)
	top := modular.Add(a[m], modular.MulShoup(b[m-1], nc1, nc1p, p), p)
	var nc0, nc0p uint64
	if c0 := modular.MulShoup(top, inv, invp, p); c0 != 0 {
		nc0 = p - c0
		nc0p = modular.ShoupConstant(nc0, p)
	}
	a[0] = modular.Add(a[0], modular.MulShoup(b[0], nc0, nc0p, p), p)
	row, cur, prev := a[1:m], b[1:m], b[:m-1]
	cur, prev = cur[:len(row)], prev[:len(row)]
	p2 := 2 * p
	for k, x := range row {
		q, _ := bits.Mul64(cur[k], nc0p)
		s := x + (cur[k]*nc0 - q*p) // lazy: below 2p
		s += modular.MulShoup(prev[k], nc1, nc1p, p)
		if s >= p2 {
			s -= p2
		}
		if s >= p {
			s -= p
		}
		row[k] = s
	}
	return true
}

// remInPlace overwrites a with a mod b (b nonzero) and returns it.
func (f *Field) remInPlace(a, b []uint64) []uint64 {
	p := f.p
	m := len(b) - 1
	inv := f.inverse(b[m])
	invp := modular.ShoupConstant(inv, p)
	lower := b[:m]
	if f.remLinearInPlace(a, b, inv, invp) {
		return trim(a[:m])
	}
	for len(a) > m {
		i := len(a) - 1
		if c := f.mulShoup(a[i], inv, invp); c != 0 {
			nc := p - c
			f.addScaled(a[i-m:i], lower, nc, modular.ShoupConstant(nc, p))
		}
		a = trim(a[:i])
	}
	return a
}

// XGCD returns g, s, t with s·a + t·b = g. It is XGCDContext without
// cancellation.
func (f *Field) XGCD(a, b []uint64) (g, s, t []uint64) {
	g, s, t, _ = f.XGCDContext(context.Background(), a, b)
	return g, s, t
}

// XGCDContext returns the monic gcd g of a and b with Bézout cofactors,
// s·a + t·b = g: the extended Euclidean algorithm below degree 200, the
// half-gcd beyond, its matrices multiplied along the way (see the top of
// gcd.go). It polls ctx in every half-gcd call from degree 1000 on and
// every 64 Euclid steps.
//
// Canonical form: g is monic (zero when a = b = 0, with s = t = 0). For
// nonzero b with b | a, (g, s, t) = (b/lc b, 0, 1/lc b); for a = 0 the
// symmetric (a/lc a, 1/lc a, 0) with a and b exchanged. Otherwise s and t
// are the cofactors of the Euclidean algorithm, the unique pair with
// deg s < deg b − deg g and deg t < deg a − deg g (MCA Lemma 3.15 and
// Theorem 4.11 (iv) for those degree bounds).
func (f *Field) XGCDContext(ctx context.Context, a, b []uint64) (g, s, t []uint64, err error) {
	return f.xgcdFrom(ctx, a, b, xgcdHGCDMin)
}

// xgcdFrom is XGCDContext with the half-gcd used from degree hgcdFrom on.
func (f *Field) xgcdFrom(ctx context.Context, a, b []uint64, hgcdFrom int) (g, s, t []uint64, err error) {
	switch {
	case len(a) == 0 && len(b) == 0:
		return nil, nil, nil, nil
	case len(b) == 0:
		inv := f.inverse(a[len(a)-1])
		return f.Scale(a, inv), []uint64{inv}, nil, nil
	case len(a) == 0:
		inv := f.inverse(b[len(b)-1])
		return f.Scale(b, inv), nil, []uint64{inv}, nil
	}
	swapped := len(a) < len(b)
	if swapped {
		a, b = b, a
	}
	// tail·T·(a₀, b₀) = (a, b) throughout: T collects the half-gcd
	// matrices, tail the Euclidean steps once the degree is below
	// hgcdFrom, so that each step multiplies the small matrix of the
	// tail instead of the large product of everything before.
	tm, tail := identity(), identity()
	for steps := 0; len(b) > 0; steps++ {
		if steps%64 == 63 {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
		}
		if len(a) > len(b) && len(a)-1 >= hgcdFrom {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
			var m matrix
			if m, a, b, err = f.hgcd(ctx, a, b, true); err != nil {
				return nil, nil, nil, err
			}
			tm = f.matMul(m, tm)
			if len(b) == 0 {
				break
			}
			q, r := f.DivRem(a, b)
			tm = f.step(q, tm)
			a, b = b, r
			continue
		}
		q, r := f.DivRem(a, b)
		tail = f.step(q, tail)
		a, b = b, r
	}
	// The first row of tail·T.
	row := f.sumsOfProducts([][]uint64{tail.a, tail.b, tm.a, tm.b, tm.c, tm.d},
		[][]productTerm{{{0, 2}, {1, 4}}, {{0, 3}, {1, 5}}})
	inv := f.inverse(a[len(a)-1])
	g, s, t = f.Scale(a, inv), f.Scale(row[0], inv), f.Scale(row[1], inv)
	if swapped {
		s, t = t, s
	}
	return g, s, t, nil
}

// Resultant returns res(a, b). It is ResultantContext without
// cancellation.
func (f *Field) Resultant(a, b []uint64) uint64 {
	r, _ := f.ResultantContext(context.Background(), a, b)
	return r
}

// ResultantContext returns the resultant of a and b modulo p, the
// determinant of their Sylvester matrix, by the Euclidean recurrence at
// the top of gcd.go (O(n²) at every size). Conventions (those of
// PARI/GP's polresultant): res(a, b) = 0 if a or b is zero; res(c, b) =
// c^deg b for a nonzero constant c, so two nonzero constants give 1.
func (f *Field) ResultantContext(ctx context.Context, a, b []uint64) (uint64, error) {
	p := f.p
	if len(a) == 0 || len(b) == 0 {
		return 0, nil
	}
	res := uint64(1)
	if len(a) < len(b) {
		a, b = b, a
		if (len(a)-1)%2 == 1 && (len(b)-1)%2 == 1 {
			res = p - 1
		}
	}
	a, b = clone(a), clone(b)
	for steps := 0; ; steps++ {
		n, m := len(a)-1, len(b)-1
		if m == 0 {
			return modular.Mul(res, modular.Pow(b[0], uint64(n), p), p), nil
		}
		if steps%64 == 63 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		lc := b[m]
		r := f.remInPlace(a, b)
		if len(r) == 0 {
			return 0, nil
		}
		if n%2 == 1 && m%2 == 1 {
			res = modular.Neg(res, p)
		}
		res = modular.Mul(res, modular.Pow(lc, uint64(n-(len(r)-1)), p), p)
		a, b = b, r
	}
}
