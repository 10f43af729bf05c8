package main

import (
	"jacobian.dev/core"
	"jacobian.dev/finitefield"
	"jacobian.dev/integer"
	"jacobian.dev/matrix"
	"jacobian.dev/polynomial"
)

// domains is the binary's whole catalog: the Register function of every
// domain it installs. This file is the only place the default build names a
// domain; a custom build replaces it with a generated one.
func domains() []core.Registrar {
	return []core.Registrar{
		integer.Register,
		matrix.Register,
		finitefield.Register,
		polynomial.Register,
	}
}
