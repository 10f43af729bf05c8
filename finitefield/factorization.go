package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync/atomic"

	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/parallel"
)

// PolynomialFactor is a monic irreducible factor with its multiplicity.
type PolynomialFactor struct {
	Factor       core.Polynomial[Element] `json:"factor"`
	Multiplicity int                      `json:"multiplicity"`
}

// FactorizationResult is f = unit · ∏ factor^multiplicity: the unit is
// the leading coefficient of f, the factors are monic, irreducible and
// distinct, listed by ascending degree and then ascending coefficients
// from the leading one down (each compared by its integer encoding
// Σ c_i p^i); a nonzero constant has no factors. Factors are written as
// the irreducibility check writes its witness: core.Polynomial values in
// the request's variable, GF(p^k) coefficients rendered as polynomials in
// the generator.
type FactorizationResult struct {
	Unit                    Element            `json:"unit"`
	Factors                 []PolynomialFactor `json:"factors"`
	CharacteristicPrimality Primality          `json:"characteristic_primality"`
}

// Limits of the factorization.
const (
	// MaxFactorDegree caps the degree of the polynomial to factor; the
	// declared limit is the largest degree up to it that the work limit
	// lets through over GF(2) (see factorDegreeLimit), which is all of it.
	MaxFactorDegree = 10_000
	// MaxFactorWork bounds the estimated work (see factorWork): about 40 s
	// on the shared 2-core test machine for the factorization and its
	// postcondition together, within the default time limit of a minute,
	// at the default GOMAXPROCS. Off machine words the work runs on one
	// core, its wall time its CPU time (5.5 to 5.7·10^-10 s a unit for 16-
	// and 61-bit p, measured at GOMAXPROCS=1); on words it runs on both
	// (see wordWorkScale), so that every prime field with p < 2^64 reaches
	// MaxFactorDegree.
	MaxFactorWork = 7e10
)

// factorWork estimates the word operations of factoring a polynomial of
// degree n over F. On machine words (prime fields with p < 2^64) a product
// modulo f costs M = 6·n·log2(2n)·r, three transforms of length 2n over
// the r transform primes it takes (gfpoly.PreparedPrimes); the baby-step
// giant-step distinct-degree stage takes about 3n such products (the n/2
// baby–giant differences multiplied together, the Horner steps and tables
// of the compositions, the gcds) and 2·√(n/2) compositions, baby and
// giant steps, of n² word products each, weighted by the width of their
// sums (composeWeight); the sum is weighed by wordWorkScale. Elsewhere it
// is polyWork with the distinct-degree walk, n³ + n²·log2 q field
// products, weighted by 4, the measured ratio of time per unit between
// the paths (0.6 s for 7·10^7 units over GF(2^8) at n = 100). Within
// MaxFactorWork every prime below 2^64 reaches MaxFactorDegree, 10,000
// (TestFactorWorkLimits); past 2^64 the work limit binds, at degree 796
// for p = 2^64 + 13.
func factorWork(n int, F *gf) float64 {
	if !F.onWords() {
		return 4 * polyWork(n, F.k, F.p.BitLen(), F.q.BitLen(), true)
	}
	fn := float64(max(n, 1))
	pBits := F.p.BitLen()
	r := float64(gfpoly.PreparedPrimes(n, F.p.Uint64()))
	m := 6 * fn * math.Log2(2*fn) * r
	return wordWorkScale * (3*fn*m + 2*math.Sqrt(fn/2)*composeWeight(pBits, n)*fn*fn)
}

// wordWorkScale weighs factorWork's units on words against polyWork's,
// as wall time at the default GOMAXPROCS: the word path's products,
// compositions and interval products share their work between the two
// cores (core/parallel), about 1.8 cores busy. Measured on seeded random
// monic polynomials of degree 10,000 (the coefficients below p from
// rand.NewPCG(10000, p)), the factorization and then the postcondition's
// product and Rabin tests in one process, on the idle machine (load below
// 1.3), wall time against the unscaled work of 1.054·10^11 units: over
// GF(2^64 − 59) 25.3 s (largest factors of degrees 5,818 and 4,029), a
// scale of 0.42; over GF(2^61 − 1) 23.6 s (4,999 and 3,520), 0.39; over
// GF(2^55 − 55) 22.6 s (4,649), 0.38. The scale is the largest, 0.42,
// with a margin. Confined to one core (GOMAXPROCS=1) the same runs took 42.0, 42.2
// and 40.8 s of CPU, and those over GF(2^54 − 33) and GF(2^32 − 5), of
// 7.97·10^10 units, 31.3 and 27.8 s: each within the minute with the
// other core taken. Polynomials with a factor of degree near n take
// longer, the sweep running to half its degree and Rabin's test at it:
// degree 10,000 over GF(2^55 − 55) with a factor of degree 9,492 took
// 30.0 s wall (51.8 s on one core), an irreducible one over GF(2^64 − 95)
// 26.3 s, and the product of two irreducibles of degree 5,000 over it,
// whose equal-degree stage takes norms at degree 5,000 (conjugateChain),
// 45.0 s (79.4 s of CPU): within the minute on the idle machine only.
const wordWorkScale = 0.45

