package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
)

// Limits of polynomial.gcd.compute.
const (
	GCDMaxDegree = 2000
	GCDMaxBits   = 4096
)

var gcdLimits = sizeLimits{maxDegree: GCDMaxDegree, maxBits: GCDMaxBits}

// Ring is the coefficient ring a gcd is taken over.
type Ring string

// The rings.
const (
	RingZ Ring = "Z"
	RingQ Ring = "Q"
)

// JSONSchema restricts the ring to Z and Q.
func (Ring) JSONSchema() *jsonschema.Schema {
	return core.Enum("coefficient ring: Z (integer coefficients; the gcd keeps the gcd of the contents) or Q (the monic gcd)", string(RingZ), string(RingQ))
}

// GCDRequest is two polynomials and the ring (default Q).
type GCDRequest struct {
	Left  PolyInput `json:"left"`
	Right PolyInput `json:"right"`
	Ring  Ring      `json:"ring,omitempty"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *GCDRequest) UnmarshalJSON(b []byte) error {
	return decodeObject(b, map[string]any{"left": &q.Left, "right": &q.Right, "ring": &q.Ring})
}

func (q GCDRequest) ring() Ring {
	if q.Ring == "" {
		return RingQ
	}
	return q.Ring
}

// GCDResult is the gcd in the requested ring with its decomposition
// gcd = content · primitive_part.
type GCDResult struct {
	Ring Ring `json:"ring"`
	// GCD is the headline answer: over Q the monic gcd; over Z the gcd of
	// the contents times the primitive gcd, with positive leading
	// coefficient.
	GCD core.Polynomial[core.Rational] `json:"gcd"`
	// Content is the rational c with gcd = c·primitive_part: over Z the
	// gcd of the inputs' contents, over Q the inverse of the primitive
	// part's leading coefficient.
	Content core.Rational `json:"content"`
	// PrimitivePart is the primitive gcd in Z[x] with positive leading
	// coefficient, the same over both rings.
	PrimitivePart core.Polynomial[core.Rational] `json:"primitive_part"`
}

// gcdOperation computes greatest common divisors of univariate
// polynomials over Z or Q.
//
// Canonical form: over Q (the default) the monic gcd; over Z the gcd of
// the contents times the primitive gcd with positive leading coefficient,
// so gcd(2x+2, 4x−4) is 1 over Q and 2 over Z. Both rings report the
// primitive part (in Z[x], positive leading coefficient) and the content
// with gcd = content·primitive_part. gcd(f, 0) is f normalised;
// gcd(0, 0) = 0 with content 0. Over Z non-integral coefficients are a
// domain error. An input whose coefficients, cleared of their
// denominators, would pass the cleared_bits limit (many distinct
// denominators) is refused before any work (RESOURCE_REFUSED; see
// cleared.go).
//
// Algorithm: the dense modular gcd of Brown and Collins (Geddes, Czapor
// and Labahn §7.4, Algorithm 7.1) on the primitive parts, at every size:
// modulo each 62-bit prime (one per core at a time) the monic gcd by
// core/gfpoly (Euclid below degree 4000, the half-gcd beyond) and the
// cofactors by exact division, combined by Chinese remaindering until a
// norm test proves the gcd times each cofactor equal to the input; see
// gcdalg.go. The postcondition divides the inputs by the result and takes
// the gcd of the cofactors modulo random primes of [2^60, 2^61)
// (certifyGCD in modcheck.go).
func gcdOperation() core.Operation[GCDRequest, GCDResult] {
	return core.Operation[GCDRequest, GCDResult]{
		ID:         "polynomial.gcd.compute",
		Title:      "Polynomial greatest common divisor",
		Summary:    "Greatest common divisor of two univariate polynomials over the integers or the rationals, with its content and primitive part, by the modular algorithm over 62-bit primes (Euclid modulo p below degree 4000, the half-gcd above).",
		Keywords:   []string{"polynomial", "gcd", "greatest common divisor", "common factor", "modular gcd", "content", "primitive part"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds:     polyBounds(GCDMaxDegree, "left", "right"),
		Limits:     append(gcdLimits.declare(withLeft), clearedLimit(GCDMaxClearedBits, withLeft, 400)),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "non-integer coefficients over Z", Payload: `{"left":{"expression":"1/2*x + 1"},"right":{"expression":"x"},"ring":"Z"}`, Code: core.DomainError, Path: "/payload/left"},
				{Title: "two different variables", Payload: `{"left":{"expression":"x + 1"},"right":{"expression":"y - 1"}}`, Code: core.DomainError, Path: "/payload/right"},
				{Title: "a variable of two letters", Payload: `{"left":{"variable":"xy","coefficients":["1"]},"right":{"expression":"x"}}`, Code: core.InvalidPayload, Path: "/payload/left/variable"},
				{Title: "a trailing zero coefficient", Payload: `{"left":{"coefficients":["1","0"]},"right":{"expression":"x"}}`, Code: core.InvalidPayload, Path: "/payload/left/coefficients/1"},
			}
		},
		Preflight: func(ctx context.Context, q GCDRequest) error {
			return checkPair(gcdLimits, GCDMaxClearedBits, q.Left, q.Right)
		},
		Run:           runGCD,
		Postcondition: checkGCD,
		Examples: []core.Example{
			{Title: "monic gcd over Q", Payload: json.RawMessage(`{"left":{"expression":"2*x^2 - 2"},"right":{"expression":"4*x^2 + 8*x + 4"}}`),
				Result: json.RawMessage(`{"ring":"Q","gcd":{"variable":"x","coefficients":["1","1"],"expression":"x + 1"},"content":"1","primitive_part":{"variable":"x","coefficients":["1","1"],"expression":"x + 1"}}`)},
			{Title: "gcd over Z keeps the common content", Payload: json.RawMessage(`{"left":{"expression":"6*x^2 - 6"},"right":{"expression":"4*x^2 + 8*x + 4"},"ring":"Z"}`),
				Result: json.RawMessage(`{"ring":"Z","gcd":{"variable":"x","coefficients":["2","2"],"expression":"2*x + 2"},"content":"2","primitive_part":{"variable":"x","coefficients":["1","1"],"expression":"x + 1"}}`)},
			{Title: "rational coefficients, primitive part over Z", Payload: json.RawMessage(`{"left":{"coefficients":["-1/4","0","1"]},"right":{"coefficients":["1/2","1"]}}`),
				Result: json.RawMessage(`{"ring":"Q","gcd":{"variable":"x","coefficients":["1/2","1"],"expression":"x + 1/2"},"content":"1/2","primitive_part":{"variable":"x","coefficients":["1","2"],"expression":"2*x + 1"}}`)},
			{Title: "gcd with zero", Payload: json.RawMessage(`{"left":{"expression":"-3*x + 6"},"right":{"coefficients":[]},"ring":"Z"}`),
				Result: json.RawMessage(`{"ring":"Z","gcd":{"variable":"x","coefficients":["-6","3"],"expression":"3*x - 6"},"content":"3","primitive_part":{"variable":"x","coefficients":["-2","1"],"expression":"x - 2"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) GCDRequest {
			g := randomZ(rng, rng.IntN(4), 8)
			a, _ := zmul(ctx, g, randomZ(rng, rng.IntN(6), 20))
			b, _ := zmul(ctx, g, randomZ(rng, rng.IntN(6), 20))
			ring := RingQ
			if rng.IntN(2) == 0 {
				ring = RingZ
			}
			return GCDRequest{Left: polyInputOf("x", toQ(a)), Right: polyInputOf("x", toQ(b)), Ring: ring}
		},
		Slow: func() string {
			return slowGCD()
		},
	}
}

