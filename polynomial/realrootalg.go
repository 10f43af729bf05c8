package polynomial

// Real root isolation by the Descartes method with bisection, and the
// choice between it and the continued fractions (realrootcf.go).
//
// Descartes' rule of signs bounds the number of positive roots of a
// polynomial by the number V of sign variations in its coefficient
// sequence, and the bound is exact modulo 2. Through the Möbius map
// x ↦ 1/(x + 1), which sends (0, ∞) onto (0, 1), the roots of P in the
// open interval (0, 1) are the positive roots of
//
//	T(P)(x) = (x + 1)^n · P(1/(x + 1)),
//
// the reversed polynomial shifted by one. If V(T(P)) is 0 the interval
// holds no root; if it is 1 it holds exactly one; otherwise the interval
// is bisected, and Vincent's theorem (in the form of Collins and Akritas,
// "Polynomial real root isolation using Descartes' rule of signs", SYMSAC
// 1976) guarantees that for a square-free P the recursion ends. This is
// the variant of Rouillier and Zimmermann ("Efficient isolation of
// polynomial's real roots", J. Comput. Appl. Math. 162, 2004): every node
// of the bisection tree keeps its interval (c/2^k, (c+1)/2^k) and the
// scaled polynomial P_{k,c}(x) = 2^(kn) · P((x + c)/2^k) over Z, whose
// roots in (0, 1) are those of P in the node's interval. The children are
//
//	P_{k+1,2c}(x)   = 2^n · P_{k,c}(x/2)         (coefficient i times 2^(n−i)),
//	P_{k+1,2c+1}(x) = P_{k+1,2c}(x + 1)          (one Taylor shift),
//
// so the whole tree needs only shifts, additions and Taylor shifts, all
// over Z; a common power of two is divided out of every node. A midpoint
// that is a root (the left child's coefficients sum to zero) is recorded
// exactly and divided out of the right child. The Taylor shift by one is
// the classical O(n²) additions (Knuth, TAOCP vol. 2, §4.6.4, exercise
// 6), in fixed-width machine words (realroottaylor.go). Each node counts
// the variations of T(P) in full, so that when its left child and
// midpoint account for all of them (the counts are subadditive) the
// right child, which then holds no root, is never built.
//
// The positive roots are isolated in (0, 2^K) after the substitution
// x ↦ 2^K·x, for K from Fujiwara's bound (Fujiwara 1916: every root z
// has |z| ≤ 2·max |a_i/a_n|^(1/(n−i))), evaluated on bit lengths so that it
// only ever rounds up; the negative roots are the positive roots of
// P(−x); zero is tested directly.
//
// The bisection is the reference. isolateRealRoots uses it only on q for
// an even p = q(x²) (see isolateEven, which halves the degree), where it
// measured faster; every other polynomial goes to the continued fractions
// of realrootcf.go, which need far fewer nodes when roots are close
// (Mignotte's x^100 − 2(50x − 1)²: 9 ms against 1.1 s) and measured
// faster on random polynomials too (BenchmarkIsolation).
//
// Isolating intervals of the square-free part of f are then made to have
// endpoints that are not roots (an interval may end at a root found
// exactly at a midpoint), each root is assigned the multiplicity of the
// square-free factor of Yun's decomposition that changes sign across it,
// and intervals are refined by Newton's iteration certified by exact signs
// of that factor (see refine).

import (
	"context"
	"errors"
	"math/big"
	"slices"
)

// rootInterval is an isolated real root: lo == hi for a root known
// exactly, otherwise lo < hi with exactly one root of the square-free
// polynomial in (lo, hi) and neither endpoint a root.
type rootInterval struct {
	lo, hi *big.Rat
}

func (r rootInterval) exact() bool { return r.lo.Cmp(r.hi) == 0 }

// isolateRealRoots returns the isolating intervals of the real roots of a
// square-free integer polynomial of positive degree, in ascending order:
// for an even polynomial (after the root 0) through isolateEven, else by
// continued fractions (realrootcf.go).
func isolateRealRoots(ctx context.Context, g zpoly) ([]rootInterval, error) {
	return isolateRealRootsBy(ctx, g, true, isolatePositiveCF)
}

