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
	"jacobian.dev/core/gfpoly"
	czpoly "jacobian.dev/core/zpoly"
)

// Limits of polynomial.factorization.compute and
// polynomial.irreducibility.check. The cost is dominated by the Hensel
// lifting to about deg + bits bits and, with many factors modulo p, by
// the lattice reduction of dimension up to deg/2: on the two-core
// development machine the Swinnerton-Dyer polynomial of degree 128
// (64 factors modulo every prime) takes 1.4 to 2.5 s in BenchmarkFactor
// and the one of degree 256 about three minutes, beyond the default time
// limit (a TIMEOUT non-conclusion); a
// product of six random factors of degree 10 with 16-bit coefficients
// takes 20 to 30 ms.
const (
	FactorMaxDegree      = 256
	FactorMaxBits        = 1024
	FactorMaxClearedBits = 2 * FactorMaxBits
)

var factorLimits = sizeLimits{maxDegree: FactorMaxDegree, maxBits: FactorMaxBits}

// FactorizationRequest is one nonzero polynomial over Q.
type FactorizationRequest struct {
	Polynomial PolyInput `json:"polynomial"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *FactorizationRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"polynomial": &q.Polynomial})
}

// IrreducibleFactor is one irreducible factor with its multiplicity.
type IrreducibleFactor struct {
	Factor       core.Polynomial[core.Rational] `json:"factor"`
	Multiplicity int                            `json:"multiplicity"`
}

// FactorizationResult is f = content · ∏ factor^multiplicity.
type FactorizationResult struct {
	Content core.Rational       `json:"content"`
	Factors []IrreducibleFactor `json:"factors"`
}

// factorizationOperation factors a polynomial over Q (equivalently over
// Z) into irreducible factors.
//
// Canonical form: f = content·∏ g_i^(e_i) with content the rational unit
// and content of f (its sign that of lc f), every g_i primitive in Z[x],
// irreducible over Q, with positive leading coefficient, the g_i
// distinct and sorted by degree, then by coefficients compared from the
// leading one down (as integers); e_i ≥ 1. A constant f has no factors
// and content = f; the zero polynomial is a domain error.
//
// Algorithm: Yun's square-free decomposition, then for each square-free
// part the factorization modulo a small prime chosen among three to ten
// by the fewest factors (distinct-degree and Cantor–Zassenhaus),
// multifactor Hensel lifting, and recombination by Zassenhaus's subset
// search (to the end for at most eight modular factors, over the small
// subsets beyond) and van Hoeij's knapsack lattice (LLL) for the factors
// left, each stage lifted only as far as it needs; see factor_zx.go. The
// postcondition multiplies the factors back exactly and checks the
// canonical form, and irreducibility where it is cheap: degree 1, or
// irreducible modulo one of a few small primes.
func factorizationOperation() core.Operation[FactorizationRequest, FactorizationResult] {
	return core.Operation[FactorizationRequest, FactorizationResult]{
		ID:         "polynomial.factorization.compute",
		Title:      "Factorization over Q",
		Summary:    "Factors a univariate polynomial over Z or Q into irreducible primitive integer factors with multiplicities: factoring modulo a prime, Hensel lifting, and Zassenhaus or van Hoeij (LLL) recombination.",
		Keywords:   []string{"polynomial", "factor", "factorization", "factorisation", "irreducible factors", "factor over Z", "factor over Q", "Hensel", "Zassenhaus", "van Hoeij", "LLL", "Swinnerton-Dyer"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(FactorMaxDegree, "polynomial"),
		Limits:     append(factorLimits.declare(withPolynomial), clearedLimit(FactorMaxClearedBits, withPolynomial, FactorMaxDegree)),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a zero expression", Payload: `{"polynomial":{"expression":"(x - 1)*(x + 1) - x^2 + 1"}}`, Code: core.DomainError, Path: "/payload/polynomial"},
			}
		},
		Preflight: func(ctx context.Context, q FactorizationRequest) error {
			return preflightFactor(q.Polynomial)
		},
		Run:           runFactorization,
		Postcondition: checkFactorization,
		Examples: []core.Example{
			// PARI/GP 2.15.2: factor(2*x^5 - 2*x) = [x, 1; x - 1, 1; x + 1, 1; x^2 + 1, 1] (content 2)
			{Title: "linear and quadratic factors", Payload: json.RawMessage(`{"polynomial":{"expression":"2*x^5 - 2*x"}}`),
				Result: json.RawMessage(`{"content":"2","factors":[` + factorJSON("-1,1", "x - 1", 1) + `,` + factorJSON("0,1", "x", 1) + `,` + factorJSON("1,1", "x + 1", 1) + `,` + factorJSON("1,0,1", "x^2 + 1", 1) + `]}`)},
			// PARI/GP 2.15.2: factor(x^4 + 1) = [x^4 + 1, 1]
			{Title: "irreducible, though reducible modulo every prime", Payload: json.RawMessage(`{"polynomial":{"expression":"x^4 + 1"}}`),
				Result: json.RawMessage(`{"content":"1","factors":[` + factorJSON("1,0,0,0,1", "x^4 + 1", 1) + `]}`)},
			// PARI/GP 2.15.2: factor(-3/4*(x^2 - 2)^2*(2*x + 1)^3)
			{Title: "rational content and repeated factors", Payload: json.RawMessage(`{"polynomial":{"expression":"-3/4*(x^2 - 2)^2*(2*x + 1)^3"}}`),
				Result: json.RawMessage(`{"content":"-3/4","factors":[` + factorJSON("1,2", "2*x + 1", 3) + `,` + factorJSON("-2,0,1", "x^2 - 2", 2) + `]}`)},
			{Title: "a constant", Payload: json.RawMessage(`{"polynomial":{"coefficients":["-5/3"]}}`),
				Result: json.RawMessage(`{"content":"-5/3","factors":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) FactorizationRequest {
			return FactorizationRequest{Polynomial: polyInputOf("x", randomFactorable(ctx, rng))}
		},
		Slow: func() string {
			return `{"polynomial":` + polyJSON(swinnertonDyer(8)) + `}`
		},
	}
}

