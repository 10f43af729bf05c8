package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/primality"
)

// Primality says how the characteristic's primality was established:
// "proven" (deterministic Miller–Rabin below ψ13 ≈ 3.3·10^24) or "probable"
// (Baillie–PSW above it; no counterexample is known, but it is not a
// proof, and every conclusion of the run is conditional on it).
type Primality string

// JSONSchema restricts Primality to its two words.
func (Primality) JSONSchema() *jsonschema.Schema {
	return core.Enum("how the primality of the characteristic was established", primalityProven, primalityProbable)
}

// ArithmeticOp names a field operation.
type ArithmeticOp string

// The arithmetic operations.
const (
	OpAdd      ArithmeticOp = "add"
	OpSubtract ArithmeticOp = "subtract"
	OpMultiply ArithmeticOp = "multiply"
	OpDivide   ArithmeticOp = "divide"
	OpPower    ArithmeticOp = "power"
	OpInverse  ArithmeticOp = "inverse"
)

// JSONSchema restricts ArithmeticOp to the six operations.
func (ArithmeticOp) JSONSchema() *jsonschema.Schema {
	return core.Enum("field operation", string(OpAdd), string(OpSubtract), string(OpMultiply), string(OpDivide), string(OpPower), string(OpInverse))
}

// ArithmeticRequest is one field operation: left op right for add,
// subtract, multiply and divide; left^exponent for power; left⁻¹ for
// inverse.
type ArithmeticRequest struct {
	Field    Field         `json:"field"`
	Op       ArithmeticOp  `json:"op"`
	Left     Element       `json:"left"`
	Right    Element       `json:"right,omitzero"`
	Exponent *core.Integer `json:"exponent,omitempty"`
}

// ArithmeticResult is the canonical element (see Element).
type ArithmeticResult struct {
	Value                   Element   `json:"value"`
	CharacteristicPrimality Primality `json:"characteristic_primality"`
}

// MaxExponentDigits bounds the exponent of power.
const MaxExponentDigits = 10_000

// arithmeticOperation: the six field operations on GF(q). Elements are
// canonical (see Element); 0^0 = 1; a negative exponent means a power of
// the inverse, so it needs a nonzero base; division by zero and the inverse
// of zero are domain errors. Multiplication in GF(p^k) is polynomial
// multiplication reduced modulo f, inversion the extended Euclidean
// algorithm over GF(p) (Cohen, A Course in Computational Algebraic Number
// Theory, §3.2), powers binary exponentiation with the exponent first
// reduced modulo q − 1 for nonzero bases (Lagrange: a^(q−1) = 1).
func arithmeticOperation() core.Operation[ArithmeticRequest, ArithmeticResult] {
	return core.Operation[ArithmeticRequest, ArithmeticResult]{
		ID:         "finite_field.element.arithmetic.compute",
		Title:      "Finite-field element arithmetic",
		Summary:    "Adds, subtracts, multiplies, divides, inverts or raises to an integer power elements of a finite field GF(p) or GF(p^k).",
		Keywords:   []string{"finite field", "galois field", "GF(p)", "GF(q)", "modular arithmetic", "inverse", "power", "division", "extension field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "finite_field_element", "integer"},
		Limits: append(fieldLimits(func(f string, k int) string {
			return `{"field":` + f + `,"op":"add","left":` + oneIn(k) + `,"right":` + oneIn(k) + `}`
		}),
			core.Limit{
				Name: "exponent_digits", Max: MaxExponentDigits, Unit: "decimal digits",
				Description: "the exponent of power has at most this many decimal digits",
				Beyond: func() string {
					return `{"field":{"characteristic":"7","degree":1},"op":"power","left":"3","exponent":"1` + repeat("0", MaxExponentDigits) + `"}`
				},
				At: func() string {
					return `{"field":{"characteristic":"7","degree":1},"op":"power","left":"3","exponent":"-` + repeat("9", MaxExponentDigits) + `"}`
				},
			}),
		Bounds: withBounds(fieldBounds("/field"), core.Bounds{"/exponent": MaxExponentDigits + 1}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"91","degree":1},"op":"add","left":"1","right":"2"}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
				{Title: "an operand outside [0, p)", Payload: `{"field":{"characteristic":"7","degree":1},"op":"add","left":"7","right":"2"}`, Code: core.InvalidPayload, Path: "/payload/left"},
				{Title: "division by zero", Payload: `{"field":{"characteristic":"7","degree":1},"op":"divide","left":"3","right":"0"}`, Code: core.DomainError, Path: "/payload/right"},
				{Title: "a reducible modulus", Payload: `{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","0","1"]}},"op":"add","left":["1"],"right":["1"]}`, Code: core.DomainError, Path: "/payload/field/modulus"},
				{Title: "a modulus variable of two letters", Payload: `{"field":{"characteristic":"2","degree":2,"modulus":{"variable":"tt","coefficients":["1","1","1"]}},"op":"add","left":["1"],"right":["1"]}`, Code: core.InvalidPayload, Path: "/payload/field/modulus/variable"},
			}
		},
		Preflight: func(ctx context.Context, q ArithmeticRequest) error {
			_, _, _, err := parseArithmetic(q)
			return err
		},
		Run: func(ctx context.Context, q ArithmeticRequest) (ArithmeticResult, error) {
			F, a, b, err := parseArithmetic(q)
			if err != nil {
				return ArithmeticResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return ArithmeticResult{}, err
			}
			v, err := F.arithmetic(ctx, q.Op, a, b, q.Exponent)
			if err != nil {
				return ArithmeticResult{}, err
			}
			return ArithmeticResult{Value: F.toElement(v), CharacteristicPrimality: Primality(pr)}, nil
		},
		Postcondition: checkArithmetic,
		Slow:          slowArithmetic,
		Examples: []core.Example{
			// PARI/GP 2.15: Mod(3,7)/Mod(5,7) = Mod(2,7).
			{Title: "3 / 5 in GF(7)", Payload: json.RawMessage(`{"field":{"characteristic":"7","degree":1},"op":"divide","left":"3","right":"5"}`), Result: json.RawMessage(`{"value":"2","characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: Mod(Mod(1,2)*t, Mod(1,2)*(t^2+t+1))^-1 = t + 1.
			{Title: "inverse of t in GF(4) = GF(2)[t]/(t^2 + t + 1)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"op":"inverse","left":["0","1"]}`), Result: json.RawMessage(`{"value":["1","1"],"characteristic_primality":"proven"}`)},
			// PARI/GP 2.15: Mod(Mod(1,3)*(t+2), Mod(1,3)*(t^2+1))^-5 = 2*t + 2.
			{Title: "(t + 2)^-5 in GF(9) = GF(3)[t]/(t^2 + 1)", Payload: json.RawMessage(`{"field":{"characteristic":"3","degree":2,"modulus":{"coefficients":["1","0","1"]}},"op":"power","left":["2","1"],"exponent":"-5"}`), Result: json.RawMessage(`{"value":["2","2"],"characteristic_primality":"proven"}`)},
		},
		Generate: randomArithmetic,
	}
}

