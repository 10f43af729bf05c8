package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"

	"jacobian.dev/core/zpoly"
)

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
		// Factorization over Z and the resultant at degree 300.
		{
			Name: "resultant_deg300", Size: 300, Tiny: 6,
			Inputs:   resultantInputs,
			Jacobian: operation("polynomial.resultant.compute", twoPolyPayload(""), stringAnswer("resultant")),
			FLINT:    "fmpz_poly_resultant",
			GP:       "polresultant(a, b)",
		},
		withSymPy(factorCase("factor_product_deg60", 60, 6, factorProductInputs), "factor"),
		factorCase("factor_swinnerton_dyer_deg64", 64, 8, swinnertonDyerInputs),
		factorCase("factor_swinnerton_dyer_deg128", 128, 16, swinnertonDyerInputs),
		zpolyMulCase("zpoly_mul_deg10000_100bit", 10_000, 8),
		// Complex roots to 30 digits.
		complexRootsCase("complex_roots_random_deg50_30digits", 50, 6),
		complexRootsCase("complex_roots_random_deg100_30digits", 100, 8),
		// Real root isolation (issue 15's families).
		realRootsCase("real_roots_mignotte_deg100", 100, 10, mignotteInputs, "fmpz_poly_num_real_roots"),
		withSymPy(realRootsCase("real_roots_chebyshev_deg100", 100, 8, chebyshevInputs, "fmpz_poly_num_real_roots"), "real_roots"),
		withSymPy(realRootsCase("real_roots_random_deg100", 100, 8, randomRealRootsInputs, "fmpz_poly_num_real_roots"), "real_roots"),
		// FLINT's count did not finish within the peers' 10 minutes here.
		realRootsCase("real_roots_random_deg1000", 1000, 8, randomRealRootsInputs, ""),
	}
}

// realRootsCase isolates the real roots of the square-free input f:
// polynomial.real_roots.compute, GP's polrootsreal (which approximates
// them, after isolating them) and, when flint names it, FLINT's
// fmpz_poly_num_real_roots, which only counts them (FLINT 2.9 has no
// isolation over Z). None of the three forms of roots compares with the
// others, so the answer is the number of distinct real roots.
func realRootsCase(name string, size, tiny int, inputs func(*rand.Rand, int) ([]Input, error), flint string) Case {
	return Case{
		Name: name, Size: size, Tiny: tiny,
		Inputs: inputs,
		Jacobian: operation("polynomial.real_roots.compute", func(in []Input) any {
			return map[string]any{"polynomial": polyPayload(in[0].Poly())}
		}, realRootsAnswer),
		FLINT: flint,
		GP:    "#polrootsreal(f)",
	}
}