// isolateRealRootsReference is the bisection on both signs, with no
// special case for even polynomials: the reference isolateRealRoots is
// tested against.
func isolateRealRootsReference(ctx context.Context, g zpoly) ([]rootInterval, error) {
	return isolateRealRootsBy(ctx, g, false, isolatePositive)
}

// isolateRealRootsBy isolates the real roots of g with positive, which
// isolates the positive roots of a square-free polynomial that does not
// vanish at 0 (isolatePositiveCF, or the bisection isolatePositive), and
// with isolateEven first when even is set.
func isolateRealRootsBy(ctx context.Context, g zpoly, even bool, positive func(context.Context, zpoly) ([]rootInterval, error)) ([]rootInterval, error) {
	var out []rootInterval
	p := g.clone()
	if p[0].Sign() == 0 {
		out = append(out, rootInterval{new(big.Rat), new(big.Rat)})
		p = p[1:]
	}
	if p.deg() == 0 {
		return out, nil
	}
	if even {
		if rs, ok, err := isolateEven(ctx, p); err != nil {
			return nil, err
		} else if ok {
			return sortIntervals(append(out, rs...)), nil
		}
	}
	pos, err := positive(ctx, p)
	if err != nil {
		return nil, err
	}
	neg, err := positive(ctx, reflect(p))
	if err != nil {
		return nil, err
	}
	for _, r := range neg {
		out = append(out, rootInterval{new(big.Rat).Neg(r.hi), new(big.Rat).Neg(r.lo)})
	}
	return sortIntervals(append(out, pos...)), nil
}

// sortIntervals sorts disjoint intervals in ascending order, an exact root
// before the interval it is the lower end of.
func sortIntervals(rs []rootInterval) []rootInterval {
	slices.SortFunc(rs, func(a, b rootInterval) int {
		if c := a.lo.Cmp(b.lo); c != 0 {
			return c
		}
		return a.hi.Cmp(b.hi)
	})
	return rs
}

// isolateEven isolates the real roots of an even p = q(x²) (p(0) ≠ 0,
// every odd coefficient zero) through the positive roots of q (by the
// bisection), of half
// the degree, which costs a quarter of each Taylor shift and serves both
// signs at once: the Chebyshev polynomials T_n, whose odd members are x
// times an even one, are of this form. For an isolating interval (α, β)
// of a root y of q, the rationals l = ⌈√α⌉ and h = ⌊√β⌋ rounded to
// multiples of 2^-k have (l², h²) inside (α, β), so (l, h) holds at most
// the root √y of p, and does when p changes sign across it; otherwise the
// interval of q is halved and k raised until it does. It reports false,
// to isolate p itself, when p is not even or q has a root found exactly
// at a bisection point (an irrational √y would then need an interval
// found differently).
func isolateEven(ctx context.Context, p zpoly) ([]rootInterval, bool, error) {
	if p.deg() < 2 {
		return nil, false, nil
	}
	for i := 1; i < len(p); i += 2 {
		if p[i].Sign() != 0 {
			return nil, false, nil
		}
	}
	q := make(zpoly, 0, len(p)/2+1)
	for i := 0; i < len(p); i += 2 {
		q = append(q, p[i])
	}
	// The bisection: on q it measured faster than the continued
	// fractions (T_100: 8 against 44 ms), and no slower on products of
	// quadratics in x².
	ys, err := isolatePositive(ctx, q)
	if err != nil {
		return nil, false, err
	}
	for _, y := range ys {
		if y.exact() {
			return nil, false, nil
		}
	}
	var out []rootInterval
	for _, y := range ys {
		x, err := sqrtInterval(ctx, p, q, y)
		if err != nil {
			return nil, false, err
		}
		out = append(out, x, rootInterval{new(big.Rat).Neg(x.hi), new(big.Rat).Neg(x.lo)})
	}
	return out, true, nil
}

