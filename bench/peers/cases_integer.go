package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
)

// integerCases are the integer domain's rows.
func integerCases() []Case {
	return append([]Case{
		{
			Name: "int_gcd_100000_digits", Size: 100_000, Tiny: 30,
			Inputs:   intGCDInputs,
			Jacobian: operation("integer.compute.gcd", twoIntPayload, stringAnswer("gcd")),
			FLINT:    "fmpz_gcd",
			GP:       "gcd(a, b)",
		},
		intMulCase("int_mul_100000_digits", 100_000, 40),
		intMulCase("int_mul_1000000_digits", 1_000_000, 50),
		// FLINT's n_prime_pi and n_nth_prime list every prime up to the
		// answer, so these rows stay where that list fits in memory.
		{
			Name: "int_primepi_1e8", Size: 100_000_000, Tiny: 1000,
			Inputs:   wordInput("x"),
			Jacobian: operation("integer.compute.prime_count", stringPayload("x"), stringAnswer("count")),
			FLINT:    "n_prime_pi",
			GP:       "primepi(x)",
		},
		// Far beyond a prime list FLINT 2.9 has nothing to offer, so the
		// row is PARI's primepi against Jacobian alone. PARI sieves the
		// whole range (24 s at 10^11 on a loaded machine, more than 100 s
		// of CPU at 10^12), so a round at prime_count's 10^13 limit would
		// exceed the ten-minute peerTimeout; 10^11 is the largest size
		// that fits.
		{
			Name: "int_primepi_1e11", Size: 100_000_000_000, Tiny: 1000,
			Inputs:   wordInput("x"),
			Jacobian: operation("integer.compute.prime_count", stringPayload("x"), stringAnswer("count")),
			GP:       "primepi(x)",
		},
		{
			Name: "int_nthprime_1e6", Size: 1_000_000, Tiny: 100,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.nth_prime", stringPayload("n"), stringAnswer("prime")),
			FLINT:    "n_nth_prime",
			GP:       "prime(n)",
		},
		// Where the counting, not the pipeline, dominates. PARI's prime(n)
		// reads a stored table of π at round arguments (prime(10^9) and
		// prime(10^11) answer in under a millisecond) and sieves on from
		// the nearest entry below, so the row takes an n off that table:
		// prime(987654321) sieves for 2.9 s, prime(1234567890) 8 s, and
		// prime(23456789012) ran past 5 minutes, which is why there is no
		// row near 10^11. FLINT's n_nth_prime lists every prime up to the
		// answer (2.25·10^10 here), which does not fit, so it is left out.
		{
			Name: "int_nthprime_1e9", Size: 987_654_321, Tiny: 1000,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.nth_prime", stringPayload("n"), stringAnswer("prime")),
			GP:       "prime(n)",
		},
		{
			Name: "int_binomial_100000_50000", Size: 100_000, Tiny: 20,
			Inputs: func(_ *rand.Rand, n int) ([]Input, error) {
				return []Input{intInput("n", big.NewInt(int64(n))), intInput("k", big.NewInt(int64(n/2)))}, nil
			},
			Jacobian: operation("integer.compute.binomial", func(in []Input) any {
				return map[string]int64{"n": in[0].Int().Int64(), "k": in[1].Int().Int64()}
			}, stringAnswer("binomial")),
			FLINT: "fmpz_bin_uiui",
			GP:    "peers_decimal(binomial(n, k))",
		},
		// F_n alone on every side: the request leaves out "lucas", as
		// PARI's fibonacci(n) and FLINT's fmpz_fib_ui compute F_n only.
		{
			Name: "int_fibonacci_400000", Size: 400_000, Tiny: 30,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.fibonacci", numberPayload("n"), stringAnswer("fibonacci")),
			FLINT:    "fmpz_fib_ui",
			GP:       "peers_decimal(fibonacci(n))",
		},
		{
			Name: "int_partitions_10000", Size: 10_000, Tiny: 30,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.partitions", numberPayload("n"), stringAnswer("partitions")),
			FLINT:    "arith_number_of_partitions",
			GP:       "peers_decimal(numbpart(n))",
		},
		{
			Name: "int_partitions_1000000", Size: 1_000_000, Tiny: 70,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.partitions", numberPayload("n"), stringAnswer("partitions")),
			FLINT:    "arith_number_of_partitions",
			GP:       "peers_decimal(numbpart(n))",
		},
		{
			Name: "int_bernoulli_1000", Size: 1000, Tiny: 12,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.bernoulli", numberPayload("n"), fractionAnswer("bernoulli")),
			FLINT:    "arith_bernoulli_number",
			GP:       "peers_frac(peers_decimal(bernfrac(n)))",
		},
		{
			Name: "int_bernoulli_10000", Size: 10_000, Tiny: 48,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.bernoulli", numberPayload("n"), fractionAnswer("bernoulli")),
			FLINT:    "arith_bernoulli_number",
			GP:       "peers_frac(peers_decimal(bernfrac(n)))",
		},
	}, factoringCases()...)
}

