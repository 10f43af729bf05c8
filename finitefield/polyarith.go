package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/gfpoly"
)

// PolyOp names a polynomial operation over GF(q).
type PolyOp string

// The polynomial operations.
const (
	PolyAdd         PolyOp = "add"
	PolySubtract    PolyOp = "subtract"
	PolyMultiply    PolyOp = "multiply"
	PolyDivide      PolyOp = "divide"
	PolyGCD         PolyOp = "gcd"
	PolyExtendedGCD PolyOp = "extended_gcd"
	PolyPowerMod    PolyOp = "power_mod"
)

// JSONSchema restricts PolyOp to the seven operations.
func (PolyOp) JSONSchema() *jsonschema.Schema {
	return core.Enum("polynomial operation", string(PolyAdd), string(PolySubtract), string(PolyMultiply), string(PolyDivide), string(PolyGCD), string(PolyExtendedGCD), string(PolyPowerMod))
}

// PolyArithmeticRequest is one operation on polynomials over GF(q): left
// op right; for power_mod, left^exponent mod right. Both polynomials are
// in the same variable (default x).
type PolyArithmeticRequest struct {
	Field    Field           `json:"field"`
	Op       PolyOp          `json:"op"`
	Left     FieldPolynomial `json:"left"`
	Right    FieldPolynomial `json:"right"`
	Exponent *core.Integer   `json:"exponent,omitempty"`
}

// PolyArithmeticResult carries exactly the fields of its operation, each
// canonical (constant first, no trailing zeros):
//   - add, subtract, multiply: value;
//   - divide: quotient and remainder with left = quotient·right +
//     remainder and deg remainder < deg right;
//   - gcd: value, the monic gcd (the zero polynomial for gcd(0, 0));
//   - extended_gcd: value, the monic gcd g, and s, t with
//     s·left + t·right = g: for right ≠ 0 dividing left, s = 0 and
//     t = 1/lc(right); for right = 0, s = 1/lc(left) and t = 0 (all zero
//     when both are); otherwise the cofactors of the Euclidean algorithm,
//     the unique pair with deg s < deg right − deg g and
//     deg t < deg left − deg g;
//   - power_mod: value, left^exponent reduced modulo right (of degree
//     below deg right; zero when right is a constant).
type PolyArithmeticResult struct {
	Value                   *core.Polynomial[Element] `json:"value,omitempty"`
	Quotient                *core.Polynomial[Element] `json:"quotient,omitempty"`
	Remainder               *core.Polynomial[Element] `json:"remainder,omitempty"`
	S                       *core.Polynomial[Element] `json:"s,omitempty"`
	T                       *core.Polynomial[Element] `json:"t,omitempty"`
	CharacteristicPrimality Primality                 `json:"characteristic_primality"`
}

// Limits of polynomial arithmetic.
const (
	// MaxArithDegree bounds the degree of each operand.
	MaxArithDegree = 1 << 16
	// MaxArithWork bounds the estimated work (see arithWork), like
	// MaxFactorWork.
	MaxArithWork = 1 << 33
)

