package primality

import (
	"math/big"
	"testing"
)

// sieve is the reference: Eratosthenes up to n.
func sieve(n int) []bool {
	composite := make([]bool, n+1)
	for i := 2; i*i <= n; i++ {
		if !composite[i] {
			for j := i * i; j <= n; j += i {
				composite[j] = true
			}
		}
	}
	return composite
}

func TestAgainstSieve(t *testing.T) {
	const n = 200_000
	composite := sieve(n)
	for i := 0; i <= n; i++ {
		want := i >= 2 && !composite[i]
		got, _ := Test(big.NewInt(int64(i)))
		if (got == Prime) != want || got == ProbablePrime {
			t.Fatalf("%d: got %v, want prime=%v", i, got, want)
		}
	}
}

func TestHardCases(t *testing.T) {
	tests := []struct {
		n    string
		want Status
	}{
		// ψ12 and ψ13 are strong pseudoprimes to the first 12 prime bases (Sorenson–Webster 2017).
		{"318665857834031151167461", Composite},
		{"3317044064679887385961981", Composite},
		// Carmichael numbers.
		{"561", Composite},
		{"3215031751", Composite},
		// 2^89 − 1 and 2^127 − 1 are Mersenne primes (Lucas–Lehmer).
		{"618970019642690137449562111", ProbablePrime},
		{"170141183460469231731687303715884105727", ProbablePrime},
		{"1000000000000000000000007", Prime},
	}
	for _, tc := range tests {
		n, _ := new(big.Int).SetString(tc.n, 10)
		if got, _ := Test(n); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.n, got, tc.want)
		}
	}
}