// composeWeight is the cost of a word product in a Brent–Kung composition
// modulo a polynomial of degree n over GF(p), p of pBits bits, relative to
// one of sums that fit a word: gfpoly.Columns takes 0.55 ns for those,
// 0.71 ns with a carry for four products (p < 2^31) and 1.08 ns with
// triple words (p = 2^61 − 1); a carry for each product (p < 2^32) is
// weighed as triple words. The tables have about n^(3/4) rows.
func composeWeight(pBits, n int) float64 {
	rowBits := int(math.Ceil(0.75 * math.Log2(float64(max(n, 2)))))
	switch {
	case 2*pBits+rowBits <= 64:
		return 1
	case 2*pBits+2 <= 64:
		return 1.3
	default:
		return 2
	}
}

// factorDegreeLimit is the declared degree limit: the largest degree at
// most MaxFactorDegree whose work over GF(2), the cheapest field, is
// within MaxFactorWork, so that the limit is exact.
func factorDegreeLimit() int {
	gf2 := newGF(bigInt(2), 1, nil)
	n := MaxFactorDegree
	for n > 1 && factorWork(n, gf2) > MaxFactorWork {
		n--
	}
	return n
}

// parseFactorization checks a factorization request's shape and limits.
func parseFactorization(q PolynomialRequest) (*gf, poly, error) {
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, err
	}
	n := len(q.Polynomial.Coefficients) - 1
	if limit := factorDegreeLimit(); n > limit {
		return nil, nil, core.Refusef("the polynomial has degree %d; at most %d is allowed", n, limit)
	}
	if w := factorWork(n, F); w > MaxFactorWork {
		return nil, nil, core.Refusef("estimated work %.3g word operations exceeds %d; lower the degree or the field size", w, int64(MaxFactorWork))
	}
	f, err := F.parsePoly(q.Polynomial, "/payload/polynomial")
	if err != nil {
		return nil, nil, err
	}
	if len(f) == 0 {
		return nil, nil, core.DomainErrorAt("/payload/polynomial", "the zero polynomial has no factorization into irreducibles; give a nonzero polynomial")
	}
	return F, f, nil
}

// factorizationLimits declares the field, degree and work limits, each
// with its payloads just past and exactly at the limit.
func factorizationLimits() []core.Limit {
	ls := fieldLimits(func(f string, k int) string { return `{"field":` + f + `,"polynomial":` + onesPolynomial(1, k) + `}` })
	// The work limit binds off machine words: p = 2^64 + 13, the least
	// prime past them (PARI/GP 2.15: nextprime(2^64)).
	wide := newGF(bigInt(13).Add(bigInt(13), bigInt(1).Lsh(bigInt(1), 64)), 1, nil)
	n := 1
	for factorWork(n, wide) <= MaxFactorWork {
		n++
	}
	gf2 := `{"field":{"characteristic":"2","degree":1},"polynomial":`
	wideField := `{"field":{"characteristic":"18446744073709551629","degree":1},"polynomial":`
	limit := factorDegreeLimit()
	return append(ls,
		core.Limit{
			Name: "polynomial_degree", Max: int64(limit), Unit: "degree",
			Description: "the polynomial has degree at most this",
			Beyond:      func() string { return gf2 + onesPolynomial(limit+1, 1) + `}` },
			At:          func() string { return gf2 + onesPolynomial(limit, 1) + `}` },
		},
		core.Limit{
			Name: "work", Max: MaxFactorWork, Unit: "word operations",
			Description: "estimated work for degree n over GF(q): on machine words (prime fields with p < 2^64) " + strconv.FormatFloat(wordWorkScale, 'g', -1, 64) + "·(3n·M + 2·√(n/2)·c·n²) with M = 6·n·log2(2n)·⌈(2·log2 p + log2 n)/62⌉ for a product modulo f and c the cost of a word product of a composition, 1 while 2·log2 p + 0.75·log2 n ≤ 64, 1.3 for p < 2^31 and 2 beyond; otherwise 4·(n³ + n²·log2 q) field products, each k² coefficient products costing 1 on machine words (p < 2^32 for k > 1) and 8·w² for w-word p",
			Beyond:      func() string { return wideField + onesPolynomial(n, 1) + `}` },
			At:          func() string { return wideField + onesPolynomial(n-1, 1) + `}` },
		})
}