// Factoring and primality rows.

// factoringCases factor balanced semiprimes and prove a random prime.
// The factoring answer is the prime factors ascending, one a line (GP's
// first column of factor(n), as a polynomial's coefficients so that
// peers_lines prints them); the primality answer is 1 or 0.
func factoringCases() []Case {
	factorCase := func(digits, tiny int) Case {
		return Case{
			Name: fmt.Sprintf("int_factor_semiprime_%d_digits", digits), Size: digits, Tiny: tiny,
			Series:   "int_factor_semiprime",
			Inputs:   semiprimeInputs,
			Jacobian: operation("integer.compute.prime_factorization", oneIntPayload("n"), primeFactorsAnswer),
			FLINT:    "fmpz_factor",
			GP:       "Polrev(factor(n)[, 1]~)",
		}
	}
	return []Case{
		factorCase(40, 20),
		factorCase(60, 24),
		factorCase(80, 26),
		{
			Name: "int_prove_prime_1000_bits", Size: 1000, Tiny: 100,
			Inputs:   primeInputs,
			Jacobian: operation("integer.check.primality", oneIntPayload("n"), acceptedAnswer),
			FLINT:    "fmpz_is_prime",
			GP:       "isprime(n)",
		},
	}
}

// wordInput is the size itself as the one input, named name.
func wordInput(name string) func(*rand.Rand, int) ([]Input, error) {
	return func(_ *rand.Rand, n int) ([]Input, error) {
		return []Input{intInput(name, big.NewInt(int64(n)))}, nil
	}
}

// stringPayload sends the one input as the integer string field name.
func stringPayload(name string) func(in []Input) any {
	return func(in []Input) any { return map[string]string{name: in[0].Int().String()} }
}

// numberPayload sends the one input as the JSON integer field name.
func numberPayload(name string) func(in []Input) any {
	return func(in []Input) any { return map[string]int64{name: in[0].Int().Int64()} }
}

// fractionAnswer reads the rational field name of the result as two
// lines, numerator then denominator (peers_frac's order in
// peers_integer.gp).
func fractionAnswer(name string) func(json.RawMessage) ([]string, error) {
	return func(v json.RawMessage) ([]string, error) {
		lines, err := stringAnswer(name)(v)
		if err != nil {
			return nil, err
		}
		q, ok := new(big.Rat).SetString(lines[0])
		if !ok {
			return nil, fmt.Errorf("result field %q: %q is not a rational", name, lines[0])
		}
		return []string{q.Num().String(), q.Denom().String()}, nil
	}
}

// semiprimeInputs is n = p·q for random primes p, q of ⌊d/2⌋ and ⌈d/2⌉
// decimal digits.
func semiprimeInputs(rng *rand.Rand, d int) ([]Input, error) {
	p := randPrimeDigits(rng, d/2)
	q := randPrimeDigits(rng, d-d/2)
	for q.Cmp(p) == 0 {
		q = randPrimeDigits(rng, d-d/2)
	}
	return []Input{intInput("n", new(big.Int).Mul(p, q))}, nil
}

// randPrimeDigits is a random prime of exactly d ≥ 2 digits: the first
// prime after a uniform d-digit start (or the first below 10^d when none
// follows).
func randPrimeDigits(rng *rand.Rand, d int) *big.Int {
	for {
		p := randDigits(rng, d)
		for !p.ProbablyPrime(32) {
			p.Add(p, big.NewInt(1))
		}
		if len(p.String()) == d {
			return p
		}
	}
}

// primeInputs is a random prime of exactly n bits.
func primeInputs(rng *rand.Rand, n int) ([]Input, error) {
	p, err := randPrime(rng, n)
	if err != nil {
		return nil, err
	}
	return []Input{intInput("n", p)}, nil
}

func oneIntPayload(name string) func(in []Input) any {
	return func(in []Input) any { return map[string]string{name: in[0].Int().String()} }
}

// primeFactorsAnswer lists the primes of a COMPLETE factorization
// ascending; an INCOMPLETE one is an error.
func primeFactorsAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Factors []struct {
			Prime string `json:"prime"`
		} `json:"factors"`
		Status string `json:"status"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	if r.Status != "COMPLETE" {
		return nil, fmt.Errorf("factorization %s", r.Status)
	}
	lines := make([]string, len(r.Factors))
	for i, f := range r.Factors {
		lines[i] = f.Prime
	}
	return lines, nil
}

// acceptedAnswer is 1 for an accepted verdict, 0 for a rejected one; a
// non_conclusion is an error.
func acceptedAnswer(v json.RawMessage) ([]string, error) {
	var r struct {
		Verdict string `json:"verdict"`
	}
	if err := json.Unmarshal(v, &r); err != nil {
		return nil, err
	}
	switch r.Verdict {
	case "accepted":
		return []string{"1"}, nil
	case "rejected":
		return []string{"0"}, nil
	}
	return nil, fmt.Errorf("verdict %s", r.Verdict)
}
