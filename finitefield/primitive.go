package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// groupFactorization returns the proven prime factorization of q − 1,
// primes ascending (q ≤ 2^80, see MaxOrderFieldBits).
func (F *gf) groupFactorization(ctx context.Context) ([]PrimePower, error) {
	return provenFactorization(ctx, F.qm1)
}

// provenFactorization returns the factorization of qm1 = q − 1 ≤ 2^80 into
// proven primes, ascending.
func provenFactorization(ctx context.Context, qm1 *big.Int) ([]PrimePower, error) {
	fs, unfactored, err := factor.Factor(ctx, qm1, orderFactorBudget)
	if err != nil {
		return nil, err
	}
	if len(unfactored) > 0 {
		return nil, fmt.Errorf("q − 1 = %v: its composite part %v did not split within %d iterations", qm1, unfactored[0].Base, int64(orderFactorBudget))
	}
	out := make([]PrimePower, len(fs))
	for i, f := range fs {
		if f.Base.Cmp(primality.DeterministicBound) >= 0 {
			return nil, fmt.Errorf("q − 1 = %v: its prime factor %v is beyond deterministic Miller–Rabin, so not proven", qm1, f.Base)
		}
		out[i] = PrimePower{Prime: core.Int(f.Base), Exponent: f.Exponent}
	}
	return out, nil
}

// primitivityWitness returns the least prime r of the factorization of
// q − 1 with a^((q−1)/r) = 1, or nil when there is none, so that the
// nonzero a generates GF(q)* (Lagrange: the order of a divides q − 1 and
// is a proper divisor exactly when it divides some (q − 1)/r).
func (F *gf) primitivityWitness(ctx context.Context, a elem, fs []PrimePower) (*big.Int, error) {
	for _, f := range fs {
		r := f.Prime.Big()
		am, err := F.powCtx(ctx, a, new(big.Int).Quo(F.qm1, r))
		if err != nil {
			return nil, err
		}
		if isOne(am) {
			return r, nil
		}
	}
	return nil, nil
}

// checkGroupFactorization verifies that fs is a factorization of q − 1
// into proven primes, ascending.
func checkGroupFactorization(F *gf, fs []PrimePower) error {
	return checkProvenFactorization(F.qm1, fs)
}

// checkProvenFactorization verifies that fs is a factorization of qm1
// into proven primes, ascending.
func checkProvenFactorization(qm1 *big.Int, fs []PrimePower) error {
	prod := big.NewInt(1)
	var prev *big.Int
	for _, pp := range fs {
		r := pp.Prime.Big()
		if st, _ := primality.Test(r); st != primality.Prime || pp.Exponent < 1 || (prev != nil && prev.Cmp(r) >= 0) {
			return fmt.Errorf("%s^%d is not a proven prime power in ascending order", r, pp.Exponent)
		}
		prev = r
		prod.Mul(prod, new(big.Int).Exp(r, big.NewInt(int64(pp.Exponent)), nil))
	}
	if prod.Cmp(qm1) != 0 {
		return errors.New("the factorization does not multiply to q − 1")
	}
	return nil
}

// PrimitiveElementRequest names a field.
type PrimitiveElementRequest struct {
	Field Field `json:"field"`
}

// PrimitiveElementResult is the least generator of GF(q)* in the
// canonical order of elements (integer encoding Σ c_i p^i; for GF(p) the
// least primitive root), with the factorization of q − 1 that certifies
// it: g^((q−1)/r) ≠ 1 for every prime r listed.
type PrimitiveElementResult struct {
	Element                 Element      `json:"element"`
	GroupOrder              core.Integer `json:"group_order"`
	GroupFactorization      []PrimePower `json:"group_factorization"`
	CharacteristicPrimality Primality    `json:"characteristic_primality"`
}

// orderLimits are the limits of the operations that factor q − 1 (order,
// primitivity, primitive element) for a request shape: the field_bits
// limit is left out, every field within field_size_bits being far inside
// it.
func orderLimits(wrap func(field string, k int) string) []core.Limit {
	return append(fieldLimits(wrap)[:1],
		core.Limit{
			Name: "field_size_bits", Max: MaxOrderFieldBits, Unit: "bits",
			Description: "q is at most 2^80, so that q − 1 can be factored completely and its primes proven",
			// PARI/GP 2.15: nextprime(2^80) = 2^80 + 13 and precprime(2^80) = 2^80 − 65.
			Beyond: func() string { return wrap(`{"characteristic":"1208925819614629174706189","degree":1}`, 1) },
			At:     func() string { return wrap(`{"characteristic":"1208925819614629174706111","degree":1}`, 1) },
		})
}

