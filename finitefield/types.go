package finitefield

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// Field presents GF(p^k) as GF(p)[t]/(f): {"characteristic": "p",
// "degree": k, "modulus": {"coefficients": [...]}}. The characteristic must
// be prime; the modulus is omitted for k = 1 and required for k > 1, where
// it must be monic of degree k with coefficients in [0, p) and irreducible
// over GF(p) (checked with Rabin's test on every request).
type Field struct {
	Characteristic core.Integer `json:"characteristic"`
	Degree         int          `json:"degree"`
	Modulus        *Modulus     `json:"modulus,omitempty"`
}

// Modulus is the defining polynomial of GF(p^k) over GF(p): integer
// coefficients in [0, p), constant first, monic of degree k. Variable only
// names the generator for display (default "t").
type Modulus struct {
	Variable     Variable       `json:"variable,omitempty"`
	Coefficients []core.Integer `json:"coefficients"`
}

// Element is a field element: over GF(p) an integer string in [0, p); over
// GF(p^k), k > 1, the list of its coordinates in the basis 1, t, …, t^(k−1)
// (integer strings in [0, p), constant first, at most k entries, no trailing
// zeros, zero = []). Its integer encoding Σ c_i p^i is the canonical order
// of elements throughout this domain.
type Element struct {
	set    bool // decoded or constructed, as opposed to the zero Element
	list   bool
	scalar core.Integer
	coeffs []core.Integer
}

// IsZero reports an absent optional element (for omitzero).
func (e Element) IsZero() bool { return !e.set }

// MarshalJSON writes the string or list form.
// It appends decimal digits directly because value tables hold up to 2^16
// elements and the generic encoder is several times slower.
func (e Element) MarshalJSON() ([]byte, error) {
	if !e.list {
		return appendQuoted(nil, e.scalar), nil
	}
	b := []byte{'['}
	for i, c := range e.coeffs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendQuoted(b, c)
	}
	return append(b, ']'), nil
}

func appendQuoted(b []byte, i core.Integer) []byte {
	b = append(b, '"')
	b = i.Big().Append(b, 10)
	return append(b, '"')
}

// UnmarshalJSON accepts an integer string or a list of integer strings.
func (e *Element) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '"':
		var i core.Integer
		if err := i.UnmarshalJSON(b); err != nil {
			return err
		}
		*e = Element{set: true, scalar: i}
	case len(b) > 0 && b[0] == '[':
		c, ok := scanCoordinates(b)
		if !ok {
			if err := json.Unmarshal(b, &c); err != nil {
				return err
			}
		}
		*e = Element{set: true, list: true, coeffs: c}
	default:
		return &core.PayloadError{Message: "a finite-field element is an integer string (over GF(p)) or a list of integer strings (over GF(p^k)); JSON numbers lose precision"}
	}
	return nil
}

// scanCoordinates reads a JSON array of integer strings without escapes,
// the form every element list takes, without the generic decoder: value
// tables hold 2^16 elements of up to 16 coordinates, and decoding them
// through encoding/json costs most of a table request's time. It reports
// false on anything else (escapes, malformed digits), which the generic
// decoder then reads and reports on.
func scanCoordinates(b []byte) ([]core.Integer, bool) {
	out := []core.Integer{}
	ok := scanArray(b, func(b []byte, i int) (int, bool) {
		if b[i] != '"' {
			return 0, false
		}
		j := bytes.IndexByte(b[i+1:], '"')
		if j < 0 {
			return 0, false
		}
		digits := b[i+1 : i+1+j]
		if bytes.IndexByte(digits, '\\') >= 0 {
			return 0, false
		}
		v, ok := smallInteger(digits)
		if !ok {
			x, err := core.ParseInteger(string(digits))
			if err != nil {
				return 0, false
			}
			v = core.Int(x)
		}
		out = append(out, v)
		return i + j + 2, true
	})
	if !ok {
		return nil, false
	}
	return out, true
}

// scanArray walks the JSON array b, which must start with '[' and end
// with its closing ']' (no space around): item reads the entry that starts
// at b[i] and returns the index just past it. It reports false on a
// malformed array or when item does.
func scanArray(b []byte, item func(b []byte, i int) (int, bool)) bool {
	if len(b) < 2 || b[0] != '[' {
		return false
	}
	i := 1
	space := func() {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i++
		}
	}
	space()
	if b[i] == ']' {
		return i == len(b)-1
	}
	for {
		space()
		if i >= len(b) {
			return false
		}
		next, ok := item(b, i)
		if !ok {
			return false
		}
		i = next
		space()
		if i >= len(b) {
			return false
		}
		switch b[i] {
		case ',':
			i++
		case ']':
			return i == len(b)-1
		default:
			return false
		}
	}
}

