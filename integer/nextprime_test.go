package integer

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"jacobian.dev/conformance"
)

// TestPARINextPrime: next and previous primes agree with PARI/GP 2.15's
// nextprime(n + 1) and precprime(n − 1) (testdata/nextprime.txt), and
// every certificate returned is re-verified by the certificate checker.
func TestPARINextPrime(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "nextprime.txt", 50, readCases(t, "nextprime.txt")) {
		var r NextPrimeResult
		runValue(t, rt, "integer.compute.next_prime", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		if r.Prime.String() != c[1] {
			t.Errorf("next prime after %s = %v, PARI says %s", c[0], r.Prime, c[1])
		}
		if r.Certificate != nil {
			recheck(t, r.Prime.Big(), r.Certificate)
		}
		if c[2] == "none" {
			continue
		}
		runValue(t, rt, "integer.compute.next_prime", fmt.Sprintf(`{"n":"%s","direction":"previous"}`, c[0]), &r)
		if r.Prime.String() != c[2] {
			t.Errorf("previous prime before %s = %v, PARI says %s", c[0], r.Prime, c[2])
		}
	}
}

// TestNextPrimeExhaustive: for n in [−5, 20000] both directions agree with
// a sieve.
func TestNextPrimeExhaustive(t *testing.T) {
	const top = 20_100
	isPrime := make([]bool, top)
	for i := 2; i < top; i++ {
		isPrime[i] = trialDivisionPrime(uint64(i))
	}
	for n := int64(-5); n <= 20_000; n++ {
		want := max(n+1, 2)
		for !isPrime[want] {
			want++
		}
		got, err := stepToPrime(context.Background(), big.NewInt(n), true)
		if err != nil || got.Int64() != want {
			t.Fatalf("next after %d = %v, want %d", n, got, want)
		}
		if n <= 2 {
			continue
		}
		want = n - 1
		for !isPrime[want] {
			want--
		}
		if got, _ := stepToPrime(context.Background(), big.NewInt(n), false); got.Int64() != want {
			t.Fatalf("previous before %d = %v, want %d", n, got, want)
		}
	}
}

// BenchmarkNextPrime: the next prime after 2^bits (PARI/GP's nextprime on
// the same n for comparison), proof included.
func BenchmarkNextPrime(b *testing.B) {
	for _, bits := range []int{64, 256, 1024} {
		n := new(big.Int).Lsh(big.NewInt(1), uint(bits))
		b.Run(fmt.Sprintf("n=2^%d", bits), func(b *testing.B) {
			for b.Loop() {
				p, _ := stepToPrime(context.Background(), n, true)
				prove(context.Background(), p)
			}
		})
	}
}
