package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// Limits of polynomial.sturm_sequence.compute, those of the real-root
// checker, which builds the same sequence.
const (
	SturmMaxDegree       = RealRootsCheckMaxDegree
	SturmMaxBits         = RealRootsCheckMaxBits
	SturmMaxEndpointBits = RealRootsCheckMaxEndpointBits
)

var sturmLimits = sizeLimits{maxDegree: SturmMaxDegree, maxBits: SturmMaxBits}

// SturmRequest is a nonzero polynomial and an optional closed interval
// [lower, upper]; a missing bound is −∞ or +∞.
type SturmRequest struct {
	Polynomial PolyInput      `json:"polynomial"`
	Lower      *core.Rational `json:"lower,omitempty" jsonschema:"left end of the closed interval counted; default −∞"`
	Upper      *core.Rational `json:"upper,omitempty" jsonschema:"right end of the closed interval counted; default +∞"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *SturmRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"polynomial": &q.Polynomial, "lower": &q.Lower, "upper": &q.Upper})
}

// SturmResult is the Sturm sequence of the square-free part and the number
// of distinct real roots in the interval.
type SturmResult struct {
	Sequence []core.Polynomial[core.Rational] `json:"sequence"`
	Count    int                              `json:"count"`
}

// sturmOperation computes a Sturm sequence and counts real roots.
//
// Canonical form: the sequence s_0 = s, s_1, …, s_k of the square-free
// part s = f/gcd(f, f′), each term the primitive integer polynomial that
// is a positive multiple of the classical term (s_0 = s, s_1 = s′,
// s_{i+1} = −rem(s_{i−1}, s_i)), with s_0 of positive leading coefficient
// and s_k constant; count is the number of distinct real roots of f in the
// closed interval [lower, upper] (PARI/GP's polsturm convention), by
// Sturm's theorem V(lower) − V(upper) plus one if lower is a root. A
// constant f has the sequence [1] for f ≠ 0 and count 0; the zero
// polynomial, and lower > upper, are domain errors.
//
// Algorithm: the primitive pseudo-remainder sequence of sturm.go. The
// postcondition recounts with the Descartes isolation of
// polynomial.real_roots.compute, deciding an isolating interval that
// straddles a bound by the sign there, and checks the sequence's shape:
// degrees falling to a constant, s_0 ∝ s and s_1 ∝ s′, and each
// pseudo-remainder a negative multiple of the next term.
func sturmOperation() core.Operation[SturmRequest, SturmResult] {
	payload := func(poly string) string { return `{"polynomial":` + poly + `}` }
	return core.Operation[SturmRequest, SturmResult]{
		ID:         "polynomial.sturm_sequence.compute",
		Title:      "Sturm sequence and real root count",
		Summary:    "Sturm sequence of a univariate polynomial over Q and the number of its distinct real roots in a closed interval (or on the whole line), by Sturm's theorem.",
		Keywords:   []string{"polynomial", "sturm", "sturm sequence", "polsturm", "count real roots", "sign variations", "interval"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial", "rational"},
		Bounds:     polyBounds(SturmMaxDegree, "polynomial"),
		Limits: append(sturmLimits.declare(payload), clearedLimit(2*SturmMaxBits, payload, 40),
			core.Limit{Name: "endpoint_bits", Max: SturmMaxEndpointBits, Unit: "bits", Description: "each bound's numerator and denominator together have at most this many bits",
				Beyond: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x - 3"},"lower":"1","upper":"%s"}`, powerOfTwo(SturmMaxEndpointBits))
				},
				At: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x - 3"},"lower":"1","upper":"%s"}`, allOnes(SturmMaxEndpointBits))
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "lower above upper", Payload: `{"polynomial":{"expression":"x^2 - 2"},"lower":"2","upper":"1"}`, Code: core.DomainError, Path: "/payload/upper"},
			}
		},
		Preflight: func(ctx context.Context, q SturmRequest) error {
			if err := sturmLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if err := checkCleared("polynomial", q.Polynomial, 2*SturmMaxBits); err != nil {
				return err
			}
			for _, b := range []*core.Rational{q.Lower, q.Upper} {
				if b != nil && maxBits(qpoly{b.Rat()}) > SturmMaxEndpointBits {
					return core.Refusef("a bound has %d bits; at most %d are accepted", maxBits(qpoly{b.Rat()}), SturmMaxEndpointBits)
				}
			}
			if q.Lower != nil && q.Upper != nil && q.Lower.Rat().Cmp(q.Upper.Rat()) > 0 {
				return core.DomainErrorAt(core.PayloadPath("upper"), "upper %s is below lower %s; give lower ≤ upper", q.Upper, q.Lower)
			}
			if q.Polynomial.expr == nil && len(q.Polynomial.coeffs) == 0 {
				return zeroSturm()
			}
			return nil
		},
		Run:           runSturm,
		Postcondition: checkSturm,
		Examples: []core.Example{
			// PARI/GP 2.15.2: polsturm(x^3 - 2*x) = 3
			{Title: "all real roots", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2*x"}}`),
				Result: json.RawMessage(`{"sequence":[{"variable":"x","coefficients":["0","-2","0","1"],"expression":"x^3 - 2*x"},{"variable":"x","coefficients":["-2","0","3"],"expression":"3*x^2 - 2"},{"variable":"x","coefficients":["0","1"],"expression":"x"},{"variable":"x","coefficients":["1"],"expression":"1"}],"count":3}`)},
			// PARI/GP 2.15.2: polsturm((x - 1)^2*(x^2 - 3), [0, 2]) = 2, and
			// s = x^3 - x^2 - 3*x + 3; -(s % deriv(s)) = 20/9*x - 8/3
			{Title: "roots in a closed interval, a repeated one counted once", Payload: json.RawMessage(`{"polynomial":{"expression":"(x - 1)^2*(x^2 - 3)"},"lower":"0","upper":"2"}`),
				Result: json.RawMessage(`{"sequence":[{"variable":"x","coefficients":["3","-3","-1","1"],"expression":"x^3 - x^2 - 3*x + 3"},{"variable":"x","coefficients":["-3","-2","3"],"expression":"3*x^2 - 2*x - 3"},{"variable":"x","coefficients":["-6","5"],"expression":"5*x - 6"},{"variable":"x","coefficients":["1"],"expression":"1"}],"count":2}`)},
			// PARI/GP 2.15.2: polsturm(x^2 - 4, [2, 5]) = 1
			{Title: "a root at the bound counts", Payload: json.RawMessage(`{"polynomial":{"expression":"x^2 - 4"},"lower":"2","upper":"5"}`),
				Result: json.RawMessage(`{"sequence":[{"variable":"x","coefficients":["-4","0","1"],"expression":"x^2 - 4"},{"variable":"x","coefficients":["0","1"],"expression":"x"},{"variable":"x","coefficients":["1"],"expression":"1"}],"count":1}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) SturmRequest {
			f := randomRootsPoly(ctx, rng)
			for f.deg() > SturmMaxDegree/4 {
				f = randomRootsPoly(ctx, rng)
			}
			q := SturmRequest{Polynomial: polyInputOf("x", f)}
			if rng.IntN(3) > 0 {
				lo := big.NewRat(rng.Int64N(41)-20, rng.Int64N(3)+1)
				hi := new(big.Rat).Add(lo, big.NewRat(rng.Int64N(30), rng.Int64N(3)+1))
				l, h := core.Rat(lo), core.Rat(hi)
				q.Lower, q.Upper = &l, &h
				if rng.IntN(3) == 0 {
					q.Lower = nil
				}
			}
			return q
		},
		Slow: func() string {
			return `{"polynomial":{"expression":"(2^800 + 1)*x^200 - (3^450 - 1)*(x^3 - x + 1)^66 - 7^280"}}`
		},
	}
}

func zeroSturm() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "the zero polynomial has no Sturm sequence; give a nonzero polynomial")
}

func (q SturmRequest) bounds() (lo, hi *big.Rat) {
	if q.Lower != nil {
		lo = q.Lower.Rat()
	}
	if q.Upper != nil {
		hi = q.Upper.Rat()
	}
	return lo, hi
}

func runSturm(ctx context.Context, q SturmRequest) (SturmResult, error) {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return SturmResult{}, err
	}
	if len(f) == 0 {
		return SturmResult{}, zeroSturm()
	}
	v := q.Polynomial.variable
	if f.deg() == 0 {
		return SturmResult{Sequence: []core.Polynomial[core.Rational]{polyOfZ(v, zpoly{big.NewInt(1)})}}, nil
	}
	_, pf, err := qprimitive(ctx, f)
	if err != nil {
		return SturmResult{}, err
	}
	s, err := squareFreePart(ctx, pf)
	if err != nil {
		return SturmResult{}, err
	}
	if s.lc().Sign() < 0 {
		s = zscale(s, big.NewInt(-1))
	}
	seq, err := sturmSequence(ctx, s)
	if err != nil {
		return SturmResult{}, err
	}
	lo, hi := q.bounds()
	out := SturmResult{Count: sturmCount(seq, lo, hi)}
	if lo != nil && signAt(s, lo) == 0 {
		out.Count++
	}
	for _, p := range seq {
		out.Sequence = append(out.Sequence, polyOfZ(v, p))
	}
	return out, nil
}

// checkSturm recounts the roots by the Descartes method and checks the
// shape of the sequence (see sturmOperation).
func checkSturm(ctx context.Context, q SturmRequest, r SturmResult) error {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	seq := make([]zpoly, len(r.Sequence))
	for i, p := range r.Sequence {
		if err := wellFormed(p); err != nil {
			return err
		}
		a := qOf(p)
		if !a.isIntegral() || len(a) == 0 {
			return fmt.Errorf("term %d is not a nonzero integer polynomial", i)
		}
		seq[i] = zpolyOf(a)
		if i > 0 && seq[i].deg() >= seq[i-1].deg() {
			return errors.New("the degrees of the sequence do not fall")
		}
	}
	if len(seq) == 0 || seq[len(seq)-1].deg() != 0 {
		return errors.New("the sequence does not end in a constant")
	}
	if f.deg() == 0 {
		if r.Count != 0 || len(seq) != 1 {
			return errors.New("a constant has sequence [1] and no roots")
		}
		return nil
	}
	_, pf, err := qprimitive(ctx, f)
	if err != nil {
		return err
	}
	s, err := squareFreePart(ctx, pf)
	if err != nil {
		return err
	}
	if !proportional(seq[0], s, 1) || len(seq) < 2 || !proportional(seq[1], zderiv(seq[0]), 1) {
		return errors.New("the sequence does not start with the square-free part and its derivative")
	}
	for i := 2; i < len(seq); i++ {
		rem, err := zprem(ctx, seq[i-2], seq[i-1])
		if err != nil {
			return err
		}
		// prem = lc^(δ+1)·rem, and the Sturm term is −rem.
		sign := -1
		if seq[i-1].lc().Sign() < 0 && (seq[i-2].deg()-seq[i-1].deg()+1)%2 == 1 {
			sign = 1
		}
		if !proportional(seq[i], rem, sign) {
			return fmt.Errorf("term %d is not a positive multiple of minus the remainder of the two before it", i)
		}
	}
	// The count, by isolating intervals decided at the bounds.
	rs, err := isolateRealRoots(ctx, s)
	if err != nil {
		return err
	}
	if rs, err = tidy(ctx, s, rs); err != nil {
		return err
	}
	lo, hi := q.bounds()
	n := 0
	for _, x := range rs {
		if inClosed(s, x, lo, hi) {
			n++
		}
	}
	if n != r.Count {
		return fmt.Errorf("count %d, but the Descartes isolation finds %d roots in the interval", r.Count, n)
	}
	return nil
}

// inClosed reports whether the root isolated by x (exact, or alone in
// (x.lo, x.hi) with s nonzero at both ends) lies in [lo, hi], nil bounds
// being infinite.
func inClosed(s zpoly, x rootInterval, lo, hi *big.Rat) bool {
	// right reports whether the root is ≥ b; left whether it is ≤ b.
	right := func(b *big.Rat) bool {
		switch {
		case b == nil || x.lo.Cmp(b) >= 0:
			return true
		case x.hi.Cmp(b) <= 0:
			return false
		}
		sb := signAt(s, b)
		return sb == 0 || sb == signAt(s, x.lo)
	}
	left := func(b *big.Rat) bool {
		switch {
		case b == nil || x.hi.Cmp(b) <= 0:
			return true
		case x.lo.Cmp(b) >= 0:
			return x.exact() && x.lo.Cmp(b) == 0
		}
		sb := signAt(s, b)
		return sb == 0 || sb == signAt(s, x.hi)
	}
	return right(lo) && left(hi)
}

// proportional reports whether a = c·b for a rational c of the given sign.
func proportional(a, b zpoly, sign int) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	// a·lc(b) = b·lc(a), and the leading coefficients' signs agree with sign.
	if a.lc().Sign()*b.lc().Sign() != sign {
		return false
	}
	var l, r big.Int
	for i := range a {
		if l.Mul(a[i], b.lc()).Cmp(r.Mul(b[i], a.lc())) != 0 {
			return false
		}
	}
	return true
}
