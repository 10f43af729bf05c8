package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestCofactorInverses checks cofactorInverses against
// ((M/m_i) mod m_i)⁻¹ mod m_i computed directly, modulus by modulus, on
// seeded moduli of 1 to 300 bits (primes of up to 131 bits, so mostly
// coprime, or any, so mostly not; 1 among them), odd and
// even counts and up to 300 moduli, so that nodes without a sibling
// occur and the inverses are taken at the leaves, at inner levels and at
// the root (coprimeLevel): not ok exactly when some inverse is missing.
func TestCofactorInverses(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1016, 3))
	one := big.NewInt(1)
	coprimeSeen, sharedSeen := 0, 0
	for trial := range 300 {
		moduli := make([]*big.Int, rng.IntN(40)+1)
		if trial%10 == 0 {
			moduli = make([]*big.Int, rng.IntN(300)+1)
		}
		for i := range moduli {
			switch {
			case rng.IntN(50) == 0:
				moduli[i] = big.NewInt(1)
			case trial%2 == 0:
				moduli[i] = randomPrime(rng, 2+rng.IntN(130))
			default:
				m := randomInt(rng, 1+rng.IntN(300))
				moduli[i] = m.Add(m, one)
			}
		}
		tree, err := productTree(ctx, moduli)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := cofactorInverses(ctx, tree)
		if err != nil {
			t.Fatal(err)
		}
		root := tree[len(tree)-1][0]
		want := make([]*big.Int, len(moduli))
		wantOK := true
		for i, m := range moduli {
			a := new(big.Int).Quo(root, m)
			a.Mod(a, m)
			if m.Cmp(one) == 0 {
				want[i] = new(big.Int)
			} else if want[i] = new(big.Int).ModInverse(a, m); want[i] == nil {
				wantOK = false
			}
		}
		if ok != wantOK {
			t.Fatalf("trial %d: ok = %v, want %v", trial, ok, wantOK)
		}
		if !ok {
			sharedSeen++
			continue
		}
		coprimeSeen++
		for i := range moduli {
			if got[i].Cmp(want[i]) != 0 {
				t.Fatalf("trial %d: c_%d = %v, want %v", trial, i, got[i], want[i])
			}
		}
	}
	if coprimeSeen < 50 || sharedSeen < 50 {
		t.Fatalf("coprime systems %d, others %d: too few of one kind", coprimeSeen, sharedSeen)
	}
}
