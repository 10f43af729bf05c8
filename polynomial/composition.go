package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// Limits of polynomial.composition.compute.
const (
	CompositionMaxDegree = 2000
	CompositionMaxBits   = 4096
	// CompositionMaxResultDegree bounds deg(outer)·deg(inner).
	CompositionMaxResultDegree = 10_000
)

var compositionLimits = sizeLimits{maxDegree: CompositionMaxDegree, maxBits: CompositionMaxBits}

// CompositionRequest is outer and inner; the result is outer(inner(x)).
type CompositionRequest struct {
	Outer PolyInput `json:"outer"`
	Inner PolyInput `json:"inner"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *CompositionRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"outer": &q.Outer, "inner": &q.Inner})
}

// CompositionResult is outer(inner(x)).
type CompositionResult struct {
	Composition core.Polynomial[core.Rational] `json:"composition"`
}

// compositionOperation computes f(g(x)).
//
// Canonical form: reduced rational coefficients, constant term first, no
// trailing zeros, in inner's variable (outer's variable is the one
// substituted for, so the two may differ); deg f(g) = deg f·deg g when
// both are nonzero, and a constant f gives f. Algorithm: after clearing
// denominators, divide-and-conquer composition over Z[x] on the powers
// g^(2^j) (von zur Gathen and Gerhard, "Modern Computer Algebra", §9.4),
// with Horner's rule below nine terms, every product by core/zpoly's fast
// multiplication; see compose. The postcondition compares
// f(g(t)) with the result at t for images modulo two primes (Schwartz–
// Zippel: a wrong result of degree at most 10^4 survives each with
// probability below 10^-14), and the degree.
func compositionOperation() core.Operation[CompositionRequest, CompositionResult] {
	payload := func(poly string) string { return `{"outer":` + poly + `,"inner":{"expression":"x + 1"}}` }
	return core.Operation[CompositionRequest, CompositionResult]{
		ID:         "polynomial.composition.compute",
		Title:      "Polynomial composition",
		Summary:    "Composes two univariate polynomials with rational coefficients, outer(inner(x)), by divide-and-conquer composition over fast Z[x] products.",
		Keywords:   []string{"polynomial", "composition", "compose", "substitute", "subst", "f(g(x))", "change of variable", "shift"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(CompositionMaxDegree, "outer", "inner"),
		Limits: append(compositionLimits.declare(payload),
			core.Limit{Name: "result_degree", Max: CompositionMaxResultDegree, Unit: "degree", Description: "deg(outer)·deg(inner) is at most this",
				Beyond: func() string { return `{"outer":{"expression":"x^101"},"inner":{"expression":"x^100 + 1"}}` },
				At:     func() string { return `{"outer":{"expression":"x^100 - 1"},"inner":{"expression":"x^100 + 1"}}` }},
			core.Limit{Name: "result_bits", Max: ResultMaxBits, Unit: "bits", Description: "(deg f·deg g + 1)·(bits of f + deg f·(bits of g + log2(terms of g))), a bound on the total size of f(g), is at most this",
				// With f = c·x^33, c of b bits, and g = d·x^31, d of 400
				// bits: (33·31 + 1)·(b + 33·(400 + log2 32)) = 2^24 for
				// b = 3019.
				Beyond: func() string {
					return `{"outer":` + monomialJSON(33, allOnes(3020).String()) + `,"inner":` + monomialJSON(31, allOnes(400).String()) + `}`
				},
				At: func() string {
					return `{"outer":` + monomialJSON(33, allOnes(3019).String()) + `,"inner":` + monomialJSON(31, allOnes(400).String()) + `}`
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a malformed inner expression", Payload: `{"outer":{"expression":"x^2"},"inner":{"expression":"x^"}}`, Code: core.InvalidPayload, Path: "/payload/inner/expression"},
			}
		},
		Preflight: preflightComposition,
		Run: func(ctx context.Context, q CompositionRequest) (CompositionResult, error) {
			f, err := q.Outer.poly(ctx)
			if err != nil {
				return CompositionResult{}, err
			}
			g, err := q.Inner.poly(ctx)
			if err != nil {
				return CompositionResult{}, err
			}
			h, err := compose(ctx, f, g)
			if err != nil {
				return CompositionResult{}, err
			}
			return CompositionResult{polyOf(q.Inner.variable, h)}, nil
		},
		Postcondition: checkComposition,
		Examples: []core.Example{
			// PARI/GP 2.15.2: subst(x^2 + 1, x, 2*x - 3) = 4*x^2 - 12*x + 10
			{Title: "square of a linear polynomial", Payload: json.RawMessage(`{"outer":{"expression":"x^2 + 1"},"inner":{"expression":"2*x - 3"}}`),
				Result: json.RawMessage(`{"composition":{"variable":"x","coefficients":["10","-12","4"],"expression":"4*x^2 - 12*x + 10"}}`)},
			// PARI/GP 2.15.2: subst(1/2*y^3 - y, y, t^2 + 1) = 1/2*t^6 + 3/2*t^4 + 1/2*t^2 - 1/2
			{Title: "different variables", Payload: json.RawMessage(`{"outer":{"variable":"y","coefficients":["0","-1","0","1/2"]},"inner":{"expression":"t^2 + 1"}}`),
				Result: json.RawMessage(`{"composition":{"variable":"t","coefficients":["-1/2","0","1/2","0","3/2","0","1/2"],"expression":"1/2*t^6 + 3/2*t^4 + 1/2*t^2 - 1/2"}}`)},
			{Title: "a constant outer polynomial", Payload: json.RawMessage(`{"outer":{"coefficients":["7"]},"inner":{"expression":"x^5 - x"}}`),
				Result: json.RawMessage(`{"composition":{"variable":"x","coefficients":["7"],"expression":"7"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) CompositionRequest {
			return CompositionRequest{Outer: polyInputOf("x", randomQ(rng, rng.IntN(8), 30)), Inner: polyInputOf("x", randomQ(rng, rng.IntN(6), 30))}
		},
		Slow: func() string {
			return `{"outer":` + monomialJSON(100, "3") + `,"inner":{"coefficients":["-5","0","0","7"` + strings.Repeat(`,"1"`, 97) + `]}}`
		},
	}
}

