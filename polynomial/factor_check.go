package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
)

// IrreducibilityRequest is one nonzero polynomial over Q.
type IrreducibilityRequest struct {
	Polynomial PolyInput `json:"polynomial"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *IrreducibilityRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"polynomial": &q.Polynomial})
}

// IrreducibilityResult is the verdict with its evidence: for a rejection
// of a non-constant polynomial a proper factor, and for an acceptance the
// prime modulo which the polynomial is irreducible when a small one
// exists.
type IrreducibilityResult struct {
	core.CheckResult
	core.Bindings[IrreducibilityRequest]
	Witness *core.Polynomial[core.Rational] `json:"witness,omitempty" jsonschema:"for a rejection, an irreducible factor of lower degree (primitive, positive leading coefficient)"`
	Prime   *core.Integer                   `json:"prime,omitempty" jsonschema:"for an acceptance, a small prime modulo which the polynomial is irreducible, when one was found"`
	Reason  string                          `json:"reason" jsonschema:"why the verdict was reached"`
}

// irreducibilityOperation decides whether a polynomial is irreducible
// over Q (equivalently, for a primitive one, over Z).
//
// Accepted when f is non-constant and not a product of two non-constant
// polynomials over Q; rejected otherwise, with the factor of lowest
// degree in the canonical order of polynomial.factorization.compute as
// the witness (none for a constant, which is a unit). Never
// inconclusive. Degree 1 is accepted at once; otherwise the square-free
// decomposition finds repeated factors, a small prime modulo which f is
// irreducible (or whose factor degrees admit no proper factor together
// with the others') accepts f with that prime as evidence, and the full
// factorization (factor_zx.go) decides the rest. The postcondition
// divides f by the witness exactly, and for an acceptance checks that
// f is square-free, has no rational root and is irreducible modulo the
// prime given.
func irreducibilityOperation() core.Operation[IrreducibilityRequest, IrreducibilityResult] {
	return core.Operation[IrreducibilityRequest, IrreducibilityResult]{
		ID:         "polynomial.irreducibility.check",
		Title:      "Check irreducibility over Q",
		Summary:    "Checks whether a univariate polynomial over Q is irreducible, with a proper factor as the witness of a rejection and a prime modulo which it stays irreducible as evidence of an acceptance when one exists.",
		Keywords:   []string{"polynomial", "irreducible", "irreducibility", "polisirreducible", "is prime polynomial", "factor", "witness", "certificate"},
		Kind:       core.Check,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(FactorMaxDegree, "polynomial"),
		Limits:     append(factorLimits.declare(withPolynomial), clearedLimit(FactorMaxClearedBits, withPolynomial, FactorMaxDegree)),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
			}
		},
		Preflight: func(ctx context.Context, q IrreducibilityRequest) error {
			return preflightFactor(q.Polynomial)
		},
		Run:           runIrreducibility,
		Postcondition: checkIrreducibility,
		Examples: []core.Example{
			// PARI/GP 2.15.2: polisirreducible(x^4 + 1) = 1; x^4 + 1 is irreducible modulo no prime.
			{Title: "irreducible over Q, reducible modulo every prime", Payload: json.RawMessage(`{"polynomial":{"expression":"x^4 + 1"}}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"polynomial":{"expression":"x^4 + 1"}},"reason":"the factorization over Z has one factor"}`)},
			// PARI/GP 2.15.2: polisirreducible(x^3 - 2) = 1
			{Title: "irreducible modulo 7", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2"}}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"polynomial":{"expression":"x^3 - 2"}},"prime":"7","reason":"irreducible modulo 7, and so over Q"}`)},
			// PARI/GP 2.15.2: factor(x^4 + 4) = [x^2 - 2*x + 2, 1; x^2 + 2*x + 2, 1]
			{Title: "reducible", Payload: json.RawMessage(`{"polynomial":{"expression":"x^4 + 4"}}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"polynomial":{"expression":"x^4 + 4"}},"witness":{"variable":"x","coefficients":["2","-2","1"],"expression":"x^2 - 2*x + 2"},"reason":"a proper factor"}`)},
			{Title: "a constant", Payload: json.RawMessage(`{"polynomial":{"coefficients":["3"]}}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"polynomial":{"variable":"x","coefficients":["3"]}},"reason":"a nonzero constant is a unit, not irreducible"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) IrreducibilityRequest {
			if rng.IntN(2) == 0 {
				return IrreducibilityRequest{Polynomial: polyInputOf("x", toQ(randomZ(rng, rng.IntN(12)+1, 16)))}
			}
			return IrreducibilityRequest{Polynomial: polyInputOf("x", randomFactorable(ctx, rng))}
		},
		Slow: func() string {
			return `{"polynomial":` + polyJSON(swinnertonDyer(8)) + `}`
		},
	}
}

const (
	reasonConstant     = "a nonzero constant is a unit, not irreducible"
	reasonProperFactor = "a proper factor"
	reasonOneFactor    = "the factorization over Z has one factor"
	reasonLinear       = "of degree 1"
)

func runIrreducibility(ctx context.Context, q IrreducibilityRequest) (IrreducibilityResult, error) {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return IrreducibilityResult{}, err
	}
	if len(f) == 0 {
		return IrreducibilityResult{}, zeroFactor()
	}
	out := IrreducibilityResult{Bindings: core.Bind(q)}
	switch f.deg() {
	case 0:
		out.Verdict, out.Reason = core.Rejected, reasonConstant
		return out, nil
	case 1:
		out.Verdict, out.Reason = core.Accepted, reasonLinear
		return out, nil
	}
	_, pf, err := qprimitive(ctx, f)
	if err != nil {
		return IrreducibilityResult{}, err
	}
	if p, err := irreducibleModPrime(ctx, pf); err == nil {
		prime := core.Int64(int64(p))
		out.Verdict, out.Prime, out.Reason = core.Accepted, &prime, fmt.Sprintf("irreducible modulo %d, and so over Q", p)
		return out, nil
	} else if !errors.Is(err, errNoPrimeCertificate) {
		return IrreducibilityResult{}, err
	}
	_, fs, err := factorQ(ctx, f)
	if err != nil {
		return IrreducibilityResult{}, err
	}
	if len(fs) == 1 && fs[0].multiplicity == 1 {
		out.Verdict, out.Reason = core.Accepted, reasonOneFactor
		return out, nil
	}
	w := polyOfZ(q.Polynomial.variable, fs[0].factor)
	out.Verdict, out.Witness, out.Reason = core.Rejected, &w, reasonProperFactor
	return out, nil
}

// checkIrreducibility re-verifies the evidence: a witness is a
// non-constant factor of lower degree dividing f; an acceptance has f
// square-free without rational roots (degree ≥ 2), and irreducible modulo
// the prime given, if any.
func checkIrreducibility(ctx context.Context, q IrreducibilityRequest, r IrreducibilityResult) error {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	switch r.Verdict {
	case core.Rejected:
		if strings.TrimSpace(r.Reason) == "" {
			return errors.New("a rejection without a reason")
		}
		if f.deg() == 0 {
			return nil
		}
		if r.Witness == nil {
			return errors.New("a non-constant polynomial rejected without a witness")
		}
		if err := wellFormed(*r.Witness); err != nil {
			return err
		}
		w := qOf(*r.Witness)
		if w.deg() < 1 || w.deg() > f.deg() || w.deg() == f.deg() && f.deg() > 0 {
			return fmt.Errorf("the witness has degree %d, not a proper factor of a polynomial of degree %d", w.deg(), f.deg())
		}
		if _, rem, err := qdivrem(ctx, f, w); err != nil || len(rem) != 0 {
			return errors.New("the witness does not divide the polynomial")
		}
		return nil
	case core.Accepted:
		if f.deg() < 1 {
			return errors.New("accepted a constant")
		}
		if f.deg() == 1 {
			return nil
		}
		if !coprimeOverQ(f, qderiv(f)) {
			return errors.New("accepted a polynomial with a repeated factor")
		}
		_, pf, err := qprimitive(ctx, f)
		if err != nil {
			return err
		}
		if rs, err := rationalRootsSquareFree(ctx, pf); err != nil || len(rs) > 0 {
			return errors.New("accepted a polynomial with a rational root")
		}
		if r.Prime != nil {
			p := r.Prime.Big()
			if !p.IsUint64() || !p.ProbablyPrime(20) || p.Uint64() >= 1<<31 {
				return errors.New("the evidence is not a small prime")
			}
			F := gfpoly.NewField(p.Uint64())
			gp := monicMod(F, pf)
			if gp == nil || gfpoly.Degree(F.GCD(gp, F.Derivative(gp))) > 0 {
				return errors.New("the prime divides the leading coefficient or the discriminant")
			}
			parts, err := distinctDegree(ctx, F, gp)
			if err != nil {
				return err
			}
			if countFactors(parts) != 1 || len(parts) != 1 || parts[0].degree != pf.deg() {
				return fmt.Errorf("the polynomial is not irreducible modulo %s", p)
			}
		}
		return nil
	}
	return errors.New("the check is never inconclusive")
}
