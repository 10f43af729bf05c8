package finitefield

import (
	"math/big"
	"math/rand/v2"
)

// slowRoots is a cancellation probe for roots: the product of (x − r) for
// the largest number of seeded random r ∈ GF(2^61 − 1) within the work
// limit, so equal-degree splitting has the most work to do. Building it
// costs a few milliseconds.
func slowRoots() string {
	F := newGF(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(1)), 1, nil)
	n := 1
	for polyWork(n+1, 1, 61, 61, false) <= MaxPolyWork {
		n++
	}
	rng := rand.New(rand.NewPCG(61, uint64(n)))
	f := poly{F.one()}
	for range n {
		f = F.pmul(f, poly{F.neg(F.random(rng)), F.one()})
	}
	return mustJSON(PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(f, "")})
}

// slowIrreducible is a cancellation probe for the irreducibility check: a
// dense seeded random monic polynomial over GF(2^89 − 1) (a Mersenne
// prime; PARI/GP 2.15: isprime(2^89 - 1) = 1), above the word factoring
// core, of the largest degree within the work limit, so that Rabin's test
// walks the Frobenius matrix for n steps of n² products on math/big.
// Building it costs microseconds.
func slowIrreducible() string {
	F := newGF(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 89), big.NewInt(1)), 1, nil)
	n := 1
	for polyWork(n+1, 1, 89, 89, true) <= MaxPolyWork {
		n++
	}
	rng := rand.New(rand.NewPCG(89, uint64(n)))
	f := make(poly, n+1)
	for i := range f {
		f[i] = F.random(rng)
	}
	f[n] = F.one()
	return mustJSON(PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(trimPoly(f), "")})
}

// slowTable is a cancellation probe for the table: 1 + x + x^2 + … + x^255
// over GF(2^16) = GF(2)[t]/(t^16 + t^12 + t^3 + t + 1) (irreducible; PARI/GP
// 2.15.2: polisirreducible(Mod(1,2)*(x^16+x^12+x^3+x+1)) = 1), exactly at
// the work limit of 2^24 Horner steps.
const slowTable = `{"field":{"characteristic":"2","degree":16,"modulus":{"coefficients":["1","1","0","1","0","0","0","0","0","0","0","0","1","0","0","0","1"]}},"polynomial":{"coefficients":[["1"]` + `,["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"],["1"]` + `]}}`
