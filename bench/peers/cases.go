package main

import (
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core/bignum"
	"jacobian.dev/core/gfpoly"
	"jacobian.dev/core/zpoly"
)

// Case is one row of the benchmark: the seeded inputs and how each of the
// four systems computes the answer from them. Adding a case is one entry
// in caseTable (and, for a FLINT routine not yet there, one run_ function
// in flint_runner.c; for a SymPy routine, one entry of ROUTINES in
// sympy_runner.py).
type Case struct {
	// Name is the row's label, matched by the -cases pattern.
	Name string
	// Size is the n handed to Inputs; Tiny is the n the harness test uses.
	Size, Tiny int
	// Series groups cases that differ only in Size; the report fits a
	// growth exponent to each series' smallest and largest case.
	Series string
	// Inputs draws the inputs of size n. Their names are the GP variables.
	Inputs func(rng *rand.Rand, n int) ([]Input, error)
	// Jacobian is Jacobian's computation: a catalog operation through the
	// runtime, or a kernel call.
	Jacobian jacobianSide
	// FLINT names the routine of flint_runner.c, which takes the input
	// files in order; empty when FLINT has no routine for the problem,
	// and the case is then PARI against Jacobian alone.
	FLINT string
	// SymPy names the routine of sympy_runner.py, which takes the input
	// files in order; empty when SymPy is not a peer for the problem.
	SymPy string
	// Note, if set, is printed under the table: why a peer sits out the
	// row, for instance.
	Note string
	// GPSetup, if set, runs after the inputs are read and before the
	// clock starts (conversions that are not part of the computation).
	// GP is the timed expression; its value is an integer or polynomial
	// (residues mod p are lifted). GP is empty when PARI has no routine
	// for the problem (Gröbner bases).
	GPSetup, GP string
}

// caseTable lists every case, one function a domain (cases_<domain>.go),
// so that each domain's rows are added in its own file. Each Jacobian
// kernel call is the marked line in its case; the fast kernels replace
// those lines one for one.
func caseTable() []Case {
	var cases []Case
	for _, domain := range [][]Case{integerCases(), integerOpsCases(), matrixCases(), finiteFieldCases(), polynomialCases(), groebnerCases()} {
		cases = append(cases, domain...)
	}
	return cases
}

// Inputs of the cases.

// polyGCDInputs is a = g·u and b = g·v of degree n with a common factor g
// of degree n/5, all three factors with 32-bit coefficients.
func polyGCDInputs(rng *rand.Rand, n int) ([]Input, error) {
	g := randPoly(rng, n/5, 32)
	a := zpoly.Mul(g, randPoly(rng, n-n/5, 32))
	b := zpoly.Mul(g, randPoly(rng, n-n/5, 32))
	return []Input{polyInput("a", a), polyInput("b", b)}, nil
}

// intGCDInputs is a = g·u and b = g·v of n−1 or n−2 digits (under the
// operation's limit of n = 100,000, which it checks on an estimate from
// the bit length) with a common factor g of n/5 digits.
func intGCDInputs(rng *rand.Rand, n int) ([]Input, error) {
	g := randDigits(rng, n/5)
	a := new(big.Int).Mul(g, randDigits(rng, n-n/5-1))
	b := new(big.Int).Mul(g, randDigits(rng, n-n/5-1))
	return []Input{intInput("a", a), intInput("b", b)}, nil
}

// determinantInputs is an n×n matrix with entries in [−99, 99].
func determinantInputs(rng *rand.Rand, n int) ([]Input, error) {
	return []Input{matrixInput("m", randMatrix(rng, n, 99))}, nil
}

// resultantInputs is two polynomials of degree n with 32-bit coefficients.
func resultantInputs(rng *rand.Rand, n int) ([]Input, error) {
	return []Input{polyInput("a", randPoly(rng, n, 32)), polyInput("b", randPoly(rng, n, 32))}, nil
}

