package integer

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randomDigits returns a random integer of exactly d decimal digits.
func randomDigits(rng *rand.Rand, d int) *big.Int {
	b := make([]byte, d)
	b[0] = byte('1' + rng.IntN(9))
	for i := 1; i < d; i++ {
		b[i] = byte('0' + rng.IntN(10))
	}
	x, _ := new(big.Int).SetString(string(b), 10)
	return x
}

// TestGCDLCM10000Digits runs gcd and lcm of two 10,000-digit integers that
// share a known 3,000-digit factor through the pipeline, and checks the
// answers by divisibility and gcd·lcm = |ab|, not by recomputing them.
func TestGCDLCM10000Digits(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(11, 12))
	common := randomDigits(rng, 3000)
	a := new(big.Int).Mul(common, randomDigits(rng, 7000))
	b := new(big.Int).Mul(common, randomDigits(rng, 7000))
	b.Neg(b)
	payload := fmt.Sprintf(`{"left":"%v","right":"%v"}`, a, b)
	var g GCDResult
	var l LCMResult
	runValue(t, rt, "integer.compute.gcd", payload, &g)
	runValue(t, rt, "integer.compute.lcm", payload, &l)
	gv, lv := g.GCD.Big(), l.LCM.Big()
	zero := new(big.Int)
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"gcd divides a", new(big.Int).Rem(a, gv).Cmp(zero) == 0},
		{"gcd divides b", new(big.Int).Rem(b, gv).Cmp(zero) == 0},
		{"the known common factor divides gcd", new(big.Int).Rem(gv, common).Cmp(zero) == 0},
		{"a divides lcm", new(big.Int).Rem(lv, a).Cmp(zero) == 0},
		{"b divides lcm", new(big.Int).Rem(lv, b).Cmp(zero) == 0},
		{"gcd·lcm = |ab|", new(big.Int).Mul(gv, lv).Cmp(new(big.Int).Abs(new(big.Int).Mul(a, b))) == 0},
		{"lcm positive", lv.Sign() > 0},
	} {
		if !c.ok {
			t.Errorf("%s fails", c.name)
		}
	}
	if d := len(gv.String()); d < 3000 {
		t.Errorf("gcd has %d digits, fewer than the common factor", d)
	}
}
