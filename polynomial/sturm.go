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
