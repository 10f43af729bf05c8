package integer

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestTruncatedPowerBracket: m·2^e ≤ x^k < (m + 8k)·2^e and m < 2^prec
// against the exact power, on seeded x of 1 to 3000 bits (with runs of
// one bits, the worst case for cutting), k from 1 to 300, and precisions
// from 65 bits up.
func TestTruncatedPowerBracket(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 8))
	for i := range 400 {
		xb := 1 + rng.IntN(3000)
		x := randomInt(rng, xb)
		x.Abs(x).Add(x, big.NewInt(1))
		if i%3 == 0 { // 2^xb − 1
			x.Lsh(big.NewInt(1), uint(xb)).Sub(x, big.NewInt(1))
		}
		k := 1 + rng.IntN(300)
		prec := x.BitLen() + 64
		if i%4 == 0 {
			prec = 65 + rng.IntN(x.BitLen()+64)
		}
		m, e := truncatedPower(x, k, prec)
		xk := powerBig(x, k)
		lo := new(big.Int).Lsh(m, uint(e))
		hi := new(big.Int).Lsh(new(big.Int).Add(m, big.NewInt(int64(8*k))), uint(e))
		if lo.Cmp(xk) > 0 || xk.Cmp(hi) >= 0 || m.BitLen() > prec {
			t.Fatalf("x of %d bits, k = %d, prec = %d: m of %d bits, e = %d does not bracket x^k", x.BitLen(), k, prec, m.BitLen(), e)
		}
	}
}

// TestFloorRootCmp: floorRootCmp agrees with the exact powers r^k and
// (r + 1)^k on seeded r of 1 to 3000 bits and k from 2 to 40, for n at
// and around r^k and (r + 1)^k, just below (r + 1)^k and random between
// them, and the shortcut for (r + 1)^k decides most of the random n.
func TestFloorRootCmp(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 9))
	decided, tried := 0, 0
	for i := range 300 {
		r := randomInt(rng, 1+rng.IntN(3000))
		r.Add(r, big.NewInt(1))
		if i%5 == 0 {
			r.Lsh(big.NewInt(1), uint(r.BitLen())).Sub(r, big.NewInt(1))
		}
		k := 2 + rng.IntN(39)
		lo, hi := powerBig(r, k), powerBig(new(big.Int).Add(r, big.NewInt(1)), k)
		gap := new(big.Int).Sub(hi, lo)
		inside := new(big.Int).Rand(rng2big(rng), gap)
		ns := []*big.Int{inside.Add(inside, lo)}
		for _, base := range []*big.Int{lo, hi} {
			for d := int64(-2); d <= 2; d++ {
				ns = append(ns, new(big.Int).Add(base, big.NewInt(d)))
			}
		}
		for j, n := range ns {
			if n.Sign() <= 0 {
				continue
			}
			c, above := floorRootCmp(r, k, n)
			if c != lo.Cmp(n) || above != (hi.Cmp(n) > 0) {
				t.Fatalf("r of %d bits, k = %d, n case %d: (%d, %v), want (%d, %v)", r.BitLen(), k, j, c, above, lo.Cmp(n), hi.Cmp(n) > 0)
			}
		}
		if r.BitLen() > 128 && r.BitLen()*k >= powerCmpMinBits {
			tried++
			m, e := truncatedPower(r, k, r.BitLen()+64)
			if nextAboveBound(r, k, ns[0], m, e) {
				decided++
			}
		}
	}
	if tried < 50 || decided < tried*9/10 {
		t.Errorf("the bracket decided (r + 1)^k > n for %d of %d random n", decided, tried)
	}
}
