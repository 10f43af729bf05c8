package integer

// Hilbert class polynomials for ECPP, computed on the fly.
//
// For a fundamental discriminant Δ = −D < 0 the Hilbert class polynomial
// H_D(x) = ∏ (x − j(τ_f)) runs over the h(Δ) reduced primitive binary
// quadratic forms f = (a, b, c) of discriminant Δ, with τ_f = (−b + √Δ)/(2a)
// (Cox, Primes of the Form x² + ny², 2nd ed., §13; Cohen, A Course in
// Computational Algebraic Number Theory, Algorithm 7.6.1). Its
// coefficients are integers, so it is evaluated numerically and rounded.
//
// j is evaluated from Dedekind's η through the weight-zero quotient
// f(τ) = Δ(2τ)/Δ(τ) = q·(P(q²)/P(q))^24, q = e^(2πiτ), P(q) = ∏(1 − qⁿ),
// as j = (256f + 1)³/f (Cohen, Algorithm 7.6.2 and the identity before
// it); P is Euler's pentagonal series Σ (−1)^k q^(k(3k−1)/2), which
// converges fast because |q| = e^(−π√D/a) ≤ e^(−π√3).
//
// Precision: |j(τ_f)| ≈ e^(π√D/a), so the coefficients are at most
// ∏ (e^(π√D/a) + 2000) in absolute value, about Σ π√D/(a·ln 2) bits;
// the evaluation runs with that many bits plus a guard of h + 64. Each
// coefficient must then lie within 2^−16 of an integer with an imaginary
// part below 2^−16; otherwise the precision doubles and it runs again (a
// wrong polynomial would only cost a failed step: the certificate's
// curve is checked on its own, so nothing here is trusted).

import (
	"math"
	"math/big"
	"slices"
	"sync"
)

// discriminant is a fundamental discriminant −D with its reduced forms.
type discriminant struct {
	D     int64
	forms [][3]int64 // (a, b, c), b² − 4ac = −D
	// parts are the prime discriminants whose product is −D: p* = ±p
	// ≡ 1 (mod 4) for the odd primes p | D, and −4, 8 or −8 for 2.
	parts []int64
}

// primeDiscriminants splits −D, D fundamental, into prime discriminants.
func primeDiscriminants(D int64) []int64 {
	var parts []int64
	prod, rest := int64(1), D
	for rest%2 == 0 {
		rest /= 2
	}
	for p := int64(3); p*p <= rest; p += 2 {
		if rest%p == 0 {
			rest /= p
			ps := p
			if p%4 == 3 {
				ps = -p
			}
			parts = append(parts, ps)
			prod *= ps
		}
	}
	if rest > 1 {
		ps := rest
		if rest%4 == 3 {
			ps = -rest
		}
		parts = append(parts, ps)
		prod *= ps
	}
	if u := -D / prod; u != 1 {
		parts = append(parts, u)
	}
	return parts
}

// classNumber is the number of reduced forms.
func (d discriminant) classNumber() int { return len(d.forms) }

// reducedForms lists the reduced primitive forms (a, b, c) of
// discriminant −D: |b| ≤ a ≤ c, b ≥ 0 when |b| = a or a = c (Cohen,
// Algorithm 5.3.5).
func reducedForms(D int64) [][3]int64 {
	var out [][3]int64
	for a := int64(1); 3*a*a <= D; a++ {
		for b := -a + 1; b <= a; b++ {
			if (b*b+D)%(4*a) != 0 {
				continue
			}
			c := (b*b + D) / (4 * a)
			if c < a || (c == a && b < 0) {
				continue
			}
			if gcd64(gcd64(a, max(b, -b)), c) != 1 {
				continue
			}
			out = append(out, [3]int64{a, b, c})
		}
	}
	return out
}

// squarefree64 reports whether no square of a prime divides n ≥ 1.
func squarefree64(n int64) bool {
	for p := int64(2); p*p <= n; p++ {
		if n%(p*p) == 0 {
			return false
		}
	}
	return true
}

// fundamental reports whether −D is a fundamental discriminant: D ≡ 3
// (mod 4) squarefree, or D = 4d with d ≡ 1, 2 (mod 4) squarefree.
func fundamental(D int64) bool {
	switch {
	case D%4 == 3:
		return squarefree64(D)
	case D%4 == 0:
		d := D / 4
		return (d%4 == 1 || d%4 == 2) && squarefree64(d)
	}
	return false
}

// ECPP's discriminant table: fundamental −D with D ≤ ecppMaxD and class
// number at most ecppMaxClass, ordered by class number, then D. Small
// class numbers come first because the class polynomial's degree sets
// the cost of finding its root modulo n.
const (
	ecppMaxD     = 100000
	ecppMaxClass = 40
)