// realRootsAnswer reads the number of distinct real roots of
// polynomial.real_roots.compute's result.
func realRootsAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Roots    []json.RawMessage `json:"roots"`
		Distinct int               `json:"distinct"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	if r.Distinct != len(r.Roots) {
		return nil, fmt.Errorf("distinct is %d, but %d roots are listed", r.Distinct, len(r.Roots))
	}
	return []string{strconv.Itoa(r.Distinct)}, nil
}

// mignotteInputs is f = x^n − 2·(50x − 1)², with two real roots within
// about 50^(−(n+2)/2) of 1/50: the classical hard case of Descartes'
// method, whose bisection must separate them.
func mignotteInputs(_ *rand.Rand, n int) ([]Input, error) {
	if n < 3 {
		return nil, fmt.Errorf("a Mignotte polynomial needs degree at least 3, not %d", n)
	}
	f := zeros(n + 1)
	f[n].SetInt64(1)
	f[2].SetInt64(-2 * 50 * 50)
	f[1].SetInt64(4 * 50)
	f[0].SetInt64(-2)
	return []Input{polyInput("f", f)}, nil
}

// chebyshevInputs is f = T_n, by T_{k+1} = 2x·T_k − T_{k−1}: n real
// roots cos((2j − 1)π/(2n)), all in (−1, 1).
func chebyshevInputs(_ *rand.Rand, n int) ([]Input, error) {
	prev, cur := []*big.Int{big.NewInt(1)}, []*big.Int{big.NewInt(0), big.NewInt(1)}
	for k := 1; k < n; k++ {
		next := zeros(k + 2)
		for i, c := range cur {
			next[i+1].Add(next[i+1], new(big.Int).Lsh(c, 1))
		}
		for i, c := range prev {
			next[i].Sub(next[i], c)
		}
		prev, cur = cur, next
	}
	if n == 0 {
		cur = prev
	}
	return []Input{polyInput("f", cur)}, nil
}

// randomRealRootsInputs is a random f of degree n with 32-bit
// coefficients, square-free but with negligible probability (FLINT's
// count assumes a square-free input).
func randomRealRootsInputs(rng *rand.Rand, n int) ([]Input, error) {
	f := randPoly(rng, n, 32)
	return []Input{polyInput("f", f)}, nil
}

// complexRootsDigits is the number of digits the complex roots cases ask
// for; complexRootsCompared, the number of decimals of each part their
// answers compare (fewer, so that rounding at a compared decimal cannot
// tell 30-digit approximations apart).
const complexRootsDigits, complexRootsCompared = 30, 25

// complexRootsCase computes every complex root of a random integer
// polynomial f of degree size with 32-bit coefficients to 30 digits:
// polynomial.complex_roots.compute, and GP's polroots at 38 digits (set
// before the clock), both answering in complexRootsLines' form. FLINT has
// no routine here.
func complexRootsCase(name string, size, tiny int) Case {
	return Case{
		Name: name, Size: size, Tiny: tiny,
		Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
			return []Input{polyInput("f", randPoly(rng, n, 32))}, nil
		},
		Jacobian: operation("polynomial.complex_roots.compute", func(in []Input) any {
			return map[string]any{"polynomial": polyPayload(in[0].Poly()), "digits": complexRootsDigits}
		}, complexRootsAnswer),
		GPSetup: "default(realprecision, 38)",
		GP:      fmt.Sprintf("peers_complex_roots_lines(f, %d)", complexRootsCompared),
	}
}

// complexRootsLines is the answer of a list of roots, each repeated by
// its multiplicity, given as the real and imaginary parts scaled by
// 10^complexRootsCompared and rounded to integers: the number of roots,
// then the pairs sorted by real part, then imaginary part, then the
// number of roots again (so that GP's polynomial form, whose last
// coefficient must not be 0, keeps every line). GP's
// peers_complex_roots_lines (peers_polynomial.gp) returns the same
// integers.
func complexRootsLines(pairs [][2]*big.Int) []string {
	slices.SortFunc(pairs, func(a, b [2]*big.Int) int {
		if c := a[0].Cmp(b[0]); c != 0 {
			return c
		}
		return a[1].Cmp(b[1])
	})
	out := []string{strconv.Itoa(len(pairs))}
	for _, p := range pairs {
		out = append(out, p[0].String(), p[1].String())
	}
	return append(out, strconv.Itoa(len(pairs)))
}

// complexRootsAnswer reads polynomial.complex_roots.compute's result.
func complexRootsAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Roots []struct {
			Real, Imaginary string
			Multiplicity    int
		} `json:"roots"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(complexRootsCompared), nil))
	round := func(s string) (*big.Int, error) {
		x, ok := new(big.Rat).SetString(s)
		if !ok {
			return nil, fmt.Errorf("root part %q is not a decimal", s)
		}
		x.Mul(x, scale)
		// Nearest integer, ties away from zero.
		n := new(big.Int).Abs(x.Num())
		n.Lsh(n, 1).Add(n, x.Denom())
		n.Quo(n, new(big.Int).Lsh(x.Denom(), 1))
		if x.Sign() < 0 {
			n.Neg(n)
		}
		return n, nil
	}
	var pairs [][2]*big.Int
	for _, x := range r.Roots {
		re, err := round(x.Real)
		if err != nil {
			return nil, err
		}
		im, err := round(x.Imaginary)
		if err != nil {
			return nil, err
		}
		for range x.Multiplicity {
			pairs = append(pairs, [2]*big.Int{re, im})
		}
	}
	return complexRootsLines(pairs), nil
}

// factorCase factors the input f over Z: polynomial.factorization.compute,
// FLINT's fmpz_poly_factor and GP's factor, all answering in
// factorLines' form.
func factorCase(name string, size, tiny int, inputs func(*rand.Rand, int) ([]Input, error)) Case {
	return Case{
		Name: name, Size: size, Tiny: tiny,
		Inputs: inputs,
		Jacobian: operation("polynomial.factorization.compute", func(in []Input) any {
			return map[string]any{"polynomial": polyPayload(in[0].Poly())}
		}, factorAnswer),
		FLINT: "fmpz_poly_factor",
		GP:    "peers_factor_lines(f)",
	}
}

