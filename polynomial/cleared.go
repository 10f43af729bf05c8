package polynomial

import (
	"fmt"
	"math/big"
	"strings"

	"jacobian.dev/core"
)

// The gcd, square-free decomposition, resultant and discriminant work on
// the integer polynomial made by clearing an input's denominators. The
// coefficient_bits limit bounds each coefficient on its own, but the lcm of
// many distinct denominators grows with the degree: 1000 coefficients 1/q
// with distinct 60-bit q clear to coefficients of tens of thousands of
// bits. The cleared_bits limit bounds that size before any work.
//
// Each bound is twice the operation's coefficient_bits limit, so that every
// input whose coefficients share one denominator (in particular every
// integer input) is accepted, and the cleared polynomial is never more
// than twice as long as the longest integer polynomial already admitted.
const (
	GCDMaxClearedBits        = 2 * GCDMaxBits
	SquareFreeMaxClearedBits = 2 * SquareFreeMaxBits
	ResultantMaxClearedBits  = 2 * ResultantMaxBits
)

// clearedLimit declares a cleared_bits bound of twice coefficientBits;
// payload places one polynomial into a small request of the operation.
// Beyond it is terms unit fractions with distinct denominators (their lcm
// clears past the bound); at it, 1/2 + x/(2^(b−2) + 1) + (2^b − 1)·x² for
// b = coefficientBits, each coefficient within coefficient_bits, whose
// denominators' lcm 2·(2^(b−2) + 1) has b bits and whose longest numerator
// has b more: exactly 2b.
func clearedLimit(maxBits int64, payload func(poly string) string, beyondTerms int) core.Limit {
	b := maxBits / 2
	return core.Limit{
		Name: "cleared_bits", Max: maxBits, Unit: "bits",
		Description: "each input polynomial, its denominators cleared, has coefficients of at most this many bits, estimated as the bits of the lcm of the denominators (0 for integer coefficients) plus the longest numerator; for an expression, as bounded before expansion",
		Beyond:      func() string { return payload(unitFractions(beyondTerms)) },
		At: func() string {
			odd := new(big.Int).Add(powerOfTwo(b-2), big.NewInt(1))
			return payload(fmt.Sprintf(`{"coefficients":["1/2","1/%s","%s"]}`, odd, allOnes(b)))
		},
	}
}

// clearedBits estimates the bits of the longest coefficient of p's
// integral form, lcm(denominators)·p: the bits of the lcm (0 when it is 1)
// plus the most bits of any numerator. The lcm is built one denominator at
// a time and abandoned as soon as the estimate passes limit, so the work
// is bounded by the limit, not by the input; exact is false when the
// returned value is then only a lower bound.
//
// An expression's bound on numerator plus denominator bits (BitsBound)
// already bounds its cleared form: its expansion is P/d with P integral,
// log2‖P‖₁ plus log2 d at most that bound, and the lcm divides d.
func clearedBits(p PolyInput, limit int64) (bits int64, exact bool) {
	if p.expr != nil {
		return p.expr.BitsBound(), true
	}
	var num int64
	for _, c := range p.coeffs {
		num = max(num, int64(c.Num().BitLen()))
	}
	l := big.NewInt(1)
	var g, t big.Int
	for _, c := range p.coeffs {
		if c.IsInt() {
			continue
		}
		g.GCD(nil, nil, l, c.Denom())
		l.Mul(l, t.Quo(c.Denom(), &g))
		if b := int64(l.BitLen()) + num; b > limit {
			return b, false
		}
	}
	if l.BitLen() == 1 {
		return num, true
	}
	return int64(l.BitLen()) + num, true
}

// checkCleared refuses an input whose cleared form would pass maxBits,
// naming the field.
func checkCleared(field string, p PolyInput, maxBits int64) error {
	b, exact := clearedBits(p, maxBits)
	if b <= maxBits {
		return nil
	}
	size := fmt.Sprintf("%d", b)
	if !exact {
		size = fmt.Sprintf("at least %d", b)
	}
	return core.Refusef("%s, with its denominators cleared, has coefficients of %s bits (lcm of the denominators plus the longest numerator); this operation accepts at most %d: give the coefficients fewer distinct denominators, or a common one", field, size, maxBits)
}

// unitFractions is {"coefficients": ["1/q0", "1/q1", …]} with n distinct
// odd 60-bit q_k = 10^18 + 9 + 2k: tiny coefficients whose lcm, nearly a
// product, clears to about 50·n bits.
func unitFractions(n int) string {
	var b strings.Builder
	b.WriteString(`{"coefficients":[`)
	q := new(big.Int).Add(new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil), big.NewInt(9))
	for k := range n {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"1/%s"`, q)
		q.Add(q, big.NewInt(2))
	}
	b.WriteString("]}")
	return b.String()
}

// checkPair is the preflight of the two-operand operations: both operands
// within the size limits, and within the cleared-size bound.
func checkPair(l sizeLimits, maxCleared int64, left, right PolyInput) error {
	for _, side := range []struct {
		field string
		p     PolyInput
	}{{"left", left}, {"right", right}} {
		if err := l.check(side.field, side.p); err != nil {
			return err
		}
	}
	if err := checkCleared("left", left, maxCleared); err != nil {
		return err
	}
	return checkCleared("right", right, maxCleared)
}
