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

// Limits of polynomial.derivative.compute.
const (
	DerivativeMaxDegree = 5000
	DerivativeMaxBits   = 4096
	// DerivativeMaxOrder bounds the order; beyond the degree every
	// derivative is zero, so the bound only keeps the number sane.
	DerivativeMaxOrder = 1_000_000
)

var derivativeLimits = sizeLimits{maxDegree: DerivativeMaxDegree, maxBits: DerivativeMaxBits}

// DerivativeRequest is a polynomial and the order of the derivative
// (default 1; order 0 returns the polynomial itself).
type DerivativeRequest struct {
	Polynomial PolyInput `json:"polynomial"`
	Order      *int      `json:"order,omitempty" jsonschema:"order k of the derivative, default 1"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *DerivativeRequest) UnmarshalJSON(b []byte) error {
	if err := decodeObject(b, map[string]any{"polynomial": &q.Polynomial, "order": &q.Order}); err != nil {
		return err
	}
	if q.Order != nil && *q.Order < 0 {
		return &core.PayloadError{Path: "/payload/order", Message: "the order must be a non-negative integer"}
	}
	return nil
}

func (q DerivativeRequest) order() int {
	if q.Order == nil {
		return 1
	}
	return *q.Order
}

// DerivativeResult is the k-th derivative.
type DerivativeResult struct {
	Derivative core.Polynomial[core.Rational] `json:"derivative"`
}

// derivativeOperation computes the k-th derivative d^k f/dx^k: the
// coefficient of x^i is f_{i+k}·(i+k)!/i! (the falling factorial). An
// order above the degree gives the zero polynomial. Canonical form: reduced
// rational coefficients, constant term first, no trailing zeros, in the
// input's variable.
func derivativeOperation() core.Operation[DerivativeRequest, DerivativeResult] {
	return core.Operation[DerivativeRequest, DerivativeResult]{
		ID:         "polynomial.derivative.compute",
		Title:      "Polynomial derivative",
		Summary:    "Differentiates a univariate polynomial with rational coefficients, optionally k times.",
		Keywords:   []string{"polynomial", "derivative", "differentiate", "deriv", "d/dx", "higher derivative"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds: func() core.Bounds {
			b := polyBounds(DerivativeMaxDegree, "polynomial")
			b["/order"] = DerivativeMaxOrder
			return b
		}(),
		Limits: append(derivativeLimits.declare(withPolynomial), core.Limit{Name: "order", Max: DerivativeMaxOrder, Unit: "order", Description: "the order of the derivative",
			Beyond: func() string {
				return fmt.Sprintf(`{"polynomial":{"expression":"x"},"order":%d}`, DerivativeMaxOrder+1)
			},
			At: func() string {
				return fmt.Sprintf(`{"polynomial":{"expression":"x^3 + 1"},"order":%d}`, DerivativeMaxOrder)
			}}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a negative order", Payload: `{"polynomial":{"expression":"x^2"},"order":-1}`, Code: core.InvalidPayload, Path: "/payload/order"},
			}
		},
		Preflight: func(ctx context.Context, q DerivativeRequest) error {
			if err := derivativeLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if q.order() > DerivativeMaxOrder {
				return core.Refusef("order %d is beyond the limit of %d", q.order(), DerivativeMaxOrder)
			}
			return nil
		},
		Run: func(ctx context.Context, q DerivativeRequest) (DerivativeResult, error) {
			f, err := q.Polynomial.poly(ctx)
			if err != nil {
				return DerivativeResult{}, err
			}
			d, err := qderivK(ctx, f, q.order())
			if err != nil {
				return DerivativeResult{}, err
			}
			return DerivativeResult{polyOf(q.Polynomial.variable, d)}, nil
		},
		Postcondition: checkDerivative,
		Examples: []core.Example{
			{Title: "first derivative", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2*x + 1"}}`),
				Result: json.RawMessage(`{"derivative":{"variable":"x","coefficients":["-2","0","3"],"expression":"3*x^2 - 2"}}`)},
			{Title: "second derivative with rational coefficients", Payload: json.RawMessage(`{"polynomial":{"variable":"t","coefficients":["5","1/2","0","1/3"]},"order":2}`),
				Result: json.RawMessage(`{"derivative":{"variable":"t","coefficients":["0","2"],"expression":"2*t"}}`)},
			{Title: "order above the degree", Payload: json.RawMessage(`{"polynomial":{"expression":"x^2"},"order":3}`),
				Result: json.RawMessage(`{"derivative":{"variable":"x","coefficients":[],"expression":"0"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) DerivativeRequest {
			k := rng.IntN(5)
			return DerivativeRequest{Polynomial: polyInputOf("x", randomQ(rng, rng.IntN(20), 60)), Order: &k}
		},
		Slow: func() string {
			return `{"polynomial":{"expression":"(x + 1)^3000"},"order":1000}`
		},
	}
}

// qderivK is the k-th derivative. The falling factorial (i+k)!/i! is
// updated from i to i+1 by one multiplication and one exact division.
func qderivK(ctx context.Context, f qpoly, k int) (qpoly, error) {
	if k >= len(f) {
		return nil, nil
	}
	if k == 0 {
		return f.clone(), nil
	}
	out := make(qpoly, len(f)-k)
	fall := big.NewInt(1) // (0+k)!/0! = k!
	for j := 2; j <= k; j++ {
		fall.Mul(fall, big.NewInt(int64(j)))
	}
	for i := range out {
		if i%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if i > 0 {
			// (i+k)!/i! = (i−1+k)!/(i−1)! · (i+k)/i
			fall.Mul(fall, big.NewInt(int64(i+k)))
			fall.Quo(fall, big.NewInt(int64(i)))
		}
		out[i] = new(big.Rat).Mul(f[i+k], new(big.Rat).SetInt(fall))
	}
	return qtrim(out), nil
}

// checkDerivative verifies the degree exactly and the Taylor coefficient
// identity modulo a prime: f^(k)(t) = k!·Σ_j C(j, k) f_j t^(j−k), with the
// binomials built by word arithmetic, a different route from Run's.
func checkDerivative(ctx context.Context, q DerivativeRequest, r DerivativeResult) error {
	if err := wellFormed(r.Derivative); err != nil {
		return err
	}
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	d := qOf(r.Derivative)
	k := q.order()
	wantDeg := len(f) - 1 - k
	if wantDeg < 0 {
		wantDeg = -1
	}
	if d.deg() != wantDeg {
		return fmt.Errorf("derivative of order %d has degree %d, want %d", k, d.deg(), wantDeg)
	}
	if wantDeg < 0 {
		return nil
	}
	return withImages([]qpoly{f, d}, func(p uint64, img [][]uint64) error {
		t := checkPoint(p)
		// Σ_j C(j, k) f_j t^(j−k) by Horner over j ≥ k, with C(j, k)
		// from C(j−1, k)·j/(j−k).
		binom := make([]uint64, len(f))
		binom[k] = 1
		for j := k + 1; j < len(f); j++ {
			inv, _ := modular.Inverse(uint64(j-k)%p, p)
			binom[j] = modular.Mul(modular.Mul(binom[j-1], uint64(j)%p, p), inv, p)
		}
		var acc uint64
		for j := len(f) - 1; j >= k; j-- {
			acc = modular.Add(modular.Mul(acc, t, p), modular.Mul(binom[j], img[0][j], p), p)
		}
		kfact := uint64(1)
		for j := 2; j <= k; j++ {
			kfact = modular.Mul(kfact, uint64(j)%p, p)
		}
		if modular.Mul(acc, kfact, p) != evalMod(img[1], t, p) {
			return fmt.Errorf("derivative disagrees with the Taylor identity modulo %d", p)
		}
		return nil
	})
}