// arithWork estimates the word operations of op on operands of degree
// n = max(deg left, deg right) (m = deg right, the modulus, for power_mod)
// with an exponent of eBits bits. On machine words (prime fields with
// p < 2^64, core/gfpoly) a product costs M(n) = 6·n·log2(2n)·r as in
// factorWork; a division three products, a gcd 10·log2(2n) (the
// half-gcd), a power 1.5·eBits products modulo m of three products each.
// Elsewhere a product, a division or a gcd costs 4·n² field products and a
// power 1.5·eBits·8·m² (each field product k² coefficient products, 8·w²
// for w-word p beyond the word paths), the factor 4 as in factorWork.
func arithWork(op PolyOp, n, m, eBits int, F *gf) float64 {
	fn, fm := float64(max(n, 1)), float64(max(m, 1))
	if F.onWords() {
		r := math.Ceil((2*float64(F.p.BitLen()) + math.Log2(fn)) / 62)
		M := func(x float64) float64 { return 6 * x * math.Log2(2*x) * r }
		switch op {
		case PolyAdd, PolySubtract:
			return fn
		case PolyMultiply:
			return M(fn)
		case PolyDivide:
			return 3 * M(fn)
		case PolyGCD, PolyExtendedGCD:
			return 10 * math.Log2(2*fn) * M(fn)
		}
		return 3*M(fn) + 1.5*float64(eBits)*3*M(fm)
	}
	w := float64(F.k) * float64(F.k)
	if (F.k == 1 && F.p.BitLen() > wordLimit) || (F.k > 1 && F.p.BitLen() > extWordLimit) {
		words := float64((F.p.BitLen() + 63) / 64)
		w *= 8 * words * words
	}
	switch op {
	case PolyAdd, PolySubtract:
		return fn * w
	case PolyMultiply, PolyDivide, PolyGCD, PolyExtendedGCD:
		return 4 * fn * fn * w
	}
	return 4 * (fn*fn + 1.5*float64(eBits)*8*fm*fm) * w
}

// parsePolyArithmetic checks a request's shape and limits and returns the
// field and the operands.
func parsePolyArithmetic(q PolyArithmeticRequest) (*gf, poly, poly, error) {
	if q.Exponent != nil {
		if d := len(new(big.Int).Abs(q.Exponent.Big()).String()); d > MaxExponentDigits {
			return nil, nil, nil, core.Refusef("the exponent has %d digits; at most %d are allowed", d, MaxExponentDigits)
		}
	}
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, nil, err
	}
	nl, nr := len(q.Left.Coefficients)-1, len(q.Right.Coefficients)-1
	if n := max(nl, nr); n > MaxArithDegree {
		return nil, nil, nil, core.Refusef("an operand has degree %d; at most %d is allowed", n, MaxArithDegree)
	}
	eBits := 0
	switch q.Op {
	case PolyPowerMod:
		if q.Exponent == nil {
			return nil, nil, nil, invalid("/payload", "op \"power_mod\" needs an integer \"exponent\" (a decimal string ≥ 0)")
		}
		if q.Exponent.Big().Sign() < 0 {
			return nil, nil, nil, core.DomainErrorAt("/payload/exponent", "the exponent of power_mod must be ≥ 0, got %s", clippedInteger(q.Exponent.Big()))
		}
		eBits = q.Exponent.Big().BitLen()
	case PolyAdd, PolySubtract, PolyMultiply, PolyDivide, PolyGCD, PolyExtendedGCD:
		if q.Exponent != nil {
			return nil, nil, nil, invalid("/payload/exponent", "op %q takes no exponent; use op \"power_mod\"", q.Op)
		}
	default:
		return nil, nil, nil, invalid("/payload/op", "unknown op %q", q.Op)
	}
	if w := arithWork(q.Op, max(nl, nr), nr, eBits, F); w > MaxArithWork {
		return nil, nil, nil, core.Refusef("estimated work %.3g word operations exceeds %d; lower the degrees, the exponent or the field size", w, int64(MaxArithWork))
	}
	if variableOf(q.Left) != variableOf(q.Right) {
		return nil, nil, nil, invalid("/payload/right/variable", "left is in %q and right in %q; both operands must be in the same variable", variableOf(q.Left), variableOf(q.Right))
	}
	a, err := F.parsePoly(q.Left, "/payload/left")
	if err != nil {
		return nil, nil, nil, err
	}
	b, err := F.parsePoly(q.Right, "/payload/right")
	if err != nil {
		return nil, nil, nil, err
	}
	if len(b) == 0 && (q.Op == PolyDivide || q.Op == PolyPowerMod) {
		return nil, nil, nil, core.DomainErrorAt("/payload/right", "op %q needs a nonzero right operand (the divisor or modulus); got the zero polynomial", q.Op)
	}
	return F, a, b, nil
}

func variableOf(fp FieldPolynomial) string {
	if fp.Variable == "" {
		return "x"
	}
	return string(fp.Variable)
}

