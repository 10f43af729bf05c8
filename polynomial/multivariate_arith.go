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

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// Limits of polynomial.multivariate.arithmetic.compute beyond the shared
// multivariate ones.
const (
	// MultiMaxPower bounds the exponent of op power.
	MultiMaxPower = 64
	// MultiMaxResultTerms bounds the estimated number of terms of the
	// result: terms(left)·terms(right) for a product, and for a power the
	// smaller of terms^e and the number of monomials of the result's
	// degree.
	MultiMaxResultTerms = 1_000_000
)

// MultiOp names the multivariate arithmetic operation.
type MultiOp string

// The multivariate arithmetic operations.
const (
	MultiAdd      MultiOp = "add"
	MultiSubtract MultiOp = "subtract"
	MultiMultiply MultiOp = "multiply"
	MultiPower    MultiOp = "power"
)

// JSONSchema lists the operations.
func (MultiOp) JSONSchema() *jsonschema.Schema {
	return core.Enum("add, subtract and multiply take left and right; power takes left and exponent",
		string(MultiAdd), string(MultiSubtract), string(MultiMultiply), string(MultiPower))
}

// MultiArithmeticRequest is op with its operands in one ring.
type MultiArithmeticRequest struct {
	MultiRing
	Op       MultiOp         `json:"op"`
	Left     MultiPolyInput  `json:"left"`
	Right    *MultiPolyInput `json:"right,omitempty"`
	Exponent *int            `json:"exponent,omitempty"`

	left, right mpoly // parsed by UnmarshalJSON
}

