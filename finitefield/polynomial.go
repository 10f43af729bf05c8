package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// PolynomialRequest is a univariate polynomial over a finite field.
type PolynomialRequest struct {
	Field      Field           `json:"field"`
	Polynomial FieldPolynomial `json:"polynomial"`
}

// Limits of the polynomial operations.
const (
	// MaxPolyDegree bounds the degree of the polynomial; the irreducibility
	// check, whose work grows as n³, stops lower (see polyDegreeLimit).
	MaxPolyDegree = 2000
	// MaxPolyWork bounds the estimated work (see polyWork): one to a few
	// seconds on one core.
	MaxPolyWork = 1 << 27
)

// polyWork estimates the cost, in machine-word coefficient products, of
// the algorithms below on a polynomial of degree n over GF(p^k). The
// Frobenius matrix (or x^q mod f) costs n²·log2 q field products; the
// distinct-degree walk of the irreducibility check adds n³, and
// equal-degree splitting of up to n roots a factor 1 + log2 n. A field
// product is k² coefficient products, each 8·w² word products on math/big
// for w-word p (measured against the machine-word paths, which are used for
// prime fields with p < 2^64 and extension fields with p < 2^32).
func polyWork(n, k, pBits, qBits int, withDDF bool) float64 {
	fn := float64(n)
	w := fn * fn * float64(qBits)
	if withDDF {
		w += fn * fn * fn
	} else {
		w *= 1 + math.Log2(max(fn, 1))
	}
	w *= float64(k) * float64(k)
	if (k == 1 && pBits > gfpolyLimit) || (k > 1 && pBits > extWordLimit) {
		words := float64((pBits + 63) / 64)
		w *= 8 * words * words
	}
	return w
}

// polyDegreeLimit is the declared degree limit: MaxPolyDegree, or less
// when even over the cheapest field, GF(2), a higher degree is past the
// work limit (511 for the irreducibility check), so that the degree limit
// is exact: a polynomial of exactly that degree over GF(2) is admitted.
func polyDegreeLimit(withDDF bool) int {
	n := MaxPolyDegree
	for n > 1 && polyWork(n, 1, 2, 2, withDDF) > MaxPolyWork {
		n--
	}
	return n
}

// polyBounds writes the field limits and the degree limit into the
// request schema.
func polyBounds(withDDF bool) core.Bounds {
	return withBounds(fieldBounds("/field"), core.Bounds{"/polynomial/coefficients": int64(polyDegreeLimit(withDDF)) + 1})
}

// onesPolynomial is the request form of 1 + x + … + x^n over a field of
// degree k.
func onesPolynomial(n, k int) string {
	return `{"coefficients":[` + oneIn(k) + repeat(`,`+oneIn(k), n) + `]}`
}

func polyLimits(withDDF bool) []core.Limit {
	ls := fieldLimits(func(f string, k int) string { return `{"field":` + f + `,"polynomial":` + onesPolynomial(1, k) + `}` })
	// The least degree over GF(2^61 − 1) whose estimated work is past the
	// limit.
	n := 1
	for polyWork(n, 1, 61, 61, withDDF) <= MaxPolyWork {
		n++
	}
	limit := polyDegreeLimit(withDDF)
	gf2 := `{"field":{"characteristic":"2","degree":1},"polynomial":`
	mersenne := `{"field":{"characteristic":"2305843009213693951","degree":1},"polynomial":`
	return append(ls,
		core.Limit{
			Name: "polynomial_degree", Max: int64(limit), Unit: "degree",
			Description: "the polynomial has degree at most this",
			Beyond:      func() string { return gf2 + onesPolynomial(limit+1, 1) + `}` },
			At:          func() string { return gf2 + onesPolynomial(limit, 1) + `}` },
		},
		core.Limit{
			Name: "work", Max: MaxPolyWork, Unit: "word products",
			Description: "estimated work for degree n over GF(p^k): n²·log2 q (times 1 + log2 n for roots, plus n³ for irreducibility) field products, each k² coefficient products costing 1 on machine words (p < 2^64 for k = 1, p < 2^32 for k > 1) and 8·w² for w-word p otherwise",
			Beyond:      func() string { return mersenne + onesPolynomial(n, 1) + `}` },
			At:          func() string { return mersenne + onesPolynomial(n-1, 1) + `}` },
		})
}

