package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestBSGSAgainstTrial: baby-step giant-step finds the least d with
// γ^d ≡ h for γ of prime order q modulo a prime n (q | n − 1), matching
// a trial of every exponent, and reports none for h outside ⟨γ⟩.
func TestBSGSAgainstTrial(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12, 34))
	for range 200 {
		// n = 2·q·s + 1 prime, q prime of 5 to 14 bits.
		var n, q *big.Int
		for {
			q = randomPrime(rng, 5+rng.IntN(10))
			s := big.NewInt(int64(1 + rng.IntN(1000)))
			n = new(big.Int).Mul(q, s)
			n.Lsh(n, 1).Add(n, big.NewInt(1))
			if n.ProbablyPrime(20) {
				break
			}
		}
		cof := new(big.Int).Quo(new(big.Int).Sub(n, big.NewInt(1)), q)
		var gamma *big.Int
		for {
			gamma = new(big.Int).Exp(new(big.Int).Add(randBelowBig(rng, new(big.Int).Sub(n, big.NewInt(2))), big.NewInt(2)), cof, n)
			if gamma.Cmp(big.NewInt(1)) != 0 {
				break
			}
		}
		d := randBelowBig(rng, q)
		h := new(big.Int).Exp(gamma, d, n)
		got, ok, err := bsgs(ctx, gamma, h, n, q)
		if err != nil || !ok {
			t.Fatalf("n = %v, q = %v: no logarithm found (%v)", n, q, err)
		}
		want := new(big.Int)
		for x := big.NewInt(1); x.Cmp(h) != 0; x.Mul(x, gamma).Mod(x, n) {
			want.Add(want, big.NewInt(1))
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("n = %v, q = %v: bsgs %v, trial %v", n, q, got, want)
		}
		// An element of order ≠ q: a generator's square root class, when
		// n − 1 has another prime; h = −1 has order 2 ≠ q.
		if _, ok, _ := bsgs(ctx, gamma, new(big.Int).Sub(n, big.NewInt(1)), n, q); ok {
			t.Fatalf("n = %v, q = %v: −1 found in the subgroup of order q", n, q)
		}
	}
}

func randBelowBig(rng *rand.Rand, n *big.Int) *big.Int {
	return new(big.Int).SetUint64(rng.Uint64N(n.Uint64()))
}