// JSONSchema is the ring fields and the operands.
func (MultiArithmeticRequest) JSONSchema() *jsonschema.Schema {
	props := multiRingSchema()
	props["op"] = MultiOp("").JSONSchema()
	props["left"] = MultiPolyInput{}.JSONSchema()
	props["right"] = MultiPolyInput{}.JSONSchema()
	props["exponent"] = &jsonschema.Schema{Type: "integer", Minimum: core.Ptr(0.0), Maximum: core.Ptr(float64(MultiMaxPower)), Description: "non-negative exponent, for op power only"}
	return &jsonschema.Schema{
		Type: "object", Properties: props, Required: []string{"variables", "op", "left"},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}

type multiArithmeticWire struct {
	MultiRing
	Op       MultiOp         `json:"op"`
	Left     MultiPolyInput  `json:"left"`
	Right    *MultiPolyInput `json:"right,omitempty"`
	Exponent *int            `json:"exponent,omitempty"`
}

// UnmarshalJSON decodes and checks the ring, the operands against it and
// the fields op needs.
func (q *MultiArithmeticRequest) UnmarshalJSON(b []byte) error {
	var w multiArithmeticWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*q = MultiArithmeticRequest{MultiRing: w.MultiRing, Op: w.Op, Left: w.Left, Right: w.Right, Exponent: w.Exponent}
	if err := q.MultiRing.check(); err != nil {
		return err
	}
	switch {
	case q.Op == MultiPower && q.Exponent == nil:
		return &core.PayloadError{Path: "/payload/exponent", Message: "op power needs an \"exponent\""}
	case q.Op == MultiPower && q.Right != nil:
		return &core.PayloadError{Path: "/payload/right", Message: "op power takes \"left\" and \"exponent\", not \"right\""}
	case q.Op != MultiPower && q.Right == nil:
		return &core.PayloadError{Path: "/payload/right", Message: fmt.Sprintf("op %s needs a \"right\" polynomial", q.Op)}
	case q.Op != MultiPower && q.Exponent != nil:
		return &core.PayloadError{Path: "/payload/exponent", Message: fmt.Sprintf("\"exponent\" is only for op power, not %s", q.Op)}
	}
	o, n := q.monoOrder(), len(q.Variables)
	var err error
	if q.left, err = mpolyOf(q.Left, n, o, "/payload/left"); err != nil {
		return err
	}
	if q.Right != nil {
		if q.right, err = mpolyOf(*q.Right, n, o, "/payload/right"); err != nil {
			return err
		}
	}
	return nil
}

// MultiArithmeticResult is the result polynomial in its ring.
type MultiArithmeticResult struct {
	ringResult
	Result MultiPolynomial `json:"result"`
}

// multiArithmeticOperation adds, subtracts, multiplies and raises to a
// power multivariate polynomials over Q.
//
// Canonical form: the result's terms sorted strictly descending in the
// requested monomial order (default grevlex), no zero coefficients,
// reduced rationals; the zero polynomial has no terms and the expression
// "0"; a power with exponent 0 is 1 (also for the zero polynomial).
// Algorithm: sums by merging sorted term lists; products by the schoolbook
// sum of term products accumulated in a hash table, then sorted; powers by
// repeated squaring. The postcondition evaluates both sides at a random
// point modulo two primes (Schwartz–Zippel: a wrong result of total degree
// at most 64·1000·16 survives each with probability below 10^-12).
func multiArithmeticOperation() core.Operation[MultiArithmeticRequest, MultiArithmeticResult] {
	xy := `"variables":["x","y"]`
	withLeft := func(vars, left string) string {
		return `{"variables":` + vars + `,"op":"multiply","left":` + left + `,"right":{"terms":[]}}`
	}
	return core.Operation[MultiArithmeticRequest, MultiArithmeticResult]{
		ID:         "polynomial.multivariate.arithmetic.compute",
		Title:      "Multivariate polynomial arithmetic",
		Summary:    "Adds, subtracts, multiplies or raises to a power multivariate polynomials with rational coefficients, given as terms (coefficient and exponent vector), with the result in lex, grevlex or an elimination order.",
		Keywords:   []string{"multivariate", "polynomial", "several variables", "add", "subtract", "multiply", "product", "power", "expand", "terms", "monomial order", "lex", "grevlex"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"multivariate_polynomial"},
		Limits: append(multiLimits(withLeft),
			core.Limit{Name: "power", Max: MultiMaxPower, Unit: "exponent", Description: "the exponent of op power is at most this",
				Beyond: func() string {
					return `{` + xy + `,"op":"power","left":` + termsJSON([]any{1, 1, 0}) + `,"exponent":65}`
				},
				At: func() string {
					return `{` + xy + `,"op":"power","left":` + termsJSON([]any{1, 1, 0}, []any{1, 0, 1}) + `,"exponent":64}`
				}},
			core.Limit{Name: "result_terms", Max: MultiMaxResultTerms, Unit: "terms", Description: "the estimated number of terms of the result (terms(left)·terms(right) for a product; for a power the smaller of terms^exponent and the number of monomials of its degree) is at most this",
				Beyond: func() string {
					return `{` + xy + `,"op":"multiply","left":` + denseXY(1001) + `,"right":` + denseXY(1000) + `}`
				},
				At: func() string {
					return `{` + xy + `,"op":"multiply","left":` + denseXY(1000) + `,"right":` + denseXY(1000) + `}`
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a term with the wrong number of exponents", Payload: `{` + xy + `,"op":"add","left":` + termsJSON([]any{1, 1}) + `,"right":` + termsJSON([]any{1, 0, 1}) + `}`, Code: core.InvalidPayload, Path: "/payload/left/terms/0/exponents"},
				{Title: "a repeated variable", Payload: `{"variables":["x","x"],"op":"add","left":{"terms":[]},"right":{"terms":[]}}`, Code: core.InvalidPayload, Path: "/payload/variables"},
				{Title: "eliminate without the elimination order", Payload: `{` + xy + `,"eliminate":1,"op":"add","left":{"terms":[]},"right":{"terms":[]}}`, Code: core.InvalidPayload, Path: "/payload/eliminate"},
			}
		},
		Preflight: preflightMultiArithmetic,
		Run:       runMultiArithmetic,
		Postcondition: func(ctx context.Context, q MultiArithmeticRequest, r MultiArithmeticResult) error {
			return checkMultiArithmetic(ctx, q, r)
		},
		Examples: []core.Example{
			// SymPy 1.14: expand((x + y)*(x - y)) = x**2 - y**2
			{Title: "a product", Payload: json.RawMessage(`{"variables":["x","y"],"op":"multiply","left":` + termsJSON([]any{1, 1, 0}, []any{1, 0, 1}) + `,"right":` + termsJSON([]any{1, 1, 0}, []any{-1, 0, 1}) + `}`),
				Result: json.RawMessage(`{"variables":["x","y"],"order":"grevlex","result":{"terms":[{"coefficient":"1","exponents":[2,0]},{"coefficient":"-1","exponents":[0,2]}],"expression":"x^2 - y^2"}}`)},
			// SymPy 1.14: Poly((x + y**2 + 1)**2, x, y).terms(order='lex')
			{Title: "a square in lex order", Payload: json.RawMessage(`{"variables":["x","y"],"order":"lex","op":"power","left":` + termsJSON([]any{1, 1, 0}, []any{1, 0, 2}, []any{1, 0, 0}) + `,"exponent":2}`),
				Result: json.RawMessage(`{"variables":["x","y"],"order":"lex","result":{"terms":[{"coefficient":"1","exponents":[2,0]},{"coefficient":"2","exponents":[1,2]},{"coefficient":"2","exponents":[1,0]},{"coefficient":"1","exponents":[0,4]},{"coefficient":"2","exponents":[0,2]},{"coefficient":"1","exponents":[0,0]}],"expression":"x^2 + 2*x*y^2 + 2*x + y^4 + 2*y^2 + 1"}}`)},
			{Title: "a sum that cancels", Payload: json.RawMessage(`{"variables":["x","y","z"],"op":"subtract","left":` + termsJSON([]any{"1/2", 1, 1, 0}, []any{3, 0, 0, 1}) + `,"right":` + termsJSON([]any{"1/2", 1, 1, 0}) + `}`),
				Result: json.RawMessage(`{"variables":["x","y","z"],"order":"grevlex","result":{"terms":[{"coefficient":"3","exponents":[0,0,1]}],"expression":"3*z"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) MultiArithmeticRequest {
			n := 1 + rng.IntN(4)
			ring := randomRing(rng, n)
			o := ring.monoOrder()
			q := MultiArithmeticRequest{MultiRing: ring}
			q.Left = multiInputOf(randomMulti(rng, o, n, 1+rng.IntN(6), 4))
			switch rng.IntN(4) {
			case 0:
				q.Op = MultiPower
				e := rng.IntN(5)
				q.Exponent = &e
				q.Left = multiInputOf(randomMulti(rng, o, n, 1+rng.IntN(3), 2))
			default:
				q.Op = []MultiOp{MultiAdd, MultiSubtract, MultiMultiply}[rng.IntN(3)]
				r := multiInputOf(randomMulti(rng, o, n, rng.IntN(6), 4))
				q.Right = &r
			}
			return q
		},
		Slow: func() string {
			// (a + b + c + d + e + f)^18 has 134,596 terms.
			one := func(i int) []any {
				t := []any{1, 0, 0, 0, 0, 0, 0}
				t[1+i] = 1
				return t
			}
			return `{"variables":["a","b","c","d","e","f"],"op":"power","left":` + termsJSON(one(0), one(1), one(2), one(3), one(4), one(5)) + `,"exponent":18}`
		},
	}
}

// denseXY is Σ x^i·y^(n−1−i), n terms.
func denseXY(n int) string {
	terms := make([][]any, n)
	for i := range terms {
		terms[i] = []any{1, i, n - 1 - i}
	}
	return termsJSON(terms...)
}

// multiLimits are the variables, terms, exponent and coefficient-bit
// limits every multivariate operation declares; payload places one
// polynomial into a small request whose ring is vars (a JSON list) and
// whose other polynomials are zero.
func multiLimits(payload func(vars, poly string) string) []core.Limit {
	manyVars := func(n int) string {
		vars := make([]string, n)
		for i := range vars {
			vars[i] = fmt.Sprintf(`"x%d"`, i+1)
		}
		return "[" + strings.Join(vars, ",") + "]"
	}
	const xy = `["x","y"]`
	return []core.Limit{
		{Name: "variables", Max: MultiMaxVariables, Unit: "variables", Description: "a request names at most this many variables",
			Beyond: func() string { return payload(manyVars(MultiMaxVariables+1), `{"terms":[]}`) },
			At:     func() string { return payload(manyVars(MultiMaxVariables), `{"terms":[]}`) }},
		{Name: "terms", Max: MultiMaxTerms, Unit: "terms", Description: "each polynomial of a request has at most this many terms",
			Beyond: func() string { return payload(xy, gridXY(MultiMaxTerms+1)) },
			At:     func() string { return payload(xy, gridXY(MultiMaxTerms)) }},
		{Name: "exponent", Max: MultiMaxExponent, Unit: "exponent", Description: "each exponent of a request term is at most this",
			Beyond: func() string { return payload(xy, termsJSON([]any{1, MultiMaxExponent + 1, 0})) },
			At:     func() string { return payload(xy, termsJSON([]any{1, MultiMaxExponent, 0}, []any{-1, 0, 0})) }},
		{Name: "coefficient_bits", Max: MultiMaxBits, Unit: "bits", Description: "each coefficient's numerator and denominator together have at most this many bits",
			Beyond: func() string { return payload(xy, termsJSON([]any{powerOfTwo(MultiMaxBits).String(), 1, 0})) },
			At:     func() string { return payload(xy, termsJSON([]any{allOnes(MultiMaxBits).String(), 1, 0})) }},
	}
}

// gridXY is Σ x^i·y^j over the first n pairs (i, j) with j < 100, every
// exponent at most n/100.
func gridXY(n int) string {
	terms := make([][]any, n)
	for k := range terms {
		terms[k] = []any{1, k / 100, k % 100}
	}
	return termsJSON(terms...)
}

func preflightMultiArithmetic(ctx context.Context, q MultiArithmeticRequest) error {
	if err := checkMultiInput("left", q.Left); err != nil {
		return err
	}
	if q.Right != nil {
		if err := checkMultiInput("right", *q.Right); err != nil {
			return err
		}
	}
	tl := float64(len(q.left))
	bl := float64(multiBits(q.Left)) + 1
	var terms, bits float64
	switch q.Op {
	case MultiAdd, MultiSubtract:
		terms, bits = tl+float64(len(q.right)), max(bl, float64(multiBits(*q.Right)))+1
	case MultiMultiply:
		tr := float64(len(q.right))
		terms = tl * tr
		bits = bl + float64(multiBits(*q.Right)) + math.Log2(max(min(tl, tr), 1))
	case MultiPower:
		e := float64(*q.Exponent)
		if *q.Exponent > MultiMaxPower {
			return core.Refusef("the exponent %d is beyond the limit of %d", *q.Exponent, MultiMaxPower)
		}
		terms = math.Min(math.Pow(max(tl, 1), e), monomialCount(len(q.Variables), int(e)*multiDegree(q.Left)))
		bits = e * (bl + math.Log2(max(tl, 1)))
	}
	if terms > MultiMaxResultTerms {
		return core.Refusef("the result may have up to %.0f terms, beyond the limit of %d", terms, MultiMaxResultTerms)
	}
	if terms*bits > ResultMaxBits {
		return core.Refusef("the result may take up to %.0f bits, beyond the limit of %d", terms*bits, ResultMaxBits)
	}
	return nil
}

// monomialCount is the number of monomials of total degree at most d in n
// variables, C(n + d, n), as a float.
func monomialCount(n, d int) float64 {
	lg, _ := math.Lgamma(float64(n + d + 1))
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(d + 1))
	return math.Exp(lg - a - b)
}

func runMultiArithmetic(ctx context.Context, q MultiArithmeticRequest) (MultiArithmeticResult, error) {
	o := q.monoOrder()
	var out mpoly
	var err error
	switch q.Op {
	case MultiAdd:
		out = o.addScaled(q.left, q.right, false)
	case MultiSubtract:
		out = o.addScaled(q.left, q.right, true)
	case MultiMultiply:
		out, err = o.mul(ctx, q.left, q.right)
	case MultiPower:
		out, err = o.pow(ctx, q.left, *q.Exponent, len(q.Variables))
	default:
		err = fmt.Errorf("unknown op %q", q.Op)
	}
	if err != nil {
		return MultiArithmeticResult{}, err
	}
	return MultiArithmeticResult{ringResult: q.MultiRing.result(), Result: multiOf(q.Variables, out)}, nil
}

// checkMultiArithmetic checks the canonical form and the identity at a
// random point modulo two primes.
func checkMultiArithmetic(ctx context.Context, q MultiArithmeticRequest, r MultiArithmeticResult) error {
	if err := checkRingResult(q.MultiRing, r.ringResult); err != nil {
		return err
	}
	h, err := readMulti(q.Variables, q.monoOrder(), r.Result)
	if err != nil {
		return err
	}
	ps := checkPrimes()
	for checked := 0; checked < 2; {
		p := ps.take()
		pt := make([]uint64, len(q.Variables))
		for i := range pt {
			pt[i] = modular.Add(checkPoint(p), uint64(7*i+checked), p)
		}
		l, okL := evalMultiMod(ctx, q.left, pt, p)
		rv, okR := evalMultiMod(ctx, q.right, pt, p)
		v, okH := evalMultiMod(ctx, h, pt, p)
		if !okL || !okR || !okH {
			if err := ctx.Err(); err != nil {
				return err
			}
			continue // p divides a denominator
		}
		var want uint64
		switch q.Op {
		case MultiAdd:
			want = modular.Add(l, rv, p)
		case MultiSubtract:
			want = modular.Sub(l, rv, p)
		case MultiMultiply:
			want = modular.Mul(l, rv, p)
		case MultiPower:
			want = modular.Pow(l, uint64(*q.Exponent), p)
		}
		if want != v {
			return fmt.Errorf("the %s identity fails at a point modulo %d", q.Op, p)
		}
		checked++
	}
	return nil
}

// checkRingResult checks that a result repeats the request's ring.
func checkRingResult(q MultiRing, r ringResult) error {
	want := q.result()
	if strings.Join(want.Variables, ",") != strings.Join(r.Variables, ",") || want.Order != r.Order || want.Eliminate != r.Eliminate {
		return errors.New("the result does not repeat the request's variables and order")
	}
	return nil
}

// evalMultiMod is p at pt modulo the prime m; false when m divides a
// denominator.
func evalMultiMod(ctx context.Context, p mpoly, pt []uint64, m uint64) (uint64, bool) {
	var sum uint64
	for k, t := range p {
		if k&1023 == 1023 && ctx.Err() != nil {
			return 0, false
		}
		c, ok := modular.ReduceRat(t.c, m)
		if !ok {
			return 0, false
		}
		for i, e := range t.m[1:] {
			if e > 0 {
				c = modular.Mul(c, modular.Pow(pt[i], uint64(e), m), m)
			}
		}
		sum = modular.Add(sum, c, m)
	}
	return sum, true
}

// randomRing is a random ring of n variables named from a, b, c, ...
// with a random order.
func randomRing(rng *rand.Rand, n int) MultiRing {
	vars := make([]string, n)
	for i := range vars {
		vars[i] = string(rune('a' + i))
	}
	r := MultiRing{Variables: vars}
	switch rng.IntN(4) {
	case 0:
		r.Order = OrderLex
	case 1:
		if n > 1 {
			r.Order, r.Eliminate = OrderElimination, 1+rng.IntN(n-1)
		}
	case 2:
		r.Order = OrderGrevlex
	}
	return r
}

// randomMulti is a random polynomial of up to t terms in n variables of
// total degree at most d, with small rational coefficients.
func randomMulti(rng *rand.Rand, o monoOrder, n, t, d int) mpoly {
	in := MultiPolyInput{}
	for range t {
		e := make([]int, n)
		left := d
		for i := range e {
			if left > 0 {
				e[i] = rng.IntN(left + 1)
				left -= e[i]
			}
		}
		// Shuffle so the first variable is not favoured.
		rng.Shuffle(n, func(i, j int) { e[i], e[j] = e[j], e[i] })
		c := big.NewRat(rng.Int64N(41)-20, 1)
		if rng.IntN(5) == 0 {
			c.SetFrac64(rng.Int64N(41)-20, rng.Int64N(9)+1)
		}
		in.Terms = append(in.Terms, MultiTermInput{Coefficient: core.Rat(c), Exponents: e})
	}
	p, _ := mpolyOf(in, n, o, "")
	return p
}