// factorJSON is one IrreducibleFactor in x, for the examples.
func factorJSON(coeffs, expr string, m int) string {
	cs := ""
	for i, c := range splitComma(coeffs) {
		if i > 0 {
			cs += ","
		}
		cs += `"` + c + `"`
	}
	return fmt.Sprintf(`{"factor":{"variable":"x","coefficients":[%s],"expression":"%s"},"multiplicity":%d}`, cs, expr, m)
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

// polyJSON is a in coefficient form.
func polyJSON(a zpoly) string {
	b, _ := json.Marshal(polyInputOf("x", toQ(a)))
	return string(b)
}

func preflightFactor(p PolyInput) error {
	if err := factorLimits.check("polynomial", p); err != nil {
		return err
	}
	if err := checkCleared("polynomial", p, FactorMaxClearedBits); err != nil {
		return err
	}
	if p.expr == nil && len(p.coeffs) == 0 {
		return zeroFactor()
	}
	return nil
}

func zeroFactor() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "the zero polynomial has no factorization into irreducibles; give a nonzero polynomial")
}

// factorPower is an irreducible factor with its multiplicity.
type factorPower struct {
	factor       zpoly
	multiplicity int
}

// factorQ factors the nonzero f over Q as c·∏ g_i^(e_i) in the canonical
// form of factorizationOperation.
func factorQ(ctx context.Context, f qpoly) (*big.Rat, []factorPower, error) {
	c, parts, err := squareFree(ctx, f)
	if err != nil {
		return nil, nil, err
	}
	var out []factorPower
	for i, part := range parts {
		gs, err := factorSquareFree(ctx, part.factor)
		if err != nil {
			return nil, nil, err
		}
		for _, g := range gs {
			out = append(out, factorPower{g, part.multiplicity})
		}
		core.ReportProgress(ctx, float64(i+1), float64(len(parts)), "square-free parts factored")
	}
	slices.SortFunc(out, func(a, b factorPower) int { return compareFactors(a.factor, b.factor) })
	return c, out, nil
}

