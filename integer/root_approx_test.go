package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestRootApproxWithinOne: rootApprox is the floor root or one more, and
// exactly the floor root when rootApproxStep says it is sure (as it is
// for most n),
// against floorRootBits on seeded random n, exact powers x^k and x^k ± 1,
// for k from 3 to 40 and roots up to 1500 bits.
func TestRootApproxWithinOne(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(77, 5))
	one := big.NewInt(1)
	sures := 0
	for range 300 {
		k := 3 + rng.IntN(38)
		x := randomInt(rng, 20+rng.IntN(450))
		x.Abs(x).Add(x, big.NewInt(2))
		xk := new(big.Int).Exp(x, big.NewInt(int64(k)), nil)
		n := randomInt(rng, 100+rng.IntN(1500*k/3))
		n.Abs(n).Add(n, one)
		for _, n := range []*big.Int{xk, new(big.Int).Add(xk, one), new(big.Int).Sub(xk, one), n} {
			if k >= n.BitLen() {
				continue
			}
			got, sure, err := rootApproxStep(ctx, n, k)
			if err != nil {
				t.Fatal(err)
			}
			want := floorRootBits(n, k)
			if sure && got.Cmp(want) != 0 {
				t.Fatalf("k = %d, n of %d bits: rootApproxStep sure of %v, floor root %v", k, n.BitLen(), clipped(got), clipped(want))
			}
			if sure {
				sures++
			}
			if d := new(big.Int).Sub(got, want); d.Sign() < 0 || d.Cmp(one) > 0 {
				t.Fatalf("k = %d, n of %d bits: rootApprox %v, floor root %v", k, n.BitLen(), clipped(got), clipped(want))
			}
		}
	}
	if sures < 600 {
		t.Errorf("rootApproxStep sure only %d times", sures)
	}
}
