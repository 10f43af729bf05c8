package polynomial

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"strings"

	"jacobian.dev/core"
)

// Limits of polynomial.complex_roots.compute.
const (
	ComplexRootsMaxDegree = 500
	ComplexRootsMaxBits   = 1024
	// ComplexRootsMaxClearedBits is twice ComplexRootsMaxBits, as for the
	// gcd (see cleared.go).
	ComplexRootsMaxClearedBits = 2 * ComplexRootsMaxBits
	// ComplexRootsMaxDigits bounds the requested number of correct decimals.
	ComplexRootsMaxDigits = 1000
	// ComplexRootsMaxDigitsWork bounds degree·digits: a sweep of the
	// iteration costs about 3·n² complex operations on numbers of
	// digits·log2(10) bits, and the inclusion test n² more.
	ComplexRootsMaxDigitsWork = 30_000
	// ComplexRootsDefaultDigits is the number of correct decimals when the
	// request names none.
	ComplexRootsDefaultDigits = 20
)

var complexRootsLimits = sizeLimits{maxDegree: ComplexRootsMaxDegree, maxBits: ComplexRootsMaxBits}

// ComplexRootsRequest is a nonzero polynomial over Q and the number of
// correct decimal digits wanted after the point.
type ComplexRootsRequest struct {
	Polynomial PolyInput `json:"polynomial"`
	Digits     *int      `json:"digits,omitempty" jsonschema:"every root is certified within 10^-digits of its written center; default 20"`
}

// UnmarshalJSON decodes field by field so errors name their field.
func (q *ComplexRootsRequest) UnmarshalJSON(b []byte) error {
	if err := decodeObject(b, map[string]any{"polynomial": &q.Polynomial, "digits": &q.Digits}); err != nil {
		return err
	}
	if q.Digits != nil && *q.Digits < 0 {
		return &core.PayloadError{Path: "/payload/digits", Message: "digits must be a non-negative integer"}
	}
	return nil
}

func (q ComplexRootsRequest) digits() int {
	if q.Digits == nil {
		return ComplexRootsDefaultDigits
	}
	return *q.Digits
}

// ComplexRoot is one distinct complex root: it lies in the closed disc of
// the given radius around real + imaginary·i, and no other root does.
type ComplexRoot struct {
	Real      string `json:"real" jsonschema:"real part of the disc's center, a decimal"`
	Imaginary string `json:"imaginary" jsonschema:"imaginary part of the disc's center, a decimal; exactly 0 for a root certified real"`
	// Radius is a decimal d.de-N (or "0" when the center is the root).
	Radius       string `json:"radius" jsonschema:"certified error radius, a decimal d.de-N rounded upwards (0 when the center is exactly the root)"`
	Multiplicity int    `json:"multiplicity"`
	IsReal       bool   `json:"is_real" jsonschema:"the root is certified real (its disc, centered on the real axis, holds no other root)"`
}

// ComplexRootsResult lists the distinct roots in the canonical order.
type ComplexRootsResult struct {
	Roots []ComplexRoot `json:"roots"`
	// Distinct is the number of distinct roots, Total the number counted
	// with multiplicity (the degree).
	Distinct int `json:"distinct"`
	Total    int `json:"total"`
	// Decimals is the number of decimals written in every center's parts:
	// the requested digits and guard digits.
	Decimals int `json:"decimals"`
}