// clippedInteger writes n in full when short and by its size otherwise.
func clippedInteger(n *big.Int) string {
	s := n.String()
	if len(s) > 40 {
		return fmt.Sprintf("a %d-digit number", len(s))
	}
	return s
}

// polyRing is polynomial arithmetic over F: core/gfpoly's fast kernels on
// machine words for prime fields with p < 2^64, the generic arithmetic of
// this package (the reference) otherwise.
type polyRing struct {
	F     *gf
	words *gfpoly.Field
}

func (F *gf) ring(fast bool) polyRing {
	r := polyRing{F: F}
	if fast && F.onWords() {
		r.words = gfpoly.NewField(F.p.Uint64())
	}
	return r
}

func (r polyRing) mul(a, b poly) poly {
	if r.words != nil {
		return fromWords(r.words.Mul(r.F.toWords(a), r.F.toWords(b)))
	}
	return r.F.pmul(a, b)
}

func (r polyRing) divmod(a, b poly) (poly, poly) {
	if r.words != nil {
		q, m := r.words.DivRem(r.F.toWords(a), r.F.toWords(b))
		return fromWords(q), fromWords(m)
	}
	return r.F.pdivmod(a, b)
}

// xgcd returns the monic gcd and the canonical cofactors (see
// PolyArithmeticResult).
func (r polyRing) xgcd(ctx context.Context, a, b poly) (g, s, t poly, err error) {
	if r.words != nil {
		gw, sw, tw, err := r.words.XGCDContext(ctx, r.F.toWords(a), r.F.toWords(b))
		return fromWords(gw), fromWords(sw), fromWords(tw), err
	}
	F := r.F
	r0, r1 := a, b
	s0, s1 := poly{F.one()}, poly(nil)
	t0, t1 := poly(nil), poly{F.one()}
	for i := 0; len(r1) > 0; i++ {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, nil, err
			}
		}
		q, rem := F.pdivmod(r0, r1)
		r0, r1 = r1, rem
		s0, s1 = s1, F.psub(s0, F.pmul(q, s1))
		t0, t1 = t1, F.psub(t0, F.pmul(q, t1))
	}
	if len(r0) == 0 {
		return nil, nil, nil, nil
	}
	u := F.inv(r0[len(r0)-1])
	return F.pscale(u, r0), F.pscale(u, s0), F.pscale(u, t0), nil
}

func (r polyRing) powmod(ctx context.Context, a poly, e *big.Int, m poly) (poly, error) {
	if r.words != nil {
		z, err := r.words.PowModContext(ctx, r.F.toWords(a), e, r.F.toWords(m))
		return fromWords(z), err
	}
	F := r.F
	if deg(m) == 0 {
		return nil, nil
	}
	return squareAndMultiply(ctx, e, F.pmod(poly{F.one()}, m), 1,
		func(z poly) poly { return F.pmod(F.pmul(z, z), m) },
		func(z poly) poly { return F.pmod(F.pmul(z, F.pmod(a, m)), m) })
}

// polyArithmetic computes op (see PolyArithmeticResult) on the ring.
func (r polyRing) compute(ctx context.Context, op PolyOp, a, b poly, e *big.Int) (map[string]poly, error) {
	F := r.F
	switch op {
	case PolyAdd:
		return map[string]poly{"value": F.padd(a, b)}, nil
	case PolySubtract:
		return map[string]poly{"value": F.psub(a, b)}, nil
	case PolyMultiply:
		return map[string]poly{"value": r.mul(a, b)}, nil
	case PolyDivide:
		q, m := r.divmod(a, b)
		return map[string]poly{"quotient": q, "remainder": m}, nil
	case PolyGCD, PolyExtendedGCD:
		g, s, t, err := r.xgcd(ctx, a, b)
		if err != nil {
			return nil, err
		}
		if op == PolyGCD {
			return map[string]poly{"value": g}, nil
		}
		return map[string]poly{"value": g, "s": s, "t": t}, nil
	case PolyPowerMod:
		z, err := r.powmod(ctx, a, e, b)
		if err != nil {
			return nil, err
		}
		return map[string]poly{"value": z}, nil
	}
	return nil, fmt.Errorf("unknown op %q", op)
}

