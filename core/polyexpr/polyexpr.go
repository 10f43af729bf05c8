// Package polyexpr reads univariate polynomials with rational coefficients
// in a strict expression form, for every Jacobian domain that accepts
// polynomials as text.
//
// # Grammar
//
//	expression := [ sign ] term { sign term }
//	sign       := "+" | "-"
//	term       := factor { "*" factor }
//	factor     := primary [ "^" exponent ]
//	primary    := number | variable | "(" expression ")"
//	number     := digits [ "/" digits ]      (a rational literal p/q, q ≠ 0)
//	exponent   := digits                     (a non-negative integer)
//	variable   := one lowercase ASCII letter "a".."z"
//	digits     := "0" | "1".."9" { "0".."9" }  (no leading zeros)
//
// Spaces (U+0020) may separate tokens but not split a number or a rational
// literal. Everything else is refused, with the byte offset (0-based) and
// the column (1-based, in characters) of the offending character and a
// statement of what was expected there:
//
//   - implicit multiplication ("2x", "x(x+1)", "(x)(x)"): write "*";
//   - division other than inside a literal ("x/2", "(x+1)/2"): write
//     "1/2*x";
//   - a sign after an operator ("x*-2", "x^-1"): write "-2*x";
//     negative exponents are not polynomials;
//   - chained powers ("x^2^3"): parenthesise;
//   - two different letters ("x + y"): one variable per expression;
//   - any other character (tabs, newlines, Unicode, "**", "."...).
//
// A leading sign applies to the whole first term, so "-x^2" is −(x²).
// An expression without a letter is a constant; its variable is empty and
// the caller chooses one.
//
// # Size bounds
//
// Expansion can be exponentially larger than the text ("(x+1)^1000000",
// "2^1000000*x"), so Compile builds a syntax tree and bounds, for every
// subexpression, the degree and the bit size of the coefficients (log2 of
// the L1 norm of the integral numerator polynomial plus log2 of the common
// denominator, which bound every numerator and denominator of the reduced
// coefficients) without expanding anything. The caller compares the
// bounds with its limits (Expr.Within) and only then expands
// (Expr.Expand), which polls a context. Parse does all three for callers
// that need no cancellation.
//
// # Rendering
//
// Results are written by core.RenderPolynomial, the one renderer of
// polynomials: descending powers, "x^3 - 2*x + 1", "-1/2*x^2 + 3/4", "0"
// for the zero polynomial. Parse reads every such rendering of a rational
// polynomial back to the same coefficients (tested here and in core).
package polyexpr

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits bound what Parse will accept before expanding.
type Limits struct {
	// MaxLength is the longest expression in bytes.
	MaxLength int
	// MaxDegree bounds the degree of every subexpression.
	MaxDegree int64
	// MaxBits bounds the bits of numerator plus denominator of every
	// coefficient of every subexpression, as estimated before expansion.
	MaxBits int64
}

// Polynomial is a parsed expression: Coefficients constant term first, with
// no trailing zeros (the zero polynomial has none). Variable is "" when the
// expression names no letter.
type Polynomial struct {
	Variable     string
	Coefficients []*big.Rat
}

// SyntaxError is a malformed expression.
type SyntaxError struct {
	// Offset is the byte offset of the offending character, 0-based.
	Offset int
	// Column is its position in characters, 1-based.
	Column int
	// Message says what was found and what was expected instead.
	Message string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("column %d (byte offset %d): %s", e.Column, e.Offset, e.Message)
}

// SizeError is an expression whose text or expansion would exceed the
// limits. The figures are the largest found (upper bounds for Degree and
// Bits), so the caller can say by how much.
type SizeError struct {
	Length int
	Degree int64
	Bits   int64
	Limits Limits
}

func (e *SizeError) Error() string {
	switch {
	case e.Length > e.Limits.MaxLength:
		return fmt.Sprintf("the expression is %d bytes; at most %d are accepted", e.Length, e.Limits.MaxLength)
	case e.Degree > e.Limits.MaxDegree:
		return fmt.Sprintf("the expression would expand to degree up to %s; at most %d is accepted", satString(e.Degree), e.Limits.MaxDegree)
	}
	return fmt.Sprintf("the expression would expand to coefficients of up to %s bits; at most %d are accepted", satString(e.Bits), e.Limits.MaxBits)
}

// saturated is the ceiling of every size estimate, so products and powers
// of estimates never overflow.
const saturated int64 = 1 << 60

func satString(n int64) string {
	if n >= saturated {
		return "more than 2^60"
	}
	return fmt.Sprint(n)
}

