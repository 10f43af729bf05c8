package polynomial

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
	"jacobian.dev/core/modular"
)

// Limits of polynomial.arithmetic.compute.
const (
	ArithmeticMaxDegree = 2000
	ArithmeticMaxBits   = 4096
	// PowerMaxDegree bounds deg(f)·e for op power.
	PowerMaxDegree = 10_000
	// ResultMaxBits bounds the estimated total size of a power or a
	// quotient: number of coefficients times the bound on their bits.
	// Both can be far larger than their inputs (the quotient by 3x − 1 has
	// coefficients with denominators 3^k), so preflight estimates before
	// any work.
	ResultMaxBits = 1 << 24
	// MaxExponent bounds the exponent of op power: beyond it only 0 and
	// ±1 would pass power_result_bits, and their powers need no exponent
	// this large.
	MaxExponent = 1 << 24
)

var arithmeticLimits = sizeLimits{maxDegree: ArithmeticMaxDegree, maxBits: ArithmeticMaxBits}

// ArithmeticOp names the arithmetic operation.
type ArithmeticOp string

// The arithmetic operations.
const (
	OpAdd      ArithmeticOp = "add"
	OpSubtract ArithmeticOp = "subtract"
	OpMultiply ArithmeticOp = "multiply"
	OpDivide   ArithmeticOp = "divide"
	OpPower    ArithmeticOp = "power"
)

// JSONSchema restricts op to the five names.
func (ArithmeticOp) JSONSchema() *jsonschema.Schema {
	return core.Enum("add, subtract, multiply, divide (quotient and remainder over Q) or power (left^exponent)",
		string(OpAdd), string(OpSubtract), string(OpMultiply), string(OpDivide), string(OpPower))
}

// ArithmeticRequest is op applied to left and right, or left^exponent for
// op power (which takes no right).
type ArithmeticRequest struct {
	Op       ArithmeticOp `json:"op"`
	Left     PolyInput    `json:"left"`
	Right    *PolyInput   `json:"right,omitempty"`
	Exponent *int64       `json:"exponent,omitempty" jsonschema:"non-negative integer exponent, for op power only"`
}

// UnmarshalJSON decodes field by field and checks that right and exponent
// go with their ops.
func (q *ArithmeticRequest) UnmarshalJSON(b []byte) error {
	var r ArithmeticRequest
	if err := decodeObject(b, map[string]any{"op": &r.Op, "left": &r.Left, "right": &r.Right, "exponent": &r.Exponent}); err != nil {
		return err
	}
	switch {
	case r.Op == OpPower && r.Exponent == nil:
		return &core.PayloadError{Path: "/payload/exponent", Message: "op power needs a non-negative integer \"exponent\""}
	case r.Op == OpPower && r.Right != nil:
		return &core.PayloadError{Path: "/payload/right", Message: "op power takes \"left\" and \"exponent\", not \"right\""}
	case r.Op != OpPower && r.Right == nil:
		return &core.PayloadError{Path: "/payload/right", Message: fmt.Sprintf("op %s needs a \"right\" polynomial", r.Op)}
	case r.Op != OpPower && r.Exponent != nil:
		return &core.PayloadError{Path: "/payload/exponent", Message: fmt.Sprintf("\"exponent\" is only for op power, not %s", r.Op)}
	case r.Exponent != nil && *r.Exponent < 0:
		return &core.PayloadError{Path: "/payload/exponent", Message: "the exponent must be non-negative; negative powers are not polynomials"}
	}
	*q = r
	return nil
}

// ArithmeticResult holds result for add, subtract, multiply and power, and
// quotient and remainder for divide.
type ArithmeticResult struct {
	Result    *core.Polynomial[core.Rational] `json:"result,omitempty"`
	Quotient  *core.Polynomial[core.Rational] `json:"quotient,omitempty"`
	Remainder *core.Polynomial[core.Rational] `json:"remainder,omitempty"`
}

