package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
)

// Limits of polynomial.real_roots.compute.
const (
	RealRootsMaxDegree = 1000
	RealRootsMaxBits   = 4096
	// RealRootsMaxClearedBits is twice RealRootsMaxBits, as for the gcd
	// (see cleared.go).
	RealRootsMaxClearedBits = 2 * RealRootsMaxBits
	// RealRootsMaxDigits bounds the requested number of correct decimals.
	RealRootsMaxDigits = 1000
	// RealRootsMaxDigitsWork bounds degree·digits, which the refinement's
	// cost grows with: every bisection step evaluates a factor of the
	// degree at a point of about digits·log2(10) bits.
	RealRootsMaxDigitsWork = 100_000
	// sturmCheckMaxDegree is the largest square-free part whose Sturm
	// sequence the postcondition builds to count the roots independently.
	sturmCheckMaxDegree = 200
)

var realRootsLimits = sizeLimits{maxDegree: RealRootsMaxDegree, maxBits: RealRootsMaxBits}

// RealRootsRequest is a nonzero polynomial and, optionally, the number of
// correct decimal digits wanted after the point.
type RealRootsRequest struct {
	Polynomial PolyInput `json:"polynomial"`
	Digits     *int      `json:"digits,omitempty" jsonschema:"refine every root to this many correct decimal digits after the point (width of each interval at most 10^-digits, and an approximation within 10^-digits); default no refinement"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *RealRootsRequest) UnmarshalJSON(b []byte) error {
	if err := decodeObject(b, map[string]any{"polynomial": &q.Polynomial, "digits": &q.Digits}); err != nil {
		return err
	}
	if q.Digits != nil && *q.Digits < 0 {
		return &core.PayloadError{Path: "/payload/digits", Message: "digits must be a non-negative integer"}
	}
	return nil
}

// RealRoot is one distinct real root: exactly lower when lower = upper,
// otherwise the only root in the open interval (lower, upper), whose
// endpoints are not roots.
type RealRoot struct {
	Lower        core.Rational `json:"lower"`
	Upper        core.Rational `json:"upper"`
	Multiplicity int           `json:"multiplicity"`
	// Approximation is the root to the requested digits after the point,
	// within 10^-digits of it; only when digits are requested.
	Approximation string `json:"approximation,omitempty" jsonschema:"the root written with digits decimals after the point, within 10^-digits of it (only when digits is given)"`
}

// RealRootsResult lists the distinct real roots in ascending order.
type RealRootsResult struct {
	Roots []RealRoot `json:"roots"`
	// Distinct is the number of distinct real roots, Total the number
	// counted with multiplicity.
	Distinct int `json:"distinct"`
	Total    int `json:"total"`
}

// realRootsOperation isolates the real roots of a polynomial over Q.
//
// Canonical form: the distinct real roots in ascending order, each with
// its multiplicity, as an exact rational point (lower = upper) when the
// root was met exactly (a dyadic rational, found at a bisection point) or
// otherwise as an open interval (lower, upper) with dyadic rational
// endpoints that holds that root alone and whose endpoints are not roots.
// Intervals are pairwise disjoint (two may share an endpoint, which is
// then no root). With digits d each open interval is narrowed to width at
// most 10^-d and the approximation is its midpoint rounded to d decimals
// (half away from zero), so it is within 10^-d of the root; an exact root
// is written rounded the same way. A constant has no roots; the zero
// polynomial is a domain error.
//
// Algorithm: Yun's square-free decomposition, then on the square-free
// part Descartes' rule of signs with continued fractions (Akritas 1980,
// Akritas and Strzeboński 2005; see realrootcf.go), or for an even
// polynomial q(x²) with bisection on q (Collins and Akritas 1976, in the
// form of Rouillier and Zimmermann 2004; see realrootalg.go), the
// multiplicity of each root read from the Yun factor that changes sign
// across its interval, and refinement on that factor by Newton's
// iteration in big.Float certified by exact sign changes, with bisection
// where Newton does not converge (see refine). The
// postcondition recounts the roots independently: it checks sign changes
// of f/gcd(f, f′) across each interval, the multiplicities through the
// square-free parts of gcd(f, f′, …, f^(m−1)), and that the number of
// intervals, each holding a root, is the number of real roots of the
// square-free part: Descartes' bound (the sign variations of s(x) and
// s(−x)) when it is that number, otherwise Descartes' rule on the
// intervals, the gaps between them and the half-lines beyond them (see
// descartesCertifies), and failing that its Sturm count, when the
// square-free part has degree at most 200.
func realRootsOperation() core.Operation[RealRootsRequest, RealRootsResult] {
	return core.Operation[RealRootsRequest, RealRootsResult]{
		ID:         "polynomial.real_roots.compute",
		Title:      "Real root isolation",
		Summary:    "Isolates the real roots of a univariate polynomial over Q in disjoint intervals with exact rational endpoints, with multiplicities, optionally refined to a requested number of correct digits, by Descartes' rule of signs with continued fractions or bisection.",
		Keywords:   []string{"polynomial", "real roots", "root isolation", "isolating intervals", "polrootsreal", "real_roots", "descartes", "sturm", "zeros", "solve"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds: func() core.Bounds {
			b := polyBounds(RealRootsMaxDegree, "polynomial")
			b["/digits"] = RealRootsMaxDigits
			return b
		}(),
		Limits: append(realRootsLimits.declare(withPolynomial), clearedLimit(RealRootsMaxClearedBits, withPolynomial, 400),
			core.Limit{Name: "digits", Max: RealRootsMaxDigits, Unit: "decimal digits", Description: "digits is at most this",
				Beyond: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x - 1/3"},"digits":%d}`, RealRootsMaxDigits+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x^2 - 2"},"digits":%d}`, RealRootsMaxDigits)
				}},
			core.Limit{Name: "digits_work", Max: RealRootsMaxDigitsWork, Unit: "degree·digits", Description: "the degree times digits is at most this (the refinement's cost grows with both)",
				Beyond: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x^101 - 2"},"digits":%d}`, RealRootsMaxDigitsWork/101+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x^100 - 2"},"digits":%d}`, RealRootsMaxDigitsWork/100)
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a zero expression", Payload: `{"polynomial":{"expression":"x^2 - x*x"}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "negative digits", Payload: `{"polynomial":{"expression":"x^2 - 2"},"digits":-1}`, Code: core.InvalidPayload, Path: "/payload/digits"},
			}
		},
		Preflight: func(ctx context.Context, q RealRootsRequest) error {
			if err := realRootsLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if err := checkCleared("polynomial", q.Polynomial, RealRootsMaxClearedBits); err != nil {
				return err
			}
			if q.Digits != nil {
				d := int64(*q.Digits)
				if d > RealRootsMaxDigits {
					return core.Refusef("digits %d is beyond the limit of %d", d, RealRootsMaxDigits)
				}
				if w := max(q.Polynomial.degree(), 1) * d; w > RealRootsMaxDigitsWork {
					return core.Refusef("degree·digits is %s, beyond the limit of %d", bound(q.Polynomial, w), RealRootsMaxDigitsWork)
				}
			}
			if q.Polynomial.expr == nil && len(q.Polynomial.coeffs) == 0 {
				return zeroRealRoots()
			}
			return nil
		},
		Run:           runRealRoots,
		Postcondition: checkRealRoots,
		Examples: []core.Example{
			// PARI/GP 2.15: polrootsreal(x^3 - 2*x) = [-1.414…, 0, 1.414…]
			{Title: "three simple roots", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2*x"}}`),
				Result: json.RawMessage(`{"roots":[{"lower":"-2","upper":"-1","multiplicity":1},{"lower":"0","upper":"0","multiplicity":1},{"lower":"1","upper":"2","multiplicity":1}],"distinct":3,"total":3}`)},
			{Title: "multiple roots", Payload: json.RawMessage(`{"polynomial":{"expression":"(x - 1)^2*(2*x + 1)^3*(x^2 + 1)"}}`),
				Result: json.RawMessage(`{"roots":[{"lower":"-2","upper":"0","multiplicity":3},{"lower":"1","upper":"1","multiplicity":2}],"distinct":2,"total":5}`)},
			// PARI/GP 2.15.2: a = 208701085205324515397/147573952589676412928;
			// b = 104350542602662257699/73786976294838206464;
			// [a^2 < 2, b^2 > 2, b - a < 10^-20] = [1, 1, 1], and
			// sqrt(2) = 1.41421356237309504880168…
			{Title: "refined to 20 digits", Payload: json.RawMessage(`{"polynomial":{"expression":"x^2 - 2"},"digits":20}`),
				Result: json.RawMessage(`{"roots":[{"lower":"-104350542602662257699/73786976294838206464","upper":"-208701085205324515397/147573952589676412928","multiplicity":1,"approximation":"-1.41421356237309504880"},{"lower":"208701085205324515397/147573952589676412928","upper":"104350542602662257699/73786976294838206464","multiplicity":1,"approximation":"1.41421356237309504880"}],"distinct":2,"total":2}`)},
			{Title: "no real roots", Payload: json.RawMessage(`{"polynomial":{"expression":"x^4 + 1"}}`),
				Result: json.RawMessage(`{"roots":[],"distinct":0,"total":0}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RealRootsRequest {
			q := RealRootsRequest{Polynomial: polyInputOf("x", randomRootsPoly(ctx, rng))}
			if rng.IntN(3) == 0 {
				d := rng.IntN(30)
				q.Digits = &d
			}
			return q
		},
		Slow: func() string {
			// A Mignotte-like polynomial x^300 − 2·(2^40·x − 1)^2: two
			// roots within 2^-200 of each other.
			return `{"polynomial":{"expression":"x^300 - 2*(1099511627776*x - 1)^2"}}`
		},
	}
}

func zeroRealRoots() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "the zero polynomial vanishes everywhere; its roots cannot be isolated")
}

// randomRootsPoly is a product of random linear factors with small
// rational roots (some repeated) and random dense factors, times a random
// rational constant.
func randomRootsPoly(ctx context.Context, rng *rand.Rand) qpoly {
	f := qpoly{big.NewRat(rng.Int64N(19)-9|1, rng.Int64N(5)+1)}
	for i := rng.IntN(4); i >= 0; i-- {
		var base qpoly
		if rng.IntN(2) == 0 {
			base = qpoly{big.NewRat(rng.Int64N(41)-20, 1), big.NewRat(rng.Int64N(6)+1, 1)}
		} else {
			base = toQ(randomZ(rng, rng.IntN(6)+1, 10))
		}
		p, _ := qpow(ctx, base, int64(rng.IntN(3)+1))
		f, _ = qmul(ctx, f, p)
	}
	return f
}

func (q RealRootsRequest) digits() (int, bool) {
	if q.Digits == nil {
		return 0, false
	}
	return *q.Digits, true
}

func runRealRoots(ctx context.Context, q RealRootsRequest) (RealRootsResult, error) {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return RealRootsResult{}, err
	}
	if len(f) == 0 {
		return RealRootsResult{}, zeroRealRoots()
	}
	out := RealRootsResult{Roots: []RealRoot{}}
	if f.deg() == 0 {
		return out, nil
	}
	_, factors, err := squareFree(ctx, f)
	if err != nil {
		return RealRootsResult{}, err
	}
	g := zpoly{big.NewInt(1)}
	for _, a := range factors {
		if g, err = zmul(ctx, g, a.factor); err != nil {
			return RealRootsResult{}, err
		}
	}
	rs, err := isolateRealRoots(ctx, g)
	if err != nil {
		return RealRootsResult{}, err
	}
	if rs, err = tidy(ctx, g, rs); err != nil {
		return RealRootsResult{}, err
	}
	d, refined := q.digits()
	// An interval of width 2^-bits ≤ 10^-d: bits ≥ d·log2(10).
	bits := int(float64(d)*3.3219280948873626) + 1
	for _, r := range rs {
		a, m, err := factorOf(factors, r)
		if err != nil {
			return RealRootsResult{}, err
		}
		if refined && !r.exact() {
			if r, err = refine(ctx, a, r, bits); err != nil {
				return RealRootsResult{}, err
			}
		}
		root := RealRoot{Lower: core.Rat(r.lo), Upper: core.Rat(r.hi), Multiplicity: m}
		if refined {
			mid := new(big.Rat).Add(r.lo, r.hi)
			root.Approximation = decimalRound(mid.Quo(mid, big.NewRat(2, 1)), d)
		}
		out.Roots = append(out.Roots, root)
		out.Distinct++
		out.Total += m
	}
	return out, nil
}

// factorOf returns the square-free factor of Yun's decomposition with the
// root of r, and its multiplicity: the one vanishing at an exact root, or
// changing sign across an open interval (all are nonzero at its endpoints,
// which are no roots of their product).
func factorOf(factors []sqfFactor, r rootInterval) (zpoly, int, error) {
	if len(factors) == 1 {
		// Every root is one of the only factor's: its product g with
		// the others is that factor.
		return factors[0].factor, factors[0].multiplicity, nil
	}
	for _, a := range factors {
		if r.exact() {
			if signAt(a.factor, r.lo) == 0 {
				return a.factor, a.multiplicity, nil
			}
		} else if signAt(a.factor, r.lo) != signAt(a.factor, r.hi) {
			return a.factor, a.multiplicity, nil
		}
	}
	return nil, 0, errLostRoot
}

// decimalRound writes x rounded to d decimals after the point, half away
// from zero.
func decimalRound(x *big.Rat, d int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil)
	n := new(big.Int).Mul(new(big.Int).Abs(x.Num()), scale)
	n.Mul(n, big.NewInt(2))
	n.Add(n, x.Denom())
	n.Quo(n, new(big.Int).Mul(x.Denom(), big.NewInt(2))) // floor(|x|·10^d + 1/2)
	s := n.String()
	if d > 0 {
		if len(s) <= d {
			s = strings.Repeat("0", d-len(s)+1) + s
		}
		s = s[:len(s)-d] + "." + s[len(s)-d:]
	}
	if x.Sign() < 0 && n.Sign() != 0 {
		s = "-" + s
	}
	return s
}

// checkRealRoots verifies the result independently of the isolation (see
// realRootsOperation).
func checkRealRoots(ctx context.Context, q RealRootsRequest, r RealRootsResult) error {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	if r.Distinct != len(r.Roots) {
		return errors.New("distinct is not the number of roots listed")
	}
	total := 0
	for _, x := range r.Roots {
		total += x.Multiplicity
	}
	if total != r.Total || total > f.deg() {
		return errors.New("total is not the sum of the multiplicities, or exceeds the degree")
	}
	if f.deg() == 0 {
		if len(r.Roots) != 0 {
			return errors.New("a constant has no roots")
		}
		return nil
	}
	_, pf, err := qprimitive(ctx, f)
	if err != nil {
		return err
	}
	d, refined := q.digits()
	verdict, err := verifyIsolation(ctx, pf, rootClaims(r.Roots), sturmCheckMaxDegree)
	if err != nil {
		return err
	}
	if verdict != "" {
		return errors.New(verdict)
	}
	if refined {
		width := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil))
		half := new(big.Rat).Quo(width, big.NewRat(2, 1))
		for i, x := range r.Roots {
			lo, hi := x.Lower.Rat(), x.Upper.Rat()
			if new(big.Rat).Sub(hi, lo).Cmp(width) > 0 {
				return fmt.Errorf("root %d: the interval is wider than 10^-%d", i, d)
			}
			a, err := parseDecimal(x.Approximation, d)
			if err != nil {
				return fmt.Errorf("root %d: %v", i, err)
			}
			mid := new(big.Rat).Add(lo, hi)
			mid.Quo(mid, big.NewRat(2, 1))
			if new(big.Rat).Sub(a, mid).Abs(new(big.Rat).Sub(a, mid)).Cmp(half) > 0 {
				return fmt.Errorf("root %d: the approximation is not the midpoint rounded to %d decimals", i, d)
			}
		}
	} else {
		for i, x := range r.Roots {
			if x.Approximation != "" {
				return fmt.Errorf("root %d has an approximation though no digits were asked for", i)
			}
		}
	}
	return nil
}

// parseDecimal reads a decimal with exactly d digits after the point (no
// point when d = 0).
func parseDecimal(s string, d int) (*big.Rat, error) {
	body := strings.TrimPrefix(s, "-")
	ip, fp, hasPoint := strings.Cut(body, ".")
	if hasPoint != (d > 0) || len(fp) != d || ip == "" {
		return nil, fmt.Errorf("approximation %q does not have %d decimals", s, d)
	}
	x, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, fmt.Errorf("approximation %q is not a decimal", s)
	}
	return x, nil
}

// rootClaim is a claimed root: an exact point or an open interval, with a
// multiplicity (0 when none is claimed).
type rootClaim struct {
	lo, hi       *big.Rat
	multiplicity int
}

func rootClaims(rs []RealRoot) []rootClaim {
	out := make([]rootClaim, len(rs))
	for i, x := range rs {
		out[i] = rootClaim{x.Lower.Rat(), x.Upper.Rat(), x.Multiplicity}
	}
	return out
}

// descartesRealRootBound is Descartes' bound on the number of distinct real
// roots of the square-free s: the sign variations of s(x) and of s(−x),
// which bound its positive and negative roots, plus one for the root 0.
func descartesRealRootBound(s zpoly) int {
	zero := 0
	if len(s) > 0 && s[0].Sign() == 0 {
		s, zero = s[1:], 1
	}
	return countVariations(s) + countVariations(reflect(s)) + zero
}

// verifyIsolation checks that claims is the complete list of isolating
// intervals of the real roots of the primitive f, in ascending order, with
// their multiplicities, and returns "" or the first fault in words. The
// distinct roots are those of s = f/gcd(f, f′); an exact claim must be a
// root of s, an open claim must have endpoints that are not roots of s and
// a sign change of s across it, and successive claims must be disjoint.
// The claims then hold at least one root each, so the count is checked
// through an upper bound on the number of real roots of s: Descartes'
// bound when it equals the number of claims, otherwise, when deg s ≤
// sturmMax, Descartes' rule on the pieces between the claims or, failing
// that, the exact count from s's Sturm sequence; above it, the count is
// not checked. A claimed multiplicity m is checked
// through the square-free parts of D_k = gcd(f, f′, …, f^(k−1)), whose
// roots are exactly those of f of multiplicity at least k: the root must be
// one of D_m and not of D_{m+1}.
func verifyIsolation(ctx context.Context, f zpoly, claims []rootClaim, sturmMax int) (string, error) {
	df := zderiv(f)
	g := zpoly{big.NewInt(1)}
	if coprime, err := coprimeAtOnePrime(ctx, f, df); err != nil {
		return "", err
	} else if !coprime {
		if g, err = gcdZ(ctx, f, df); err != nil {
			return "", err
		}
	}
	s, err := divExact(ctx, f, g)
	if err != nil {
		return "", err
	}
	for i, c := range claims {
		if c.lo.Cmp(c.hi) > 0 {
			return fmt.Sprintf("root %d: lower is above upper", i), nil
		}
		if i > 0 {
			prev := claims[i-1]
			cmp := prev.hi.Cmp(c.lo)
			touching := prev.lo.Cmp(prev.hi) != 0 && c.lo.Cmp(c.hi) != 0
			if cmp > 0 || cmp == 0 && !touching {
				return fmt.Sprintf("roots %d and %d are not disjoint and in ascending order", i-1, i), nil
			}
		}
		if c.lo.Cmp(c.hi) == 0 {
			if signAt(s, c.lo) != 0 {
				return fmt.Sprintf("root %d: %s is not a root", i, c.lo.RatString()), nil
			}
			continue
		}
		sl, sh := signAt(s, c.lo), signAt(s, c.hi)
		if sl == 0 || sh == 0 {
			return fmt.Sprintf("root %d: an endpoint of the interval is a root", i), nil
		}
		if sl == sh {
			return fmt.Sprintf("root %d: the square-free part does not change sign across the interval", i), nil
		}
	}
	// Every open claim holds an odd number of roots of s and every exact
	// one a root, and the claims are disjoint, so s has at least
	// len(claims) real roots; an upper bound equal to that number proves
	// one root in each claim and none elsewhere. Descartes' rule bounds
	// the positive and the negative roots by the sign variations of s(x)
	// and s(−x) (with the root 0 divided out), which is often enough
	// (when every root is real, and for Mignotte's polynomials); else
	// Descartes' rule on the intervals between the claims (see
	// descartesCertifies), and when that does not conclude, the Sturm
	// count, which is exact.
	if descartesRealRootBound(s) != len(claims) && s.deg() <= sturmMax && !descartesCertifies(ctx, s, claims) {
		n, err := sturmRealRootCount(ctx, s)
		if err != nil {
			return "", err
		}
		if n != len(claims) {
			return fmt.Sprintf("the polynomial has %d distinct real roots, %d are listed", n, len(claims)), nil
		}
	}
	maxM := 0
	for _, c := range claims {
		maxM = max(maxM, c.multiplicity)
	}
	if maxM == 0 {
		return "", nil
	}
	// A square-free f (constant g = gcd(f, f′)) has D_k constant for
	// every k ≥ 2, so each root has multiplicity 1, which the claims'
	// checks above proved a root of s = D_1's square-free part.
	if g.deg() == 0 {
		for i, c := range claims {
			if c.multiplicity > 1 || c.multiplicity < 0 {
				return fmt.Sprintf("root %d does not have multiplicity %d", i, c.multiplicity), nil
			}
		}
		return "", nil
	}
	// parts[k] is the square-free part of D_k, for k = 1 … maxM+1.
	parts := make([]zpoly, maxM+2)
	dk, deriv := f, f
	for k := 1; k <= maxM+1; k++ {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		if k > 1 {
			deriv = zderiv(deriv)
			if dk.deg() > 0 {
				if dk, err = gcdZ(ctx, dk, deriv); err != nil {
					return "", err
				}
			}
		}
		parts[k] = zpoly{big.NewInt(1)}
		if k == 1 {
			parts[1] = s // D_1 = f, whose square-free part is s
			continue
		}
		if dk.deg() > 0 {
			h, err := gcdZ(ctx, dk, zderiv(dk))
			if err != nil {
				return "", err
			}
			if parts[k], err = divExact(ctx, dk, h); err != nil {
				return "", err
			}
		}
	}
	isRootOf := func(p zpoly, c rootClaim) bool {
		if p.deg() <= 0 {
			return false
		}
		if c.lo.Cmp(c.hi) == 0 {
			return signAt(p, c.lo) == 0
		}
		return signAt(p, c.lo) != signAt(p, c.hi)
	}
	for i, c := range claims {
		if c.multiplicity == 0 {
			continue
		}
		if c.multiplicity < 0 || !isRootOf(parts[c.multiplicity], c) || isRootOf(parts[c.multiplicity+1], c) {
			return fmt.Sprintf("root %d does not have multiplicity %d", i, c.multiplicity), nil
		}
	}
	return "", nil
}
