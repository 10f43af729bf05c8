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

// OrderRequest asks for the multiplicative order of a nonzero element.
type OrderRequest struct {
	Field   Field   `json:"field"`
	Element Element `json:"element"`
}

// PrimePower is prime^exponent.
type PrimePower struct {
	Prime    core.Integer `json:"prime"`
	Exponent int          `json:"exponent"`
}

// OrderResult is the order n of the element (the least n ≥ 1 with a^n = 1),
// its factorization (primes ascending, exponents ≥ 1; empty for n = 1), the
// group order q − 1, which n divides, and whether the element is primitive
// (n = q − 1, a generator of GF(q)*).
type OrderResult struct {
	Order                   core.Integer `json:"order"`
	OrderFactorization      []PrimePower `json:"order_factorization"`
	GroupOrder              core.Integer `json:"group_order"`
	Primitive               bool         `json:"primitive"`
	CharacteristicPrimality Primality    `json:"characteristic_primality"`
}

// MaxOrderFieldBits bounds log2 q for the order operation: factoring q − 1
// by trial division and Pollard rho stays within a second below 2^80, and
// every prime found is proven (2^80 < ψ13).
const MaxOrderFieldBits = 80

// orderFactorBudget bounds the p − 1 squarings and rho iterations spent
// factoring q − 1 < 2^80. A composite part of it free of primes below 2^14
// has a prime factor below 2^40, which rho finds in about 2^20 iterations;
// the bound, far above that, only keeps a pathological run finite.
const orderFactorBudget = 1 << 32

// orderOperation: the multiplicative order of a nonzero a ∈ GF(q)*. Factor
// q − 1 = ∏ r^e with core/factor (trial division, perfect powers, Pollard's
// p − 1, Brent's Pollard rho; every prime proven by deterministic
// Miller–Rabin, as q − 1 < 2^80 < ψ13), start from n = q − 1 and, for each prime r, divide n by r
// while a^(n/r) = 1 (Cohen, A Course in Computational Algebraic Number
// Theory, Algorithm 1.4.3). The factorization of the order is returned so
// the postcondition can check minimality without factoring.
func orderOperation() core.Operation[OrderRequest, OrderResult] {
	q80 := new(big.Int).Lsh(big.NewInt(1), MaxOrderFieldBits)
	return core.Operation[OrderRequest, OrderResult]{
		ID:         "finite_field.element.order.compute",
		Title:      "Multiplicative order of a finite-field element",
		Summary:    "Multiplicative order of a nonzero element of GF(p) or GF(p^k), with its prime factorization.",
		Keywords:   []string{"multiplicative order", "order", "primitive element", "generator", "finite field", "znorder", "fforder", "discrete logarithm"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "finite_field_element"},
		Limits:     orderLimits(func(f string, k int) string { return `{"field":` + f + `,"element":` + oneIn(k) + `}` }),
		// q ≤ 2^80 bounds p by 25 decimal digits.
		Bounds: fieldBoundsWithin("/field", MaxDegree, 25),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "zero has no order", Payload: `{"field":{"characteristic":"7","degree":1},"element":"0"}`, Code: core.DomainError, Path: "/payload/element"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"15","degree":1},"element":"2"}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
				{Title: "a list over a prime field", Payload: `{"field":{"characteristic":"7","degree":1},"element":["2"]}`, Code: core.InvalidPayload, Path: "/payload/element"},
			}
		},
		Preflight: func(ctx context.Context, q OrderRequest) error {
			_, _, err := parseOrder(q, q80)
			return err
		},
		Run: func(ctx context.Context, q OrderRequest) (OrderResult, error) {
			F, a, err := parseOrder(q, q80)
			if err != nil {
				return OrderResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return OrderResult{}, err
			}
			if isZero(a) {
				return OrderResult{}, core.DomainErrorAt("/payload/element", "0 is not in the multiplicative group of GF(%s) and has no order; give a nonzero element", F.qString())
			}
			n, fac, err := F.order(ctx, a)
			if err != nil {
				return OrderResult{}, err
			}
			return OrderResult{Order: core.Int(n), OrderFactorization: fac, GroupOrder: core.Int(F.qm1), Primitive: n.Cmp(F.qm1) == 0, CharacteristicPrimality: Primality(pr)}, nil
		},
		Postcondition: checkOrder,
		// No Slow payload: nothing within q ≤ 2^80 runs reliably past the
		// 50ms at which the cancellation check cancels. The hardest q − 1,
		// twice two primes near 2^40 (p = 1208925817625612640209207, see
		// slowDiscreteLog), factors in about 40ms, and what follows is a few
		// powers of 80-bit exponents.
		Examples: []core.Example{
			// PARI/GP 2.15: znorder(Mod(2,7)) = 3.
			{Title: "order of 2 in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"element":"2"}`), Result: json.RawMessage(`{"order":"3","order_factorization":[{"prime":"3","exponent":1}],"group_order":"6","primitive":false,"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: a=ffgen(Mod(1,2)*(t^4+t+1),'t); fforder(a) = 15.
			{Title: "t is primitive in GF(16) = GF(2)[t]/(t^4 + t + 1)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":4,"modulus":{"coefficients":["1","1","0","0","1"]}},"element":["0","1"]}`), Result: json.RawMessage(`{"order":"15","order_factorization":[{"prime":"3","exponent":1},{"prime":"5","exponent":1}],"group_order":"15","primitive":true,"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) OrderRequest {
			F := randomField(ctx, rng, 40, 2)
			a := F.random(rng)
			if isZero(a) {
				a = F.one()
			}
			return OrderRequest{Field: F.toField(), Element: F.toElement(a)}
		},
	}
}

