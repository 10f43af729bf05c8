package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
)

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
		// FLINT's n_prime_pi and n_nth_prime list every prime up to the
		// answer, so these rows stay where that list fits in memory.
		{
			Name: "int_primepi_1e8", Size: 100_000_000, Tiny: 1000,
			Inputs:   wordInput("x"),
			Jacobian: operation("integer.compute.prime_count", stringPayload("x"), stringAnswer("count")),
			FLINT:    "n_prime_pi",
			GP:       "primepi(x)",
		},
		{
			Name: "int_nthprime_1e6", Size: 1_000_000, Tiny: 100,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.nth_prime", stringPayload("n"), stringAnswer("prime")),
			FLINT:    "n_nth_prime",
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
			GP:    "binomial(n, k)",
		},
		{
			Name: "int_fibonacci_400000", Size: 400_000, Tiny: 30,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.fibonacci", numberPayload("n"), stringAnswer("fibonacci")),
			FLINT:    "fmpz_fib_ui",
			GP:       "fibonacci(n)",
		},
		{
			Name: "int_partitions_10000", Size: 10_000, Tiny: 30,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.partitions", numberPayload("n"), stringAnswer("partitions")),
			FLINT:    "arith_number_of_partitions",
			GP:       "numbpart(n)",
		},
		{
			Name: "int_bernoulli_1000", Size: 1000, Tiny: 12,
			Inputs:   wordInput("n"),
			Jacobian: operation("integer.compute.bernoulli", numberPayload("n"), fractionAnswer("bernoulli")),
			FLINT:    "arith_bernoulli_number",
			GP:       "peers_frac(bernfrac(n))",
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
