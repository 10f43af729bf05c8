package polynomial

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// Limits of polynomial.evaluate.compute.
const (
	EvaluateMaxDegree = 5000
	EvaluateMaxBits   = 4096
	// EvaluateMaxPointBits bounds the numerator plus denominator bits of
	// the point: the value has about degree·(point bits) bits.
	EvaluateMaxPointBits = 256
)

var evaluateLimits = sizeLimits{maxDegree: EvaluateMaxDegree, maxBits: EvaluateMaxBits}

// EvaluateRequest is a polynomial and a rational point.
type EvaluateRequest struct {
	Polynomial PolyInput     `json:"polynomial"`
	At         core.Rational `json:"at"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *EvaluateRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"polynomial": &q.Polynomial, "at": &q.At})
}

// EvaluateResult is the exact value, reduced.
type EvaluateResult struct {
	Value core.Rational `json:"value"`
}

// evaluateOperation computes f(at) exactly. With f = P/d and at = u/v it
// runs Horner's rule on integers, Σ p_i·u^i·v^(n−i), and reduces once at
// the end, avoiding a gcd per step (Knuth, TAOCP vol. 2, §4.6.4). The
// value of the zero polynomial is 0. Canonical form: a reduced rational.
func evaluateOperation() core.Operation[EvaluateRequest, EvaluateResult] {
	return core.Operation[EvaluateRequest, EvaluateResult]{
		ID:         "polynomial.evaluate.compute",
		Title:      "Polynomial evaluation",
		Summary:    "Evaluates a univariate polynomial with rational coefficients exactly at a rational point.",
		Keywords:   []string{"polynomial", "evaluate", "value", "substitute", "subst", "horner", "point"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial", "rational"},
		Bounds:     polyBounds(EvaluateMaxDegree, "polynomial"),
		Limits: append(evaluateLimits.declare(func(poly string) string { return `{"polynomial":` + poly + `,"at":"1"}` }),
			core.Limit{Name: "point_bits", Max: EvaluateMaxPointBits, Unit: "bits", Description: "the point's numerator and denominator together have at most this many bits",
				Beyond: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x"},"at":"%s"}`, powerOfTwo(EvaluateMaxPointBits))
				},
				// An integer point counts its numerator alone.
				At: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x^2 + 1"},"at":"-%s"}`, allOnes(EvaluateMaxPointBits))
				}}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a point sent as a JSON number", Payload: `{"polynomial":{"expression":"x"},"at":2}`, Code: core.InvalidPayload, Path: "/payload/at"},
				{Title: "a decimal point", Payload: `{"polynomial":{"expression":"x"},"at":"1.5"}`, Code: core.InvalidPayload, Path: "/payload/at"},
			}
		},
		Preflight: func(ctx context.Context, q EvaluateRequest) error {
			if err := evaluateLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if b := maxBits(qpoly{q.At.Rat()}); b > EvaluateMaxPointBits {
				return core.Refusef("the point has %d bits; at most %d are accepted", b, EvaluateMaxPointBits)
			}
			return nil
		},
		Run: func(ctx context.Context, q EvaluateRequest) (EvaluateResult, error) {
			f, err := q.Polynomial.poly(ctx)
			if err != nil {
				return EvaluateResult{}, err
			}
			v, err := qeval(ctx, f, q.At.Rat())
			if err != nil {
				return EvaluateResult{}, err
			}
			return EvaluateResult{core.Rat(v)}, nil
		},
		// The value agrees with f(at) modulo a prime, by word arithmetic.
		Postcondition: func(ctx context.Context, q EvaluateRequest, r EvaluateResult) error {
			f, err := q.Polynomial.poly(ctx)
			if err != nil {
				return err
			}
			return withImages([]qpoly{f, {q.At.Rat()}, {r.Value.Rat()}}, func(p uint64, img [][]uint64) error {
				var at, want uint64
				if len(img[1]) > 0 {
					at = img[1][0]
				}
				if len(img[2]) > 0 {
					want = img[2][0]
				}
				if evalMod(img[0], at, p) != want {
					return fmt.Errorf("the value disagrees with Horner's rule modulo %d", p)
				}
				return nil
			})
		},
		Examples: []core.Example{
			{Title: "integer point", Payload: json.RawMessage(`{"polynomial":{"expression":"x^3 - 2*x + 1"},"at":"3"}`), Result: json.RawMessage(`{"value":"22"}`)},
			{Title: "rational point and coefficients", Payload: json.RawMessage(`{"polynomial":{"coefficients":["1/3","0","2"]},"at":"-1/2"}`), Result: json.RawMessage(`{"value":"5/6"}`)},
			{Title: "the zero polynomial", Payload: json.RawMessage(`{"polynomial":{"coefficients":[]},"at":"7"}`), Result: json.RawMessage(`{"value":"0"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) EvaluateRequest {
			at := randomQ(rng, 1, 30)
			x := new(big.Rat)
			if len(at) > 0 {
				x = at[0]
			}
			return EvaluateRequest{Polynomial: polyInputOf("x", randomQ(rng, rng.IntN(20), 60)), At: core.Rat(x)}
		},
		Slow: func() string {
			return slowEvaluate()
		},
	}
}

// slowEvaluate is a degree-5000 polynomial with coefficients of about
// 3500 bits at a 254-bit point: about 640 000 bits of value.
func slowEvaluate() string {
	return fmt.Sprintf(`{"polynomial":{"expression":"(2^1000 + 1)*(x^2 + 1)^2500"},"at":"%s/%s"}`,
		new(big.Int).Lsh(big.NewInt(1), 127), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1)))
}
