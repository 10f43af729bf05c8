package polynomial

// Certified complex roots by the Aberth–Ehrlich iteration and the
// Gerschgorin-type inclusion discs.
//
// Approximation. For a square-free p of degree n with approximations
// z_1 … z_n, the Aberth–Ehrlich step (O. Aberth, "Iteration methods for
// finding all zeros of a polynomial simultaneously", Math. Comp. 27, 1973;
// L. W. Ehrlich, Comm. ACM 10, 1967) is
//
//	N_i = p(z_i)/p′(z_i),   S_i = Σ_{j≠i} 1/(z_i − z_j),
//	z_i ← z_i − N_i/(1 − N_i·S_i),
//
// Newton's step on p/∏_{j≠i}(x − z_j); it converges cubically to simple
// roots. We apply it Gauss–Seidel fashion (each z_i updated in place) and
// freeze the approximations that have converged at the current precision,
// as MPSolve does (D. A. Bini and G. Fiorentino, "Design, analysis, and
// implementation of a multiprecision polynomial rootfinder", Numer.
// Algorithms 23, 2000, §3). The starting points are Bini's: circles whose
// radii are read off the upper convex hull of (i, log|a_i|), the Newton
// polygon (D. A. Bini, "Numerical computation of polynomial zeros by
// means of Aberth's method", Numer. Algorithms 13, 1996). A first pass in
// complex128 (evaluating the reversed polynomial at 1/z outside the unit
// disc, so nothing overflows) brings the approximations to about 15
// digits cheaply; then the iteration runs in math/big.Float at doubling
// precisions up to the one the requested digits need, one or two cubic
// steps at each.
//
// Certification. With w_i = p(z_i)/(lc(p)·∏_{j≠i}(z_i − z_j)) the
// Weierstrass corrections, the union of the discs D(z_i, n·|w_i|) holds
// every root of p, and each connected component of k discs holds exactly k
// roots (Braess and Hadeler 1973; Bini and Fiorentino 2000, Theorem 8;
// A. Neumaier, "Enclosing clusters of zeros of polynomials", J. Comput.
// Appl. Math. 156, 2003). So pairwise disjoint discs hold one root each.
// inclusionRadii computes upper bounds of the squared radii n²|w_i|² with
// rigorous rounding: p(z_i) in ball arithmetic (a big.Float midpoint and
// an error bound rounded upwards, the a-priori bound of each complex
// product and sum accounted), the distances |z_i − z_j|² exactly from the
// centers' decimal digits and rounded down. A disc centered on the real
// axis that holds exactly one root holds a real root, since p has real
// coefficients and the disc is its own mirror image: that is how real
// roots are certified.
//
// The discs are computed at the decimal centers that are published, not
// at the binary approximations, so that the postcondition can recompute
// every bound from the result alone.
//
// Clusters. Roots closer than the working precision behave like a
// multiple root, to which the iteration converges only linearly; the
// sweeps' budget lets the few
// unconverged approximations run longer while the rest stay frozen (2·prec
// more steps at precision prec), and a
// failed certification doubles the precision and the written decimals.
// Very tight clusters (x^500 − 2·(50x − 1)², two roots 10^-426 apart) can
// run into the time limit; MPSolve's cluster restarts would be the cure.

import (
	"context"
	"math"
	"math/big"
	"math/cmplx"
	"slices"
	"sort"
)

// newtonPolygonStart is Bini's starting points for a polynomial with
// coefficients c (constant term first, nonzero leading coefficient): for
// each edge (i, j) of the upper convex hull of (k, log2|c_k|), j − i points
// on the circle of radius (|c_i|/|c_j|)^(1/(j−i)), spread evenly with an
// offset that breaks the symmetry with the real axis. It returns log2 of
// the radii as well, so that a caller can tell when float64 cannot hold
// them.
func newtonPolygonStart(c zpoly) (z []complex128, logRadius []float64) {
	type pt struct {
		k int
		y float64
	}
	var pts []pt
	for k, a := range c {
		if a.Sign() != 0 {
			pts = append(pts, pt{k, log2Abs(a)})
		}
	}
	var hull []pt
	for _, p := range pts {
		for len(hull) >= 2 {
			a, b := hull[len(hull)-2], hull[len(hull)-1]
			// Drop b when it lies on or below the segment from a to p.
			if (b.y-a.y)*float64(p.k-a.k) <= (p.y-a.y)*float64(b.k-a.k) {
				hull = hull[:len(hull)-1]
				continue
			}
			break
		}
		hull = append(hull, p)
	}
	n := c.deg()
	// Zero roots: the hull starts at the lowest nonzero coefficient.
	for range pts[0].k {
		z = append(z, 0)
		logRadius = append(logRadius, math.Inf(-1))
	}
	const sigma = 0.7
	for e := 1; e < len(hull); e++ {
		a, b := hull[e-1], hull[e]
		m := b.k - a.k
		lr := (a.y - b.y) / float64(m)
		for l := range m {
			theta := 2*math.Pi*float64(l)/float64(m) + 2*math.Pi*float64(e)/float64(n) + sigma
			z = append(z, cmplx.Rect(math.Exp2(max(min(lr, 1000), -1000)), theta))
			logRadius = append(logRadius, lr)
		}
	}
	return z, logRadius
}

