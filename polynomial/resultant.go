package polynomial

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// Limits of polynomial.resultant.compute and polynomial.discriminant.compute.
// The modular algorithm needs about (deg a·bits b + deg b·bits a)/62
// primes, each costing a Euclidean remainder sequence of (deg a + deg b)²
// word operations, so the cost is bounded by
// (n + m)²·(n·bits(b) + m·bits(a)) for degrees n, m: ResultantMaxCost
// units, about 7 s on the two-core development machine (degree 300 with
// 64-bit coefficients, 1.4·10^10 units, took 0.34 s in
// BenchmarkResultantModular; two random degree-1000 polynomials with
// 32-bit coefficients, 2.6·10^11 units, 7.2 s; degree 512 with 256 bits,
// 2^38 units, 6.1 s). Degree 1000 is admitted with coefficients of up to
// 32 bits, degree 512 with 256.
const (
	ResultantMaxDegree = 1000
	ResultantMaxBits   = 256
	ResultantMaxCost   = 1 << 38
)

var resultantLimits = sizeLimits{maxDegree: ResultantMaxDegree, maxBits: ResultantMaxBits}

// ResultantRequest is two polynomials.
type ResultantRequest struct {
	Left  PolyInput `json:"left"`
	Right PolyInput `json:"right"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *ResultantRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"left": &q.Left, "right": &q.Right})
}

// ResultantResult is res(left, right).
type ResultantResult struct {
	Resultant core.Rational `json:"resultant"`
}

// resultantOperation computes res(f, g), the determinant of the Sylvester
// matrix, equal to lc(f)^deg g · ∏ g(α) over the roots α of f. Conventions
// are PARI/GP's: res is 0 if either input is the zero polynomial, and
// res(c, g) = c^deg g for a nonzero constant c (so 1 for two constants).
// Canonical form: a reduced rational. An input whose coefficients, cleared of their denominators, would
// pass the cleared_bits limit (many distinct denominators) is refused
// before any work (RESOURCE_REFUSED; see cleared.go).
//
// Algorithm: after clearing denominators, the subresultant PRS over Z
// (Collins 1967; Brown and Traub 1971; Cohen, Algorithm 3.3.7) up to
// degree 15, and beyond it the modular algorithm (Collins 1971; Geddes,
// Czapor and Labahn §9.4) with Hadamard's bound, the resultant modulo
// each 62-bit prime by core/gfpoly's Euclidean recurrence on all cores
// and one Garner reconstruction; see resultantalg.go.
func resultantOperation() core.Operation[ResultantRequest, ResultantResult] {
	return core.Operation[ResultantRequest, ResultantResult]{
		ID:         "polynomial.resultant.compute",
		Title:      "Resultant of two polynomials",
		Summary:    "Resultant of two univariate polynomials with rational coefficients, the determinant of their Sylvester matrix: the subresultant sequence below degree 15, multi-modular over 62-bit primes above.",
		Keywords:   []string{"polynomial", "resultant", "sylvester", "polresultant", "elimination", "subresultant", "common root"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(ResultantMaxDegree, "left", "right"),
		Limits: append(resultantLimits.declare(withLeft), clearedLimit(ResultantMaxClearedBits, withLeft, 40),
			resultantCostLimit(
				// 1025²·(512·256 + 513·256) > 2^38.
				func() string {
					return `{"left":` + monomialJSON(512, allOnes(256).String()) + `,"right":` + monomialJSON(513, allOnes(256).String()) + `}`
				},
				// 1024²·(512·256 + 512·256) = 2^38.
				func() string {
					return `{"left":` + monomialJSON(512, allOnes(256).String()) + `,"right":` + monomialJSON(512, "-"+allOnes(256).String()) + `}`
				},
			)),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "two different variables", Payload: `{"left":{"expression":"x + 1"},"right":{"expression":"y - 1"}}`, Code: core.DomainError, Path: "/payload/right"},
				{Title: "a malformed expression", Payload: `{"left":{"expression":"x +* 1"},"right":{"expression":"x"}}`, Code: core.InvalidPayload, Path: "/payload/left/expression"},
			}
		},
		Preflight: func(ctx context.Context, q ResultantRequest) error {
			if err := checkPair(resultantLimits, ResultantMaxClearedBits, q.Left, q.Right); err != nil {
				return err
			}
			return checkResultantCost(q.Left, q.Right)
		},
		Run: func(ctx context.Context, q ResultantRequest) (ResultantResult, error) {
			ops, err := expandAll(ctx, []string{"left", "right"}, q.Left, q.Right)
			if err != nil {
				return ResultantResult{}, err
			}
			if _, err := variableOf(ops); err != nil {
				return ResultantResult{}, err
			}
			r, err := resultantQ(ctx, ops[0].poly, ops[1].poly)
			if err != nil {
				return ResultantResult{}, err
			}
			return ResultantResult{core.Rat(r)}, nil
		},
		Postcondition: func(ctx context.Context, q ResultantRequest, r ResultantResult) error {
			a, err := q.Left.poly(ctx)
			if err != nil {
				return err
			}
			b, err := q.Right.poly(ctx)
			if err != nil {
				return err
			}
			return checkResultantMod(a, b, r.Resultant.Rat(), "resultant")
		},
		Examples: []core.Example{
			{Title: "common root gives zero", Payload: json.RawMessage(`{"left":{"expression":"x^2 - 1"},"right":{"expression":"x - 1"}}`), Result: json.RawMessage(`{"resultant":"0"}`)},
			// PARI/GP 2.15: polresultant(x^3 - 2*x + 1, 2*x^2 + 3) = 155
			{Title: "cubic and quadratic", Payload: json.RawMessage(`{"left":{"expression":"x^3 - 2*x + 1"},"right":{"expression":"2*x^2 + 3"}}`), Result: json.RawMessage(`{"resultant":"155"}`)},
			// PARI/GP 2.15: polresultant(1/2*x - 1, x^2 + 1/3) = 13/12
			{Title: "rational coefficients", Payload: json.RawMessage(`{"left":{"coefficients":["-1","1/2"]},"right":{"coefficients":["1/3","0","1"]}}`), Result: json.RawMessage(`{"resultant":"13/12"}`)},
			{Title: "a constant", Payload: json.RawMessage(`{"left":{"coefficients":["3"]},"right":{"expression":"x^4 + 1"}}`), Result: json.RawMessage(`{"resultant":"81"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ResultantRequest {
			return ResultantRequest{Left: polyInputOf("x", randomQ(rng, rng.IntN(10), 30)), Right: polyInputOf("x", randomQ(rng, rng.IntN(10), 30))}
		},
		Slow: func() string {
			return `{"left":{"expression":"(2^250 - 1)*x^200 + (3^150 + 1)*x^199 - (5^50 - 3)*(x^2 + 1)^99 + 7^80"},"right":{"expression":"(3^150 - 1)*x^199 - (2^140 + 5)*(x^3 - x + 1)^66 - 11^70"}}`
		},
	}
}

