// Package primality decides whether integers are prime, saying whether the
// answer is proven or only probable. The integer and finite-field domains
// share it.
//
// Below 3.3·10^24 Miller–Rabin with the first thirteen prime bases 2..41 is
// deterministic: Sorenson and Webster, "Strong pseudoprimes to twelve prime
// bases", Math. Comp. 86 (2017), show ψ13 = 3317044064679887385961981, so
// every composite below it has a witness among those bases. Above that
// bound the Baillie–PSW test (bpsw.go) has no known
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

// basesProduct is 2·3·5·…·41, the product of DeterministicBases, below 2^49.
const basesProduct = 2 * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41

// Test classifies n. Values below 2 are Composite (they are not prime;
// callers that care about units handle them first). The second result is a
// Miller–Rabin witness or a small factor when n is composite and one was
// found, nil otherwise.
func Test(n *big.Int) (Status, *big.Int) {
	st, w, _ := test(n)
	return st, w
}

// TestMontgomery is Test, with the Montgomery arithmetic modulo n that
// Baillie–PSW ran in when n is not found composite and took that route
// (n of two to 32 words beyond DeterministicBound), nil otherwise: a
// caller that goes on working modulo a prime n (a square root modulo
// it, say) need not prepare it again.
func TestMontgomery(n *big.Int) (Status, *big.Int, *Montgomery) {
	st, w, mg := test(n)
	if mg == nil {
		return st, w, nil
	}
	return st, w, &Montgomery{mg}
}

// test is Test, with the Montgomery arithmetic of its Baillie–PSW
// rounds when it ran them.
func test(n *big.Int) (Status, *big.Int, *montgomery) {
	if n.Sign() <= 0 || n.Cmp(big.NewInt(2)) < 0 {
		return Composite, nil, nil
	}
	if n.IsUint64() {
		st, w := test64(n.Uint64())
		if w != 0 {
			return st, new(big.Int).SetUint64(w), nil
		}
		return st, nil, nil
	}
	// n ≥ 2^64 is none of the bases; one remainder modulo their product
	// finds any that divides it.
	r := modular.ReduceWords(n, basesProduct)
	for _, p := range DeterministicBases {
		if r%uint64(p) == 0 {
			return Composite, big.NewInt(p), nil
		}
	}
	if n.Cmp(DeterministicBound) < 0 {
		for _, a := range DeterministicBases {
			if MillerRabinWitness(n, big.NewInt(a)) {
				return Composite, big.NewInt(a), nil
			}
		}
		return Prime, nil, nil
	}
	// Baillie–PSW: one Miller–Rabin round to base 2 rejects almost every
	// composite with its witness, a Lucas test the rest (bpsw.go;
	// ProbablyPrime(0) is the same test, kept for moduli beyond
	// maxMontWords).
	if len(n.Bits())*bits.UintSize <= 64*maxMontWords {
		mg := newMontgomery(n)
		if !strongProbablePrime2(mg, n) {
			return Composite, big.NewInt(2), nil
		}
		if lucasProbablePrime(mg, n) {
			return ProbablePrime, nil, mg
		}
		return Composite, nil, nil
	}
	if MillerRabinWitness(n, big.NewInt(2)) {
		return Composite, big.NewInt(2), nil
	}
	if n.ProbablyPrime(0) {
		return ProbablePrime, nil, nil
	}
	return Composite, nil, nil
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

// test64 is Test for n < 2^64, in machine words (modular.PrimeTest64).
// The second result is the witness, 0 if none.
func test64(n uint64) (Status, uint64) {
	if prime, w := modular.PrimeTest64(n); !prime {
		return Composite, w
	}
	return Prime, 0
}

// StrongProbablePrime reports whether the odd n > 2 is a strong probable
// prime to the base a, 1 < a < n: the Miller–Rabin round for a finds no
// witness of compositeness. Every prime is; a composite that is, is a
// strong pseudoprime to the base a.
func StrongProbablePrime(n, a uint64) bool { return modular.StrongProbablePrime(n, a) }