// smallIntegers are the shared values 0 … 255: elements never modify
// their coordinates, so the many small coordinates of a value table can
// share them.
var smallIntegers = func() (t [256]core.Integer) {
	for i := range t {
		t[i] = core.Int64(int64(i))
	}
	return t
}()

// smallInteger reads a canonical decimal below 256.
func smallInteger(d []byte) (core.Integer, bool) {
	if len(d) == 0 || len(d) > 3 || (len(d) > 1 && d[0] == '0') {
		return core.Integer{}, false
	}
	n := 0
	for _, c := range d {
		if c < '0' || c > '9' {
			return core.Integer{}, false
		}
		n = 10*n + int(c-'0')
	}
	if n > 255 {
		return core.Integer{}, false
	}
	return smallIntegers[n], true
}

// JSONSchema is the one schema for field elements. It is a single schema
// with two types rather than an anyOf, because "pattern" constrains only
// strings and "items" only arrays: a violation then points at the element
// or coordinate that is wrong instead of at a branch that was not meant.
//
// It carries the field limits as its bounds: a residue modulo p has at
// most MaxElementDigits digits, and an element of GF(p^k) at most
// MaxDegree coordinates.
func (Element) JSONSchema() *jsonschema.Schema {
	integer := core.Integer{}.JSONSchema()
	integer.MaxLength = core.Ptr(MaxElementDigits)
	return &jsonschema.Schema{
		Types:       []string{"string", "array"},
		Description: "a finite-field element: an integer string in [0, p) for GF(p); for GF(p^k) the list of its coordinates in the basis 1, t, …, t^(k−1), constant first, no trailing zeros (zero is [])",
		Pattern:     integer.Pattern,
		MaxLength:   core.Ptr(MaxElementDigits),
		Items:       integer,
		MaxItems:    core.Ptr(MaxDegree),
	}
}

// FieldPolynomial is a univariate polynomial with coefficients in the field:
// constant first, no trailing zeros (the zero polynomial has none).
// Variable defaults to "x".
type FieldPolynomial struct {
	Variable     Variable  `json:"variable,omitempty"`
	Coefficients []Element `json:"coefficients"`
}

// Variable names a polynomial's variable (or a modulus's generator): one
// lowercase ASCII letter, core.VariablePattern, as in every domain.
type Variable string

// JSONSchema enumerates the 26 letters rather than writing maxLength 1
// beside the pattern: the payload scan refuses a string past its
// maxLength as RESOURCE_REFUSED, but a variable of two letters (or "", or
// a NUL, or 300,000 characters) is malformed, not too large, and is
// refused as INVALID_PAYLOAD.
func (Variable) JSONSchema() *jsonschema.Schema {
	letters := make([]string, 0, 26)
	for c := 'a'; c <= 'z'; c++ {
		letters = append(letters, string(c))
	}
	return core.Enum("name of the variable: one lowercase letter, e.g. \"x\"", letters...)
}

// MaxElementDigits bounds the decimal digits of a residue modulo p: p has
// at most MaxFieldBits bits, and 2^1024 − 1 has 309 digits.
const MaxElementDigits = 309

// fieldBounds writes the field limits into the request schema for the
// field object at the JSON pointer at: k at most MaxDegree, so the modulus
// at most MaxDegree+1 coefficients, and p (like every coefficient below
// it) at most MaxElementDigits digits.
func fieldBounds(at string) core.Bounds { return fieldBoundsWithin(at, MaxDegree, MaxElementDigits) }

// fieldBoundsWithin is fieldBounds for an operation with tighter limits:
// k at most maxK and p at most digits decimal digits.
func fieldBoundsWithin(at string, maxK, digits int64) core.Bounds {
	return core.Bounds{
		at + "/characteristic":         digits,
		at + "/degree":                 maxK,
		at + "/modulus/coefficients":   maxK + 1,
		at + "/modulus/coefficients/*": digits,
	}
}

// withBounds merges bound sets; each names its own fields.
func withBounds(sets ...core.Bounds) core.Bounds {
	out := core.Bounds{}
	for _, s := range sets {
		for k, v := range s {
			out[k] = v
		}
	}
	return out
}

// Declared limits shared by every operation that takes a field.
const (
	// MaxDegree bounds k in GF(p^k).
	MaxDegree = 64
	// MaxFieldBits bounds k·bitlen(p), an upper bound on log2 q.
	MaxFieldBits = 1024
)