// parsePolyRequest checks the request's shape and limits.
func parsePolyRequest(q PolynomialRequest, withDDF bool) (*gf, poly, error) {
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, err
	}
	n := len(q.Polynomial.Coefficients) - 1
	if limit := polyDegreeLimit(withDDF); n > limit {
		return nil, nil, core.Refusef("the polynomial has degree %d; at most %d is allowed", n, limit)
	}
	if w := polyWork(n, F.k, F.p.BitLen(), F.q.BitLen(), withDDF); w > MaxPolyWork {
		return nil, nil, core.Refusef("estimated work %.3g word products exceeds %d; lower the degree or the field size", w, MaxPolyWork)
	}
	f, err := F.parsePoly(q.Polynomial, "/payload/polynomial")
	if err != nil {
		return nil, nil, err
	}
	return F, f, nil
}

// IrreducibilityResult is the verdict on irreducibility over GF(q).
// Accepted: Proof is "rabin" (Rabin's test passed, which proves
// irreducibility). Rejected: Factor is the least monic irreducible factor
// (least degree, then least coefficients from the leading one down by
// integer encoding) and Cofactor the quotient, so Factor·Cofactor equals
// the polynomial exactly; both are core.Polynomial values, written out
// with GF(p^k) coefficients as polynomials in the generator t of the
// modulus (named by the modulus's variable when it differs from the
// polynomial's), e.g. "(t + 1)*x^2 + t".
//
// The verdict is bound to its request (core.Bindings): the request itself
// when small, its SHA-256 digest otherwise.
type IrreducibilityResult struct {
	core.CheckResult
	core.Bindings[PolynomialRequest]
	Proof                   string                    `json:"proof,omitempty"`
	Factor                  *core.Polynomial[Element] `json:"factor,omitempty"`
	Cofactor                *core.Polynomial[Element] `json:"cofactor,omitempty"`
	CharacteristicPrimality Primality                 `json:"characteristic_primality"`
}

