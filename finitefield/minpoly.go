package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// ElementRequest names one element of a finite field.
type ElementRequest struct {
	Field   Field   `json:"field"`
	Element Element `json:"element"`
}

// MinimalPolynomialResult describes an element a of GF(q), q = p^k, over
// the prime field GF(p): its minimal polynomial m (monic, irreducible over
// GF(p), coefficients integer strings in [0, p)), whose degree d divides k
// and is the degree of GF(p)(a); and the absolute trace and norm,
// Tr(a) = Σ a^(p^i) and N(a) = ∏ a^(p^i) over i < k, elements of GF(p)
// written as integer strings.
type MinimalPolynomialResult struct {
	MinimalPolynomial       core.Polynomial[Element] `json:"minimal_polynomial"`
	Degree                  int                      `json:"degree"`
	Trace                   core.Integer             `json:"trace"`
	Norm                    core.Integer             `json:"norm"`
	CharacteristicPrimality Primality                `json:"characteristic_primality"`
}

// conjugates returns a, a^p, …, a^(p^(d−1)), the distinct conjugates of a
// over GF(p) (d is the least d ≥ 1 with a^(p^d) = a).
func (F *gf) conjugates(ctx context.Context, a elem) ([]elem, error) {
	out := []elem{a}
	for c := a; ; {
		next, err := F.powCtx(ctx, c, F.p)
		if err != nil {
			return nil, err
		}
		if equal(next, a) {
			return out, nil
		}
		if len(out) == F.k {
			return nil, errors.New("an element has more than k conjugates")
		}
		out = append(out, next)
		c = next
	}
}

