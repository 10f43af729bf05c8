package polynomial

// Multivariate polynomials over Q: the value encoding shared by
// polynomial.multivariate.arithmetic.compute, polynomial.groebner_basis
// .compute and polynomial.ideal_membership.check, the three monomial
// orders, and exact arithmetic on sparse polynomials.
//
// # Encoding
//
// A request names its variables once, in order, and every polynomial of
// the request is a list of terms, each an exact rational coefficient and
// one exponent per variable:
//
//	{"variables": ["x", "y", "z"], "order": "grevlex",
//	 "left": {"terms": [{"coefficient": "3/2", "exponents": [2, 0, 1]},
//	                    {"coefficient": "-1",  "exponents": [0, 0, 0]}]}}
//
// is 3/2·x²z − 1. Input terms may come in any order; terms with the same
// exponent vector are summed and zero coefficients dropped, so the zero
// polynomial is {"terms": []}. A variable is a lowercase letter followed
// by at most seven lowercase letters or digits ("x", "x1", "alpha"); the
// names are distinct.
//
// # Monomial orders
//
// "order" is one of
//
//   - "lex": x^a > x^b when the first nonzero entry of a − b is positive;
//   - "grevlex" (the default): the total degree first, then x^a > x^b when
//     the last nonzero entry of a − b is negative;
//   - "elimination" with "eliminate": k (1 ≤ k < number of variables): the
//     block (product) order that eliminates the first k variables — it
//     compares the first k exponents by grevlex and, on a tie, the
//     remaining ones by grevlex, so any polynomial whose leading monomial
//     is free of the first k variables is free of them altogether (Cox,
//     Little and O'Shea, "Ideals, Varieties, and Algorithms", §3.1 and
//     exercise 2.4.9/10).
//
// # Canonical form
//
// Results repeat "variables", "order" (and "eliminate"), and write every
// polynomial with its terms sorted strictly descending in the order, no
// zero coefficients, reduced rational coefficients, and an "expression"
// such as "3/2*x^2*z - 1" (terms in the same order, "0" for zero).
//
// Inside the package a monomial is a []int32 whose entry 0 is the total
// degree and entries 1..n the exponents, so that grevlex and the sugar
// strategy read the degree without summing.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"jacobian.dev/core"
)

// Limits shared by the multivariate operations.
const (
	MultiMaxVariables = 16
	MultiMaxTerms     = 5000
	MultiMaxExponent  = 1000
	MultiMaxBits      = 4096
)

var multiVariablePattern = regexp.MustCompile(`^[a-z][a-z0-9]{0,7}$`)

// Order names.
const (
	OrderLex         = "lex"
	OrderGrevlex     = "grevlex"
	OrderElimination = "elimination"
)

// MultiTerm is one term of a result: a nonzero rational coefficient and
// one exponent per variable.
type MultiTerm struct {
	Coefficient core.Rational `json:"coefficient"`
	Exponents   []int         `json:"exponents" jsonschema:"one exponent per variable, in the order of variables"`
}

// MultiTermInput is one term of a request polynomial: a rational
// coefficient (zero is accepted and dropped) and one exponent per
// variable.
type MultiTermInput struct {
	Coefficient core.Rational `json:"coefficient"`
	Exponents   []int         `json:"exponents"`
}

// JSONSchema bounds the exponents.
func (MultiTermInput) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"coefficient": core.Rational{}.JSONSchema(),
			"exponents": {Type: "array", MaxItems: core.Ptr(MultiMaxVariables), Description: "one non-negative exponent per variable, in the order of \"variables\"",
				Items: &jsonschema.Schema{Type: "integer", Minimum: core.Ptr(0.0), Maximum: core.Ptr(float64(MultiMaxExponent))}},
		},
		Required:             []string{"coefficient", "exponents"},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}

// MultiPolyInput is a polynomial in a request: its terms, in any order.
type MultiPolyInput struct {
	Terms []MultiTermInput `json:"terms"`
}

