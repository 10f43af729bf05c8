package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
)

// Conway polynomials (Parker, "Finite fields and Conway polynomials",
// 1990; Lübeck's tables; Heath and Loehr, "New algorithms for generating
// Conway polynomials over finite fields", J. Symbolic Comput. 38 (2004)).
//
// The Conway polynomial C_(p,n) is the least monic primitive polynomial of
// degree n over GF(p) compatible with C_(p,d) for every d | n, d < n: for
// a root α of C_(p,n), α^((p^n−1)/(p^d−1)) is a root of C_(p,d). "Least"
// is in the order of Conway's definition: write the polynomial as
// x^n − a_1 x^(n−1) + a_2 x^(n−2) − … + (−1)^n a_n with 0 ≤ a_i < p and
// compare (a_1, …, a_n) lexicographically. Compatibility for the maximal
// proper divisors n/r (r a prime of n) implies it for all, and for d = 1
// it says a_n = N(α) = C_(p,1)'s root, the least primitive root modulo
// p, so a_n is fixed.
//
// The values are served from a table (conway_table.go) that
// conwaySearch computed and TestGenerateConwayTable wrote; the search is
// exhaustive in the order above and its cost grows like p^t with t the
// dimension the compatibility conditions cut off (t = 0 for prime n, 1
// for n = 4, 3 for n = 6 or 8, …), so the table holds the pairs p < 110,
// n ≤ 10 with p^t at most conwayTableTries (see conwayCovered).

// conwayTableTries bounds the estimated search of a pair in the table.
const conwayTableTries = 100_000

