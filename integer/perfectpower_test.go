package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"jacobian.dev/conformance"
)

// TestPARIPerfectPower: the largest exponent and its base agree with
// PARI/GP 2.15's ispower(n, , &r) (testdata/perfectpower.txt).
func TestPARIPerfectPower(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "perfectpower.txt", 50, readCases(t, "perfectpower.txt")) {
		var r PerfectPowerResult
		runValue(t, rt, "integer.compute.perfect_power", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		if strconv.Itoa(r.Exponent) != c[1] || r.Base.String() != c[2] {
			t.Errorf("perfect power %s = %v^%d, PARI says %s^%s", c[0], r.Base, r.Exponent, c[2], c[1])
		}
	}
}

// TestPerfectPowerExhaustive: for every n in [−100000, 100000] the answer
// matches the largest k found by trying every base.
func TestPerfectPowerExhaustive(t *testing.T) {
	best := map[int64][2]int64{} // n → (base, k)
	for b := int64(-317); b <= 317; b++ {
		if b >= -1 && b <= 1 {
			continue
		}
		p := b
		for k := int64(1); p >= -100000 && p <= 100000; k++ {
			// A positive n takes a positive base, so b < 0 counts only
			// for odd k (negative p).
			if cur, ok := best[p]; (b > 0 || p < 0) && (!ok || k > cur[1]) {
				best[p] = [2]int64{b, k}
			}
			p *= b
		}
	}
	for n := int64(-100000); n <= 100000; n++ {
		if n >= -1 && n <= 1 {
			continue
		}
		want, ok := best[n]
		if !ok {
			want = [2]int64{n, 1}
		}
		r, _ := perfectPower(context.Background(), big.NewInt(n))
		if r.Base.Big().Int64() != want[0] || int64(r.Exponent) != want[1] {
			t.Fatalf("%d = %v^%d, by trial %d^%d", n, r.Base, r.Exponent, want[0], want[1])
		}
	}
}

// BenchmarkPerfectPower: a 1000-digit non-power (every prime exponent
// tried) and a 1000-digit 7th power (PARI/GP's ispower for comparison).
func BenchmarkPerfectPower(b *testing.B) {
	rng := rand.New(rand.NewPCG(101, 102))
	non := randomDigits(rng, 1000)
	seventh := new(big.Int).Exp(randomDigits(rng, 143), big.NewInt(7), nil)
	for name, n := range map[string]*big.Int{"digits=1000/no_power": non, "digits=1000/seventh_power": seventh} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				perfectPower(context.Background(), n)
			}
		})
	}
}

// TestValuation: v_p of c·p^v for seeded c prime to p, every odd prime
// p ≤ 47 and v from 0 to 300, against the count of divisions by p.
func TestValuation(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 1))
	q, pb := new(big.Int), new(big.Int)
	for _, p := range []uint64{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47} {
		for v := range 300 {
			c := randomInt(rng, 200)
			c.Mul(c, big.NewInt(int64(p))).Add(c, big.NewInt(int64(1+rng.IntN(int(p)-1))))
			m := new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(v)), nil)
			m.Mul(m, c)
			want := uint64(0)
			for x, r := new(big.Int).Set(m), new(big.Int); ; want++ {
				if x.QuoRem(x, new(big.Int).SetUint64(p), r); r.Sign() != 0 {
					break
				}
			}
			if got := valuation(m, p, q, pb); got != want || want != uint64(v) {
				t.Fatalf("v_%d of c·%d^%d: %d, by division %d", p, p, v, got, want)
			}
		}
	}
}