// factorProductInputs is f, the product of n/10 random factors of degree
// 10 (one of degree n when n < 10) with 16-bit coefficients, each with
// positive leading coefficient and odd constant term, so f is primitive
// with high probability; its content, if any, is divided out.
func factorProductInputs(rng *rand.Rand, n int) ([]Input, error) {
	k, d := max(n/10, 1), min(n, 10)
	f := []*big.Int{big.NewInt(1)}
	for range k {
		g := randPoly(rng, d, 16)
		g[d].Abs(g[d])
		g[0].SetBit(g[0], 0, 1)
		f = zpoly.Mul(f, g)
	}
	c := new(big.Int)
	for _, x := range f {
		c.GCD(nil, nil, c, new(big.Int).Abs(x))
	}
	for _, x := range f {
		x.Quo(x, c)
	}
	return []Input{polyInput("f", f)}, nil
}

// swinnertonDyerInputs is f, the Swinnerton-Dyer polynomial of degree n
// (a power of two): ∏ (x ± √2 ± √3 ± … ± √p_k) over the first log2 n
// primes, irreducible over Z with n/2 factors modulo every prime.
func swinnertonDyerInputs(_ *rand.Rand, n int) ([]Input, error) {
	if n < 2 || n&(n-1) != 0 || n > 1<<10 {
		return nil, fmt.Errorf("a Swinnerton-Dyer polynomial has degree a power of two up to 1024, not %d", n)
	}
	primes := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}
	s := []*big.Int{big.NewInt(0), big.NewInt(1)} // x
	for _, p := range primes[:bits.TrailingZeros(uint(n))] {
		// s(x + y)·s(x − y) with y² = p: s(x + y) = A + y·B gives A² − p·B².
		A, B := zeros(len(s)), zeros(len(s))
		powA, powB := []*big.Int{big.NewInt(1)}, []*big.Int{} // (x + y)^i
		for _, c := range s {
			for j, a := range powA {
				A[j].Add(A[j], new(big.Int).Mul(c, a))
			}
			for j, b := range powB {
				B[j].Add(B[j], new(big.Int).Mul(c, b))
			}
			na, nb := zeros(len(powA)+1), zeros(len(powA)+1)
			for j, a := range powA {
				na[j+1].Add(na[j+1], a)
				nb[j].Add(nb[j], a)
			}
			for j, b := range powB {
				na[j].Add(na[j], new(big.Int).Mul(b, big.NewInt(p)))
				nb[j+1].Add(nb[j+1], b)
			}
			powA, powB = na, nb
		}
		a2, b2 := zpoly.Mul(A, A), zpoly.Mul(B, B)
		s = zeros(len(a2))
		for i := range s {
			s[i].Set(a2[i])
			if i < len(b2) {
				s[i].Sub(s[i], new(big.Int).Mul(b2[i], big.NewInt(p)))
			}
		}
		for len(s) > 0 && s[len(s)-1].Sign() == 0 {
			s = s[:len(s)-1]
		}
	}
	return []Input{polyInput("f", s)}, nil
}

func zeros(n int) []*big.Int {
	out := make([]*big.Int, n)
	for i := range out {
		out[i] = new(big.Int)
	}
	return out
}

// factorLines is the answer of a factorization of a primitive f with
// positive leading coefficient: the number of irreducible factors, then
// for each factor its multiplicity, its degree and its coefficients
// (constant term first), the factors primitive with positive leading
// coefficient, ordered by degree, then by coefficients from the leading
// one down. GP's peers_factor_lines (peers_polynomial.gp) returns the same
// integers as the coefficients of one polynomial.
func factorLines(factors [][]*big.Int, mult []int) []string {
	idx := make([]int, len(factors))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		a, b := factors[i], factors[j]
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		for k := len(a) - 1; k >= 0; k-- {
			if c := a[k].Cmp(b[k]); c != 0 {
				return c
			}
		}
		return 0
	})
	out := []string{strconv.Itoa(len(factors))}
	for _, i := range idx {
		out = append(out, strconv.Itoa(mult[i]), strconv.Itoa(len(factors[i])-1))
		for _, c := range factors[i] {
			out = append(out, c.String())
		}
	}
	return out
}

// factorAnswer reads polynomial.factorization.compute's result.
func factorAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Factors []struct {
			Factor       coefficientForm `json:"factor"`
			Multiplicity int             `json:"multiplicity"`
		} `json:"factors"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	var fs [][]*big.Int
	var ms []int
	for _, x := range r.Factors {
		var g []*big.Int
		for _, c := range x.Factor.Coefficients {
			z, ok := new(big.Int).SetString(c, 10)
			if !ok {
				return nil, fmt.Errorf("factor coefficient %q is not an integer", c)
			}
			g = append(g, z)
		}
		fs, ms = append(fs, g), append(ms, x.Multiplicity)
	}
	return factorLines(fs, ms), nil
}