// sqrtInterval maps the isolating interval y of a positive root of q
// (endpoints no roots) to one of the root's square root, a root of
// p = q(x²), as isolateEven describes; the result is exact when the
// square root is a multiple of 2^-k met on the way.
func sqrtInterval(ctx context.Context, p, q zpoly, y rootInterval) (rootInterval, error) {
	lo, hi := y.lo, y.hi
	sLo := signAt(q, lo)
	for k := uint(32); ; k += 8 {
		if err := ctx.Err(); err != nil {
			return rootInterval{}, err
		}
		l, h := sqrtDyadic(lo, k, true), sqrtDyadic(hi, k, false)
		if l.Cmp(h) < 0 {
			sl, sh := signAt(p, l), signAt(p, h)
			switch {
			case sl == 0:
				return rootInterval{l, new(big.Rat).Set(l)}, nil
			case sh == 0:
				return rootInterval{h, new(big.Rat).Set(h)}, nil
			case sl != sh:
				return rootInterval{l, h}, nil
			}
		}
		// Halve (lo, hi) towards the root; a midpoint that is the root is
		// never kept as an endpoint.
		m := new(big.Rat).Add(lo, hi)
		m.Quo(m, big.NewRat(2, 1))
		switch s := signAt(q, m); {
		case s == 0:
			w := new(big.Rat).Sub(hi, lo)
			w.Quo(w, big.NewRat(4, 1))
			lo, hi = new(big.Rat).Sub(m, w), new(big.Rat).Add(m, w)
			if signAt(q, lo) == 0 || signAt(q, hi) == 0 {
				return rootInterval{}, errLostRoot // q is square-free: its roots are apart
			}
		case s == sLo:
			lo = m
		default:
			hi = m
		}
	}
}

// sqrtDyadic is √x rounded to a multiple of 2^-k, upwards (up) or
// downwards, for x ≥ 0.
func sqrtDyadic(x *big.Rat, k uint, up bool) *big.Rat {
	// s = ⌊√(x·4^k)⌋ = ⌊√⌊x·4^k⌋⌋.
	n := new(big.Int).Lsh(x.Num(), 2*k)
	n.Quo(n, x.Denom())
	s := new(big.Int).Sqrt(n)
	if up {
		// ⌈√x·2^k⌉ is s unless s² < x·4^k.
		sq := new(big.Int).Mul(s, s)
		sq.Mul(sq, x.Denom())
		if sq.Cmp(new(big.Int).Lsh(x.Num(), 2*k)) < 0 {
			s.Add(s, big.NewInt(1))
		}
	}
	return new(big.Rat).SetFrac(s, new(big.Int).Lsh(big.NewInt(1), k))
}

// reflect returns p(−x).
func reflect(p zpoly) zpoly {
	out := p.clone()
	for i := 1; i < len(out); i += 2 {
		out[i].Neg(out[i])
	}
	return out
}

// positiveRootBound returns K ≥ 0 with every positive root of p below
// 2^K (see positiveRootExponent).
func positiveRootBound(p zpoly) int {
	e, ok := positiveRootExponent(p)
	if !ok {
		return 0 // no sign change: no positive root
	}
	return max(e, 0)
}

// positiveRootExponent returns e with every positive root of p below 2^e,
// possibly negative, and false when p has no positive root by having no
// coefficient of the sign opposite to the leading one. It is Fujiwara's
// bound restricted to those coefficients (only they can make p vanish
// for x > 0; Kioustelidis 1986): for such a_i,
// |a_i/a_n| < 2^(len(a_i) − len(a_n) + 1), and the term for a_0 has the
// extra halving.
func positiveRootExponent(p zpoly) (int, bool) {
	n := p.deg()
	ln := p.lc().BitLen()
	sn := p.lc().Sign()
	best := -1 << 30
	for i := 0; i < n; i++ {
		if p[i].Sign() == 0 || p[i].Sign() == sn {
			continue
		}
		e := p[i].BitLen() - ln + 1
		if i == 0 {
			e-- // |a_0/(2a_n)|
		}
		// ceil(e/(n−i)), rounding towards +∞ for negative e too.
		d := n - i
		q := e / d
		if e%d != 0 && e > 0 {
			q++
		}
		best = max(best, q)
	}
	if best == -1<<30 {
		return 0, false
	}
	return best + 1, true
}

