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

// ModularInverseRequest asks for the inverse of value modulo modulus.
type ModularInverseRequest struct {
	Value   core.Integer `json:"value"`
	Modulus core.Integer `json:"modulus"`
}

// ModularInverseResult is the inverse x in [0, modulus) with value·x ≡ 1.
type ModularInverseResult struct {
	Inverse core.Integer `json:"inverse"`
}

// ModularPowerRequest asks for base^exponent modulo modulus. A negative
// exponent means a power of the inverse of base.
type ModularPowerRequest struct {
	Base     core.Integer `json:"base"`
	Exponent core.Integer `json:"exponent"`
	Modulus  core.Integer `json:"modulus"`
}

// ModularPowerResult is the power in [0, modulus).
type ModularPowerResult struct {
	Power core.Integer `json:"power"`
}

// Limits of modular_power. Each squaring costs a product of modulus-sized
// numbers, so the work is about exponent bits × (modulus bits)^1.6.
const (
	MaxModulusBits  = 8192
	MaxExponentBits = 8192
)

// modularInverseOperation computes a⁻¹ mod m with the extended Euclidean
// algorithm (Knuth, TAOCP vol. 2, §4.5.2) by bignum.ModInverseContext:
// math/big's Lehmer-accelerated big.Int.ModInverse below 1,024 bits, above
// that Lehmer passes on two-word leading parts under a half-gcd, in
// O(M(n) log n) and polling the context. The answer is the representative
// in [0, m); modulo 1 every integer is a unit and the inverse is 0.
func modularInverseOperation() core.Operation[ModularInverseRequest, ModularInverseResult] {
	return core.Operation[ModularInverseRequest, ModularInverseResult]{
		ID:         "integer.compute.modular_inverse",
		Title:      "Modular inverse",
		Summary:    "Inverse of an integer modulo a positive modulus, as the representative in [0, m); fails with the gcd when no inverse exists.",
		Keywords:   []string{"modular inverse", "inverse mod", "multiplicative inverse", "modinv", "invmod", "unit", "residue"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "operand_digits", Max: MaxOperandDigits, Unit: "decimal digits",
			Description: "value and modulus each have at most this many decimal digits",
			Beyond: func() string {
				return fmt.Sprintf(`{"value":"3","modulus":"%s"}`, repeatDigit('9', MaxOperandDigits+1))
			},
			At: func() string {
				// Consecutive integers are coprime.
				nines := repeatDigit('9', MaxOperandDigits)
				return fmt.Sprintf(`{"value":"%s8","modulus":"%s"}`, nines[1:], nines)
			},
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "modulus 0", Payload: `{"value":"3","modulus":"0"}`, Code: core.DomainError, Path: "/payload/modulus"}}
		},
		Preflight: func(ctx context.Context, q ModularInverseRequest) error {
			if err := refuseDigits(q.Value.Big(), q.Modulus.Big()); err != nil {
				return err
			}
			return checkModulus(q.Modulus.Big())
		},
		Run: func(ctx context.Context, q ModularInverseRequest) (ModularInverseResult, error) {
			x, err := modInverse(ctx, q.Value.Big(), q.Modulus.Big())
			if err != nil {
				return ModularInverseResult{}, err
			}
			return ModularInverseResult{core.Int(x)}, nil
		},
		Postcondition: func(ctx context.Context, q ModularInverseRequest, r ModularInverseResult) error {
			m, x := q.Modulus.Big(), r.Inverse.Big()
			if x.Sign() < 0 || x.Cmp(m) >= 0 {
				return fmt.Errorf("inverse %v is outside [0, %v)", x, m)
			}
			ax := new(big.Int).Mul(q.Value.Big(), x)
			ax.Sub(ax, big.NewInt(1))
			if ax.Rem(ax, m).Sign() != 0 {
				return fmt.Errorf("value·inverse − 1 is not divisible by the modulus")
			}
			return nil
		},
		Examples: []core.Example{
			{Title: "3⁻¹ mod 11", Payload: json.RawMessage(`{"value":"3","modulus":"11"}`), Result: json.RawMessage(`{"inverse":"4"}`)},
			{Title: "negative value", Payload: json.RawMessage(`{"value":"-3","modulus":"11"}`), Result: json.RawMessage(`{"inverse":"7"}`)},
			{Title: "modulo 1", Payload: json.RawMessage(`{"value":"5","modulus":"1"}`), Result: json.RawMessage(`{"inverse":"0"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ModularInverseRequest {
			m := randomInt(rng, 256)
			m.Add(m, big.NewInt(1))
			a := randomInt(rng, 300)
			for new(big.Int).GCD(nil, nil, a, m).Cmp(big.NewInt(1)) != 0 {
				a.Add(a, big.NewInt(1))
			}
			if rng.IntN(2) == 0 {
				a.Neg(a)
			}
			return ModularInverseRequest{core.Int(a), core.Int(m)}
		},
	}
}

// modularPowerOperation computes b^e mod m by math/big's big.Int.Exp:
// left-to-right 4-bit windowed exponentiation with Montgomery multiplication
// for odd moduli (Menezes, van Oorschot, Vanstone, Handbook of Applied
// Cryptography, §14.6.1 and Algorithm 14.36), so big.Int is the engine. A
// negative exponent is taken as (b⁻¹)^|e|, which needs gcd(b, m) = 1.
// Conventions: b^0 = 1 for every b (so 0^0 = 1), and everything is 0
// modulo 1. The answer is the representative in [0, m).
func modularPowerOperation() core.Operation[ModularPowerRequest, ModularPowerResult] {
	return core.Operation[ModularPowerRequest, ModularPowerResult]{
		ID:         "integer.compute.modular_power",
		Title:      "Modular exponentiation",
		Summary:    "Power of an integer modulo a positive modulus, as the representative in [0, m); a negative exponent inverts a unit base first.",
		Keywords:   []string{"modular exponentiation", "powmod", "modpow", "power mod", "modular power", "exponent", "residue"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{
			{
				Name: "modulus_bits", Max: MaxModulusBits, Unit: "bits",
				Description: "the modulus has at most this many bits",
				Beyond: func() string {
					return fmt.Sprintf(`{"base":"3","exponent":"5","modulus":"%s"}`, new(big.Int).Lsh(big.NewInt(1), MaxModulusBits))
				},
				At: func() string {
					m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), MaxModulusBits), big.NewInt(1))
					return fmt.Sprintf(`{"base":"3","exponent":"5","modulus":"%s"}`, m)
				},
			},
			{
				Name: "exponent_bits", Max: MaxExponentBits, Unit: "bits",
				Description: "|exponent| has at most this many bits",
				Beyond: func() string {
					return fmt.Sprintf(`{"base":"3","exponent":"%s","modulus":"7"}`, new(big.Int).Lsh(big.NewInt(1), MaxExponentBits))
				},
				At: func() string {
					e := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), MaxExponentBits), big.NewInt(1))
					return fmt.Sprintf(`{"base":"3","exponent":"-%s","modulus":"7"}`, e)
				},
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "a negative modulus", Payload: `{"base":"3","exponent":"5","modulus":"-7"}`, Code: core.DomainError, Path: "/payload/modulus"}}
		},
		Preflight: func(ctx context.Context, q ModularPowerRequest) error {
			if n := q.Modulus.Big().BitLen(); n > MaxModulusBits {
				return core.Refusef("the modulus has %d bits; at most %d are allowed", n, MaxModulusBits)
			}
			if n := q.Exponent.Big().BitLen(); n > MaxExponentBits {
				return core.Refusef("the exponent has %d bits; at most %d are allowed", n, MaxExponentBits)
			}
			return checkModulus(q.Modulus.Big())
		},
		Run: func(ctx context.Context, q ModularPowerRequest) (ModularPowerResult, error) {
			r, err := modPow(ctx, q.Base.Big(), q.Exponent.Big(), q.Modulus.Big())
			if err != nil {
				return ModularPowerResult{}, err
			}
			return ModularPowerResult{core.Int(r)}, nil
		},
		// Recomputed by plain right-to-left square-and-multiply with
		// division-based reduction, sharing nothing with big.Int.Exp's
		// Montgomery windowing; for a negative exponent r·b^|e| ≡ 1 is
		// checked instead.
		Postcondition: func(ctx context.Context, q ModularPowerRequest, r ModularPowerResult) error {
			m, p := q.Modulus.Big(), r.Power.Big()
			if p.Sign() < 0 || p.Cmp(m) >= 0 {
				return fmt.Errorf("power %v is outside [0, %v)", p, m)
			}
			e := q.Exponent.Big()
			want := squareMultiply(q.Base.Big(), new(big.Int).Abs(e), m)
			if e.Sign() < 0 {
				want.Mul(want, p).Mod(want, m)
				if want.Cmp(new(big.Int).Mod(big.NewInt(1), m)) != 0 {
					return fmt.Errorf("power·base^|e| is not 1 modulo m")
				}
				return nil
			}
			if want.Cmp(p) != 0 {
				return fmt.Errorf("square-and-multiply gives %v, not %v", want, p)
			}
			return nil
		},
		Examples: []core.Example{
			{Title: "4^13 mod 497", Payload: json.RawMessage(`{"base":"4","exponent":"13","modulus":"497"}`), Result: json.RawMessage(`{"power":"445"}`)},
			{Title: "negative exponent inverts", Payload: json.RawMessage(`{"base":"3","exponent":"-2","modulus":"11"}`), Result: json.RawMessage(`{"power":"5"}`)},
			{Title: "negative base", Payload: json.RawMessage(`{"base":"-2","exponent":"3","modulus":"5"}`), Result: json.RawMessage(`{"power":"2"}`)},
			{Title: "0^0 is 1", Payload: json.RawMessage(`{"base":"0","exponent":"0","modulus":"7"}`), Result: json.RawMessage(`{"power":"1"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) ModularPowerRequest {
			m := randomInt(rng, 512)
			m.Add(m, big.NewInt(1))
			b := randomInt(rng, 600)
			e := randomInt(rng, 512)
			if rng.IntN(4) == 0 {
				for new(big.Int).GCD(nil, nil, b, m).Cmp(big.NewInt(1)) != 0 {
					b.Add(b, big.NewInt(1))
				}
				e.Neg(e)
			}
			if rng.IntN(2) == 0 {
				b.Neg(b)
			}
			return ModularPowerRequest{core.Int(b), core.Int(e), core.Int(m)}
		},
	}
}

func checkModulus(m *big.Int) error {
	if m.Sign() <= 0 {
		return core.DomainErrorAt(core.PayloadPath("modulus"), "the modulus is %v; it must be a positive integer (≥ 1)", m)
	}
	return nil
}

// modInverse returns a⁻¹ mod m in [0, m), or a DOMAIN_ERROR naming the gcd
// when a is not a unit, or ctx's error once ctx is done. m ≥ 1.
func modInverse(ctx context.Context, a, m *big.Int) (*big.Int, error) {
	if m.Cmp(big.NewInt(1)) == 0 {
		return new(big.Int), nil
	}
	r := new(big.Int).Mod(a, m)
	x, ok, err := bignum.ModInverseContext(ctx, new(big.Int), r, m)
	if err != nil {
		return nil, err
	}
	if !ok {
		g := new(big.Int).GCD(nil, nil, r, m)
		return nil, core.DomainErrorf("%v has no inverse modulo %v: gcd(%v, %v) = %v ≠ 1; only values coprime to the modulus are invertible", clipped(a), clipped(m), clipped(a), clipped(m), clipped(g))
	}
	return x, nil
}

// modPow returns b^e mod m in [0, m) for m ≥ 1.
func modPow(ctx context.Context, b, e, m *big.Int) (*big.Int, error) {
	if m.Cmp(big.NewInt(1)) == 0 {
		return new(big.Int), nil
	}
	base := new(big.Int).Mod(b, m)
	if e.Sign() < 0 {
		inv, err := modInverse(ctx, b, m)
		if err != nil {
			if ce, ok := err.(*core.Error); ok {
				return nil, core.DomainErrorf("a negative exponent needs an invertible base: %s", ce.Message)
			}
			return nil, err
		}
		return new(big.Int).Exp(inv, new(big.Int).Neg(e), m), nil
	}
	return new(big.Int).Exp(base, e, m), nil
}

// squareMultiply is the textbook right-to-left binary method (Knuth, TAOCP
// vol. 2, §4.6.3, Algorithm A), kept as an independent reference for
// big.Int.Exp. e ≥ 0, m ≥ 1.
func squareMultiply(b, e, m *big.Int) *big.Int {
	result := new(big.Int).Mod(big.NewInt(1), m)
	sq := new(big.Int).Mod(b, m)
	for i := 0; i < e.BitLen(); i++ {
		if e.Bit(i) == 1 {
			result.Mul(result, sq).Mod(result, m)
		}
		sq.Mul(sq, sq).Mod(sq, m)
	}
	return result
}

// clipped renders x for a message, eliding the middle of long numbers.
func clipped(x *big.Int) string {
	s := x.String()
	if len(s) <= 60 {
		return s
	}
	return fmt.Sprintf("%s…%s (%d digits)", s[:25], s[len(s)-25:], len(s)-boolInt(x.Sign() < 0))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
