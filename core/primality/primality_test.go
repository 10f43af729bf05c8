package primality

import (
	"math/big"
	"math/rand/v2"
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

// TestWordPathMatchesBig compares the machine-word path with the math/big
// Miller–Rabin rounds on random 64-bit odd numbers, on strong pseudoprimes,
// and on products of two 32-bit primes.
func TestWordPathMatchesBig(t *testing.T) {
	bigPath := func(n uint64) Status {
		bn := new(big.Int).SetUint64(n)
		for _, p := range DeterministicBases {
			if n == uint64(p) {
				return Prime
			}
			if n%uint64(p) == 0 {
				return Composite
			}
		}
		for _, a := range DeterministicBases {
			if MillerRabinWitness(bn, big.NewInt(a)) {
				return Composite
			}
		}
		return Prime
	}
	cases := []uint64{
		3825123056546413051,  // ψ9: strong pseudoprime to the bases 2..23
		18446744073709551557, // the largest prime below 2^64
		18446744073709551615, // 2^64 − 1
		4294967291 * 4294967279,
	}
	state := uint64(0x9e3779b97f4a7c15)
	for i := 0; i < 20000; i++ {
		// splitmix64, seeded: a reproducible stream of 64-bit values.
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		cases = append(cases, (z^(z>>31))|1)
	}
	for _, n := range cases {
		got, _ := Test(new(big.Int).SetUint64(n))
		if want := bigPath(n); got != want {
			t.Fatalf("%d: word path %v, big path %v", n, got, want)
		}
		if got == Prime && !new(big.Int).SetUint64(n).ProbablyPrime(0) {
			t.Fatalf("%d: prime by Test but not by math/big (exact below 2^64)", n)
		}
	}
}

// TestStrongProbablePrime: every odd prime below 10^5 passes base 2, and
// the odd composites that pass are exactly the strong pseudoprimes to base
// 2 below 10^5 (OEIS A001262: 2047, 3277, 4033, 4681, 8321, 15841, 29341,
// 42799, 49141, 52633, 65281, 74665, 80581, 85489, 88357, 90751).
func TestStrongProbablePrime(t *testing.T) {
	psp := map[uint64]bool{2047: true, 3277: true, 4033: true, 4681: true, 8321: true, 15841: true, 29341: true, 42799: true,
		49141: true, 52633: true, 65281: true, 74665: true, 80581: true, 85489: true, 88357: true, 90751: true}
	for n := uint64(3); n < 100000; n += 2 {
		prime := new(big.Int).SetUint64(n).ProbablyPrime(0)
		if got, want := StrongProbablePrime(n, 2), prime || psp[n]; got != want {
			t.Fatalf("StrongProbablePrime(%d, 2) = %v, want %v", n, got, want)
		}
	}
}

// TestSmallFactorOfLargeN: n ≥ 2^64 with a least prime factor p among
// DeterministicBases is Composite with p as its witness, found by one
// remainder modulo basesProduct, which is their product.
func TestSmallFactorOfLargeN(t *testing.T) {
	prod := int64(1)
	for _, p := range DeterministicBases {
		prod *= p
	}
	if prod != basesProduct {
		t.Fatalf("basesProduct = %d, the bases multiply to %d", int64(basesProduct), prod)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, p := range DeterministicBases {
		for range 50 {
			c := randBits(rng, 64+rng.IntN(400))
			// c with no factor below p, so that p is the least.
			for c.Cmp(big.NewInt(2)) < 0 || func() bool {
				for _, q := range DeterministicBases {
					if q < p && new(big.Int).Mod(c, big.NewInt(q)).Sign() == 0 {
						return true
					}
				}
				return false
			}() {
				c.Add(c, big.NewInt(1))
			}
			n := new(big.Int).Mul(c, big.NewInt(p))
			st, w := Test(n)
			if st != Composite || w == nil || w.Int64() != p {
				t.Fatalf("%v = %d·c: %v with witness %v, want composite with %d", n, p, st, w, p)
			}
		}
	}
}

// TestTestMontgomery: TestMontgomery agrees with Test, and gives the
// Montgomery arithmetic modulo n exactly for the probable primes that
// Baillie–PSW tested in it; a product there is the product modulo n, and
// PowTwoOdd is 2^d, d the odd part of n − 1 (which NewMontgomery's
// arithmetic does not have).
func TestTestMontgomery(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		b := 2 + rng.IntN(700)
		n := randBits(rng, b)
		if rng.IntN(2) == 0 {
			n = randPrime(rng, b)
		}
		st, w := Test(n)
		st2, w2, m := TestMontgomery(n)
		if st != st2 || (w == nil) != (w2 == nil) || w != nil && w.Cmp(w2) != 0 {
			t.Fatalf("%v: Test %v %v, TestMontgomery %v %v", n, st, w, st2, w2)
		}
		wantM := st == ProbablePrime && n.BitLen() <= 64*maxMontWords
		if (m != nil) != wantM {
			t.Fatalf("%v (%v, %d bits): Montgomery %v, want one: %v", n, st, n.BitLen(), m != nil, wantM)
		}
		if m == nil {
			continue
		}
		if fresh, _ := NewMontgomery(n); fresh == nil {
			t.Fatalf("NewMontgomery refuses %v", n)
		} else if _, ok := fresh.PowTwoOdd(); ok {
			t.Fatalf("NewMontgomery(%v) has a power of 2 it never computed", n)
		}
		if m.N().Cmp(n) != 0 {
			t.Fatalf("Montgomery modulo %v, want %v", m.N(), n)
		}
		nm1 := new(big.Int).Sub(n, big.NewInt(1))
		d := new(big.Int).Rsh(nm1, nm1.TrailingZeroBits())
		if p2, ok := m.PowTwoOdd(); !ok || m.From(p2).Cmp(new(big.Int).Exp(big.NewInt(2), d, n)) != 0 {
			t.Fatalf("PowTwoOdd modulo %v: %v (%v), want 2^d", n, p2, ok)
		}
		x, y := randBits(rng, b+5), randBits(rng, b)
		z := make([]uint64, m.Words())
		m.Mul(z, m.To(x), m.To(y))
		if want := new(big.Int).Mul(x, y); m.From(z).Cmp(want.Mod(want, n)) != 0 {
			t.Fatalf("x·y mod %v: %v, want %v", n, m.From(z), want)
		}
	}
}