// log2Abs is log2|a| for a nonzero a, to float64 accuracy.
func log2Abs(a *big.Int) float64 {
	f := new(big.Float).SetInt(a)
	mant := new(big.Float)
	e := f.MantExp(mant)
	m, _ := mant.Float64()
	return float64(e) + math.Log2(math.Abs(m))
}

// aberth64 runs the Aberth–Ehrlich iteration in complex128 on the
// polynomial with coefficients c (already scaled into float64's range)
// from z, in place, until every correction is below 2^-50 relative or
// maxIter sweeps. It reports false if an approximation is not finite.
func aberth64(ctx context.Context, c []float64, z []complex128, maxIter int) (bool, error) {
	n := len(c) - 1
	done := make([]bool, len(z))
	for it := 0; it < maxIter; it++ {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		active := false
		for i := range z {
			if done[i] {
				continue
			}
			active = true
			N := newton64(c, n, z[i])
			var s complex128
			for j := range z {
				if j != i {
					s += 1 / (z[i] - z[j])
				}
			}
			w := N / (1 - N*s)
			if cmplx.IsNaN(w) || cmplx.IsInf(w) {
				return false, nil
			}
			z[i] -= w
			if cmplx.Abs(w) <= 0x1p-50*cmplx.Abs(z[i]) || w == 0 {
				done[i] = true
			}
		}
		if !active {
			break
		}
	}
	for _, x := range z {
		if cmplx.IsNaN(x) || cmplx.IsInf(x) {
			return false, nil
		}
	}
	return true, nil
}

// newton64 is p(x)/p′(x), through the reversed polynomial at 1/x when
// |x| > 1: with y = 1/x and q(y) = y^n·p(1/y), p/p′ = x/(n − y·q′(y)/q(y)).
func newton64(c []float64, n int, x complex128) complex128 {
	if cmplx.Abs(x) <= 1 {
		var p, dp complex128
		for k := n; k >= 0; k-- {
			dp = dp*x + p
			p = p*x + complex(c[k], 0)
		}
		if dp == 0 {
			return 0
		}
		return p / dp
	}
	y := 1 / x
	var q, dq complex128
	for k := 0; k <= n; k++ {
		dq = dq*y + q
		q = q*y + complex(c[k], 0)
	}
	if q == 0 {
		return 0
	}
	return x / (complex(float64(n), 0) - y*dq/q)
}

// bcomplex is a complex number with big.Float parts.
type bcomplex struct{ re, im *big.Float }

func newBcomplex(prec uint) bcomplex {
	return bcomplex{new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)}
}

// aberthWork holds the temporaries of one Aberth sweep at one precision.
type aberthWork struct {
	prec                      uint
	coef                      []*big.Float
	p, dp, t, s, d, n, w, one bcomplex
	a, b, r                   *big.Float
}

func newAberthWork(c zpoly, prec uint) *aberthWork {
	w := &aberthWork{prec: prec}
	for _, x := range c {
		w.coef = append(w.coef, new(big.Float).SetPrec(prec).SetInt(x))
	}
	for _, x := range []*bcomplex{&w.p, &w.dp, &w.t, &w.s, &w.d, &w.n, &w.w, &w.one} {
		*x = newBcomplex(prec)
	}
	w.a, w.b, w.r = new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)
	return w
}

