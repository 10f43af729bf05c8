package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
)

// Limits of polynomial.rational_roots.compute, those of real root
// isolation.
const (
	RationalRootsMaxDegree      = RealRootsMaxDegree
	RationalRootsMaxBits        = RealRootsMaxBits
	RationalRootsMaxClearedBits = RealRootsMaxClearedBits
)

var rationalRootsLimits = sizeLimits{maxDegree: RationalRootsMaxDegree, maxBits: RationalRootsMaxBits}

// RationalRootsRequest is one nonzero polynomial.
type RationalRootsRequest struct {
	Polynomial PolyInput `json:"polynomial"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *RationalRootsRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"polynomial": &q.Polynomial})
}

// RationalRoot is a rational root with its multiplicity.
type RationalRoot struct {
	Root         core.Rational `json:"root"`
	Multiplicity int           `json:"multiplicity"`
}

// RationalRootsResult lists the distinct rational roots, ascending.
type RationalRootsResult struct {
	Roots []RationalRoot `json:"roots"`
}

// rationalRootsOperation finds the rational roots of a polynomial over Q.
//
// Canonical form: the distinct rational roots in ascending order, each
// reduced, with its multiplicity; none for a constant; the zero
// polynomial is a domain error.
//
// Algorithm: a rational root p/q in lowest terms of a primitive
// a ∈ Z[x] has q | lc(a) (the rational root theorem), so lc(a)·p/q is an
// integer. For each square-free factor a of Yun's decomposition the real
// roots are isolated (polynomial.real_roots.compute's Descartes method)
// and each interval refined below width 1/(2|lc(a)|), after which it
// holds at most one number k/lc(a), k an integer, which is tested
// exactly. This avoids factoring the constant and leading coefficients,
// which the textbook enumeration of candidates p | a_0, q | a_n needs.
// The postcondition checks every root and multiplicity exactly: (x − r)^m
// divides f and (x − r)^(m+1) does not, by synthetic division over Q.
func rationalRootsOperation() core.Operation[RationalRootsRequest, RationalRootsResult] {
	return core.Operation[RationalRootsRequest, RationalRootsResult]{
		ID:         "polynomial.rational_roots.compute",
		Title:      "Rational roots",
		Summary:    "Finds every rational root of a univariate polynomial over Q, with multiplicities, by real root isolation and the rational root theorem.",
		Keywords:   []string{"polynomial", "rational roots", "roots over Q", "nfroots", "linear factors", "rational root theorem", "zeros", "solve"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(RationalRootsMaxDegree, "polynomial"),
		Limits:     append(rationalRootsLimits.declare(withPolynomial), clearedLimit(RationalRootsMaxClearedBits, withPolynomial, 400)),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a zero expression", Payload: `{"polynomial":{"expression":"(x + 1)^2 - x^2 - 2*x - 1"}}`, Code: core.DomainError, Path: "/payload/polynomial"},
			}
		},
		Preflight: func(ctx context.Context, q RationalRootsRequest) error {
			if err := rationalRootsLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if err := checkCleared("polynomial", q.Polynomial, RationalRootsMaxClearedBits); err != nil {
				return err
			}
			if q.Polynomial.expr == nil && len(q.Polynomial.coeffs) == 0 {
				return zeroRationalRoots()
			}
			return nil
		},
		Run:           runRationalRoots,
		Postcondition: checkRationalRoots,
		Examples: []core.Example{
			// PARI/GP 2.15.2: nfroots(, 6*x^3 - 11*x^2 + 6*x - 1) = [1/3, 1/2, 1]
			{Title: "three rational roots", Payload: json.RawMessage(`{"polynomial":{"expression":"6*x^3 - 11*x^2 + 6*x - 1"}}`),
				Result: json.RawMessage(`{"roots":[{"root":"1/3","multiplicity":1},{"root":"1/2","multiplicity":1},{"root":"1","multiplicity":1}]}`)},
			{Title: "repeated and irrational roots", Payload: json.RawMessage(`{"polynomial":{"expression":"(3*x + 2)^2*(x^2 - 2)*(x - 5)"}}`),
				Result: json.RawMessage(`{"roots":[{"root":"-2/3","multiplicity":2},{"root":"5","multiplicity":1}]}`)},
			{Title: "none", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2"}}`),
				Result: json.RawMessage(`{"roots":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) RationalRootsRequest {
			return RationalRootsRequest{Polynomial: polyInputOf("x", randomRootsPoly(ctx, rng))}
		},
		Slow: func() string {
			return `{"polynomial":{"expression":"x^300 - 2*(1099511627776*x - 1)^2"}}`
		},
	}
}

func zeroRationalRoots() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "every number is a root of the zero polynomial; give a nonzero polynomial")
}

func runRationalRoots(ctx context.Context, q RationalRootsRequest) (RationalRootsResult, error) {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return RationalRootsResult{}, err
	}
	if len(f) == 0 {
		return RationalRootsResult{}, zeroRationalRoots()
	}
	out := RationalRootsResult{Roots: []RationalRoot{}}
	if f.deg() == 0 {
		return out, nil
	}
	_, factors, err := squareFree(ctx, f)
	if err != nil {
		return RationalRootsResult{}, err
	}
	for _, a := range factors {
		rs, err := rationalRootsSquareFree(ctx, a.factor)
		if err != nil {
			return RationalRootsResult{}, err
		}
		for _, r := range rs {
			out.Roots = append(out.Roots, RationalRoot{core.Rat(r), a.multiplicity})
		}
	}
	slices.SortFunc(out.Roots, func(a, b RationalRoot) int { return a.Root.Rat().Cmp(b.Root.Rat()) })
	return out, nil
}

// rationalRootsSquareFree returns the rational roots of a square-free
// primitive a of positive degree.
func rationalRootsSquareFree(ctx context.Context, a zpoly) ([]*big.Rat, error) {
	if a.deg() == 1 {
		return []*big.Rat{new(big.Rat).SetFrac(new(big.Int).Neg(a[0]), a[1])}, nil
	}
	rs, err := isolateRealRoots(ctx, a)
	if err != nil {
		return nil, err
	}
	if rs, err = tidy(ctx, a, rs); err != nil {
		return nil, err
	}
	lc := new(big.Int).Abs(a.lc())
	bits := lc.BitLen() + 1 // width 2^-bits < 1/(2·|lc|)
	var out []*big.Rat
	for _, r := range rs {
		if !r.exact() {
			if r, err = refine(ctx, a, r, bits); err != nil {
				return nil, err
			}
		}
		if r.exact() {
			out = append(out, r.lo)
			continue
		}
		// The integers k with lo < k/|lc| < hi: at most one.
		k := new(big.Int).Mul(r.lo.Num(), lc)
		k.Div(k, r.lo.Denom())
		for range 2 {
			k.Add(k, big.NewInt(1))
			x := new(big.Rat).SetFrac(k, lc)
			if x.Cmp(r.hi) >= 0 {
				break
			}
			if signAt(a, x) == 0 {
				out = append(out, x)
				break
			}
		}
	}
	return out, nil
}

// checkRationalRoots checks each root and its multiplicity exactly, the
// order, and that the multiplicities fit the degree.
func checkRationalRoots(ctx context.Context, q RationalRootsRequest, r RationalRootsResult) error {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	total := 0
	for i, x := range r.Roots {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 && r.Roots[i-1].Root.Rat().Cmp(x.Root.Rat()) >= 0 {
			return errors.New("the roots are not distinct and ascending")
		}
		if x.Multiplicity < 1 {
			return fmt.Errorf("root %d has multiplicity %d", i, x.Multiplicity)
		}
		if m := multiplicityAt(f, x.Root.Rat(), x.Multiplicity+1); m != x.Multiplicity {
			return fmt.Errorf("root %d (%s) has multiplicity %d, not %d", i, x.Root, m, x.Multiplicity)
		}
		total += x.Multiplicity
	}
	if total > max(f.deg(), 0) {
		return errors.New("the multiplicities add up to more than the degree")
	}
	return nil
}

// multiplicityAt is the multiplicity of r as a root of the nonzero f, by
// synthetic division by x − r, counted up to limit.
func multiplicityAt(f qpoly, r *big.Rat, limit int) int {
	g := f.clone()
	for m := 0; m < limit; m++ {
		// Synthetic division: g = (x − r)·h + g(r).
		n := g.deg()
		if n < 1 {
			return m
		}
		h := make(qpoly, n)
		acc := new(big.Rat).Set(g[n])
		for i := n - 1; i >= 0; i-- {
			h[i] = new(big.Rat).Set(acc)
			acc.Mul(acc, r)
			acc.Add(acc, g[i])
		}
		if acc.Sign() != 0 {
			return m
		}
		g = h
	}
	return limit
}
