package modular

import (
	"fmt"
	"sync"
)

// The multi-modular algorithms draw their primes from one deterministic
// list: the primes below 2^62, largest first. Every prime on it exceeds
// 2^62 − 2^19 (the first 8192 primes below 2^62 span about 3.5·10^5, by
// the prime number theorem 43·8192), so k of them multiply to more than
// 2^(61.99·k); the kernels' bound MaxKernelPrime holds for all of them.
// The list is built on first use and then only read: about 4 ms for the
// short table of 256, 65 ms for the long one of 8192 (measured once).

// shortPrimeTable and longPrimeTable are the sizes of the two tables; most
// computations need only the first.
const (
	shortPrimeTable = 256
	longPrimeTable  = 8192
)

var (
	shortPrimes = sync.OnceValue(func() []uint64 {
		return primesBelow(MaxKernelPrime, shortPrimeTable)
	})
	longPrimes = sync.OnceValue(func() []uint64 {
		short := shortPrimes()
		rest := primesBelow(short[len(short)-1], longPrimeTable-len(short))
		return append(append(make([]uint64, 0, longPrimeTable), short...), rest...)
	})
)

// primesBelow returns the k largest primes below n, decreasing, n > 2^32.
// Windows of candidates are sieved by the primes below 2^12 first, which
// leaves about one candidate in fifteen for the Miller–Rabin test.
func primesBelow(n uint64, k int) []uint64 {
	var sieving []uint64
	for q := uint64(3); q < 1<<12; q += 2 {
		if IsPrime(q) {
			sieving = append(sieving, q)
		}
	}
	const window = 1 << 16 // odd candidates per window
	composite := make([]bool, window)
	out := make([]uint64, 0, k)
	hi := n - 1 // the window is hi, hi − 2, …, hi − 2(window−1)
	if hi%2 == 0 {
		hi--
	}
	for len(out) < k {
		clear(composite)
		for _, q := range sieving {
			// Candidate j is hi − 2j; it is divisible by q when
			// 2j ≡ hi (mod q), j ≡ hi·2⁻¹ ≡ hi·(q+1)/2.
			j := Mul(hi%q, (q+1)/2, q)
			for ; j < window; j += q {
				composite[j] = true
			}
		}
		for j := 0; j < window && len(out) < k; j++ {
			if c := hi - 2*uint64(j); !composite[j] && IsPrime(c) {
				out = append(out, c)
			}
		}
		hi -= 2 * window
	}
	return out
}

// MaxPrimes62 is the length of the list Primes62 draws from.
const MaxPrimes62 = longPrimeTable

// Primes62 returns the k largest primes below 2^62 in decreasing order,
// k ≤ MaxPrimes62. The slice is shared: callers must not modify it.
func Primes62(k int) []uint64 {
	switch {
	case k < 0 || k > longPrimeTable:
		panic(fmt.Sprintf("modular.Primes62: %d primes asked, at most %d available", k, longPrimeTable))
	case k <= shortPrimeTable:
		return shortPrimes()[:k:k]
	default:
		return longPrimes()[:k:k]
	}
}

// Prime62 returns the i-th largest prime below 2^62 (i from 0).
func Prime62(i int) uint64 { return Primes62(i + 1)[i] }
