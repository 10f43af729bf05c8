package finitefield

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/modular"
)

// safePrime returns a prime p of the given bit length with (p − 1)/2 prime.
func safePrime(rng *rand.Rand, bitLen int) (p, ell uint64) {
	for {
		ell = modular.RandomPrime(rng, bitLen-1)
		p = 2*ell + 1
		if p>>(bitLen-1) == 1 && new(big.Int).SetUint64(p).ProbablyPrime(20) {
			return p, ell
		}
	}
}

// TestIndexCalculusAgainstBSGS holds index calculus to baby-step
// giant-step on the digit of ℓ modulo safe primes p = 2ℓ + 1 of 34 to 42
// bits, where both are quick: the same φ(h) = log_g h mod ℓ.
func TestIndexCalculusAgainstBSGS(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	ctx := context.Background()
	for i := range 12 {
		p, ell := safePrime(rng, 34+i%9)
		m := newMont(p)
		g := m.to(2 + rng.Uint64N(p-3))
		if m.pow(g, 2) == m.one { // order 1 or 2: ℓ does not divide it
			continue
		}
		x := rng.Uint64N(p - 1)
		h := m.pow(g, x)
		got, err := indexCalculusWords(ctx, m, g, h, ell, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		want, err := bsgsWords(ctx, m, m.pow(g, 2), m.pow(h, 2), ell)
		if err != nil {
			t.Fatal(err)
		}
		if got != want || got != x%ell {
			t.Fatalf("p = %d: index calculus %d, baby-step giant-step %d, x mod ℓ = %d", p, got, want, x%ell)
		}
	}
}

func BenchmarkIndexCalculus(b *testing.B) {
	for _, bitLen := range []int{44, 52, 64} {
		rng := rand.New(rand.NewPCG(7, uint64(bitLen)))
		p, ell := safePrime(rng, bitLen)
		m := newMont(p)
		g := m.to(3)
		b.Run(fmt.Sprintf("bits=%d", bitLen), func(b *testing.B) {
			for b.Loop() {
				h := m.pow(g, rng.Uint64N(p-1))
				if _, err := indexCalculusWords(context.Background(), m, g, h, ell, rng.Uint64()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBSGSWords(b *testing.B) {
	for _, bitLen := range []int{36, 40, 44} {
		rng := rand.New(rand.NewPCG(7, uint64(bitLen)))
		p, ell := safePrime(rng, bitLen+1)
		m := newMont(p)
		g := m.pow(m.to(3), 2)
		b.Run(fmt.Sprintf("bits=%d", bitLen), func(b *testing.B) {
			for b.Loop() {
				h := m.pow(g, rng.Uint64N(p-1))
				if _, err := bsgsWords(context.Background(), m, g, h, ell); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