// fieldLimits declares the limits every operation that takes a field
// shares. wrap turns a field object of degree k into a whole request of
// the operation, so that each limit's Beyond and At payloads are requests
// of that operation: Beyond just past the limit, At exactly on it.
func fieldLimits(wrap func(field string, k int) string) []core.Limit {
	two := func(e int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(e)) }
	return []core.Limit{
		{
			Name: "extension_degree", Max: MaxDegree, Unit: "degree k",
			Description: "the field GF(p^k) has k at most this",
			Beyond: func() string {
				return wrap(`{"characteristic":"2","degree":65,"modulus":{"coefficients":["1","1"`+repeat(`,"0"`, 63)+`,"1"]}}`, 65)
			},
			// PARI/GP 2.15: polisirreducible(Mod(1,2)*(x^64+x^4+x^3+x+1)) = 1.
			At: func() string {
				return wrap(`{"characteristic":"2","degree":64,"modulus":{"coefficients":["1","1","0","1","1"`+repeat(`,"0"`, 59)+`,"1"]}}`, 64)
			},
		},
		{
			Name: "field_bits", Max: MaxFieldBits, Unit: "bits",
			Description: "k times the bit length of p (an upper bound on log2 q) is at most this",
			// PARI/GP 2.15: nextprime(2^1024) = 2^1024 + 643 and
			// precprime(2^1024) = 2^1024 − 105.
			Beyond: func() string {
				return wrap(`{"characteristic":"`+new(big.Int).Add(two(MaxFieldBits), big.NewInt(643)).String()+`","degree":1}`, 1)
			},
			At: func() string {
				return wrap(`{"characteristic":"`+new(big.Int).Sub(two(MaxFieldBits), big.NewInt(105)).String()+`","degree":1}`, 1)
			},
		},
	}
}

// oneIn writes the element 1 of a field of degree k as a request does:
// "1" over GF(p), ["1"] over GF(p^k).
func oneIn(k int) string {
	if k == 1 {
		return `"1"`
	}
	return `["1"]`
}

func repeat(s string, n int) string { return string(bytes.Repeat([]byte(s), n)) }

func invalid(path, format string, args ...any) error {
	return &core.Error{Code: core.InvalidPayload, Path: path, Message: fmt.Sprintf(format, args...)}
}

// fieldBits is k·bitlen(p).
func fieldBits(fj Field) int { return fj.Degree * fj.Characteristic.Big().BitLen() }

// checkFieldLimits refuses fields beyond the declared limits.
func checkFieldLimits(fj Field) error {
	if fj.Degree > MaxDegree {
		return core.Refusef("the extension degree is %d; at most %d is allowed", fj.Degree, MaxDegree)
	}
	if b := fieldBits(fj); b > MaxFieldBits {
		return core.Refusef("the field has k·bitlen(p) = %d bits; at most %d are allowed", b, MaxFieldBits)
	}
	return nil
}

// shapeField checks everything about a field presentation that does not
// need primality or irreducibility testing, and builds the field. path is
// the JSON pointer of the field object.
func shapeField(fj Field, path string) (*gf, error) {
	if err := checkFieldLimits(fj); err != nil {
		return nil, err
	}
	F, err := shapeFieldAt(fj, path)
	if err != nil {
		return nil, err
	}
	F.at = path
	return F, nil
}

func shapeFieldAt(fj Field, path string) (*gf, error) {
	p := fj.Characteristic.Big()
	if p.Cmp(big.NewInt(2)) < 0 {
		return nil, core.DomainErrorAt(path+"/characteristic", "the characteristic must be a prime p ≥ 2, got %s", p)
	}
	k := fj.Degree
	if k < 1 {
		return nil, invalid(path+"/degree", "the degree k of GF(p^k) must be at least 1, got %d", k)
	}
	if k == 1 {
		if fj.Modulus != nil {
			return nil, invalid(path+"/modulus", "omit the modulus for a prime field (degree 1); GF(p) elements are residues modulo p")
		}
		return newGF(p, 1, nil), nil
	}
	if fj.Modulus == nil {
		return nil, invalid(path, "GF(%s^%d) needs a modulus: a monic irreducible polynomial of degree %d over GF(%s), e.g. {\"coefficients\": [\"c0\", …, \"1\"]} with %d coefficients", p, k, k, p, k+1)
	}
	cs := fj.Modulus.Coefficients
	if len(cs) != k+1 {
		return nil, invalid(path+"/modulus/coefficients", "the modulus must have degree %d (exactly %d coefficients, constant first), got %d coefficients", k, k+1, len(cs))
	}
	f := make([]*big.Int, k+1)
	for i, c := range cs {
		v := c.Big()
		if v.Sign() < 0 || v.Cmp(p) >= 0 {
			return nil, invalid(fmt.Sprintf("%s/modulus/coefficients/%d", path, i), "modulus coefficient %s is not in [0, %s); reduce it modulo p", v, p)
		}
		f[i] = v
	}
	if f[k].Cmp(big.NewInt(1)) != 0 {
		return nil, invalid(fmt.Sprintf("%s/modulus/coefficients/%d", path, k), "the modulus must be monic (leading coefficient 1), got leading coefficient %s", f[k])
	}
	return newGF(p, k, f), nil
}

