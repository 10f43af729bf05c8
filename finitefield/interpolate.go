package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/modular"
)

// InterpolationRequest takes a value table, usually through the input
// port "table" from finite_field.polynomial_map.table.compute.
type InterpolationRequest struct {
	Table ValueTable `json:"table"`
}

// InterpolationResult is the unique polynomial of degree below q whose map
// GF(q) → GF(q) is the table, in the variable of the table's polynomial
// (default x), with its degree (−1 for the zero map).
type InterpolationResult struct {
	Polynomial              core.Polynomial[Element] `json:"polynomial"`
	Degree                  int                      `json:"degree"`
	CharacteristicPrimality Primality                `json:"characteristic_primality"`
}

// interpolate returns the coefficients, as encodings, of the polynomial of
// degree below q with the table's values (t.out[x] at the element with
// encoding x).
//
// Both cases are the closed form of Lagrange interpolation at every
// element (Lidl and Niederreiter, Finite Fields, Theorem 7.1 and its
// proof): f = Σ_a y_a·(1 − (x − a)^(q−1)), and since the binomial
// coefficients C(q−1, j) are (−1)^j modulo p, c_0 = y_0,
// c_(q−1) = −Σ_a y_a and c_j = −Σ_(a≠0) y_a·a^(−j) for 0 < j < q − 1: a
// discrete Fourier transform over GF(q)*. Over GF(p) (p ≤ 65521 here),
// with a primitive root g, c_j = −Y(g^(−j)) for Y(z) = Σ_k y_(g^k)·z^k,
// which core/gfpoly's chirp-z transform evaluates at all the powers of
// g^(−1) by one product (interpolateByTree, the subproduct-tree
// interpolation at the p points, is the reference the tests hold it
// to). Over GF(p^k) the transform is Bluestein's chirp-z transform too,
// its product over GF(q) done over GF(p) by Kronecker substitution
// (fourier.go; fourierDirect, the (q − 1)² sum on the logarithm and Zech
// tables of smallfield.go, is its reference).
func (t *parsedTable) interpolate(ctx context.Context) ([]int, error) {
	F := t.F
	q := len(t.out)
	if F.k == 1 {
		p := uint64(q)
		fl := gfpoly.NewField(p)
		g := primitiveRootWord(p)
		// Y's coefficients: the values at g^0, g^1, …, g^(p−2).
		Y := make([]uint64, p-1)
		x := uint64(1)
		var total uint64
		for k := range Y {
			Y[k] = uint64(t.out[x])
			total += Y[k]
			x = x * g % p
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		total += uint64(t.out[0])
		ginv, _ := modular.Inverse(g, p)
		vals := fl.EvaluateGeometric(Y, ginv, int(p-1))
		c := make([]int, q)
		c[0] = t.out[0]
		for j := 1; j < q-1; j++ {
			c[j] = int((p - vals[j]) % p)
		}
		c[q-1] = int((p - total%p) % p)
		for len(c) > 0 && c[len(c)-1] == 0 {
			c = c[:len(c)-1]
		}
		return c, nil
	}
	s, err := newSmallField(ctx, F)
	if err != nil {
		return nil, err
	}
	return t.interpolateExtension(ctx, s, s.fourierChirp)
}

// interpolateExtension is interpolate over GF(p^k), k > 1, with the
// transform v_j = Σ_i y_(g^i)·g^(−ij) over GF(q)* computed by fourier
// (σ = −1, fourier.go).
func (t *parsedTable) interpolateExtension(ctx context.Context, s *smallField, fourier func(context.Context, []int, int) ([]int, error)) ([]int, error) {
	q := len(t.out)
	minusOne := s.p - 1
	y := make([]int, q-1) // the values at g^0, g^1, …, g^(q−2)
	for i := range y {
		y[i] = t.out[int(s.exp[i])]
	}
	v, err := fourier(ctx, y, -1)
	if err != nil {
		return nil, err
	}
	c := make([]int, q)
	c[0] = t.out[0]
	for j := 1; j < q-1; j++ {
		c[j] = s.mul(v[j], minusOne)
	}
	total := 0
	for _, y := range t.out {
		total = s.add(total, y)
	}
	c[q-1] = s.mul(total, minusOne)
	for len(c) > 0 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	return c, nil
}

// interpolationOperation: the polynomial of a value table, the inverse of
// finite_field.polynomial_map.table.compute (see interpolate). The table
// is validated as for the fibers operation; when it names its polynomial,
// every output is recomputed from it first, so the result is that
// polynomial reduced modulo x^q − x. Canonical form: degree below q,
// coefficients as elements of the field, the table polynomial's variable
// (default x).
func interpolationOperation() core.Operation[InterpolationRequest, InterpolationResult] {
	wrap := func(field string, k int) string { return fibersRequest(field, k, "") }
	return core.Operation[InterpolationRequest, InterpolationResult]{
		ID:         "finite_field.polynomial_map.interpolation.compute",
		Title:      "Interpolation of a value table over a finite field",
		Summary:    "Computes the unique polynomial of degree below q whose map GF(q) → GF(q) has a given value table, the inverse of the table operation.",
		Keywords:   []string{"interpolation", "lagrange interpolation", "polinterpolate", "value table", "polynomial map", "permutation polynomial", "finite field", "function to polynomial"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "value_table"},
		InputPorts: []core.Port{{Name: "table", Field: "table", ArtifactTypes: []string{ValueTableType}, Description: "the value table from finite_field.polynomial_map.table.compute"}},
		Limits: []core.Limit{
			// Every table the table operation writes interpolates back:
			// at its bound q = 2^16 the interpolation takes 0.63 s and
			// the whole run through the runtime, the 8 MB payload and
			// the check by the forward transform included, 2.1 s
			// (medians of 3 on one core, GOMAXPROCS=1, of the shared
			// AMD EPYC machine: BenchmarkInterpolation/q=2^16 and
			// BenchmarkInterpolationRun).
			fieldSizeLimit(wrap),
			tableDegreeLimit(fibersRequest),
			{
				Name: "work", Max: MaxTableWork, Unit: "Horner steps",
				Description: "checking the table against the polynomial it names costs (min(deg f, q − 1) + 1)·q, at most this",
				// 256·65521 ≤ 2^24 < 257·65521.
				Beyond: func() string {
					return fibersRequest(`{"characteristic":"65521","degree":1}`, 1, onesPolynomial(256, 1))
				},
				At: func() string {
					return fibersRequest(`{"characteristic":"65521","degree":1}`, 1, onesPolynomial(255, 1))
				},
			},
		},
		Bounds: withBounds(tableBounds("/table/field", "/table/polynomial"), core.Bounds{"/table/inputs": MaxTableSize, "/table/outputs": MaxTableSize}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a table missing an element", Payload: `{"table":{"field":{"characteristic":"3","degree":1},"inputs":["0","1"],"outputs":["0","1"]}}`, Code: core.DomainError, Path: "/payload/table/inputs"},
				{Title: "an output outside the field", Payload: `{"table":{"field":{"characteristic":"2","degree":1},"inputs":["0","1"],"outputs":["0","2"]}}`, Code: core.InvalidPayload, Path: "/payload/table/outputs/1"},
			}
		},
		Preflight: func(ctx context.Context, q InterpolationRequest) error {
			_, err := parseTable(q.Table)
			return err
		},
		Run: func(ctx context.Context, q InterpolationRequest) (InterpolationResult, error) {
			t, err := parseTable(q.Table)
			if err != nil {
				return InterpolationResult{}, err
			}
			F := t.F
			pr, err := F.certify(ctx)
			if err != nil {
				return InterpolationResult{}, err
			}
			v := "x"
			if q.Table.Polynomial != nil {
				if err := t.checkPolynomial(ctx, *q.Table.Polynomial); err != nil {
					return InterpolationResult{}, err
				}
				v = variableOf(*q.Table.Polynomial)
			}
			c, err := t.interpolate(ctx)
			if err != nil {
				return InterpolationResult{}, err
			}
			f := make(poly, len(c))
			for i, e := range c {
				f[i] = F.decode(bigInt(int64(e)))
			}
			return InterpolationResult{Polynomial: F.toRendered(f, v, generatorName(q.Table.Field, v)), Degree: len(c) - 1, CharacteristicPrimality: Primality(pr)}, nil
		},
		Postcondition: checkInterpolation,
		Slow:          slowTableCheck,
		Examples: []core.Example{
			// PARI/GP 2.15: polinterpolate([0,1,2,3,4], [0,1,4,4,1]) = x^2 (mod 5).
			{Title: "the table of x^2 over GF(5)", Payload: json.RawMessage(`{"table":{"field":{"characteristic":"5","degree":1},"inputs":["0","1","2","3","4"],"outputs":["0","1","4","4","1"]}}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"x","coefficients":["0","0","1"],"expression":"x^2"},"degree":2,"characteristic_primality":"proven"}`)},
			// x^5 permutes GF(7) (gcd(5, 6) = 1); its table interpolates
			// back to x^5. PARI/GP 2.15: lift(Mod(vector(7,i,i-1),7)^5) = [0,1,4,5,2,3,6].
			{Title: "the permutation x^5 of GF(7), inputs in any order", Payload: json.RawMessage(`{"table":{"field":{"characteristic":"7","degree":1},"inputs":["6","5","4","3","2","1","0"],"outputs":["6","3","2","5","4","1","0"]}}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"x","coefficients":["0","0","0","0","0","1"],"expression":"x^5"},"degree":5,"characteristic_primality":"proven"}`)},
			// GF(4) = GF(2)[t]/(t^2 + t + 1): x^2 + 1 takes 0, 1, t, t + 1 to 1, 0, t, t + 1 (t^2 + 1 = t).
			{Title: "the table of x^2 + 1 over GF(4), with its polynomial", Payload: json.RawMessage(`{"table":{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"variable":"y","coefficients":[["1"],[],["1"]]},"inputs":[[],["1"],["0","1"],["1","1"]],"outputs":[["1"],[],["0","1"],["1","1"]]}}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"y","coefficients":[["1"],[],["1"]],"expression":"y^2 + 1"},"degree":2,"characteristic_primality":"proven"}`)},
			{Title: "the zero map of GF(3)", Payload: json.RawMessage(`{"table":{"field":{"characteristic":"3","degree":1},"inputs":["0","1","2"],"outputs":["0","0","0"]}}`),
				Result: json.RawMessage(`{"polynomial":{"variable":"x","coefficients":[],"expression":"0"},"degree":-1,"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) InterpolationRequest {
			F := randomSmallField(ctx, rng)
			qi := int(F.q.Int64())
			t := ValueTable{Field: F.toField(), Inputs: make([]Element, qi), Outputs: make([]Element, qi)}
			for i, x := range rng.Perm(qi) {
				t.Inputs[i] = F.toElement(F.decode(bigInt(int64(x))))
				t.Outputs[i] = F.toElement(F.random(rng))
			}
			return InterpolationRequest{Table: t}
		},
	}
}

// checkInterpolation verifies that the polynomial has degree below q and
// reproduces every entry of the table: over GF(p) at 0 and at the powers
// of a primitive root by core/gfpoly's chirp-z evaluation (a forward
// evaluation, where the interpolation transforms the values). Over GF(p^k)
// by Horner's rule on the logarithm tables while that costs at most
// MaxTableWork steps, independent of the transform; beyond, where Horner's
// rule would cost up to q² steps (4.3·10^9 at q = 2^16), by Horner's rule
// at as many elements, spread over the field, as MaxTableWork steps
// allow (256 at q = 2^16 with a full interpolant), and then by the forward
// chirp-z transform of fourier.go at all (σ = 1: the values at the powers
// of g), which the tests hold to Horner's rule's n² counterpart.
func checkInterpolation(ctx context.Context, q InterpolationRequest, r InterpolationResult) error {
	t, err := parseTable(q.Table)
	if err != nil {
		return err
	}
	F := t.F
	v := "x"
	if q.Table.Polynomial != nil {
		v = variableOf(*q.Table.Polynomial)
	}
	if r.Polynomial.Variable != v {
		return fmt.Errorf("the result is in %q, the table's polynomial in %q", r.Polynomial.Variable, v)
	}
	if err := r.Polynomial.Check(elementRenderer(generatorName(q.Table.Field, v))); err != nil {
		return err
	}
	f, err := F.parsePoly(FieldPolynomial{Coefficients: r.Polynomial.Coefficients}, "/value/polynomial")
	if err != nil {
		return err
	}
	qi := len(t.out)
	if len(f) > qi || r.Degree != deg(f) {
		return fmt.Errorf("the interpolant has degree %d (declared %d); it must be below q = %d", deg(f), r.Degree, qi)
	}
	if F.k == 1 {
		// f(0) is the constant term; f(g^j) for a primitive root g by
		// core/gfpoly's chirp-z evaluation.
		p := uint64(qi)
		fw := F.toWords(f)
		f0 := 0
		if len(fw) > 0 {
			f0 = int(fw[0])
		}
		if f0 != t.out[0] {
			return errors.New("the interpolant does not reproduce the table at 0")
		}
		g := primitiveRootWord(p)
		ys := gfpoly.NewField(p).EvaluateGeometric(fw, g, int(p-1))
		x := uint64(1)
		for _, y := range ys {
			if int(y) != t.out[x] {
				return fmt.Errorf("the interpolant does not reproduce the table at %d", x)
			}
			x = x * g % p
		}
		return nil
	}
	s, err := newSmallField(ctx, F)
	if err != nil {
		return err
	}
	cs := make([]int, len(f))
	for i, c := range f {
		cs[i] = F.smallEncode(c)
	}
	if len(cs)*qi > MaxTableWork {
		// Horner's rule at MaxTableWork/len(cs) elements spread over the
		// field, apart from the transform the check shares with the
		// interpolation, then the transform at all of them.
		step := qi / max(1, MaxTableWork/len(cs))
		for x := 1; x < qi; x += step {
			if err := ctx.Err(); err != nil {
				return err
			}
			if s.eval(cs, x) != t.out[x] {
				return fmt.Errorf("the interpolant does not reproduce the table at the element with encoding %d", x)
			}
		}
		return checkByTransform(ctx, s, cs, t.out)
	}
	for x := range qi {
		if x%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if s.eval(cs, x) != t.out[x] {
			return errors.New("the interpolant does not reproduce the table")
		}
	}
	return nil
}

// checkByTransform checks that the polynomial with coefficient encodings
// cs (fewer than q) has the values out over GF(p^k): f(0) = c_0, and
// f(g^j) = Σ_(i<q−1) c'_i·g^(ij) with c'_0 = c_0 + c_(q−1) (x^(q−1) = 1 on
// GF(q)*), the transform of fourier.go with σ = 1.
func checkByTransform(ctx context.Context, s *smallField, cs, out []int) error {
	n := s.q - 1
	c := make([]int, n)
	copy(c, cs)
	if len(cs) == s.q {
		c[0] = s.add(c[0], cs[n])
	}
	f0 := 0
	if len(cs) > 0 {
		f0 = cs[0]
	}
	if f0 != out[0] {
		return errors.New("the interpolant does not reproduce the table at 0")
	}
	v, err := s.fourierChirp(ctx, c, 1)
	if err != nil {
		return err
	}
	for j, y := range v {
		if y != out[int(s.exp[j])] {
			return fmt.Errorf("the interpolant does not reproduce the table at the element with encoding %d", s.exp[j])
		}
	}
	return nil
}

// interpolateByTree is interpolate over GF(p) by core/gfpoly's
// subproduct-tree interpolation at the p points (MCA §10.2, Algorithm
// 10.11), the reference for the transform.
func (t *parsedTable) interpolateByTree(ctx context.Context) ([]int, error) {
	q := len(t.out)
	xs, ys := make([]uint64, q), make([]uint64, q)
	for x, y := range t.out {
		xs[x], ys[x] = uint64(x), uint64(y)
	}
	c, err := gfpoly.NewField(uint64(q)).InterpolateContext(ctx, xs, ys)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(c))
	for i, v := range c {
		out[i] = int(v)
	}
	return out, nil
}

// primitiveRootWord is the least primitive root modulo the prime p < 2^32:
// the least g with g^((p−1)/r) ≠ 1 for every prime r of p − 1, found by
// trial division.
func primitiveRootWord(p uint64) uint64 {
	if p == 2 {
		return 1
	}
	var rs []uint64
	m := p - 1
	for r := uint64(2); r*r <= m; r++ {
		if m%r == 0 {
			rs = append(rs, r)
			for m%r == 0 {
				m /= r
			}
		}
	}
	if m > 1 {
		rs = append(rs, m)
	}
	for g := uint64(2); ; g++ {
		ok := true
		for _, r := range rs {
			if modular.Pow(g, (p-1)/r, p) == 1 {
				ok = false
				break
			}
		}
		if ok {
			return g
		}
	}
}
