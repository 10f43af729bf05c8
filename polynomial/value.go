package polynomial

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
	"jacobian.dev/core/polyexpr"
)

// MaxExpressionBytes bounds the length of an expression in a request.
const MaxExpressionBytes = 20_000

var variablePattern = regexp.MustCompile(core.VariablePattern)

// PolyInput is a univariate polynomial in a request, in exactly one of two
// forms:
//
//	{"variable": "x", "coefficients": ["1", "-2", "0", "1"]}
//	{"expression": "x^3 - 2*x + 1"}
//
// Coefficients are exact rationals, constant term first. A list ending in
// "0" is refused rather than normalised, so that a caller who meant a
// different degree finds out; the zero polynomial is []. The variable is a
// single lowercase letter and defaults to "x". An expression follows the
// strict grammar of package polyexpr and names its own variable (a
// constant expression names none), so "variable" is not allowed beside
// it. Expressions that would expand beyond the codec's bounds are not
// expanded; preflight refuses them.
type PolyInput struct {
	variable string
	explicit bool  // the variable was named, not defaulted
	coeffs   qpoly // the coefficient form
	// expr is the expression form, compiled but expanded only by Run
	// (after preflight has checked its bounds), once, into memo.
	expr *polyexpr.Expr
	memo *expansion
	// tooLong is set instead for an expression beyond MaxExpressionBytes.
	tooLong *polyexpr.SizeError
	// source is the expression as sent, which MarshalJSON writes back so
	// that encoding a request never expands anything.
	source *string
}

type expansion struct {
	mu     sync.Mutex
	coeffs qpoly
	done   bool
}

// NewPolyInput builds an input in coefficient form; variable "" means x.
func NewPolyInput(variable string, coefficients []*big.Rat) PolyInput {
	return PolyInput{variable: variable, explicit: variable != "", coeffs: qtrim(qpoly(coefficients))}
}

func polyInputOf(variable string, a qpoly) PolyInput {
	return PolyInput{variable: variable, explicit: true, coeffs: a}
}

// poly returns the coefficients, expanding an expression the first time.
func (p PolyInput) poly(ctx context.Context) (qpoly, error) {
	if p.expr == nil {
		return p.coeffs, nil
	}
	p.memo.mu.Lock()
	defer p.memo.mu.Unlock()
	if !p.memo.done {
		c, err := p.expr.Expand(ctx)
		if err != nil {
			return nil, err
		}
		p.memo.coeffs, p.memo.done = qpoly(c), true
	}
	return p.memo.coeffs, nil
}

type polyInputWire struct {
	Variable     *string          `json:"variable,omitempty"`
	Coefficients *[]core.Rational `json:"coefficients,omitempty"`
	Expression   *string          `json:"expression,omitempty"`
}

