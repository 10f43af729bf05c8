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

// Limits of polynomial.square_free_decomposition.compute.
const (
	SquareFreeMaxDegree = 1000
	SquareFreeMaxBits   = 8192
)

var squareFreeLimits = sizeLimits{maxDegree: SquareFreeMaxDegree, maxBits: SquareFreeMaxBits}

// SquareFreeRequest is one nonzero polynomial.
type SquareFreeRequest struct {
	Polynomial PolyInput `json:"polynomial"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *SquareFreeRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"polynomial": &q.Polynomial})
}

// SquareFreeFactor is one factor a_i with its multiplicity i.
type SquareFreeFactor struct {
	Factor       core.Polynomial[core.Rational] `json:"factor"`
	Multiplicity int                            `json:"multiplicity"`
}

// SquareFreeResult is f = content · ∏ factor^multiplicity.
type SquareFreeResult struct {
	Content core.Rational      `json:"content"`
	Factors []SquareFreeFactor `json:"factors"`
}

// squareFreeOperation computes the square-free decomposition
// f = c·∏ a_i^i over Q, by Yun's algorithm (1976; Geddes, Czapor and
// Labahn §8.2) with the modular gcd.
//
// Canonical form: each a_i is square-free, primitive in Z[x] with positive
// leading coefficient, and the a_i are pairwise coprime; factors equal to
// 1 are omitted and the rest are listed by multiplicity ascending; c is
// the rational left over (the content of f with the sign of its leading
// coefficient). A constant f has no factors and c = f. The zero
// polynomial has no decomposition and is a domain error. An input whose coefficients, cleared of their denominators, would
// pass the cleared_bits limit (many distinct denominators) is refused
// before any work (RESOURCE_REFUSED; see cleared.go).
func squareFreeOperation() core.Operation[SquareFreeRequest, SquareFreeResult] {
	return core.Operation[SquareFreeRequest, SquareFreeResult]{
		ID:         "polynomial.square_free_decomposition.compute",
		Title:      "Square-free decomposition",
		Summary:    "Writes a univariate polynomial over Q as a constant times a product of powers of square-free, pairwise coprime primitive integer polynomials.",
		Keywords:   []string{"polynomial", "square-free", "squarefree", "sqf", "sqf_list", "yun", "multiplicity", "repeated factors", "factor"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(SquareFreeMaxDegree, "polynomial"),
		Limits:     append(squareFreeLimits.declare(withPolynomial), clearedLimit(SquareFreeMaxClearedBits, withPolynomial, SquareFreeMaxDegree)),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a zero expression", Payload: `{"polynomial":{"expression":"x - x"}}`, Code: core.DomainError, Path: "/payload/polynomial"},
			}
		},
		Preflight: func(ctx context.Context, q SquareFreeRequest) error {
			if err := squareFreeLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if err := checkCleared("polynomial", q.Polynomial, SquareFreeMaxClearedBits); err != nil {
				return err
			}
			if q.Polynomial.expr == nil && len(q.Polynomial.coeffs) == 0 {
				return zeroSquareFree()
			}
			return nil
		},
		Run: func(ctx context.Context, q SquareFreeRequest) (SquareFreeResult, error) {
			f, err := q.Polynomial.poly(ctx)
			if err != nil {
				return SquareFreeResult{}, err
			}
			if len(f) == 0 {
				return SquareFreeResult{}, zeroSquareFree()
			}
			c, fs, err := squareFree(ctx, f)
			if err != nil {
				return SquareFreeResult{}, err
			}
			out := SquareFreeResult{Content: core.Rat(c), Factors: []SquareFreeFactor{}}
			for _, x := range fs {
				out.Factors = append(out.Factors, SquareFreeFactor{polyOfZ(q.Polynomial.variable, x.factor), x.multiplicity})
			}
			return out, nil
		},
		Postcondition: checkSquareFree,
		Examples: []core.Example{
			{Title: "repeated factors", Payload: json.RawMessage(`{"polynomial":{"expression":"2*(x - 1)*(x + 2)^2*(x^2 + 1)^3"}}`),
				Result: json.RawMessage(`{"content":"2","factors":[{"factor":{"variable":"x","coefficients":["-1","1"],"expression":"x - 1"},"multiplicity":1},{"factor":{"variable":"x","coefficients":["2","1"],"expression":"x + 2"},"multiplicity":2},{"factor":{"variable":"x","coefficients":["1","0","1"],"expression":"x^2 + 1"},"multiplicity":3}]}`)},
			{Title: "rational content", Payload: json.RawMessage(`{"polynomial":{"expression":"-1/2*x^2 + x - 1/2"}}`),
				Result: json.RawMessage(`{"content":"-1/2","factors":[{"factor":{"variable":"x","coefficients":["-1","1"],"expression":"x - 1"},"multiplicity":2}]}`)},
			{Title: "a constant", Payload: json.RawMessage(`{"polynomial":{"coefficients":["-7"]}}`),
				Result: json.RawMessage(`{"content":"-7","factors":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) SquareFreeRequest {
			return SquareFreeRequest{Polynomial: polyInputOf("x", randomRepeated(ctx, rng))}
		},
		Slow: func() string {
			return `{"polynomial":{"expression":"(65*x^2 + 81*x - 125)^400*(1234567*x + 7654321)^200"}}`
		},
	}
}

