package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
)

// integerOpsCases are the rows of the integer domain's number-theoretic
// operations: Chinese remaindering, symbols, roots and powers, square
// roots modulo a prime, divisor functions, the unit group modulo a prime,
// prime stepping, factorials, continued fractions and rational
// reconstruction. Long integer answers are rendered in decimal inside
// every side's clock (peers_decimal, decimal()), as Jacobian's clock
// includes its result encoding.
func integerOpsCases() []Case {
	return []Case{
		{
			Name: "int_crt_1000_congruences", Size: 1000, Tiny: 6,
			Inputs:   crtInputs,
			Jacobian: operation("integer.compute.crt", crtPayload, stringAnswer("residue")),
			FLINT:    "fmpz_multi_CRT",
			GPSetup:  "r = Vecrev(r); m = Vecrev(m); v = vector(#m, i, Mod(r[i], m[i]))",
			GP:       "peers_decimal(lift(chinese(v)))",
		},
		{
			Name: "int_jacobi_10000_digits", Size: 10_000, Tiny: 30,
			Inputs:   symbolInputs(false),
			Jacobian: operation("integer.compute.jacobi", symbolPayload, numberAnswer("symbol")),
			FLINT:    "fmpz_jacobi",
			GP:       "kronecker(a, n)",
		},
		{
			Name: "int_kronecker_10000_digits", Size: 10_000, Tiny: 30,
			Inputs:   symbolInputs(true),
			Jacobian: operation("integer.compute.jacobi", symbolPayload, numberAnswer("symbol")),
			FLINT:    "fmpz_kronecker",
			GP:       "kronecker(a, n)",
		},
		{
			Name: "int_integer_root_100000_digits_k5", Size: 100_000, Tiny: 40,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				return []Input{intInput("n", randDigits(rng, n)), intInput("k", big.NewInt(5))}, nil
			},
			Jacobian: operation("integer.compute.integer_root", func(in []Input) any {
				return map[string]any{"n": in[0].Int().String(), "k": in[1].Int().Int64()}
			}, stringAnswer("root")),
			FLINT: "fmpz_root",
			GP:    "peers_decimal(sqrtnint(n, k))",
		},
		// The answer is the base and the largest exponent k with n = base^k
		// (n itself and 1 for a non-power).
		{
			Name: "int_perfect_power_2000_digits_power", Size: 2000, Tiny: 24,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				// base^21 of at most n digits, base not itself a power.
				base := randDigits(rng, max(n/21, 2))
				return []Input{intInput("n", new(big.Int).Exp(base, big.NewInt(21), nil))}, nil
			},
			Jacobian: operation("integer.compute.perfect_power", oneIntPayload("n"), perfectPowerAnswer),
			FLINT:    "fmpz_is_perfect_power",
			GP:       "peers_ispower(n)",
		},
		{
			Name: "int_perfect_power_2000_digits_nonpower", Size: 2000, Tiny: 24,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				return []Input{intInput("n", randDigits(rng, n))}, nil
			},
			Jacobian: operation("integer.compute.perfect_power", oneIntPayload("n"), perfectPowerAnswer),
			FLINT:    "fmpz_is_perfect_power",
			GP:       "peers_ispower(n)",
		},
		// The two roots of a square modulo a prime, ascending.
		{
			Name: "int_modular_sqrt_100_digit_prime", Size: 100, Tiny: 12,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				p := randPrimeDigits(rng, n)
				x := new(big.Int).Add(randBelow(rng, new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
				return []Input{intInput("a", x.Mul(x, x).Mod(x, p)), intInput("p", p)}, nil
			},
			Jacobian: operation("integer.compute.modular_sqrt", func(in []Input) any {
				return map[string]string{"a": in[0].Int().String(), "modulus": in[1].Int().String()}
			}, vectorAnswer("roots")),
			FLINT: "fmpz_sqrtmod",
			GP:    "peers_sqrtmod(a, p)",
		},
		{
			Name: "int_divisors_8064", Size: 8064, Tiny: 240,
			Inputs:   highlyCompositeInputs,
			Jacobian: operation("integer.compute.divisors", oneIntPayload("n"), vectorAnswer("divisors")),
			FLINT:    "arith_divisors",
			GP:       "Polrev(divisors(n))",
		},
		// μ, σ, τ, φ and λ, one a line, of a product of powers of primes
		// of 20 to 30 bits: factoring is most of the work.
		{
			Name: "int_arithmetic_functions_8_primes", Size: 8, Tiny: 2,
			Inputs:   arithmeticInputs,
			Jacobian: operation("integer.compute.arithmetic_functions", oneIntPayload("n"), arithmeticAnswer),
			FLINT:    "fmpz_arithmetic_functions",
			GP:       "peers_arith(n)",
		},
		// FLINT 2.9 has no order or primitive root modulo a multi-word
		// prime, so these rows are PARI against Jacobian alone.
		{
			Name: "int_multiplicative_order_128_bits", Size: 128, Tiny: 20,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				p, err := randPrime(rng, n)
				if err != nil {
					return nil, err
				}
				a := new(big.Int).Add(randBelow(rng, new(big.Int).Sub(p, big.NewInt(2))), big.NewInt(2))
				return []Input{intInput("a", a), intInput("p", p)}, nil
			},
			Jacobian: operation("integer.compute.multiplicative_order", func(in []Input) any {
				return map[string]string{"a": in[0].Int().String(), "modulus": in[1].Int().String()}
			}, stringAnswer("order")),
			GP: "znorder(Mod(a, p))",
		},
		{
			Name: "int_primitive_root_128_bits", Size: 128, Tiny: 20,
			Inputs:   primeInputs,
			Jacobian: operation("integer.compute.primitive_root", oneIntPayload("modulus"), stringAnswer("root")),
			GP:       "lift(znprimroot(n))",
		},
		// p − 1 = 2·q₁·q₂·q₃ with 30-bit primes q_i, within baby-step
		// giant-step's reach; the base is the least primitive root.
		{
			Name: "int_discrete_log_92_bits", Size: 30, Tiny: 8,
			Inputs: discreteLogInputs,
			Jacobian: operation("integer.compute.discrete_log", func(in []Input) any {
				return map[string]string{"base": in[1].Int().String(), "value": in[2].Int().String(), "modulus": in[0].Int().String()}
			}, stringAnswer("logarithm")),
			GP: "znlog(h, Mod(g, p))",
		},
		{
			Name: "int_next_prime_300_digits", Size: 300, Tiny: 20,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				return []Input{intInput("n", randDigits(rng, n))}, nil
			},
			Jacobian: operation("integer.compute.next_prime", oneIntPayload("n"), stringAnswer("prime")),
			FLINT:    "fmpz_nextprime",
			GP:       "nextprime(n + 1)",
		},
		// FLINT 2.9 has no previous prime.
		{
			Name: "int_previous_prime_300_digits", Size: 300, Tiny: 20,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				return []Input{intInput("n", randDigits(rng, n))}, nil
			},
			Jacobian: operation("integer.compute.next_prime", func(in []Input) any {
				return map[string]string{"n": in[0].Int().String(), "direction": "previous"}
			}, stringAnswer("prime")),
			GP: "precprime(n - 1)",
		},
		{
			Name: "int_factorial_25000", Size: 25_000, Tiny: 30,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.factorial", numberPayload("n"), stringAnswer("factorial")),
			FLINT:    "fmpz_fac_ui",
			GP:       "peers_decimal(n!)",
		},
		// Neither peer has a multinomial: GP multiplies the binomials
		// C(k₁ + … + k_i, k_i).
		{
			Name: "int_multinomial_8_parts_25000", Size: 25_000, Tiny: 30,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				parts := make([]*big.Int, 8)
				left := n
				for i := range parts[:7] {
					k := 1 + rng.IntN(max(left/(8-i)*2-1, 1))
					k = min(k, left-(7-i))
					parts[i] = big.NewInt(int64(k))
					left -= k
				}
				parts[7] = big.NewInt(int64(left))
				return []Input{polyInput("k", parts)}, nil
			},
			Jacobian: operation("integer.compute.multinomial", func(in []Input) any {
				parts := make([]int64, len(in[0].Ints))
				for i, k := range in[0].Ints {
					parts[i] = k.Int64()
				}
				return map[string][]int64{"parts": parts}
			}, stringAnswer("multinomial")),
			GP: "peers_decimal(peers_multinomial(Vecrev(k)))",
		},
		// The partial quotients only: [a₀; a₁, …, a_k] with a_k ≥ 2.
		{
			Name: "int_continued_fraction_200_digits", Size: 200, Tiny: 10,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				return []Input{intInput("a", randDigits(rng, n)), intInput("b", randDigits(rng, n))}, nil
			},
			Jacobian: operation("integer.compute.continued_fraction", func(in []Input) any {
				return map[string]string{"value": in[0].Int().String() + "/" + in[1].Int().String()}
			}, vectorAnswer("terms")),
			FLINT: "fmpq_get_cfrac",
			GP:    "Polrev(contfrac(a / b))",
		},
		// The answer is the Pell solution x, y of x² − n·y² = ±1 that the
		// period of √n gives; PARI's is the fundamental unit of Z[√n].
		{
			Name: "int_sqrt_continued_fraction_1e8", Size: 100_000_000, Tiny: 1000,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				for {
					x := int64(n/2 + rng.IntN(n/2))
					r := new(big.Int).Sqrt(big.NewInt(x))
					if r.Mul(r, r).Int64() != x {
						return []Input{intInput("n", big.NewInt(x))}, nil
					}
				}
			},
			Jacobian: operation("integer.compute.sqrt_continued_fraction", oneIntPayload("n"), pellAnswer),
			GP:       "peers_pell(n)",
		},
		// value = p/q modulo a d-digit m with |p|, q of about d/2 − 1
		// digits, under the bound √(m/2): the answer is p, q.
		{
			Name: "int_rational_reconstruction_2000_digits", Size: 2000, Tiny: 20,
			Inputs: func(rng *rand.Rand, n int) ([]Input, error) {
				m := randDigits(rng, n)
				for {
					p, q := randDigits(rng, n/2-1), randDigits(rng, n/2-1)
					if rng.IntN(2) == 0 {
						p.Neg(p)
					}
					inv := new(big.Int).ModInverse(q, m)
					if inv == nil || new(big.Int).GCD(nil, nil, p, q).Cmp(big.NewInt(1)) != 0 {
						continue
					}
					a := inv.Mul(inv, p)
					return []Input{intInput("a", a.Mod(a, m)), intInput("m", m)}, nil
				}
			},
			Jacobian: operation("integer.compute.rational_reconstruction", func(in []Input) any {
				return map[string]string{"value": in[0].Int().String(), "modulus": in[1].Int().String()}
			}, fractionAnswer("rational")),
			FLINT: "fmpq_reconstruct_fmpz",
			GP:    "peers_frac(bestappr(Mod(a, m)))",
		},
	}
}