// node is one interval of the bisection tree: (c/2^k, (c+1)/2^k) in the
// scaled variable, with its polynomial P_{k,c}.
type node struct {
	p zpoly
	c *big.Int
	k int
	v int // the variation count of the node, or −1 when not yet known
}

// isolatePositive isolates the positive roots of a square-free p with
// p(0) ≠ 0.
func isolatePositive(ctx context.Context, p zpoly) ([]rootInterval, error) {
	K := positiveRootBound(p)
	if K == 0 && countVariations(p) == 0 {
		return nil, nil
	}
	n := p.deg()
	q := make(zpoly, n+1)
	for i := range p {
		q[i] = new(big.Int).Lsh(p[i], uint(K*i))
	}
	removePowerOfTwo(q)
	var out []rootInterval
	// scaled turns c/2^k in the scaled variable into c·2^(K−k).
	scaled := func(c *big.Int, k int) *big.Rat {
		r := new(big.Rat).SetInt(c)
		if e := K - k; e >= 0 {
			return r.SetInt(new(big.Int).Lsh(c, uint(e)))
		} else {
			return r.SetFrac(c, new(big.Int).Lsh(big.NewInt(1), uint(-e)))
		}
	}
	stack := []node{{q, new(big.Int), 0, -1}}
	for len(stack) > 0 {
		// A node costs at most three Taylor shifts, so polling at each is
		// cheap.
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v := nd.v
		if v < 0 {
			v = unitIntervalVariations(nd.p, -1)
		}
		switch v {
		case 0:
			continue
		case 1:
			hi := new(big.Int).Add(nd.c, big.NewInt(1))
			out = append(out, rootInterval{scaled(nd.c, nd.k), scaled(hi, nd.k)})
			continue
		}
		left := halve(nd.p)
		removePowerOfTwo(left)
		vl := unitIntervalVariations(left, -1)
		c2 := new(big.Int).Lsh(nd.c, 1)
		mid := new(big.Int).Add(c2, big.NewInt(1))
		// The midpoint is a root when left(1), the sum of its
		// coefficients, vanishes.
		atMid := 0
		if coefficientSum(left).Sign() == 0 {
			m := scaled(mid, nd.k+1)
			out = append(out, rootInterval{m, new(big.Rat).Set(m)})
			atMid = 1
		}
		// Variations are subadditive: V(left) + V(right) + [midpoint
		// root] ≤ V(node) (the subadditivity of Descartes' bound under
		// subdivision; see A. Eigenwillig, "Real Root Isolation for Exact
		// and Approximate Polynomials Using Descartes' Rule of Signs",
		// thesis, Saarbrücken 2008), so when the left half and the midpoint
		// use up the node's count, the right half holds no root and
		// needs no shift.
		if vl+atMid < v {
			right := taylorShift1(left)
			if atMid == 1 {
				right = right[1:]
			}
			removePowerOfTwo(right)
			if right.deg() > 0 {
				stack = append(stack, node{right, mid, nd.k + 1, -1})
			}
		}
		if vl > 0 {
			stack = append(stack, node{left, c2, nd.k + 1, vl})
		}
	}
	return out, nil
}

// coefficientSum is p(1).
func coefficientSum(p zpoly) *big.Int {
	s := new(big.Int)
	for _, c := range p {
		s.Add(s, c)
	}
	return s
}

// halve returns 2^n·p(x/2): coefficient i times 2^(n−i).
func halve(p zpoly) zpoly {
	n := p.deg()
	out := make(zpoly, n+1)
	for i := range p {
		out[i] = new(big.Int).Lsh(p[i], uint(n-i))
	}
	return out
}

// removePowerOfTwo divides p by the largest power of two dividing every
// coefficient.
func removePowerOfTwo(p zpoly) {
	s := -1
	for _, c := range p {
		if c.Sign() == 0 {
			continue
		}
		t := int(c.TrailingZeroBits())
		if s < 0 || t < s {
			s = t
		}
		if s == 0 {
			return
		}
	}
	if s <= 0 {
		return
	}
	for _, c := range p {
		c.Rsh(c, uint(s))
	}
}

// countVariations counts the sign variations of p's coefficients.
func countVariations(p zpoly) int {
	v, last := 0, 0
	for _, c := range p {
		if s := c.Sign(); s != 0 {
			if last != 0 && s != last {
				v++
			}
			last = s
		}
	}
	return v
}