// irreducibilityOperation decides whether a polynomial of degree ≥ 1 over
// GF(q) is irreducible: Rabin's test (Rabin 1980) as the proof of
// acceptance; for rejection the distinct-degree walk finds the smallest
// degree i with gcd(x^(q^i) − x, f) ≠ 1 and Cantor–Zassenhaus splits that
// gcd into irreducibles of degree i (see factor.go). Degree 1 is always
// irreducible. Constants and the zero polynomial are domain errors.
func irreducibilityOperation() core.Operation[PolynomialRequest, IrreducibilityResult] {
	return core.Operation[PolynomialRequest, IrreducibilityResult]{
		ID:         "finite_field.polynomial.irreducibility.check",
		Title:      "Irreducibility of a polynomial over a finite field",
		Summary:    "Checks whether a univariate polynomial over GF(p) or GF(p^k) is irreducible, proving it with Rabin's test or exhibiting an irreducible factor.",
		Keywords:   []string{"irreducible", "irreducibility", "polisirreducible", "rabin test", "factor", "finite field", "cantor zassenhaus", "distinct degree factorization"},
		Kind:       core.Check,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "polynomial"},
		Limits:     polyLimits(true),
		Bounds:     polyBounds(true),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a constant", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["3"]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"1001","degree":1},"polynomial":{"coefficients":["1","1"]}}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
				{Title: "a trailing zero coefficient", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["1","1","0"]}}`, Code: core.InvalidPayload, Path: "/payload/polynomial/coefficients"},
				{Title: "an empty variable", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"variable":"","coefficients":["1","1"]}}`, Code: core.InvalidPayload, Path: "/payload/polynomial/variable"},
			}
		},
		Preflight: func(ctx context.Context, q PolynomialRequest) error {
			_, f, err := parsePolyRequest(q, true)
			if err == nil && deg(f) < 1 {
				err = core.DomainErrorAt("/payload/polynomial", "irreducibility is defined for polynomials of degree at least 1; this one is constant")
			}
			return err
		},
		Run: func(ctx context.Context, q PolynomialRequest) (IrreducibilityResult, error) {
			r, err := decideIrreducibility(ctx, q)
			r.Bindings = core.Bind(q)
			return r, err
		},
		Postcondition: checkIrreducibility,
		Slow: func() string {
			return slowIrreducible()
		},
		Examples: []core.Example{
			// PARI/GP 2.15: polisirreducible(Mod(1,2)*(x^4+x+1)) = 1.
			{Title: "x^4 + x + 1 is irreducible over GF(2)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":1},"polynomial":{"coefficients":["1","1","0","0","1"]}}`), Result: json.RawMessage(`{"verdict":"accepted","subject":{"field":{"characteristic":"2","degree":1},"polynomial":{"coefficients":["1","1","0","0","1"]}},"proof":"rabin","characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: factormod(x^4+1, 7) = [x^2+3*x+1, 1; x^2+4*x+1, 1].
			{Title: "x^4 + 1 over GF(7) has no roots but splits into quadratics", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["1","0","0","0","1"]}}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["1","0","0","0","1"]}},"factor":{"variable":"x","coefficients":["1","3","1"],"expression":"x^2 + 3*x + 1"},"cofactor":{"variable":"x","coefficients":["1","4","1"],"expression":"x^2 + 4*x + 1"},"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: x^2 - t over GF(4) = GF(2)[t]/(t^2+t+1): t = (t+1)^2, so x^2 + t = (x + t + 1)^2.
			{Title: "x^2 + t is a square over GF(4)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["0","1"],[],["1"]]}}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["0","1"],[],["1"]]}},"factor":{"variable":"x","coefficients":[["1","1"],["1"]],"expression":"x + t + 1"},"cofactor":{"variable":"x","coefficients":[["1","1"],["1"]],"expression":"x + t + 1"},"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) PolynomialRequest {
			F := randomField(ctx, rng, 32, 2)
			return PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(randomPoly(rng, F, 1+rng.IntN(12)), "")}
		},
	}
}

// decideIrreducibility runs the irreducibility check (see
// irreducibilityOperation) and gathers the evidence.
func decideIrreducibility(ctx context.Context, q PolynomialRequest) (IrreducibilityResult, error) {
	F, f, err := parsePolyRequest(q, true)
	if err != nil {
		return IrreducibilityResult{}, err
	}
	if deg(f) < 1 {
		return IrreducibilityResult{}, core.DomainErrorAt("/payload/polynomial", "irreducibility is defined for polynomials of degree at least 1; this one is constant")
	}
	pr, err := F.certify(ctx)
	if err != nil {
		return IrreducibilityResult{}, err
	}
	accepted := IrreducibilityResult{CheckResult: core.CheckResult{Verdict: core.Accepted}, Proof: "rabin", CharacteristicPrimality: Primality(pr)}
	if deg(f) == 1 {
		return accepted, nil
	}
	// Over GF(p), p < 2^64, Rabin's test runs on the word factoring core
	// (composed Frobenius powers, wordFactorer.irreducible); the
	// Frobenius matrix is built only to find the least factor of a
	// reducible f.
	var fr *frobeniusMap
	var ok bool
	if F.onWords() {
		ok, err = newWordFactorer(F.p.Uint64()).irreducible(ctx, F.toWords(F.pmonic(f)))
	} else if fr, err = F.newFrobeniusMap(ctx, F.pmonic(f)); err == nil {
		ok, err = F.rabinWith(ctx, fr)
	}
	if err != nil {
		return IrreducibilityResult{}, err
	}
	if ok {
		return accepted, nil
	}
	if fr == nil {
		if fr, err = F.newFrobeniusMap(ctx, F.pmonic(f)); err != nil {
			return IrreducibilityResult{}, err
		}
	}
	g, err := F.leastFactorWith(ctx, fr, seededRand(F.fingerprint(f)))
	if err != nil {
		return IrreducibilityResult{}, err
	}
	if g == nil {
		return IrreducibilityResult{}, errors.New("the polynomial failed Rabin's test but no factor of degree ≤ n/2 was found")
	}
	quo, _ := F.pdivmod(f, g)
	v := string(q.Polynomial.Variable)
	gen := generatorName(q.Field, v)
	gp, qp := F.toRendered(g, v, gen), F.toRendered(quo, v, gen)
	return IrreducibilityResult{CheckResult: core.CheckResult{Verdict: core.Rejected}, Factor: &gp, Cofactor: &qp, CharacteristicPrimality: Primality(pr)}, nil
}

