package modmat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core/modular"
)

// TestCharPolyAgainstClassical compares the Hessenberg reduction of
// CharPoly with modular.CharPoly, which interleaves row and column
// operations, on random matrices: dense and sparse, over tiny primes
// (zero subdiagonals, breakdowns and singular steps are common) and
// 62-bit ones, and with entries p − 1 (the largest residues).
func TestCharPolyAgainstClassical(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for trial := range 400 {
		p := []uint64{2, 3, 5, 101, modular.Prime62(0), modular.Prime62(7)}[trial%6]
		n := rng.IntN(40)
		a := randomMatrix(rng, n, n, p)
		switch trial % 4 {
		case 1: // sparse
			for i := range n {
				for j := range n {
					if rng.IntN(4) > 0 {
						a.Set(i, j, 0)
					}
				}
			}
		case 2:
			a = fullMatrix(n, n, p)
		case 3: // block upper triangular: reducible, Hessenberg steps without pivot
			for i := n / 2; i < n; i++ {
				for j := range n / 2 {
					a.Set(i, j, 0)
				}
			}
		}
		want := modular.CharPoly(a.ToRows(), p)
		got, err := CharPoly(context.Background(), a, modular.NewModulus(p))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d, n=%d, p=%d: CharPoly %v, modular.CharPoly %v", trial, n, p, got, want)
		}
	}
}

func TestCharPolyCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := modular.Prime62(0)
	if _, err := CharPoly(ctx, randomMatrix(rand.New(rand.NewPCG(1, 1)), 64, 64, p), modular.NewModulus(p)); err == nil {
		t.Fatal("a cancelled context did not stop CharPoly")
	}
}

func BenchmarkCharPoly(b *testing.B) {
	p := modular.Prime62(0)
	m := modular.NewModulus(p)
	for _, n := range []int{50, 150, 300} {
		a := randomMatrix(rand.New(rand.NewPCG(uint64(n), 9)), n, n, p)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := CharPoly(context.Background(), a, m); err != nil {
					b.Fatal(err)
				}
			}
		})
		rows := a.ToRows()
		b.Run(fmt.Sprintf("classical/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				modular.CharPoly(rows, p)
			}
		})
	}
}