// JSONSchema bounds the number of terms.
func (MultiPolyInput) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "object",
		Description: "multivariate polynomial over Q: {\"terms\": [{\"coefficient\": \"3/2\", \"exponents\": [2, 0, 1]}, ...]}, one exponent per variable of the request; terms in any order, repeated exponent vectors summed, zero polynomial []",
		Properties: map[string]*jsonschema.Schema{
			"terms": {Type: "array", MaxItems: core.Ptr(MultiMaxTerms), Items: MultiTermInput{}.JSONSchema()},
		},
		Required:             []string{"terms"},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}

// MultiPolynomial is a polynomial in a result, in canonical form.
type MultiPolynomial struct {
	Terms      []MultiTerm `json:"terms" jsonschema:"terms sorted strictly descending in the monomial order, nonzero reduced coefficients"`
	Expression string      `json:"expression" jsonschema:"the polynomial written out, terms in the same order, e.g. 3/2*x^2*z - 1"`
}

// MultiRing is the part of every multivariate request that fixes the
// ring and its order: the variables, the order and, for the elimination
// order, how many of the first variables it eliminates.
type MultiRing struct {
	Variables []string `json:"variables"`
	Order     string   `json:"order,omitempty"`
	Eliminate int      `json:"eliminate,omitempty"`
}

// multiRingSchema is the schema of the three ring fields, merged into each
// request's schema.
func multiRingSchema() map[string]*jsonschema.Schema {
	return map[string]*jsonschema.Schema{
		"variables": {Type: "array", MinItems: core.Ptr(1), MaxItems: core.Ptr(MultiMaxVariables), UniqueItems: true, Description: "the variables, distinct, greatest first in the order",
			Items: &jsonschema.Schema{Type: "string", Pattern: multiVariablePattern.String(), MaxLength: core.Ptr(8)}},
		"order":     core.Enum("monomial order; default grevlex", OrderLex, OrderGrevlex, OrderElimination),
		"eliminate": {Type: "integer", Minimum: core.Ptr(1.0), Maximum: core.Ptr(float64(MultiMaxVariables - 1)), Description: "for order elimination: the number k of leading variables eliminated (1 ≤ k < number of variables); not allowed with the other orders"},
	}
}

// ringResult is the ring as a result repeats it.
type ringResult struct {
	Variables []string `json:"variables"`
	Order     string   `json:"order" jsonschema:"the monomial order of the result"`
	Eliminate int      `json:"eliminate,omitempty" jsonschema:"for the elimination order, the number of eliminated leading variables"`
}

func (r MultiRing) result() ringResult {
	o := r.Order
	if o == "" {
		o = OrderGrevlex
	}
	return ringResult{Variables: slices.Clone(r.Variables), Order: o, Eliminate: r.Eliminate}
}

// check validates the ring fields beyond the schema.
func (r MultiRing) check() error {
	if len(r.Variables) == 0 {
		return &core.PayloadError{Path: "/payload/variables", Message: "name at least one variable"}
	}
	seen := map[string]bool{}
	for i, v := range r.Variables {
		if !multiVariablePattern.MatchString(v) {
			return &core.PayloadError{Path: fmt.Sprintf("/payload/variables/%d", i), Message: fmt.Sprintf("variable %q must be a lowercase letter followed by at most seven lowercase letters or digits", v)}
		}
		if seen[v] {
			return &core.PayloadError{Path: fmt.Sprintf("/payload/variables/%d", i), Message: fmt.Sprintf("variable %q is named twice", v)}
		}
		seen[v] = true
	}
	switch r.Order {
	case "", OrderLex, OrderGrevlex:
		if r.Eliminate != 0 {
			return &core.PayloadError{Path: "/payload/eliminate", Message: "\"eliminate\" goes with order \"elimination\" only"}
		}
	case OrderElimination:
		if r.Eliminate < 1 || r.Eliminate >= len(r.Variables) {
			return &core.PayloadError{Path: "/payload/eliminate", Message: fmt.Sprintf("order elimination needs \"eliminate\": k with 1 ≤ k < %d, the number of variables", len(r.Variables))}
		}
	default:
		return &core.PayloadError{Path: "/payload/order", Message: fmt.Sprintf("unknown order %q; use lex, grevlex or elimination", r.Order)}
	}
	return nil
}

