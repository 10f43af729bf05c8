package core

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// Polynomial is a univariate polynomial as every domain publishes it in a
// result:
//
//	{"variable": "x", "coefficients": ["-1", "0", "1"], "expression": "x^2 - 1"}
//
// Coefficients are listed constant term first with no trailing zeros (the
// zero polynomial has none, and its expression is "0"); each travels in the
// shared encoding of its ring: Rational (or an integer string) over Z and Q,
// Integer residues in [0, p) over GF(p), and finite-field elements
// (coefficient lists over GF(p^k)) in the finite-field domain. Expression is
// the same polynomial written by RenderPolynomial; over Z and Q it is in the
// strict grammar of package polyexpr, which reads it back to the same
// coefficients.
//
// C is the coefficient type; its JSONSchema gives the items of
// "coefficients", so the polynomial's schema is derived here once for every
// ring.
type Polynomial[C SchemaProvider] struct {
	Variable     string `json:"variable"`
	Coefficients []C    `json:"coefficients"`
	Expression   string `json:"expression"`
}

// VariablePattern is the one grammar of a polynomial's variable in every
// domain: a single lowercase ASCII letter.
const VariablePattern = `^[a-z]$`

// NewPolynomial builds a result polynomial in variable ("" means "x") from
// coefficients constant term first. render writes one coefficient; a
// coefficient it writes as "0" is zero, and trailing zeros are dropped, so
// the result is canonical. The coefficient slice is never nil, so the zero
// polynomial encodes as [].
func NewPolynomial[C SchemaProvider](variable string, coefficients []C, render func(C) string) Polynomial[C] {
	if variable == "" {
		variable = "x"
	}
	texts := make([]string, len(coefficients))
	n := 0
	for i, c := range coefficients {
		texts[i] = render(c)
		if texts[i] != "0" {
			n = i + 1
		}
	}
	cs := make([]C, n)
	copy(cs, coefficients)
	return Polynomial[C]{Variable: variable, Coefficients: cs, Expression: RenderPolynomial(variable, texts[:n])}
}

// RationalPolynomial builds a result polynomial over Z or Q; the
// coefficients are wrapped, not copied.
func RationalPolynomial(variable string, coefficients []*big.Rat) Polynomial[Rational] {
	cs := make([]Rational, len(coefficients))
	for i, c := range coefficients {
		cs[i] = Rat(c)
	}
	return NewPolynomial(variable, cs, Rational.String)
}

// Check verifies the invariants of a published polynomial: a variable, no
// trailing zero, and an expression that is the rendering of the
// coefficients. Postconditions call it on what they are about to publish.
func (p Polynomial[C]) Check(render func(C) string) error {
	if p.Variable == "" {
		return errors.New("polynomial has no variable")
	}
	texts := make([]string, len(p.Coefficients))
	for i, c := range p.Coefficients {
		texts[i] = render(c)
	}
	if n := len(texts); n > 0 && texts[n-1] == "0" {
		return errors.New("polynomial has a trailing zero coefficient")
	}
	if want := RenderPolynomial(p.Variable, texts); p.Expression != want {
		return fmt.Errorf("polynomial expression %q does not render its coefficients (%q)", clip(p.Expression), clip(want))
	}
	return nil
}

// RenderPolynomial is the one renderer of polynomials: it writes
// Σ c_i·v^i from the highest power down, given each coefficient already
// written (constant term first), e.g. "x^3 - 5/2*x^2 + 2*x - 1/2".
//
// A coefficient written "0" is skipped; the zero polynomial is "0". A
// coefficient "1" is omitted before a power of v, and a leading "-" on a
// coefficient that is not a sum becomes the term's sign ("-1" leaves
// "- x"). A coefficient that is itself a sum (written with spaces, as this
// renderer writes sums) is parenthesised, so an element of GF(p^k) written
// as a polynomial in its generator t, "t + 1", gives "(t + 1)*x^2".
// Multiplication is always "*" and powers are "^k" for k ≥ 2.
func RenderPolynomial(variable string, coefficients []string) string {
	if variable == "" {
		variable = "x"
	}
	var b strings.Builder
	for k := len(coefficients) - 1; k >= 0; k-- {
		c := coefficients[k]
		if c == "0" {
			continue
		}
		sum := strings.Contains(c, " ")
		neg := !sum && strings.HasPrefix(c, "-")
		if neg {
			c = c[1:]
		}
		switch {
		case b.Len() == 0 && neg:
			b.WriteString("-")
		case neg:
			b.WriteString(" - ")
		case b.Len() > 0:
			b.WriteString(" + ")
		}
		switch {
		case k == 0:
			b.WriteString(c)
			continue
		case c == "1":
		case sum:
			b.WriteString("(")
			b.WriteString(c)
			b.WriteString(")*")
		default:
			b.WriteString(c)
			b.WriteString("*")
		}
		b.WriteString(variable)
		if k > 1 {
			b.WriteString("^")
			b.WriteString(strconv.Itoa(k))
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// JSONSchema is the one schema for result polynomials over any ring: a
// closed object whose coefficients follow C's schema.
func (Polynomial[C]) JSONSchema() *jsonschema.Schema {
	var zero C
	return &jsonschema.Schema{
		Type:        "object",
		Description: "univariate polynomial: coefficients constant term first, no trailing zeros (the zero polynomial is []), and the same polynomial as an expression written from the highest power down with * and ^, e.g. \"x^2 - 1/2*x + 3\"",
		Properties: map[string]*jsonschema.Schema{
			"variable":     {Type: "string", Pattern: VariablePattern, MaxLength: Ptr(1), Description: "name of the variable: one lowercase letter, e.g. \"x\""},
			"coefficients": {Type: "array", Items: zero.JSONSchema(), Description: "coefficients, constant term first, no trailing zeros"},
			"expression":   {Type: "string", Description: "the polynomial written out, \"0\" for the zero polynomial"},
		},
		Required:             []string{"variable", "coefficients", "expression"},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}