// signAt returns the sign of p at the rational x, by Horner's rule on the
// numerator u and denominator v: the sign of Σ p_i u^i v^(n−i). For a
// dyadic x (v = 2^e), where isolation and refinement evaluate, the powers
// of v are shifts.
func signAt(p zpoly, x *big.Rat) int {
	if len(p) == 0 {
		return 0
	}
	// acc·u goes into a second buffer, then the two swap: big.Int's Mul
	// allocates afresh when its result aliases an operand.
	u, v := x.Num(), x.Denom()
	acc, prod := new(big.Int).Set(p[len(p)-1]), new(big.Int)
	var t big.Int
	if e := v.TrailingZeroBits(); uint(v.BitLen()) == e+1 {
		for i := len(p) - 2; i >= 0; i-- {
			prod.Mul(acc, u)
			acc, prod = prod, acc
			acc.Add(acc, t.Lsh(p[i], e*uint(len(p)-1-i)))
		}
		return acc.Sign()
	}
	vpow, vnext := big.NewInt(1), new(big.Int)
	for i := len(p) - 2; i >= 0; i-- {
		vnext.Mul(vpow, v)
		vpow, vnext = vnext, vpow
		prod.Mul(acc, u)
		acc, prod = prod, acc
		acc.Add(acc, t.Mul(p[i], vpow))
	}
	return acc.Sign()
}

// signRightOf is the sign of p just to the right of x, for p square-free
// (so a root of p is a simple one, where p′ gives the sign).
func signRightOf(p, dp zpoly, x *big.Rat) int {
	if s := signAt(p, x); s != 0 {
		return s
	}
	return signAt(dp, x)
}

var errLostRoot = errors.New("real root isolation lost track of a root (an interval without a sign change)")

// bisectRoot halves an interval holding exactly one root of the
// square-free p, with p nonzero inside it except at that root, keeping
// the half that holds it. It returns the exact root when the midpoint is
// the root.
func bisectRoot(p zpoly, sLo int, r rootInterval) (rootInterval, bool) {
	m := new(big.Rat).Add(r.lo, r.hi)
	m.Quo(m, big.NewRat(2, 1))
	switch s := signAt(p, m); {
	case s == 0:
		return rootInterval{m, new(big.Rat).Set(m)}, true
	case s == sLo:
		return rootInterval{m, r.hi}, false
	default:
		return rootInterval{r.lo, m}, false
	}
}

// tidy makes the endpoints of each open interval non-roots of the
// square-free g, by bisection: an endpoint can be a root only when that
// root was found exactly at a midpoint, so only an interval with an
// endpoint among rs's exact roots is evaluated, and the interval's own
// root is never at its endpoints.
func tidy(ctx context.Context, g zpoly, rs []rootInterval) ([]rootInterval, error) {
	exact := map[string]bool{}
	for _, r := range rs {
		if r.exact() {
			exact[r.lo.RatString()] = true
		}
	}
	if len(exact) == 0 {
		return rs, nil
	}
	dg := zderiv(g)
	for i, r := range rs {
		if r.exact() || !exact[r.lo.RatString()] && !exact[r.hi.RatString()] {
			continue
		}
		for signAt(g, r.lo) == 0 || signAt(g, r.hi) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			sLo := signRightOf(g, dg, r.lo)
			var done bool
			if r, done = bisectRoot(g, sLo, r); done {
				break
			}
		}
		rs[i] = r
	}
	return rs, nil
}

