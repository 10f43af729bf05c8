package main

import (
	"slices"
	"testing"

	"jacobian.dev/core"
)

// TestRetrievalTop3 measures catalog retrieval over the default
// distribution's installed operations: realistic requests, in the words a
// person or a model would use, each with the operations that must rank in
// the top three.
func TestRetrievalTop3(t *testing.T) {
	reg, err := core.NewRegistryWith(domains()...)
	if err != nil {
		t.Fatal(err)
	}
	rt := core.NewRuntime(reg, core.RuntimeOptions{})
	queries := []struct {
		query string
		want  []string
	}{
		{"greatest common divisor of two integers", []string{"integer.compute.gcd"}},
		{"gcd", []string{"integer.compute.gcd"}},
		{"highest common factor", []string{"integer.compute.gcd"}},
		{"least common multiple", []string{"integer.compute.lcm"}},
		{"bezout coefficients", []string{"integer.compute.extended_gcd"}},
		{"extended euclidean algorithm", []string{"integer.compute.extended_gcd"}},
		{"inverse of a modulo m", []string{"integer.compute.modular_inverse"}},
		{"modular exponentiation a^e mod n", []string{"integer.compute.modular_power"}},
		{"factor an integer into primes", []string{"integer.compute.prime_factorization"}},
		{"prime factors of a number", []string{"integer.compute.prime_factorization"}},
		{"is this number prime", []string{"integer.check.primality"}},
		{"primality certificate", []string{"integer.check.primality"}},
		{"determinant of a matrix", []string{"matrix.determinant.compute"}},
		{"rank of a matrix", []string{"matrix.rank.compute"}},
		{"reduced row echelon form", []string{"matrix.normal_form.rref.compute"}},
		{"rref", []string{"matrix.normal_form.rref.compute"}},
		{"invert a matrix", []string{"matrix.inverse.compute"}},
		{"check that B is the inverse of A", []string{"matrix.inverse.check"}},
		{"solve a linear system exactly", []string{"matrix.linear_system.solve"}},
		{"solve Ax = b", []string{"matrix.linear_system.solve"}},
		{"kernel of a matrix", []string{"matrix.nullspace.compute"}},
		{"null space basis", []string{"matrix.nullspace.compute"}},
		{"multiply two matrices", []string{"matrix.multiply.compute"}},
		{"characteristic polynomial of a matrix", []string{"matrix.characteristic_polynomial.compute"}},
		{"eigenvalues polynomial", []string{"matrix.characteristic_polynomial.compute"}},
		{"multiply elements of a finite field", []string{"finite_field.element.arithmetic.compute"}},
		{"multiplicative order of an element in GF(p)", []string{"finite_field.element.order.compute"}},
		{"is this polynomial irreducible over GF(p)", []string{"finite_field.polynomial.irreducibility.check"}},
		{"roots of a polynomial modulo a prime", []string{"finite_field.polynomial.roots.compute"}},
		{"value table of a polynomial map over a finite field", []string{"finite_field.polynomial_map.table.compute"}},
		{"preimages of a polynomial map", []string{"finite_field.polynomial_map.fibers.compute"}},
		{"is a polynomial a permutation of the field", []string{"finite_field.polynomial_map.fibers.compute"}},
		{"add two polynomials", []string{"polynomial.arithmetic.compute"}},
		{"polynomial long division with remainder", []string{"polynomial.arithmetic.compute"}},
		{"evaluate a polynomial at a rational point", []string{"polynomial.evaluate.compute"}},
		{"derivative of a polynomial", []string{"polynomial.derivative.compute"}},
		{"gcd of two polynomials", []string{"polynomial.gcd.compute"}},
		{"square-free factorization", []string{"polynomial.square_free_decomposition.compute"}},
		{"resultant of two polynomials", []string{"polynomial.resultant.compute"}},
		{"discriminant of a polynomial", []string{"polynomial.discriminant.compute"}},
	}
	missed := 0
	for _, q := range queries {
		res, err := rt.Search(core.SearchRequest{Query: q.query, Limit: 3})
		if err != nil {
			t.Fatalf("%q: %v", q.query, err)
		}
		var got []string
		for _, h := range res.Hits {
			got = append(got, h.CapabilityID)
		}
		for _, w := range q.want {
			if !slices.Contains(got, w) {
				missed++
				t.Errorf("%q: top 3 are %v, missing %s", q.query, got, w)
			}
		}
	}
	t.Logf("%d of %d queries found their operations in the top 3", len(queries)-missed, len(queries))
}