// randomPoly is a random polynomial of degree exactly n over F; half the
// time it is a product of two random factors, so reducible cases and
// repeated roots are common.
func randomPoly(rng *rand.Rand, F *gf, n int) poly {
	draw := func(n int) poly {
		f := make(poly, n+1)
		for i := range f {
			f[i] = F.random(rng)
		}
		for isZero(f[n]) {
			f[n] = F.random(rng)
		}
		return f
	}
	if n >= 2 && rng.IntN(2) == 0 {
		m := 1 + rng.IntN(n-1)
		return F.pmul(draw(m), draw(n-m))
	}
	return draw(n)
}

// checkIrreducibility checks that the verdict names its request, a
// rejection by multiplying the witness back, and an acceptance by two
// necessary conditions computed apart from Rabin's test: f is squarefree (gcd(f, f') = 1) and, for degree ≥ 2, has no root
// (gcd(f, x^q − x) = 1 with x^q from plain exponentiation).
func checkIrreducibility(ctx context.Context, q PolynomialRequest, r IrreducibilityResult) error {
	F, f, err := parsePolyRequest(q, true)
	if err != nil {
		return err
	}
	if mustJSON(r.Bindings) != mustJSON(core.Bind(q)) {
		return errors.New("the verdict is not bound to its request")
	}
	switch r.Verdict {
	case core.Accepted:
		if r.Factor != nil || r.Cofactor != nil || r.Proof != "rabin" {
			return errors.New("an acceptance must name the proof and carry no factor")
		}
		fm := F.pmonic(f)
		if deg(F.pgcd(fm, F.pderiv(fm))) != 0 {
			return errors.New("accepted, but f is not squarefree")
		}
		if deg(fm) >= 2 {
			xq, err := F.ppowmod(ctx, F.xPoly(), F.q, fm)
			if err != nil {
				return err
			}
			if deg(F.pgcd(F.psub(xq, F.xPoly()), fm)) != 0 {
				return errors.New("accepted, but f has a root")
			}
		}
		return nil
	case core.Rejected:
		if r.Factor == nil || r.Cofactor == nil {
			return errors.New("a rejection must carry a factor and its cofactor")
		}
		g, err := F.parsePoly(FieldPolynomial{Coefficients: r.Factor.Coefficients}, "/value/factor")
		if err != nil {
			return err
		}
		c, err := F.parsePoly(FieldPolynomial{Coefficients: r.Cofactor.Coefficients}, "/value/cofactor")
		if err != nil {
			return err
		}
		v := string(q.Polynomial.Variable)
		if v == "" {
			v = "x"
		}
		render := elementRenderer(generatorName(q.Field, v))
		for _, p := range []*core.Polynomial[Element]{r.Factor, r.Cofactor} {
			if p.Variable != v {
				return fmt.Errorf("a result polynomial is in %q, the request's in %q", p.Variable, v)
			}
			if err := p.Check(render); err != nil {
				return err
			}
		}
		if deg(g) < 1 || deg(g) >= deg(f) || !isOne(g[len(g)-1]) {
			return fmt.Errorf("the factor has degree %d or is not monic: not a proper factor of a degree-%d polynomial", deg(g), deg(f))
		}
		if !polyEqual(F.pmul(g, c), f) {
			return errors.New("factor · cofactor ≠ f")
		}
		return nil
	}
	return fmt.Errorf("unexpected verdict %q", r.Verdict)
}

