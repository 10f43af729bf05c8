package integer

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/modular"
)

// TestReduceWordsAgrees checks reduceWords against modular.ReduceWords
// (one hardware division per word) on seeded integers of 0 to 120 words,
// either sign, with words of all ones, and moduli of every bit length,
// powers of two and 2^64 − 1 among them.
func TestReduceWordsAgrees(t *testing.T) {
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
		if got, want := reduceWords(x, d), modular.ReduceWords(x, d); got != want {
			t.Fatalf("reduceWords(%v, %d) = %d, want %d", x, d, got, want)
		}
	}
}

// BenchmarkReduceWords: a 2,000-digit integer (104 words) modulo the
// product of the odd primes to 47, by reduceWords and by
// modular.ReduceWords.
func BenchmarkReduceWords(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 9))
	x := randomDigits(rng, 2000)
	b.Run("preinv", func(b *testing.B) {
		for b.Loop() {
			reduceWords(x, oddPrimesTo47)
		}
	})
	b.Run("hardware", func(b *testing.B) {
		for b.Loop() {
			modular.ReduceWords(x, oddPrimesTo47)
		}
	})
}

// TestFirstResiduesAgree: for seeded m and the candidate exponents of m
// (or the primes below 1200), newFirstResidues gives for each k the first
// prime notKthPowerCertified tries and m modulo it, as a reduction of m
// by that prime alone gives; and notKthPowerCertifiedWith answers as
// notKthPowerCertified.
func TestFirstResiduesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 26))
	for range 200 {
		m := randomDigits(rng, 1+rng.IntN(2000))
		ks := powerExponentCandidates(m)
		if rng.IntN(2) == 0 || len(ks) == 0 {
			ks = powerPrimesUpTo(1200)
		}
		first := newFirstResidues(m, ks)
		for i, k := range ks {
			p := firstCertificatePrime(k)
			if first.primes[i] != p || first.residues[i] != modular.ReduceWords(m, p) {
				t.Fatalf("k = %d: first prime %d, residue %d; want %d, %d", k, first.primes[i], first.residues[i], p, modular.ReduceWords(m, p))
			}
			if got, want := notKthPowerCertifiedWith(m, k, first.primes[i], first.residues[i]), notKthPowerCertified(m, k); got != want {
				t.Fatalf("k = %d: certified %v with the residue given, %v without", k, got, want)
			}
		}
	}
}