// parseArithmetic checks a request's shape and returns its field and
// operands; it does no primality or irreducibility testing.
func parseArithmetic(q ArithmeticRequest) (*gf, elem, elem, error) {
	if q.Exponent != nil {
		if d := len(new(big.Int).Abs(q.Exponent.Big()).String()); d > MaxExponentDigits {
			return nil, nil, nil, core.Refusef("the exponent has %d digits; at most %d are allowed", d, MaxExponentDigits)
		}
	}
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := F.parseElement(q.Left, "/payload/left")
	if err != nil {
		return nil, nil, nil, err
	}
	var b elem
	switch q.Op {
	case OpAdd, OpSubtract, OpMultiply, OpDivide:
		if !q.Right.set {
			return nil, nil, nil, invalid("/payload", "op %q needs the second operand \"right\"", q.Op)
		}
		if q.Exponent != nil {
			return nil, nil, nil, invalid("/payload/exponent", "op %q takes no exponent; use op \"power\"", q.Op)
		}
		if b, err = F.parseElement(q.Right, "/payload/right"); err != nil {
			return nil, nil, nil, err
		}
	case OpPower:
		if q.Exponent == nil {
			return nil, nil, nil, invalid("/payload", "op \"power\" needs an integer \"exponent\" (a decimal string, negative allowed for nonzero bases)")
		}
		if q.Right.set {
			return nil, nil, nil, invalid("/payload/right", "op \"power\" takes \"exponent\", not \"right\"")
		}
	case OpInverse:
		if q.Right.set || q.Exponent != nil {
			return nil, nil, nil, invalid("/payload", "op \"inverse\" takes only \"left\"")
		}
	default:
		return nil, nil, nil, invalid("/payload/op", "unknown op %q", q.Op)
	}
	return F, a, b, nil
}

func (F *gf) arithmetic(ctx context.Context, op ArithmeticOp, a, b elem, exponent *core.Integer) (elem, error) {
	switch op {
	case OpAdd:
		return F.add(a, b), nil
	case OpSubtract:
		return F.sub(a, b), nil
	case OpMultiply:
		return F.mul(a, b), nil
	case OpDivide:
		if isZero(b) {
			return nil, core.DomainErrorAt("/payload/right", "division by zero: the divisor is the zero element of GF(%s), which has no inverse", F.qString())
		}
		return F.mul(a, F.inv(b)), nil
	case OpInverse:
		if isZero(a) {
			return nil, core.DomainErrorAt("/payload/left", "the zero element of GF(%s) has no inverse; give a nonzero element", F.qString())
		}
		return F.inv(a), nil
	case OpPower:
		e := exponent.Big()
		if isZero(a) {
			switch e.Sign() {
			case 0:
				return F.one(), nil
			case 1:
				return nil, nil
			}
			return nil, core.DomainErrorAt("/payload/left", "0 has no inverse, so 0^%s is undefined; use a nonnegative exponent or a nonzero base", e)
		}
		return F.powCtx(ctx, a, new(big.Int).Mod(e, F.qm1))
	}
	return nil, fmt.Errorf("unknown op %q", op)
}