// factorizationOperation factors a nonzero polynomial over GF(q) into
// monic irreducibles: square-free factorization, distinct-degree
// factorization and Cantor–Zassenhaus equal-degree splitting (see
// factorize.go). The result is canonical (see FactorizationResult).
func factorizationOperation() core.Operation[PolynomialRequest, FactorizationResult] {
	return core.Operation[PolynomialRequest, FactorizationResult]{
		ID:         "finite_field.polynomial.factorization.compute",
		Title:      "Factorization of a polynomial over a finite field",
		Summary:    "Factors a nonzero univariate polynomial over GF(p) or GF(p^k) into its leading coefficient and monic irreducible factors with multiplicities, in canonical order.",
		Keywords:   []string{"factor", "factorization", "factorisation", "factormod", "irreducible factors", "finite field", "cantor zassenhaus", "distinct degree factorization", "square-free factorization", "berlekamp"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "polynomial"},
		Limits:     factorizationLimits(),
		Bounds:     withBounds(fieldBounds("/field"), core.Bounds{"/polynomial/coefficients": int64(factorDegreeLimit()) + 1}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"21","degree":1},"polynomial":{"coefficients":["1","1"]}}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
				{Title: "a coefficient outside [0, p)", Payload: `{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["7","1"]}}`, Code: core.InvalidPayload, Path: "/payload/polynomial/coefficients/0"},
				{Title: "a reducible modulus", Payload: `{"field":{"characteristic":"3","degree":2,"modulus":{"coefficients":["2","0","1"]}},"polynomial":{"coefficients":[["1"],["1"]]}}`, Code: core.DomainError, Path: "/payload/field/modulus"},
			}
		},
		Preflight: func(ctx context.Context, q PolynomialRequest) error {
			_, _, err := parseFactorization(q)
			return err
		},
		Run: func(ctx context.Context, q PolynomialRequest) (FactorizationResult, error) {
			F, f, err := parseFactorization(q)
			if err != nil {
				return FactorizationResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return FactorizationResult{}, err
			}
			res := FactorizationResult{Unit: F.toElement(f[len(f)-1]), Factors: []PolynomialFactor{}, CharacteristicPrimality: Primality(pr)}
			if deg(f) == 0 {
				return res, nil
			}
			fs, err := F.factorize(ctx, F.pmonic(f), seededRand(F.fingerprint(f)))
			if err != nil {
				return FactorizationResult{}, err
			}
			v := string(q.Polynomial.Variable)
			gen := generatorName(q.Field, v)
			for _, g := range fs {
				res.Factors = append(res.Factors, PolynomialFactor{Factor: F.toRendered(g.f, v, gen), Multiplicity: g.mult})
			}
			return res, nil
		},
		Postcondition: checkFactorization,
		Examples: []core.Example{
			// PARI/GP 2.15: factormod(x^4+1, 7) = [x^2+3*x+1, 1; x^2+4*x+1, 1].
			{Title: "x^4 + 1 over GF(7) splits into two quadratics", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["1","0","0","0","1"]}}`),
				Result: json.RawMessage(`{"unit":"1","factors":[{"factor":{"variable":"x","coefficients":["1","3","1"],"expression":"x^2 + 3*x + 1"},"multiplicity":1},{"factor":{"variable":"x","coefficients":["1","4","1"],"expression":"x^2 + 4*x + 1"},"multiplicity":1}],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: factormod(3*x^5+x^4+2*x^2+4, 5) = [x+4, 1; x^4+3*x^3+3*x^2+2*x+2, 1].
			{Title: "3x^5 + x^4 + 2x^2 + 4 over GF(5): the unit 3 in front", Payload: json.RawMessage(`{"field":{"characteristic":"5","degree":1},"polynomial":{"coefficients":["4","0","2","0","1","3"]}}`),
				Result: json.RawMessage(`{"unit":"3","factors":[{"factor":{"variable":"x","coefficients":["4","1"],"expression":"x + 4"},"multiplicity":1},{"factor":{"variable":"x","coefficients":["2","2","3","3","1"],"expression":"x^4 + 3*x^3 + 3*x^2 + 2*x + 2"},"multiplicity":1}],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: factormod(x^6+2, 3) = [x+1, 3; x+2, 3]: x^6 + 2 = (x^2 − 1)^3.
			{Title: "x^6 + 2 = (x^2 − 1)^3 over GF(3), a cube", Payload: json.RawMessage(`{"field":{"characteristic":"3","degree":1},"polynomial":{"coefficients":["2","0","0","0","0","0","1"]}}`),
				Result: json.RawMessage(`{"unit":"1","factors":[{"factor":{"variable":"x","coefficients":["1","1"],"expression":"x + 1"},"multiplicity":3},{"factor":{"variable":"x","coefficients":["2","1"],"expression":"x + 2"},"multiplicity":3}],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: t = ffgen(Mod(1,2)*(t^2+t+1)); factor((x^2+t)^2*(x+1)*t) = [x+1, 1; x+(t+1), 4].
			{Title: "t·(x + 1)·(x^2 + t)^2 over GF(4): x^2 + t is the square of x + t + 1", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["1"],["1"],[],[],["0","1"],["0","1"]]}}`),
				Result: json.RawMessage(`{"unit":["0","1"],"factors":[{"factor":{"variable":"x","coefficients":[["1"],["1"]],"expression":"x + 1"},"multiplicity":1},{"factor":{"variable":"x","coefficients":[["1","1"],["1"]],"expression":"x + t + 1"},"multiplicity":4}],"characteristic_primality":"proven"}`)},
			{Title: "a nonzero constant has no factors", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["5"]}}`),
				Result: json.RawMessage(`{"unit":"5","factors":[],"characteristic_primality":"proven"}`)},
		},
		Slow: func() string { return slowFactorization() },
		Generate: func(ctx context.Context, rng *rand.Rand) PolynomialRequest {
			F := randomField(ctx, rng, 64, 3)
			return PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(randomFactored(rng, F, 12), "")}
		},
	}
}