// UnmarshalJSON decodes either form, refusing both or neither, trailing
// zeros, and malformed expressions with the position of the fault.
func (p *PolyInput) UnmarshalJSON(b []byte) error {
	var w polyInputWire
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		// Payload errors and codec refusals keep their classification; the
		// schema has already refused wrong shapes.
		return err
	}
	switch {
	case w.Coefficients != nil && w.Expression != nil:
		return &core.PayloadError{Message: "give the polynomial either as \"coefficients\" or as an \"expression\", not both"}
	case w.Coefficients == nil && w.Expression == nil:
		return &core.PayloadError{Message: "a polynomial needs \"coefficients\" (constant term first) or an \"expression\" such as \"x^2 - 1\""}
	case w.Expression != nil && w.Variable != nil:
		return &core.PayloadError{Path: "/variable", Message: "an expression names its own variable; drop \"variable\" or send \"coefficients\" instead"}
	}
	*p = PolyInput{variable: "x"}
	if w.Variable != nil {
		if !variablePattern.MatchString(*w.Variable) {
			return &core.PayloadError{Path: "/variable", Message: fmt.Sprintf("variable %q must be a single lowercase letter a-z", *w.Variable)}
		}
		p.variable, p.explicit = *w.Variable, true
	}
	if w.Coefficients != nil {
		cs := *w.Coefficients
		if n := len(cs); n > 0 && cs[n-1].Rat().Sign() == 0 {
			return &core.PayloadError{Path: fmt.Sprintf("/coefficients/%d", n-1), Message: "the coefficient list ends in zero; list the constant term first and drop trailing zeros (the zero polynomial is [])"}
		}
		p.coeffs = make(qpoly, len(cs))
		for i, c := range cs {
			p.coeffs[i] = c.Rat()
		}
		return nil
	}
	p.source = w.Expression
	expr, err := polyexpr.Compile(*w.Expression, MaxExpressionBytes)
	var se *polyexpr.SyntaxError
	var ze *polyexpr.SizeError
	switch {
	case errors.As(err, &se):
		return &core.PayloadError{Path: "/expression", Message: "malformed expression at " + se.Error()}
	case errors.As(err, &ze):
		p.tooLong = ze
		return nil
	case err != nil:
		return &core.PayloadError{Path: "/expression", Message: err.Error()}
	}
	if expr.Variable() != "" {
		p.variable, p.explicit = expr.Variable(), true
	}
	p.expr, p.memo = expr, &expansion{}
	return nil
}

// MarshalJSON writes the input in the form it was given: the expression
// as sent (expanding it would be work outside preflight's bounds and any
// deadline), or the variable and coefficients.
func (p PolyInput) MarshalJSON() ([]byte, error) {
	if p.source != nil {
		return json.Marshal(struct {
			Expression string `json:"expression"`
		}{*p.source})
	}
	cs := make([]core.Rational, len(p.coeffs))
	for i, x := range p.coeffs {
		cs[i] = core.Rat(x)
	}
	v := p.variable
	if v == "" {
		v = "x"
	}
	return json.Marshal(struct {
		Variable     string          `json:"variable"`
		Coefficients []core.Rational `json:"coefficients"`
	}{v, cs})
}

// JSONSchema describes both forms; exactly one must be given.
func (PolyInput) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "object",
		Description: "univariate polynomial, exactly one of two forms: {\"variable\": \"x\", \"coefficients\": [c0, c1, ...]} (exact rationals, constant term first, no trailing zeros; zero polynomial []; variable optional, default x) or {\"expression\": \"x^3 - 2*x + 1\"} alone (integers, p/q literals, + - * ^, parentheses, one lowercase variable; write * explicitly)",
		Properties: map[string]*jsonschema.Schema{
			"variable":     variableSchema(),
			"coefficients": {Type: "array", Items: core.Rational{}.JSONSchema(), Description: "exact rational coefficients, constant term first, no trailing zeros; at most the operation's degree limit plus one"},
			"expression":   {Type: "string", MaxLength: core.Ptr(MaxExpressionBytes), Description: fmt.Sprintf("strict polynomial expression of at most %d bytes, e.g. \"1/2*x^2 - 3\"", MaxExpressionBytes)},
		},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		// The decoder refuses both forms at once, and "variable" beside an
		// expression, with messages that say which field to drop; a
		// "oneOf" here would preempt them with a terse validator message.
		AnyOf: []*jsonschema.Schema{
			{Required: []string{"coefficients"}},
			{Required: []string{"expression"}},
		},
	}
}

// variableSchema is the variable of a request polynomial: one of the 26
// lowercase letters (core.VariablePattern), as an enumeration rather than
// a pattern with maxLength 1, so that a caller who sends "xy" is told the
// value is invalid (INVALID_PAYLOAD) rather than too large, which is what
// the payload scan answers for a string past its maxLength.
func variableSchema() *jsonschema.Schema {
	letters := make([]string, 26)
	for i := range letters {
		letters[i] = string(rune('a' + i))
	}
	return core.Enum("a single lowercase letter; default x", letters...)
}

