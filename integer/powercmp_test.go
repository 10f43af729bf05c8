package integer

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestPowerCmpAgainstExact: powerCmp agrees with the exact power's
// comparison on seeded x of 1 to 4000 bits, k up to 40, and n at
// x^k − 1, x^k and x^k + 1 (inside the bracket: the exact fallback), at
// random offsets, and at random values, with both signs.
func TestPowerCmpAgainstExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(97, 1))
	for i := range 200 {
		xb := 1 + rng.IntN(4000)
		if i%2 == 0 {
			xb = 1 + rng.IntN(600)
		}
		x := randomInt(rng, xb)
		k := 1 + rng.IntN(40)
		xk := powerBig(x, k)
		ns := []*big.Int{
			new(big.Int).Sub(xk, big.NewInt(1)), xk, new(big.Int).Add(xk, big.NewInt(1)),
			new(big.Int).Add(xk, randomInt(rng, max(1, xk.BitLen()-xb+rng.IntN(8)))),
			new(big.Int).Sub(xk, randomInt(rng, max(1, xk.BitLen()-xb+rng.IntN(8)))),
			randomInt(rng, max(1, xk.BitLen()+rng.IntN(3)-1)),
		}
		for j, n := range ns {
			for _, neg := range []bool{false, true} {
				xs, nn := x, n
				if neg {
					if k%2 == 0 {
						continue
					}
					xs, nn = new(big.Int).Neg(x), new(big.Int).Neg(n)
				}
				t.Run(fmt.Sprintf("%d/bits=%d/k=%d/n%d/neg=%v", i, xb, k, j, neg), func(t *testing.T) {
					want := powerBig(xs, k).Cmp(nn)
					if got := powerCmp(xs, k, nn); got != want {
						t.Fatalf("powerCmp = %d, exact %d", got, want)
					}
				})
			}
		}
	}
}