// mul sets z = x·y; z may alias neither x nor y.
func (w *aberthWork) mul(z, x, y bcomplex) {
	z.re.Mul(x.re, y.re)
	w.a.Mul(x.im, y.im)
	z.re.Sub(z.re, w.a)
	z.im.Mul(x.re, y.im)
	w.a.Mul(x.im, y.re)
	z.im.Add(z.im, w.a)
}

// quo sets z = x/y (zero when y is zero); z may alias neither.
func (w *aberthWork) quo(z, x, y bcomplex) {
	w.r.Mul(y.re, y.re)
	w.a.Mul(y.im, y.im)
	w.r.Add(w.r, w.a)
	if w.r.Sign() == 0 {
		z.re.SetInt64(0)
		z.im.SetInt64(0)
		return
	}
	z.re.Mul(x.re, y.re)
	w.a.Mul(x.im, y.im)
	z.re.Add(z.re, w.a)
	z.im.Mul(x.im, y.re)
	w.a.Mul(x.re, y.im)
	z.im.Sub(z.im, w.a)
	z.re.Quo(z.re, w.r)
	z.im.Quo(z.im, w.r)
}

// step computes the Aberth correction of z[i] into w.w. zf holds z in
// complex128 (an entry is NaN when out of range): the sum S is formed in
// complex128 when the error that costs, about |N|²·δS, is below
// 2^-(prec+4)·|z_i|, which holds once the approximations are good, and in
// big.Float otherwise.
func (w *aberthWork) step(z []bcomplex, zf []complex128, i int) {
	x := z[i]
	w.p.re.SetInt64(0)
	w.p.im.SetInt64(0)
	w.dp.re.SetInt64(0)
	w.dp.im.SetInt64(0)
	for k := len(w.coef) - 1; k >= 0; k-- {
		w.mul(w.t, w.dp, x)
		w.dp.re.Add(w.t.re, w.p.re)
		w.dp.im.Add(w.t.im, w.p.im)
		w.mul(w.t, w.p, x)
		w.p.re.Add(w.t.re, w.coef[k])
		w.p.im.Set(w.t.im)
	}
	w.quo(w.n, w.p, w.dp) // N = p/p′
	if ps, ok := w.sum64(zf, i); !ok {
		// S = Σ 1/(z_i − z_j) = Σ conj(d)/|d|², at the precision ps the
		// error bound asks for.
		for _, f := range []*big.Float{w.d.re, w.d.im, w.r, w.a} {
			f.SetPrec(ps)
		}
		w.s.re.SetInt64(0)
		w.s.im.SetInt64(0)
		for j := range z {
			if j == i {
				continue
			}
			w.d.re.Sub(x.re, z[j].re)
			w.d.im.Sub(x.im, z[j].im)
			w.r.Mul(w.d.re, w.d.re)
			w.a.Mul(w.d.im, w.d.im)
			w.r.Add(w.r, w.a)
			if w.r.Sign() == 0 {
				continue
			}
			w.a.Quo(w.d.re, w.r)
			w.s.re.Add(w.s.re, w.a)
			w.a.Quo(w.d.im, w.r)
			w.s.im.Sub(w.s.im, w.a)
		}
		for _, f := range []*big.Float{w.d.re, w.d.im, w.r, w.a} {
			f.SetPrec(w.prec)
		}
	}
	// w = N/(1 − N·S).
	w.mul(w.t, w.n, w.s)
	w.one.re.SetInt64(1)
	w.one.im.SetInt64(0)
	w.t.re.Sub(w.one.re, w.t.re)
	w.t.im.Neg(w.t.im)
	w.quo(w.w, w.n, w.t)
}