// monoOrder is a monomial order on monomials of n variables.
type monoOrder struct {
	kind string
	k    int // eliminated variables, for elimination
}

func (r MultiRing) monoOrder() monoOrder {
	o := r.Order
	if o == "" {
		o = OrderGrevlex
	}
	return monoOrder{kind: o, k: r.Eliminate}
}

// cmp is +1, 0 or −1 as a is greater than, equal to or less than b.
func (o monoOrder) cmp(a, b []int32) int {
	switch o.kind {
	case OrderLex:
		for i := 1; i < len(a); i++ {
			if a[i] != b[i] {
				return sign32(a[i] - b[i])
			}
		}
		return 0
	case OrderElimination:
		if c := grevlexRange(a, b, 1, o.k+1); c != 0 {
			return c
		}
		return grevlexRange(a, b, o.k+1, len(a))
	default:
		if a[0] != b[0] {
			return sign32(a[0] - b[0])
		}
		for i := len(a) - 1; i >= 1; i-- {
			if a[i] != b[i] {
				return sign32(b[i] - a[i])
			}
		}
		return 0
	}
}

// grevlexRange compares the exponents lo..hi−1 of a and b by grevlex.
func grevlexRange(a, b []int32, lo, hi int) int {
	var da, db int32
	for i := lo; i < hi; i++ {
		da += a[i]
		db += b[i]
	}
	if da != db {
		return sign32(da - db)
	}
	for i := hi - 1; i >= lo; i-- {
		if a[i] != b[i] {
			return sign32(b[i] - a[i])
		}
	}
	return 0
}

func sign32(x int32) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Monomial arithmetic.

func monoOne(n int) []int32 { return make([]int32, n+1) }

func monoMul(a, b []int32) []int32 {
	out := make([]int32, len(a))
	for i := range a {
		out[i] = a[i] + b[i]
	}
	return out
}

