package modular

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestReduceLongAgrees checks ReduceLong against ReduceWords
// (one hardware division per word) on seeded integers of 0 to 120 words,
// either sign, with words of all ones, and moduli of every bit length,
// powers of two and 2^64 − 1 among them.
func TestReduceLongAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 41))
	for range 20000 {
		words := make([]big.Word, rng.IntN(121))
		for i := range words {
			switch rng.IntN(4) {
			case 0:
				words[i] = ^big.Word(0)
			default:
				words[i] = big.Word(rng.Uint64())
			}
		}
		x := new(big.Int).SetBits(words)
		if rng.IntN(3) == 0 {
			x.Neg(x)
		}
		var d uint64
		switch rng.IntN(4) {
		case 0:
			d = 1 << rng.IntN(64)
		case 1:
			d = ^uint64(0) - uint64(rng.IntN(3))
		default:
			d = rng.Uint64() >> rng.IntN(64)
		}
		if d == 0 {
			d = 1
		}
		if got, want := ReduceLong(x, d), ReduceWords(x, d); got != want {
			t.Fatalf("ReduceLong(%v, %d) = %d, want %d", x, d, got, want)
		}
	}
}

// BenchmarkReduceLong: a 2,000-digit integer (104 words) modulo the
// product of the odd primes to 47, by ReduceLong and by ReduceWords.
func BenchmarkReduceLong(b *testing.B) {
	x, _ := new(big.Int).SetString(strings.Repeat("9876543210", 200), 10)
	const d = 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47
	b.Run("preinv", func(b *testing.B) {
		for b.Loop() {
			ReduceLong(x, d)
		}
	})
	b.Run("hardware", func(b *testing.B) {
		for b.Loop() {
			ReduceWords(x, d)
		}
	})
}
