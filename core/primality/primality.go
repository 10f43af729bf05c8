// Package primality decides whether integers are prime, saying whether the
// answer is proven or only probable. The integer and finite-field domains
// share it.
//
// Below 3.3·10^24 Miller–Rabin with the first thirteen prime bases 2..41 is
// deterministic: Sorenson and Webster, "Strong pseudoprimes to twelve prime
// bases", Math. Comp. 86 (2017), show ψ13 = 3317044064679887385961981, so
// every composite below it has a witness among those bases. Above that
// bound the Baillie–PSW test (math/big's ProbablyPrime(0)) has no known
// counterexample but is not a proof; callers that need proof use a
// certificate (see the integer domain).
package primality

import (
	"math/big"
	"math/bits"
)

// Status is what a test established.
type Status int

const (
	// Composite is proven: a witness or a factor exists.
	Composite Status = iota
	// Prime is proven.
	Prime
	// ProbablePrime passed Baillie–PSW but is beyond the deterministic range.
	ProbablePrime
)

func (s Status) String() string {
	switch s {
	case Composite:
		return "composite"
	case Prime:
		return "prime"
	}
	return "probable_prime"
}

// DeterministicBound is ψ13: below it, Miller–Rabin to the bases
// DeterministicBases proves primality.
var DeterministicBound, _ = new(big.Int).SetString("3317044064679887385961981", 10)

// DeterministicBases are the first thirteen primes.
var DeterministicBases = []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41}

// Test classifies n. Values below 2 are Composite (they are not prime;
// callers that care about units handle them first). The second result is a
// Miller–Rabin witness or a small factor when n is composite and one was
// found, nil otherwise.
func Test(n *big.Int) (Status, *big.Int) {
	if n.Sign() <= 0 || n.Cmp(big.NewInt(2)) < 0 {
		return Composite, nil
	}
	if n.IsUint64() {
		st, w := test64(n.Uint64())
		if w != 0 {
			return st, new(big.Int).SetUint64(w)
		}
		return st, nil
	}
	for _, p := range DeterministicBases {
		bp := big.NewInt(p)
		if n.Cmp(bp) == 0 {
			return Prime, nil
		}
		if new(big.Int).Mod(n, bp).Sign() == 0 {
			return Composite, bp
		}
	}
	if n.Cmp(DeterministicBound) < 0 {
		for _, a := range DeterministicBases {
			if MillerRabinWitness(n, big.NewInt(a)) {
				return Composite, big.NewInt(a)
			}
		}
		return Prime, nil
	}
	if !MillerRabinWitness(n, big.NewInt(2)) && n.ProbablyPrime(0) {
		return ProbablePrime, nil
	}
	if MillerRabinWitness(n, big.NewInt(2)) {
		return Composite, big.NewInt(2)
	}
	return Composite, nil
}

// MillerRabinWitness reports whether a proves the odd n > 2 composite: with
// n − 1 = 2^s·d, d odd, a is a witness when a^d ≢ 1 and a^(2^r·d) ≢ −1 for
// all 0 ≤ r < s (mod n).
func MillerRabinWitness(n, a *big.Int) bool {
	one := big.NewInt(1)
	nm1 := new(big.Int).Sub(n, one)
	s := nm1.TrailingZeroBits()
	d := new(big.Int).Rsh(nm1, s)
	x := new(big.Int).Exp(a, d, n)
	if x.Cmp(one) == 0 || x.Cmp(nm1) == 0 {
		return false
	}
	for r := uint(1); r < s; r++ {
		x.Mul(x, x).Mod(x, n)
		if x.Cmp(nm1) == 0 {
			return false
		}
		if x.Cmp(one) == 0 {
			return true
		}
	}
	return true
}

// test64 is Test for n < 2^64 in machine words: the same trial division by
// the thirteen bases and the same Miller–Rabin rounds, an order of magnitude
// faster than math/big for the small numbers that factorizations and field
// characteristics mostly are. The second result is the witness, 0 if none.
func test64(n uint64) (Status, uint64) {
	for _, p := range DeterministicBases {
		switch {
		case n == uint64(p):
			return Prime, 0
		case n%uint64(p) == 0:
			return Composite, uint64(p)
		}
	}
	if n < 43*43 {
		return Prime, 0 // no prime factor up to √n
	}
	for _, a := range DeterministicBases {
		if millerRabinWitness64(n, uint64(a)) {
			return Composite, uint64(a)
		}
	}
	return Prime, 0
}

// millerRabinWitness64 is MillerRabinWitness for odd n < 2^64, a < n.
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
