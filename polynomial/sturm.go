package polynomial

// Sturm sequences over Z, the independent root count behind the real-root
// postcondition and checker.
//
// For a square-free p the Sturm sequence p_0 = p, p_1 = p′,
// p_{i+1} = −rem(p_{i−1}, p_i) ends in a nonzero constant, and by Sturm's
// theorem (1829; Basu, Pollack and Roy, "Algorithms in Real Algebraic
// Geometry", Theorem 2.50) the number of distinct roots of p in (a, b] is
// V(a) − V(b), V(x) being the number of sign variations of
// p_0(x), p_1(x), … with zeros skipped. The remainders are taken as
// pseudo-remainders over Z, lc(p_i)^(δ+1)·p_{i−1} = q·p_i + r, with the
// sign of lc(p_i)^(δ+1) put back and the (positive) content divided out,
// so each term is a positive multiple of the true Sturm term: the signs,
// which are all that V counts, are those of the sequence over Q.

import (
	"context"
	"math/big"
)

// sturmSequence returns the Sturm sequence of p (positive degree), each
// term primitive.
func sturmSequence(ctx context.Context, p zpoly) ([]zpoly, error) {
	seq := []zpoly{p.clone()}
	d := zderiv(p)
	if _, pp, err := primitive(ctx, d); err == nil {
		d = pp
	} else {
		return nil, err
	}
	seq = append(seq, d)
	for {
		a, b := seq[len(seq)-2], seq[len(seq)-1]
		if b.deg() == 0 {
			return seq, nil
		}
		r, err := zprem(ctx, a, b)
		if err != nil {
			return nil, err
		}
		if len(r) == 0 {
			return seq, nil // p was not square-free; the last term is gcd(p, p′)
		}
		// lc(b)^(δ+1) is negative exactly when lc(b) < 0 and δ+1 is odd;
		// the Sturm term is −rem, so the pseudo-remainder is negated
		// unless that factor is negative.
		delta := a.deg() - b.deg()
		if !(b.lc().Sign() < 0 && (delta+1)%2 == 1) {
			for _, c := range r {
				c.Neg(c)
			}
		}
		c, err := content(ctx, r)
		if err != nil {
			return nil, err
		}
		for _, x := range r {
			x.Quo(x, c)
		}
		seq = append(seq, r)
	}
}

// variationsAt counts the sign variations of the sequence at x.
func variationsAt(seq []zpoly, x *big.Rat) int {
	v, last := 0, 0
	for _, p := range seq {
		if s := signAt(p, x); s != 0 {
			if last != 0 && s != last {
				v++
			}
			last = s
		}
	}
	return v
}

// variationsAtInfinity counts the sign variations at +∞ (negative false)
// or −∞ (true), from the leading coefficients.
func variationsAtInfinity(seq []zpoly, negative bool) int {
	v, last := 0, 0
	for _, p := range seq {
		s := p.lc().Sign()
		if negative && p.deg()%2 == 1 {
			s = -s
		}
		if last != 0 && s != last {
			v++
		}
		last = s
	}
	return v
}

// sturmCount is the number of distinct real roots of the square-free
// polynomial of seq in (a, b]; a nil bound stands for −∞ (a) or +∞ (b).
func sturmCount(seq []zpoly, a, b *big.Rat) int {
	va := variationsAtInfinity(seq, true)
	if a != nil {
		va = variationsAt(seq, a)
	}
	vb := variationsAtInfinity(seq, false)
	if b != nil {
		vb = variationsAt(seq, b)
	}
	return va - vb
}

// sturmRealRootCount is the number of distinct real roots of the
// square-free p of positive degree, V(−∞) − V(+∞) on its Sturm sequence,
// for which only the degrees and the signs of the leading coefficients of
// the terms are needed. The terms are those of the subresultant PRS
// (Collins 1967; the recurrence of gcdSubresultant), which differ from the
// Sturm terms T_{i+1} = −rem(T_{i−1}, T_i) by nonzero rational factors
// whose signs are tracked: with S_{i+1} = prem(S_{i−1}, S_i)/β_i and
// prem = lc(S_i)^(δ+1)·rem, the Sturm term is ε_{i+1}·S_{i+1} up to a
// positive factor, where ε_{i+1} = −ε_{i−1}·sign(lc(S_i)^(δ+1)·β_i)
// (rem(a, λb) = rem(a, b), so the scale of S_i does not matter). The
// exact divisions by β_i replace the content computations of
// sturmSequence, whose gcds dominate its cost; sturmSequence is the
// reference it is tested against.
func sturmRealRootCount(ctx context.Context, p zpoly) (int, error) {
	type term struct {
		deg, sign int // the degree and the sign of the Sturm term's leading coefficient
	}
	a, b := p.clone(), zderiv(p)
	terms := []term{{a.deg(), a.lc().Sign()}, {b.deg(), b.lc().Sign()}}
	epsPrev, eps := 1, 1
	g, h := big.NewInt(1), big.NewInt(1)
	for b.deg() > 0 {
		delta := a.deg() - b.deg()
		r, err := zprem(ctx, a, b)
		if err != nil {
			return 0, err
		}
		if len(r) == 0 {
			break // p was not square-free; the count is still Sturm's
		}
		beta := new(big.Int).Mul(g, new(big.Int).Exp(h, big.NewInt(int64(delta)), nil))
		for _, x := range r {
			x.Quo(x, beta)
		}
		s := beta.Sign()
		if b.lc().Sign() < 0 && (delta+1)%2 == 1 {
			s = -s
		}
		epsPrev, eps = eps, -epsPrev*s
		terms = append(terms, term{r.deg(), eps * r.lc().Sign()})
		a, b = b, r
		g = new(big.Int).Set(a.lc())
		h = nextSubresultantH(h, g, delta)
	}
	variations := func(negative bool) int {
		v, last := 0, 0
		for _, t := range terms {
			s := t.sign
			if negative && t.deg%2 == 1 {
				s = -s
			}
			if last != 0 && s != last {
				v++
			}
			last = s
		}
		return v
	}
	return variations(true) - variations(false), nil
}
