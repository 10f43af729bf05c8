// Package polynomial is Jacobian's domain of univariate polynomials with
// integer and rational coefficients: arithmetic, division with remainder
// and pseudo-division, evaluation, composition, derivatives, greatest
// common divisors, square-free decomposition, resultants and
// discriminants, real root isolation and its checker, complex roots with
// certified radii, factorization over Z and Q and its irreducibility
// check, rational roots, Sturm sequences, interpolation and cyclotomic
// polynomials; and
// multivariate polynomials over Q (multivariate.go): arithmetic, reduced
// Gröbner bases in lex, grevlex and elimination orders, and ideal
// membership.
//
// Requests take each polynomial either as coefficients (exact rational
// strings, constant term first) or as a strict expression (package
// core/polyexpr); results carry both the coefficients and the expression
// core.RenderPolynomial writes (core.Polynomial[core.Rational], which the
// expression form reads back). The canonical form of each result is stated on its
// operation.
package polynomial

import (
	"errors"

	"jacobian.dev/core"
)

// Register adds the polynomial domain's operations to r.
func Register(r *core.Registry) error {
	return errors.Join(
		core.Add(r, arithmeticOperation()),
		core.Add(r, evaluateOperation()),
		core.Add(r, derivativeOperation()),
		core.Add(r, gcdOperation()),
		core.Add(r, squareFreeOperation()),
		core.Add(r, resultantOperation()),
		core.Add(r, discriminantOperation()),
		core.Add(r, realRootsOperation()),
		core.Add(r, realRootsCheckOperation()),
		core.Add(r, rationalRootsOperation()),
		core.Add(r, sturmOperation()),
		core.Add(r, cyclotomicOperation()),
		core.Add(r, compositionOperation()),
		core.Add(r, interpolationOperation()),
		core.Add(r, divisionOperation()),
		// Factorization over Z and Q.
		core.Add(r, factorizationOperation()),
		core.Add(r, irreducibilityOperation()),
		// Complex roots with certified radii.
		core.Add(r, complexRootsOperation()),
		// Multivariate polynomials and Gröbner bases.
		core.Add(r, multiArithmeticOperation()),
		core.Add(r, groebnerOperation()),
		core.Add(r, membershipOperation()),
	)
}
