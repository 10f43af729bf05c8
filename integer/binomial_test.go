package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestBinomialAgainstExponents compares binomial, which streams the primes
// above √n from the prime table, with binomialByExponents, which lists the
// exponent of every prime up to n: every 0 ≤ k ≤ n ≤ 300 with k = −1 and
// k = n + 1 beside, n around the squares of primes (where a prime moves
// between the two parts), and seeded random n up to MaxBinomialN.
func TestBinomialAgainstExponents(t *testing.T) {
	ctx := context.Background()
	check := func(n, k int) {
		t.Helper()
		got, err := binomial(ctx, n, k)
		if err != nil {
			t.Fatal(err)
		}
		want, err := binomialByExponents(ctx, n, k)
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("C(%d, %d): %v by the two parts, %v by every exponent", n, k, clipped(got), clipped(want))
		}
	}
	for n := 0; n <= 300; n++ {
		for k := -1; k <= n+1; k++ {
			check(n, k)
		}
	}
	for _, p := range []int{2, 3, 5, 7, 11, 13, 101, 317, 541} {
		for _, n := range []int{p*p - 1, p * p, p*p + 1} {
			for _, k := range []int{1, 2, p - 1, p, n / 3, n / 2} {
				check(n, k)
			}
		}
	}
	rng := rand.New(rand.NewPCG(2026, 7))
	for range 12 {
		n := rng.IntN(MaxBinomialN + 1)
		check(n, rng.IntN(n+1))
	}
	check(MaxBinomialN, MaxBinomialN/2)
	check(MaxBinomialN, 1)
	check(MaxBinomialN, MaxBinomialN-1)
}

// TestBinomialSmallAgainstPascal checks binomial against Pascal's triangle
// built by additions alone, for every 0 ≤ k ≤ n ≤ 60.
func TestBinomialSmallAgainstPascal(t *testing.T) {
	ctx := context.Background()
	row := []*big.Int{big.NewInt(1)}
	for n := 0; n <= 60; n++ {
		for k, want := range row {
			if got, _ := binomial(ctx, n, k); got.Cmp(want) != 0 {
				t.Fatalf("C(%d, %d) = %v; Pascal's triangle gives %v", n, k, got, want)
			}
		}
		next := make([]*big.Int, len(row)+1)
		next[0], next[len(row)] = big.NewInt(1), big.NewInt(1)
		for k := 1; k < len(row); k++ {
			next[k] = new(big.Int).Add(row[k-1], row[k])
		}
		row = next
	}
}

// TestKummerPowerBelowN: p^(e_p) ≤ n for every prime p and 0 ≤ k ≤ n ≤ 300,
// the bound that lets binomial pack each prime power into a word.
func TestKummerPowerBelowN(t *testing.T) {
	primes := smallPrimes().appendPrimes(nil, 300)
	for n := uint64(1); n <= 300; n++ {
		for k := uint64(0); k <= n; k++ {
			for _, p := range primes {
				pe := uint64(1)
				for range kummerExponent(n, k, p) {
					pe *= p
				}
				if pe > n {
					t.Fatalf("C(%d, %d): %d^e_p = %d exceeds n", n, k, p, pe)
				}
			}
		}
	}
}
