package finitefield

import (
	"context"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
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

// slowExtension is the field on which element arithmetic is slowest within
// the field limits: GF(p^31) with p = 2^33 − 9, the largest prime below
// 2^33 (31·33 = 1023 bits, and p ≥ 2^32 keeps it off the machine-word
// extension arithmetic of wordext.go, so that each product is 31² products
// on math/big), presented by the first of a seeded run of dense random
// monic polynomials of degree 31 that is irreducible (a dense modulus makes
// every reduction cost 31² products too). The search costs milliseconds.
func slowExtension() *gf {
	const p, k = 1<<33 - 9, 31
	w := newWordFactorer(p)
	rng := rand.New(rand.NewPCG(p, k))
	for {
		f := make([]uint64, k+1)
		for i := range k {
			f[i] = rng.Uint64N(p)
		}
		f[k] = 1
		if ok, err := w.irreducible(context.Background(), f); err != nil {
			panic(err)
		} else if ok {
			m := make([]*big.Int, len(f))
			for i, c := range f {
				m[i] = new(big.Int).SetUint64(c)
			}
			return newGF(new(big.Int).SetUint64(p), k, m)
		}
	}
}

// slowArithmetic is a cancellation probe for element arithmetic: a dense
// element of slowExtension to the power 2^1022 − 1, whose 1022 one bits
// make the most products any exponent (reduced modulo q − 1 < 2^1023)
// can, about 2,000 products in all. About 0.3 s, the most the limits
// allow: the cancellation check needs only 50ms.
func slowArithmetic() string {
	F := slowExtension()
	e := core.Int(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 1022), big.NewInt(1)))
	a := F.random(rand.New(rand.NewPCG(1022, 1)))
	return mustJSON(ArithmeticRequest{Field: F.toField(), Op: OpPower, Left: F.toElement(a), Exponent: &e})
}

// slowMinimalPolynomial is a cancellation probe for the minimal
// polynomial: a dense element of slowExtension, whose 31 conjugates take
// 31 powers to the 33-bit p and whose product of x − c over them another
// 500 products. About 0.35 s, the most the limits allow: the cancellation
// check needs only 50ms.
func slowMinimalPolynomial() string {
	F := slowExtension()
	a := F.random(rand.New(rand.NewPCG(31, 1)))
	return mustJSON(ElementRequest{Field: F.toField(), Element: F.toElement(a)})
}

// slowRoot is a cancellation probe for k-th roots: the k-th roots of 1 in
// GF(p^2) = GF(p)[t]/(t^2 − 3), p = 2^61 − 1 (3 is not a square modulo p,
// 3^((p−1)/2) ≡ −1), on math/big since p ≥ 2^32, for the greatest k within
// the work limit that divides q − 1, so that x^k − 1 splits into k distinct
// linear factors and equal-degree splitting has the most to do (k = 66).
// About 0.9 s.
func slowRoot() string {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(1))
	F := newGF(p, 2, []*big.Int{new(big.Int).Sub(p, big.NewInt(3)), big.NewInt(0), big.NewInt(1)})
	k := 1
	for polyWork(k+1, 2, 61, 122, false) <= MaxPolyWork {
		k++
	}
	for new(big.Int).Mod(F.qm1, big.NewInt(int64(k))).Sign() != 0 {
		k--
	}
	return mustJSON(RootRequest{Field: F.toField(), Element: F.toElement(F.one()), K: k})
}

// slowDiscreteLog is a cancellation probe for discrete logarithms: base 5,
// a generator, and the element 3 modulo p = 2·r·s + 1 =
// 1208925817625612640209207 < 2^80, where r = 1099511627689 is the largest
// prime below 2^40 and s = 549755813027 the largest prime below 2^39 that
// makes p prime. Above 2^64 index calculus does not apply, so
// Pohlig–Hellman meets two subgroups of 40 and 39 bits, each a baby-step
// giant-step search with about 2^20 and 2^19.5 baby steps on math/big.
// About 4 to 5 s.
const slowDiscreteLog = `{"field":{"characteristic":"1208925817625612640209207","degree":1},"base":"5","element":"3"}`

// slowIrreduciblePolynomial is a cancellation probe for the irreducible
// polynomial search: the least primitive quintic over GF(65521), which
// tries some 10^5 candidates (about 4 s; see MaxIrreducibleWork).
const slowIrreduciblePolynomial = `{"characteristic":"65521","degree":5,"primitive":true}`

// slowTableCheck is a cancellation probe for the operations that take a
// value table: the table of 1 + x + x^2 + … + x^255 over GF(2^16), naming
// its polynomial, exactly at the work limit, so that checking the outputs
// against the polynomial costs 2^24 Horner steps before the fibers are
// grouped or the table is interpolated. Building it evaluates the
// polynomial as often, about a second.
func slowTableCheck() string { return fibersRequest(gf65536, 16, onesPolynomial(255, 16)) }