// sum64 sets w.s to S in complex128 and reports true when that is
// accurate enough (see step); otherwise it returns the precision at which
// big.Float differences make it so. An error δS in S moves the correction
// by about |N|²·δS, which must stay below 2^-(prec+4)·|z_i|: in complex128
// δS ≈ 2^-50·Σ(|z_i| + |z_j| + |d|)/|d|² (the parts rounded before the
// subtraction), at precision q with exact differences δS ≈ 2^-q·Σ 1/|d|.
func (w *aberthWork) sum64(zf []complex128, i int) (uint, bool) {
	zi := zf[i]
	if cmplx.IsNaN(zi) || zi == 0 || (w.n.re.Sign() == 0 && w.n.im.Sign() == 0) {
		return w.prec, false
	}
	var s complex128
	var b, inv float64
	ai := cmplx.Abs(zi)
	for j, zj := range zf {
		if j == i {
			continue
		}
		if cmplx.IsNaN(zj) {
			return w.prec, false
		}
		d := zi - zj
		ad := cmplx.Abs(d)
		if ad == 0 {
			return w.prec, false
		}
		s += 1 / d
		b += (ai + cmplx.Abs(zj) + ad) / (ad * ad)
		inv += 1 / ad
	}
	if math.IsInf(b, 0) || math.IsNaN(b) {
		return w.prec, false
	}
	// log2 |N| from its parts' exponents (|N| may be far below float64's range).
	en := max(w.n.re.MantExp(nil), w.n.im.MantExp(nil))
	if w.n.re.Sign() == 0 {
		en = w.n.im.MantExp(nil)
	} else if w.n.im.Sign() == 0 {
		en = w.n.re.MantExp(nil)
	}
	allowed := -float64(w.prec) - 4 + math.Log2(ai) - float64(2*en)
	if math.Log2(b)-50 > allowed {
		q := math.Ceil(math.Log2(inv) - allowed)
		return uint(min(max(q, 64), float64(w.prec))), false
	}
	w.s.re.SetFloat64(real(s))
	w.s.im.SetFloat64(imag(s))
	return 0, true
}

// aberthBig runs the iteration on c from z at precision prec, in place,
// freezing each approximation once its correction is below 2^-goal
// relative (or zero), for at most the work of maxIter full sweeps, and
// reports whether all
// converged. With cubic convergence, goal = prec/3 leaves the
// approximations good to about prec bits.
func aberthBig(ctx context.Context, c zpoly, z []bcomplex, prec uint, goal int, maxIter int) (bool, error) {
	w := newAberthWork(c, prec)
	zf := make([]complex128, len(z))
	toFloat := func(i int) {
		re, _ := z[i].re.Float64()
		im, _ := z[i].im.Float64()
		zf[i] = complex(re, im)
		if math.IsInf(re, 0) || math.IsInf(im, 0) || (re == 0 && z[i].re.Sign() != 0) || (im == 0 && z[i].im.Sign() != 0) {
			zf[i] = cmplx.NaN()
		}
	}
	for i := range z {
		z[i].re.SetPrec(prec)
		z[i].im.SetPrec(prec)
		toFloat(i)
	}
	done := make([]bool, len(z))
	mag, corr, t := new(big.Float).SetPrec(64), new(big.Float).SetPrec(64), new(big.Float).SetPrec(64)
	// The budget is maxIter full sweeps and 2·prec more steps: a cluster
	// that converges only linearly (a bit or two a sweep), with the rest
	// frozen, gets enough sweeps to resolve what this precision can.
	for budget := maxIter*len(z) + 2*int(prec); budget > 0; {
		active := false
		for i := range z {
			if done[i] {
				continue
			}
			if err := ctx.Err(); err != nil {
				return false, err
			}
			active = true
			budget--
			w.step(z, zf, i)
			z[i].re.Sub(z[i].re, w.w.re)
			z[i].im.Sub(z[i].im, w.w.im)
			toFloat(i)
			// Compare |w|_1 with 2^-goal·|z|_1.
			corr.Abs(w.w.re)
			corr.Add(corr, t.Abs(w.w.im))
			mag.Abs(z[i].re)
			mag.Add(mag, t.Abs(z[i].im))
			mag.SetMantExp(mag, -goal)
			if corr.Sign() == 0 || corr.Cmp(mag) <= 0 {
				done[i] = true
			}
		}
		if !active {
			return true, nil
		}
	}
	return !slices.Contains(done, false), nil
}

