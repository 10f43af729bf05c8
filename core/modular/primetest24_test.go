package modular

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBase2Pseudoprimes recounts base2Pseudoprimes: the odd composites
// below 2^24 by the sieve of Eratosthenes to which the plain Miller–Rabin
// round (128-bit products divided by n) to base 2 finds no witness.
func TestBase2Pseudoprimes(t *testing.T) {
	composite := compositeUpTo(base2Limit - 1)
	var want []uint32
	for n := uint64(3); n < base2Limit; n += 2 {
		if composite[n] && !millerRabinWitness64(n, 2) {
			want = append(want, uint32(n))
		}
	}
	if !slices.Equal(base2Pseudoprimes[:], want) {
		t.Fatalf("base2Pseudoprimes holds %d numbers; the sieve finds %d: %v", len(base2Pseudoprimes), len(want), want)
	}
}

// TestStrongBase2 compares the written-out round of strongBase2 with the
// plain one on seeded random odd n of every size below 2^24, on every odd
// n up to 2^16, on the listed pseudoprimes and on primes.
func TestStrongBase2(t *testing.T) {
	check := func(n uint32) {
		t.Helper()
		if got, want := strongBase2(n), !millerRabinWitness64(uint64(n), 2); got != want {
			t.Fatalf("n = %d: strongBase2 %v, plain round %v", n, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(2, 24))
	for range 300_000 {
		if n := uint32(rng.Uint64()>>(40+rng.IntN(22))) | 1; n > 2 {
			check(n)
		}
	}
	for n := uint32(3); n < 1<<16; n += 2 {
		check(n)
	}
	for _, n := range base2Pseudoprimes {
		check(n)
	}
	for _, n := range []uint32{3, 5, 1849, 15485863, 16777213, 1<<24 - 1} {
		check(n)
	}
}

// TestIsBase2Pseudoprime compares the bisection with slices.BinarySearch
// on every listed number, its neighbours and seeded random n below 2^25.
func TestIsBase2Pseudoprime(t *testing.T) {
	check := func(n uint32) {
		t.Helper()
		if _, want := slices.BinarySearch(base2Pseudoprimes[:], n); isBase2Pseudoprime(n) != want {
			t.Fatalf("n = %d: isBase2Pseudoprime %v, slices.BinarySearch %v", n, !want, want)
		}
	}
	for _, n := range base2Pseudoprimes {
		check(n - 1)
		check(n)
		check(n + 1)
	}
	rng := rand.New(rand.NewPCG(2, 25))
	for range 100_000 {
		check(rng.Uint32N(1 << 25))
	}
	check(0)
	check(1<<32 - 1)
}
