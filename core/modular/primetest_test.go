package modular

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// compositeUpTo is the reference for PrimeTest64: the sieve of
// Eratosthenes up to n.
func compositeUpTo(n int) []bool {
	composite := make([]bool, n+1)
	composite[0], composite[1] = true, true
	for i := 2; i*i <= n; i++ {
		if !composite[i] {
			for j := i * i; j <= n; j += i {
				composite[j] = true
			}
		}
	}
	return composite
}

// TestMontgomeryWitness compares the Montgomery-form Miller–Rabin round
// with the plain one (128-bit products divided by n) on seeded random odd
// moduli of every size and random bases.
func TestMontgomeryWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 200_000; i++ {
		n := rng.Uint64()>>rng.IntN(62) | 1
		if n < 3 {
			continue
		}
		a := 2 + rng.Uint64N(n-2)
		if got, want := isWitness(NewMont64(n), a), millerRabinWitness64(n, a); got != want {
			t.Fatalf("n = %d, a = %d: Montgomery %v, plain %v", n, a, got, want)
		}
	}
}

// TestWordBaseSets checks the size-dependent base sets on the numbers that
// defeat smaller sets: strong pseudoprimes to 2, 7 and 61 (4,759,123,141,
// Jaeschke 1993) and to the first nine primes (ψ9), and, exhaustively up
// to 2^24, against the sieve.
func TestWordBaseSets(t *testing.T) {
	for _, n := range []uint64{4759123141, 3825123056546413051, 3215031751, 2152302898747} {
		for _, a := range []uint64{2, 7, 61} {
			if n == 4759123141 && millerRabinWitness64(n, a) {
				t.Fatalf("%d is a strong pseudoprime to %d", n, a)
			}
		}
		if prime, _ := PrimeTest64(n); prime {
			t.Errorf("%d: got prime, want composite", n)
		}
	}
	const limit = 1 << 24
	composite := compositeUpTo(limit)
	for n := uint64(2); n < limit; n++ {
		prime, w := PrimeTest64(n)
		if prime == composite[n] {
			t.Fatalf("%d: got prime = %v", n, prime)
		}
		if !prime && w != 0 && w < n && n%w != 0 && !millerRabinWitness64(n, w) {
			t.Fatalf("%d: %d is not a witness", n, w)
		}
	}
}

func BenchmarkPrimeTest64(b *testing.B) {
	for _, n := range []uint64{15485863, 4294967291, 18446744073709551557} {
		b.Run(big.NewInt(0).SetUint64(n).String(), func(b *testing.B) {
			for b.Loop() {
				PrimeTest64(n)
			}
		})
		b.Run("plain13/"+big.NewInt(0).SetUint64(n).String(), func(b *testing.B) {
			for b.Loop() {
				for _, a := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41} {
					if millerRabinWitness64(n, a) {
						b.Fatal("witness")
					}
				}
			}
		})
	}
}

// millerRabinWitness64 is MillerRabinWitness for odd n < 2^64, a < n, by
// plain 128-bit products and divisions: the reference the Montgomery form
// is tested against.
func millerRabinWitness64(n, a uint64) bool {
	nm1 := n - 1
	s := bits.TrailingZeros64(nm1)
	d := nm1 >> s
	x := powMod64(a, d, n)
	if x == 1 || x == nm1 {
		return false
	}
	for r := 1; r < s; r++ {
		x = mulMod64(x, x, n)
		if x == nm1 {
			return false
		}
		if x == 1 {
			return true
		}
	}
	return true
}

func mulMod64(a, b, n uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return bits.Rem64(hi, lo, n)
}

func powMod64(a, e, n uint64) uint64 {
	result, base := uint64(1), a%n
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			result = mulMod64(result, base, n)
		}
		base = mulMod64(base, base, n)
	}
	return result
}

// TestIsPrimeAgainstBig compares IsPrime with math/big's ProbablyPrime(0),
// which is exact below 2^64 (Baillie–PSW has no counterexample there, as
// Feitsma and Galway's list of base-2 pseudoprimes shows), on seeded random
// integers of every size and on strong pseudoprimes to several bases.
func TestIsPrimeAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100_000 {
		n := rng.Uint64() >> rng.IntN(64)
		if IsPrime(n) != new(big.Int).SetUint64(n).ProbablyPrime(0) {
			t.Fatalf("IsPrime(%d) = %v, math/big says otherwise", n, IsPrime(n))
		}
	}
	// 3215031751 passes bases 2, 3, 5, 7; 3825123056546413051 the first nine primes.
	for _, n := range []uint64{3215031751, 2152302898747, 3474749660383, 341550071728321, 3825123056546413051} {
		if IsPrime(n) {
			t.Errorf("IsPrime(%d) = true for a known composite strong pseudoprime", n)
		}
	}
	for _, n := range []uint64{18446744073709551557, 1<<61 - 1, 4294967291} {
		if !IsPrime(n) {
			t.Errorf("IsPrime(%d) = false for a prime", n)
		}
	}
}

// TestMillerRabin32 compares the written-out rounds of millerRabin32 with
// the general millerRabin on the same bases, answer and witness, on
// seeded random odd n of every size below 2^32 that PrimeTest64 would
// hand them, on primes, and on strong pseudoprimes to 2 (the composites
// the first round lets through, where a slip in the later rounds shows).
func TestMillerRabin32(t *testing.T) {
	check := func(n uint32) {
		t.Helper()
		gotPrime, gotWitness := millerRabin32(n)
		wantPrime, wantWitness := millerRabin(NewMont64(uint64(n)), bases32[:])
		if gotPrime != wantPrime || gotWitness != wantWitness {
			t.Fatalf("n = %d: millerRabin32 (%v, %d), millerRabin (%v, %d)", n, gotPrime, gotWitness, wantPrime, wantWitness)
		}
	}
	rng := rand.New(rand.NewPCG(32, 61))
	primes := 0
	for range 500_000 {
		n := uint32(rng.Uint64()>>(32+rng.IntN(22))) | 1
		if n < 43*43 {
			continue
		}
		check(n)
		if prime, _ := millerRabin32(n); prime {
			primes++
		}
	}
	// The first strong pseudoprimes to base 2: odd n whose round to base
	// 2 passes while trial division finds a factor.
	for n, pseudoprimes := uint32(43*43)|1, 0; pseudoprimes < 60; n += 2 {
		if millerRabinWitness64(uint64(n), 2) || compositeWitness(n) == 0 {
			continue
		}
		check(n)
		pseudoprimes++
	}
	for _, n := range []uint32{2047, 3277, 4033, 4681, 8321, 3215031751, 4294967291, 4294967279, 15485863, 2147483647} {
		check(n)
	}
	if primes < 10_000 {
		t.Fatalf("only %d primes among the random n", primes)
	}
}

// compositeWitness returns a factor of n found by trial division up to
// 2^16, or 0.
func compositeWitness(n uint32) uint32 {
	for p := uint32(3); p < 1<<16 && p*p <= n; p += 2 {
		if n%p == 0 {
			return p
		}
	}
	return 0
}