// qString renders q as "p" or "p^k".
func (F *gf) qString() string {
	if F.k == 1 {
		return F.p.String()
	}
	return fmt.Sprintf("%s^%d", F.p, F.k)
}

// checkArithmetic verifies the result through the inverse operation: a sum
// by subtraction, a product and a quotient by multiplying back, a power by
// recomputing it as a^⌊e/2⌋·a^⌈e/2⌉ with right-to-left exponentiation.
func checkArithmetic(ctx context.Context, q ArithmeticRequest, r ArithmeticResult) error {
	F, a, b, err := parseArithmetic(q)
	if err != nil {
		return err
	}
	v, err := F.parseElement(r.Value, "/value")
	if err != nil {
		return err
	}
	ok := false
	switch q.Op {
	case OpAdd:
		ok = equal(F.sub(v, b), a)
	case OpSubtract:
		ok = equal(F.add(v, b), a)
	case OpMultiply:
		if isZero(b) {
			ok = isZero(v)
		} else {
			ok = equal(F.mul(v, F.inv(b)), a)
		}
	case OpDivide:
		ok = equal(F.mul(v, b), a)
	case OpInverse:
		ok = isOne(F.mul(v, a))
	case OpPower:
		e := q.Exponent.Big()
		switch {
		case isZero(a) && e.Sign() == 0:
			ok = isOne(v)
		case isZero(a):
			ok = isZero(v)
		default:
			base := a
			if e.Sign() < 0 {
				base, e = F.inv(a), new(big.Int).Neg(e)
			}
			e = new(big.Int).Mod(e, F.qm1)
			lo := new(big.Int).Rsh(e, 1)
			hi := new(big.Int).Sub(e, lo)
			ok = equal(F.mul(F.powRightToLeft(base, lo), F.powRightToLeft(base, hi)), v)
		}
	}
	if !ok {
		return errors.New("the result does not satisfy the inverse identity")
	}
	return nil
}

// powRightToLeft is binary exponentiation scanning the exponent from its
// least significant bit, kept apart from pow for cross-checking.
func (F *gf) powRightToLeft(a elem, e *big.Int) elem {
	z, s := F.one(), a
	for i := 0; i < e.BitLen(); i++ {
		if e.Bit(i) == 1 {
			z = F.mul(z, s)
		}
		s = F.mul(s, s)
	}
	return z
}

// randomArithmetic draws a random field (see randomField) and operands.
func randomArithmetic(ctx context.Context, rng *rand.Rand) ArithmeticRequest {
	F := randomField(ctx, rng, 64, 4)
	ops := []ArithmeticOp{OpAdd, OpSubtract, OpMultiply, OpDivide, OpPower, OpInverse}
	op := ops[rng.IntN(len(ops))]
	a := F.random(rng)
	q := ArithmeticRequest{Field: F.toField(), Op: op, Left: F.toElement(a)}
	switch op {
	case OpPower:
		e := core.Int(new(big.Int).Sub(randomBelow(rng, new(big.Int).Lsh(big.NewInt(1), 100)), new(big.Int).Lsh(big.NewInt(1), 99)))
		if isZero(a) {
			e = core.Int(new(big.Int).Abs(e.Big()))
		}
		q.Exponent = &e
	case OpInverse:
		if isZero(a) {
			q.Left = F.toElement(F.one())
		}
	default:
		b := F.random(rng)
		if op == OpDivide && isZero(b) {
			b = F.one()
		}
		q.Right = F.toElement(b)
	}
	return q
}

// randomField draws a prime p of up to maxBits bits and k in [1, maxK], with
// a random monic irreducible modulus found by rejection and Rabin's test.
func randomField(ctx context.Context, rng *rand.Rand, maxBits, maxK int) *gf {
	bits := 2 + rng.IntN(maxBits-1)
	var p *big.Int
	for {
		p = randomBelow(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		if st, _ := primality.Test(p); st == primality.Prime {
			break
		}
	}
	k := 1 + rng.IntN(maxK)
	if k*p.BitLen() > MaxFieldBits {
		k = 1
	}
	if k == 1 {
		return newGF(p, 1, nil)
	}
	return newGF(p, k, randomIrreducible(ctx, rng, newGF(p, 1, nil), k))
}

// randomIrreducible returns the coefficients of a random monic irreducible
// polynomial of degree k over the prime field B.
func randomIrreducible(ctx context.Context, rng *rand.Rand, B *gf, k int) []*big.Int {
	for {
		f := make(poly, k+1)
		for i := range k {
			f[i] = B.random(rng)
		}
		f[k] = B.one()
		if ok, _ := B.rabin(ctx, f); ok {
			out := make([]*big.Int, k+1)
			for i, c := range f {
				if len(c) == 0 {
					out[i] = new(big.Int)
				} else {
					out[i] = c[0]
				}
			}
			return out
		}
	}
}
