package integer

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core/modular"
)

// TestFirstResiduesAgree: for seeded m and the candidate exponents of m
// (or the primes below 1200), newFirstResidues gives for each k the least
// prime p ≡ 1 (mod 2k) below 2^32 (found here by math/big's
// Baillie–PSW, exact below 2^64) and m mod p, as a reduction of m by p
// alone gives; and notKthPowerCertifiedWith answers as
// notKthPowerCertified.
func TestFirstResiduesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 26))
	for range 200 {
		m := randomDigits(rng, 1+rng.IntN(2000))
		ks := powerExponentCandidates(m)
		if rng.IntN(2) == 0 || len(ks) == 0 {
			ks = powerPrimesUpTo(1200)
		}
		first := newFirstResidues(m, ks)
		for i, k := range ks {
			p := uint64(0)
			for c := 2*k + 1; c < 1<<32; c += 2 * k {
				if new(big.Int).SetUint64(c).ProbablyPrime(0) {
					p = c
					break
				}
			}
			if first.primes[i] != p || first.residues[i] != modular.ReduceWords(m, p) {
				t.Fatalf("k = %d: first prime %d, residue %d; want %d, %d", k, first.primes[i], first.residues[i], p, modular.ReduceWords(m, p))
			}
			if got, want := notKthPowerCertifiedWith(m, k, first.primes[i], first.residues[i]), notKthPowerCertified(m, k); got != want {
				t.Fatalf("k = %d: certified %v with the residue given, %v without", k, got, want)
			}
		}
	}
}

// powerExponentCandidatesByDivision is powerExponentCandidates by the
// definition, the reference: g is the gcd of v_p(m) over the primes
// p ≤ 47 dividing m, each valuation counted by dividing m by p until a
// remainder is left; the candidates are the primes dividing g, or, when
// no such p divides m, every prime k < bits(m)/log₂ 53.
func powerExponentCandidatesByDivision(m *big.Int) []uint64 {
	g := uint64(0)
	for _, p := range []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47} {
		v := uint64(0)
		x, r, pb := new(big.Int).Set(m), new(big.Int), big.NewInt(p)
		for {
			q, _ := new(big.Int).QuoRem(x, pb, r)
			if r.Sign() != 0 {
				break
			}
			x = q
			v++
		}
		if v > 0 {
			g = gcdWord(g, v)
		}
	}
	if g == 0 {
		return powerPrimesUpTo(m.BitLen() * 1000 / 5727)
	}
	var ks []uint64
	for _, k := range powerPrimesUpTo(int(g)) {
		if g%k == 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// TestPowerExponentCandidatesAgainstDivision: powerExponentCandidates
// agrees with the reference on every m from 2 to 5000, on the primes ≤ 47
// and their squares, on 2^e and 2^e ± 1 for e ≤ 200, on seeded b^k and
// b^k ± 1, and on seeded m = c·Π p^(v_p) of up to 2000 digits:
// random valuations at up to four primes ≤ 47, sometimes all multiples
// of a common k (so that g > 1 and valuations are taken), c random,
// sometimes free of the primes ≤ 47, sometimes 1.
func TestPowerExponentCandidatesAgainstDivision(t *testing.T) {
	check := func(m *big.Int) {
		t.Helper()
		if got, want := powerExponentCandidates(m), powerExponentCandidatesByDivision(m); !slices.Equal(got, want) {
			t.Fatalf("candidates of %v: %v, by division %v", clipped(m), got, want)
		}
	}
	for n := int64(2); n <= 5000; n++ {
		check(big.NewInt(n))
	}
	small := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}
	for _, p := range small {
		check(big.NewInt(p))
		check(big.NewInt(p * p))
		check(big.NewInt(p*p*p - 1))
	}
	for e := uint(1); e <= 200; e++ {
		x := new(big.Int).Lsh(big.NewInt(1), e)
		check(x)
		check(new(big.Int).Add(x, big.NewInt(1)))
		check(new(big.Int).Sub(x, big.NewInt(1)))
	}
	rng := rand.New(rand.NewPCG(61, 28))
	for range 300 { // b^k and its neighbours b^k ± 1
		b := new(big.Int).Add(randomDigits(rng, 1+rng.IntN(40)), big.NewInt(2))
		x := new(big.Int).Exp(b, big.NewInt(int64(2+rng.IntN(60))), nil)
		check(x)
		check(new(big.Int).Add(x, big.NewInt(1)))
		check(new(big.Int).Sub(x, big.NewInt(1)))
	}
	for range 3000 {
		m := big.NewInt(1)
		common := int64(1 + rng.IntN(4))
		if rng.IntN(2) == 0 {
			common = 1
		}
		for range rng.IntN(5) {
			p := big.NewInt(small[rng.IntN(len(small))])
			v := common * int64(1+rng.IntN(6))
			if common == 1 && rng.IntN(3) == 0 {
				v = 1
			}
			m.Mul(m, new(big.Int).Exp(p, big.NewInt(v), nil))
		}
		var c *big.Int
		switch rng.IntN(3) {
		case 0:
			c = big.NewInt(1)
		case 1: // no prime ≤ 47 divides c
			c = randomDigits(rng, 1+rng.IntN(600))
			for new(big.Int).GCD(nil, nil, c, big.NewInt(2*oddPrimesTo47)).Cmp(big.NewInt(1)) != 0 {
				c.Add(c, big.NewInt(1))
			}
		default:
			c = randomDigits(rng, 1+rng.IntN(2000))
		}
		m.Mul(m, c)
		if common > 1 && rng.IntN(2) == 0 {
			m.Exp(m, big.NewInt(common), nil) // a power: every valuation a multiple
		}
		if m.Cmp(big.NewInt(2)) < 0 {
			continue
		}
		check(m)
	}
}

