package modular

import "math/bits"

// IsPrime decides primality of any n < 2^64 deterministically (see
// PrimeTest64).
func IsPrime(n uint64) bool {
	prime, _ := PrimeTest64(n)
	return prime
}

// PrimeTest64 decides primality of n < 2^64 in machine words, an order of
// magnitude faster than math/big for the small numbers that
// factorizations, field characteristics and prime tables mostly are.
// Trial division by the primes up to 41 settles n < 43² and removes the
// easy composites; Miller–Rabin then runs on the base set that is proven
// deterministic for n's size:
//
//   - n < 2^24: the base 2 alone, but for the 210 strong pseudoprimes to
//     it there, which are listed (primeBelow24);
//   - n < 2^32: the bases 2, 7, 61 (Jaeschke, "On strong pseudoprimes to
//     several bases", Math. Comp. 61 (1993): the least strong pseudoprime
//     to all three is 4,759,123,141 > 2^32);
//   - n < 2^64: the seven bases 2, 325, 9375, 28178, 450775, 9780504,
//     1795265022 of J. Sinclair (2011), checked against Feitsma and
//     Galway's complete list of base-2 strong pseudoprimes below 2^64
//     (the sets of Forišek and Jančina, "Fast primality testing for
//     integers that fit into a machine word", 2015, §2, cite it too).
//
// Products modulo n are Montgomery products (Mont64; below 2^32 the
// 32-bit ones of millerRabin32, which runs the three rounds written out,
// and of primeBelow24).
// For a composite n the second result is a witness, a prime factor up to
// 41 or a Miller–Rabin base, and 0 for n < 2; for a prime it is 0.
func PrimeTest64(n uint64) (prime bool, witness uint64) {
	// Constant divisors: the compiler turns each remainder into a
	// multiplication.
	switch {
	case n < 2:
		return false, 0
	case n <= 41 && primesTo41>>n&1 == 1:
		return true, 0
	case n%2 == 0:
		return false, 2
	case n%3 == 0:
		return false, 3
	case n%5 == 0:
		return false, 5
	case n%7 == 0:
		return false, 7
	case n%11 == 0:
		return false, 11
	case n%13 == 0:
		return false, 13
	case n%17 == 0:
		return false, 17
	case n%19 == 0:
		return false, 19
	case n%23 == 0:
		return false, 23
	case n%29 == 0:
		return false, 29
	case n%31 == 0:
		return false, 31
	case n%37 == 0:
		return false, 37
	case n%41 == 0:
		return false, 41
	case n < 43*43:
		return true, 0 // no prime factor up to √n
	}
	if n < base2Limit {
		return primeBelow24(uint32(n))
	}
	if n < 1<<32 {
		return millerRabin32(uint32(n))
	}
	return millerRabin(NewMont64(n), bases64[:])
}

// primesTo41 has bit p set for each prime p up to 41.
const primesTo41 = 1<<2 | 1<<3 | 1<<5 | 1<<7 | 1<<11 | 1<<13 | 1<<17 | 1<<19 |
	1<<23 | 1<<29 | 1<<31 | 1<<37 | 1<<41

// bases32 and bases64 are the deterministic Miller–Rabin base sets of
// PrimeTest64 below 2^32 and 2^64; millerRabin32 has bases32 written in.
var (
	bases32 = [...]uint64{2, 7, 61}
	bases64 = [...]uint64{2, 325, 9375, 28178, 450775, 9780504, 1795265022}
)

// millerRabin runs the Miller–Rabin rounds for the bases (at most seven,
// each in [2, n), as PrimeTest64's sets are for the n they serve) and
// reports primality with the first witness. The powers a^d of all bases
// are taken in one pass over the bits of d, right to left: the squarings
// of each base and the products into each result are independent chains,
// so the processor overlaps their multiplications instead of waiting out
// one chain at a time.
func millerRabin(m Mont64, bases []uint64) (bool, uint64) {
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
		return false, bases[i]
	}
	return true, 0
}

// StrongProbablePrime reports whether the odd n > 2 is a strong probable
// prime to the base a, 1 < a < n: the Miller–Rabin round for a finds no
// witness of compositeness. Every prime is; a composite that is, is a
// strong pseudoprime to the base a.
func StrongProbablePrime(n, a uint64) bool { return !isWitness(NewMont64(n), a) }

// isWitness reports whether a proves the odd n > 2 of m composite by one
// Miller–Rabin round in Montgomery form: with n − 1 = 2^s·d, d odd,
// a^d ≢ 1 and a^(2^r·d) ≢ −1 for all 0 ≤ r < s.
func isWitness(m Mont64, a uint64) bool {
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
