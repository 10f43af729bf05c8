package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
)

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
		gfFactorCase("gf_factor_deg500_p10007", 500, 10007),
		gfFactorCase("gf_factor_deg2000_p10007", 2000, 10007),
		gfFactorCase("gf_factor_deg2000_60bit", 2000, 0),
		{
			Name: "gf_dlog_64bit_40bit_factor", Size: 64, Tiny: 16,
			Inputs:   dlogInputs,
			Jacobian: operation("finite_field.element.discrete_logarithm.compute", dlogPayload, stringAnswer("logarithm")),
			// FLINT 2.9 has no logarithm for a group with a 40-bit prime
			// factor (its fmpz_mod Pohlig–Hellman tabulates each prime's
			// subgroup and did not finish in minutes): PARI alone.
			GPSetup: "H = Mod(h, p); G = Mod(g, p)",
			GP:      "znlog(H, G)",
		},
		{
			Name: "gf_dlog_64bit_safe_prime", Size: 64, Tiny: 16,
			Inputs:   safePrimeDlogInputs,
			Jacobian: operation("finite_field.element.discrete_logarithm.compute", dlogPayload, stringAnswer("logarithm")),
			// PARI's znlog takes index calculus here too (Fp_log_index);
			// FLINT 2.9 has none: PARI alone.
			GPSetup: "H = Mod(h, p); G = Mod(g, p)",
			GP:      "znlog(H, G)",
		},
		{
			Name: "gf_interpolate_table_65521", Size: 65521, Tiny: 13,
			Inputs:   interpolationInputs,
			Jacobian: operation("finite_field.polynomial_map.interpolation.compute", interpolationPayload, polyAnswer("polynomial")),
			FLINT:    "nmod_poly_interpolate_nmod_vec_fast",
			GPSetup:  "X = vector(p, i, Mod(i - 1, p)); Y = Vecrev(y, p) * Mod(1, p)",
			GP:       "polinterpolate(X, Y)",
		},
	}
}

// gfFactorCase factors a random monic polynomial of degree size over
// GF(p), or over a random 60-bit prime when p is 0. The answer is the
// factorization in the canonical order of
// finite_field.polynomial.factorization.compute (ascending degree, then
// ascending coefficients from the leading one down), one token group a
// factor: degree, multiplicity, coefficients constant first
// (peers_finitefield.gp writes GP's the same way).
func gfFactorCase(name string, size int, p int64) Case {
	return Case{
		Name: name, Size: size, Tiny: 12,
		Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
			q := big.NewInt(p)
			if p == 0 {
				var err error
				if q, err = randPrime(rng, 60); err != nil {
					return nil, err
				}
			}
			f := randPolyMod(rng, n, q)
			f[n].SetInt64(1)
			return []Input{intInput("p", q), polyInput("f", f)}, nil
		},
		Jacobian: operation("finite_field.polynomial.factorization.compute", primeFieldPolyPayload, factorizationAnswer),
		FLINT:    "nmod_poly_factor",
		GP:       "peers_ff_factor_lines(factormod(f, p))",
	}
}

type primeField struct {
	Characteristic string `json:"characteristic"`
	Degree         int    `json:"degree"`
}

func primeFieldOf(p *big.Int) primeField { return primeField{p.String(), 1} }

func primeFieldPolyPayload(in []Input) any {
	return struct {
		Field      primeField      `json:"field"`
		Polynomial coefficientForm `json:"polynomial"`
	}{primeFieldOf(in[0].Int()), polyPayload(in[1].Poly())}
}

