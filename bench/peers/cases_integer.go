package main

// integerCases are the integer domain's rows.
func integerCases() []Case {
	return []Case{
		{
			Name: "int_gcd_100000_digits", Size: 100_000, Tiny: 30,
			Inputs:   intGCDInputs,
			Jacobian: operation("integer.compute.gcd", twoIntPayload, stringAnswer("gcd")),
			FLINT:    "fmpz_gcd",
			GP:       "gcd(a, b)",
		},
		intMulCase("int_mul_100000_digits", 100_000, 40),
		intMulCase("int_mul_1000000_digits", 1_000_000, 50),
	}
}
