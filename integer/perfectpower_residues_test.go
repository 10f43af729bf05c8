package integer

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/modular"
)

// TestFirstResiduesAgree: for seeded m and the candidate exponents of m
// (or the primes below 1200), newFirstResidues gives for each k the least
// prime p ≡ 1 (mod 2k) below 2^32 (found here by math/big's
// Baillie–PSW, exact below 2^64) and m mod p, as a reduction of m by p
// alone gives; and notKthPowerCertifiedWith answers as
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
			p := uint64(0)
			for c := 2*k + 1; c < 1<<32; c += 2 * k {
				if new(big.Int).SetUint64(c).ProbablyPrime(0) {
					p = c
					break
				}
			}
			if first.primes[i] != p || first.residues[i] != modular.ReduceWords(m, p) {
				t.Fatalf("k = %d: first prime %d, residue %d; want %d, %d", k, first.primes[i], first.residues[i], p, modular.ReduceWords(m, p))
			}
			if got, want := notKthPowerCertifiedWith(m, k, first.primes[i], first.residues[i]), notKthPowerCertified(m, k); got != want {
				t.Fatalf("k = %d: certified %v with the residue given, %v without", k, got, want)
			}
		}
	}
}
