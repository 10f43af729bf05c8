package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// GroebnerMaxGenerators bounds the number of generators of an ideal.
const GroebnerMaxGenerators = 64

// GroebnerRequest is an ideal of Q[variables], given by generators, and a
// monomial order.
type GroebnerRequest struct {
	MultiRing
	Generators []MultiPolyInput `json:"generators"`

	gens []mpoly // parsed by UnmarshalJSON
}

// JSONSchema is the ring fields and the generators.
func (GroebnerRequest) JSONSchema() *jsonschema.Schema {
	props := multiRingSchema()
	props["generators"] = &jsonschema.Schema{Type: "array", MaxItems: core.Ptr(GroebnerMaxGenerators), Items: MultiPolyInput{}.JSONSchema(), Description: "the generators of the ideal"}
	return &jsonschema.Schema{
		Type: "object", Properties: props, Required: []string{"variables", "generators"},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}

type groebnerWire struct {
	MultiRing
	Generators []MultiPolyInput `json:"generators"`
}

// UnmarshalJSON decodes and checks the ring and the generators against it.
func (q *GroebnerRequest) UnmarshalJSON(b []byte) error {
	var w groebnerWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*q = GroebnerRequest{MultiRing: w.MultiRing, Generators: w.Generators}
	if q.Generators == nil {
		q.Generators = []MultiPolyInput{}
	}
	var err error
	q.gens, err = parseIdeal(q.MultiRing, q.Generators, "/payload/generators")
	return err
}

// parseIdeal checks the ring and reads the generators.
func parseIdeal(r MultiRing, in []MultiPolyInput, path string) ([]mpoly, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	out := make([]mpoly, len(in))
	for i, g := range in {
		p, err := mpolyOf(g, len(r.Variables), r.monoOrder(), fmt.Sprintf("%s/%d", path, i))
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// GroebnerResult is the reduced Gröbner basis in its ring.
type GroebnerResult struct {
	ringResult
	Basis []MultiPolynomial `json:"basis" jsonschema:"the reduced Gröbner basis: monic, no term of an element divisible by the leading monomial of another, sorted by leading monomial greatest first; [] for the zero ideal, [1] for the whole ring"`
}

// groebnerOperation computes the reduced Gröbner basis of an ideal of
// Q[x1, ..., xn].
//
// Canonical form: the reduced Gröbner basis, which is unique for the
// ideal and the order (Cox–Little–O'Shea, §2.7, Theorem 5): every element
// monic, no term of an element divisible by the leading monomial of
// another, sorted by leading monomial, greatest first; each polynomial's
// terms descending in the order. The zero ideal (no generators, or only
// zeros) has the empty basis; the whole ring has the basis [1].
// Algorithm: Faugère's F4 modulo word-size primes (groebner_f4.go); in
// lex and elimination orders, when the ideal is zero-dimensional, F4 in
// grevlex followed by the change of order of Faugère–Gianni–Lazard–Mora
// (groebner_fglm.go), which turns minutes into milliseconds from
// katsura-4 on. The images are combined by the Chinese remainder theorem
// and lifted by rational reconstruction until the image at a further
// prime agrees, then verified over Q by Buchberger's criterion and the
// reduction of every generator to zero (groebner_modular.go); that the
// basis lies inside the ideal
// (and not in a larger one) rests on the agreement at the further prime,
// not on a proof. When that does not conclude, Buchberger's algorithm
// with the Gebauer–Möller criteria and the sugar strategy over Z, then
// inter-reduction (groebner_alg.go). The postcondition checks,
// independently of how the basis was found, that it
// is in canonical form and reduced, that every generator reduces to zero
// modulo it over Q (so the ideal is contained in the basis's), and that
// the reduced Gröbner basis of the generators' images modulo a large
// prime, computed afresh in GF(p), is the basis's image (in lex and
// elimination orders, for a zero-dimensional ideal, by the equivalent
// test of zeroDimSameIdealModP, which needs only a grevlex basis): so the
// basis is, up to a prime dividing a coefficient difference, a Gröbner
// basis lying in the ideal.
func groebnerOperation() core.Operation[GroebnerRequest, GroebnerResult] {
	withGen := func(vars, poly string) string {
		return `{"variables":` + vars + `,"generators":[` + poly + `,{"terms":[]}]}`
	}
	return core.Operation[GroebnerRequest, GroebnerResult]{
		ID:         "polynomial.groebner_basis.compute",
		Title:      "Reduced Gröbner basis",
		Summary:    "Computes the reduced Gröbner basis of an ideal of multivariate polynomials over Q in lex, grevlex or an elimination (block) order, by F4 modulo primes (for a zero-dimensional ideal in lex or elimination order, F4 in grevlex and the FGLM change of order) with rational reconstruction: the Gröbner property and that the basis's ideal contains the generators are proven over Q, that it lies in the ideal is checked modulo a further prime (Buchberger's algorithm over Q as the fallback).",
		Keywords:   []string{"groebner", "gröbner", "grobner", "basis", "ideal", "buchberger", "f4", "fglm", "change of order", "faugere", "multivariate", "polynomial system", "elimination", "lex", "grevlex", "standard basis", "solve system"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"multivariate_polynomial"},
		Limits: append(multiLimits(withGen),
			core.Limit{Name: "generators", Max: GroebnerMaxGenerators, Unit: "polynomials", Description: "the ideal has at most this many generators",
				Beyond: func() string { return linearGenerators(GroebnerMaxGenerators + 1) },
				At:     func() string { return linearGenerators(GroebnerMaxGenerators) }}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a term with the wrong number of exponents", Payload: `{"variables":["x","y"],"generators":[` + termsJSON([]any{1, 1, 0, 0}) + `]}`, Code: core.InvalidPayload, Path: "/payload/generators/0/terms/0/exponents"},
				{Title: "elimination of every variable", Payload: `{"variables":["x","y"],"order":"elimination","eliminate":2,"generators":[]}`, Code: core.InvalidPayload, Path: "/payload/eliminate"},
			}
		},
		Preflight: func(ctx context.Context, q GroebnerRequest) error {
			for i, g := range q.Generators {
				if err := checkMultiInput(fmt.Sprintf("generator %d", i), g); err != nil {
					return err
				}
			}
			return nil
		},
		Run: func(ctx context.Context, q GroebnerRequest) (GroebnerResult, error) {
			basis, err := groebnerQ(ctx, q.gens, q.monoOrder(), len(q.Variables))
			if err != nil {
				return GroebnerResult{}, err
			}
			return GroebnerResult{ringResult: q.MultiRing.result(), Basis: basesOf(q.Variables, basis)}, nil
		},
		Postcondition: func(ctx context.Context, q GroebnerRequest, r GroebnerResult) error {
			if err := checkRingResult(q.MultiRing, r.ringResult); err != nil {
				return err
			}
			_, err := checkReducedBasis(ctx, q.MultiRing, q.gens, r.Basis)
			return err
		},
		Examples: []core.Example{
			// SymPy 1.14: groebner([x*y - 1, x - y], x, y, order='lex') = [x - y, y**2 - 1]
			{Title: "two curves meeting in two points, lex",
				Payload: json.RawMessage(`{"variables":["x","y"],"order":"lex","generators":[` + termsJSON([]any{1, 1, 1}, []any{-1, 0, 0}) + `,` + termsJSON([]any{1, 1, 0}, []any{-1, 0, 1}) + `]}`),
				Result:  json.RawMessage(`{"variables":["x","y"],"order":"lex","basis":[{"terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"-1","exponents":[0,1]}],"expression":"x - y"},{"terms":[{"coefficient":"1","exponents":[0,2]},{"coefficient":"-1","exponents":[0,0]}],"expression":"y^2 - 1"}]}`)},
			// SymPy 1.14: groebner([x**2 + y**2 - 1, x - 2*y], x, y, order='grevlex') = [5*y**2 - 1, x - 2*y]
			// (y^2 > x in grevlex)
			{Title: "a circle and a line, grevlex",
				Payload: json.RawMessage(`{"variables":["x","y"],"generators":[` + termsJSON([]any{1, 2, 0}, []any{1, 0, 2}, []any{-1, 0, 0}) + `,` + termsJSON([]any{1, 1, 0}, []any{-2, 0, 1}) + `]}`),
				Result:  json.RawMessage(`{"variables":["x","y"],"order":"grevlex","basis":[{"terms":[{"coefficient":"1","exponents":[0,2]},{"coefficient":"-1/5","exponents":[0,0]}],"expression":"y^2 - 1/5"},{"terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"-2","exponents":[0,1]}],"expression":"x - 2*y"}]}`)},
			// Eliminating t from x = t^2, y = t^3 leaves the cusp x^3 - y^2
			// (Cox–Little–O'Shea, §3.3); SymPy 1.14 agrees with
			// groebner(..., t, x, y, order=ProductOrder((grevlex, t), (grevlex, x, y))).
			{Title: "implicitization by elimination",
				Payload: json.RawMessage(`{"variables":["t","x","y"],"order":"elimination","eliminate":1,"generators":[` + termsJSON([]any{1, 0, 1, 0}, []any{-1, 2, 0, 0}) + `,` + termsJSON([]any{1, 0, 0, 1}, []any{-1, 3, 0, 0}) + `]}`),
				Result:  json.RawMessage(`{"variables":["t","x","y"],"order":"elimination","eliminate":1,"basis":[{"terms":[{"coefficient":"1","exponents":[2,0,0]},{"coefficient":"-1","exponents":[0,1,0]}],"expression":"t^2 - x"},{"terms":[{"coefficient":"1","exponents":[1,1,0]},{"coefficient":"-1","exponents":[0,0,1]}],"expression":"t*x - y"},{"terms":[{"coefficient":"1","exponents":[1,0,1]},{"coefficient":"-1","exponents":[0,2,0]}],"expression":"t*y - x^2"},{"terms":[{"coefficient":"1","exponents":[0,3,0]},{"coefficient":"-1","exponents":[0,0,2]}],"expression":"x^3 - y^2"}]}`)},
			{Title: "the whole ring",
				Payload: json.RawMessage(`{"variables":["x","y"],"generators":[` + termsJSON([]any{1, 1, 0}) + `,` + termsJSON([]any{1, 1, 0}, []any{1, 0, 0}) + `]}`),
				Result:  json.RawMessage(`{"variables":["x","y"],"order":"grevlex","basis":[{"terms":[{"coefficient":"1","exponents":[0,0]}],"expression":"1"}]}`)},
			{Title: "the zero ideal",
				Payload: json.RawMessage(`{"variables":["x"],"generators":[{"terms":[]}]}`),
				Result:  json.RawMessage(`{"variables":["x"],"order":"grevlex","basis":[]}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) GroebnerRequest {
			return randomIdeal(rng)
		},
		Slow: func() string {
			return systemPayload(systemVariables("x", 1, 7), cyclicSystem(7))
		},
	}
}

// randomIdeal is a small random ideal: 1 to 3 generators in 1 to 3
// variables of degree at most 3, sometimes with a common factor or a
// linear generator, in a random order.
func randomIdeal(rng *rand.Rand) GroebnerRequest {
	n := 1 + rng.IntN(3)
	ring := randomRing(rng, n)
	o := ring.monoOrder()
	k := 1 + rng.IntN(3)
	q := GroebnerRequest{MultiRing: ring}
	for range k {
		q.Generators = append(q.Generators, multiInputOf(randomMulti(rng, o, n, 1+rng.IntN(3), 1+rng.IntN(3))))
	}
	return q
}

// linearGenerators is the ideal (x1, ..., xk) in k variables.
func linearGenerators(k int) string {
	vars := systemVariables("x", 1, min(k, MultiMaxVariables))
	gens := make([]mpoly, k)
	for i := range gens {
		gens[i] = mpoly{{monoOne(len(vars)), newRat(int64(i + 1))}}
		gens[i][0].m[1+i%len(vars)], gens[i][0].m[0] = 1, 1
	}
	return systemPayload(vars, gens)
}

// systemPayload is a groebner_basis request in grevlex.
func systemPayload(vars []string, gens []mpoly) string {
	q := GroebnerRequest{MultiRing: MultiRing{Variables: vars}}
	for _, g := range gens {
		q.Generators = append(q.Generators, multiInputOf(g))
	}
	return mustJSON(q)
}

// groebnerQ is the reduced Gröbner basis over Q: the modular
// computation (F4 modulo primes, rational reconstruction, verification
// over Q; groebner_modular.go), or Buchberger's algorithm over Q when it
// does not conclude.
func groebnerQ(ctx context.Context, gens []mpoly, o monoOrder, n int) ([]mpoly, error) {
	basis, ok, err := groebnerModular(ctx, gens, o, n)
	if err != nil {
		return nil, err
	}
	if ok {
		return basis, nil
	}
	return groebnerBuchberger(ctx, gens, o, n)
}

func basesOf(vars []string, basis []mpoly) []MultiPolynomial {
	out := make([]MultiPolynomial, len(basis))
	for i, g := range basis {
		out[i] = multiOf(vars, g)
	}
	return out
}

// checkReducedBasis reads a published basis and checks, for the ideal
// the generators span: canonical form, monic, strictly descending leading
// monomials, reduced, every generator reducing to zero over Q, and the
// agreement with the reduced basis modulo a prime (sameIdealModP). It
// returns the basis read.
func checkReducedBasis(ctx context.Context, r MultiRing, gens []mpoly, basis []MultiPolynomial) ([]mpoly, error) {
	o, n := r.monoOrder(), len(r.Variables)
	G := make([]mpoly, len(basis))
	for i, b := range basis {
		g, err := readMulti(r.Variables, o, b)
		if err != nil {
			return nil, err
		}
		if len(g) == 0 {
			return nil, errors.New("the basis holds the zero polynomial")
		}
		if g[0].c.Cmp(newRat(1)) != 0 {
			return nil, fmt.Errorf("basis element %d is not monic", i)
		}
		if i > 0 && o.cmp(G[i-1][0].m, g[0].m) <= 0 {
			return nil, errors.New("the basis is not sorted by leading monomial, greatest first")
		}
		G[i] = g
	}
	for i, g := range G {
		for j, h := range G {
			if i == j {
				continue
			}
			for _, t := range g {
				if monoDivides(h[0].m, t.m) {
					return nil, fmt.Errorf("a term of basis element %d is divisible by the leading monomial of element %d: the basis is not reduced", i, j)
				}
			}
		}
	}
	e := &gbEngine{o: o, n: n}
	Z := make([]*zmpoly, len(G))
	for i, g := range G {
		z := primitiveZ(g)
		Z[i] = &z
	}
	for i, f := range gens {
		if len(f) == 0 {
			continue
		}
		rem, err := e.reduce(ctx, primitiveZ(f), Z, true)
		if err != nil {
			return nil, err
		}
		if len(rem.t) != 0 {
			return nil, fmt.Errorf("generator %d does not reduce to zero modulo the basis", i)
		}
	}
	// Buchberger's criterion over Z (every S-polynomial reducing to zero)
	// would cost twenty times the computation on katsura-6; the
	// comparison modulo a prime shows, with high probability, both that
	// the basis is a Gröbner basis and that it lies in the ideal.
	if err := sameIdealModP(ctx, o, n, gens, G); err != nil {
		return nil, err
	}
	return G, nil
}

// sameIdealModP checks that the basis lies in the ideal of the
// generators, which the other checks do not show: modulo a large prime p,
// the reduced Gröbner basis of the generators' images must be the image
// of the basis. For all but finitely many ("unlucky") primes the reduced
// basis commutes with reduction modulo p, so a correct basis fails only
// when every one of three primes is unlucky, and a basis of a larger
// ideal passes only if a prime divides the differences of its
// coefficients from the true ones.
func sameIdealModP(ctx context.Context, o monoOrder, n int, gens, G []mpoly) error {
	ps := checkPrimes()
	for tries := 0; tries < 3; {
		p := ps.take()
		images, ok := basisModP(G, p)
		if !ok {
			continue
		}
		if o.kind != OrderGrevlex && n > 1 {
			decided, same, err := zeroDimSameIdealModP(ctx, o, n, gens, images, p)
			if err != nil {
				return err
			}
			if decided {
				tries++
				if same {
					return nil
				}
				continue
			}
		}
		want, ok, err := groebnerModP(ctx, gens, o, n, p)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		tries++
		if sameBasis(images, want) {
			return nil
		}
	}
	return errors.New("modulo three primes, the reduced Gröbner basis of the generators differs from the basis: it spans a different ideal")
}

// zeroDimSameIdealModP is sameIdealModP's test for one prime p in lex
// and elimination orders, where recomputing the basis directly costs
// minutes from katsura-4 on. When the ideal is zero-dimensional modulo p
// (decided), same reports whether images, the basis modulo p in its
// order, is the reduced basis of the generators' images I, by facts
// independent of the F4 and FGLM code the operation runs: images is a
// Gröbner basis (Buchberger's criterion over GF(p), verifyGroebner);
// every generator reduces to zero modulo it, so its ideal J contains I;
// and its leading monomials leave as many standard monomials as those of
// the grevlex basis of I, computed by Buchberger's algorithm. The
// standard monomials of a Gröbner basis are a basis of the quotient
// (Cox–Little–O'Shea, §5.3, Proposition 1), so R/J and R/I have the same
// finite dimension, and I ⊆ J makes them equal. The basis being monic
// and reduced is checked over Q.
func zeroDimSameIdealModP(ctx context.Context, o monoOrder, n int, gens, images []mpoly, p uint64) (decided, same bool, err error) {
	grevlex := monoOrder{kind: OrderGrevlex}
	B, ok, err := groebnerModP(ctx, reorder(grevlex, gens), grevlex, n, p)
	if err != nil || !ok {
		return false, false, err
	}
	leads := func(G []mpoly) [][]int32 {
		out := make([][]int32, len(G))
		for i, g := range G {
			out[i] = g[0].m
		}
		return out
	}
	const limit = 1 << 16
	want, ok := staircase(ctx, leads(B), grevlex, n, limit)
	if !ok {
		return false, false, ctx.Err()
	}
	// The order only sorts the staircase; its size is what counts.
	got, ok := staircase(ctx, leads(images), grevlex, n, limit)
	if !ok || len(got) != len(want) {
		return true, false, ctx.Err()
	}
	m := new(big.Int).SetUint64(p)
	Z := make([]*zmpoly, len(images))
	for i, g := range images {
		z, _ := primitiveModP(g, m)
		Z[i] = &z
	}
	var in []zmpoly
	for _, f := range gens {
		z, ok := primitiveModP(f, m)
		if !ok {
			return false, false, nil
		}
		if len(z.t) > 0 {
			in = append(in, z)
		}
	}
	same, err = verifyGroebner(ctx, &gbEngine{o: o, n: n, p: m}, Z, in)
	return true, same, err
}

// basisModP is the basis with coefficients reduced modulo p, monic;
// false when p divides a denominator.
func basisModP(G []mpoly, p uint64) ([]mpoly, bool) {
	out := make([]mpoly, len(G))
	for i, g := range G {
		out[i] = make(mpoly, 0, len(g))
		for _, t := range g {
			c, ok := modular.ReduceRat(t.c, p)
			if !ok {
				return nil, false
			}
			if c != 0 {
				out[i] = append(out[i], qterm{t.m, new(big.Rat).SetInt(new(big.Int).SetUint64(c))})
			}
		}
		if len(out[i]) == 0 || len(out[i]) > 0 && !monoEqual(out[i][0].m, g[0].m) {
			return nil, false
		}
	}
	return out, true
}

// sameBasis reports whether two bases are equal term by term.
func sameBasis(a, b []mpoly) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].equal(b[i]) {
			return false
		}
	}
	return true
}