// ecppDiscriminants is built in two sweeps over all reduced forms
// (a, b, c) with 4ac − b² ≤ ecppMaxD, about 0.15·ecppMaxD^(3/2) of them:
// the first counts the forms of each discriminant, the second keeps the
// forms of the discriminants chosen.
var ecppDiscriminants = sync.OnceValue(func() []discriminant {
	count := make([]int32, ecppMaxD+1)
	sweepReducedForms(ecppMaxD, func(D, a, b, c int64) { count[D]++ })
	forms := map[int64][][3]int64{}
	for D := int64(3); D <= ecppMaxD; D++ {
		if count[D] > 0 && count[D] <= ecppMaxClass && fundamental(D) {
			forms[D] = make([][3]int64, 0, count[D])
		}
	}
	sweepReducedForms(ecppMaxD, func(D, a, b, c int64) {
		if fs, ok := forms[D]; ok {
			forms[D] = append(fs, [3]int64{a, b, c})
		}
	})
	out := make([]discriminant, 0, len(forms))
	for D, fs := range forms {
		slices.SortFunc(fs, func(x, y [3]int64) int { return cmpForm(x, y) })
		out = append(out, discriminant{D, fs, primeDiscriminants(D)})
	}
	slices.SortFunc(out, func(x, y discriminant) int {
		if d := x.classNumber() - y.classNumber(); d != 0 {
			return d
		}
		return int(x.D - y.D)
	})
	return out
})

// sweepReducedForms calls fn for every reduced primitive form (a, b, c)
// with discriminant −D, D = 4ac − b² ≤ maxD: |b| ≤ a ≤ c, b ≥ 0 when
// |b| = a or a = c, gcd(a, b, c) = 1.
func sweepReducedForms(maxD int64, fn func(D, a, b, c int64)) {
	for a := int64(1); 3*a*a <= maxD; a++ {
		for b := -a + 1; b <= a; b++ {
			for c := a; 4*a*c-b*b <= maxD; c++ {
				if c == a && b < 0 {
					continue
				}
				if gcd64(gcd64(a, max(b, -b)), c) != 1 {
					continue
				}
				fn(4*a*c-b*b, a, b, c)
			}
		}
	}
}

// cmpForm orders forms as reducedForms lists them: by a, then b.
func cmpForm(x, y [3]int64) int {
	if x[0] != y[0] {
		return int(x[0] - y[0])
	}
	return int(x[1] - y[1])
}

// hilbertCache holds the class polynomials computed so far, D → []*big.Int
// (the integer coefficients, constant term first, monic).
var hilbertCache sync.Map

// hilbertPolynomial returns H_D, computing it on first use, or nil if
// even 2^16 bits of precision do not round it (never seen; the caller
// then skips D).
func hilbertPolynomial(d discriminant) []*big.Int {
	if v, ok := hilbertCache.Load(d.D); ok {
		return v.([]*big.Int)
	}
	bits := float64(64 + 2*len(d.forms))
	for _, f := range d.forms {
		bits += math.Pi*math.Sqrt(float64(d.D))/float64(f[0])/math.Ln2 + 12
	}
	for prec := uint(bits); prec <= 1<<16; prec *= 2 {
		if h, ok := hilbertAt(d, prec); ok {
			v, _ := hilbertCache.LoadOrStore(d.D, h)
			return v.([]*big.Int)
		}
	}
	return nil
}

// hilbertAt evaluates H_D at precision prec and rounds its coefficients,
// reporting false when one is not close enough to an integer.
func hilbertAt(d discriminant, prec uint) ([]*big.Int, bool) {
	poly := []cplx{cOne(prec)} // constant term first
	for _, f := range d.forms {
		j := jInvariant(d.D, f[0], f[1], prec)
		// poly · (x − j)
		next := make([]cplx, len(poly)+1)
		for i := range next {
			next[i] = cZero(prec)
		}
		for i, c := range poly {
			next[i+1] = next[i+1].add(c)
			next[i] = next[i].sub(c.mul(j))
		}
		poly = next
	}
	tol := new(big.Float).SetMantExp(big.NewFloat(1), -16)
	out := make([]*big.Int, len(poly))
	for i, c := range poly {
		if new(big.Float).Abs(c.im).Cmp(tol) > 0 {
			return nil, false
		}
		r := roundFloat(c.re)
		diff := new(big.Float).SetPrec(prec).SetInt(r)
		diff.Sub(diff, c.re).Abs(diff)
		if diff.Cmp(tol) > 0 {
			return nil, false
		}
		out[i] = r
	}
	return out, true
}

// roundFloat is x rounded to the nearest integer.
func roundFloat(x *big.Float) *big.Int {
	h := new(big.Float).SetPrec(x.Prec()).SetFloat64(0.5)
	if x.Sign() < 0 {
		h.Neg(h)
	}
	r, _ := new(big.Float).SetPrec(x.Prec()).Add(x, h).Int(nil)
	return r
}