// crtInputs is n congruences x ≡ r_i (mod m_i) with distinct random
// 50-digit primes m_i and residues r_i in [1, m_i), as the lists r and m.
func crtInputs(rng *rand.Rand, n int) ([]Input, error) {
	seen := map[string]bool{}
	var rs, ms []*big.Int
	for len(ms) < n {
		m := randPrimeDigits(rng, 50)
		if seen[m.String()] {
			continue
		}
		seen[m.String()] = true
		ms = append(ms, m)
		rs = append(rs, new(big.Int).Add(randBelow(rng, new(big.Int).Sub(m, big.NewInt(1))), big.NewInt(1)))
	}
	return []Input{polyInput("r", rs), polyInput("m", ms)}, nil
}

func crtPayload(in []Input) any {
	type congruence struct {
		Residue string `json:"residue"`
		Modulus string `json:"modulus"`
	}
	cs := make([]congruence, len(in[1].Ints))
	for i := range cs {
		cs[i] = congruence{in[0].Ints[i].String(), in[1].Ints[i].String()}
	}
	return map[string][]congruence{"congruences": cs}
}

// symbolInputs is a and n of n digits: n odd and positive (a Jacobi
// symbol), or, for kronecker, n even and a negative and odd.
func symbolInputs(kronecker bool) func(*rand.Rand, int) ([]Input, error) {
	return func(rng *rand.Rand, d int) ([]Input, error) {
		a, n := randDigits(rng, d), randDigits(rng, d)
		n.SetBit(n, 0, 1)
		if kronecker {
			n.SetBit(n, 0, 0)
			a.SetBit(a, 0, 1).Neg(a)
		}
		return []Input{intInput("a", a), intInput("n", n)}, nil
	}
}