// randomFactored is a random nonzero polynomial of degree at most about
// maxDeg built from random factors, some repeated, and, over small p,
// sometimes a p-th power, so that every stage has work to do.
func randomFactored(rng *rand.Rand, F *gf, maxDeg int) poly {
	f := poly{F.one()}
	for deg(f) < maxDeg/2 {
		g := randomPoly(rng, F, 1+rng.IntN(4))
		f = F.pmul(f, g)
		if rng.IntN(3) == 0 {
			f = F.pmul(f, g)
		}
	}
	if p := F.p; p.IsInt64() && p.Int64() <= 5 && rng.IntN(3) == 0 {
		g := f
		for range p.Int64() - 1 {
			f = F.pmul(f, g)
		}
	}
	lead := F.random(rng)
	if isZero(lead) {
		lead = F.one()
	}
	return F.pscale(lead, f)
}

// slowFactorization is a request that runs for seconds: a degree-2500
// polynomial over GF(2^61 − 1).
func slowFactorization() string {
	cs := make([]string, 2501)
	for i := range cs {
		cs[i] = fmt.Sprintf(`"%d"`, (uint64(i)*0x9E3779B97F4A7C15)%(1<<61-1))
	}
	cs[2500] = `"1"`
	out := `{"field":{"characteristic":"2305843009213693951","degree":1},"polynomial":{"coefficients":[`
	for i, c := range cs {
		if i > 0 {
			out += ","
		}
		out += c
	}
	return out + `]}}`
}