// conwayCodimension is t(n) above: how many coefficients beyond a_n the
// compatibility conditions fix, so that the search visits about p^t
// candidates before one is compatible. The condition for a maximal proper
// divisor d fixes d coefficients, one of which (the norm to GF(p)) is
// a_n's; two maximal divisors d1, d2 overlap in gcd(d1, d2) (n ≤ 10 has
// at most two).
func conwayCodimension(n int) int {
	t, g := 0, 0
	for _, d := range maximalDivisors(n) {
		if d > 1 {
			t += d
			g = gcdInt(g, d)
		}
	}
	if t == 0 {
		return 0
	}
	if t == g {
		return t - 1
	}
	return t - g - 1
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// maximalDivisors is n/r for the primes r | n, ascending.
func maximalDivisors(n int) []int {
	var ds []int
	m := n
	for r := 2; r <= m; r++ {
		if m%r == 0 {
			ds = append(ds, n/r)
			for m%r == 0 {
				m /= r
			}
		}
	}
	slices.Sort(ds)
	return ds
}

// conwayCovered reports whether the table holds C_(p,n): p a prime below
// 110, 1 ≤ n ≤ 10, and p^t(n) ≤ conwayTableTries.
func conwayCovered(p uint64, n int) bool {
	if p >= 110 || n < 1 || n > 10 {
		return false
	}
	w := uint64(1)
	for range conwayCodimension(n) {
		w *= p
		if w > conwayTableTries {
			return false
		}
	}
	return true
}

// conwayAlternating returns the polynomial x^n − a_1 x^(n−1) + … +
// (−1)^n a_n, coefficients constant first.
func conwayAlternating(a []uint64, p uint64) []uint64 {
	n := len(a)
	f := make([]uint64, n+1)
	f[n] = 1
	for i, ai := range a {
		c := ai % p
		if (i+1)%2 == 1 && c != 0 {
			c = p - c
		}
		f[n-1-i] = c
	}
	return f
}

// conwayCompatible reports whether f (monic of degree n) is compatible
// with lower[d] for each d in ds: lower[d](x^((p^n−1)/(p^d−1))) ≡ 0 mod f.
func conwayCompatible(ctx context.Context, fl *gfpoly.Field, f []uint64, n int, ds []int, lower map[int][]uint64) (bool, error) {
	p := new(big.Int).SetUint64(fl.Modulus())
	qn := new(big.Int).Exp(p, big.NewInt(int64(n)), nil)
	qn.Sub(qn, big.NewInt(1))
	for _, d := range ds {
		c, ok := lower[d]
		if !ok {
			return false, fmt.Errorf("C(%d, %d) is needed first", fl.Modulus(), d)
		}
		qd := new(big.Int).Exp(p, big.NewInt(int64(d)), nil)
		qd.Sub(qd, big.NewInt(1))
		beta, err := fl.PowModContext(ctx, []uint64{0, 1}, new(big.Int).Quo(qn, qd), f)
		if err != nil {
			return false, err
		}
		// Horner: c(β) mod f.
		var v []uint64
		for i := len(c) - 1; i >= 0; i-- {
			v = fl.Add(fl.MulMod(v, beta, f), []uint64{c[i]})
		}
		if len(fl.Rem(v, f)) != 0 {
			return false, nil
		}
	}
	return true, nil
}

// conwaySearch returns C_(p,n) given lower, the Conway polynomials of the
// proper divisors of n (lower[1] = x − g, g the least primitive root), and
// fs, the proven factorization of p^n − 1: the candidates in the order of
// the definition with a_n = g, each tested for compatibility with the
// maximal proper divisors (the rarest property, so first), then
// irreducibility (sweepIrreducible) and primitivity (xPrimitive).
func conwaySearch(ctx context.Context, p uint64, n int, lower map[int][]uint64, fs []PrimePower) ([]uint64, error) {
	fl := gfpoly.NewField(p)
	q := new(big.Int).SetUint64(p)
	qm1 := primitiveGroupOrder(q, n)
	if n == 1 {
		for g := uint64(1); ; g++ { // a primitive root exists
			f := conwayAlternating([]uint64{g % p}, p)
			if ok, err := xPrimitive(ctx, fl, f, qm1, fs); err != nil || ok {
				return f, err
			}
		}
	}
	c1, ok := lower[1]
	if !ok {
		return nil, errors.New("C(p, 1) is needed first")
	}
	g := (p - c1[0]) % p
	ds := maximalDivisors(n)
	if len(ds) == 1 && ds[0] == 1 {
		ds = nil // a_n = g is the condition for d = 1
	}
	a := make([]uint64, n)
	a[n-1] = g
	x := []uint64{0, 1}
	for count := 0; ; count++ {
		if count%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		f := conwayAlternating(a, p)
		ok, err := conwayCompatible(ctx, fl, f, n, ds, lower)
		if err != nil {
			return nil, err
		}
		if ok {
			if ok, err = sweepIrreducible(ctx, fl, q, f, x); err == nil && ok {
				ok, err = xPrimitive(ctx, fl, f, qm1, fs)
			}
			if err != nil {
				return nil, err
			}
			if ok {
				return f, nil
			}
		}
		// The next (a_1, …, a_(n−1)), a_(n−1) fastest.
		i := n - 2
		for ; i >= 0 && a[i] == p-1; i-- {
			a[i] = 0
		}
		if i < 0 {
			return nil, fmt.Errorf("no compatible primitive polynomial of degree %d over GF(%d)", n, p)
		}
		a[i]++
	}
}

// conwayEntry is one polynomial of the table, coefficients constant first.
type conwayEntry struct {
	p      uint64
	n      int
	coeffs []uint64
}

var conwayIndex = sync.OnceValue(func() map[[2]uint64][]uint64 {
	m := make(map[[2]uint64][]uint64, len(conwayTable))
	for _, e := range conwayTable {
		m[[2]uint64{e.p, uint64(e.n)}] = e.coeffs
	}
	return m
})

// conwayLookup returns C_(p,n) from the table, or nil.
func conwayLookup(p uint64, n int) []uint64 {
	return conwayIndex()[[2]uint64{p, uint64(n)}]
}

// conwayCoverage describes the table for the failure outside it: for
// each degree the largest p it holds (it holds every prime below).
func conwayCoverage() string {
	var parts []string
	for n := 1; n <= MaxConwayDegree; n++ {
		var hi uint64
		for _, e := range conwayTable {
			if e.n == n {
				hi = max(hi, e.p)
			}
		}
		if hi > 0 {
			parts = append(parts, fmt.Sprintf("n = %d: p ≤ %d", n, hi))
		}
	}
	return "the table holds C(p, n) for every prime p up to a bound set by the degree n (" + strings.Join(parts, "; ") + ")"
}

// ConwayPolynomialRequest asks for the Conway polynomial C(p, n).
type ConwayPolynomialRequest struct {
	Characteristic core.Integer `json:"characteristic"`
	Degree         int          `json:"degree"`
	Variable       Variable     `json:"variable,omitempty"`
}

// ConwayPolynomialResult is C(p, n) with the proven factorization of
// p^n − 1 that certifies it primitive (x^((p^n − 1)/r) ≢ 1 for every prime
// r listed).
type ConwayPolynomialResult struct {
	Polynomial              core.Polynomial[Element] `json:"polynomial"`
	GroupFactorization      []PrimePower             `json:"group_factorization"`
	CharacteristicPrimality Primality                `json:"characteristic_primality"`
}

// MaxConwayDegree bounds the degree of a Conway polynomial asked for (the
// table stops at 10).
const MaxConwayDegree = 10

func parseConwayRequest(q ConwayPolynomialRequest) (*gf, error) {
	if q.Degree < 1 {
		return nil, invalid("/payload/degree", "the degree must be at least 1, got %d", q.Degree)
	}
	if q.Degree > MaxConwayDegree {
		return nil, core.Refusef("degree %d asked; the Conway table stops at degree %d", q.Degree, MaxConwayDegree)
	}
	F, err := shapeField(Field{Characteristic: q.Characteristic, Degree: 1}, "/payload")
	if err != nil {
		return nil, err
	}
	switch {
	case F.p.Cmp(big.NewInt(110)) < 0 && conwayLookup(F.p.Uint64(), 1) == nil:
		return nil, core.DomainErrorAt("/payload/characteristic", "%s is not a prime", F.p)
	case F.p.Cmp(big.NewInt(110)) >= 0:
		return nil, core.DomainErrorAt("/payload/characteristic", "C(%s, %d) is not in the table: %s", F.p, q.Degree, conwayCoverage())
	case conwayLookup(F.p.Uint64(), q.Degree) == nil:
		return nil, core.DomainErrorAt("/payload/degree", "C(%s, %d) is not in the table: %s", F.p, q.Degree, conwayCoverage())
	}
	return F, nil
}

// conwayPolynomialOperation serves the Conway polynomial table.
func conwayPolynomialOperation() core.Operation[ConwayPolynomialRequest, ConwayPolynomialResult] {
	return core.Operation[ConwayPolynomialRequest, ConwayPolynomialResult]{
		ID:         "finite_field.conway_polynomial.compute",
		Title:      "Conway polynomial over GF(p)",
		Summary:    "The Conway polynomial C(p, n): the least primitive polynomial of degree n over GF(p) in Conway's alternating order that is compatible with C(p, d) for every d dividing n, from a table for small p and n (generated by exhaustive search; irreducibility, primitivity and compatibility with the table's divisors are checked on every call, minimality offline against a brute-force search and PARI/GP).",
		Keywords:   []string{"conway polynomial", "conwaypol", "standard field", "compatible primitive polynomial", "defining polynomial", "finite field lattice", "gap", "magma", "finite field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "polynomial_degree", Max: MaxConwayDegree, Unit: "degree",
			Description: "the degree is at most this; within it the table's coverage decides (a pair outside it fails with DOMAIN_ERROR naming the coverage)",
			Beyond:      func() string { return fmt.Sprintf(`{"characteristic":"2","degree":%d}`, MaxConwayDegree+1) },
			At:          func() string { return fmt.Sprintf(`{"characteristic":"2","degree":%d}`, MaxConwayDegree) },
		}},
		Bounds: core.Bounds{"/characteristic": 25, "/degree": MaxConwayDegree},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a composite characteristic", Payload: `{"characteristic":"15","degree":3}`, Code: core.DomainError, Path: "/payload/characteristic"},
				{Title: "degree 0", Payload: `{"characteristic":"7","degree":0}`, Code: core.InvalidPayload, Path: "/payload/degree"},
				{Title: "a characteristic outside the table", Payload: `{"characteristic":"113","degree":2}`, Code: core.DomainError, Path: "/payload/characteristic"},
				{Title: "a degree outside the table", Payload: `{"characteristic":"107","degree":10}`, Code: core.DomainError, Path: "/payload/degree"},
			}
		},
		Preflight: func(ctx context.Context, q ConwayPolynomialRequest) error {
			_, err := parseConwayRequest(q)
			return err
		},
		Run: func(ctx context.Context, q ConwayPolynomialRequest) (ConwayPolynomialResult, error) {
			F, err := parseConwayRequest(q)
			if err != nil {
				return ConwayPolynomialResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return ConwayPolynomialResult{}, err
			}
			fs, err := provenFactorization(ctx, primitiveGroupOrder(F.p, q.Degree))
			if err != nil {
				return ConwayPolynomialResult{}, err
			}
			v := string(q.Variable)
			if v == "" {
				v = "x"
			}
			f := conwayLookup(F.p.Uint64(), q.Degree)
			return ConwayPolynomialResult{Polynomial: F.toRendered(fromWords(f), v, generatorName(F.toField(), v)), GroupFactorization: fs, CharacteristicPrimality: Primality(pr)}, nil
		},
		Postcondition: checkConwayPolynomial,
		// No Slow payload: the polynomial comes from the table, and
		// p^n − 1 < 110^10 factors in milliseconds, so no request runs the
		// 50ms the cancellation check needs.
		Examples: []core.Example{
			// Lübeck's table: C(2, 8) = x^8 + x^4 + x^3 + x^2 + 1.
			{Title: "C(2, 8), the Conway octic over GF(2)", Payload: json.RawMessage(`{"characteristic":"2","degree":8}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"x","coefficients":["1","0","1","1","1","0","0","0","1"],"expression":"x^8 + x^4 + x^3 + x^2 + 1"},"group_factorization":[{"prime":"3","exponent":1},{"prime":"5","exponent":1},{"prime":"17","exponent":1}],"characteristic_primality":"proven"}`)},
			// Lübeck's table: C(3, 2) = x^2 + 2x + 2.
			{Title: "C(3, 2) in the variable t", Payload: json.RawMessage(`{"characteristic":"3","degree":2,"variable":"t"}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"t","coefficients":["2","2","1"],"expression":"t^2 + 2*t + 2"},"group_factorization":[{"prime":"2","exponent":3}],"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ConwayPolynomialRequest {
			e := conwayTable[rng.IntN(len(conwayTable))]
			return ConwayPolynomialRequest{Characteristic: core.Int(new(big.Int).SetUint64(e.p)), Degree: e.n}
		},
	}
}

// checkConwayPolynomial verifies the result but for its minimality:
// monic of the degree in the variable, irreducible, primitive by the
// proven factorization of p^n − 1, and compatible with the table's C(p, d)
// for every maximal proper divisor d of n (which implies every d | n;
// for d = 1, the constant term). Minimality is what the tests check, by
// brute force and against PARI/GP.
func checkConwayPolynomial(ctx context.Context, q ConwayPolynomialRequest, r ConwayPolynomialResult) error {
	iq := IrreduciblePolynomialRequest{Characteristic: q.Characteristic, Degree: q.Degree, Primitive: true, Variable: q.Variable}
	ir := IrreduciblePolynomialResult(r)
	if err := checkIrreduciblePolynomial(ctx, iq, ir); err != nil {
		return err
	}
	F, err := parseConwayRequest(q)
	if err != nil {
		return err
	}
	f, err := F.parsePoly(FieldPolynomial{Coefficients: r.Polynomial.Coefficients}, "/value/polynomial")
	if err != nil {
		return err
	}
	fw := F.toWords(f)
	p := F.p.Uint64()
	lower := map[int][]uint64{}
	ds := maximalDivisors(q.Degree)
	for _, d := range ds {
		lower[d] = conwayLookup(p, d)
	}
	ok, err := conwayCompatible(ctx, gfpoly.NewField(p), fw, q.Degree, ds, lower)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("the polynomial is not compatible with the Conway polynomials of the divisors of its degree")
	}
	return nil
}