// monoDivides reports whether a divides b.
func monoDivides(a, b []int32) bool {
	if a[0] > b[0] {
		return false
	}
	for i := 1; i < len(a); i++ {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// monoQuo is b/a for a dividing b.
func monoQuo(b, a []int32) []int32 {
	out := make([]int32, len(a))
	for i := range a {
		out[i] = b[i] - a[i]
	}
	return out
}

func monoLCM(a, b []int32) []int32 {
	out := make([]int32, len(a))
	for i := 1; i < len(a); i++ {
		out[i] = max(a[i], b[i])
		out[0] += out[i]
	}
	return out
}

// monoCoprime reports whether a and b share no variable.
func monoCoprime(a, b []int32) bool {
	for i := 1; i < len(a); i++ {
		if a[i] > 0 && b[i] > 0 {
			return false
		}
	}
	return true
}

func monoEqual(a, b []int32) bool { return slices.Equal(a, b) }

func monoKey(m []int32) string {
	var b strings.Builder
	for _, e := range m[1:] {
		b.WriteString(strconv.Itoa(int(e)))
		b.WriteByte(',')
	}
	return b.String()
}

// qterm is a term over Q; mpoly is a polynomial over Q, its terms sorted
// strictly descending in its order, no zero coefficients.
type qterm struct {
	m []int32
	c *big.Rat
}

type mpoly []qterm

// mpolyOf reads an input polynomial in n variables: sums repeated
// exponent vectors, drops zeros, sorts. path names the polynomial in
// errors.
func mpolyOf(in MultiPolyInput, n int, o monoOrder, path string) (mpoly, error) {
	acc := map[string]qterm{}
	for i, t := range in.Terms {
		if len(t.Exponents) != n {
			return nil, &core.PayloadError{Path: fmt.Sprintf("%s/terms/%d/exponents", path, i), Message: fmt.Sprintf("a term has %d exponents but the request names %d variables", len(t.Exponents), n)}
		}
		m := monoOne(n)
		for j, e := range t.Exponents {
			if e < 0 || e > MultiMaxExponent {
				return nil, &core.PayloadError{Path: fmt.Sprintf("%s/terms/%d/exponents/%d", path, i, j), Message: fmt.Sprintf("an exponent is an integer from 0 to %d", MultiMaxExponent)}
			}
			m[j+1] = int32(e)
			m[0] += int32(e)
		}
		k := monoKey(m)
		if old, ok := acc[k]; ok {
			old.c.Add(old.c, t.Coefficient.Rat())
			continue
		}
		acc[k] = qterm{m, new(big.Rat).Set(t.Coefficient.Rat())}
	}
	out := make(mpoly, 0, len(acc))
	for _, t := range acc {
		if t.c.Sign() != 0 {
			out = append(out, t)
		}
	}
	o.sortTerms(out)
	return out, nil
}

func (o monoOrder) sortTerms(p mpoly) {
	slices.SortFunc(p, func(a, b qterm) int { return o.cmp(b.m, a.m) })
}

// add is a + s·b for s = ±1.
func (o monoOrder) addScaled(a, b mpoly, neg bool) mpoly {
	out := make(mpoly, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var c int
		switch {
		case i == len(a):
			c = -1
		case j == len(b):
			c = 1
		default:
			c = o.cmp(a[i].m, b[j].m)
		}
		switch {
		case c > 0:
			out = append(out, a[i])
			i++
		case c < 0:
			x := new(big.Rat).Set(b[j].c)
			if neg {
				x.Neg(x)
			}
			out = append(out, qterm{b[j].m, x})
			j++
		default:
			x := new(big.Rat)
			if neg {
				x.Sub(a[i].c, b[j].c)
			} else {
				x.Add(a[i].c, b[j].c)
			}
			if x.Sign() != 0 {
				out = append(out, qterm{a[i].m, x})
			}
			i++
			j++
		}
	}
	return out
}

// mul is a·b, accumulating like terms in a map, polling ctx per row.
func (o monoOrder) mul(ctx context.Context, a, b mpoly) (mpoly, error) {
	if len(a) == 0 || len(b) == 0 {
		return mpoly{}, nil
	}
	acc := make(map[string]qterm, len(a)+len(b))
	prod := new(big.Rat)
	for _, s := range a {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, t := range b {
			m := monoMul(s.m, t.m)
			prod.Mul(s.c, t.c)
			k := monoKey(m)
			if old, ok := acc[k]; ok {
				old.c.Add(old.c, prod)
				continue
			}
			acc[k] = qterm{m, new(big.Rat).Set(prod)}
		}
	}
	out := make(mpoly, 0, len(acc))
	for _, t := range acc {
		if t.c.Sign() != 0 {
			out = append(out, t)
		}
	}
	o.sortTerms(out)
	return out, nil
}

// pow is a^e by repeated squaring.
func (o monoOrder) pow(ctx context.Context, a mpoly, e int, n int) (mpoly, error) {
	result := mpoly{{monoOne(n), big.NewRat(1, 1)}}
	base := a
	for ; e > 0; e >>= 1 {
		var err error
		if e&1 == 1 {
			if result, err = o.mul(ctx, result, base); err != nil {
				return nil, err
			}
		}
		if e > 1 {
			if base, err = o.mul(ctx, base, base); err != nil {
				return nil, err
			}
		}
	}
	return result, nil
}

func (p mpoly) equal(q mpoly) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if !monoEqual(p[i].m, q[i].m) || p[i].c.Cmp(q[i].c) != 0 {
			return false
		}
	}
	return true
}

// monic divides p by its leading coefficient.
func (p mpoly) monic() mpoly {
	if len(p) == 0 {
		return p
	}
	inv := new(big.Rat).Inv(p[0].c)
	out := make(mpoly, len(p))
	for i, t := range p {
		out[i] = qterm{t.m, new(big.Rat).Mul(t.c, inv)}
	}
	return out
}

// multiOf writes p in canonical form.
func multiOf(vars []string, p mpoly) MultiPolynomial {
	out := MultiPolynomial{Terms: make([]MultiTerm, len(p))}
	for i, t := range p {
		e := make([]int, len(t.m)-1)
		for j := range e {
			e[j] = int(t.m[j+1])
		}
		out.Terms[i] = MultiTerm{Coefficient: core.Rat(t.c), Exponents: e}
	}
	out.Expression = renderMulti(vars, p)
	return out
}