// DiscriminantRequest is one polynomial of degree at least 1.
type DiscriminantRequest struct {
	Polynomial PolyInput `json:"polynomial"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *DiscriminantRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"polynomial": &q.Polynomial})
}

// DiscriminantResult is disc(f).
type DiscriminantResult struct {
	Discriminant core.Rational `json:"discriminant"`
}

// discriminantOperation computes disc(f) = (−1)^(n(n−1)/2) res(f, f′)/lc(f)
// for f of degree n ≥ 1, which is lc(f)^(2n−2) ∏_{i<j} (α_i − α_j)²; it is
// zero exactly when f has a repeated root. A linear f has discriminant 1
// (PARI/GP's poldisc convention); a constant has none and is a domain
// error. Canonical form: a reduced rational. An input whose coefficients, cleared of their denominators, would
// pass the cleared_bits limit (many distinct denominators) is refused
// before any work (RESOURCE_REFUSED; see cleared.go). Algorithm: the
// resultant of polynomial.resultant.compute.
func discriminantOperation() core.Operation[DiscriminantRequest, DiscriminantResult] {
	return core.Operation[DiscriminantRequest, DiscriminantResult]{
		ID:         "polynomial.discriminant.compute",
		Title:      "Discriminant of a polynomial",
		Summary:    "Discriminant of a univariate polynomial with rational coefficients, zero exactly when it has a repeated root.",
		Keywords:   []string{"polynomial", "discriminant", "poldisc", "repeated root", "resultant", "derivative"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(ResultantMaxDegree, "polynomial"),
		Limits: append(resultantLimits.declare(withPolynomial), clearedLimit(ResultantMaxClearedBits, withPolynomial, 40),
			resultantCostLimit(
				func() string { return withPolynomial(monomialJSON(513, allOnes(256).String())) },
				// As res(f, f): (2·512)²·(2·512·256) = 2^38.
				func() string { return withPolynomial(monomialJSON(512, allOnes(256).String())) },
			)),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a constant", Payload: `{"polynomial":{"coefficients":["3"]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a constant expression", Payload: `{"polynomial":{"expression":"2^10 - 1"}}`, Code: core.DomainError, Path: "/payload/polynomial"},
			}
		},
		Preflight: func(ctx context.Context, q DiscriminantRequest) error {
			if err := resultantLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if err := checkCleared("polynomial", q.Polynomial, ResultantMaxClearedBits); err != nil {
				return err
			}
			if err := checkResultantCost(q.Polynomial, q.Polynomial); err != nil {
				return err
			}
			if q.Polynomial.expr == nil && len(q.Polynomial.coeffs) <= 1 {
				return constantDiscriminant()
			}
			return nil
		},
		Run: func(ctx context.Context, q DiscriminantRequest) (DiscriminantResult, error) {
			f, err := q.Polynomial.poly(ctx)
			if err != nil {
				return DiscriminantResult{}, err
			}
			if len(f) <= 1 {
				return DiscriminantResult{}, constantDiscriminant()
			}
			d, err := discriminantQ(ctx, f)
			if err != nil {
				return DiscriminantResult{}, err
			}
			return DiscriminantResult{core.Rat(d)}, nil
		},
		Postcondition: func(ctx context.Context, q DiscriminantRequest, r DiscriminantResult) error {
			f, err := q.Polynomial.poly(ctx)
			if err != nil {
				return err
			}
			// res(f, f′) = (−1)^(n(n−1)/2) lc(f)·disc(f)
			n := f.deg()
			want := new(big.Rat).Mul(r.Discriminant.Rat(), f.lc())
			if (n*(n-1)/2)%2 == 1 {
				want.Neg(want)
			}
			return checkResultantMod(f, qderiv(f), want, "discriminant")
		},
		Examples: []core.Example{
			{Title: "quadratic: b^2 - 4ac", Payload: json.RawMessage(`{"polynomial":{"expression":"2*x^2 + 3*x - 5"}}`), Result: json.RawMessage(`{"discriminant":"49"}`)},
			// PARI/GP 2.15: poldisc(x^3 - 2*x + 1) = 5
			{Title: "cubic", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2*x + 1"}}`), Result: json.RawMessage(`{"discriminant":"5"}`)},
			{Title: "repeated root", Payload: json.RawMessage(`{"polynomial":{"expression":"(x - 1)^2*(x + 3)"}}`), Result: json.RawMessage(`{"discriminant":"0"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) DiscriminantRequest {
			f := randomQ(rng, rng.IntN(10)+2, 30)
			if len(f) < 2 {
				f = qpoly{big.NewRat(1, 1), big.NewRat(2, 1), big.NewRat(3, 1)}
			}
			return DiscriminantRequest{Polynomial: polyInputOf("x", f)}
		},
		Slow: func() string {
			return `{"polynomial":{"expression":"(2^250 - 1)*x^200 + (3^150 + 1)*x^199 - (5^50 - 3)*(x^2 + 1)^99 + 7^80"}}`
		},
	}
}

// sylvesterMod is the Sylvester matrix of a (degree n) and b (degree m)
// over GF(p): m shifted rows of a, then n of b, leading coefficient first.
func sylvesterMod(a, b []uint64) modular.Matrix {
	n, m := len(a)-1, len(b)-1
	mat := make(modular.Matrix, n+m)
	for i := range mat {
		mat[i] = make([]uint64, n+m)
	}
	for i := 0; i < m; i++ {
		for k := 0; k <= n; k++ {
			mat[i][i+k] = a[n-k]
		}
	}
	for i := 0; i < n; i++ {
		for k := 0; k <= m; k++ {
			mat[m+i][i+k] = b[m-k]
		}
	}
	return mat
}

func constantDiscriminant() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "a constant polynomial has no discriminant; give a polynomial of degree at least 1")
}

// sylvesterCheckMax is the largest Sylvester matrix (deg a + deg b + 2)
// whose determinant the postcondition takes modulo a prime: O(n³) word
// operations. Beyond it the check runs Euclid's algorithm modulo the
// prime, O(n²): at degree 100 the determinant took 15 ms of a 26 ms
// operation (BenchmarkOperation/resultant/deg=100).
const sylvesterCheckMax = 62

// checkResultantMod compares a claimed res(a, b) with the resultant of the
// images modulo a prime that divides no leading coefficient or
// denominator: the Sylvester determinant over GF(p) by Gaussian
// elimination, independent of both resultant algorithms, or for larger
// degrees Euclid's algorithm over GF(p) (resultantMod) at a prime the
// modular algorithm never uses.
func checkResultantMod(a, b qpoly, claimed *big.Rat, what string) error {
	if len(a) == 0 || len(b) == 0 {
		if claimed.Sign() != 0 {
			return fmt.Errorf("%s of a zero polynomial must be 0", what)
		}
		return nil
	}
	ps := checkPrimes()
	for {
		p := ps.take()
		imgs, ok := modImages(p, []qpoly{a, b, {claimed}})
		if !ok || imgs[0][len(imgs[0])-1] == 0 || imgs[1][len(imgs[1])-1] == 0 {
			continue
		}
		var c uint64
		if len(imgs[2]) > 0 && claimed.Sign() != 0 {
			c = imgs[2][0]
		}
		var got uint64
		if len(a)+len(b) <= sylvesterCheckMax {
			got = modular.DeterminantInPlace(sylvesterMod(imgs[0], imgs[1]), p)
		} else {
			got = resultantMod(imgs[0], imgs[1], p)
		}
		if got != c {
			return fmt.Errorf("%s disagrees with the resultant modulo %d", what, p)
		}
		return nil
	}
}

// resultantCost is (n + m)²·(n·bits(b) + m·bits(a)) for degrees n, m
// (see ResultantMaxCost); the discriminant of f counts as res(f, f).
func resultantCost(a, b PolyInput) int64 {
	n, m := max(a.degree(), 0), max(b.degree(), 0)
	return (n + m) * (n + m) * (n*b.coefficientBits() + m*a.coefficientBits())
}

func checkResultantCost(a, b PolyInput) error {
	if c := resultantCost(a, b); c > ResultantMaxCost {
		return core.Refusef("the estimated cost (deg a + deg b)²·(deg a·bits b + deg b·bits a) is %d, beyond the limit of %d: use lower degrees or smaller coefficients", c, int64(ResultantMaxCost))
	}
	return nil
}

func resultantCostLimit(beyond, at func() string) core.Limit {
	return core.Limit{Name: "estimated_cost", Max: ResultantMaxCost, Unit: "degree²·bits",
		Description: "(deg a + deg b)²·(deg a·bits of b + deg b·bits of a), proportional to the word operations of the modular algorithm (for a discriminant, a = b = f), is at most this",
		Beyond:      beyond, At: at}
}