// pointer is the JSON pointer of a member of the field object in the
// request, or "" for a field built internally.
func (F *gf) pointer(member string) string {
	if F.at == "" {
		return ""
	}
	return F.at + member
}

// Primality of the characteristic as stated in results.
const (
	primalityProven   = "proven"
	primalityProbable = "probable"
)

// certify proves (or, above ψ13, probabilistically establishes) that p is
// prime and proves that the modulus is irreducible, returning "proven" or
// "probable" for the characteristic.
func (F *gf) certify(ctx context.Context) (string, error) {
	status, witness := primality.Test(F.p)
	if status == primality.Composite {
		return "", compositeError(ctx, F.p, witness, F.pointer("/characteristic"))
	}
	verdict := primalityProven
	if status == primality.ProbablePrime {
		verdict = primalityProbable
	}
	if F.k > 1 {
		B := F.base
		f := scalarPoly(elem(F.f))
		ok, err := B.rabin(ctx, f)
		if err != nil {
			return "", err
		}
		if !ok {
			factor, err := B.leastFactor(ctx, f, seededRand(B.fingerprint(f)))
			if err != nil {
				return "", err
			}
			return "", core.DomainErrorAt(F.pointer("/modulus"), "the modulus is reducible over GF(%s): it is divisible by %s; choose an irreducible polynomial of degree %d (e.g. from PARI/GP's ffinit(%s, %d))", F.p, renderPoly(B, factor, "t", ""), F.k, F.p, F.k)
		}
	}
	return verdict, nil
}

// compositeError names a divisor of the composite characteristic when a
// cheap search finds one, and the Miller–Rabin witness otherwise.
func compositeError(ctx context.Context, p, witness *big.Int, at string) error {
	if witness != nil {
		if g := new(big.Int).GCD(nil, nil, witness, p); g.Cmp(big.NewInt(1)) > 0 && g.Cmp(p) < 0 {
			return core.DomainErrorAt(at, "p is not prime: divisible by %s; the characteristic of a finite field must be prime", g)
		}
	}
	if p.BitLen() <= 80 {
		fs, _, err := factor.Factor(ctx, p, orderFactorBudget)
		if err == nil && len(fs) > 0 {
			return core.DomainErrorAt(at, "p is not prime: divisible by %s; the characteristic of a finite field must be prime", fs[0].Base)
		}
	}
	for _, r := range factor.SmallPrimes(1 << 12) {
		if new(big.Int).Mod(p, new(big.Int).SetUint64(r)).Sign() == 0 {
			return core.DomainErrorAt(at, "p is not prime: divisible by %d; the characteristic of a finite field must be prime", r)
		}
	}
	if witness != nil {
		return core.DomainErrorAt(at, "p is not prime: %s is a Miller–Rabin witness to its compositeness; the characteristic of a finite field must be prime", witness)
	}
	return core.DomainErrorAt(at, "p is not prime; the characteristic of a finite field must be prime")
}