func satAdd(a, b int64) int64 { return min(a+b, saturated) }

func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a >= saturated/b {
		return saturated
	}
	return a * b
}

// node is one subexpression with its size bounds.
type node struct {
	op     byte // 'n' number, 'v' variable, '+', '-', '*', '^', '~' negation
	num    *big.Rat
	exp    int64
	kids   []*node
	degree int64
	// numBits bounds log2 of the L1 norm of P and denBits log2 of d, where
	// the subexpression equals P(x)/d with P integral and d a positive
	// integer. Floating point saturates at +Inf instead of overflowing.
	numBits, denBits float64
}

type parser struct {
	src      string
	pos      int
	variable string
	varPos   int
	// worst are the largest bounds met in any subexpression.
	worstDegree int64
	worstBits   float64
}

// Expr is a syntactically valid expression, not yet expanded, with
// bounds on the size of its expansion.
type Expr struct {
	root     *node
	variable string
	degree   int64
	bits     int64
	length   int
}

// Variable is the letter the expression uses, or "" for a constant.
func (e *Expr) Variable() string { return e.variable }

// DegreeBound bounds the degree of every subexpression's expansion.
func (e *Expr) DegreeBound() int64 { return e.degree }

// BitsBound bounds the bits of numerator plus denominator of every
// coefficient of every subexpression's expansion.
func (e *Expr) BitsBound() int64 { return e.bits }

// Within returns a *SizeError if the bounds exceed lim, and nil otherwise.
func (e *Expr) Within(lim Limits) error {
	if e.length > lim.MaxLength || e.degree > lim.MaxDegree || e.bits > lim.MaxBits {
		return &SizeError{Length: e.length, Degree: e.degree, Bits: e.bits, Limits: lim}
	}
	return nil
}

// Compile checks src against the grammar and bounds its expansion without
// expanding it. It returns a *SyntaxError, or a *SizeError when src is
// longer than maxLength bytes.
func Compile(src string, maxLength int) (*Expr, error) {
	if len(src) > maxLength {
		return nil, &SizeError{Length: len(src), Limits: Limits{MaxLength: maxLength}}
	}
	p := &parser{src: src}
	p.skipSpace()
	if p.pos == len(src) {
		return nil, p.errorf("the expression is empty; expected a polynomial such as \"x^2 - 1\"")
	}
	root, err := p.expression()
	if err != nil {
		return nil, err
	}
	if p.pos < len(src) {
		if src[p.pos] == ')' {
			return nil, p.errorf("unmatched ')'")
		}
		return nil, p.unexpected("'+', '-', '*', '^' or the end of the expression")
	}
	bits := saturated
	if p.worstBits < float64(saturated) {
		bits = int64(math.Ceil(p.worstBits))
	}
	return &Expr{root: root, variable: p.variable, degree: p.worstDegree, bits: bits, length: len(src)}, nil
}

// Expand computes the coefficients, polling ctx between steps. Callers
// check the bounds first (Within): expansion costs about the square of
// the degree bound times the cost of multiplying coefficients of the bits
// bound.
func (e *Expr) Expand(ctx context.Context) ([]*big.Rat, error) {
	// A caller that skipped Within still must not allocate without bound.
	if err := e.Within(Limits{MaxLength: e.length, MaxDegree: expandMaxDegree, MaxBits: expandMaxBits}); err != nil {
		return nil, err
	}
	return expand(ctx, e.root)
}

// Expand never builds more than these, whatever the caller's limits.
const (
	expandMaxDegree = 1 << 24
	expandMaxBits   = 1 << 32
)

// Parse compiles src, refuses it with a *SizeError if its bounds exceed
// lim, and expands it.
func Parse(src string, lim Limits) (Polynomial, error) {
	e, err := Compile(src, lim.MaxLength)
	if err != nil {
		if se, ok := err.(*SizeError); ok {
			se.Limits = lim
		}
		return Polynomial{}, err
	}
	if err := e.Within(lim); err != nil {
		return Polynomial{}, err
	}
	c, err := e.Expand(context.Background())
	if err != nil {
		return Polynomial{}, err
	}
	return Polynomial{Variable: e.variable, Coefficients: c}, nil
}

func (p *parser) errorAt(offset int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Offset: offset, Column: utf8.RuneCountInString(p.src[:offset]) + 1, Message: fmt.Sprintf(format, args...)}
}

func (p *parser) errorf(format string, args ...any) *SyntaxError {
	return p.errorAt(p.pos, format, args...)
}