// complexRootsOperation computes all complex roots of a polynomial over Q
// with certified error radii.
//
// Canonical form: the distinct roots, each with its multiplicity, sorted
// by real part, then imaginary part, of the written centers. Each root is
// a disc: a center whose parts are written with the same number of
// decimals (the result's decimals, at least digits + ⌈log10(4·degree)⌉,
// more when close roots need them) and a radius, a two-significant-digit
// decimal rounded upwards, at most 10^-digits. The discs are pairwise
// disjoint and each holds exactly one root. A root certified real has its
// center on the real axis, imaginary part "0" and is_real; a non-real
// root's conjugate is written as the exact mirror of its center. A
// constant has no roots; the zero polynomial is a domain error.
//
// Algorithm: Yun's square-free decomposition, then for each factor the
// Aberth–Ehrlich iteration from Bini's Newton-polygon starting points, in
// complex128 and then in big.Float at doubling precisions, certified by
// the Gerschgorin-type inclusion discs n·|p(z_i)/(lc·∏(z_i − z_j))|
// computed at the written centers with rigorous rounding (see
// complexrootalg.go). The postcondition recomputes the factors of each
// multiplicity independently (square-free parts of gcd(f, f′, …,
// f^(m−1))), recomputes every inclusion bound from the written centers,
// and checks the discs are pairwise disjoint, the counts match the degree,
// and real claims are centered on the axis.
func complexRootsOperation() core.Operation[ComplexRootsRequest, ComplexRootsResult] {
	return core.Operation[ComplexRootsRequest, ComplexRootsResult]{
		ID:         "polynomial.complex_roots.compute",
		Title:      "Complex roots with certified error radii",
		Summary:    "Computes all complex roots of a univariate polynomial over Q to a requested number of correct digits, with multiplicities and a certified error radius for each root, by the Aberth–Ehrlich iteration and Gerschgorin-type inclusion discs.",
		Keywords:   []string{"polynomial", "complex roots", "roots", "zeros", "polroots", "aberth", "ehrlich", "inclusion", "certified", "numerical", "solve"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds: func() core.Bounds {
			b := polyBounds(ComplexRootsMaxDegree, "polynomial")
			b["/digits"] = ComplexRootsMaxDigits
			return b
		}(),
		Limits: append(complexRootsLimits.declare(withPolynomial), clearedLimit(ComplexRootsMaxClearedBits, withPolynomial, 200),
			core.Limit{Name: "digits", Max: ComplexRootsMaxDigits, Unit: "decimal digits", Description: "digits is at most this",
				Beyond: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x - 1/3"},"digits":%d}`, ComplexRootsMaxDigits+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x^2 + 2"},"digits":%d}`, ComplexRootsMaxDigits)
				}},
			core.Limit{Name: "digits_work", Max: ComplexRootsMaxDigitsWork, Unit: "degree·digits", Description: "the degree times digits is at most this (the iteration's cost grows with both)",
				Beyond: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x^101 - 2"},"digits":%d}`, ComplexRootsMaxDigitsWork/101+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"polynomial":{"expression":"x^100 - 2"},"digits":%d}`, ComplexRootsMaxDigitsWork/100)
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "the zero polynomial", Payload: `{"polynomial":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/polynomial"},
				{Title: "negative digits", Payload: `{"polynomial":{"expression":"x^2 + 1"},"digits":-1}`, Code: core.InvalidPayload, Path: "/payload/digits"},
			}
		},
		Preflight: func(ctx context.Context, q ComplexRootsRequest) error {
			if err := complexRootsLimits.check("polynomial", q.Polynomial); err != nil {
				return err
			}
			if err := checkCleared("polynomial", q.Polynomial, ComplexRootsMaxClearedBits); err != nil {
				return err
			}
			d := int64(q.digits())
			if d > ComplexRootsMaxDigits {
				return core.Refusef("digits %d is beyond the limit of %d", d, ComplexRootsMaxDigits)
			}
			if w := max(q.Polynomial.degree(), 1) * d; w > ComplexRootsMaxDigitsWork {
				return core.Refusef("degree·digits is %s, beyond the limit of %d", bound(q.Polynomial, w), ComplexRootsMaxDigitsWork)
			}
			if q.Polynomial.expr == nil && len(q.Polynomial.coeffs) == 0 {
				return zeroComplexRoots()
			}
			return nil
		},
		Run:           runComplexRoots,
		Postcondition: checkComplexRoots,
		Examples: []core.Example{
			// PARI/GP 2.15.2: polroots(x^2 + 1) = [-1.0*I, 1.0*I]~; the
			// centers are the roots exactly.
			{Title: "a conjugate pair", Payload: json.RawMessage(`{"polynomial":{"expression":"x^2 + 1"},"digits":5}`),
				Result: json.RawMessage(`{"roots":[{"real":"0.000000","imaginary":"-1.000000","radius":"0","multiplicity":1,"is_real":false},{"real":"0.000000","imaginary":"1.000000","radius":"0","multiplicity":1,"is_real":false}],"distinct":2,"total":2,"decimals":6}`)},
			// PARI/GP 2.15.2: polroots((x-1)^2*(x^2+x+1)*(2*x+1)) =
			// [-0.5, -0.5 - 0.866025403784439*I, -0.5 + 0.866025403784439*I, 1.0, 1.0]~.
			{Title: "multiplicities and exact real roots", Payload: json.RawMessage(`{"polynomial":{"expression":"(x - 1)^2*(x^2 + x + 1)*(2*x + 1)"},"digits":10}`),
				Result: json.RawMessage(`{"roots":[{"real":"-0.500000000000","imaginary":"-0.866025403784","radius":"1.4e-12","multiplicity":1,"is_real":false},{"real":"-0.500000000000","imaginary":"0","radius":"0","multiplicity":1,"is_real":true},{"real":"-0.500000000000","imaginary":"0.866025403784","radius":"1.4e-12","multiplicity":1,"is_real":false},{"real":"1.000000000000","imaginary":"0","radius":"0","multiplicity":2,"is_real":true}],"distinct":4,"total":5,"decimals":12}`)},
			// PARI/GP 2.15.2: polroots(x^5 - x - 1) at \\p 40 =
			// [1.167303978261418684256045899854842180721, ...].
			{Title: "a real root and two pairs", Payload: json.RawMessage(`{"polynomial":{"expression":"x^5 - x - 1"},"digits":30}`),
				Result: json.RawMessage(`{"roots":[{"real":"-0.76488443360058472602982318770854","imaginary":"-0.35247154603172624931794709140258","radius":"1.1e-32","multiplicity":1,"is_real":false},{"real":"-0.76488443360058472602982318770854","imaginary":"0.35247154603172624931794709140258","radius":"1.1e-32","multiplicity":1,"is_real":false},{"real":"0.18123244446987538390180023778112","imaginary":"-1.08395410131771066843034449298077","radius":"1.8e-32","multiplicity":1,"is_real":false},{"real":"0.18123244446987538390180023778112","imaginary":"1.08395410131771066843034449298077","radius":"1.8e-32","multiplicity":1,"is_real":false},{"real":"1.16730397826141868425604589985484","imaginary":"0","radius":"1.1e-32","multiplicity":1,"is_real":true}],"distinct":5,"total":5,"decimals":32}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ComplexRootsRequest {
			f := randomRootsPoly(ctx, rng)
			if rng.IntN(2) == 0 {
				f, _ = qmul(ctx, f, toQ(randomZ(rng, rng.IntN(8)+1, 20)))
			}
			d := rng.IntN(40)
			return ComplexRootsRequest{Polynomial: polyInputOf("x", f), Digits: &d}
		},
		Slow: func() string {
			// Two roots about a^-(n+2)/2 = 2^-6040 apart (a = 2^40,
			// n = 300): the cluster converges linearly at ever higher
			// precision until the time limit or the precision bound.
			return `{"polynomial":{"expression":"x^300 - 2*(1099511627776*x - 1)^2"},"digits":100}`
		},
	}
}

func zeroComplexRoots() error {
	return core.DomainErrorAt(core.PayloadPath("polynomial"), "the zero polynomial vanishes everywhere; it has no finite list of roots")
}

// rootCenter is one approximation with its written center.
type rootCenter struct {
	factor int // index into the square-free factors
	z      complex128
	c      decimalCenter
	real   bool
}

func runComplexRoots(ctx context.Context, q ComplexRootsRequest) (ComplexRootsResult, error) {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return ComplexRootsResult{}, err
	}
	if len(f) == 0 {
		return ComplexRootsResult{}, zeroComplexRoots()
	}
	d := q.digits()
	if f.deg() == 0 {
		return ComplexRootsResult{Roots: []ComplexRoot{}, Decimals: d}, nil
	}
	_, factors, err := squareFree(ctx, f)
	if err != nil {
		return ComplexRootsResult{}, err
	}
	n := f.deg()
	decimals := d + len(itoa(4*n))
	// The roots are below 2^rootBits in absolute value (Cauchy's bound
	// 1 + max|a_i/a_n| ≤ 2^(max bits − bits of a_n + 2)).
	rootBits := 0
	for _, a := range factors {
		m := 0
		for _, c := range a.factor {
			m = max(m, c.BitLen())
		}
		rootBits = max(rootBits, m-a.factor.lc().BitLen()+2)
	}
	prec := uint(float64(decimals)*math.Log2(10)) + uint(rootBits) + 32
	maxPrec := 16*prec + 4096
	target := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil))
	approx := make([][]bcomplex, len(factors))
	// An attempt that fails retries at the same precision with the strict
	// convergence test, again while the iteration has not converged (a
	// cluster, converging linearly), up to four times; then the precision
	// doubles.
	for retries := 0; prec <= maxPrec; {
		converged := true
		for k, a := range factors {
			var ok bool
			if approx[k], ok, err = approximateRoots(ctx, a.factor, approx[k], prec, retries > 0); err != nil {
				return ComplexRootsResult{}, err
			}
			converged = converged && ok
		}
		out, ok, err := certifyRoots(ctx, factors, approx, decimals, prec, target)
		if err != nil {
			return ComplexRootsResult{}, err
		}
		if ok {
			return out, nil
		}
		if (retries == 0 || !converged) && retries < 4 {
			retries++
			continue
		}
		retries = 0
		prec *= 2
		// Close roots need more decimals than the digits asked for: keep
		// half of the working precision's.
		decimals = max(decimals, int(float64(prec)*math.Log10(2)/2))
	}
	return ComplexRootsResult{}, core.Refusef("the roots could not be certified within %d bits of working precision", maxPrec)
}

// certifyRoots writes the approximations as decimal centers, certifies
// their discs and returns the result, or ok = false when a disc is too
// wide or two meet.
func certifyRoots(ctx context.Context, factors []sqfFactor, approx [][]bcomplex, decimals int, prec uint, target *big.Rat) (ComplexRootsResult, bool, error) {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	// An approximation whose imaginary part is below 2^-(prec/2) of its
	// size is taken for a real root; a wrong guess fails the
	// certification, and the next precision guesses again.
	var roots []rootCenter
	for k := range factors {
		var ofFactor []rootCenter
		for _, z := range approx[k] {
			re, _ := z.re.Float64()
			im, _ := z.im.Float64()
			c := decimalCenter{scaledRound(z.re, scale), scaledRound(z.im, scale)}
			mag := new(big.Float).Abs(z.re)
			mag.Add(mag, new(big.Float).Abs(z.im))
			mag.SetMantExp(mag, -int(prec/2))
			isReal := new(big.Float).Abs(z.im).Cmp(mag) <= 0 || c.im.Sign() == 0
			if isReal {
				c.im.SetInt64(0)
			}
			ofFactor = append(ofFactor, rootCenter{factor: k, z: complex(re, im), c: c, real: isReal})
		}
		mirrorConjugates(ofFactor)
		roots = append(roots, ofFactor...)
	}
	for round := 0; round < 2; round++ {
		rho, ok, err := certifiedRadii(ctx, factors, roots, decimals)
		if err != nil || !ok {
			return ComplexRootsResult{}, false, err
		}
		// A non-real disc that meets the real axis may hold a real root:
		// put its center on the axis and certify once more.
		moved := false
		for i, r := range roots {
			if !r.real && new(big.Rat).SetFrac(new(big.Int).Abs(r.c.im), scale).Cmp(rho[i].r) <= 0 {
				roots[i].real, moved = true, true
				roots[i].c.im = new(big.Int)
			}
		}
		if moved {
			continue
		}
		for _, r := range rho {
			if r.r.Cmp(target) > 0 {
				return ComplexRootsResult{}, false, nil
			}
		}
		centers := make([]decimalCenter, len(roots))
		rs := make([]*big.Rat, len(roots))
		for i, r := range roots {
			centers[i], rs[i] = r.c, rho[i].r
		}
		if ok, err := discsDisjoint(ctx, centers, rs, decimals); err != nil || !ok {
			return ComplexRootsResult{}, false, err
		}
		out := ComplexRootsResult{Roots: make([]ComplexRoot, len(roots)), Decimals: decimals}
		for i, r := range roots {
			m := factors[r.factor].multiplicity
			out.Roots[i] = ComplexRoot{Real: scaledDecimal(r.c.re, decimals), Imaginary: "0", Radius: rho[i].s, Multiplicity: m, IsReal: r.real}
			if !r.real {
				out.Roots[i].Imaginary = scaledDecimal(r.c.im, decimals)
			}
			out.Distinct++
			out.Total += m
		}
		order := make([]int, len(roots))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			if c := roots[a].c.re.Cmp(roots[b].c.re); c != 0 {
				return c
			}
			return roots[a].c.im.Cmp(roots[b].c.im)
		})
		sorted := make([]ComplexRoot, len(order))
		for i, j := range order {
			sorted[i] = out.Roots[j]
		}
		out.Roots = sorted
		return out, true, nil
	}
	return ComplexRootsResult{}, false, nil
}

// writtenRadius is a certified radius as an exact rational and as written.
type writtenRadius struct {
	r *big.Rat
	s string
}

// certifiedRadii computes each root's inclusion radius for its own
// factor, written upwards to two significant digits; ok is false when two
// centers of a factor coincide.
func certifiedRadii(ctx context.Context, factors []sqfFactor, roots []rootCenter, decimals int) ([]writtenRadius, bool, error) {
	out := make([]writtenRadius, len(roots))
	for k, a := range factors {
		var idx []int
		var cs []decimalCenter
		for i, r := range roots {
			if r.factor == k {
				idx, cs = append(idx, i), append(cs, r.c)
			}
		}
		r2, err := inclusionRadii(ctx, a.factor, cs, decimals)
		if err != nil || r2 == nil {
			return nil, false, err
		}
		for j, i := range idx {
			out[i].r, out[i].s = radiusUp(r2[j])
		}
	}
	return out, true, nil
}

// mirrorConjugates writes each non-real root of the lower half plane as
// the exact mirror image of the upper one nearest its conjugate, when the
// pairing is one to one.
func mirrorConjugates(rs []rootCenter) {
	used := make([]bool, len(rs))
	pairs := map[int]int{}
	for i, r := range rs {
		if r.real || r.c.im.Sign() <= 0 {
			continue
		}
		best, dist := -1, math.Inf(1)
		for j, s := range rs {
			if s.real || s.c.im.Sign() >= 0 {
				continue
			}
			if e := cmplx.Abs(s.z - cmplx.Conj(r.z)); e < dist {
				best, dist = j, e
			}
		}
		if best < 0 || used[best] {
			return
		}
		used[best] = true
		pairs[i] = best
	}
	for i, j := range pairs {
		rs[j].c = decimalCenter{new(big.Int).Set(rs[i].c.re), new(big.Int).Neg(rs[i].c.im)}
	}
}

// scaledRound is x·scale rounded to the nearest integer, half away from
// zero.
func scaledRound(x *big.Float, scale *big.Int) *big.Int {
	r, _ := x.Rat(nil)
	r.Mul(r, new(big.Rat).SetInt(scale))
	num := new(big.Int).Abs(r.Num())
	num.Lsh(num, 1)
	num.Add(num, r.Denom())
	num.Quo(num, new(big.Int).Lsh(r.Denom(), 1))
	if r.Sign() < 0 {
		num.Neg(num)
	}
	return num
}

// scaledDecimal writes v/10^decimals with exactly decimals digits after
// the point.
func scaledDecimal(v *big.Int, decimals int) string {
	s := new(big.Int).Abs(v).String()
	if decimals > 0 {
		if len(s) <= decimals {
			s = strings.Repeat("0", decimals-len(s)+1) + s
		}
		s = s[:len(s)-decimals] + "." + s[len(s)-decimals:]
	}
	if v.Sign() < 0 {
		s = "-" + s
	}
	return s
}

// parseScaled reads a decimal with exactly decimals digits after the
// point as an integer scaled by 10^decimals; "0" is accepted for an
// imaginary part on the axis.
func parseScaled(s string, decimals int) (*big.Int, error) {
	if s == "0" {
		return new(big.Int), nil
	}
	body := strings.TrimPrefix(s, "-")
	ip, fp, hasPoint := strings.Cut(body, ".")
	if hasPoint != (decimals > 0) || len(fp) != decimals || ip == "" || strings.HasPrefix(body, "+") {
		return nil, fmt.Errorf("%q does not have %d decimals", s, decimals)
	}
	v, ok := new(big.Int).SetString(ip+fp, 10)
	if !ok {
		return nil, fmt.Errorf("%q is not a decimal", s)
	}
	if strings.HasPrefix(s, "-") {
		v.Neg(v)
	}
	return v, nil
}

// parseRadius reads a radius written as d.de-N, d.deN or 0.
func parseRadius(s string) (*big.Rat, error) {
	if s == "0" {
		return new(big.Rat), nil
	}
	mant, _, ok := strings.Cut(s, "e")
	if !ok || len(mant) != 3 || mant[1] != '.' || mant[0] < '1' || mant[0] > '9' || mant[2] < '0' || mant[2] > '9' {
		return nil, fmt.Errorf("radius %q is not of the form d.de-N", s)
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, fmt.Errorf("radius %q is not a decimal", s)
	}
	return r, nil
}

// checkComplexRoots verifies the result independently of the iteration
// (see complexRootsOperation).
func checkComplexRoots(ctx context.Context, q ComplexRootsRequest, r ComplexRootsResult) error {
	f, err := q.Polynomial.poly(ctx)
	if err != nil {
		return err
	}
	if r.Distinct != len(r.Roots) {
		return errors.New("distinct is not the number of roots listed")
	}
	total := 0
	for _, x := range r.Roots {
		if x.Multiplicity < 1 {
			return errors.New("a multiplicity below 1")
		}
		total += x.Multiplicity
	}
	if total != r.Total || total != f.deg() {
		return fmt.Errorf("the multiplicities add up to %d, the degree is %d", total, f.deg())
	}
	if f.deg() == 0 {
		return nil
	}
	d := q.digits()
	if r.Decimals < d {
		return fmt.Errorf("the centers have %d decimals, fewer than the %d digits asked for", r.Decimals, d)
	}
	target := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil))
	centers := make([]decimalCenter, len(r.Roots))
	rho := make([]*big.Rat, len(r.Roots))
	for i, x := range r.Roots {
		re, err := parseScaled(x.Real, r.Decimals)
		if err != nil {
			return fmt.Errorf("root %d: %v", i, err)
		}
		if x.IsReal != (x.Imaginary == "0") {
			return fmt.Errorf("root %d: is_real is %v with imaginary part %s", i, x.IsReal, x.Imaginary)
		}
		im, err := parseScaled(x.Imaginary, r.Decimals)
		if err != nil {
			return fmt.Errorf("root %d: %v", i, err)
		}
		if rho[i], err = parseRadius(x.Radius); err != nil {
			return fmt.Errorf("root %d: %v", i, err)
		}
		if rho[i].Cmp(target) > 0 {
			return fmt.Errorf("root %d: the radius %s is above 10^-%d", i, x.Radius, d)
		}
		centers[i] = decimalCenter{re, im}
		if i > 0 {
			p := centers[i-1]
			if c := p.re.Cmp(re); c > 0 || c == 0 && p.im.Cmp(im) >= 0 {
				return fmt.Errorf("roots %d and %d are not in the canonical order", i-1, i)
			}
		}
	}
	if ok, err := discsDisjoint(ctx, centers, rho, r.Decimals); err != nil {
		return err
	} else if !ok {
		return errors.New("two discs meet")
	}
	parts, err := exactMultiplicityParts(ctx, f)
	if err != nil {
		return err
	}
	for m, e := range parts {
		var cs []decimalCenter
		var idx []int
		for i, x := range r.Roots {
			if x.Multiplicity == m {
				cs, idx = append(cs, centers[i]), append(idx, i)
			}
		}
		if len(cs) != e.deg() {
			return fmt.Errorf("%d roots of multiplicity %d are listed, the polynomial has %d", len(cs), m, e.deg())
		}
		r2, err := inclusionRadii(ctx, e, cs, r.Decimals)
		if err != nil {
			return err
		}
		if r2 == nil {
			return fmt.Errorf("two roots of multiplicity %d have the same center", m)
		}
		for j, i := range idx {
			bound := new(big.Rat)
			r2[j].Rat(bound)
			if new(big.Rat).Mul(rho[i], rho[i]).Cmp(bound) < 0 {
				return fmt.Errorf("root %d: the inclusion bound exceeds the radius %s", i, r.Roots[i].Radius)
			}
		}
	}
	for m := range r.Roots {
		if _, ok := parts[r.Roots[m].Multiplicity]; !ok {
			return fmt.Errorf("root %d has multiplicity %d, which no root of the polynomial has", m, r.Roots[m].Multiplicity)
		}
	}
	return nil
}

// exactMultiplicityParts maps each multiplicity m of f's roots to the
// primitive polynomial E_m whose roots are exactly the roots of f of
// multiplicity m: with D_k = gcd(f, f′, …, f^(k−1)), whose roots are those
// of multiplicity at least k, E_m = sqf(D_m)/sqf(D_{m+1}).
func exactMultiplicityParts(ctx context.Context, f qpoly) (map[int]zpoly, error) {
	_, pf, err := qprimitive(ctx, f)
	if err != nil {
		return nil, err
	}
	sqf := func(p zpoly) (zpoly, error) {
		if p.deg() <= 0 {
			return zpoly{big.NewInt(1)}, nil
		}
		s, err := squareFreePart(ctx, p)
		if err != nil {
			return nil, err
		}
		_, s, err = primitive(ctx, s)
		if err == nil && s.lc().Sign() < 0 {
			for _, c := range s {
				c.Neg(c)
			}
		}
		return s, err
	}
	out := map[int]zpoly{}
	dk, deriv := pf, pf
	prev, err := sqf(dk)
	if err != nil {
		return nil, err
	}
	for k := 1; prev.deg() > 0; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		deriv = zderiv(deriv)
		if dk.deg() > 0 {
			if dk, err = gcdZ(ctx, dk, deriv); err != nil {
				return nil, err
			}
		}
		next, err := sqf(dk)
		if err != nil {
			return nil, err
		}
		e, err := divExact(ctx, prev, next)
		if err != nil {
			return nil, err
		}
		if e.deg() > 0 {
			if _, e, err = primitive(ctx, e); err != nil {
				return nil, err
			}
			if e.lc().Sign() < 0 {
				for _, c := range e {
					c.Neg(c)
				}
			}
			out[k] = e
		}
		prev = next
	}
	return out, nil
}