// Root is a root with its multiplicity.
type Root struct {
	Value        Element `json:"value"`
	Multiplicity int     `json:"multiplicity"`
}

// RootsResult lists the distinct roots in GF(q), ascending by integer
// encoding, each with its multiplicity.
type RootsResult struct {
	Roots                   []Root    `json:"roots"`
	DistinctRoots           int       `json:"distinct_roots"`
	CharacteristicPrimality Primality `json:"characteristic_primality"`
}

// rootsOperation finds all roots in GF(q) of a nonzero polynomial:
// g = gcd(f, x^q − x) is the product of (x − r) over the distinct roots r
// (x^q mod f by binary exponentiation), Cantor–Zassenhaus equal-degree
// splitting with d = 1 breaks g into linear factors (seeded by the input,
// so runs are deterministic), and synthetic division counts each root's
// multiplicity (von zur Gathen and Gerhard, Modern Computer Algebra, §14.5).
// Canonical form: roots ascending by integer encoding Σ c_i p^i. A nonzero
// constant has no roots; the zero polynomial is a domain error (every
// element is a root).
func rootsOperation() core.Operation[PolynomialRequest, RootsResult] {
	return core.Operation[PolynomialRequest, RootsResult]{
		ID:         "finite_field.polynomial.roots.compute",
		Title:      "Roots of a polynomial over a finite field",
		Summary:    "All roots in GF(p) or GF(p^k) of a univariate polynomial over that field, with multiplicities, in ascending order.",
		Keywords:   []string{"roots", "zeros", "roots modulo a prime", "mod p", "polrootsmod", "solve", "polynomial equation", "finite field", "cantor zassenhaus", "multiplicity"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "polynomial"},
		Limits:     polyLimits(false),
		Bounds:     polyBounds(false),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a coefficient outside [0, p)", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["1","9"]}}`, Code: core.InvalidPayload, Path: "/payload/polynomial/coefficients/1"},
				{Title: "a variable with a NUL", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"variable":"\u0000","coefficients":["1","1"]}}`, Code: core.InvalidPayload, Path: "/payload/polynomial/variable"},
			}
		},
		Preflight: func(ctx context.Context, q PolynomialRequest) error {
			_, f, err := parsePolyRequest(q, false)
			if err == nil && len(f) == 0 {
				err = core.DomainErrorAt("/payload/polynomial", "every element is a root of the zero polynomial; give a nonzero polynomial")
			}
			return err
		},
		Run: func(ctx context.Context, q PolynomialRequest) (RootsResult, error) {
			F, f, err := parsePolyRequest(q, false)
			if err != nil {
				return RootsResult{}, err
			}
			if len(f) == 0 {
				return RootsResult{}, core.DomainErrorAt("/payload/polynomial", "every element is a root of the zero polynomial; give a nonzero polynomial")
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return RootsResult{}, err
			}
			rs, err := F.rootsOf(ctx, f, seededRand(F.fingerprint(f)))
			if err != nil {
				return RootsResult{}, err
			}
			out := RootsResult{Roots: make([]Root, len(rs)), DistinctRoots: len(rs), CharacteristicPrimality: Primality(pr)}
			for i, r := range rs {
				out.Roots[i] = Root{Value: F.toElement(r), Multiplicity: F.multiplicity(f, r)}
			}
			return out, nil
		},
		Postcondition: checkRoots,
		Examples: []core.Example{
			// PARI/GP 2.15: factormod(x^3 - x^2 - x + 1, 5) = [x+1, 1; x+4, 2]: roots 1 (double) and 4.
			{Title: "x^3 − x^2 − x + 1 = (x − 1)^2 (x + 1) over GF(5)", Payload: json.RawMessage(`{"field":{"characteristic":"5","degree":1},"polynomial":{"coefficients":["1","4","4","1"]}}`), Result: json.RawMessage(`{"roots":[{"value":"1","multiplicity":2},{"value":"4","multiplicity":1}],"distinct_roots":2,"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: polrootsmod(x^2+x+1, [2, t^2+t+1]) = [t, t+1].
			{Title: "x^2 + x + 1 splits over GF(4) = GF(2)[t]/(t^2 + t + 1)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["1"],["1"],["1"]]}}`), Result: json.RawMessage(`{"roots":[{"value":["0","1"],"multiplicity":1},{"value":["1","1"],"multiplicity":1}],"distinct_roots":2,"characteristic_primality":"proven"}`)},
			{Title: "x^2 + 1 has no roots in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["1","0","1"]}}`), Result: json.RawMessage(`{"roots":[],"distinct_roots":0,"characteristic_primality":"proven"}`)},
		},
		Slow: func() string {
			return slowRoots()
		},
		Generate: func(ctx context.Context, rng *rand.Rand) PolynomialRequest {
			F := randomField(ctx, rng, 64, 3)
			n := 1 + rng.IntN(10)
			f := poly{F.one()}
			for range n {
				if rng.IntN(3) == 0 {
					f = F.pmul(f, randomPoly(rng, F, 2))
				} else {
					f = F.pmul(f, poly{F.neg(F.random(rng)), F.one()})
				}
			}
			lead := F.random(rng)
			if isZero(lead) {
				lead = F.one()
			}
			return PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(F.pscale(lead, f), "")}
		},
	}
}