// refine narrows an open isolating interval of a root of the square-free
// factor a (nonzero at both endpoints) until its width is at most
// 2^-bits, or the root is found exactly.
//
// Bisection alone would cost one exact evaluation per bit. Instead
// Newton's iteration runs in big.Float from the midpoint, its precision
// doubling up to the target, and its result x is certified exactly: a
// sign change of a between the dyadic points x ∓ 2^-(bits+1), inside the
// isolating interval, proves the root between them, because the interval
// holds no other root. When Newton leaves the interval or the
// certificate fails (the start was too far from the root), a few
// bisection steps narrow the interval and Newton starts again; bisection
// alone ends the loop in any case, so the result never depends on the
// floating-point iteration, only its speed does.
func refine(ctx context.Context, a zpoly, r rootInterval, bits int) (rootInterval, error) {
	sLo := signAt(a, r.lo)
	if sLo == 0 || sLo == signAt(a, r.hi) {
		return r, errLostRoot
	}
	width := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(bits)))
	da := zderiv(a)
	w := new(big.Rat)
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		if r.exact() || w.Sub(r.hi, r.lo).Cmp(width) <= 0 {
			return r, nil
		}
		if c, ok := newtonCertify(a, da, sLo, r, bits); ok {
			return c, nil
		}
		for range 4 {
			r, _ = bisectRoot(a, sLo, r)
			if r.exact() {
				return r, nil
			}
		}
	}
}

// newtonCertify runs Newton's iteration from the midpoint of r and returns
// a certified interval of width 2^-bits around its result, or false.
func newtonCertify(a, da zpoly, sLo int, r rootInterval, bits int) (rootInterval, bool) {
	mid := new(big.Rat).Add(r.lo, r.hi)
	mid.Quo(mid, big.NewRat(2, 1))
	// Horner's rule near a root cancels about log2(Σ|a_i|·|x|^i) bits,
	// at most the coefficient bits plus log2(n+1) plus n·log2(max(|x|, 1)),
	// so every precision carries that many guard bits.
	mag := max(r.lo.Num().BitLen()-r.lo.Denom().BitLen(), r.hi.Num().BitLen()-r.hi.Denom().BitLen(), 0) + 1
	guard := uint(zmaxBits(a) + bitsLen(len(a)) + a.deg()*mag)
	target := uint(bits+32) + guard
	prec := 64 + guard
	x := new(big.Float).SetPrec(prec).SetRat(mid)
	lo := new(big.Float).SetPrec(target).SetRat(r.lo)
	hi := new(big.Float).SetPrec(target).SetRat(r.hi)
	for extra := 0; extra < 3; {
		if prec < target {
			prec = min(guard+2*(prec-guard), target)
		} else {
			extra++
		}
		x.SetPrec(prec)
		v, dv := hornerFloat(a, da, x, prec)
		if dv.Sign() == 0 {
			return r, false
		}
		x.Sub(x, v.Quo(v, dv))
		if x.Cmp(lo) <= 0 || x.Cmp(hi) >= 0 {
			return r, false
		}
	}
	// x rounded to a multiple of 2^-(bits+1), and its two neighbours.
	scaled := new(big.Float).SetPrec(target+64).SetMantExp(x, bits+1)
	m, _ := scaled.Int(nil)
	den := new(big.Int).Lsh(big.NewInt(1), uint(bits+1))
	c := rootInterval{new(big.Rat).SetFrac(new(big.Int).Sub(m, big.NewInt(1)), den), new(big.Rat).SetFrac(new(big.Int).Add(m, big.NewInt(1)), den)}
	if c.lo.Cmp(r.lo) < 0 {
		c.lo = r.lo
	}
	if c.hi.Cmp(r.hi) > 0 {
		c.hi = r.hi
	}
	sl, sh := signAt(a, c.lo), signAt(a, c.hi)
	switch {
	case sl == 0:
		return rootInterval{c.lo, new(big.Rat).Set(c.lo)}, true
	case sh == 0:
		return rootInterval{c.hi, new(big.Rat).Set(c.hi)}, true
	case sl == sLo && sh == -sLo:
		return c, true
	}
	return r, false
}

// hornerFloat evaluates a and its derivative da at x with precision prec.
func hornerFloat(a, da zpoly, x *big.Float, prec uint) (*big.Float, *big.Float) {
	eval := func(p zpoly) *big.Float {
		acc := new(big.Float).SetPrec(prec)
		var c big.Float
		c.SetPrec(prec)
		for i := len(p) - 1; i >= 0; i-- {
			acc.Mul(acc, x)
			acc.Add(acc, c.SetInt(p[i]))
		}
		return acc
	}
	return eval(a), eval(da)
}

func bitsLen(n int) int { return big.NewInt(int64(n)).BitLen() }
