package lattice

import (
	"math/rand/v2"
	"testing"
)

// TestReduceBasisMatchesReduce: without the transform the row operations
// are the same, so the reduced rows are identical.
func TestReduceBasisMatchesReduce(t *testing.T) {
	for d := 5; d <= 30; d += 5 {
		b := knapsack(rand.New(rand.NewPCG(uint64(d), 10)), d, uint(2*d))
		full, err := Reduce(bg, b, DefaultParams())
		if err != nil {
			t.Fatal(err)
		}
		basis, err := ReduceBasis(bg, b, DefaultParams())
		if err != nil {
			t.Fatal(err)
		}
		if basis.Transform != nil || basis.Rank != full.Rank {
			t.Fatalf("d = %d: transform %v, rank %d against %d", d, basis.Transform != nil, basis.Rank, full.Rank)
		}
		for i := range full.Basis {
			for j := range full.Basis[i] {
				if full.Basis[i][j].Cmp(basis.Basis[i][j]) != 0 {
					t.Fatalf("d = %d: row %d differs", d, i)
				}
			}
		}
	}
}