func preflightComposition(ctx context.Context, q CompositionRequest) error {
	if err := compositionLimits.check("outer", q.Outer); err != nil {
		return err
	}
	if err := compositionLimits.check("inner", q.Inner); err != nil {
		return err
	}
	df, dg := max(q.Outer.degree(), 0), max(q.Inner.degree(), 0)
	if df*dg > CompositionMaxResultDegree {
		return core.Refusef("the composition has degree up to %d·%d, beyond the limit of %d", df, dg, CompositionMaxResultDegree)
	}
	// ‖f(g)‖₁ ≤ ‖f‖₁·max(‖g‖₁, 1)^deg f, and a coefficient's numerator and
	// denominator together take at most that many bits.
	per := float64(q.Outer.coefficientBits()) + float64(df)*(float64(q.Inner.coefficientBits())+math.Log2(float64(dg+1)))
	if total := float64(df*dg+1) * per; total > ResultMaxBits {
		return core.Refusef("the composition may take up to %.0f bits, beyond the limit of %d", total, ResultMaxBits)
	}
	return nil
}

// compose returns f(g). With f = F/d_f and g = G/d_g over Z,
// f(g) = Σ F_i·d_g^(n−i)·G^i / (d_f·d_g^n), so the work is one integer
// composition, done by divide and conquer: with m a power of two,
// F = L + x^m·U gives F(G) = L(G) + G^m·U(G), the powers G^(2^j) built by
// squaring once, so that every product is balanced and the fast Z[x]
// multiplication pays (von zur Gathen and Gerhard, §9.4 and exercise 9.20).
func compose(ctx context.Context, f, g qpoly) (qpoly, error) {
	if len(f) == 0 {
		return qpoly{}, nil
	}
	F, df, err := clearDenominators(ctx, f)
	if err != nil {
		return nil, err
	}
	G, dg, err := clearDenominators(ctx, g)
	if err != nil {
		return nil, err
	}
	n := f.deg()
	scaled := make(zpoly, n+1)
	pow := big.NewInt(1)
	for i := n; i >= 0; i-- {
		scaled[i] = new(big.Int).Mul(F[i], pow)
		pow.Mul(pow, dg)
	}
	// pow is now d_g^(n+1); the denominator is d_f·d_g^n.
	den := new(big.Int).Quo(pow, dg)
	den.Mul(den, df)
	if len(G) == 0 {
		G = zpoly{}
	}
	var powers []zpoly // powers[j] = G^(2^j)
	for m := 1; m <= n; m *= 2 {
		if len(powers) == 0 {
			powers = append(powers, G)
			continue
		}
		last := powers[len(powers)-1]
		sq, err := zmul(ctx, last, last)
		if err != nil {
			return nil, err
		}
		powers = append(powers, sq)
	}
	h, err := composeZ(ctx, scaled, G, powers)
	if err != nil {
		return nil, err
	}
	return zpolyOver(h, den), nil
}