func parseOrder(q OrderRequest, bound *big.Int) (*gf, elem, error) {
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, err
	}
	if F.q.Cmp(bound) > 0 {
		return nil, nil, core.Refusef("q = %s exceeds 2^%d; factoring q − 1 is out of reach", F.qString(), MaxOrderFieldBits)
	}
	a, err := F.parseElement(q.Element, "/payload/element")
	if err != nil {
		return nil, nil, err
	}
	return F, a, nil
}

// order returns the multiplicative order of the nonzero a and its
// factorization.
func (F *gf) order(ctx context.Context, a elem) (*big.Int, []PrimePower, error) {
	fs, unfactored, err := factor.Factor(ctx, F.qm1, orderFactorBudget)
	if err != nil {
		return nil, nil, err
	}
	if len(unfactored) > 0 {
		return nil, nil, fmt.Errorf("q − 1 = %v: its composite part %v did not split within %d iterations", F.qm1, unfactored[0].Base, int64(orderFactorBudget))
	}
	for _, f := range fs {
		if f.Base.Cmp(primality.DeterministicBound) >= 0 {
			return nil, nil, fmt.Errorf("q − 1 = %v: its prime factor %v is beyond deterministic Miller–Rabin, so not proven", F.qm1, f.Base)
		}
	}
	n := new(big.Int).Set(F.qm1)
	out := []PrimePower{}
	for _, f := range fs {
		e := f.Exponent
		for e > 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			m := new(big.Int).Quo(n, f.Base)
			am, err := F.powCtx(ctx, a, m)
			if err != nil {
				return nil, nil, err
			}
			if !isOne(am) {
				break
			}
			n, e = m, e-1
		}
		if e > 0 {
			out = append(out, PrimePower{Prime: core.Int(f.Base), Exponent: e})
		}
	}
	return n, out, nil
}

// checkOrder verifies a^n = 1, that the factorization multiplies to n with
// proven primes, that n divides q − 1, and minimality: a^(n/r) ≠ 1 for each
// prime r | n.
func checkOrder(ctx context.Context, q OrderRequest, r OrderResult) error {
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return err
	}
	a, err := F.parseElement(q.Element, "/payload/element")
	if err != nil {
		return err
	}
	n := r.Order.Big()
	if n.Sign() <= 0 {
		return errors.New("order is not positive")
	}
	if r.GroupOrder.Big().Cmp(F.qm1) != 0 {
		return errors.New("group order is not q − 1")
	}
	if r.Primitive != (n.Cmp(F.qm1) == 0) {
		return errors.New("the primitive flag disagrees with the order")
	}
	if new(big.Int).Mod(F.qm1, n).Sign() != 0 {
		return errors.New("order does not divide q − 1")
	}
	prod := big.NewInt(1)
	for i, pp := range r.OrderFactorization {
		rp := pp.Prime.Big()
		if st, _ := primality.Test(rp); st != primality.Prime || pp.Exponent < 1 {
			return fmt.Errorf("factor %s^%d is not a proven prime power", rp, pp.Exponent)
		}
		if i > 0 && r.OrderFactorization[i-1].Prime.Big().Cmp(rp) >= 0 {
			return errors.New("factorization primes are not strictly ascending")
		}
		prod.Mul(prod, new(big.Int).Exp(rp, big.NewInt(int64(pp.Exponent)), nil))
		if isOne(F.powRightToLeft(a, new(big.Int).Quo(n, rp))) {
			return fmt.Errorf("a^(n/%s) = 1: the order is not minimal", rp)
		}
	}
	if prod.Cmp(n) != 0 {
		return errors.New("factorization does not multiply to the order")
	}
	if !isOne(F.powRightToLeft(a, n)) {
		return errors.New("a^order ≠ 1")
	}
	return nil
}
