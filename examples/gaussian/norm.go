package gaussian

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// MaxNormDigits bounds each part of the argument of gaussian.norm.compute.
const MaxNormDigits = 20_000

// NormRequest is one Gaussian integer.
type NormRequest struct {
	Z Gaussian `json:"z"`
}

// NormResult is N(z) = re² + im² ≥ 0.
type NormResult struct {
	Norm core.Integer `json:"norm"`
}

// normOperation computes the norm N(a + bi) = a² + b² = (a + bi)(a − bi),
// the multiplicative size function that makes Z[i] Euclidean. N(z) = 0
// exactly when z = 0, and N(z) = 1 exactly when z is a unit.
func normOperation() core.Operation[NormRequest, NormResult] {
	return core.Operation[NormRequest, NormResult]{
		ID:         "gaussian.norm.compute",
		Title:      "Norm of a Gaussian integer",
		Summary:    "Norm a² + b² of the Gaussian integer a + bi, the product of it with its conjugate.",
		Keywords:   []string{"gaussian integer", "norm", "z[i]", "absolute value squared", "sum of two squares", "complex integer"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"gaussian_integer"},
		Limits: []core.Limit{{
			Name: "part_digits", Max: MaxNormDigits, Unit: "decimal digits",
			Description: "each of re and im has at most this many decimal digits",
			Beyond: func() string {
				return fmt.Sprintf(`{"z":{"re":"%s","im":"0"}}`, repeatDigit('9', MaxNormDigits+1))
			},
		}},
		Preflight: func(ctx context.Context, q NormRequest) error {
			return preflightParts(MaxNormDigits, q.Z)
		},
		Run: func(_ context.Context, q NormRequest) (NormResult, error) {
			return NormResult{core.Int(fromWire(q.Z).norm())}, nil
		},
		Postcondition: checkNorm,
		Examples: []core.Example{
			// PARI/GP 2.15: norm(3+4*I) = 25
			{Title: "N(3 + 4i) = 25", Payload: json.RawMessage(`{"z":{"re":"3","im":"4"}}`), Result: json.RawMessage(`{"norm":"25"}`)},
			// PARI/GP 2.15: norm(-12345678901+98765432109*I) = 9907026367204084755682
			{Title: "eleven-digit parts", Payload: json.RawMessage(`{"z":{"re":"-12345678901","im":"98765432109"}}`), Result: json.RawMessage(`{"norm":"9907026367204084755682"}`)},
			{Title: "a unit has norm 1", Payload: json.RawMessage(`{"z":{"re":"0","im":"-1"}}`), Result: json.RawMessage(`{"norm":"1"}`)},
			{Title: "N(0) = 0", Payload: json.RawMessage(`{"z":{"re":"0","im":"0"}}`), Result: json.RawMessage(`{"norm":"0"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) NormRequest {
			return NormRequest{randomGint(rng, 300).wire()}
		},
	}
}

// checkPrimes are word-size primes for the norm's residue check.
var checkPrimes = [...]int64{4611686018427387847, 4611686018427387817, 1000000007}

// checkNorm checks N(z) modulo three primes, where the sum of squares is
// formed from reduced parts rather than from the full products, and checks
// that N(z) = 0 exactly when z = 0.
func checkNorm(ctx context.Context, q NormRequest, r NormResult) error {
	z := fromWire(q.Z)
	n := r.Norm.Big()
	if n.Sign() < 0 {
		return fmt.Errorf("negative norm %v", n)
	}
	if (n.Sign() == 0) != z.isZero() {
		return fmt.Errorf("norm %v for z = %v: the norm vanishes exactly at 0", n, z)
	}
	for _, p := range checkPrimes {
		bp := big.NewInt(p)
		a := new(big.Int).Mod(z.re, bp)
		b := new(big.Int).Mod(z.im, bp)
		want := new(big.Int).Mul(a, a)
		want.Add(want, b.Mul(b, b)).Mod(want, bp)
		if new(big.Int).Mod(n, bp).Cmp(want) != 0 {
			return fmt.Errorf("norm %v is not re² + im² modulo %d", n, p)
		}
	}
	return nil
}

// preflightParts refuses a Gaussian integer with a part longer than max
// decimal digits.
func preflightParts(max int, zs ...Gaussian) error {
	for _, z := range zs {
		for _, x := range []*big.Int{z.Re.Big(), z.Im.Big()} {
			if digitsExceed(x, max) {
				return core.Refusef("a part has %d digits; at most %d are allowed", len(x.Text(10))-boolInt(x.Sign() < 0), max)
			}
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
