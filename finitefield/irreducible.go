package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
)

// IrreduciblePolynomialRequest asks for a monic irreducible polynomial of
// the given degree over GF(p), primitive when Primitive is set.
type IrreduciblePolynomialRequest struct {
	Characteristic core.Integer `json:"characteristic"`
	Degree         int          `json:"degree"`
	Primitive      bool         `json:"primitive,omitempty"`
	Variable       Variable     `json:"variable,omitempty"`
}

// IrreduciblePolynomialResult is the least monic polynomial of the degree
// in the domain's canonical order (coefficients compared from the leading
// one down, that is, the least integer encoding Σ c_i p^i) that is
// irreducible over GF(p) or, when asked, primitive: irreducible with x
// generating the multiplicative group of GF(p)[x]/(f). For a primitive
// polynomial, GroupFactorization is the proven factorization of p^n − 1
// that certifies it: x^((p^n − 1)/r) ≢ 1 mod f for every prime r listed.
type IrreduciblePolynomialResult struct {
	Polynomial              core.Polynomial[Element] `json:"polynomial"`
	GroupFactorization      []PrimePower             `json:"group_factorization,omitempty"`
	CharacteristicPrimality Primality                `json:"characteristic_primality"`
}

// Limits of the irreducible polynomial search.
const (
	// MaxIrreducibleDegree bounds the degree.
	MaxIrreducibleDegree = 200
	// MaxIrreducibleWork bounds irreducibleWork: about ten seconds on the
	// shared test machine (GF(65521), degree 5, primitive: 3.5 s for a
	// work of 8.4·10^7 under load).
	MaxIrreducibleWork = 1 << 28
)

// irreducibleWork estimates the search for degree n over GF(p), p of b
// bits: p·n·b·max(n, 16). The canonical order visits all p constant terms
// before the next coefficient changes, and whole families are never
// irreducible or never primitive (the binomials x^n + c are never
// primitive for n ≥ 2, their roots having order dividing n(p − 1), and
// have no irreducible member unless every prime of n divides p − 1), so
// about p·n candidates may be tried, each with a few powerings to the
// power p modulo a degree-n polynomial (b·n² word products and more).
func irreducibleWork(p *big.Int, n int) *big.Int {
	w := new(big.Int).Mul(p, big.NewInt(int64(n)*int64(p.BitLen())*int64(max(n, 16))))
	return w
}

// parseIrreducibleRequest checks the request's limits and shape.
func parseIrreducibleRequest(q IrreduciblePolynomialRequest) (*gf, error) {
	p := q.Characteristic.Big()
	if q.Degree > MaxIrreducibleDegree {
		return nil, core.Refusef("degree %d asked; at most %d is allowed", q.Degree, MaxIrreducibleDegree)
	}
	if q.Degree < 1 {
		return nil, invalid("/payload/degree", "the degree must be at least 1, got %d", q.Degree)
	}
	if w := irreducibleWork(p, q.Degree); w.Cmp(big.NewInt(MaxIrreducibleWork)) > 0 {
		return nil, core.Refusef("the search over GF(%s) in degree %d is estimated at %s steps; at most %d are allowed: lower p or the degree", p, q.Degree, w, MaxIrreducibleWork)
	}
	if q.Primitive {
		qbits := new(big.Int).Exp(p, big.NewInt(int64(q.Degree)), nil)
		if qbits.Cmp(new(big.Int).Lsh(big.NewInt(1), MaxOrderFieldBits)) > 0 {
			return nil, core.Refusef("p^n = %s^%d exceeds 2^%d; a primitive polynomial needs p^n − 1 factored", p, q.Degree, MaxOrderFieldBits)
		}
	}
	return shapeField(Field{Characteristic: q.Characteristic, Degree: 1}, "/payload")
}