// arithmeticOperation is exact arithmetic in Q[x].
//
// add, subtract and multiply return result; multiply is the schoolbook
// product over Z after clearing denominators. divide returns the unique
// quotient q and remainder r over Q with left = q·right + r and
// deg r < deg right (Knuth, TAOCP vol. 2, §4.6.1, Algorithm D); a zero
// right is a domain error. power returns left^exponent by binary
// powering, with 0^0 = 1. Canonical form: coefficients reduced, constant
// term first, no trailing zeros; the variable is the one the inputs share.
func arithmeticOperation() core.Operation[ArithmeticRequest, ArithmeticResult] {
	return core.Operation[ArithmeticRequest, ArithmeticResult]{
		ID:         "polynomial.arithmetic.compute",
		Title:      "Polynomial arithmetic",
		Summary:    "Adds, subtracts, multiplies, divides with remainder, or raises to a power univariate polynomials with exact rational coefficients.",
		Keywords:   []string{"polynomial", "add", "sum", "subtract", "difference", "multiply", "product", "divide", "division", "quotient", "remainder", "divrem", "power", "expand"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"polynomial"},
		Bounds: func() core.Bounds {
			b := polyBounds(ArithmeticMaxDegree, "left", "right")
			b["/exponent"] = MaxExponent
			return b
		}(),
		Limits: append(arithmeticLimits.declare(func(poly string) string { return `{"op":"add","left":` + poly + `,"right":{"coefficients":["1"]}}` }),
			core.Limit{Name: "exponent", Max: MaxExponent, Unit: "exponent", Description: "for op power, the exponent is at most this (a nonzero left then meets power_result_bits first unless it is ±1 or 0)",
				Beyond: func() string {
					return fmt.Sprintf(`{"op":"power","left":{"coefficients":["-1"]},"exponent":%d}`, MaxExponent+1)
				},
				At: func() string {
					return fmt.Sprintf(`{"op":"power","left":{"coefficients":["-1"]},"exponent":%d}`, MaxExponent)
				}},
			core.Limit{Name: "power_degree", Max: PowerMaxDegree, Unit: "degree", Description: "for op power, deg(left)·exponent is at most this",
				Beyond: func() string { return `{"op":"power","left":{"expression":"x+1"},"exponent":10001}` },
				// x^1000 to the 10th: 10001·10·(1 + log2 1001) bits, well
				// within power_result_bits.
				At: func() string { return `{"op":"power","left":{"expression":"x^1000"},"exponent":10}` }},
			core.Limit{Name: "power_result_bits", Max: ResultMaxBits, Unit: "bits", Description: "for op power, (deg(left)·exponent + 1)·exponent·(coefficient bits + log2(number of terms)), a bound on the total size of the result, is at most this",
				Beyond: func() string { return `{"op":"power","left":{"expression":"2^4000"},"exponent":4200}` },
				// A constant of 4096 bits to the 4096th: 1·4096·4096 = 2^24.
				At: func() string {
					return fmt.Sprintf(`{"op":"power","left":{"coefficients":["%s"]},"exponent":4096}`, allOnes(4096))
				}},
			core.Limit{Name: "quotient_bits", Max: ResultMaxBits, Unit: "bits", Description: "for op divide, with k = deg(left) − deg(right) + 1: k·(k·(coefficient bits of right) + coefficient bits of left), a bound on the total size of the quotient, is at most this",
				Beyond: func() string {
					return `{"op":"divide","left":{"expression":"x^2000"},"right":{"expression":"(2^20 + 1)*x^1000 + 1"}}`
				},
				// (2^4096 − 1)·x^1024 by x + 4095: k = 1024 and
				// 1024·(1024·12 + 4096) = 2^24.
				At: func() string {
					return `{"op":"divide","left":` + monomialJSON(1024, allOnes(4096).String()) + `,"right":{"coefficients":["4095","1"]}}`
				}},
		),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "division by zero", Payload: `{"op":"divide","left":{"expression":"x^2"},"right":{"coefficients":[]}}`, Code: core.DomainError, Path: "/payload/right"},
				{Title: "division by a zero expression", Payload: `{"op":"divide","left":{"expression":"x^2"},"right":{"expression":"x - x"}}`, Code: core.DomainError, Path: "/payload/right"},
				{Title: "power without an exponent", Payload: `{"op":"power","left":{"expression":"x"}}`, Code: core.InvalidPayload, Path: "/payload/exponent"},
				{Title: "a negative exponent", Payload: `{"op":"power","left":{"expression":"x"},"exponent":-2}`, Code: core.InvalidPayload, Path: "/payload/exponent"},
				{Title: "two different variables", Payload: `{"op":"add","left":{"expression":"x + 1"},"right":{"expression":"y"}}`, Code: core.DomainError, Path: "/payload/right"},
			}
		},
		Preflight: preflightArithmetic,
		Run:       runArithmetic,
		Postcondition: func(ctx context.Context, q ArithmeticRequest, r ArithmeticResult) error {
			return checkArithmetic(ctx, q, r)
		},
		Examples: []core.Example{
			{Title: "sum", Payload: json.RawMessage(`{"op":"add","left":{"expression":"x^2 + 1"},"right":{"expression":"x - 1"}}`),
				Result: json.RawMessage(`{"result":{"variable":"x","coefficients":["0","1","1"],"expression":"x^2 + x"}}`)},
			{Title: "product in coefficient form", Payload: json.RawMessage(`{"op":"multiply","left":{"variable":"t","coefficients":["1","1"]},"right":{"variable":"t","coefficients":["-1","1"]}}`),
				Result: json.RawMessage(`{"result":{"variable":"t","coefficients":["-1","0","1"],"expression":"t^2 - 1"}}`)},
			{Title: "division with remainder over Q", Payload: json.RawMessage(`{"op":"divide","left":{"expression":"x^3 - 2*x + 1"},"right":{"expression":"2*x + 1"}}`),
				Result: json.RawMessage(`{"quotient":{"variable":"x","coefficients":["-7/8","-1/4","1/2"],"expression":"1/2*x^2 - 1/4*x - 7/8"},"remainder":{"variable":"x","coefficients":["15/8"],"expression":"15/8"}}`)},
			{Title: "power", Payload: json.RawMessage(`{"op":"power","left":{"expression":"x - 1"},"exponent":3}`),
				Result: json.RawMessage(`{"result":{"variable":"x","coefficients":["-1","3","-3","1"],"expression":"x^3 - 3*x^2 + 3*x - 1"}}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ArithmeticRequest {
			ops := []ArithmeticOp{OpAdd, OpSubtract, OpMultiply, OpDivide, OpPower}
			q := ArithmeticRequest{Op: ops[rng.IntN(len(ops))], Left: polyInputOf("x", randomQ(rng, rng.IntN(12), 40))}
			if q.Op == OpPower {
				e := int64(rng.IntN(6))
				q.Exponent = &e
				return q
			}
			right := polyInputOf("x", randomQ(rng, rng.IntN(8), 40))
			if q.Op == OpDivide && len(right.coeffs) == 0 {
				right = polyInputOf("x", qpoly{big.NewRat(3, 2), big.NewRat(1, 1)})
			}
			q.Right = &right
			return q
		},
		Slow: func() string {
			return `{"op":"multiply","left":{"expression":"(x + 1)^2000"},"right":{"expression":"(x - 1)^2000"}}`
		},
	}
}

func preflightArithmetic(ctx context.Context, q ArithmeticRequest) error {
	if err := arithmeticLimits.check("left", q.Left); err != nil {
		return err
	}
	if q.Right != nil {
		if err := arithmeticLimits.check("right", *q.Right); err != nil {
			return err
		}
		if q.Op == OpDivide && q.Right.expr == nil && len(q.Right.coeffs) == 0 {
			return core.DomainErrorAt(core.PayloadPath("right"), "division by the zero polynomial is undefined; give a nonzero right")
		}
		if q.Op == OpDivide {
			// The quotient's coefficients carry up to k powers of the
			// divisor's coefficients.
			k := float64(max(q.Left.degree()-q.Right.degree()+1, 0))
			total := k * (k*float64(q.Right.coefficientBits()) + float64(q.Left.coefficientBits()))
			if total > ResultMaxBits {
				return core.Refusef("the quotient may take up to %.0f bits, beyond the limit of %d", total, ResultMaxBits)
			}
		}
	}
	if q.Op == OpPower {
		e := *q.Exponent
		if e > MaxExponent {
			return core.Refusef("exponent %d is beyond the limit of %d", e, MaxExponent)
		}
		if d := q.Left.degree(); d > 0 && (e > PowerMaxDegree || d*e > PowerMaxDegree) {
			return core.Refusef("left^%d has degree up to %d·%d, beyond the limit of %d", e, d, e, PowerMaxDegree)
		}
		// A polynomial with k terms of b bits has an L1 norm below k·2^b,
		// and the L1 norm is submultiplicative.
		terms := q.Left.degree() + 1
		per := float64(q.Left.coefficientBits()) + math.Log2(float64(max(terms, 1)))
		total := float64(max(q.Left.degree(), 0)*e+1) * per * float64(e)
		if terms > 0 && total > ResultMaxBits {
			return core.Refusef("left^%d may take up to %.0f bits, beyond the limit of %d", e, total, ResultMaxBits)
		}
	}
	return nil
}

// operands expands left and, if present, right.
func (q ArithmeticRequest) operands(ctx context.Context) ([]operand, error) {
	if q.Right == nil {
		return expandAll(ctx, []string{"left"}, q.Left)
	}
	return expandAll(ctx, []string{"left", "right"}, q.Left, *q.Right)
}

func runArithmetic(ctx context.Context, q ArithmeticRequest) (ArithmeticResult, error) {
	ops, err := q.operands(ctx)
	if err != nil {
		return ArithmeticResult{}, err
	}
	v, err := variableOf(ops)
	if err != nil {
		return ArithmeticResult{}, err
	}
	a := ops[0].poly
	var b qpoly
	if len(ops) > 1 {
		b = ops[1].poly
	}
	one := func(p qpoly, err error) (ArithmeticResult, error) {
		if err != nil {
			return ArithmeticResult{}, err
		}
		r := polyOf(v, p)
		return ArithmeticResult{Result: &r}, nil
	}
	switch q.Op {
	case OpAdd:
		return one(qadd(a, b), nil)
	case OpSubtract:
		return one(qsub(a, b), nil)
	case OpMultiply:
		return one(qmul(ctx, a, b))
	case OpDivide:
		if len(b) == 0 {
			return ArithmeticResult{}, core.DomainErrorAt(core.PayloadPath("right"), "division by the zero polynomial is undefined; give a nonzero right")
		}
		quo, rem, err := qdivrem(ctx, a, b)
		if err != nil {
			return ArithmeticResult{}, err
		}
		qp, rp := polyOf(v, quo), polyOf(v, rem)
		return ArithmeticResult{Quotient: &qp, Remainder: &rp}, nil
	case OpPower:
		return one(qpow(ctx, a, *q.Exponent))
	}
	return ArithmeticResult{}, fmt.Errorf("unknown op %q", q.Op)
}

// qpow is a^e by binary powering; 0^0 = 1.
func qpow(ctx context.Context, a qpoly, e int64) (qpoly, error) {
	result := qpoly{big.NewRat(1, 1)}
	base := a
	var err error
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			if result, err = qmul(ctx, result, base); err != nil {
				return nil, err
			}
		}
		if e > 1 {
			if base, err = qmul(ctx, base, base); err != nil {
				return nil, err
			}
		}
	}
	return result, nil
}

// checkArithmetic verifies the identity of each op at a point modulo a
// prime (see modcheck.go), and the degree facts exactly.
func checkArithmetic(ctx context.Context, q ArithmeticRequest, r ArithmeticResult) error {
	ops, err := q.operands(ctx)
	if err != nil {
		return err
	}
	a := ops[0].poly
	var b qpoly
	if len(ops) > 1 {
		b = ops[1].poly
	}
	var polys []qpoly
	if q.Op == OpDivide {
		if r.Quotient == nil || r.Remainder == nil || r.Result != nil {
			return errors.New("divide must return quotient and remainder only")
		}
		for _, p := range []*core.Polynomial[core.Rational]{r.Quotient, r.Remainder} {
			if err := wellFormed(*p); err != nil {
				return err
			}
		}
		if qOf(*r.Remainder).deg() >= b.deg() {
			return fmt.Errorf("remainder degree %d is not below the divisor's %d", qOf(*r.Remainder).deg(), b.deg())
		}
		polys = []qpoly{a, b, qOf(*r.Quotient), qOf(*r.Remainder)}
	} else {
		if r.Result == nil || r.Quotient != nil || r.Remainder != nil {
			return errors.New("result must be set alone")
		}
		if err := wellFormed(*r.Result); err != nil {
			return err
		}
		polys = []qpoly{a, b, qOf(*r.Result)}
		if q.Op == OpPower && len(a) > 0 && qOf(*r.Result).deg() != a.deg()*int(*q.Exponent) {
			return errors.New("power has the wrong degree")
		}
	}
	return withImages(polys, func(p uint64, img [][]uint64) error {
		t := checkPoint(p)
		v := make([]uint64, len(img))
		for i, x := range img {
			v[i] = evalMod(x, t, p)
		}
		var lhs, rhs uint64
		switch q.Op {
		case OpAdd:
			lhs, rhs = v[2], modular.Add(v[0], v[1], p)
		case OpSubtract:
			lhs, rhs = v[2], modular.Sub(v[0], v[1], p)
		case OpMultiply:
			lhs, rhs = v[2], modular.Mul(v[0], v[1], p)
		case OpDivide:
			lhs, rhs = v[0], modular.Add(modular.Mul(v[2], v[1], p), v[3], p)
		case OpPower:
			lhs, rhs = v[2], modular.Pow(v[0], uint64(*q.Exponent), p)
		}
		if lhs != rhs {
			return fmt.Errorf("the %s identity fails at a point modulo %d", q.Op, p)
		}
		return nil
	})
}

// randomQ is a random polynomial of up to n coefficients with numerators
// of up to bits bits and occasional small denominators.
func randomQ(rng *rand.Rand, n, bits int) qpoly {
	out := make(qpoly, n)
	for i := range out {
		num := randomInt(rng, bits)
		if rng.IntN(2) == 0 {
			num.Neg(num)
		}
		den := big.NewInt(1)
		if rng.IntN(4) == 0 {
			den.SetInt64(rng.Int64N(30) + 1)
		}
		out[i] = new(big.Rat).SetFrac(num, den)
	}
	return qtrim(out)
}

// randomZ is a random integer polynomial of degree exactly deg with
// coefficients of up to bits bits.
func randomZ(rng *rand.Rand, deg, bits int) zpoly {
	out := make(zpoly, deg+1)
	for i := range out {
		out[i] = randomInt(rng, bits)
		if rng.IntN(2) == 0 {
			out[i].Neg(out[i])
		}
	}
	if out[deg].Sign() == 0 {
		out[deg].SetInt64(1)
	}
	return out
}

func randomInt(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int)
	for i := rng.IntN(bits + 1); i > 0; i-- {
		x.Lsh(x, 1)
		x.SetBit(x, 0, uint(rng.IntN(2)))
	}
	return x
}