// unexpected describes the character at the current position and what
// should have been there.
func (p *parser) unexpected(expected string) *SyntaxError {
	if p.pos >= len(p.src) {
		return p.errorf("the expression ends here; expected %s", expected)
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	found := fmt.Sprintf("%q", r)
	switch {
	case r == utf8.RuneError:
		found = "a byte that is not UTF-8"
	case r > 0x7e || r < 0x20:
		found = fmt.Sprintf("the character %U", r)
	}
	return p.errorf("found %s; expected %s", found, expected)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) note(n *node) *node {
	p.worstDegree = max(p.worstDegree, n.degree)
	p.worstBits = max(p.worstBits, n.numBits+n.denBits)
	return n
}

func (p *parser) expression() (*node, error) {
	var sign byte
	if c := p.peek(); c == '+' || c == '-' {
		sign = c
		p.pos++
		p.skipSpace()
	}
	left, err := p.term()
	if err != nil {
		return nil, err
	}
	if sign == '-' {
		left = p.note(&node{op: '~', kids: []*node{left}, degree: left.degree, numBits: left.numBits, denBits: left.denBits})
	}
	for {
		c := p.peek()
		if c != '+' && c != '-' {
			return left, nil
		}
		p.pos++
		p.skipSpace()
		if d := p.peek(); d == '+' || d == '-' {
			return nil, p.unexpected("a number, a variable or '(' after '" + string(c) + "'; signs cannot follow operators")
		}
		right, err := p.term()
		if err != nil {
			return nil, err
		}
		left = p.note(&node{
			op: c, kids: []*node{left, right},
			degree:  max(left.degree, right.degree),
			numBits: log2Sum(left.numBits+right.denBits, right.numBits+left.denBits),
			denBits: left.denBits + right.denBits,
		})
	}
}

func (p *parser) term() (*node, error) {
	left, err := p.factor()
	if err != nil {
		return nil, err
	}
	for {
		switch c := p.peek(); {
		case c == '*':
			p.pos++
			p.skipSpace()
			right, err := p.factor()
			if err != nil {
				return nil, err
			}
			left = p.note(&node{
				op: '*', kids: []*node{left, right},
				degree:  satAdd(left.degree, right.degree),
				numBits: left.numBits + right.numBits,
				denBits: left.denBits + right.denBits,
			})
		case c == '(' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z':
			return nil, p.errorf("implicit multiplication is not allowed; write '*' before %q", c)
		case c == '/':
			return nil, p.errorf("'/' is only allowed inside a rational literal such as 3/4; write 1/2*x instead of x/2")
		default:
			return left, nil
		}
	}
}

func (p *parser) factor() (*node, error) {
	base, err := p.primary()
	if err != nil {
		return nil, err
	}
	if p.peek() != '^' {
		return base, nil
	}
	p.pos++
	p.skipSpace()
	if c := p.peek(); c == '-' || c == '+' {
		return nil, p.unexpected("a non-negative integer exponent")
	}
	start := p.pos
	e, ok := p.digits()
	if !ok {
		p.pos = start
		return nil, p.unexpected("a non-negative integer exponent")
	}
	exp := saturated
	if len(e) <= 18 {
		exp, _ = strconv.ParseInt(e, 10, 64)
		exp = min(exp, saturated)
	}
	p.skipSpace()
	if p.peek() == '^' {
		return nil, p.errorf("chained powers are ambiguous; parenthesise, e.g. (x^2)^3")
	}
	return p.note(&node{
		op: '^', kids: []*node{base}, exp: exp,
		degree:  satMul(base.degree, exp),
		numBits: base.numBits * float64(exp),
		denBits: base.denBits * float64(exp),
	}), nil
}

// digits reads a run of decimal digits without leading zeros and the
// spaces after it.
func (p *parser) digits() (string, bool) {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	d := p.src[start:p.pos]
	if d == "" {
		return "", false
	}
	if len(d) > 1 && d[0] == '0' {
		p.pos = start
		return "", false
	}
	p.skipSpace()
	return d, true
}

func (p *parser) primary() (*node, error) {
	c := p.peek()
	switch {
	case c >= '0' && c <= '9':
		return p.number()
	case c >= 'a' && c <= 'z':
		name := string(c)
		if p.variable == "" {
			p.variable, p.varPos = name, p.pos
		} else if name != p.variable {
			return nil, p.errorf("found the variable %q but the expression already uses %q (column %d); a polynomial here has one variable", name, p.variable, utf8.RuneCountInString(p.src[:p.varPos])+1)
		}
		p.pos++
		if d := p.peek(); d >= 'a' && d <= 'z' {
			return nil, p.errorf("variable names are a single letter; write '*' between letters to multiply")
		}
		p.skipSpace()
		return p.note(&node{op: 'v', degree: 1}), nil
	case c == '(':
		open := p.pos
		p.pos++
		p.skipSpace()
		if p.peek() == ')' {
			return nil, p.errorf("empty parentheses; expected an expression")
		}
		inner, err := p.expression()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			if p.pos >= len(p.src) {
				return nil, p.errorAt(open, "this '(' is never closed")
			}
			return nil, p.unexpected("'+', '-', '*', '^' or ')'")
		}
		p.pos++
		p.skipSpace()
		return inner, nil
	case c >= 'A' && c <= 'Z':
		return nil, p.errorf("variables are lowercase letters; found %q", c)
	}
	return nil, p.unexpected("a number, a lowercase variable or '('")
}

