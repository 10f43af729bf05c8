package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestCofactorResidues checks cofactorResidues against (M/m_i) mod m_i
// computed directly, on seeded moduli of 1 to 300 bits (coprime or not,
// 1 among them), odd and even counts, so that nodes without a sibling and
// parents shorter than a child's sibling product occur.
func TestCofactorResidues(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1016, 3))
	for trial := range 300 {
		moduli := make([]*big.Int, rng.IntN(40)+1)
		for i := range moduli {
			m := randomInt(rng, 1+rng.IntN(300))
			moduli[i] = m.Add(m, big.NewInt(1))
		}
		tree, err := productTree(ctx, moduli)
		if err != nil {
			t.Fatal(err)
		}
		got, err := cofactorResidues(ctx, tree)
		if err != nil {
			t.Fatal(err)
		}
		root := tree[len(tree)-1][0]
		for i, m := range moduli {
			want := new(big.Int).Quo(root, m)
			if want.Mod(want, m); got[i].Cmp(want) != 0 {
				t.Fatalf("trial %d: (M/m_%d) mod m_%d = %v, want %v", trial, i, i, got[i], want)
			}
		}
	}
}