// Result polynomials are core.Polynomial[core.Rational]: exact rational
// coefficients, constant term first, no trailing zeros ([] for zero), and
// the expression core.RenderPolynomial writes, which the expression form
// reads back exactly.

func polyOf(variable string, a qpoly) core.Polynomial[core.Rational] {
	return core.RationalPolynomial(variable, a)
}

func polyOfZ(variable string, a zpoly) core.Polynomial[core.Rational] {
	return polyOf(variable, toQ(a))
}

// qOf returns the coefficients of a result polynomial.
func qOf(p core.Polynomial[core.Rational]) qpoly {
	out := make(qpoly, len(p.Coefficients))
	for i, c := range p.Coefficients {
		out[i] = c.Rat()
	}
	return out
}

// wellFormed checks the invariants every published polynomial keeps,
// and that the expression form of a request reads its expression back
// to its coefficients.
func wellFormed(p core.Polynomial[core.Rational]) error {
	if err := p.Check(core.Rational.String); err != nil {
		return err
	}
	parsed, err := polyexpr.Parse(p.Expression, polyexpr.Limits{MaxLength: 1 << 30, MaxDegree: 1 << 40, MaxBits: 1 << 40})
	if err != nil {
		return fmt.Errorf("rendered expression does not parse: %v", err)
	}
	if !qpoly(parsed.Coefficients).equal(qOf(p)) {
		return errors.New("rendered expression differs from the coefficients")
	}
	return nil
}

// degree is the degree of the polynomial (−1 for zero), or for an
// expression the bound on it computed before expansion.
func (p PolyInput) degree() int64 {
	if p.expr != nil {
		return p.expr.DegreeBound()
	}
	return int64(len(p.coeffs)) - 1
}

// coefficientBits is the largest bit length of numerator plus denominator
// (a denominator of 1 counts nothing) over the coefficients, or for an
// expression the bound on it computed before expansion.
func (p PolyInput) coefficientBits() int64 {
	if p.expr != nil {
		return p.expr.BitsBound()
	}
	return maxBits(p.coeffs)
}

func maxBits(a qpoly) int64 {
	var m int64
	for _, c := range a {
		b := int64(c.Num().BitLen())
		if !c.IsInt() {
			b += int64(c.Denom().BitLen())
		}
		m = max(m, b)
	}
	return m
}

// sizeLimits are the degree and coefficient bounds an operation declares
// for its polynomial inputs.
type sizeLimits struct {
	maxDegree int64
	maxBits   int64
}

// declare returns the degree, coefficient_bits and expression_length
// limits, each with a payload just past it and one exactly at it. payload
// places one polynomial (its JSON object) into an otherwise small request
// of the operation.
func (l sizeLimits) declare(payload func(poly string) string) []core.Limit {
	return []core.Limit{
		{Name: "degree", Max: l.maxDegree, Unit: "degree", Description: "each input polynomial has at most this degree (for an expression, as bounded before expansion)",
			Beyond: func() string { return payload(fmt.Sprintf(`{"expression":"x^%d"}`, l.maxDegree+1)) },
			At:     func() string { return payload(monomialJSON(l.maxDegree, "1")) }},
		{Name: "coefficient_bits", Max: l.maxBits, Unit: "bits", Description: "each coefficient's numerator and denominator together have at most this many bits (for an expression, as bounded before expansion)",
			Beyond: func() string { return payload(monomialJSON(1, powerOfTwo(l.maxBits).String())) },
			At:     func() string { return payload(monomialJSON(1, allOnes(l.maxBits).String())) }},
		{Name: "expression_length", Max: MaxExpressionBytes, Unit: "bytes", Description: "an expression has at most this many bytes",
			Beyond: func() string { return payload(paddedExpression(MaxExpressionBytes + 1)) },
			At:     func() string { return payload(paddedExpression(MaxExpressionBytes)) }},
	}
}