func symbolPayload(in []Input) any {
	return map[string]string{"a": in[0].Int().String(), "n": in[1].Int().String()}
}

// numberAnswer reads the JSON integer field name of the result as one line.
func numberAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		var x json.Number
		if err := resultField(v, name, &x); err != nil {
			return nil, err
		}
		return []string{x.String()}, nil
	}
}

// perfectPowerAnswer is the base, then the exponent.
func perfectPowerAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Base     string `json:"base"`
		Exponent int    `json:"exponent"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	return []string{r.Base, fmt.Sprint(r.Exponent)}, nil
}

// highlyCompositeInputs is 2^6·3^3·5^2·7^2·11·13·17·19·23, which has 8064
// divisors, or for a smaller size 720720 = 2^4·3^2·5·7·11·13, which has
// 240.
func highlyCompositeInputs(_ *rand.Rand, n int) ([]Input, error) {
	if n < 8064 {
		return []Input{intInput("n", big.NewInt(720720))}, nil
	}
	x := big.NewInt(64 * 27 * 25 * 49)
	for _, p := range []int64{11, 13, 17, 19, 23} {
		x.Mul(x, big.NewInt(p))
	}
	return []Input{intInput("n", x)}, nil
}

// arithmeticInputs is the product of k random primes of 20 to 30 bits
// with exponents 1 to 3, times 2^3·3.
func arithmeticInputs(rng *rand.Rand, k int) ([]Input, error) {
	n := big.NewInt(24)
	seen := map[string]bool{}
	for len(seen) < k {
		p, err := randPrime(rng, 20+rng.IntN(11))
		if err != nil {
			return nil, err
		}
		if seen[p.String()] {
			continue
		}
		seen[p.String()] = true
		n.Mul(n, p.Exp(p, big.NewInt(int64(1+rng.IntN(3))), nil))
	}
	return []Input{intInput("n", n)}, nil
}

// arithmeticAnswer is μ, σ, τ, φ and λ, one a line.
func arithmeticAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Status    string `json:"status"`
		Functions struct {
			Sigma, Tau, Phi, Carmichael string
			Mobius                      int
		} `json:"functions"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	if r.Status != "COMPLETE" {
		return nil, fmt.Errorf("arithmetic functions %s", r.Status)
	}
	f := r.Functions
	return []string{fmt.Sprint(f.Mobius), f.Sigma, f.Tau, f.Phi, f.Carmichael}, nil
}

