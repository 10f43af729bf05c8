// Package matrix is Jacobian's matrix domain: exact linear algebra over Z
// and Q. Matrices travel as core.Matrix (rows of rational strings); every
// result is exact and its canonical form is stated on its declaration.
//
// Most operations share one engine, fraction-free Gaussian elimination
// (eliminate.go); the characteristic polynomial uses Berkowitz's
// division-free algorithm, and products are computed directly. Every result
// is checked before it is published by an independent, cheaper test,
// usually a modular image from core/modular.
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
	)
}