func zeroSquareFree() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "the zero polynomial has no square-free decomposition; give a nonzero polynomial")
}

// randomRepeated is a product of small random factors raised to small
// powers, times a random rational constant.
func randomRepeated(ctx context.Context, rng *rand.Rand) qpoly {
	f := qpoly{big.NewRat(rng.Int64N(19)-9|1, rng.Int64N(5)+1)}
	for i := rng.IntN(4); i >= 0; i-- {
		base := toQ(randomZ(rng, rng.IntN(3)+1, 6))
		p, _ := qpow(ctx, base, int64(rng.IntN(3)+1))
		f, _ = qmul(ctx, f, p)
	}
	return f
}

// checkSquareFree verifies that c·∏ a_i^i reconstructs f exactly, the
// normalisation, and square-freeness and pairwise coprimality through
// prime images (coprimeOverQ).
func checkSquareFree(ctx context.Context, q SquareFreeRequest, r SquareFreeResult) error {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	prod := qpoly{r.Content.Rat()}
	var factors []qpoly
	for i, x := range r.Factors {
		if err := wellFormed(x.Factor); err != nil {
			return err
		}
		a := qOf(x.Factor)
		if a.deg() < 1 || !a.isIntegral() || a.lc().Sign() <= 0 {
			return fmt.Errorf("factor %d is not a non-constant integer polynomial with positive leading coefficient", i)
		}
		// a is integral (checked above), so it is its own cleared form.
		if c, err := content(ctx, zpolyOf(a)); err != nil || c.Cmp(big.NewInt(1)) != 0 {
			return fmt.Errorf("factor %d is not primitive", i)
		}
		if i > 0 && x.Multiplicity <= r.Factors[i-1].Multiplicity || x.Multiplicity < 1 {
			return errors.New("multiplicities are not strictly ascending and positive")
		}
		p, err := qpow(ctx, a, int64(x.Multiplicity))
		if err != nil {
			return err
		}
		if prod, err = qmul(ctx, prod, p); err != nil {
			return err
		}
		factors = append(factors, a)
	}
	if !prod.equal(f) {
		return errors.New("content times the product of the factors does not reconstruct the polynomial")
	}
	for i, a := range factors {
		if a.deg() > 1 && !coprimeOverQ(a, qderiv(a)) {
			return fmt.Errorf("factor %d is not square-free", i)
		}
		for _, b := range factors[:i] {
			if !coprimeOverQ(a, b) {
				return errors.New("two factors share a common factor")
			}
		}
	}
	return nil
}
