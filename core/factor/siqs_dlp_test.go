package factor

import (
	"math/rand/v2"
	"testing"
)

// splitWordReference is splitWord by trial division: the least prime
// factor of the odd composite n, found by odd divisors up to √n. The
// reference the tests hold splitWord to.
func splitWordReference(n uint64) uint64 {
	for d := uint64(3); d*d <= n; d += 2 {
		if n%d == 0 {
			return d
		}
	}
	return 0
}

// wordPrime returns a random prime of [lo, hi) by trial division.
func wordPrime(rng *rand.Rand, lo, hi uint64) uint64 {
	for {
		p := lo + rng.Uint64N(hi-lo) | 1
		if p > 2 && splitWordReference(p) == 0 {
			return p
		}
	}
}

// TestSplitWord holds splitWord on seeded products of two primes of 2^18
// to 2^23, as the double large prime cofactors are, to one of the two,
// with at most one miss (0) in 3,000; and on products of two primes of
// 2^8 to 2^18 and of three below 2^12 to trial division
// (splitWordReference): a proper factor, and for two primes the least
// or its cofactor.
func TestSplitWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	misses := 0
	for trial := range 3000 {
		p, q := wordPrime(rng, 1<<18, 1<<23), wordPrime(rng, 1<<18, 1<<23)
		if p == q {
			continue
		}
		n := p * q
		d := splitWord(n)
		if d == 0 {
			misses++
			continue
		}
		if d != p && d != q {
			t.Fatalf("trial %d: splitWord(%d = %d·%d) = %d", trial, n, p, q, d)
		}
	}
	if misses > 1 {
		t.Fatalf("%d of 3000 cofactors not split", misses)
	}
	for trial := range 300 {
		var n uint64
		if trial%2 == 0 {
			n = wordPrime(rng, 1<<8, 1<<18) * wordPrime(rng, 1<<8, 1<<18)
		} else {
			n = wordPrime(rng, 3, 1<<12) * wordPrime(rng, 3, 1<<12) * wordPrime(rng, 3, 1<<12)
		}
		d, ref := splitWord(n), splitWordReference(n)
		if d != 0 && (d == 1 || d == n || n%d != 0) || trial%2 == 0 && d != 0 && d != ref && d != n/ref {
			t.Fatalf("trial %d: splitWord(%d) = %d, least factor %d", trial, n, d, ref)
		}
	}
}

// BenchmarkSplitWord splits products of two primes of 2^18 to 2^23, as
// the double large prime cofactors of an 80-digit semiprime are.
func BenchmarkSplitWord(b *testing.B) {
	rng := rand.New(rand.NewPCG(33, 34))
	ns := make([]uint64, 256)
	for i := range ns {
		ns[i] = wordPrime(rng, 1<<18, 1<<23) * wordPrime(rng, 1<<18, 1<<23)
	}
	i := 0
	for b.Loop() {
		splitWord(ns[i%len(ns)])
		i++
	}
}
