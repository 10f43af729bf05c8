package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
)

// Limits of polynomial.division.compute, those of op divide of
// polynomial.arithmetic.compute; the quotient_bits estimate covers both
// kinds (a pseudo-quotient's coefficients are the Euclidean quotient's
// times lc^k, no larger in total).
const (
	DivisionMaxDegree = ArithmeticMaxDegree
	DivisionMaxBits   = ArithmeticMaxBits
)

var divisionLimits = sizeLimits{maxDegree: DivisionMaxDegree, maxBits: DivisionMaxBits}

// DivisionKind chooses Euclidean division over Q or pseudo-division over Z.
type DivisionKind string

// The kinds of division.
const (
	DivisionEuclidean DivisionKind = "euclidean"
	DivisionPseudo    DivisionKind = "pseudo"
)

// JSONSchema restricts the kind to the two names.
func (DivisionKind) JSONSchema() *jsonschema.Schema {
	return core.Enum("euclidean (quotient and remainder over Q, the default) or pseudo (lc(divisor)^k·dividend = quotient·divisor + remainder over Z, k = max(deg dividend − deg divisor + 1, 0))", string(DivisionEuclidean), string(DivisionPseudo))
}

// DivisionRequest is dividend, divisor and the kind (default euclidean).
type DivisionRequest struct {
	Dividend PolyInput    `json:"dividend"`
	Divisor  PolyInput    `json:"divisor"`
	Kind     DivisionKind `json:"kind,omitempty"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *DivisionRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"dividend": &q.Dividend, "divisor": &q.Divisor, "kind": &q.Kind})
}

func (q DivisionRequest) kind() DivisionKind {
	if q.Kind == "" {
		return DivisionEuclidean
	}
	return q.Kind
}

// DivisionResult is the quotient and remainder, and for pseudo-division
// the multiplier lc(divisor)^k.
type DivisionResult struct {
	Kind       DivisionKind                   `json:"kind"`
	Quotient   core.Polynomial[core.Rational] `json:"quotient"`
	Remainder  core.Polynomial[core.Rational] `json:"remainder"`
	Multiplier core.Rational                  `json:"multiplier" jsonschema:"the factor the dividend is multiplied by: 1 for Euclidean division, lc(divisor)^k for pseudo-division"`
}

// divisionOperation divides with remainder.
//
// Euclidean (the default): the unique q, r ∈ Q[x] with
// dividend = q·divisor + r and deg r < deg divisor (Knuth, TAOCP vol. 2,
// §4.6.1, Algorithm D), multiplier 1. Pseudo: for integer polynomials,
// the unique q, r ∈ Z[x] with lc^k·dividend = q·divisor + r, deg r <
// deg divisor and k = max(deg dividend − deg divisor + 1, 0) (Knuth's
// Algorithm R, the convention of SymPy's pdiv and of Cohen, Algorithm
// 3.1.2), which needs no fractions. Canonical form: reduced coefficients,
// constant term first, no trailing zeros, in the inputs' shared
// variable. A zero divisor is a domain error, as are non-integer
// coefficients for pseudo-division. The postcondition checks the
// identity exactly and the degree of the remainder.
func divisionOperation() core.Operation[DivisionRequest, DivisionResult] {
	payload := func(poly string) string { return `{"dividend":` + poly + `,"divisor":{"expression":"x + 1"}}` }
	return core.Operation[DivisionRequest, DivisionResult]{
		ID:         "polynomial.division.compute",
		Title:      "Polynomial division with remainder",
		Summary:    "Divides univariate polynomials with remainder: Euclidean division over Q, or pseudo-division over Z without fractions.",
		Keywords:   []string{"polynomial", "division", "divide", "quotient", "remainder", "divrem", "pseudo-division", "pseudo-remainder", "prem", "pdiv", "long division"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(DivisionMaxDegree, "dividend", "divisor"),
		Limits: append(divisionLimits.declare(payload),
			core.Limit{Name: "quotient_bits", Max: ResultMaxBits, Unit: "bits", Description: "with k = deg(dividend) − deg(divisor) + 1: k·(k·(coefficient bits of divisor) + coefficient bits of dividend), a bound on the total size of the quotient, is at most this",
				Beyond: func() string {
					return `{"dividend":{"expression":"x^2000"},"divisor":{"expression":"(2^20 + 1)*x^1000 + 1"}}`
				},
				// (2^4096 − 1)·x^1024 by x + 4095: k = 1024 and
				// 1024·(1024·12 + 4096) = 2^24.
				At: func() string {
					return `{"dividend":` + monomialJSON(1024, allOnes(4096).String()) + `,"divisor":{"coefficients":["4095","1"]},"kind":"pseudo"}`
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "division by zero", Payload: `{"dividend":{"expression":"x^2"},"divisor":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/divisor"},
				{Title: "pseudo-division of a rational polynomial", Payload: `{"dividend":{"expression":"1/2*x^2"},"divisor":{"expression":"x + 1"},"kind":"pseudo"}`, Code: core.DomainError, Path: "/payload/dividend"},
				{Title: "two different variables", Payload: `{"dividend":{"expression":"x^2"},"divisor":{"expression":"y + 1"}}`, Code: core.DomainError, Path: "/payload/divisor"},
			}
		},
		Preflight: func(ctx context.Context, q DivisionRequest) error {
			if err := divisionLimits.check("dividend", q.Dividend); err != nil {
				return err
			}
			if err := divisionLimits.check("divisor", q.Divisor); err != nil {
				return err
			}
			k := float64(max(q.Dividend.degree()-q.Divisor.degree()+1, 0))
			if total := k * (k*float64(q.Divisor.coefficientBits()) + float64(q.Dividend.coefficientBits())); total > ResultMaxBits {
				return core.Refusef("the quotient may take up to %.0f bits, beyond the limit of %d", total, ResultMaxBits)
			}
			if q.Divisor.expr == nil && len(q.Divisor.coeffs) == 0 {
				return zeroDivisor()
			}
			return nil
		},
		Run:           runDivision,
		Postcondition: checkDivision,
		Examples: []core.Example{
			// PARI/GP 2.15.2: divrem(x^3 - 2*x + 1, 2*x + 1) = [1/2*x^2 - 1/4*x - 7/8, 15/8]
			{Title: "Euclidean division over Q", Payload: json.RawMessage(`{"dividend":{"expression":"x^3 - 2*x + 1"},"divisor":{"expression":"2*x + 1"}}`),
				Result: json.RawMessage(`{"kind":"euclidean","quotient":{"variable":"x","coefficients":["-7/8","-1/4","1/2"],"expression":"1/2*x^2 - 1/4*x - 7/8"},"remainder":{"variable":"x","coefficients":["15/8"],"expression":"15/8"},"multiplier":"1"}`)},
			// SymPy 1.14.0: pdiv(x**3 - 2*x + 1, 2*x + 1) = (4*x**2 - 2*x - 7, 15)
			{Title: "pseudo-division over Z", Payload: json.RawMessage(`{"dividend":{"expression":"x^3 - 2*x + 1"},"divisor":{"expression":"2*x + 1"},"kind":"pseudo"}`),
				Result: json.RawMessage(`{"kind":"pseudo","quotient":{"variable":"x","coefficients":["-7","-2","4"],"expression":"4*x^2 - 2*x - 7"},"remainder":{"variable":"x","coefficients":["15"],"expression":"15"},"multiplier":"8"}`)},
			{Title: "a dividend of lower degree", Payload: json.RawMessage(`{"dividend":{"expression":"3*x + 1"},"divisor":{"expression":"x^2 + 1"},"kind":"pseudo"}`),
				Result: json.RawMessage(`{"kind":"pseudo","quotient":{"variable":"x","coefficients":[],"expression":"0"},"remainder":{"variable":"x","coefficients":["1","3"],"expression":"3*x + 1"},"multiplier":"1"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) DivisionRequest {
			q := DivisionRequest{Kind: DivisionEuclidean}
			if rng.IntN(2) == 0 {
				q.Kind = DivisionPseudo
				q.Dividend = polyInputOf("x", toQ(randomZ(rng, rng.IntN(15), 40)))
				q.Divisor = polyInputOf("x", toQ(randomZ(rng, rng.IntN(8), 40)))
			} else {
				q.Dividend = polyInputOf("x", randomQ(rng, rng.IntN(15), 40))
				q.Divisor = polyInputOf("x", randomQ(rng, rng.IntN(8), 40))
			}
			if len(q.Divisor.coeffs) == 0 {
				q.Divisor = polyInputOf("x", qpoly{big.NewRat(3, 1), big.NewRat(-2, 1)})
			}
			return q
		},
		Slow: func() string {
			return `{"dividend":{"expression":"(2^4000 + 3)*x^2000 + (x + 1)^1999"},"divisor":{"expression":"3*x^1000 + x^999 - 1"},"kind":"pseudo"}`
		},
	}
}

func zeroDivisor() error {
	return core.DomainErrorAt(core.PayloadPath("divisor"), "division by the zero polynomial is undefined; give a nonzero divisor")
}

func runDivision(ctx context.Context, q DivisionRequest) (DivisionResult, error) {
	ops, err := expandAll(ctx, []string{"dividend", "divisor"}, q.Dividend, q.Divisor)
	if err != nil {
		return DivisionResult{}, err
	}
	v, err := variableOf(ops)
	if err != nil {
		return DivisionResult{}, err
	}
	a, b := ops[0].poly, ops[1].poly
	if len(b) == 0 {
		return DivisionResult{}, zeroDivisor()
	}
	if q.kind() == DivisionEuclidean {
		quo, rem, err := qdivrem(ctx, a, b)
		if err != nil {
			return DivisionResult{}, err
		}
		return DivisionResult{Kind: DivisionEuclidean, Quotient: polyOf(v, quo), Remainder: polyOf(v, rem), Multiplier: core.Rat(big.NewRat(1, 1))}, nil
	}
	for _, o := range ops {
		if !o.poly.isIntegral() {
			return DivisionResult{}, core.DomainErrorAt(core.PayloadPath(o.name), "%s has non-integer coefficients; pseudo-division is over Z (use kind euclidean over Q)", o.name)
		}
	}
	quo, rem, m, err := pseudoDivide(ctx, zpolyOf(a), zpolyOf(b))
	if err != nil {
		return DivisionResult{}, err
	}
	return DivisionResult{Kind: DivisionPseudo, Quotient: polyOfZ(v, quo), Remainder: polyOfZ(v, rem), Multiplier: core.Rat(new(big.Rat).SetInt(m))}, nil
}

// pseudoDivide returns q, r and lc(b)^k with lc(b)^k·a = q·b + r, by
// Knuth's Algorithm R (TAOCP vol. 2, §4.6.1) carrying the quotient: at
// each step the partial remainder and quotient are multiplied by lc(b)
// before the leading term is cancelled.
func pseudoDivide(ctx context.Context, a, b zpoly) (q, r zpoly, mult *big.Int, err error) {
	n, m := a.deg(), b.deg()
	if n < m {
		return zpoly{}, a.clone(), big.NewInt(1), nil
	}
	r = a.clone()
	q = zzeros(n - m + 1)
	lb := b.lc()
	var t big.Int
	for k := n - m; k >= 0; k-- {
		if k%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
		}
		c := new(big.Int).Set(r[k+m])
		for i := range q {
			q[i].Mul(q[i], lb)
		}
		q[k].Set(c)
		for i := 0; i < k+m; i++ {
			r[i].Mul(r[i], lb)
		}
		for j := 0; j < m; j++ {
			r[k+j].Sub(r[k+j], t.Mul(c, b[j]))
		}
		r[k+m].SetInt64(0)
	}
	mult = new(big.Int).Exp(lb, big.NewInt(int64(n-m+1)), nil)
	return ztrim(q), ztrim(r[:m]), mult, nil
}

// checkDivision checks multiplier·dividend = quotient·divisor + remainder
// exactly, the remainder's degree and the multiplier.
func checkDivision(ctx context.Context, q DivisionRequest, r DivisionResult) error {
	for _, p := range []core.Polynomial[core.Rational]{r.Quotient, r.Remainder} {
		if err := wellFormed(p); err != nil {
			return err
		}
	}
	a, err := q.Dividend.poly(ctx)
	if err != nil {
		return err
	}
	b, err := q.Divisor.poly(ctx)
	if err != nil {
		return err
	}
	quo, rem := qOf(r.Quotient), qOf(r.Remainder)
	if rem.deg() >= b.deg() {
		return errors.New("the remainder's degree is not below the divisor's")
	}
	want := big.NewRat(1, 1)
	if r.Kind != q.kind() {
		return errors.New("the result names another kind of division")
	}
	if q.kind() == DivisionPseudo {
		want.SetInt(new(big.Int).Exp(b.lc().Num(), big.NewInt(int64(max(a.deg()-b.deg()+1, 0))), nil))
		if !quo.isIntegral() || !rem.isIntegral() {
			return errors.New("a pseudo-quotient or pseudo-remainder with non-integer coefficients")
		}
	}
	if r.Multiplier.Rat().Cmp(want) != 0 {
		return fmt.Errorf("multiplier %s, want %s", r.Multiplier, want.RatString())
	}
	qb, err := qmul(ctx, quo, b)
	if err != nil {
		return err
	}
	if !qadd(qb, rem).equal(qscale(a, want)) {
		return errors.New("quotient·divisor + remainder is not multiplier·dividend")
	}
	return nil
}