// minimalPolynomialOperation: the minimal polynomial over GF(p) of an
// element of GF(q) as the product of x − c over its distinct conjugates c
// (Lidl and Niederreiter, Finite Fields, Theorem 3.33), computed in GF(q)
// and landing in GF(p)[x]; the trace and the norm as the sum and the
// product of all k conjugates, each distinct one k/d times (ibid.,
// Definition 2.22 and Theorem 2.25).
func minimalPolynomialOperation() core.Operation[ElementRequest, MinimalPolynomialResult] {
	return core.Operation[ElementRequest, MinimalPolynomialResult]{
		ID:         "finite_field.element.minimal_polynomial.compute",
		Title:      "Minimal polynomial, trace and norm of a finite-field element",
		Summary:    "The minimal polynomial over the prime field of an element of GF(p) or GF(p^k), its degree, and the element's absolute trace and norm.",
		Keywords:   []string{"minimal polynomial", "minpoly", "trace", "norm", "conjugates", "frobenius", "degree of an element", "subfield", "finite field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "finite_field_element"},
		Limits:     fieldLimits(func(f string, k int) string { return `{"field":` + f + `,"element":` + oneIn(k) + `}` }),
		Bounds:     fieldBounds("/field"),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "an element outside [0, p)", Payload: `{"field":{"characteristic":"7","degree":1},"element":"8"}`, Code: core.InvalidPayload, Path: "/payload/element"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"25","degree":1},"element":"1"}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
				{Title: "too many coordinates", Payload: `{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"element":["1","0","1"]}`, Code: core.InvalidPayload, Path: "/payload/element"},
			}
		},
		Preflight: func(ctx context.Context, q ElementRequest) error {
			_, _, err := parseElementRequest(q)
			return err
		},
		Run: func(ctx context.Context, q ElementRequest) (MinimalPolynomialResult, error) {
			F, a, err := parseElementRequest(q)
			if err != nil {
				return MinimalPolynomialResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return MinimalPolynomialResult{}, err
			}
			cs, err := F.conjugates(ctx, a)
			if err != nil {
				return MinimalPolynomialResult{}, err
			}
			m := poly{F.one()}
			var sum elem
			prod := F.one()
			for _, c := range cs {
				m = F.pmul(m, poly{F.neg(c), F.one()})
				sum = F.add(sum, c)
				prod = F.mul(prod, c)
			}
			reps := big.NewInt(int64(F.k / len(cs)))
			trace := F.mul(sum, F.fromInt(reps))
			norm, err := F.powCtx(ctx, prod, reps)
			if err != nil {
				return MinimalPolynomialResult{}, err
			}
			B := F.base
			mp := make(poly, len(m))
			for i, c := range m {
				if len(c) > 1 {
					return MinimalPolynomialResult{}, errors.New("a coefficient of the minimal polynomial is outside GF(p)")
				}
				mp[i] = c
			}
			return MinimalPolynomialResult{
				MinimalPolynomial: B.toRendered(mp, "x", "t"), Degree: len(cs),
				Trace: scalarOf(trace), Norm: scalarOf(norm), CharacteristicPrimality: Primality(pr),
			}, nil
		},
		Postcondition: checkMinimalPolynomial,
		Slow:          slowMinimalPolynomial,
		Examples: []core.Example{
			// PARI/GP 2.15: a = 3*ffgen(7)^0; [minpoly(a), trace(a), norm(a)] = [x + 4, 3, 3].
			{Title: "3 in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"element":"3"}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["4","1"],"expression":"x + 4"},"degree":1,"trace":"3","norm":"3","characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: w = ffgen(Mod(1,3)*(w^2+1)); [minpoly(w), trace(w), norm(w)] = [x^2 + 1, 0, 1].
			{Title: "t in GF(9) = GF(3)[t]/(t^2 + 1)", Payload: json.RawMessage(`{"field":{"characteristic":"3","degree":2,"modulus":{"coefficients":["1","0","1"]}},"element":["0","1"]}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["1","0","1"],"expression":"x^2 + 1"},"degree":2,"trace":"0","norm":"1","characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: u = ffgen(Mod(1,2)*(u^4+u+1)); a = u^5 = u^2 + u; [minpoly(a), trace(a), norm(a)] = [x^2 + x + 1, 0, 1]: a lies in the subfield GF(4).
			{Title: "t^5 = t^2 + t in GF(16) lies in GF(4)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":4,"modulus":{"coefficients":["1","1","0","0","1"]}},"element":["0","1","1"]}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["1","1","1"],"expression":"x^2 + x + 1"},"degree":2,"trace":"0","norm":"1","characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: v = ffgen(Mod(1,5)*(v^3+v+1)); a = 2+v^2; [minpoly(a), trace(a), norm(a)] = [x^3 + x^2 + 2, 4, 3].
			{Title: "2 + t^2 in GF(125) = GF(5)[t]/(t^3 + t + 1)", Payload: json.RawMessage(`{"field":{"characteristic":"5","degree":3,"modulus":{"coefficients":["1","1","0","1"]}},"element":["2","0","1"]}`),
				Result: json.RawMessage(`{"minimal_polynomial":{"variable":"x","coefficients":["2","0","1","1"],"expression":"x^3 + x^2 + 2"},"degree":3,"trace":"4","norm":"3","characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ElementRequest {
			F := randomField(ctx, rng, 64, 6)
			return ElementRequest{Field: F.toField(), Element: F.toElement(F.random(rng))}
		},
	}
}

// parseElementRequest checks the field and the element.
func parseElementRequest(q ElementRequest) (*gf, elem, error) {
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, err
	}
	a, err := F.parseElement(q.Element, "/payload/element")
	if err != nil {
		return nil, nil, err
	}
	return F, a, nil
}

// scalarOf is the integer of an element of the prime field inside F.
func scalarOf(a elem) core.Integer {
	if len(a) == 0 {
		return core.Int64(0)
	}
	return core.Int(a[0])
}

// checkMinimalPolynomial verifies by other means than the conjugates: m is
// monic over GF(p) of degree d dividing k, m(a) = 0 in GF(q) (Horner's
// rule), m is irreducible over GF(p) (Rabin's test), and the trace and the
// norm follow from m's coefficients by Vieta: Tr(a) = −(k/d)·m_(d−1) and
// N(a) = ((−1)^d·m_0)^(k/d).
func checkMinimalPolynomial(ctx context.Context, q ElementRequest, r MinimalPolynomialResult) error {
	F, a, err := parseElementRequest(q)
	if err != nil {
		return err
	}
	B := F.base
	if err := r.MinimalPolynomial.Check(elementRenderer("t")); err != nil {
		return err
	}
	if r.MinimalPolynomial.Variable != "x" {
		return errors.New("the minimal polynomial is not in x")
	}
	m, err := B.parsePoly(FieldPolynomial{Coefficients: r.MinimalPolynomial.Coefficients}, "/value/minimal_polynomial")
	if err != nil {
		return err
	}
	d := deg(m)
	if d < 1 || d != r.Degree || F.k%d != 0 || !isOne(m[d]) {
		return fmt.Errorf("the minimal polynomial has degree %d (declared %d) or is not monic; it must divide k = %d", d, r.Degree, F.k)
	}
	lifted := make(poly, len(m))
	copy(lifted, m)
	if !isZero(F.peval(lifted, a)) {
		return errors.New("the minimal polynomial does not vanish at the element")
	}
	ok, err := B.rabin(ctx, m)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("the minimal polynomial is reducible")
	}
	reps := big.NewInt(int64(F.k / d))
	trace := B.neg(B.mul(m[d-1], B.fromInt(reps)))
	c0 := m[0]
	if d%2 == 1 {
		c0 = B.neg(c0)
	}
	norm := B.powRightToLeft(c0, reps)
	if scalarOf(trace).Big().Cmp(r.Trace.Big()) != 0 || scalarOf(norm).Big().Cmp(r.Norm.Big()) != 0 {
		return errors.New("the trace or the norm disagrees with the minimal polynomial's coefficients")
	}
	return nil
}
