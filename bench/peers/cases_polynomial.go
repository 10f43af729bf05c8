package main

// polynomialCases are the polynomial domain's rows.
func polynomialCases() []Case {
	return []Case{
		{
			Name: "poly_gcd_deg1000", Size: 1000, Tiny: 12,
			Inputs:   polyGCDInputs,
			Jacobian: operation("polynomial.gcd.compute", twoPolyPayload("Z"), polyAnswer("gcd")),
			FLINT:    "fmpz_poly_gcd",
			GP:       "gcd(a, b)",
		},
		{
			Name: "resultant_deg100", Size: 100, Tiny: 6,
			Inputs:   resultantInputs,
			Jacobian: operation("polynomial.resultant.compute", twoPolyPayload(""), stringAnswer("resultant")),
			FLINT:    "fmpz_poly_resultant",
			GP:       "polresultant(a, b)",
		},
		zpolyMulCase("zpoly_mul_deg1000_100bit", 1000, 7),
		zpolyMulCase("zpoly_mul_deg10000_100bit", 10_000, 8),
	}
}
