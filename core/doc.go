// Package core holds what every Jacobian surface and domain shares: the
// exact value encodings (integers and rationals as decimal strings,
// matrices, and Polynomial, the one result form of a univariate polynomial
// over any ring, with its one renderer RenderPolynomial; docs/values.md
// states them all), operation declarations and the
// registry they are added to, the one execution pipeline (Runtime) with its
// outcome union and stable codes, and the catalog search index.
//
// A domain module exports a single Register(*Registry) error that calls Add
// for each of its operations; a binary's membership is exactly the list of
// Register functions its main passes in. Nothing registers itself.
package core