// polyBounds writes the degree limit into the request schema of each
// polynomial field: at most maxDegree+1 coefficients. The expression and
// variable are bounded by PolyInput's own schema.
func polyBounds(maxDegree int64, fields ...string) core.Bounds {
	b := core.Bounds{}
	for _, f := range fields {
		b["/"+f+"/coefficients"] = maxDegree + 1
	}
	return b
}

// monomialJSON is c·x^d in coefficient form.
func monomialJSON(d int64, c string) string {
	var b strings.Builder
	b.WriteString(`{"coefficients":[`)
	for range d {
		b.WriteString(`"0",`)
	}
	b.WriteString(`"` + c + `"]}`)
	return b.String()
}

// paddedExpression is the expression "x" padded with spaces to n bytes.
func paddedExpression(n int) string {
	return `{"expression":"x` + repeat(" ", n-1) + `"}`
}

// powerOfTwo is 2^k, an integer of k+1 bits; allOnes is 2^k − 1, of k bits.
func powerOfTwo(k int64) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(k)) }
func allOnes(k int64) *big.Int    { return new(big.Int).Sub(powerOfTwo(k), big.NewInt(1)) }

// check refuses an input beyond the limits, naming the field.
func (l sizeLimits) check(field string, p PolyInput) error {
	if p.tooLong != nil {
		return core.Refusef("%s: %v", field, p.tooLong)
	}
	if d := p.degree(); d > l.maxDegree {
		return core.Refusef("%s has degree %s; this operation accepts at most %d", field, bound(p, d), l.maxDegree)
	}
	if b := p.coefficientBits(); b > l.maxBits {
		return core.Refusef("%s has coefficients of %s bits; this operation accepts at most %d", field, bound(p, b), l.maxBits)
	}
	return nil
}

func bound(p PolyInput, n int64) string {
	if p.expr != nil {
		if n >= 1<<60 {
			return "beyond 2^60 (bounded before expansion)"
		}
		return fmt.Sprintf("up to %d (bounded before expansion)", n)
	}
	return fmt.Sprint(n)
}

func repeat(s string, n int) string { return string(bytes.Repeat([]byte(s), n)) }

// operand is an input polynomial after expansion, with its field name.
type operand struct {
	name  string
	input PolyInput
	poly  qpoly
}

// expandAll expands the inputs (in order) for Run.
func expandAll(ctx context.Context, names []string, inputs ...PolyInput) ([]operand, error) {
	out := make([]operand, len(inputs))
	for i, in := range inputs {
		c, err := in.poly(ctx)
		if err != nil {
			return nil, err
		}
		out[i] = operand{names[i], in, c}
	}
	return out, nil
}

// variableOf chooses the variable of a result: the one the non-constant
// operands share; constants and defaulted variables adapt. Two different
// variables are a domain error.
func variableOf(ops []operand) (string, error) {
	v, from := "", ""
	for _, o := range ops {
		if !o.input.explicit || len(o.poly) <= 1 {
			continue
		}
		if v != "" && o.input.variable != v {
			return "", core.DomainErrorAt(core.PayloadPath(o.name), "%s is a polynomial in %s but %s is in %s; these operations are univariate, so use the same variable in both", from, v, o.name, o.input.variable)
		}
		v, from = o.input.variable, o.name
	}
	if v != "" {
		return v, nil
	}
	for _, o := range ops {
		if o.input.explicit {
			return o.input.variable, nil
		}
	}
	return "x", nil
}

// withLeft, withPolynomial and the like place one polynomial into a small
// request of a one- or two-operand operation, for the payloads of its
// declared limits.
func withLeft(poly string) string { return `{"left":` + poly + `,"right":{"expression":"x + 1"}}` }

func withPolynomial(poly string) string { return `{"polynomial":` + poly + `}` }
