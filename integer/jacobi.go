package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/bignum"
)

// SymbolRequest asks for the Kronecker symbol (a | n).
type SymbolRequest struct {
	A core.Integer `json:"a"`
	N core.Integer `json:"n"`
}

// SymbolResult is (a | n) ∈ {−1, 0, 1}.
type SymbolResult struct {
	Symbol int `json:"symbol" jsonschema:"the Kronecker symbol (a | n): −1, 0 or 1; 0 exactly when gcd(a, n) ≠ 1"`
}

// jacobiOperation computes the Kronecker symbol (a | n), which is the
// Jacobi symbol for odd n > 0 and the Legendre symbol for an odd prime n
// (1 for a nonzero square modulo n, −1 for a non-square, 0 when n | a).
// For other n it is extended multiplicatively (Cohen, A Course in
// Computational Algebraic Number Theory, Definition 1.4.8): (a | 0) is 1
// when a = ±1 and 0 otherwise; (a | −1) is −1 when a < 0 and 1 otherwise;
// (a | 2) is 0 for even a, 1 for a ≡ ±1 (mod 8), −1 for a ≡ ±3 (mod 8).
// So with n = ±2^e·m, m odd: (a | n) = (a | ±1)·(a | 2)^e·(a | m).
//
// The odd part is bignum.Jacobi: the sign followed through the quotient
// sequence of the half-gcd (Möller, "Subquadratic algorithm for the
// Jacobi symbol", 2019), O(M(k) log k) for k-bit operands where Cohen's
// Algorithm 1.4.10 and math/big's big.Jacobi are quadratic. The
// postcondition checks that the symbol is 0 exactly when gcd(a, n) ≠ 1
// (bignum.GCD) and, for operands of at most postCheckSymbolBits bits (60
// digits), recomputes it with kroneckerCohen, this package's own implementation of
// Cohen's Algorithm 1.4.10 for every n; above that a full quadratic
// recomputation would cost many times the symbol itself, and the sign is
// covered by the tests against big.Jacobi and PARI/GP instead.
func jacobiOperation() core.Operation[SymbolRequest, SymbolResult] {
	return core.Operation[SymbolRequest, SymbolResult]{
		ID:         "integer.compute.jacobi",
		Title:      "Jacobi and Kronecker symbols",
		Summary:    "The Kronecker symbol (a | n) for any integers a and n: the Jacobi symbol for odd positive n and the Legendre symbol (quadratic residuosity) for an odd prime n.",
		Keywords:   []string{"jacobi symbol", "kronecker symbol", "legendre symbol", "quadratic residue", "quadratic reciprocity", "kronecker", "jacobi", "legendre"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "operand_digits", Max: MaxOperandDigits, Unit: "decimal digits",
			Description: "a and n have at most this many decimal digits each",
			Beyond: func() string {
				return fmt.Sprintf(`{"a":"2","n":"%s"}`, repeatDigit('9', MaxOperandDigits+1))
			},
			At: func() string {
				return fmt.Sprintf(`{"a":"-%s","n":"%s"}`, repeatDigit('7', MaxOperandDigits), repeatDigit('9', MaxOperandDigits))
			},
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a JSON number for n", Payload: `{"a":"2","n":7}`, Code: core.InvalidPayload, Path: "/payload/n"},
				{Title: "leading zero in a", Payload: `{"a":"02","n":"7"}`, Code: core.InvalidPayload, Path: "/payload/a"},
			}
		},
		Preflight: func(ctx context.Context, q SymbolRequest) error {
			return refuseDigits(q.A.Big(), q.N.Big())
		},
		Run: func(ctx context.Context, q SymbolRequest) (SymbolResult, error) {
			k, err := kroneckerContext(ctx, q.A.Big(), q.N.Big())
			return SymbolResult{k}, err
		},
		Postcondition: func(ctx context.Context, q SymbolRequest, r SymbolResult) error {
			a, n := q.A.Big(), q.N.Big()
			g, err := bignum.GCDContext(ctx, new(big.Int), a, n)
			if err != nil {
				return err
			}
			coprime := g.Cmp(big.NewInt(1)) == 0
			if (r.Symbol == 0) == coprime || r.Symbol < -1 || r.Symbol > 1 {
				return fmt.Errorf("symbol %d, but gcd(a, n) = 1 is %v", r.Symbol, coprime)
			}
			if max(a.BitLen(), n.BitLen()) > postCheckSymbolBits {
				return nil
			}
			if k := kroneckerCohen(a, n); k != r.Symbol {
				return fmt.Errorf("symbol %d, Cohen's algorithm gives %d", r.Symbol, k)
			}
			return nil
		},
		Examples: []core.Example{
			// PARI/GP 2.15: kronecker(2, 7) = 1 (3² ≡ 2 mod 7)
			{Title: "2 is a square modulo 7", Payload: json.RawMessage(`{"a":"2","n":"7"}`), Result: json.RawMessage(`{"symbol":1}`)},
			// PARI/GP 2.15: kronecker(3, 7) = -1
			{Title: "3 is not a square modulo 7", Payload: json.RawMessage(`{"a":"3","n":"7"}`), Result: json.RawMessage(`{"symbol":-1}`)},
			// PARI/GP 2.15: kronecker(2, 15) = 1, though 2 is not a square mod 15
			{Title: "Jacobi symbol 1 for a non-square modulo 15", Payload: json.RawMessage(`{"a":"2","n":"15"}`), Result: json.RawMessage(`{"symbol":1}`)},
			// PARI/GP 2.15: kronecker(5, -12) = -1
			{Title: "Kronecker symbol with an even negative n", Payload: json.RawMessage(`{"a":"5","n":"-12"}`), Result: json.RawMessage(`{"symbol":-1}`)},
			{Title: "0 when a and n share a factor", Payload: json.RawMessage(`{"a":"6","n":"9"}`), Result: json.RawMessage(`{"symbol":0}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) SymbolRequest {
			a, n := randomInt(rng, 200), randomInt(rng, 200)
			if rng.IntN(2) == 0 {
				a.Neg(a)
			}
			if rng.IntN(4) == 0 {
				n.Neg(n)
			}
			return SymbolRequest{core.Int(a), core.Int(n)}
		},
	}
}

// postCheckSymbolBits bounds the operands whose symbol the postcondition
// recomputes by Cohen's quadratic algorithm: 200 bits, about 60 digits,
// where that costs a few microseconds.
const postCheckSymbolBits = 200

// kronecker is (a | n) by the multiplicative extension over bignum.Jacobi.
func kronecker(a, n *big.Int) int {
	k, _ := kroneckerContext(context.Background(), a, n)
	return k
}

// kroneckerContext is kronecker that stops with ctx.Err() once ctx is done.
func kroneckerContext(ctx context.Context, a, n *big.Int) (int, error) {
	if n.Sign() == 0 {
		if a.CmpAbs(big.NewInt(1)) == 0 {
			return 1, nil
		}
		return 0, nil
	}
	s := 1
	if n.Sign() < 0 && a.Sign() < 0 {
		s = -1
	}
	m := new(big.Int).Abs(n)
	e := m.TrailingZeroBits()
	if e > 0 {
		if a.Bit(0) == 0 {
			return 0, nil
		}
		if r := new(big.Int).And(a, big.NewInt(7)).Int64(); e%2 == 1 && (r == 3 || r == 5) {
			s = -s
		}
		m.Rsh(m, e)
	}
	if m.Cmp(big.NewInt(1)) == 0 {
		return s, nil
	}
	j, err := bignum.Jacobi(ctx, a, m)
	return s * j, err
}

// kroneckerCohen is Cohen's Algorithm 1.4.10 (Kronecker symbol), written
// independently of big.Jacobi: remove powers of 2 from n with the (a | 2)
// rule, then alternate reduction a mod b and reciprocity. It is the
// postcondition's check and the tests' reference.
func kroneckerCohen(a0, n0 *big.Int) int {
	a, b := new(big.Int).Set(a0), new(big.Int).Set(n0)
	if b.Sign() == 0 {
		if a.CmpAbs(big.NewInt(1)) == 0 {
			return 1
		}
		return 0
	}
	if a.Bit(0) == 0 && b.Bit(0) == 0 {
		return 0
	}
	mod8 := func(x *big.Int) int64 { return new(big.Int).And(x, big.NewInt(7)).Int64() }
	k := 1
	v := b.TrailingZeroBits()
	b.Rsh(b, v)
	if v%2 == 1 && (mod8(a) == 3 || mod8(a) == 5) {
		k = -k
	}
	if b.Sign() < 0 {
		b.Neg(b)
		if a.Sign() < 0 {
			k = -k
		}
	}
	// b is odd and positive.
	r := new(big.Int)
	for {
		if a.Sign() == 0 {
			if b.Cmp(big.NewInt(1)) == 0 {
				return k
			}
			return 0
		}
		v = a.TrailingZeroBits()
		a.Rsh(a, v)
		if v%2 == 1 && (mod8(b) == 3 || mod8(b) == 5) {
			k = -k
		}
		// Reciprocity for the odd a (possibly negative) and b:
		// (a | b) = (b | a)·(−1)^((a−1)(b−1)/4), a reduced below.
		if a.Sign() < 0 {
			// (−1 | b) = (−1)^((b−1)/2).
			a.Neg(a)
			if mod8(b)%4 == 3 {
				k = -k
			}
		}
		if mod8(a)%4 == 3 && mod8(b)%4 == 3 {
			k = -k
		}
		r.Mod(b, a)
		b.Set(a)
		a.Set(r)
	}
}
