package modular_test

// The word-size primality test against core/primality, in an external test
// package: core/primality builds on this package's Montgomery arithmetic.

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/modular"
	"jacobian.dev/core/primality"
)

// TestIsPrimeAgainstPrimality compares the word-size test with the
// independent math/big implementation in core/primality, on small integers
// exhaustively and on random 62-bit integers.
func TestIsPrimeAgainstPrimality(t *testing.T) {
	check := func(n uint64) {
		st, _ := primality.Test(new(big.Int).SetUint64(n))
		if modular.IsPrime(n) != (st == primality.Prime) {
			t.Fatalf("modular.IsPrime(%d) = %v, primality.Test says %v", n, modular.IsPrime(n), st)
		}
	}
	for n := uint64(0); n < 20000; n++ {
		check(n)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		check(rng.Uint64N(1<<62) | 1)
	}
	// Strong pseudoprimes to several bases: 3215031751 passes bases 2, 3, 5, 7.
	for _, n := range []uint64{3215031751, 2152302898747, 3474749660383, 341550071728321, 3825123056546413051} {
		if modular.IsPrime(n) {
			t.Errorf("modular.IsPrime(%d) = true for a known composite strong pseudoprime", n)
		}
	}
}