// checkFactorization verifies the factorization independently of how it
// was found: the unit is the leading coefficient; every factor is monic of
// degree ≥ 1, written canonically, with multiplicity ≥ 1, the list
// strictly ascending in the canonical order (so the factors are distinct);
// unit·∏ factor^multiplicity equals f; and every factor passes Rabin's
// irreducibility test (on words, or on the Frobenius matrix), which
// proves it irreducible (checkIrreducible).
func checkFactorization(ctx context.Context, q PolynomialRequest, r FactorizationResult) error {
	F, f, err := parseFactorization(q)
	if err != nil {
		return err
	}
	u, err := F.parseElement(r.Unit, "/value/unit")
	if err != nil {
		return err
	}
	if !equal(u, f[len(f)-1]) {
		return errors.New("the unit is not the leading coefficient")
	}
	v := string(q.Polynomial.Variable)
	if v == "" {
		v = "x"
	}
	render := elementRenderer(generatorName(q.Field, v))
	var w *wordFactorer
	if F.onWords() {
		w = newWordFactorer(F.p.Uint64())
	}
	product := poly{u}
	var prev poly
	factors := make([]poly, len(r.Factors))
	for i, pf := range r.Factors {
		if pf.Factor.Variable != v {
			return fmt.Errorf("factor %d is in %q, the request's polynomial in %q", i, pf.Factor.Variable, v)
		}
		if err := pf.Factor.Check(render); err != nil {
			return err
		}
		g, err := F.parsePoly(FieldPolynomial{Coefficients: pf.Factor.Coefficients}, fmt.Sprintf("/value/factors/%d/factor", i))
		if err != nil {
			return err
		}
		if deg(g) < 1 || !isOne(g[len(g)-1]) || pf.Multiplicity < 1 {
			return fmt.Errorf("factor %d is not monic of degree ≥ 1 with multiplicity ≥ 1", i)
		}
		if prev != nil && F.polyCompare(prev, g) >= 0 {
			return fmt.Errorf("factor %d is not after factor %d in the canonical order", i, i-1)
		}
		prev = g
		factors[i] = g
		for range pf.Multiplicity {
			if w != nil {
				product = fromWords(w.fld.Mul(F.toWords(product), F.toWords(g)))
			} else {
				product = F.pmul(product, g)
			}
			if deg(product) > deg(f) {
				return errors.New("the factors' degrees add up to more than the polynomial's")
			}
		}
	}
	if !polyEqual(product, f) {
		return errors.New("unit · ∏ factor^multiplicity ≠ f")
	}
	return checkIrreducible(ctx, F, w, factors)
}

// checkParallelFrom is the total degree of the factors from which
// checkIrreducible shares them between two goroutines: one fork and join
// for the whole test, a piece of a factor each. The degree-500 peer case
// over GF(10007) (factors of degree 288, 102, 58, 42, 9 and 1), make
// bench-peers CASES='gf_factor_deg500', Jacobian's least of three rounds,
// interleaved with the test on one goroutine, six pairs at load averages
// 0.8 to 1: 30.0 to 39.6 ms against 34.0 to 42.5 ms. Earlier, with a
// test nearly twice as long, two goroutines had lost at load 7 (29
// against 18 ms): a piece taken by a worker that loses its core holds
// the caller up.
const checkParallelFrom = 400

// checkIrreducible runs Rabin's test on each factor, on words when w is
// not nil, and returns an error naming the first reducible one found.
// The tests are independent: on words, with two cores and factors of
// checkParallelFrom degrees or more in all, two goroutines take them
// largest first from a shared queue, so that the largest, which costs
// most of the time, starts at once and the rest fill the other core.
func checkIrreducible(ctx context.Context, F *gf, w *wordFactorer, factors []poly) error {
	test := func(i int) error {
		var irreducible bool
		var err error
		if w != nil {
			irreducible, err = w.irreducible(ctx, F.toWords(factors[i]))
		} else {
			irreducible, err = F.rabin(ctx, factors[i])
		}
		if err != nil {
			return err
		}
		if !irreducible {
			return fmt.Errorf("factor %d is reducible", i)
		}
		return nil
	}
	total := 0
	for _, g := range factors {
		total += deg(g)
	}
	if w == nil || len(factors) < 2 || total < checkParallelFrom || !parallel.Worth() {
		for i := range factors {
			if err := test(i); err != nil {
				return err
			}
		}
		return nil
	}
	order := make([]int, len(factors))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(factors[b]) - len(factors[a]) })
	var next atomic.Int64
	var failed atomic.Bool
	run := func() error {
		for !failed.Load() {
			k := int(next.Add(1)) - 1
			if k >= len(order) {
				return nil
			}
			if err := test(order[k]); err != nil {
				failed.Store(true)
				return err
			}
		}
		return nil
	}
	return both(run, run)
}