func (p *parser) number() (*node, error) {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	num := p.src[start:p.pos]
	if len(num) > 1 && num[0] == '0' {
		return nil, p.errorAt(start, "%q has a leading zero; write integers without leading zeros", num)
	}
	den := ""
	if p.peek() == '/' {
		p.pos++
		dstart := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		den = p.src[dstart:p.pos]
		switch {
		case den == "":
			p.pos = dstart
			return nil, p.unexpected("the digits of a denominator directly after '/' (rational literals are written p/q; division of expressions is not allowed)")
		case len(den) > 1 && den[0] == '0':
			return nil, p.errorAt(dstart, "denominator %q has a leading zero", den)
		case strings.Trim(den, "0") == "":
			return nil, p.errorAt(dstart, "the denominator of %s/%s is zero", num, den)
		}
	}
	if c := p.peek(); c == '.' || c == 'e' || c == 'E' {
		return nil, p.errorf("only integers and rational literals p/q are allowed; write 1/2, not 0.5 or 5e-1")
	}
	if c := p.peek(); c >= 'a' && c <= 'z' || c == '(' {
		return nil, p.errorf("implicit multiplication is not allowed; write '*' before %q", c)
	}
	p.skipSpace()
	if p.peek() == '/' {
		return nil, p.errorf("'/' must directly join the digits of a rational literal such as 3/4, and cannot divide expressions")
	}
	// 3/10^20 reads as the power of the literal 3/10, not 3 over 10^20;
	// the two readings agree only for numerator 1, so any other is refused.
	if den != "" && num != "1" && p.peek() == '^' {
		return nil, p.errorf("%s/%s^… is ambiguous: write (%s/%s)^k for the power of the fraction, or %s*(1/%s)^k for %s over a power of %s", num, den, num, den, num, den, num, den)
	}
	n, _ := new(big.Int).SetString(num, 10)
	r := new(big.Rat).SetInt(n)
	denBits := 0.0
	if den != "" {
		d, _ := new(big.Int).SetString(den, 10)
		r.SetFrac(n, d)
		denBits = log2Above(d)
	}
	return p.note(&node{op: 'n', num: r, numBits: log2Above(n), denBits: denBits}), nil
}

// log2Sum is log2(2^a + 2^b), the bound on the L1 norm of a sum, rounded
// up slightly against floating-point error.
func log2Sum(a, b float64) float64 {
	hi, lo := max(a, b), min(a, b)
	if math.IsInf(hi, 1) {
		return hi
	}
	return (hi + math.Log2(1+math.Exp2(lo-hi))) * (1 + 1e-12)
}

// log2Above is an upper bound on log2 x for x ≥ 1, and 0 for x = 0.
func log2Above(x *big.Int) float64 {
	if x.Sign() == 0 {
		return 0
	}
	f, _ := new(big.Float).SetInt(x).Float64()
	if math.IsInf(f, 1) {
		return float64(x.BitLen())
	}
	// float64 rounding may land just below the true value.
	return math.Log2(f) * (1 + 1e-12)
}

