package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// LCMResult is lcm(left, right), always ≥ 0; lcm(0, x) = 0 for every x.
type LCMResult struct {
	LCM ProductInteger `json:"lcm"`
}

// ProductInteger is a result integer that may be as long as the product of
// two operands: up to 2·MaxOperandDigits digits, where core.Integer's shared
// schema stops at core.MaxDigits. It travels exactly as core.Integer does;
// only the schema's maxLength differs.
type ProductInteger struct{ core.Integer }

// UnmarshalJSON reads a canonical decimal integer string of up to
// 2·MaxOperandDigits digits, so that a caller can read back what lcm
// returns; core.Integer's decoder refuses anything past core.MaxDigits.
func (p *ProductInteger) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("an integer must be a JSON string: %w", err)
	}
	digits := strings.TrimPrefix(s, "-")
	if len(digits) > 2*MaxOperandDigits {
		return fmt.Errorf("integer has %d digits; at most %d are read", len(digits), 2*MaxOperandDigits)
	}
	if digits == "" || (len(digits) > 1 && digits[0] == '0') || strings.Trim(digits, "0123456789") != "" {
		return fmt.Errorf("%.40q is not a canonical decimal integer", s)
	}
	x, _ := new(big.Int).SetString(s, 10)
	p.Integer = core.Int(x)
	return nil
}

// JSONSchema is core.Integer's schema with room for a product of two
// operands at the digit limit.
func (ProductInteger) JSONSchema() *jsonschema.Schema {
	s := core.Integer{}.JSONSchema()
	s.MaxLength = core.Ptr(2*MaxOperandDigits + 1) // the sign
	return s
}

// lcmOperation computes the least common multiple as |a|/gcd(a, b)·|b|,
// dividing before multiplying so the intermediate never exceeds the result.
// The gcd is bignum.GCD's: math/big's Lehmer gcd (Knuth, TAOCP vol. 2,
// §4.5.2) below 2^16 bits (about 19,700 digits), Möller's half-gcd above.
func lcmOperation() core.Operation[PairRequest, LCMResult] {
	return core.Operation[PairRequest, LCMResult]{
		ID:              "integer.compute.lcm",
		Title:           "Least common multiple",
		Summary:         "Least common multiple of two integers, non-negative, with lcm(0, x) = 0.",
		Keywords:        []string{"lcm", "least common multiple", "lowest common multiple", "common denominator"},
		Kind:            core.Compute,
		Effect:          core.Pure,
		InputKinds:      []string{"integer"},
		Limits:          []core.Limit{digitLimit()},
		Preflight:       preflightPair,
		RefusalExamples: pairRefusals,
		Run: func(ctx context.Context, q PairRequest) (LCMResult, error) {
			l, err := lcm(ctx, q.Left.Big(), q.Right.Big())
			if err != nil {
				return LCMResult{}, err
			}
			return LCMResult{ProductInteger{core.Int(l)}}, nil
		},
		// l is a common multiple, and l/|a|, l/|b| share no factor, so no
		// smaller common multiple exists.
		Postcondition: func(ctx context.Context, q PairRequest, r LCMResult) error {
			l := r.LCM.Big()
			a, b := new(big.Int).Abs(q.Left.Big()), new(big.Int).Abs(q.Right.Big())
			if a.Sign() == 0 || b.Sign() == 0 {
				if l.Sign() != 0 {
					return fmt.Errorf("lcm with a zero operand must be 0, got %v", l)
				}
				return nil
			}
			if l.Sign() <= 0 {
				return fmt.Errorf("lcm of nonzero operands must be positive")
			}
			ca, ra := new(big.Int).QuoRem(l, a, new(big.Int))
			cb, rb := new(big.Int).QuoRem(l, b, new(big.Int))
			if ra.Sign() != 0 || rb.Sign() != 0 {
				return fmt.Errorf("lcm is not a multiple of both operands")
			}
			if new(big.Int).GCD(nil, nil, ca, cb).Cmp(big.NewInt(1)) != 0 {
				return fmt.Errorf("a smaller common multiple exists")
			}
			return nil
		},
		Examples: []core.Example{
			{Title: "lcm of 4 and 6", Payload: json.RawMessage(`{"left":"4","right":"6"}`), Result: json.RawMessage(`{"lcm":"12"}`)},
			{Title: "signs are ignored", Payload: json.RawMessage(`{"left":"-21","right":"6"}`), Result: json.RawMessage(`{"lcm":"42"}`)},
			{Title: "lcm(0, x) is 0", Payload: json.RawMessage(`{"left":"0","right":"5"}`), Result: json.RawMessage(`{"lcm":"0"}`)},
		},
		Generate: randomPair,
	}
}

// lcm returns lcm(a, b) ≥ 0 as a new integer.
func lcm(ctx context.Context, a, b *big.Int) (*big.Int, error) {
	if a.Sign() == 0 || b.Sign() == 0 {
		return new(big.Int), nil
	}
	a, b = new(big.Int).Abs(a), new(big.Int).Abs(b)
	g, err := bignum.GCDContext(ctx, new(big.Int), a, b)
	if err != nil {
		return nil, err
	}
	l := new(big.Int).Quo(a, g)
	return bignum.Mul(l, l, b), nil
}