// approximateRoots returns approximations of the n roots of the
// square-free c (primitive, degree n ≥ 1) at precision prec, starting from
// start when it is given (the previous approximations), and whether the
// iteration converged at that precision. Converged means corrections below
// a third of the bits, which cubic convergence makes enough; strict asks
// for corrections below all of them at the last precision, for when that
// was not enough (a cluster converges only linearly, and its small but
// slowly shrinking corrections would freeze it too early).
func approximateRoots(ctx context.Context, c zpoly, start []bcomplex, prec uint, strict bool) ([]bcomplex, bool, error) {
	z := start
	if z == nil {
		z0, lr := newtonPolygonStart(c)
		fits := true
		for _, x := range lr {
			if !math.IsInf(x, -1) && math.Abs(x) > 400 {
				fits = false
			}
		}
		if fits {
			// Scale the coefficients by 2^-(maximum bit length).
			e := 0
			for _, a := range c {
				e = max(e, a.BitLen())
			}
			f := make([]float64, len(c))
			for k, a := range c {
				x, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(a), -e).Float64()
				f[k] = x
			}
			zz := append([]complex128(nil), z0...)
			ok, err := aberth64(ctx, f, zz, 100+len(c))
			if err != nil {
				return nil, false, err
			}
			if ok {
				z0 = zz
			}
		}
		z = make([]bcomplex, len(z0))
		for i, x := range z0 {
			z[i] = newBcomplex(53)
			z[i].re.SetFloat64(real(x))
			z[i].im.SetFloat64(imag(x))
		}
		// From the starting circles (or a float64 pass that failed) the
		// iteration needs its global phase at low precision.
		if !fits {
			if _, err := aberthBig(ctx, c, z, 64, 40, 200+4*len(c)); err != nil {
				return nil, false, err
			}
		}
	}
	// Tripling precisions up to prec, each until the corrections are
	// below a third of its bits, which cubic convergence turns into all of
	// them: one sweep at each, once the roots are separated.
	for p := max(z[0].re.Prec(), 53); ; {
		p = min(3*p, prec)
		goal := int(p/3) - 4
		if strict && p == prec {
			goal = int(p) - 8
		}
		converged, err := aberthBig(ctx, c, z, p, goal, 12)
		if err != nil || p == prec {
			return z, converged, err
		}
	}
}

// decimalCenter is a published center: its real and imaginary parts
// scaled by 10^digits, exactly.
type decimalCenter struct{ re, im *big.Int }

// inclusionRadii returns, for the square-free primitive p of degree n and
// n distinct decimal centers c (parts scaled by 10^digits), upper bounds
// of the squared Gerschgorin-type radii n²·|p(c_i)|²/(lc²·∏|c_i − c_j|²),
// rounded upwards; nil when two centers coincide (no disc is certified).
func inclusionRadii(ctx context.Context, p zpoly, c []decimalCenter, digits int) ([]*big.Float, error) {
	n := len(c)
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	// dist[i] = ∏_{j≠i} |C_i − C_j|² (scaled by 10^(2·digits·(n−1))), rounded down.
	dist := make([]*big.Float, n)
	for i := range dist {
		dist[i] = down(64).SetInt64(1)
	}
	dr, di, sq, t := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	for i := range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for j := i + 1; j < n; j++ {
			dr.Sub(c[i].re, c[j].re)
			di.Sub(c[i].im, c[j].im)
			sq.Mul(dr, dr)
			t.Mul(di, di)
			sq.Add(sq, t)
			if sq.Sign() == 0 {
				return nil, nil
			}
			f := down(64).SetInt(sq)
			dist[i].Mul(dist[i], f)
			dist[j].Mul(dist[j], f)
		}
	}
	// scalePow = 10^(2·digits·(n−1)), rounded upwards.
	scalePow := up(64).SetInt64(1)
	for b, sq := 2*(n-1), up(64).SetInt(scale); b > 0; b >>= 1 {
		if b&1 == 1 {
			scalePow.Mul(scalePow, sq)
		}
		sq.Mul(sq, sq)
	}
	lc2 := down(64).SetInt(p.lc())
	lc2.Mul(lc2, lc2)
	out := make([]*big.Float, n)
	ev := newBallEvaluator(p)
	for i := range n {
		v, err := ev.bound(ctx, c[i], scale, digits)
		if err != nil {
			return nil, err
		}
		// n²·|p(c)|²·10^(2·digits·(n−1)) / (lc²·dist).
		r := up(64).SetInt64(int64(n) * int64(n))
		r.Mul(r, v)
		r.Quo(r, down(64).Mul(lc2, dist[i]))
		out[i] = r.Mul(r, scalePow)
	}
	return out, nil
}

func up(prec uint) *big.Float   { return new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf) }
func down(prec uint) *big.Float { return new(big.Float).SetPrec(prec).SetMode(big.ToNegativeInf) }

// ballEvaluator evaluates one polynomial at many centers, keeping its
// coefficients' magnitudes (rounded upwards) and its coefficients at each
// precision used.
type ballEvaluator struct {
	p     zpoly
	abs   []*big.Float
	coef  map[uint][]*big.Float
	exact map[uint]bool // the coefficients at that precision are exact
}

