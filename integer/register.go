// Package integer is Jacobian's integer domain: gcd and its relatives,
// modular arithmetic, factorization and primality.
//
// Every operation here takes and returns integers as decimal strings
// (core.Integer); the canonical form of each result is stated on its
// declaration.
package integer

import (
	"errors"

	"jacobian.dev/core"
)

// Register adds the integer domain's operations to r.
func Register(r *core.Registry) error {
	return errors.Join(
		core.Add(r, gcdOperation()),
		core.Add(r, lcmOperation()),
		core.Add(r, extendedGCDOperation()),
		core.Add(r, modularInverseOperation()),
		core.Add(r, modularPowerOperation()),
		core.Add(r, factorOperation()),
		core.Add(r, primalityOperation()),
	)
}