func runFactorization(ctx context.Context, q FactorizationRequest) (FactorizationResult, error) {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return FactorizationResult{}, err
	}
	if len(f) == 0 {
		return FactorizationResult{}, zeroFactor()
	}
	c, fs, err := factorQ(ctx, f)
	if err != nil {
		return FactorizationResult{}, err
	}
	out := FactorizationResult{Content: core.Rat(c), Factors: []IrreducibleFactor{}}
	for _, x := range fs {
		out.Factors = append(out.Factors, IrreducibleFactor{polyOfZ(q.Polynomial.variable, x.factor), x.multiplicity})
	}
	return out, nil
}

// checkFactorization multiplies the factors back exactly and checks the
// canonical form, and each factor's irreducibility where cheap
// (certifiedIrreducible).
func checkFactorization(ctx context.Context, q FactorizationRequest, r FactorizationResult) error {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	var powers []zpoly
	var prev zpoly
	for i, x := range r.Factors {
		if err := wellFormed(x.Factor); err != nil {
			return err
		}
		a := qOf(x.Factor)
		if a.deg() < 1 || !a.isIntegral() || a.lc().Sign() <= 0 {
			return fmt.Errorf("factor %d is not a non-constant integer polynomial with positive leading coefficient", i)
		}
		g := zpolyOf(a)
		if c, err := content(ctx, g); err != nil || c.Cmp(big.NewInt(1)) != 0 {
			return fmt.Errorf("factor %d is not primitive", i)
		}
		if i > 0 && compareFactors(prev, g) >= 0 {
			return errors.New("the factors are not distinct and in canonical order")
		}
		if x.Multiplicity < 1 {
			return fmt.Errorf("factor %d has multiplicity %d", i, x.Multiplicity)
		}
		if _, err := certifiedIrreducible(ctx, g); err != nil {
			return fmt.Errorf("factor %d: %w", i, err)
		}
		for range x.Multiplicity {
			powers = append(powers, g)
		}
		prev = g
	}
	prod, err := productZ(ctx, powers)
	if err != nil {
		return err
	}
	if !qscale(toQ(prod), r.Content.Rat()).equal(f) {
		return errors.New("content times the product of the factors does not reconstruct the polynomial")
	}
	return nil
}

// productZ is the product of the polynomials by a balanced tree.
func productZ(ctx context.Context, gs []zpoly) (zpoly, error) {
	switch len(gs) {
	case 0:
		return zpoly{big.NewInt(1)}, nil
	case 1:
		return gs[0], nil
	}
	l, err := productZ(ctx, gs[:len(gs)/2])
	if err != nil {
		return nil, err
	}
	r, err := productZ(ctx, gs[len(gs)/2:])
	if err != nil {
		return nil, err
	}
	return czpoly.MulContext(ctx, l, r)
}

// certifyPrimes is how many good small primes certifiedIrreducible
// tries, and maxBadPrimes how many bad ones (dividing the leading
// coefficient or the discriminant) it passes over before giving up.
const (
	certifyPrimes = 4
	maxBadPrimes  = 32
)

