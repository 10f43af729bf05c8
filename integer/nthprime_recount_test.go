package integer

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestRecountAgainstSieve compares the recount with the plain sieve of
// Eratosthenes over all of [0, recountLimit): every x ≤ 5000, both sides
// of every block boundary, and seeded random x.
func TestRecountAgainstSieve(t *testing.T) {
	composite := eratosthenes(recountLimit - 1)
	count := make([]uint64, recountLimit)
	for v := 2; v < recountLimit; v++ {
		count[v] = count[v-1]
		if !composite[v] {
			count[v]++
		}
	}
	table := recountPrimes()
	check := func(x uint64) {
		t.Helper()
		c, prime := table.count(x)
		if c != count[x] || prime != (x >= 2 && !composite[x]) {
			t.Fatalf("recount: π(%d) = %d, prime %v; the sieve says %d, %v", x, c, prime, count[x], x >= 2 && !composite[x])
		}
	}
	for x := uint64(0); x <= 5000; x++ {
		check(x)
	}
	for lo := uint64(recountBlock); lo < recountLimit; lo += recountBlock {
		check(lo - 1)
		check(lo)
		check(lo + 1)
	}
	rng := rand.New(rand.NewPCG(20261207, 1))
	for range 20_000 {
		check(rng.Uint64N(recountLimit))
	}
}

// TestSievingPrimeInverse: the recount's reciprocals divide exactly on
// both sides of every multiple of p up to recountLimit + p, the range its
// numerators take.
func TestSievingPrimeInverse(t *testing.T) {
	for _, sp := range recountPrimes().primes {
		p := uint64(sp.p)
		for v := p - 1; v < recountLimit+p; v += p {
			for _, w := range []uint64{v, v + 1} {
				if got := w * uint64(sp.inverse) >> 32; got != w/p {
					t.Fatalf("⌊%d/%d⌋ = %d, the reciprocal %d gives %d", w, p, w/p, sp.inverse, got)
				}
			}
		}
	}
}

// TestCheckNthPrimeRefuses: the postcondition accepts p_n and refuses
// its neighbours, primes and composites, up to n = 150,000, where the
// exact recount gives way to the table's counts, and refuses p_(n±1)
// there, which Dusart's bounds alone would let through (PARI/GP 2.15:
// prime(26) = 101, prime(999) = 7907, prime(149999) = 2015161,
// prime(150001) = 2015179, primepi(3000017) = 216817, isprime(3000017),
// prime(999999) = 15485857, prime(1000001) = 15485867, prime(1077871) =
// 16777213, prime(1077872) = 16777259).
func TestCheckNthPrimeRefuses(t *testing.T) {
	cases := []struct {
		n    uint64
		p    int64
		good bool
	}{
		{1, 2, true},
		{1, 3, false},
		{2, 3, true},
		{2, 4, false},
		{25, 97, true},
		{25, 101, false}, // p_26
		{25, 91, false},  // 7·13
		{1000, 7919, true},
		{1000, 7907, false},      // p_999
		{1000, 3_000_017, false}, // beyond the recount: p_216817
		{150_000, 2_015_177, true},
		{150_000, 2_015_161, false}, // p_149999
		{150_000, 2_015_179, false}, // p_150001
		{150_000, 2_015_175, false}, // 5 divides it
		{1_000_000, 15_485_863, true},
		{1_000_000, 15_485_865, false}, // 5 divides it
		{1_000_000, 15_485_857, false}, // p_999999, inside Dusart's bounds
		{1_000_000, 15_485_867, false}, // p_1000001, inside Dusart's bounds
		{1_077_871, 16_777_213, true},  // the table's last prime
		{1_077_872, 16_777_259, true},  // beyond the table
	}
	for _, c := range cases {
		err := checkNthPrime(c.n, big.NewInt(c.p))
		if (err == nil) != c.good {
			t.Errorf("checkNthPrime(%d, %d) = %v, want accepted %v", c.n, c.p, err, c.good)
		}
	}
}

// TestCheckPrimeCountRefuses: prime_count's postcondition accepts π(x)
// and refuses its neighbours up to x = 2·10^6, where the exact recount
// gives way to Dusart's bounds (PARI/GP 2.15: primepi(1000) = 168,
// primepi(2047) = 309, primepi(2*10^6) = 148933).
func TestCheckPrimeCountRefuses(t *testing.T) {
	cases := []struct{ x, c uint64 }{{1, 0}, {2, 1}, {1000, 168}, {2047, 309}, {2_000_000, 148_933}}
	for _, c := range cases {
		if err := checkPrimeCount(c.x, c.c); err != nil {
			t.Errorf("checkPrimeCount(%d, %d) refused the count: %v", c.x, c.c, err)
		}
		wrong := []uint64{c.c + 1}
		if c.c > 0 {
			wrong = append(wrong, c.c-1)
		}
		for _, w := range wrong {
			if checkPrimeCount(c.x, w) == nil {
				t.Errorf("checkPrimeCount(%d, %d) accepted a wrong count", c.x, w)
			}
		}
	}
}
