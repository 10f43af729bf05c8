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
// certificate (see the integer domain). Below 2^64 the test runs in machine
// words with smaller base sets proven deterministic there (see test64).
package primality

import (
	"math/big"
	"math/bits"

	"jacobian.dev/core/modular"
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

// test64 is Test for n < 2^64 in machine words, an order of magnitude
// faster than math/big for the small numbers that factorizations, field
// characteristics and prime tables mostly are. Trial division by the primes
// up to 41 settles n < 43² and removes the easy composites; Miller–Rabin
// then runs on the base set that is proven deterministic for n's size:
//
//   - n < 2^32: the bases 2, 7, 61 (Jaeschke, "On strong pseudoprimes to
//     several bases", Math. Comp. 61 (1993): the least strong pseudoprime
//     to all three is 4,759,123,141 > 2^32);
//   - n < 2^64: the seven bases 2, 325, 9375, 28178, 450775, 9780504,
//     1795265022 of J. Sinclair (2011), checked against Feitsma and
//     Galway's complete list of base-2 strong pseudoprimes below 2^64
//     (the sets of Forišek and Jančina, "Fast primality testing for
//     integers that fit into a machine word", 2015, §2, cite it too).
//
// Products modulo n are Montgomery products (Montgomery, "Modular
// multiplication without trial division", Math. Comp. 44 (1985)): two
// word multiplications and a subtraction instead of a 128-by-64-bit
// division. The second result is the witness, 0 if none.
func test64(n uint64) (Status, uint64) {
	// Constant divisors: the compiler turns each remainder into a
	// multiplication.
	switch {
	case n == 2, n == 3, n == 5, n == 7, n == 11, n == 13, n == 17, n == 19,
		n == 23, n == 29, n == 31, n == 37, n == 41:
		return Prime, 0
	case n%2 == 0:
		return Composite, 2
	case n%3 == 0:
		return Composite, 3
	case n%5 == 0:
		return Composite, 5
	case n%7 == 0:
		return Composite, 7
	case n%11 == 0:
		return Composite, 11
	case n%13 == 0:
		return Composite, 13
	case n%17 == 0:
		return Composite, 17
	case n%19 == 0:
		return Composite, 19
	case n%23 == 0:
		return Composite, 23
	case n%29 == 0:
		return Composite, 29
	case n%31 == 0:
		return Composite, 31
	case n%37 == 0:
		return Composite, 37
	case n%41 == 0:
		return Composite, 41
	case n < 43*43:
		return Prime, 0 // no prime factor up to √n
	}
	bases := bases64[:]
	if n < 1<<32 {
		bases = bases32[:]
	}
	return millerRabin(modular.NewMont64(n), bases)
}

// bases32 and bases64 are the deterministic Miller–Rabin base sets of
// test64 below 2^32 and 2^64.
var (
	bases32 = [...]uint64{2, 7, 61}
	bases64 = [...]uint64{2, 325, 9375, 28178, 450775, 9780504, 1795265022}
)

// millerRabin runs the Miller–Rabin rounds for the bases (at most seven,
// each in [2, n), as test64's sets are for the n they serve) and returns Prime or Composite with the first witness. The
// powers a^d of all bases are taken in one pass over the bits of d, right
// to left: the squarings of each base and the products into each result
// are independent chains, so the processor overlaps their multiplications
// instead of waiting out one chain at a time.
func millerRabin(m modular.Mont64, bases []uint64) (Status, uint64) {
	var base, x [7]uint64
	k := len(bases)
	for i, a := range bases {
		base[i], x[i] = m.To(a), m.One()
	}
	nm1 := m.N() - 1
	s := bits.TrailingZeros64(nm1)
	for d := nm1 >> s; d > 0; d >>= 1 {
		if d&1 == 1 {
			for i := range k {
				x[i] = m.Mul(x[i], base[i])
			}
		}
		if d > 1 {
			for i := range k {
				base[i] = m.Mul(base[i], base[i])
			}
		}
	}
	minus := m.MinusOne() // −1 in Montgomery form
next:
	for i := range k {
		y := x[i]
		if y == m.One() || y == minus {
			continue
		}
		for r := 1; r < s; r++ {
			if y = m.Mul(y, y); y == minus {
				continue next
			}
			if y == m.One() {
				break
			}
		}
		return Composite, bases[i]
	}
	return Prime, 0
}

// witness is millerRabinWitness64 in Montgomery form.
func witness(m modular.Mont64, a uint64) bool {
	a %= m.N()
	if a == 0 {
		return false // a ≡ 0 proves nothing; n divides the base
	}
	nm1 := m.N() - 1
	s := bits.TrailingZeros64(nm1)
	d := nm1 >> s
	minus := m.MinusOne() // −1 in Montgomery form
	base, x := m.To(a), m.One()
	for ; d > 0; d >>= 1 {
		if d&1 == 1 {
			x = m.Mul(x, base)
		}
		base = m.Mul(base, base)
	}
	if x == m.One() || x == minus {
		return false
	}
	for r := 1; r < s; r++ {
		x = m.Mul(x, x)
		if x == minus {
			return false
		}
		if x == m.One() {
			return true
		}
	}
	return true
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

// StrongProbablePrime reports whether the odd n > 2 is a strong probable
// prime to the base a, 1 < a < n: the Miller–Rabin round for a finds no
// witness of compositeness. Every prime is; a composite that is, is a
// strong pseudoprime to the base a.
func StrongProbablePrime(n, a uint64) bool { return !witness(modular.NewMont64(n), a) }