// discreteLogInputs is a prime p = 2·q₁·q₂·q₃ + 1 for distinct random
// primes q_i of b bits, the least primitive root g modulo p and a random
// h in [1, p). The answer is log_g h in [0, p − 1).
func discreteLogInputs(rng *rand.Rand, b int) ([]Input, error) {
	for {
		qs := make([]*big.Int, 3)
		p := big.NewInt(2)
		for i := range qs {
			q, err := randPrime(rng, b)
			if err != nil {
				return nil, err
			}
			qs[i] = q
			p.Mul(p, q)
		}
		if qs[0].Cmp(qs[1]) == 0 || qs[0].Cmp(qs[2]) == 0 || qs[1].Cmp(qs[2]) == 0 {
			continue
		}
		p.Add(p, big.NewInt(1))
		if !p.ProbablyPrime(32) {
			continue
		}
		g := leastPrimitiveRoot(p, append([]*big.Int{big.NewInt(2)}, qs...))
		h := new(big.Int).Add(randBelow(rng, new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
		return []Input{intInput("p", p), intInput("g", g), intInput("h", h)}, nil
	}
}

// pellAnswer is the Pell solution x, then y.
func pellAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Pell *struct {
			X string `json:"x"`
			Y string `json:"y"`
		} `json:"pell"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	if r.Pell == nil {
		return nil, fmt.Errorf("no Pell solution in the result")
	}
	return []string{r.Pell.X, r.Pell.Y}, nil
}
