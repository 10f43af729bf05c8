package modular

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMont64 checks To, Mul and From against big.Int products on seeded
// random odd moduli of every size, and the constants One and MinusOne.
func TestMont64(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 1))
	for range 2000 {
		n := rng.Uint64()>>uint(rng.IntN(63)) | 1
		if n == 1 {
			n = 3
		}
		m := NewMont64(n)
		a, b := rng.Uint64()%n, rng.Uint64()%n
		want := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
		want.Mod(want, new(big.Int).SetUint64(n))
		if got := m.From(m.Mul(m.To(a), m.To(b))); got != want.Uint64() {
			t.Fatalf("n = %d: %d·%d = %d, want %s", n, a, b, got, want)
		}
		if m.From(m.One()) != 1 || m.From(m.MinusOne()) != n-1 || m.N() != n {
			t.Fatalf("n = %d: One, MinusOne or N is wrong", n)
		}
	}
}

// TestWordInverse: n·n⁻¹ ≡ 1 modulo 2^64, and modulo 2^32 for the low
// half, on the smallest odd words, the largest, and seeded random odd n.
func TestWordInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 2))
	ns := []uint64{1, 3, 5, 7, 1<<32 - 1, 1<<32 + 1, 1<<63 + 1, 1<<64 - 1}
	for range 10000 {
		ns = append(ns, rng.Uint64()|1)
	}
	for _, n := range ns {
		inv := WordInverse(n)
		if n*inv != 1 {
			t.Fatalf("WordInverse(%d) = %d: the product is %d modulo 2^64", n, inv, n*inv)
		}
		if uint32(n)*uint32(inv) != 1 {
			t.Fatalf("WordInverse(%d) = %d: the low halves' product is not 1 modulo 2^32", n, inv)
		}
	}
}
