// Package finitefield is Jacobian's finite-field domain: arithmetic and
// multiplicative orders in GF(p) and GF(p^k); arithmetic, irreducibility,
// roots and factorization of polynomials over them; and value tables and
// fibers of polynomial maps.
//
// A field is presented as {"characteristic": "p", "degree": k, "modulus":
// {"coefficients": [...]}} (see Field): p any prime, and for k > 1 a monic
// irreducible modulus f of degree k, so that GF(p^k) = GF(p)[t]/(f). Every
// request proves (or, above 3.3·10^24, probabilistically establishes) that
// p is prime and proves f irreducible by Rabin's test before computing, and
// every result says which in "characteristic_primality". Elements of GF(p)
// are integer strings in [0, p); elements of GF(p^k) are coordinate lists
// (see Element). The integer encoding Σ c_i p^i orders elements wherever a
// canonical order is needed.
//
// Arithmetic is exact on math/big, with machine-word fast paths for prime
// fields with p < 2^63 (wordpoly.go), extension fields with p < 2^32
// (wordext.go) and fields small enough to tabulate, q ≤ 2^16, through
// Zech logarithms (smallfield.go); the tests check each fast path against
// the math/big reference. Randomized algorithms (Cantor–Zassenhaus) draw
// from a generator seeded by the input, and their answers are put in a
// canonical order, so every result is a function of the request alone.
package finitefield

import (
	"errors"

	"jacobian.dev/core"
)

// Register adds the finite-field domain's operations to r.
func Register(r *core.Registry) error {
	return errors.Join(
		core.Add(r, arithmeticOperation()),
		core.Add(r, orderOperation()),
		core.Add(r, minimalPolynomialOperation()),
		core.Add(r, primitivityOperation()),
		core.Add(r, primitiveElementOperation()),
		core.Add(r, rootOperation()),
		core.Add(r, discreteLogOperation()),
		core.Add(r, irreducibilityOperation()),
		core.Add(r, rootsOperation()),
		core.Add(r, factorizationOperation()),
		core.Add(r, polyArithmeticOperation()),
		core.Add(r, tableOperation()),
		core.Add(r, fibersOperation()),
		core.Add(r, interpolationOperation()),
		core.Add(r, irreduciblePolynomialOperation()),
		core.Add(r, conwayPolynomialOperation()),
	)
}
