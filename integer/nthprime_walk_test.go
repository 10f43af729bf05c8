package integer

import (
	"context"
	"math/rand/v2"
	"sort"
	"testing"
)

// TestWalkPrimesAgainstSieve compares the walk, up and down, with the
// list of primes from the plain sieve of Eratosthenes, at seeded starts
// below 3·10^6 and steps long enough to cross several of its growing
// segments (2^12, 2^13, …), and starting on the primes themselves.
func TestWalkPrimesAgainstSieve(t *testing.T) {
	ctx := context.Background()
	const limit = 3_000_000
	composite := eratosthenes(limit)
	var primes []uint64
	for v := 2; v <= limit; v++ {
		if !composite[v] {
			primes = append(primes, uint64(v))
		}
	}
	rng := rand.New(rand.NewPCG(20261207, 2))
	for i := range 300 {
		start := 2 + rng.Uint64N(limit-200_000)
		if i%3 == 0 {
			start = primes[rng.IntN(len(primes)-20_000)]
		}
		k := 1 + rng.Uint64N(1<<(1+rng.IntN(14)))
		// The first prime ≥ start is primes[j].
		j := sort.Search(len(primes), func(j int) bool { return primes[j] >= start })
		if got, err := walkPrimes(ctx, start, k, true); err != nil || got != primes[j+int(k)-1] {
			t.Fatalf("walking up from %d, prime %d is %d (%v); the sieve says %d", start, k, got, err, primes[j+int(k)-1])
		}
		// The last prime ≤ start is primes[j'] with j' = j − 1, or j when
		// start is prime.
		last := j - 1
		if primes[j] == start {
			last = j
		}
		if int(k) > last+1 {
			continue
		}
		if got, err := walkPrimes(ctx, start, k, false); err != nil || got != primes[last+1-int(k)] {
			t.Fatalf("walking down from %d, prime %d is %d (%v); the sieve says %d", start, k, got, err, primes[last+1-int(k)])
		}
	}
	// Down to the first prime, and past it.
	if got, err := walkPrimes(ctx, 10_000, 1229, false); err != nil || got != 2 {
		t.Errorf("the 1229th prime down from 10,000 is %d (%v), not 2", got, err)
	}
	if _, err := walkPrimes(ctx, 10_000, 1230, false); err == nil {
		t.Errorf("walking down from 10,000 found 1230 primes")
	}
}