// intMulInputs is two integers of n digits.
func intMulInputs(rng *rand.Rand, n int) ([]Input, error) {
	return []Input{intInput("a", randDigits(rng, n)), intInput("b", randDigits(rng, n))}, nil
}

// zpolyMulInputs is two polynomials of degree n with 100-bit signed
// coefficients.
func zpolyMulInputs(rng *rand.Rand, n int) ([]Input, error) {
	return []Input{polyInput("a", randPoly(rng, n, 100)), polyInput("b", randPoly(rng, n, 100))}, nil
}

// gfpolyMulInputs is a random 60-bit prime p and two polynomials of
// degree n over GF(p).
func gfpolyMulInputs(rng *rand.Rand, n int) ([]Input, error) {
	p, err := randPrime(rng, 60)
	if err != nil {
		return nil, err
	}
	return []Input{intInput("p", p), polyInput("a", randPolyMod(rng, n, p)), polyInput("b", randPolyMod(rng, n, p))}, nil
}

// Payloads of the catalog cases and arguments of the kernels.

func twoPolyPayload(ring string) func(in []Input) any {
	return func(in []Input) any {
		return struct {
			Left  coefficientForm `json:"left"`
			Right coefficientForm `json:"right"`
			Ring  string          `json:"ring,omitempty"`
		}{polyPayload(in[0].Poly()), polyPayload(in[1].Poly()), ring}
	}
}

func twoIntPayload(in []Input) any {
	return map[string]string{"left": in[0].Int().String(), "right": in[1].Int().String()}
}

func matrixPayloadOf(in []Input) any {
	return map[string]any{"matrix": matrixPayload(in[0].Matrix())}
}

func twoInts(in []Input) [2]*big.Int { return [2]*big.Int{in[0].Int(), in[1].Int()} }

func twoPolys(in []Input) [2][]*big.Int { return [2][]*big.Int{in[0].Poly(), in[1].Poly()} }

type gfpolyPair struct {
	p    *big.Int
	a, b []*big.Int
}

// gfpolyWords is a GF(p)[x] product's inputs in the kernel's word form,
// converted before the timed call.
type gfpolyWords struct {
	f    *gfpoly.Field
	a, b []uint64
}

func primeAndTwoWordPolys(in []Input) gfpolyWords {
	pair := primeAndTwoPolys(in)
	words := func(c []*big.Int) []uint64 {
		w := make([]uint64, len(c))
		for i, x := range c {
			w[i] = new(big.Int).Mod(x, pair.p).Uint64()
		}
		return w
	}
	return gfpolyWords{f: gfpoly.NewField(pair.p.Uint64()), a: words(pair.a), b: words(pair.b)}
}

func wordPolyLines(w []uint64) []string {
	c := make([]*big.Int, len(w))
	for i, x := range w {
		c[i] = new(big.Int).SetUint64(x)
	}
	return polyLines(c)
}

func primeAndTwoPolys(in []Input) gfpolyPair {
	return gfpolyPair{p: in[0].Int(), a: in[1].Poly(), b: in[2].Poly()}
}

// intMulCase is an integer product of two size-digit integers.
func intMulCase(name string, size, tiny int) Case {
	return Case{
		Name: name, Size: size, Tiny: tiny,
		Inputs: intMulInputs,
		Jacobian: kernel(twoInts, func(in [2]*big.Int) *big.Int {
			return bignum.Mul(new(big.Int), in[0], in[1]) // ← Jacobian kernel (core/bignum)
		}, intLines),
		FLINT: "fmpz_mul",
		GP:    "a * b",
	}
}

// zpolyMulCase is a Z[x] product of two degree-size polynomials.
func zpolyMulCase(name string, size, tiny int) Case {
	return Case{
		Name: name, Size: size, Tiny: tiny,
		Inputs: zpolyMulInputs,
		Jacobian: kernel(twoPolys, func(in [2][]*big.Int) []*big.Int {
			return zpoly.Mul(in[0], in[1]) // ← Jacobian kernel (core/zpoly)
		}, polyLines),
		FLINT: "fmpz_poly_mul",
		GP:    "a * b",
	}
}
