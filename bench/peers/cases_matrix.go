package main

import "fmt"

// matrixCases are the matrix domain's rows.
func matrixCases() []Case {
	var cases []Case
	for _, n := range []int{50, 100, 200, 400} {
		cases = append(cases, Case{
			Name: fmt.Sprintf("det_%d", n), Size: n, Tiny: 2 + n/50, Series: "det",
			Inputs:   determinantInputs,
			Jacobian: operation("matrix.determinant.compute", matrixPayloadOf, stringAnswer("determinant")),
			FLINT:    "fmpz_mat_det",
			GP:       "matdet(m)",
		})
	}
	return cases
}
