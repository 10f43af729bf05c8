package modular

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestSqrt64 compares Sqrt64 with big.Int.Sqrt on seeded words of
// every length, squares and their neighbours, and the words next to 2^64.
func TestSqrt64(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 14))
	xs := []uint64{0, 1, 2, 3, 4, 1<<64 - 1, 1<<64 - 2, (1<<32 - 1) * (1<<32 - 1), (1<<32-1)*(1<<32-1) - 1}
	for range 20000 {
		x := rng.Uint64() >> rng.IntN(64)
		r := x >> 32
		xs = append(xs, x, r*r, r*r-1, r*r+1)
	}
	for _, x := range xs {
		if got, want := Sqrt64(x), new(big.Int).Sqrt(new(big.Int).SetUint64(x)).Uint64(); got != want {
			t.Fatalf("Sqrt64(%d) = %d, want %d", x, got, want)
		}
	}
}