// polyArithmeticOperation: the seven operations on polynomials over GF(q),
// on core/gfpoly over prime fields with p < 2^64 (transform products,
// Newton division, half-gcd; see that package) and by the classical
// algorithms (schoolbook products, long division, the extended Euclidean
// algorithm, MCA §§2.4, 3.2, 4.6; binary powering) elsewhere.
func polyArithmeticOperation() core.Operation[PolyArithmeticRequest, PolyArithmeticResult] {
	return core.Operation[PolyArithmeticRequest, PolyArithmeticResult]{
		ID:         "finite_field.polynomial.arithmetic.compute",
		Title:      "Polynomial arithmetic over a finite field",
		Summary:    "Adds, subtracts, multiplies, divides with remainder, takes the gcd or extended gcd of, or raises to a power modulo another, univariate polynomials over GF(p) or GF(p^k).",
		Keywords:   []string{"polynomial multiplication", "product", "division with remainder", "divrem", "quotient", "remainder", "gcd", "extended gcd", "gcdext", "bezout", "powmod", "modular exponentiation", "finite field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "polynomial", "integer"},
		Limits:     polyArithmeticLimits(),
		Bounds: withBounds(fieldBounds("/field"), core.Bounds{
			"/left/coefficients": MaxArithDegree + 1, "/right/coefficients": MaxArithDegree + 1, "/exponent": MaxExponentDigits,
		}),
		RefusalExamples: func() []core.RefusalExample {
			f7 := `{"characteristic":"7","degree":1}`
			return []core.RefusalExample{
				{Title: "division by zero", Payload: `{"field":` + f7 + `,"op":"divide","left":{"coefficients":["1","1"]},"right":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/right"},
				{Title: "a negative exponent", Payload: `{"field":` + f7 + `,"op":"power_mod","left":{"coefficients":["0","1"]},"right":{"coefficients":["1","0","1"]},"exponent":"-1"}`, Code: core.DomainError, Path: "/payload/exponent"},
				{Title: "operands in different variables", Payload: `{"field":` + f7 + `,"op":"add","left":{"variable":"y","coefficients":["1"]},"right":{"coefficients":["1"]}}`, Code: core.InvalidPayload, Path: "/payload/right/variable"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"9","degree":1},"op":"add","left":{"coefficients":["1"]},"right":{"coefficients":["1"]}}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
				{Title: "an exponent outside power_mod", Payload: `{"field":` + f7 + `,"op":"gcd","left":{"coefficients":["1"]},"right":{"coefficients":["1"]},"exponent":"2"}`, Code: core.InvalidPayload, Path: "/payload/exponent"},
			}
		},
		Preflight: func(ctx context.Context, q PolyArithmeticRequest) error {
			_, _, _, err := parsePolyArithmetic(q)
			return err
		},
		Run: func(ctx context.Context, q PolyArithmeticRequest) (PolyArithmeticResult, error) {
			F, a, b, err := parsePolyArithmetic(q)
			if err != nil {
				return PolyArithmeticResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return PolyArithmeticResult{}, err
			}
			var e *big.Int
			if q.Exponent != nil {
				e = q.Exponent.Big()
			}
			parts, err := F.ring(true).compute(ctx, q.Op, a, b, e)
			if err != nil {
				return PolyArithmeticResult{}, err
			}
			v := variableOf(q.Left)
			gen := generatorName(q.Field, v)
			res := PolyArithmeticResult{CharacteristicPrimality: Primality(pr)}
			for name, dst := range map[string]**core.Polynomial[Element]{"value": &res.Value, "quotient": &res.Quotient, "remainder": &res.Remainder, "s": &res.S, "t": &res.T} {
				if p, ok := parts[name]; ok {
					rp := F.toRendered(p, v, gen)
					*dst = &rp
				}
			}
			return res, nil
		},
		Postcondition: checkPolyArithmetic,
		Slow:          func() string { return powerModWorkPayload(0) },
		Examples: []core.Example{
			// PARI/GP 2.15: Mod(1,7)*(x+1)*(x+6) = x^2 + 6.
			{Title: "(x + 1)(x + 6) = x^2 + 6 over GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"op":"multiply","left":{"coefficients":["1","1"]},"right":{"coefficients":["6","1"]}}`),
				Result: json.RawMessage(`{"value":{"variable":"x","coefficients":["6","0","1"],"expression":"x^2 + 6"},"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: divrem(Mod(1,5)*(x^3+2*x+1), Mod(1,5)*(2*x+1)) = [3*x^2 + x + 3, 3].
			{Title: "x^3 + 2x + 1 divided by 2x + 1 over GF(5)", Payload: json.RawMessage(`{"field":{"characteristic":"5","degree":1},"op":"divide","left":{"coefficients":["1","2","0","1"]},"right":{"coefficients":["1","2"]}}`),
				Result: json.RawMessage(`{"quotient":{"variable":"x","coefficients":["3","1","3"],"expression":"3*x^2 + x + 3"},"remainder":{"variable":"x","coefficients":["3"],"expression":"3"},"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: gcdext(Mod(1,3)*(x^2+2), Mod(1,3)*(x^2+x+1)) = [1, 2, 2*x + 1]; made monic, g = x + 2 with s = 2, t = 1.
			{Title: "gcd(x^2 − 1, x^2 + x − 2) = x − 1 over GF(3), with Bézout cofactors", Payload: json.RawMessage(`{"field":{"characteristic":"3","degree":1},"op":"extended_gcd","left":{"coefficients":["2","0","1"]},"right":{"coefficients":["1","1","1"]}}`),
				Result: json.RawMessage(`{"value":{"variable":"x","coefficients":["2","1"],"expression":"x + 2"},"s":{"variable":"x","coefficients":["2"],"expression":"2"},"t":{"variable":"x","coefficients":["1"],"expression":"1"},"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: lift(Mod(Mod(1,2)*x, Mod(1,2)*(x^5+x^2+1))^(3^50)) = x^2 + 1.
			{Title: "x^(3^50) mod x^5 + x^2 + 1 over GF(2)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":1},"op":"power_mod","left":{"coefficients":["0","1"]},"right":{"coefficients":["1","0","1","0","0","1"]},"exponent":"717897987691852588770249"}`),
				Result: json.RawMessage(`{"value":{"variable":"x","coefficients":["1","0","1"],"expression":"x^2 + 1"},"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: t = ffgen(Mod(1,2)*(t^2+t+1)); (x+t)*(x+t+1) = x^2 + x + 1.
			{Title: "(x + t)(x + t + 1) = x^2 + x + 1 over GF(4)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"op":"multiply","left":{"coefficients":[["0","1"],["1"]]},"right":{"coefficients":[["1","1"],["1"]]}}`),
				Result: json.RawMessage(`{"value":{"variable":"x","coefficients":[["1"],["1"],["1"]],"expression":"x^2 + x + 1"},"characteristic_primality":"proven"}`)},
		},
		Generate: randomPolyArithmetic,
	}
}

// polyArithmeticLimits declares the field, degree, exponent and work
// limits with their payloads just past and exactly at each.
func polyArithmeticLimits() []core.Limit {
	ls := fieldLimits(func(f string, k int) string {
		return `{"field":` + f + `,"op":"multiply","left":` + onesPolynomial(1, k) + `,"right":` + onesPolynomial(1, k) + `}`
	})
	gf2 := `{"field":{"characteristic":"2","degree":1},"op":"add","left":`
	return append(ls,
		core.Limit{
			Name: "polynomial_degree", Max: MaxArithDegree, Unit: "degree",
			Description: "each operand has degree at most this",
			Beyond:      func() string { return gf2 + onesPolynomial(MaxArithDegree+1, 1) + `,"right":{"coefficients":["1"]}}` },
			At:          func() string { return gf2 + onesPolynomial(MaxArithDegree, 1) + `,"right":{"coefficients":["1"]}}` },
		},
		core.Limit{
			Name: "exponent_digits", Max: MaxExponentDigits, Unit: "decimal digits",
			Description: "the exponent of power_mod has at most this many decimal digits",
			Beyond: func() string {
				return `{"field":{"characteristic":"7","degree":1},"op":"power_mod","left":{"coefficients":["0","1"]},"right":{"coefficients":["1","0","1"]},"exponent":"1` + repeat("0", MaxExponentDigits) + `"}`
			},
			At: func() string {
				return `{"field":{"characteristic":"7","degree":1},"op":"power_mod","left":{"coefficients":["0","1"]},"right":{"coefficients":["1","0","1"]},"exponent":"` + repeat("9", MaxExponentDigits) + `"}`
			},
		},
		core.Limit{
			Name: "work", Max: MaxArithWork, Unit: "word operations",
			Description: "estimated work: on machine words (prime fields with p < 2^64) a product of degree n costs M = 6·n·log2(2n)·⌈(2·log2 p + log2 n)/62⌉, a division 3M, a gcd 10·log2(2n)·M, a power_mod 3M + 4.5·log2(e)·M(deg right); otherwise 4·n² field products for a product, division or gcd and 4·(n² + 12·log2(e)·m²) for a power_mod, each field product k² coefficient products (8·w² for w-word p beyond the word paths)",
			Beyond:      func() string { return powerModWorkPayload(1) },
			At:          func() string { return powerModWorkPayload(0) },
		})
}

// powerModWorkPayload is x^(10^9999) modulo 1 + x + … + x^m over
// GF(2^61 − 1), with m the greatest modulus degree within the work limit
// (extra = 0) or the least past it (extra = 1). Within it, it also serves
// as the cancellation probe: about 3.5 s of squarings modulo a polynomial
// of degree m.
func powerModWorkPayload(extra int) string {
	mersenne := newGF(bigInt(0).SetUint64(1<<61-1), 1, nil)
	eBits := new(big.Int).Exp(big.NewInt(10), big.NewInt(MaxExponentDigits-1), nil).BitLen()
	m := 1
	for arithWork(PolyPowerMod, m, m, eBits, mersenne) <= MaxArithWork {
		m++
	}
	return `{"field":{"characteristic":"2305843009213693951","degree":1},"op":"power_mod","left":{"coefficients":["0","1"]},"right":` + onesPolynomial(m-1+extra, 1) + `,"exponent":"1` + repeat("0", MaxExponentDigits-1) + `"}`
}

// randomPolyArithmetic draws a field, an op and operands of degree < 12,
// often sharing a factor so that gcds are nontrivial.
func randomPolyArithmetic(ctx context.Context, rng *rand.Rand) PolyArithmeticRequest {
	F := randomField(ctx, rng, 64, 3)
	ops := []PolyOp{PolyAdd, PolySubtract, PolyMultiply, PolyDivide, PolyGCD, PolyExtendedGCD, PolyPowerMod}
	op := ops[rng.IntN(len(ops))]
	a, b := randomPoly(rng, F, rng.IntN(12)), randomPoly(rng, F, 1+rng.IntN(8))
	if rng.IntN(2) == 0 {
		c := randomPoly(rng, F, 1+rng.IntN(3))
		a, b = F.pmul(a, c), F.pmul(b, c)
	}
	q := PolyArithmeticRequest{Field: F.toField(), Op: op, Left: F.toPoly(a, ""), Right: F.toPoly(b, "")}
	if op == PolyPowerMod {
		e := core.Int(randomBelow(rng, new(big.Int).Lsh(big.NewInt(1), 100)))
		q.Exponent = &e
	}
	return q
}

// checkPolyArithmetic verifies each result by an identity: a sum by
// subtracting back, a product by dividing it by right (exactly, back to
// left), a division by quotient·right + remainder = left and deg remainder
// < deg right, a gcd by s·left + t·right = g together with g dividing both
// (which makes g the gcd) and, for the extended gcd, the canonical degree
// bounds, and a power by recomputing it as left^⌊e/2⌋·left^⌈e/2⌉ mod right.
func checkPolyArithmetic(ctx context.Context, q PolyArithmeticRequest, r PolyArithmeticResult) error {
	F, a, b, err := parsePolyArithmetic(q)
	if err != nil {
		return err
	}
	v := variableOf(q.Left)
	render := elementRenderer(generatorName(q.Field, v))
	read := func(name string, p *core.Polynomial[Element], want bool) (poly, error) {
		if (p != nil) != want {
			return nil, fmt.Errorf("op %q: field %q present = %v", q.Op, name, p != nil)
		}
		if p == nil {
			return nil, nil
		}
		if p.Variable != v {
			return nil, fmt.Errorf("%s is in %q, the request in %q", name, p.Variable, v)
		}
		if err := p.Check(render); err != nil {
			return nil, err
		}
		return F.parsePoly(FieldPolynomial{Coefficients: p.Coefficients}, "/value/"+name)
	}
	op := q.Op
	value, err := read("value", r.Value, op != PolyDivide)
	if err != nil {
		return err
	}
	quo, err := read("quotient", r.Quotient, op == PolyDivide)
	if err != nil {
		return err
	}
	rem, err := read("remainder", r.Remainder, op == PolyDivide)
	if err != nil {
		return err
	}
	s, err := read("s", r.S, op == PolyExtendedGCD)
	if err != nil {
		return err
	}
	t, err := read("t", r.T, op == PolyExtendedGCD)
	if err != nil {
		return err
	}
	// The identities run on the same kernels as the operation (the
	// generic ones would cost n² big-number products at degree 65536),
	// but each checks the result by a different computation than the one
	// that produced it.
	ck := F.ring(true)
	ok := false
	switch op {
	case PolyAdd:
		ok = polyEqual(F.psub(value, b), a)
	case PolySubtract:
		ok = polyEqual(F.padd(value, b), a)
	case PolyMultiply:
		if len(b) == 0 {
			ok = len(value) == 0
		} else {
			back, left := ck.divmod(value, b)
			ok = len(left) == 0 && polyEqual(back, a)
		}
	case PolyDivide:
		ok = deg(rem) < deg(b) && polyEqual(F.padd(ck.mul(quo, b), rem), a)
	case PolyGCD, PolyExtendedGCD:
		if len(a) == 0 && len(b) == 0 {
			ok = len(value) == 0 && len(s) == 0 && len(t) == 0
			break
		}
		if len(value) == 0 || !isOne(value[len(value)-1]) {
			return errors.New("the gcd of operands not both zero must be monic")
		}
		_, ra := ck.divmod(a, value)
		_, rb := ck.divmod(b, value)
		ok = len(ra) == 0 && len(rb) == 0
		if op == PolyGCD {
			// A common divisor that is a combination s·left + t·right is
			// the gcd: every common divisor divides it.
			_, s, t, err = ck.xgcd(ctx, a, b)
			if err != nil {
				return err
			}
		}
		ok = ok && polyEqual(F.padd(ck.mul(s, a), ck.mul(t, b)), value)
		if op == PolyGCD {
			break
		}
		switch {
		case len(b) == 0:
			ok = ok && len(t) == 0 && deg(s) == 0
		case deg(value) == deg(b):
			// right divides left (g = right/lc(right)).
			ok = ok && len(s) == 0 && deg(t) == 0
		default:
			ok = ok && deg(s) < deg(b)-deg(value) && deg(t) < deg(a)-deg(value)
		}
	case PolyPowerMod:
		e := q.Exponent.Big()
		lo := new(big.Int).Rsh(e, 1)
		hi := new(big.Int).Sub(e, lo)
		x, err := ck.powmod(ctx, a, lo, b)
		if err != nil {
			return err
		}
		y, err := ck.powmod(ctx, a, hi, b)
		if err != nil {
			return err
		}
		_, xy := ck.divmod(ck.mul(x, y), b)
		ok = deg(value) < deg(b) && polyEqual(xy, value)
	}
	if !ok {
		return fmt.Errorf("the %s result does not satisfy its identity", op)
	}
	return nil
}
