package integer

import (
	"bytes"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// randomIntegers returns n integers of up to bits bits, some negative and
// some zero, or nil for n < 0.
func randomIntegers(rng *rand.Rand, n, bits int) []core.Integer {
	if n < 0 {
		return nil
	}
	out := make([]core.Integer, n)
	for i := range out {
		x := new(big.Int)
		for range (1 + rng.IntN(bits) + 63) / 64 {
			x.Lsh(x, 64).Add(x, new(big.Int).SetUint64(rng.Uint64()))
		}
		x.Rsh(x, uint(rng.IntN(64)))
		if rng.IntN(3) == 0 {
			x.Neg(x)
		}
		out[i] = core.Int(x)
	}
	return out
}

// TestResultJSONMatchesReflection checks the hand-written encodings of the
// continued-fraction results against encoding/json's reflection over the
// same fields, on seeded random values: word-size and long integers, nil
// and empty lists, present and absent convergents and Pell solutions.
func TestResultJSONMatchesReflection(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2026))
	for i := range 400 {
		bits := []int{3, 64, 70, 2000, 6000}[i%5]
		cf := ContinuedFractionResult{Terms: randomIntegers(rng, rng.IntN(40)-2, bits)}
		switch rng.IntN(3) {
		case 0:
			cf.Convergents = []core.Rational{core.Rat(big.NewRat(rng.Int64N(1000)-500, 1+rng.Int64N(99)))}
		case 1:
			cf.Convergents = []core.Rational{}
		}
		sameAsReflection(t, "continued fraction", cf, continuedFractionFields(cf))

		sq := SqrtContinuedFractionResult{
			A0:     randomIntegers(rng, 1, bits)[0],
			Period: randomIntegers(rng, rng.IntN(40)-2, bits),
			Length: rng.IntN(1000) - 10,
		}
		if rng.IntN(2) == 0 {
			xy := randomIntegers(rng, 2, bits)
			sq.Pell = &PellSolution{X: xy[0], Y: xy[1], Norm: rng.IntN(3) - 1}
		}
		sameAsReflection(t, "sqrt continued fraction", sq, sqrtContinuedFractionFields(sq))
	}
}

// sameAsReflection fails t unless result's JSON, by its MarshalJSON, is
// what encoding/json writes by reflection for fields, the same result as
// a struct without the method.
func sameAsReflection(t *testing.T, what string, result, fields any) {
	t.Helper()
	got, err := json.Marshal(result)
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: %s, reflection gives %s", what, got, want)
	}
}