func newBallEvaluator(p zpoly) *ballEvaluator {
	ev := &ballEvaluator{p: p, coef: map[uint][]*big.Float{}, exact: map[uint]bool{}}
	for _, a := range p {
		ev.abs = append(ev.abs, up(64).Abs(up(64).SetInt(a)))
	}
	return ev
}

func (ev *ballEvaluator) at(q uint) []*big.Float {
	if c, ok := ev.coef[q]; ok {
		return c
	}
	c := make([]*big.Float, len(ev.p))
	exact := true
	for k, a := range ev.p {
		c[k] = new(big.Float).SetPrec(q).SetInt(a)
		exact = exact && c[k].Acc() == big.Exact
	}
	ev.coef[q], ev.exact[q] = c, exact
	return c
}

// bound is an upper bound of |p(C/10^digits)|², by Horner's rule in
// ball arithmetic: the midpoint in big.Float at precision q, the radius
// rounded upwards. The precision starts from the centers' own and doubles
// (up to a bound) while the radius is more than a sixteenth of the
// midpoint, so that the bound is sharp except at exact roots.
func (ev *ballEvaluator) bound(ctx context.Context, c decimalCenter, scale *big.Int, digits int) (*big.Float, error) {
	bits := max(c.re.BitLen(), c.im.BitLen()) + int(float64(digits)*math.Log2(10)) + 64
	for q := uint(bits); ; q *= 2 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m, r := ev.eval(c, scale, q)
		// |p(c)|² ≤ |m|² + 2·r·|m|_1 + r².
		m2 := up(64).Mul(m.re, m.re)
		m2.Add(m2, up(64).Mul(m.im, m.im))
		m1 := up(64).Abs(m.re)
		m1.Add(m1, up(64).Abs(m.im))
		if r.Sign() == 0 || q >= 1<<17 || up(64).SetMantExp(r, 4).Cmp(m1) <= 0 {
			v := up(64).Mul(r, m1)
			v.SetMantExp(v, 1)
			v.Add(v, m2)
			v.Add(v, up(64).Mul(r, r))
			return v, nil
		}
	}
}

// eval evaluates p at x = C/10^digits: it returns the midpoint m and
// a radius r with |p(x) − m| ≤ r. With u = 2^-q, x's binary parts within
// 2u relative of the decimal ones (eps = 2u·|x̃|_1 ≥ |x − x̃|), and each
// step acc ← acc·x + a_k computed as fl(fl(m·x̃) + a_k), the radius grows
// as r ← r·(|x̃|_1 + eps) + |m|_1·eps + 4u·(|m|_1·|x̃|_1 + |a_k|): the
// complex product's error is at most 2.01u·|m|_1·|x̃|_1 and the rounding
// of a_k and of the sum at most 2.02u·(|m|_1·|x̃|_1 + |a_k|).
func (ev *ballEvaluator) eval(c decimalCenter, scale *big.Int, q uint) (bcomplex, *big.Float) {
	p, coef := ev.p, ev.at(q)
	exactCoef := ev.exact[q]
	x := newBcomplex(q)
	den := new(big.Float).SetPrec(q).SetInt(scale)
	x.re.SetInt(c.re)
	x.re.Quo(x.re, den)
	x.im.SetInt(c.im)
	x.im.Quo(x.im, den)
	x1 := up(64).Abs(x.re)
	x1.Add(x1, up(64).Abs(x.im))
	eps := up(64).SetMantExp(x1, 1-int(q)) // 2u·|x̃|_1
	xe := up(64).Add(x1, eps)
	if x.re.Acc() == big.Exact && x.im.Acc() == big.Exact {
		eps.SetInt64(0)
	}
	// exact stays true while every operation of the midpoint is exact;
	// the midpoint is then p(x) itself.
	exact := eps.Sign() == 0
	m, t := newBcomplex(q), newBcomplex(q)
	prod := new(big.Float).SetPrec(q)
	mul := func(z, a, b *big.Float) {
		z.Mul(a, b)
		exact = exact && z.Acc() == big.Exact
	}
	add := func(z, a, b *big.Float) {
		z.Add(a, b)
		exact = exact && z.Acc() == big.Exact
	}
	exact = exact && exactCoef
	r := up(64)
	m1, tmp, e := up(64), up(64), up(64)
	for k := len(p) - 1; k >= 0; k-- {
		m1.Abs(m.re)
		m1.Add(m1, tmp.Abs(m.im))
		// r·(|x̃|_1 + eps) + |m|_1·eps + 4u·(|m|_1·|x̃|_1 + |a_k|).
		r.Mul(r, xe)
		r.Add(r, tmp.Mul(m1, eps))
		e.Mul(m1, x1)
		e.Add(e, ev.abs[k])
		e.SetMantExp(e, 2-int(q))
		r.Add(r, e)
		mul(t.re, m.re, x.re)
		mul(prod, m.im, x.im)
		add(t.re, t.re, prod.Neg(prod))
		mul(t.im, m.re, x.im)
		mul(prod, m.im, x.re)
		add(t.im, t.im, prod)
		add(m.re, t.re, coef[k])
		m.im.Set(t.im)
	}
	if exact {
		r.SetInt64(0)
	}
	return m, r
}