// expand computes the coefficients of n.
func expand(ctx context.Context, n *node) ([]*big.Rat, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	switch n.op {
	case 'n':
		return trim([]*big.Rat{new(big.Rat).Set(n.num)}), nil
	case 'v':
		return []*big.Rat{new(big.Rat), big.NewRat(1, 1)}, nil
	case '~', '+', '-':
		var acc []*big.Rat
		if err := addInto(ctx, &acc, n, 1); err != nil {
			return nil, err
		}
		return trim(acc), nil
	case '*':
		if c, k, ok := monomial(n); ok {
			out := make([]*big.Rat, k+1)
			for i := range out {
				out[i] = new(big.Rat)
			}
			out[k] = c
			return trim(out), nil
		}
		a, err := expand(ctx, n.kids[0])
		if err != nil {
			return nil, err
		}
		b, err := expand(ctx, n.kids[1])
		if err != nil {
			return nil, err
		}
		return mul(ctx, a, b)
	case '^':
		if c, k, ok := monomial(n); ok {
			out := make([]*big.Rat, k+1)
			for i := range out {
				out[i] = new(big.Rat)
			}
			out[k] = c
			return out, nil
		}
		base, err := expand(ctx, n.kids[0])
		if err != nil {
			return nil, err
		}
		result := []*big.Rat{big.NewRat(1, 1)}
		for e := n.exp; e > 0; e >>= 1 {
			if e&1 == 1 {
				if result, err = mul(ctx, result, base); err != nil {
					return nil, err
				}
			}
			if e > 1 {
				if base, err = mul(ctx, base, base); err != nil {
					return nil, err
				}
			}
		}
		return result, nil
	}
	return nil, fmt.Errorf("polyexpr: unknown node %q", n.op)
}

// addInto adds sign·n to acc. Sums and negations are walked in place, so
// a long sum of terms costs its total size rather than the square of its
// length.
func addInto(ctx context.Context, acc *[]*big.Rat, n *node, sign int) error {
	switch n.op {
	case '~':
		return addInto(ctx, acc, n.kids[0], -sign)
	case '+', '-':
		if err := addInto(ctx, acc, n.kids[0], sign); err != nil {
			return err
		}
		if n.op == '-' {
			sign = -sign
		}
		return addInto(ctx, acc, n.kids[1], sign)
	}
	if coef, k, ok := monomial(n); ok {
		for int64(len(*acc)) <= k {
			*acc = append(*acc, new(big.Rat))
		}
		if sign < 0 {
			coef.Neg(coef)
		}
		(*acc)[k].Add((*acc)[k], coef)
		return nil
	}
	c, err := expand(ctx, n)
	if err != nil {
		return err
	}
	for len(*acc) < len(c) {
		*acc = append(*acc, new(big.Rat))
	}
	for i, x := range c {
		if sign > 0 {
			(*acc)[i].Add((*acc)[i], x)
		} else {
			(*acc)[i].Sub((*acc)[i], x)
		}
	}
	return nil
}

// monomial recognises c·x^k written as a product of numbers and powers of
// the variable, the shape of every rendered term, so that it can be added
// without building a dense array.
func monomial(n *node) (*big.Rat, int64, bool) {
	switch n.op {
	case 'n':
		return new(big.Rat).Set(n.num), 0, true
	case 'v':
		return big.NewRat(1, 1), 1, true
	case '^':
		if n.kids[0].op == 'v' {
			return big.NewRat(1, 1), n.exp, true
		}
	case '*':
		a, i, ok := monomial(n.kids[0])
		if !ok {
			return nil, 0, false
		}
		b, j, ok := monomial(n.kids[1])
		if !ok {
			return nil, 0, false
		}
		return a.Mul(a, b), i + j, true
	}
	return nil, 0, false
}

// mul multiplies with integer arithmetic after clearing denominators, so
// no gcd is taken per coefficient product.
func mul(ctx context.Context, a, b []*big.Rat) ([]*big.Rat, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, nil
	}
	za, da := integral(a)
	zb, db := integral(b)
	out := make([]big.Int, len(a)+len(b)-1)
	var t big.Int
	for i := range za {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if za[i].Sign() == 0 {
			continue
		}
		for j := range zb {
			out[i+j].Add(&out[i+j], t.Mul(&za[i], &zb[j]))
		}
	}
	d := new(big.Int).Mul(da, db)
	res := make([]*big.Rat, len(out))
	for i := range out {
		res[i] = new(big.Rat).SetFrac(&out[i], d)
	}
	return trim(res), nil
}

// integral writes a = p/d with p integral and d the lcm of denominators.
func integral(a []*big.Rat) ([]big.Int, *big.Int) {
	d := big.NewInt(1)
	var g big.Int
	for _, x := range a {
		if !x.IsInt() {
			g.GCD(nil, nil, d, x.Denom())
			d.Mul(d, new(big.Int).Quo(x.Denom(), &g))
		}
	}
	out := make([]big.Int, len(a))
	var q big.Int
	for i, x := range a {
		out[i].Mul(x.Num(), q.Quo(d, x.Denom()))
	}
	return out, d
}

func trim(c []*big.Rat) []*big.Rat {
	n := len(c)
	for n > 0 && c[n-1].Sign() == 0 {
		n--
	}
	if n == 0 {
		return nil
	}
	return c[:n]
}