// jInvariant is j((−b + i√D)/(2a)).
func jInvariant(D, a, b int64, prec uint) cplx {
	// 2πiτ = −π√D/a − iπb/a.
	pi := cachedPi(prec)
	sq := new(big.Float).SetPrec(prec).SetInt64(D)
	sq.Sqrt(sq)
	re := new(big.Float).SetPrec(prec).Mul(pi, sq)
	re.Quo(re, new(big.Float).SetPrec(prec).SetInt64(a)).Neg(re)
	im := new(big.Float).SetPrec(prec).Mul(pi, new(big.Float).SetPrec(prec).SetInt64(b))
	im.Quo(im, new(big.Float).SetPrec(prec).SetInt64(a)).Neg(im)
	q := cexp(cplx{re, im}, prec)
	q2 := q.mul(q)
	ratio := pentagonal(q2, prec).mul(pentagonal(q, prec).inv())
	// f = q·ratio^24
	r2 := ratio.mul(ratio)
	r3 := r2.mul(ratio)
	r6 := r3.mul(r3)
	r12 := r6.mul(r6)
	f := q.mul(r12.mul(r12))
	// j = (256f + 1)³ / f
	g := f.scale(256).add(cOne(prec))
	return g.mul(g).mul(g).mul(f.inv())
}

// pentagonal is P(q) = ∏(1 − qⁿ) = 1 + Σ_{k≥1} (−1)^k (q^(k(3k−1)/2) + q^(k(3k+1)/2)).
func pentagonal(q cplx, prec uint) cplx {
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
	sum := cOne(prec)
	q3 := q.mul(q).mul(q)
	a := q            // q^(k(3k−1)/2), k = 1
	step := q3.mul(q) // q^(3k+1): the ratio to the next a
	qk := q           // q^k
	for k := 1; ; k++ {
		b := a.mul(qk) // q^(k(3k+1)/2)
		t := a.add(b)
		if k%2 == 1 {
			sum = sum.sub(t)
		} else {
			sum = sum.add(t)
		}
		if t.absBound().Cmp(eps) < 0 {
			return sum
		}
		a = a.mul(step)
		step = step.mul(q3)
		qk = qk.mul(q)
	}
}

// cplx is a complex number in big.Float parts.
type cplx struct{ re, im *big.Float }

func cZero(prec uint) cplx {
	return cplx{new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)}
}

func cOne(prec uint) cplx {
	c := cZero(prec)
	c.re.SetInt64(1)
	return c
}

func (x cplx) prec() uint { return x.re.Prec() }

func (x cplx) add(y cplx) cplx {
	p := x.prec()
	return cplx{new(big.Float).SetPrec(p).Add(x.re, y.re), new(big.Float).SetPrec(p).Add(x.im, y.im)}
}

func (x cplx) sub(y cplx) cplx {
	p := x.prec()
	return cplx{new(big.Float).SetPrec(p).Sub(x.re, y.re), new(big.Float).SetPrec(p).Sub(x.im, y.im)}
}

func (x cplx) mul(y cplx) cplx {
	p := x.prec()
	ac := new(big.Float).SetPrec(p).Mul(x.re, y.re)
	bd := new(big.Float).SetPrec(p).Mul(x.im, y.im)
	ad := new(big.Float).SetPrec(p).Mul(x.re, y.im)
	bc := new(big.Float).SetPrec(p).Mul(x.im, y.re)
	return cplx{ac.Sub(ac, bd), ad.Add(ad, bc)}
}

func (x cplx) scale(k int64) cplx {
	p := x.prec()
	s := new(big.Float).SetPrec(p).SetInt64(k)
	return cplx{new(big.Float).SetPrec(p).Mul(x.re, s), new(big.Float).SetPrec(p).Mul(x.im, s)}
}

func (x cplx) inv() cplx {
	p := x.prec()
	n := new(big.Float).SetPrec(p).Mul(x.re, x.re)
	n.Add(n, new(big.Float).SetPrec(p).Mul(x.im, x.im))
	re := new(big.Float).SetPrec(p).Quo(x.re, n)
	im := new(big.Float).SetPrec(p).Quo(x.im, n)
	return cplx{re, im.Neg(im)}
}

// absBound is |re| + |im| ≥ |x|.
func (x cplx) absBound() *big.Float {
	a := new(big.Float).Abs(x.re)
	return a.Add(a, new(big.Float).Abs(x.im))
}

// cexp is e^z by the Taylor series of e^(z/2^k), |z/2^k| < 1/16, squared
// k times.
func cexp(z cplx, prec uint) cplx {
	wp := prec + 64
	k := 0
	if m := z.absBound(); m.Sign() != 0 {
		k = max(0, m.MantExp(nil)+4)
	}
	wp += uint(k)
	w := cplx{new(big.Float).SetPrec(wp).SetMantExp(z.re, -k), new(big.Float).SetPrec(wp).SetMantExp(z.im, -k)}
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(wp))
	sum := cOne(wp)
	term := cOne(wp)
	for i := int64(1); ; i++ {
		term = term.mul(w)
		s := new(big.Float).SetPrec(wp).SetInt64(i)
		term.re.Quo(term.re, s)
		term.im.Quo(term.im, s)
		sum = sum.add(term)
		if term.absBound().Cmp(eps) < 0 {
			break
		}
	}
	for range k {
		sum = sum.mul(sum)
	}
	return cplx{new(big.Float).SetPrec(prec).Set(sum.re), new(big.Float).SetPrec(prec).Set(sum.im)}
}
