package integer

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"jacobian.dev/conformance"
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

// modulus30 is 10^30 + 57, the modulus of the residues in
// partitions_large.txt and bernoulli_large.txt.
var modulus30, _ = new(big.Int).SetString("1000000000000000000000000000057", 10)

// TestPARIPartitionsLarge checks p(n) for n from 10^5 to 10^9 through the
// pipeline against PARI/GP 2.15's numbpart: the digit count and the
// residue modulo 10^30 + 57 (the n = 10^9 case only without -short).
func TestPARIPartitionsLarge(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "partitions_large.txt", 20, readCases(t, "partitions_large.txt")) {
		n, _ := strconv.Atoi(c[0])
		if n > 100_000_000 && testing.Short() {
			continue
		}
		var r PartitionsResult
		runValue(t, rt, "integer.compute.partitions", fmt.Sprintf(`{"n":%d}`, n), &r)
		p := r.Partitions.Big()
		if digits := strconv.Itoa(len(p.String())); digits != c[1] {
			t.Errorf("p(%d) has %s digits, PARI says %s", n, digits, c[1])
		}
		if res := new(big.Int).Mod(p, modulus30).String(); res != c[2] {
			t.Errorf("p(%d) mod 10^30 + 57 = %s, PARI says %s", n, res, c[2])
		}
	}
}

// TestPARIBernoulliLarge checks B_n for n from 2000 to 30,000 through the
// pipeline against PARI/GP 2.15's bernfrac: the numerator's digit count
// and residue modulo 10^30 + 57, and the denominator.
func TestPARIBernoulliLarge(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "bernoulli_large.txt", 20, readCases(t, "bernoulli_large.txt")) {
		n, _ := strconv.Atoi(c[0])
		var r BernoulliResult
		runValue(t, rt, "integer.compute.bernoulli", fmt.Sprintf(`{"n":%d}`, n), &r)
		b := r.Bernoulli.Rat()
		num := b.Num()
		if digits := strconv.Itoa(len(new(big.Int).Abs(num).String())); digits != c[1] {
			t.Errorf("the numerator of B_%d has %s digits, PARI says %s", n, digits, c[1])
		}
		if res := new(big.Int).Mod(num, modulus30).String(); res != c[2] {
			t.Errorf("the numerator of B_%d is %s mod 10^30 + 57, PARI says %s", n, res, c[2])
		}
		if den := b.Denom().String(); den != c[3] {
			t.Errorf("the denominator of B_%d is %s, PARI says %s", n, den, c[3])
		}
	}
}