// parseElement reads an element of F in the form its degree requires.
func (F *gf) parseElement(e Element, path string) (elem, error) {
	if F.k == 1 {
		if e.list {
			return nil, invalid(path, "over the prime field GF(%s) an element is an integer string in [0, %s), not a list", F.p, F.p)
		}
		v := e.scalar.Big()
		if v.Sign() < 0 || v.Cmp(F.p) >= 0 {
			return nil, invalid(path, "element %s is not in [0, %s); reduce it modulo p", v, F.p)
		}
		return trimElem(elem{v}), nil
	}
	if !e.list {
		return nil, invalid(path, "over GF(%s^%d) an element is a list of at most %d integer strings (coordinates in 1, t, …, t^%d), e.g. [\"1\", \"1\"] for 1 + t; got a single string", F.p, F.k, F.k, F.k-1)
	}
	if len(e.coeffs) > F.k {
		return nil, invalid(path, "an element of GF(%s^%d) has at most %d coordinates, got %d", F.p, F.k, F.k, len(e.coeffs))
	}
	out := make(elem, len(e.coeffs))
	for i, c := range e.coeffs {
		v := c.Big()
		if v.Sign() < 0 || v.Cmp(F.p) >= 0 {
			return nil, invalid(fmt.Sprintf("%s/%d", path, i), "coordinate %s is not in [0, %s); reduce it modulo p", v, F.p)
		}
		out[i] = v
	}
	if len(out) > 0 && out[len(out)-1].Sign() == 0 {
		return nil, invalid(path, "an element's coordinate list must not end in zero (the zero element is [])")
	}
	return out, nil
}

// toElement renders an element in the form the field's degree requires.
func (F *gf) toElement(a elem) Element {
	if F.k == 1 {
		if len(a) == 0 {
			return Element{set: true, scalar: core.Int64(0)}
		}
		return Element{set: true, scalar: core.Int(a[0])}
	}
	cs := make([]core.Integer, len(a))
	for i, c := range a {
		cs[i] = core.Int(c)
	}
	return Element{set: true, list: true, coeffs: cs}
}

// parsePoly reads a polynomial over F.
func (F *gf) parsePoly(fp FieldPolynomial, path string) (poly, error) {
	out := make(poly, len(fp.Coefficients))
	for i, c := range fp.Coefficients {
		e, err := F.parseElement(c, fmt.Sprintf("%s/coefficients/%d", path, i))
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	if len(out) > 0 && isZero(out[len(out)-1]) {
		return nil, invalid(path+"/coefficients", "a polynomial's coefficient list must not end in zero (the zero polynomial is [])")
	}
	return out, nil
}

// toPoly renders a polynomial; the coefficient list is never null.
func (F *gf) toPoly(a poly, variable string) FieldPolynomial {
	cs := make([]Element, len(a))
	for i, c := range a {
		cs[i] = F.toElement(c)
	}
	return FieldPolynomial{Variable: Variable(variable), Coefficients: cs}
}

// toField renders F's presentation.
func (F *gf) toField() Field {
	fj := Field{Characteristic: core.Int(F.p), Degree: F.k}
	if F.k > 1 {
		cs := make([]core.Integer, len(F.f))
		for i, c := range F.f {
			cs[i] = core.Int(c)
		}
		fj.Modulus = &Modulus{Coefficients: cs}
	}
	return fj
}

// toRendered builds a result polynomial: the coefficients as in
// FieldPolynomial and the expression core.RenderPolynomial writes, e.g.
// "x^2 + 3*x + 1" over GF(p) or "(t + 1)*x^2 + t" over GF(p^k), whose
// coefficients are written as polynomials in the generator t of the
// modulus (named by the modulus's variable when it differs from x).
func (F *gf) toRendered(a poly, variable, generator string) core.Polynomial[Element] {
	return core.NewPolynomial(variable, F.toPoly(a, variable).Coefficients, elementRenderer(generator))
}

// generatorName is the name of t in GF(p)[t]/(f) for rendering, never the
// polynomial's own variable.
func generatorName(fj Field, variable string) string {
	g := "t"
	if fj.Modulus != nil && fj.Modulus.Variable != "" {
		g = string(fj.Modulus.Variable)
	}
	if variable == "" {
		variable = "x"
	}
	if g == variable {
		g = "a"
		if variable == "a" {
			g = "b"
		}
	}
	return g
}

// elementRenderer writes elements for core.RenderPolynomial: over GF(p)
// the residue, over GF(p^k) the element as a polynomial in the generator,
// written by the same renderer ("t + 1", "3*t^2", "0" for zero).
func elementRenderer(generator string) func(Element) string {
	return func(e Element) string {
		if !e.list {
			if x := e.scalar.Big(); x.IsUint64() {
				return strconv.FormatUint(x.Uint64(), 10)
			}
			return e.scalar.String()
		}
		texts := make([]string, len(e.coeffs))
		for i, c := range e.coeffs {
			texts[i] = c.String()
		}
		return core.RenderPolynomial(generator, texts)
	}
}

// renderPoly writes a polynomial over F in the variable v, e.g.
// "t^2 + t + 1" over GF(p) or "(t + 1)*x^2 + t" over GF(p^k).
func renderPoly(F *gf, a poly, v, generator string) string {
	return F.toRendered(a, v, generator).Expression
}