// factorizationAnswer writes a factorization result's factors as
// gfFactorCase describes.
func factorizationAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Factors []struct {
			Factor       coefficientForm `json:"factor"`
			Multiplicity int             `json:"multiplicity"`
		} `json:"factors"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	var lines []string
	for _, f := range r.Factors {
		lines = append(lines, strconv.Itoa(len(f.Factor.Coefficients)-1), strconv.Itoa(f.Multiplicity))
		lines = append(lines, f.Factor.Coefficients...)
	}
	return lines, nil
}

// dlogInputs is a prime p of n bits (n ≥ 16) with p − 1 = 2·r·s for a
// prime r of n − 24 bits (40 bits at n = 64) and s < 2^23, the least
// primitive root g modulo p, and a random h in [1, p). The answer is
// log_g h, the least x ≥ 0 with g^x = h.
func dlogInputs(rng *rand.Rand, n int) ([]Input, error) {
	rBits := max(n-24, 4)
	for {
		r, err := randPrime(rng, rBits)
		if err != nil {
			return nil, err
		}
		for range 1000 {
			s := new(big.Int).SetUint64(1<<(n-rBits-2) + rng.Uint64N(1<<(n-rBits-2)))
			p := new(big.Int).Mul(r, s)
			p.Lsh(p, 1).Add(p, big.NewInt(1))
			if p.BitLen() != n || !p.ProbablyPrime(32) {
				continue
			}
			primes := append([]*big.Int{big.NewInt(2), r}, smallPrimeFactors(s.Uint64())...)
			g := leastPrimitiveRoot(p, primes)
			h := new(big.Int).Add(randBelow(rng, new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
			return []Input{intInput("p", p), intInput("g", g), intInput("h", h)}, nil
		}
	}
}

// safePrimeDlogInputs is a safe prime p = 2r + 1 of n bits (r prime), the
// least primitive root g modulo p, and a random h in [1, p). The answer
// is log_g h.
func safePrimeDlogInputs(rng *rand.Rand, n int) ([]Input, error) {
	for {
		r, err := randPrime(rng, n-1)
		if err != nil {
			return nil, err
		}
		p := new(big.Int).Lsh(r, 1)
		p.Add(p, big.NewInt(1))
		if !p.ProbablyPrime(32) {
			continue
		}
		g := leastPrimitiveRoot(p, []*big.Int{big.NewInt(2), r})
		h := new(big.Int).Add(randBelow(rng, new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
		return []Input{intInput("p", p), intInput("g", g), intInput("h", h)}, nil
	}
}

// smallPrimeFactors is the distinct primes of s by trial division.
func smallPrimeFactors(s uint64) []*big.Int {
	var out []*big.Int
	for d := uint64(2); d*d <= s; d++ {
		if s%d == 0 {
			out = append(out, new(big.Int).SetUint64(d))
			for s%d == 0 {
				s /= d
			}
		}
	}
	if s > 1 {
		out = append(out, new(big.Int).SetUint64(s))
	}
	return out
}

// leastPrimitiveRoot is the least g ≥ 2 with g^((p−1)/r) ≠ 1 for every
// prime r of p − 1.
func leastPrimitiveRoot(p *big.Int, primes []*big.Int) *big.Int {
	pm1 := new(big.Int).Sub(p, big.NewInt(1))
	for g := big.NewInt(2); ; g.Add(g, big.NewInt(1)) {
		ok := true
		for _, r := range primes {
			if new(big.Int).Exp(g, new(big.Int).Quo(pm1, r), p).Cmp(big.NewInt(1)) == 0 {
				ok = false
				break
			}
		}
		if ok {
			return g
		}
	}
}

func dlogPayload(in []Input) any {
	return struct {
		Field   primeField `json:"field"`
		Base    string     `json:"base"`
		Element string     `json:"element"`
	}{primeFieldOf(in[0].Int()), in[1].Int().String(), in[2].Int().String()}
}

// interpolationInputs is the largest prime p ≤ n (n ≥ 2) and a random
// value y_x in [0, p) at every x of GF(p); the answer is the polynomial
// of degree below p with those values.
func interpolationInputs(rng *rand.Rand, n int) ([]Input, error) {
	p := big.NewInt(int64(n))
	for !p.ProbablyPrime(32) {
		if p.Sub(p, big.NewInt(1)).Cmp(big.NewInt(2)) < 0 {
			return nil, fmt.Errorf("no prime up to %d", n)
		}
	}
	y := make([]*big.Int, p.Int64())
	for i := range y {
		y[i] = randBelow(rng, p)
	}
	return []Input{intInput("p", p), polyInput("y", y)}, nil
}

func interpolationPayload(in []Input) any {
	p, y := in[0].Int(), in[1].Poly()
	xs := make([]string, len(y))
	for i := range xs {
		xs[i] = strconv.Itoa(i)
	}
	return map[string]any{"table": map[string]any{"field": primeFieldOf(p), "inputs": xs, "outputs": decimals(y)}}
}
