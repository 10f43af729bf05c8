package polynomial

// Real root isolation by continued fractions.
//
// Vincent's theorem in the form of Akritas' continued fraction method
// (A. G. Akritas, "An implementation of Vincent's theorem", Numer. Math.
// 36, 1980; A. G. Akritas and A. W. Strzeboński, "A comparative study of
// two real root isolation methods", Nonlinear Analysis: Modelling and
// Control 10, 2005, Algorithm VAS) isolates the positive roots of a
// square-free P by a tree of Möbius maps M(x) = (ax + b)/(cx + d) with
// nonnegative integers and ad − bc = ±1: each node keeps M and the integer
// polynomial P_M(x) = (cx + d)^n·P(M(x)), whose positive roots are the
// images of P's roots between M(0) = b/d and M(∞) = a/c. Descartes' rule
// on P_M's coefficients decides: no sign variation, no root; one, exactly
// one root, isolated in that interval. Otherwise the node first moves by
// a lower bound 2^t ≥ 1 of P_M's positive roots, to P_M(2^t·(x + 1)) in
// two steps: the substitution x ↦ 2^t·x (coefficient i times 2^(t·i),
// a ← 2^t·a, c ← 2^t·c) and the Taylor shift x ↦ x + 1 (b ← a + b,
// d ← c + d), which keeps every coefficient an integer, and then splits
// into x ↦ x + 1 (the roots above 1) and x ↦ 1/(x + 1) (those in (0, 1)),
// each one Taylor shift. A root met exactly at x = 0 of a node (P_M(0) =
// 0) is recorded and divided out.
//
// The lower bound is 2^−K for 2^K the bound of positiveRootBound on the
// reversed polynomial, whose positive roots are the inverses of P_M's
// (Kioustelidis' bound, on bit lengths and rounded up). The moves by
// lower bounds make a partial quotient of any size cost a few Taylor
// shifts, where the bisection of realrootalg.go spends one level per bit:
// on x^n − 2(ax − 1)² (Mignotte), whose two roots near 1/a are about
// a^(−(n+2)/2) apart, the bisection needs about (n/2)·log2 a levels of
// shifts, the continued fraction a handful of nodes. The bisection stays
// as the reference this method is tested against.

import (
	"context"
	"math/big"
)

// cfNode is a node of the continued fraction tree: P_M with the map M.
type cfNode struct {
	p          zpoly
	a, b, c, d *big.Int
}

// interval is the open interval between M(0) and M(∞), with M(∞) = a/c
// replaced by 2^K when c = 0 (every positive root of the input is below
// 2^K).
func (nd cfNode) interval(K int) rootInterval {
	lo := new(big.Rat).SetFrac(nd.b, nd.d)
	var hi *big.Rat
	if nd.c.Sign() == 0 {
		hi = new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(K)))
	} else {
		hi = new(big.Rat).SetFrac(nd.a, nd.c)
	}
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	return rootInterval{lo, hi}
}

// isolatePositiveCF isolates the positive roots of a square-free p with
// p(0) ≠ 0 by the continued fraction method at the top of the file. The
// intervals come in no particular order; their endpoints may be roots
// found exactly (tidy separates them).
func isolatePositiveCF(ctx context.Context, p zpoly) ([]rootInterval, error) {
	if countVariations(p) == 0 {
		return nil, nil
	}
	K := positiveRootBound(p)
	var out []rootInterval
	exact := func(num, den *big.Int) {
		x := new(big.Rat).SetFrac(num, den)
		out = append(out, rootInterval{x, new(big.Rat).Set(x)})
	}
	stack := []cfNode{{p.clone(), big.NewInt(1), big.NewInt(0), big.NewInt(0), big.NewInt(1)}}
	for len(stack) > 0 {
		// A node costs at most three Taylor shifts, so polling at each is
		// cheap.
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v := countVariations(nd.p)
		if v == 0 {
			continue
		}
		if v == 1 {
			out = append(out, nd.interval(K))
			continue
		}
		// Move by the lower bound 2^t of the positive roots when it is at
		// least 1.
		if e, ok := positiveRootExponent(reverse(nd.p)); ok && e <= 0 {
			t := uint(-e)
			q := make(zpoly, len(nd.p))
			for i, x := range nd.p {
				q[i] = new(big.Int).Lsh(x, t*uint(i))
			}
			q = taylorShift1(q)
			removePowerOfTwo(q)
			a := new(big.Int).Lsh(nd.a, t)
			c := new(big.Int).Lsh(nd.c, t)
			nd = cfNode{q, a, new(big.Int).Add(a, nd.b), c, new(big.Int).Add(c, nd.d)}
			if nd.p[0].Sign() == 0 {
				exact(nd.b, nd.d)
				nd.p = nd.p[1:]
			}
			switch v = countVariations(nd.p); v {
			case 0:
				continue
			case 1:
				out = append(out, nd.interval(K))
				continue
			}
		}
		// Split at x = 1: x ↦ x + 1 and x ↦ 1/(x + 1).
		ab, cd := new(big.Int).Add(nd.a, nd.b), new(big.Int).Add(nd.c, nd.d)
		right := taylorShift1(nd.p)
		if right[0].Sign() != 0 {
			// The variations of the two halves add up to at most v
			// (Descartes' counts are subadditive over a split at a
			// point that is not a root), so when the right half shows
			// v − 1 or more, the left half's count, 0 or 1, is taken
			// without building its polynomial, and with v none at all.
			vr := countVariations(right)
			if vr >= v-1 {
				if vr == v-1 && unitIntervalVariations(nd.p, -1) == 1 {
					out = append(out, cfNode{nil, nd.b, ab, nd.d, cd}.interval(K))
				}
				removePowerOfTwo(right)
				if right.deg() > 0 {
					stack = append(stack, cfNode{right, nd.a, ab, nd.c, cd})
				}
				continue
			}
		}
		left := taylorShift1(reverse(nd.p))
		if right[0].Sign() == 0 { // P_M(1) = 0, the constant term of both
			exact(ab, cd)
			right, left = right[1:], left[1:]
		}
		removePowerOfTwo(right)
		removePowerOfTwo(left)
		if left.deg() > 0 {
			stack = append(stack, cfNode{left, nd.b, ab, nd.d, cd})
		}
		if right.deg() > 0 {
			stack = append(stack, cfNode{right, nd.a, ab, nd.c, cd})
		}
	}
	return out, nil
}

// reverse returns x^n·p(1/x), the coefficients in reverse order.
func reverse(p zpoly) zpoly {
	out := make(zpoly, len(p))
	for i, x := range p {
		out[len(p)-1-i] = x
	}
	return out
}
