package main

// finiteFieldCases are the finite-field domain's rows.
func finiteFieldCases() []Case {
	return []Case{
		{
			Name: "gfpoly_mul_deg100000_60bit", Size: 100_000, Tiny: 9,
			Inputs: gfpolyMulInputs,
			Jacobian: kernel(primeAndTwoWordPolys, func(in gfpolyWords) []uint64 {
				return in.f.Mul(in.a, in.b) // ← Jacobian kernel (core/gfpoly)
			}, wordPolyLines),
			FLINT:   "nmod_poly_mul",
			GPSetup: "A = a * Mod(1, p); B = b * Mod(1, p)",
			GP:      "A * B",
		},
	}
}