// renderMulti writes p as "3/2*x^2*z - y + 1", terms as they come.
func renderMulti(vars []string, p mpoly) string {
	if len(p) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range p {
		c := t.c.RatString()
		neg := strings.HasPrefix(c, "-")
		if neg {
			c = c[1:]
		}
		switch {
		case i == 0 && neg:
			b.WriteString("-")
		case neg:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		}
		var factors []string
		if c != "1" || t.m[0] == 0 {
			factors = append(factors, c)
		}
		for j, e := range t.m[1:] {
			switch {
			case e == 1:
				factors = append(factors, vars[j])
			case e > 1:
				factors = append(factors, vars[j]+"^"+strconv.Itoa(int(e)))
			}
		}
		b.WriteString(strings.Join(factors, "*"))
	}
	return b.String()
}

// readMulti reads a result polynomial back, checking its canonical form:
// n exponents per term, nonzero coefficients, strictly descending terms
// and the expression that renders them.
func readMulti(vars []string, o monoOrder, p MultiPolynomial) (mpoly, error) {
	n := len(vars)
	out := make(mpoly, len(p.Terms))
	for i, t := range p.Terms {
		if len(t.Exponents) != n {
			return nil, fmt.Errorf("a result term has %d exponents for %d variables", len(t.Exponents), n)
		}
		if t.Coefficient.Rat().Sign() == 0 {
			return nil, errors.New("a result term has coefficient zero")
		}
		m := monoOne(n)
		for j, e := range t.Exponents {
			if e < 0 {
				return nil, errors.New("a result term has a negative exponent")
			}
			m[j+1] = int32(e)
			m[0] += int32(e)
		}
		out[i] = qterm{m, t.Coefficient.Rat()}
		if i > 0 && o.cmp(out[i-1].m, m) <= 0 {
			return nil, errors.New("result terms are not strictly descending in the monomial order")
		}
	}
	if renderMulti(vars, out) != p.Expression {
		return nil, errors.New("a result expression differs from its terms")
	}
	return out, nil
}

// multiBits is the largest bit size of a coefficient (numerator plus
// denominator) of the input.
func multiBits(in MultiPolyInput) int64 {
	var m int64
	for _, t := range in.Terms {
		c := t.Coefficient.Rat()
		b := int64(c.Num().BitLen())
		if !c.IsInt() {
			b += int64(c.Denom().BitLen())
		}
		m = max(m, b)
	}
	return m
}

// multiDegree is the largest total degree of a term of the input.
func multiDegree(in MultiPolyInput) int {
	d := 0
	for _, t := range in.Terms {
		s := 0
		for _, e := range t.Exponents {
			s += e
		}
		d = max(d, s)
	}
	return d
}

// checkMultiInput refuses an input polynomial past the bit limit.
func checkMultiInput(field string, in MultiPolyInput) error {
	if b := multiBits(in); b > MultiMaxBits {
		return core.Refusef("%s has a coefficient of %d bits; at most %d are accepted", field, b, MultiMaxBits)
	}
	return nil
}

// Payload builders for examples and limits.

// termsJSON writes terms given as coefficient followed by exponents.
func termsJSON(terms ...[]any) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		e := make([]string, len(t)-1)
		for j, x := range t[1:] {
			e[j] = fmt.Sprint(x)
		}
		parts[i] = fmt.Sprintf(`{"coefficient":"%v","exponents":[%s]}`, t[0], strings.Join(e, ","))
	}
	return `{"terms":[` + strings.Join(parts, ",") + `]}`
}

// multiInputOf is p as a request polynomial.
func multiInputOf(p mpoly) MultiPolyInput {
	out := MultiPolyInput{Terms: make([]MultiTermInput, len(p))}
	for i, t := range p {
		e := make([]int, len(t.m)-1)
		for j := range e {
			e[j] = int(t.m[j+1])
		}
		out.Terms[i] = MultiTermInput{Coefficient: core.Rat(t.c), Exponents: e}
	}
	return out
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func newRat(x int64) *big.Rat { return big.NewRat(x, 1) }
