package matrix

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestDeterminantAgainstCofactor checks Bareiss against Laplace expansion
// on random integer and rational matrices up to 6×6.
func TestDeterminantAgainstCofactor(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := range 600 {
		n := trial % 7
		m := randomMatrix(rng, n, n)
		got, err := determinant(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if want := cofactorDeterminant(ratMatrix(m)); got.Cmp(want) != 0 {
			t.Fatalf("det %v = %s, cofactor expansion gives %s", m, got.RatString(), want.RatString())
		}
	}
}

// TestDeterminantAgainstRatElimination checks Bareiss against Gaussian
// elimination over big.Rat on larger matrices.
func TestDeterminantAgainstRatElimination(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for trial := range 40 {
		n := 7 + trial%20
		m := randomMatrix(rng, n, n)
		got, err := determinant(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, want := ratRREF(ratMatrix(m)); got.Cmp(want) != 0 {
			t.Fatalf("n=%d: det = %s, big.Rat elimination gives %s", n, got.RatString(), want.RatString())
		}
	}
}

func BenchmarkDeterminant(b *testing.B) {
	for _, n := range []int{50, 100, 200} {
		m := intMatrix(rand.New(rand.NewPCG(uint64(n), 3)), n, n, 99)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := determinant(context.Background(), m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

