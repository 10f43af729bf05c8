// Package matrix is Jacobian's matrix domain: exact linear algebra over Z
// and Q. Matrices travel as core.Matrix (rows of rational strings); every
// result is exact and its canonical form is stated on its declaration.
//
// Small matrices go through fraction-free Gaussian elimination
// (eliminate.go) and Berkowitz's division-free characteristic polynomial
// (charpoly.go). Larger ones are solved modulo many 62-bit primes in
// parallel and reconstructed by Chinese remaindering (determinant_crt.go,
// rref_crt.go), the RREF family with an exact certificate and the simple
// methods as fallback; the tests hold the two against each other and
// against PARI/GP. Every result is checked before it is published by an
// independent, cheaper test, usually a modular image from core/modular.
package matrix

import (
	"errors"

	"jacobian.dev/core"
)

// Register adds the matrix domain's operations to r.
func Register(r *core.Registry) error {
	return errors.Join(
		core.Add(r, determinantOperation()),
		core.Add(r, rankOperation()),
		core.Add(r, rrefOperation()),
		core.Add(r, inverseOperation()),
		core.Add(r, solveOperation()),
		core.Add(r, nullspaceOperation()),
		core.Add(r, multiplyOperation()),
		core.Add(r, charpolyOperation()),
		core.Add(r, inverseCheckOperation()),
		core.Add(r, hermiteOperation()),
		core.Add(r, smithOperation()),
		core.Add(r, lllOperation()),
		core.Add(r, lllCheckOperation()),
		core.Add(r, traceOperation()),
		core.Add(r, transposeOperation()),
		core.Add(r, kroneckerOperation()),
		core.Add(r, powerOperation()),
		core.Add(r, minpolyOperation()),
		core.Add(r, integerKernelOperation()),
		core.Add(r, integerSolveOperation()),
	)
}