func runGCD(ctx context.Context, q GCDRequest) (GCDResult, error) {
	ops, err := expandAll(ctx, []string{"left", "right"}, q.Left, q.Right)
	if err != nil {
		return GCDResult{}, err
	}
	v, err := variableOf(ops)
	if err != nil {
		return GCDResult{}, err
	}
	a, b := ops[0].poly, ops[1].poly
	ring := q.ring()
	if ring == RingZ {
		for _, o := range ops {
			if !o.poly.isIntegral() {
				return GCDResult{}, core.DomainErrorAt(core.PayloadPath(o.name), "%s has non-integer coefficients; a gcd over Z needs integer coefficients (use ring Q)", o.name)
			}
		}
	}
	za, _, err := clearDenominators(ctx, a)
	if err != nil {
		return GCDResult{}, err
	}
	zb, _, err := clearDenominators(ctx, b)
	if err != nil {
		return GCDResult{}, err
	}
	g, err := gcdZ(ctx, za, zb)
	if err != nil {
		return GCDResult{}, err
	}
	if len(g) == 0 {
		zero := polyOf(v, nil)
		return GCDResult{Ring: ring, GCD: zero, Content: core.Rat(new(big.Rat)), PrimitivePart: zero}, nil
	}
	c, pp, err := primitive(ctx, g)
	if err != nil {
		return GCDResult{}, err
	}
	content := new(big.Rat).SetInt(c)
	if ring == RingQ {
		content.SetFrac(big.NewInt(1), pp.lc())
	}
	return GCDResult{
		Ring:          ring,
		GCD:           polyOf(v, qscale(toQ(pp), content)),
		Content:       core.Rat(content),
		PrimitivePart: polyOfZ(v, pp),
	}, nil
}