// leastIrreducible returns the least monic irreducible (primitive, when
// fs, the factorization of p^n − 1, is given) polynomial of degree n over
// GF(p) (p below 2^20 by the work limit), by trying the candidates x^n + c_(n−1)x^(n−1) + … + c_0
// in ascending integer encoding (c_0 varying fastest). Each candidate f
// (with c_0 ≠ 0 for n ≥ 2, else x divides it) goes through the
// distinct-degree sweep of Rabin's criterion: x^(p^i) mod f for
// i = 1, …, ⌊n/2⌋, rejected at the first i with gcd(x^(p^i) − x, f) ≠ 1
// and irreducible when there is none (an f with no factor of degree at
// most n/2 is irreducible; MCA §14.2). Random polynomials mostly have a
// small factor, so a rejection usually takes a step or two. Primitivity
// is then x^((p^n−1)/r) ≢ 1 mod f for every prime r of p^n − 1 (Lidl and
// Niederreiter, Finite Fields, Theorem 3.16).
func leastIrreducible(ctx context.Context, p uint64, n int, fs []PrimePower) ([]uint64, error) {
	fl := gfpoly.NewField(p)
	q := new(big.Int).SetUint64(p)
	f := make([]uint64, n+1)
	f[n] = 1
	x := []uint64{0, 1}
	var qm1 *big.Int
	if fs != nil {
		qm1 = new(big.Int).Exp(q, big.NewInt(int64(n)), nil)
		qm1.Sub(qm1, big.NewInt(1))
	}
	for count := 0; ; count++ {
		if count%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if n == 1 || f[0] != 0 {
			ok, err := sweepIrreducible(ctx, fl, q, f, x)
			if err != nil {
				return nil, err
			}
			if ok && fs != nil {
				ok, err = xPrimitive(ctx, fl, f, qm1, fs)
				if err != nil {
					return nil, err
				}
			}
			if ok {
				return f, nil
			}
		}
		// The next candidate: add 1 to c_0 + c_1·p + … + c_(n−1)·p^(n−1).
		i := 0
		for ; i < n && f[i] == p-1; i++ {
			f[i] = 0
		}
		if i == n {
			return nil, fmt.Errorf("no monic irreducible polynomial of degree %d over GF(%d)", n, p)
		}
		f[i]++
	}
}

// sweepIrreducible reports whether the monic f of degree n ≥ 1 has no
// factor of degree at most n/2 (see leastIrreducible).
func sweepIrreducible(ctx context.Context, fl *gfpoly.Field, q *big.Int, f, x []uint64) (bool, error) {
	h := x
	for i := 1; 2*i <= len(f)-1; i++ {
		var err error
		if h, err = fl.PowModContext(ctx, h, q, f); err != nil {
			return false, err
		}
		d, err := fl.GCDContext(ctx, fl.Sub(h, x), f)
		if err != nil {
			return false, err
		}
		if len(d) > 1 {
			return false, nil
		}
	}
	return true, nil
}

// xPrimitive reports whether x generates (GF(p)[x]/(f))* of order qm1,
// for f irreducible: x ≢ 0 and x^(qm1/r) ≢ 1 for every prime r in fs.
func xPrimitive(ctx context.Context, fl *gfpoly.Field, f []uint64, qm1 *big.Int, fs []PrimePower) (bool, error) {
	x := fl.Rem([]uint64{0, 1}, f)
	if len(x) == 0 {
		return false, nil
	}
	for _, pp := range fs {
		e := new(big.Int).Quo(qm1, pp.Prime.Big())
		h, err := fl.PowModContext(ctx, x, e, f)
		if err != nil {
			return false, err
		}
		if gfpoly.Equal(h, []uint64{1}) {
			return false, nil
		}
	}
	return true, nil
}