// checkRoots verifies: the roots are distinct, ascending and vanish; the
// product P of (x − r)^m divides f while gcd(f/P, ∏(x − r)) = 1, so every
// multiplicity is exact; and the count equals deg gcd(f, x^q − x).
func checkRoots(ctx context.Context, q PolynomialRequest, r RootsResult) error {
	F, f, err := parsePolyRequest(q, false)
	if err != nil {
		return err
	}
	if r.DistinctRoots != len(r.Roots) {
		return errors.New("distinct_roots disagrees with the list")
	}
	P, rad := poly{F.one()}, poly{F.one()}
	var prev *big.Int
	for i, root := range r.Roots {
		x, err := F.parseElement(root.Value, fmt.Sprintf("/value/roots/%d/value", i))
		if err != nil {
			return err
		}
		enc := F.encode(x)
		if prev != nil && prev.Cmp(enc) >= 0 {
			return errors.New("roots are not strictly ascending")
		}
		prev = enc
		if !isZero(F.peval(f, x)) {
			return fmt.Errorf("f does not vanish at root %d", i)
		}
		if root.Multiplicity < 1 {
			return errors.New("multiplicity below 1")
		}
		lin := poly{F.neg(x), F.one()}
		rad = F.pmul(rad, lin)
		for range root.Multiplicity {
			P = F.pmul(P, lin)
		}
	}
	quo, rem := F.pdivmod(f, P)
	if len(rem) != 0 {
		return errors.New("the product of (x − r)^m does not divide f")
	}
	if deg(F.pgcd(quo, rad)) > 0 {
		return errors.New("a multiplicity is too small")
	}
	if deg(f) >= 1 {
		fm := F.pmonic(f)
		xq, err := F.ppowmod(ctx, F.xPoly(), F.q, fm)
		if err != nil {
			return err
		}
		if d := deg(F.pgcd(F.psub(xq, F.xPoly()), fm)); d != len(r.Roots) {
			return fmt.Errorf("deg gcd(f, x^q − x) = %d but %d roots were listed", d, len(r.Roots))
		}
	}
	return nil
}