// checkGCD verifies the normalisation, then that the primitive part
// divides both inputs and leaves coprime cofactors, so it is a greatest
// common divisor: through images modulo random primes (certifyGCD, wrong
// with chance below 2^-64).
func checkGCD(ctx context.Context, q GCDRequest, r GCDResult) error {
	for _, p := range []core.Polynomial[core.Rational]{r.GCD, r.PrimitivePart} {
		if err := wellFormed(p); err != nil {
			return err
		}
	}
	a, err := q.Left.poly(ctx)
	if err != nil {
		return err
	}
	b, err := q.Right.poly(ctx)
	if err != nil {
		return err
	}
	g, pp := qOf(r.GCD), qOf(r.PrimitivePart)
	if !qscale(pp, r.Content.Rat()).equal(g) {
		return errors.New("gcd is not content·primitive_part")
	}
	if len(g) == 0 {
		if len(a) != 0 || len(b) != 0 {
			return errors.New("gcd 0 for nonzero inputs")
		}
		return nil
	}
	if !pp.isIntegral() || pp.lc().Sign() <= 0 {
		return errors.New("primitive part is not integral with positive leading coefficient")
	}
	zpp := zpolyOf(pp)
	if c, err := content(ctx, zpp); err != nil || c.Cmp(big.NewInt(1)) != 0 {
		return errors.New("primitive part is not primitive")
	}
	// The inputs passed preflight, so clearing their denominators stays
	// within the cleared_bits limit. By Gauss's lemma the primitive pp
	// divides f in Q[x] exactly when it divides f's integral multiple in
	// Z[x], which avoids rational arithmetic.
	za, _, err := clearDenominators(ctx, a)
	if err != nil {
		return err
	}
	zb, _, err := clearDenominators(ctx, b)
	if err != nil {
		return err
	}
	switch q.ring() {
	case RingQ:
		if g.lc().Cmp(big.NewRat(1, 1)) != 0 {
			return errors.New("gcd over Q is not monic")
		}
	case RingZ:
		ca, err := content(ctx, za)
		if err != nil {
			return err
		}
		cb, err := content(ctx, zb)
		if err != nil {
			return err
		}
		c := new(big.Int).GCD(nil, nil, ca, cb)
		if r.Content.Rat().Cmp(new(big.Rat).SetInt(c)) != 0 {
			return errors.New("content over Z is not the gcd of the contents")
		}
	}
	return certifyGCD(ctx, zpp, za, zb)
}

// certifyGCDReference is certifyGCD by exact division through images
// modulo a fixed sequence of primes with a norm test (zdivModular) and
// coprimality of the cofactors over Q (coprimeOverQ): the slower
// reference that certifyGCD is tested against.
func certifyGCDReference(ctx context.Context, g, a, b zpoly) error {
	if len(a) == 0 && len(b) == 0 {
		return errors.New("nonzero gcd of two zero inputs")
	}
	// The two divisions are independent: one per core.
	var (
		cof  []qpoly
		quos [2]zpoly
		oks  [2]bool
		errs [2]error
		wg   sync.WaitGroup
	)
	for i, f := range []zpoly{a, b} {
		if len(f) == 0 {
			continue
		}
		wg.Go(func() {
			quos[i], oks[i], errs[i] = zdivModular(ctx, f, g)
		})
	}
	wg.Wait()
	for i, f := range []zpoly{a, b} {
		if len(f) == 0 {
			continue
		}
		if errs[i] != nil {
			return errs[i]
		}
		if !oks[i] {
			return errors.New("gcd does not divide an input")
		}
		cof = append(cof, toQ(quos[i]))
	}
	if len(cof) == 2 && cof[0].deg() > 0 && cof[1].deg() > 0 && !coprimeOverQ(cof[0], cof[1]) {
		return errors.New("the cofactors are not coprime")
	}
	if len(cof) == 1 && cof[0].deg() != 0 {
		return fmt.Errorf("gcd with zero is not the other input up to a unit")
	}
	return nil
}

// slowGCD is two degree-1800 polynomials with coefficients of up to 3831
// bits whose gcd (x + 2)^1000 has coefficients of up to 1585 bits.
func slowGCD() string {
	return `{"left":{"expression":"(x + 2)^1000*(3*x - 1)^800"},"right":{"expression":"(x + 2)^1000*(2*x + 5)^800"}}`
}