// irreduciblePolynomialOperation: the least irreducible or primitive
// polynomial of a degree over GF(p) (see leastIrreducible).
func irreduciblePolynomialOperation() core.Operation[IrreduciblePolynomialRequest, IrreduciblePolynomialResult] {
	return core.Operation[IrreduciblePolynomialRequest, IrreduciblePolynomialResult]{
		ID:         "finite_field.irreducible_polynomial.compute",
		Title:      "Irreducible or primitive polynomial over GF(p)",
		Summary:    "The least monic irreducible polynomial of a given degree over GF(p) in canonical order, or the least primitive one (x generates the multiplicative group of GF(p)[x]/(f)), deterministic for the inputs.",
		Keywords:   []string{"irreducible polynomial", "primitive polynomial", "ffinit", "field construction", "defining polynomial", "extension field", "conway", "minimal polynomial of a generator", "lfsr", "finite field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{
			{
				Name: "work", Max: MaxIrreducibleWork, Unit: "steps",
				Description: "p·n·b·max(n, 16) for degree n over GF(p), p of b bits, is at most this (the canonical order may try about p·n candidates)",
				// 65521·16·16·16 = 268374016 ≤ 2^28 < 65521·17·16·17.
				Beyond: func() string { return `{"characteristic":"65521","degree":17}` },
				At:     func() string { return `{"characteristic":"65521","degree":16}` },
			},
			{
				Name: "polynomial_degree", Max: MaxIrreducibleDegree, Unit: "degree",
				Description: "the polynomial has degree at most this",
				Beyond:      func() string { return fmt.Sprintf(`{"characteristic":"2","degree":%d}`, MaxIrreducibleDegree+1) },
				At:          func() string { return fmt.Sprintf(`{"characteristic":"2","degree":%d}`, MaxIrreducibleDegree) },
			},
			{
				Name: "primitive_field_size_bits", Max: MaxOrderFieldBits, Unit: "bits",
				Description: "for a primitive polynomial, p^n is at most 2^80, so that p^n − 1 can be factored",
				Beyond: func() string {
					return fmt.Sprintf(`{"characteristic":"2","degree":%d,"primitive":true}`, MaxOrderFieldBits+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"characteristic":"2","degree":%d,"primitive":true}`, MaxOrderFieldBits)
				},
			},
		},
		Bounds: core.Bounds{"/characteristic": 25, "/degree": MaxIrreducibleDegree},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a composite characteristic", Payload: `{"characteristic":"15","degree":3}`, Code: core.DomainError, Path: "/payload/characteristic"},
				{Title: "degree 0", Payload: `{"characteristic":"7","degree":0}`, Code: core.InvalidPayload, Path: "/payload/degree"},
			}
		},
		Preflight: func(ctx context.Context, q IrreduciblePolynomialRequest) error {
			_, err := parseIrreducibleRequest(q)
			return err
		},
		Run: func(ctx context.Context, q IrreduciblePolynomialRequest) (IrreduciblePolynomialResult, error) {
			F, err := parseIrreducibleRequest(q)
			if err != nil {
				return IrreduciblePolynomialResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return IrreduciblePolynomialResult{}, err
			}
			var fs []PrimePower
			if q.Primitive {
				if fs, err = provenFactorization(ctx, primitiveGroupOrder(F.p, q.Degree)); err != nil {
					return IrreduciblePolynomialResult{}, err
				}
			}
			f, err := leastIrreducible(ctx, F.p.Uint64(), q.Degree, fs)
			if err != nil {
				return IrreduciblePolynomialResult{}, err
			}
			v := string(q.Variable)
			if v == "" {
				v = "x"
			}
			return IrreduciblePolynomialResult{Polynomial: F.toRendered(fromWords(f), v, generatorName(F.toField(), v)), GroupFactorization: fs, CharacteristicPrimality: Primality(pr)}, nil
		},
		Postcondition: checkIrreduciblePolynomial,
		Slow:          func() string { return slowIrreduciblePolynomial },
		Examples: []core.Example{
			// PARI/GP 2.15: the first k ≥ 0 with polisirreducible(Mod(1,2)*(x^8 + Pol(digits(k,2)))) is 27: x^8 + x^4 + x^3 + x + 1.
			{Title: "the least irreducible octic over GF(2), the AES polynomial", Payload: json.RawMessage(`{"characteristic":"2","degree":8}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"x","coefficients":["1","1","0","1","1","0","0","0","1"],"expression":"x^8 + x^4 + x^3 + x + 1"},"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: x^8 + x^4 + x^3 + x + 1 is not primitive (fforder(ffgen(Mod(1,2)*(x^8+x^4+x^3+x+1))) = 51); the first primitive octic is x^8 + x^4 + x^3 + x^2 + 1 (order 255).
			{Title: "the least primitive octic over GF(2)", Payload: json.RawMessage(`{"characteristic":"2","degree":8,"primitive":true}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"x","coefficients":["1","0","1","1","1","0","0","0","1"],"expression":"x^8 + x^4 + x^3 + x^2 + 1"},"group_factorization":[{"prime":"3","exponent":1},{"prime":"5","exponent":1},{"prime":"17","exponent":1}],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: polisirreducible(Mod(1,7)*(x^2+1)) = 1 and x^2 + c for c < 1 are reducible; x^2 + x + 3 is the least with fforder(x) = 48.
			{Title: "quadratics over GF(7): x^2 + 1 is irreducible, x^2 + x + 3 primitive", Payload: json.RawMessage(`{"characteristic":"7","degree":2,"primitive":true,"variable":"t"}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"t","coefficients":["3","1","1"],"expression":"t^2 + t + 3"},"group_factorization":[{"prime":"2","exponent":4},{"prime":"3","exponent":1}],"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) IrreduciblePolynomialRequest {
			ps := []int64{2, 3, 5, 7, 13, 101, 1009, 10007, 65521}
			for {
				p := big.NewInt(ps[rng.IntN(len(ps))])
				n := 1 + rng.IntN(12)
				if irreducibleWork(p, n).Cmp(big.NewInt(MaxIrreducibleWork)) > 0 {
					continue
				}
				primitive := rng.IntN(2) == 0 && n*p.BitLen() <= MaxOrderFieldBits
				return IrreduciblePolynomialRequest{Characteristic: core.Int(p), Degree: n, Primitive: primitive}
			}
		},
	}
}

// primitiveGroupOrder is p^n − 1.
func primitiveGroupOrder(p *big.Int, n int) *big.Int {
	q := new(big.Int).Exp(p, big.NewInt(int64(n)), nil)
	return q.Sub(q, big.NewInt(1))
}

// checkIrreduciblePolynomial verifies the result apart from the search:
// monic of the requested degree in the request's variable, irreducible by
// Rabin's test (the composed one of the factorization's postcondition),
// and, for a primitive polynomial, the factorization of p^n − 1 proven
// and x^((p^n−1)/r) ≢ 1 mod f for every prime r of it. That it is the
// least such polynomial is what the tests check against PARI/GP.
func checkIrreduciblePolynomial(ctx context.Context, q IrreduciblePolynomialRequest, r IrreduciblePolynomialResult) error {
	F, err := parseIrreducibleRequest(q)
	if err != nil {
		return err
	}
	v := string(q.Variable)
	if v == "" {
		v = "x"
	}
	if r.Polynomial.Variable != v {
		return fmt.Errorf("the polynomial is in %q, not %q", r.Polynomial.Variable, v)
	}
	if err := r.Polynomial.Check(elementRenderer(generatorName(F.toField(), v))); err != nil {
		return err
	}
	f, err := F.parsePoly(FieldPolynomial{Coefficients: r.Polynomial.Coefficients}, "/value/polynomial")
	if err != nil {
		return err
	}
	if deg(f) != q.Degree || !isOne(f[len(f)-1]) {
		return errors.New("the polynomial is not monic of the requested degree")
	}
	w := newWordFactorer(F.p.Uint64())
	fw := F.toWords(f)
	ok, err := w.irreducible(ctx, fw)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("the polynomial is reducible")
	}
	if !q.Primitive {
		if r.GroupFactorization != nil {
			return errors.New("a group factorization is given for a polynomial not asked to be primitive")
		}
		return nil
	}
	qm1 := primitiveGroupOrder(F.p, q.Degree)
	if err := checkProvenFactorization(qm1, r.GroupFactorization); err != nil {
		return err
	}
	if ok, err := xPrimitive(ctx, w.fld, fw, qm1, r.GroupFactorization); err != nil || !ok {
		return fmt.Errorf("x does not generate the multiplicative group modulo the polynomial (%v)", err)
	}
	return nil
}