// certifiedIrreducible reports whether the primitive g is proved
// irreducible cheaply, independently of the recombination: degree 1, or
// degree 2 or 3 with no rational root, or irreducible modulo one of the
// first few primes not dividing lc(g) with g mod p square-free. It
// returns an error for a factor shown reducible (a rational root of a
// quadratic or cubic); false when nothing cheap decides.
func certifiedIrreducible(ctx context.Context, g zpoly) (bool, error) {
	if g.deg() == 1 {
		return true, nil
	}
	if g.deg() <= 3 {
		rs, err := rationalRootsSquareFree(ctx, g)
		if err != nil {
			return false, err
		}
		if len(rs) > 0 {
			return false, fmt.Errorf("the factor has the rational root %s", rs[0].RatString())
		}
		return true, nil
	}
	_, err := irreducibleModPrime(ctx, g)
	return err == nil, nil
}

// errNoPrimeCertificate reports that no small prime proves irreducibility.
var errNoPrimeCertificate = errors.New("irreducible modulo none of the primes tried")

// irreducibleModPrime returns a small prime modulo which the primitive g
// (degree ≥ 2) is irreducible, among the first certifyPrimes good ones.
func irreducibleModPrime(ctx context.Context, g zpoly) (uint64, error) {
	tried, bad := 0, 0
	for p := range smallPrimes {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		F := gfpoly.NewField(p)
		gp := monicMod(F, g)
		if gp == nil || gfpoly.Degree(F.GCD(gp, F.Derivative(gp))) > 0 {
			// A g with a repeated factor is square-free modulo no prime.
			if bad++; bad == maxBadPrimes {
				break
			}
			continue
		}
		parts, err := distinctDegree(ctx, F, gp)
		if err != nil {
			return 0, err
		}
		if countFactors(parts) == 1 {
			return p, nil
		}
		if tried++; tried == certifyPrimes {
			break
		}
	}
	return 0, errNoPrimeCertificate
}

// randomFactorable is a product of a few small random factors, some
// repeated, times a random rational.
func randomFactorable(ctx context.Context, rng *rand.Rand) qpoly {
	f := qpoly{big.NewRat(rng.Int64N(19)-9|1, rng.Int64N(5)+1)}
	for i := rng.IntN(5); i >= 0; i-- {
		base := toQ(randomZ(rng, rng.IntN(5)+1, 8))
		p, _ := qpow(ctx, base, int64(rng.IntN(2)+1))
		f, _ = qmul(ctx, f, p)
	}
	return f
}

// swinnertonDyer is the Swinnerton-Dyer polynomial of the first k primes,
// ∏ (x − Σ ±√p_i) over all sign choices: irreducible of degree 2^k, with
// factors of degree at most 2 modulo every prime.
func swinnertonDyer(k int) zpoly {
	s := zpoly{big.NewInt(0), big.NewInt(1)} // x
	ps := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}
	for _, p := range ps[:k] {
		// s(x + y)·s(x − y) with y² = p: write s(x + y) = A + y·B, then
		// the product is A² − p·B².
		n := len(s)
		A, B := zzeros(n), zzeros(n)
		powA, powB := zpoly{big.NewInt(1)}, zpoly{} // (x + y)^i = powA + y·powB
		for i := range n {
			for j, c := range powA {
				A[j].Add(A[j], new(big.Int).Mul(s[i], c))
			}
			for j, c := range powB {
				B[j].Add(B[j], new(big.Int).Mul(s[i], c))
			}
			// (x + y)(a + y·b) = x·a + p·b + y·(a + x·b)
			na, nb := zzeros(len(powA)+1), zzeros(len(powA)+1)
			for j, c := range powA {
				na[j+1].Add(na[j+1], c)
				nb[j].Add(nb[j], c)
			}
			for j, c := range powB {
				na[j].Add(na[j], new(big.Int).Mul(c, big.NewInt(p)))
				nb[j+1].Add(nb[j+1], c)
			}
			powA, powB = na, nb
		}
		a2 := czpoly.Mul(ztrim(A), ztrim(A))
		b2 := czpoly.Mul(ztrim(B), ztrim(B))
		s = zsub(a2, zscale(b2, big.NewInt(p)))
		s = ztrim(s)
	}
	return s
}