// notKthPowerBySmallPrimesByDivision is the reference for
// notKthPowerBySmallPrimes: the same tests on residues taken by math/big,
// m mod 64 against the squares listed, x^((p−1)/k) by repeated
// multiplication.
func notKthPowerBySmallPrimesByDivision(m *big.Int, k uint64) bool {
	if k == 2 {
		r := new(big.Int).Mod(m, big.NewInt(64)).Uint64()
		square := false
		for x := range uint64(64) {
			square = square || x*x%64 == r
		}
		if !square {
			return true
		}
	}
	for p := uint64(3); p <= 47; p += 2 {
		if !new(big.Int).SetUint64(p).ProbablyPrime(0) || (p-1)%k != 0 {
			continue
		}
		r := new(big.Int).Mod(m, new(big.Int).SetUint64(p)).Uint64()
		if r == 0 {
			continue
		}
		x := uint64(1)
		for range (p - 1) / k {
			x = x * r % p
		}
		if x != 1 {
			return true
		}
	}
	return false
}

// TestNotKthPowerBySmallPrimes: on seeded integers with and without
// small factors, their k-th powers (which it must never rule out) and
// those plus one, for every prime k to 31, notKthPowerBySmallPrimes
// answers as notKthPowerBySmallPrimesByDivision, from the residues
// powerExponentCandidatesWith returns when it returns candidates.
func TestNotKthPowerBySmallPrimes(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 27))
	seen := 0
	for range 3000 {
		x := randomDigits(rng, 1+rng.IntN(60))
		if rng.IntN(2) == 0 {
			x.Mul(x, big.NewInt(int64(1)<<rng.IntN(6)*[]int64{1, 9, 25, 49, 121 * 169, 47 * 47}[rng.IntN(6)]))
		}
		for _, k := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31} {
			for _, m := range []*big.Int{x, new(big.Int).Exp(x, new(big.Int).SetUint64(k), nil), new(big.Int).Add(x, big.NewInt(1))} {
				if m.Cmp(big.NewInt(2)) < 0 {
					continue
				}
				ks, res := powerExponentCandidatesWith(m)
				if len(ks) == 0 {
					// No candidates: the residues may be unread; take
					// them directly.
					res = smallResidues{modular.ReduceWords(m, squaresTo29), modular.ReduceWords(m, squares31To47)}
				}
				got, want := notKthPowerBySmallPrimes(m, res, k), notKthPowerBySmallPrimesByDivision(m, k)
				if got != want {
					t.Fatalf("k = %d, m = %v: %v, want %v", k, m, got, want)
				}
				if got && m != x && m.Cmp(x) != 0 && new(big.Int).Exp(x, new(big.Int).SetUint64(k), nil).Cmp(m) == 0 {
					t.Fatalf("x^%d ruled out as no %d-th power, x = %v", k, k, x)
				}
				if got {
					seen++
				}
			}
		}
	}
	if seen < 1000 {
		t.Fatalf("only %d integers ruled out: the test checks too little", seen)
	}
}
