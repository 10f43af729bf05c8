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