// composeZ is F(G) over Z, powers[j] being G^(2^j).
func composeZ(ctx context.Context, F, G zpoly, powers []zpoly) (zpoly, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(F) <= 8 {
		return composeHorner(ctx, F, G)
	}
	j := 0
	for 2<<j < len(F) {
		j++
	}
	m := 1 << j // the largest power of two below len(F)
	lo, err := composeZ(ctx, ztrim(F[:m].clone()), G, powers)
	if err != nil {
		return nil, err
	}
	hi, err := composeZ(ctx, F[m:], G, powers)
	if err != nil {
		return nil, err
	}
	if hi, err = zmul(ctx, hi, powers[j]); err != nil {
		return nil, err
	}
	return zadd(lo, hi), nil
}

// composeHorner is F(G) over Z by Horner's rule: the reference for
// composeZ, and its base case.
func composeHorner(ctx context.Context, F, G zpoly) (zpoly, error) {
	if len(F) == 0 {
		return zpoly{}, nil
	}
	h := zpoly{new(big.Int).Set(F.lc())}
	for i := F.deg() - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		if h, err = zmul(ctx, h, G); err != nil {
			return nil, err
		}
		h = zadd(h, zpoly{F[i]})
	}
	return ztrim(h), nil
}

// zadd is a + b.
func zadd(a, b zpoly) zpoly {
	out := zzeros(max(len(a), len(b)))
	for i := range out {
		if i < len(a) {
			out[i].Set(a[i])
		}
		if i < len(b) {
			out[i].Add(out[i], b[i])
		}
	}
	return ztrim(out)
}

// checkComposition compares f(g(t)) and h(t) modulo two primes, and the
// degree.
func checkComposition(ctx context.Context, q CompositionRequest, r CompositionResult) error {
	if err := wellFormed(r.Composition); err != nil {
		return err
	}
	f, err := q.Outer.poly(ctx)
	if err != nil {
		return err
	}
	g, err := q.Inner.poly(ctx)
	if err != nil {
		return err
	}
	h := qOf(r.Composition)
	want := -1
	switch {
	case len(f) == 0:
	case f.deg() == 0 || g.deg() <= 0:
		want = h.deg() // a constant: checked by value below
	default:
		want = f.deg() * g.deg()
	}
	if h.deg() != want {
		return fmt.Errorf("the composition has degree %d, not %d", h.deg(), want)
	}
	checked := 0
	ps := checkPrimes()
	for checked < 2 {
		p := ps.take()
		imgs, ok := modImages(p, []qpoly{f, g, h})
		if !ok {
			continue
		}
		t := modular.Add(checkPoint(p), uint64(checked), p)
		if evalMod(imgs[0], evalMod(imgs[1], t, p), p) != evalMod(imgs[2], t, p) {
			return errors.New("outer(inner(t)) differs from the result at a check point")
		}
		checked++
	}
	return nil
}