// parseOrderField checks a field for the operations that factor q − 1.
func parseOrderField(fj Field) (*gf, error) {
	F, err := shapeField(fj, "/payload/field")
	if err != nil {
		return nil, err
	}
	if F.q.Cmp(new(big.Int).Lsh(big.NewInt(1), MaxOrderFieldBits)) > 0 {
		return nil, core.Refusef("q = %s exceeds 2^%d; factoring q − 1 is out of reach", F.qString(), MaxOrderFieldBits)
	}
	return F, nil
}

// primitiveElementOperation: the least primitive element, by testing the
// elements 1, 2, … in canonical order with the criterion of
// primitivityWitness (Cohen, A Course in Computational Algebraic Number
// Theory, Algorithm 1.4.4); q − 1 is factored as for the order operation.
// Primitive elements are dense (φ(q − 1)/(q − 1) of the group), so few
// are tried.
func primitiveElementOperation() core.Operation[PrimitiveElementRequest, PrimitiveElementResult] {
	return core.Operation[PrimitiveElementRequest, PrimitiveElementResult]{
		ID:         "finite_field.primitive_element.compute",
		Title:      "Primitive element of a finite field",
		Summary:    "The least generator of the multiplicative group of GF(p) or GF(p^k) in canonical order, with the factorization of q − 1 that certifies it.",
		Keywords:   []string{"primitive element", "generator", "primitive root", "znprimroot", "ffprimroot", "multiplicative group", "cyclic group", "finite field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field"},
		Limits:     orderLimits(func(f string, _ int) string { return `{"field":` + f + `}` }),
		Bounds:     fieldBoundsWithin("/field", MaxDegree, 25),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"12","degree":1}}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
				{Title: "a modulus of the wrong degree", Payload: `{"field":{"characteristic":"2","degree":3,"modulus":{"coefficients":["1","1","1"]}}}`, Code: core.InvalidPayload, Path: "/payload/field/modulus/coefficients"},
			}
		},
		Preflight: func(ctx context.Context, q PrimitiveElementRequest) error {
			_, err := parseOrderField(q.Field)
			return err
		},
		Run: func(ctx context.Context, q PrimitiveElementRequest) (PrimitiveElementResult, error) {
			F, err := parseOrderField(q.Field)
			if err != nil {
				return PrimitiveElementResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return PrimitiveElementResult{}, err
			}
			fs, err := F.groupFactorization(ctx)
			if err != nil {
				return PrimitiveElementResult{}, err
			}
			for n := F.firstCandidate(); n.Cmp(F.q) < 0; n = new(big.Int).Add(n, big.NewInt(1)) {
				if err := ctx.Err(); err != nil {
					return PrimitiveElementResult{}, err
				}
				a := F.decode(n)
				r, err := F.primitivityWitness(ctx, a, fs)
				if err != nil {
					return PrimitiveElementResult{}, err
				}
				if r == nil {
					return PrimitiveElementResult{Element: F.toElement(a), GroupOrder: core.Int(F.qm1), GroupFactorization: fs, CharacteristicPrimality: Primality(pr)}, nil
				}
			}
			return PrimitiveElementResult{}, errors.New("no element generates GF(q)*")
		},
		Postcondition: checkPrimitiveElement,
		// No Slow payload: nothing within q ≤ 2^80 runs reliably past the
		// 50ms at which the cancellation check cancels. The hardest q − 1,
		// twice two primes near 2^40 (p = 1208925817625612640209207, see
		// slowDiscreteLog), factors in about 40ms, and what follows is a few
		// powers of 80-bit exponents for each candidate, primitive elements
		// being dense.
		Examples: []core.Example{
			// PARI/GP 2.15: znprimroot(7) = 3.
			{Title: "the least primitive root modulo 7", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1}}`),
				Result: json.RawMessage(`{"element":"3","group_order":"6","group_factorization":[{"prime":"2","exponent":1},{"prime":"3","exponent":1}],"characteristic_primality":"proven"}`)},
			// GF(9) = GF(3)[t]/(t^2 + 1): 1, 2 and t have orders 1, 2, 4;
			// PARI/GP 2.15: w = ffgen(Mod(1,3)*(w^2+1)); fforder(w+1) = 8.
			{Title: "GF(9) = GF(3)[t]/(t^2 + 1): t + 1, encoding 4, is the first generator", Payload: json.RawMessage(`{"field":{"characteristic":"3","degree":2,"modulus":{"coefficients":["1","0","1"]}}}`),
				Result: json.RawMessage(`{"element":["1","1"],"group_order":"8","group_factorization":[{"prime":"2","exponent":3}],"characteristic_primality":"proven"}`)},
			// GF(2) has the trivial group, generated by 1.
			{Title: "GF(2)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":1}}`),
				Result: json.RawMessage(`{"element":"1","group_order":"1","group_factorization":[],"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) PrimitiveElementRequest {
			return PrimitiveElementRequest{Field: randomField(ctx, rng, 40, 2).toField()}
		},
	}
}

// firstCandidate is the encoding the search starts from: 1 over GF(p);
// p over GF(p^k), k > 1, since the elements with smaller encodings lie in
// GF(p), whose elements have orders dividing p − 1 < q − 1.
func (F *gf) firstCandidate() *big.Int {
	if F.k == 1 {
		return big.NewInt(1)
	}
	return new(big.Int).Set(F.p)
}

// checkPrimitiveElement verifies the factorization of q − 1, that the
// element generates GF(q)* by it, and that every element before it in the
// canonical order does not (each has a witness prime; over GF(p^k),
// k > 1, those of GF(p) are skipped, see firstCandidate).
func checkPrimitiveElement(ctx context.Context, q PrimitiveElementRequest, r PrimitiveElementResult) error {
	F, err := parseOrderField(q.Field)
	if err != nil {
		return err
	}
	if r.GroupOrder.Big().Cmp(F.qm1) != 0 {
		return errors.New("the group order is not q − 1")
	}
	if err := checkGroupFactorization(F, r.GroupFactorization); err != nil {
		return err
	}
	g, err := F.parseElement(r.Element, "/value/element")
	if err != nil {
		return err
	}
	if isZero(g) {
		return errors.New("zero generates nothing")
	}
	if w, err := F.primitivityWitness(ctx, g, r.GroupFactorization); err != nil || w != nil {
		return fmt.Errorf("the element is not primitive (witness %v, %v)", w, err)
	}
	for n := F.firstCandidate(); n.Cmp(F.encode(g)) < 0; n = new(big.Int).Add(n, big.NewInt(1)) {
		w, err := F.primitivityWitness(ctx, F.decode(n), r.GroupFactorization)
		if err != nil {
			return err
		}
		if w == nil {
			return fmt.Errorf("the element with encoding %v, before the result, is primitive too", n)
		}
	}
	return nil
}

// PrimitivityResult is the verdict on whether an element generates
// GF(q)*, bound to its request. Accepted: the factorization of q − 1, with
// a^((q−1)/r) ≠ 1 for every prime r in it. Rejected: a prime r dividing
// q − 1 with a^((q−1)/r) = 1 (absent for a = 0, which is not in the group).
type PrimitivityResult struct {
	core.CheckResult
	core.Bindings[ElementRequest]
	GroupFactorization      []PrimePower  `json:"group_factorization"`
	Witness                 *core.Integer `json:"witness,omitempty" jsonschema:"a prime r dividing q − 1 with a^((q − 1)/r) = 1 (rejections of nonzero a)"`
	CharacteristicPrimality Primality     `json:"characteristic_primality"`
}

// primitivityOperation decides primitivity by primitivityWitness.
func primitivityOperation() core.Operation[ElementRequest, PrimitivityResult] {
	return core.Operation[ElementRequest, PrimitivityResult]{
		ID:         "finite_field.element.primitivity.check",
		Title:      "Primitivity of a finite-field element",
		Summary:    "Checks whether an element generates the multiplicative group of GF(p) or GF(p^k), certified by the factorization of q − 1 or refuted by a prime witness.",
		Keywords:   []string{"primitive element", "is primitive", "generator", "primitive root", "multiplicative order", "finite field"},
		Kind:       core.Check,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "finite_field_element"},
		Limits:     orderLimits(func(f string, k int) string { return `{"field":` + f + `,"element":` + oneIn(k) + `}` }),
		Bounds:     fieldBoundsWithin("/field", MaxDegree, 25),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "an element outside [0, p)", Payload: `{"field":{"characteristic":"7","degree":1},"element":"7"}`, Code: core.InvalidPayload, Path: "/payload/element"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"35","degree":1},"element":"2"}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
			}
		},
		Preflight: func(ctx context.Context, q ElementRequest) error {
			F, err := parseOrderField(q.Field)
			if err == nil {
				_, err = F.parseElement(q.Element, "/payload/element")
			}
			return err
		},
		Run: func(ctx context.Context, q ElementRequest) (PrimitivityResult, error) {
			r, err := decidePrimitivity(ctx, q)
			r.Bindings = core.Bind(q)
			return r, err
		},
		Postcondition: checkPrimitivity,
		// No Slow payload: nothing within q ≤ 2^80 runs reliably past the
		// 50ms at which the cancellation check cancels. The hardest q − 1,
		// twice two primes near 2^40 (p = 1208925817625612640209207, see
		// slowDiscreteLog), factors in about 40ms, and what follows is a few
		// powers of 80-bit exponents.
		Examples: []core.Example{
			// PARI/GP 2.15: znorder(Mod(3,7)) = 6.
			{Title: "3 generates GF(7)*", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"element":"3"}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"field":{"characteristic":"7","degree":1},"element":"3"},"group_factorization":[{"prime":"2","exponent":1},{"prime":"3","exponent":1}],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: znorder(Mod(2,7)) = 3, so 2^(6/2) = 1.
			{Title: "2 does not generate GF(7)*", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"element":"2"}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"field":{"characteristic":"7","degree":1},"element":"2"},"group_factorization":[{"prime":"2","exponent":1},{"prime":"3","exponent":1}],"witness":"2","characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: u = ffgen(Mod(1,2)*(u^4+u+1)); fforder(u) = 15.
			{Title: "t generates GF(16)* = (GF(2)[t]/(t^4 + t + 1))*", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":4,"modulus":{"coefficients":["1","1","0","0","1"]}},"element":["0","1"]}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"field":{"characteristic":"2","degree":4,"modulus":{"coefficients":["1","1","0","0","1"]}},"element":["0","1"]},"group_factorization":[{"prime":"3","exponent":1},{"prime":"5","exponent":1}],"characteristic_primality":"proven"}`)},
			{Title: "0 is not in the group", Payload: json.RawMessage(`{"field":{"characteristic":"5","degree":1},"element":"0"}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"field":{"characteristic":"5","degree":1},"element":"0"},"group_factorization":[{"prime":"2","exponent":2}],"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ElementRequest {
			F := randomField(ctx, rng, 40, 2)
			return ElementRequest{Field: F.toField(), Element: F.toElement(F.random(rng))}
		},
	}
}

func decidePrimitivity(ctx context.Context, q ElementRequest) (PrimitivityResult, error) {
	F, err := parseOrderField(q.Field)
	if err != nil {
		return PrimitivityResult{}, err
	}
	a, err := F.parseElement(q.Element, "/payload/element")
	if err != nil {
		return PrimitivityResult{}, err
	}
	pr, err := F.certify(ctx)
	if err != nil {
		return PrimitivityResult{}, err
	}
	fs, err := F.groupFactorization(ctx)
	if err != nil {
		return PrimitivityResult{}, err
	}
	res := PrimitivityResult{GroupFactorization: fs, CharacteristicPrimality: Primality(pr)}
	if isZero(a) {
		res.Verdict = core.Rejected
		return res, nil
	}
	w, err := F.primitivityWitness(ctx, a, fs)
	if err != nil {
		return PrimitivityResult{}, err
	}
	if w == nil {
		res.Verdict = core.Accepted
		return res, nil
	}
	wi := core.Int(w)
	res.Verdict, res.Witness = core.Rejected, &wi
	return res, nil
}

// checkPrimitivity re-verifies the evidence: the bindings, the
// factorization of q − 1, and for an acceptance a^((q−1)/r) ≠ 1 for every
// prime listed, for a rejection a = 0 or a^((q−1)/w) = 1 for the witness.
func checkPrimitivity(ctx context.Context, q ElementRequest, r PrimitivityResult) error {
	F, err := parseOrderField(q.Field)
	if err != nil {
		return err
	}
	a, err := F.parseElement(q.Element, "/payload/element")
	if err != nil {
		return err
	}
	if mustJSON(r.Bindings) != mustJSON(core.Bind(q)) {
		return errors.New("the verdict is not bound to its request")
	}
	if err := checkGroupFactorization(F, r.GroupFactorization); err != nil {
		return err
	}
	switch r.Verdict {
	case core.Accepted:
		if isZero(a) || r.Witness != nil {
			return errors.New("an acceptance of zero, or with a witness")
		}
		for _, pp := range r.GroupFactorization {
			am, err := F.powCtx(ctx, a, new(big.Int).Quo(F.qm1, pp.Prime.Big()))
			if err != nil {
				return err
			}
			if isOne(am) {
				return fmt.Errorf("accepted, but a^((q−1)/%s) = 1", pp.Prime)
			}
		}
		return nil
	case core.Rejected:
		if isZero(a) {
			if r.Witness != nil {
				return errors.New("zero is rejected without a witness")
			}
			return nil
		}
		if r.Witness == nil {
			return errors.New("a rejection of a nonzero element needs a witness")
		}
		w := r.Witness.Big()
		if new(big.Int).Mod(F.qm1, w).Sign() != 0 {
			return errors.New("the witness does not divide q − 1")
		}
		if st, _ := primality.Test(w); st != primality.Prime {
			return errors.New("the witness is not prime")
		}
		am, err := F.powCtx(ctx, a, new(big.Int).Quo(F.qm1, w))
		if err != nil {
			return err
		}
		if !isOne(am) {
			return errors.New("the witness does not show a smaller order")
		}
		return nil
	}
	return fmt.Errorf("unexpected verdict %q", r.Verdict)
}