// discsDisjoint reports whether the closed discs of radii rho (exact
// rationals) around the centers (scaled by 10^digits) are pairwise
// disjoint: |c_i − c_j|² > (ρ_i + ρ_j)², exactly. It sorts by real part
// and stops each sweep once the real parts alone are far enough apart.
func discsDisjoint(ctx context.Context, c []decimalCenter, rho []*big.Rat, digits int) (bool, error) {
	n := len(c)
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	// rs[i] = ρ_i·10^digits.
	rs := make([]*big.Rat, n)
	maxRho := new(big.Rat)
	for i, r := range rho {
		rs[i] = new(big.Rat).Mul(r, new(big.Rat).SetInt(scale))
		if rs[i].Cmp(maxRho) > 0 {
			maxRho.Set(rs[i])
		}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return c[idx[a]].re.Cmp(c[idx[b]].re) < 0 })
	reach := new(big.Rat).Add(maxRho, maxRho)
	dr, di, sq, t := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	sum := new(big.Rat)
	for a := range n {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		i := idx[a]
		for b := a + 1; b < n; b++ {
			j := idx[b]
			dr.Sub(c[j].re, c[i].re)
			if new(big.Rat).SetInt(dr).Cmp(reach) > 0 {
				break
			}
			di.Sub(c[j].im, c[i].im)
			sq.Mul(dr, dr)
			t.Mul(di, di)
			sq.Add(sq, t)
			sum.Add(rs[i], rs[j])
			sum.Mul(sum, sum)
			if new(big.Rat).SetInt(sq).Cmp(sum) <= 0 {
				return false, nil
			}
		}
	}
	return true, nil
}

// radiusUp is the smallest decimal m·10^e with two significant digits
// (10 ≤ m ≤ 99) whose square is at least r2, as an exact rational and its
// string "d.de-N" (or "0" for r2 = 0).
func radiusUp(r2 *big.Float) (*big.Rat, string) {
	if r2.Sign() == 0 {
		return new(big.Rat), "0"
	}
	f, _ := new(big.Float).Sqrt(r2).Float64()
	var e int
	if f > 0 && !math.IsInf(f, 0) {
		e = int(math.Floor(math.Log10(f))) - 1
	} else {
		// Outside float64's range: the base-10 exponent from the binary one.
		e = int(math.Floor(float64(r2.MantExp(nil))/2*math.Log10(2))) - 1
	}
	want := new(big.Rat)
	r2.Rat(want)
	pow := func(e int) *big.Rat {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(e))), nil)
		if e < 0 {
			return new(big.Rat).SetFrac(big.NewInt(1), p)
		}
		return new(big.Rat).SetInt(p)
	}
	// Start below the estimate and step up: m·10^e with m from 10 to 99.
	m := int64(10)
	if f > 0 && !math.IsInf(f, 0) {
		m = max(int64(f/math.Pow(10, float64(e)))-2, 1)
	}
	for {
		for m >= 100 {
			m = (m + 9) / 10
			e++
		}
		for m < 10 {
			m *= 10
			e--
		}
		v := new(big.Rat).Mul(big.NewRat(m, 1), pow(e))
		if new(big.Rat).Mul(v, v).Cmp(want) >= 0 {
			s := big.NewInt(m).String()
			return v, s[:1] + "." + s[1:] + "e" + itoa(e+1)
		}
		m++
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func itoa(x int) string { return big.NewInt(int64(x)).String() }
