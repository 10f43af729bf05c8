package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"jacobian.dev/conformance"
)

// TestPARIFactorial: n! has PARI/GP 2.15's digit count and residue modulo
// the prime 10^30 + 57 (testdata/factorial.txt), through the pipeline.
func TestPARIFactorial(t *testing.T) {
	rt := newRuntime(t)
	p, _ := new(big.Int).SetString("1000000000000000000000000000057", 10)
	for _, c := range conformance.AtLeast(t, "factorial.txt", 50, readCases(t, "factorial.txt")) {
		var r FactorialResult
		runValue(t, rt, "integer.compute.factorial", fmt.Sprintf(`{"n":%s}`, c[0]), &r)
		f := r.Factorial.Big()
		if d := strconv.Itoa(len(f.String())); d != c[1] {
			t.Errorf("%s! has %s digits, PARI says %s", c[0], d, c[1])
		}
		if m := new(big.Int).Mod(f, p).String(); m != c[2] {
			t.Errorf("%s! mod (10^30 + 57) = %s, PARI says %s", c[0], m, c[2])
		}
	}
}

// TestFactorialAgainstProduct compares the prime factorization with the
// plain running product for n up to 600, and with math/big's MulRange at
// seeded random n up to the limit; the postcondition accepts each and
// refuses a neighbour.
func TestFactorialAgainstProduct(t *testing.T) {
	ctx := context.Background()
	want := big.NewInt(1)
	for n := 0; n <= 600; n++ {
		if n > 0 {
			want.Mul(want, big.NewInt(int64(n)))
		}
		if got, err := factorial(ctx, n); err != nil || got.Cmp(want) != 0 {
			t.Fatalf("%d! differs from the running product (%v)", n, err)
		}
	}
	rng := rand.New(rand.NewPCG(12, 5))
	ns := []int{MaxFactorialN, MaxFactorialN - 1}
	for range 10 {
		ns = append(ns, rng.IntN(MaxFactorialN+1))
	}
	for _, n := range ns {
		got, _ := factorial(ctx, n)
		if got.Cmp(new(big.Int).MulRange(1, int64(n))) != 0 {
			t.Fatalf("%d! differs from MulRange", n)
		}
		if err := checkFactorial(n, got); err != nil {
			t.Fatalf("%d!: the postcondition refuses the right answer: %v", n, err)
		}
		for _, bad := range []*big.Int{new(big.Int).Add(got, big.NewInt(1)), new(big.Int).Lsh(got, 1), new(big.Int).Rsh(got, 1), new(big.Int).Mul(got, big.NewInt(3))} {
			if checkFactorial(n, bad) == nil {
				t.Fatalf("%d!: the postcondition accepts a wrong result", n)
			}
		}
	}
	op := factorialOperation()
	r, _ := op.Run(ctx, FactorialRequest{MaxFactorialN})
	if d := len(r.Factorial.String()); d > 100_000 {
		t.Errorf("%d! has %d digits, beyond an integer result's 100,000", MaxFactorialN, d)
	}
}

// TestPrimePowerProduct compares primePowerProduct with repeated
// multiplication on seeded random exponents, zero ones and large ones
// included.
func TestPrimePowerProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 6))
	primes := smallPrimes().appendPrimes(nil, 2000)
	for range 30 {
		exps := make([]uint32, len(primes))
		want := big.NewInt(1)
		for i, p := range primes {
			switch rng.IntN(4) {
			case 0:
			case 1:
				exps[i] = 1
			case 2:
				exps[i] = uint32(rng.IntN(9))
			default:
				exps[i] = uint32(rng.IntN(300))
			}
			want.Mul(want, new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(exps[i])), nil))
		}
		if got, _ := primePowerProduct(context.Background(), primes, exps); got.Cmp(want) != 0 {
			t.Fatalf("primePowerProduct differs from the repeated product")
		}
	}
	if got, _ := primePowerProduct(context.Background(), nil, nil); got.Cmp(big.NewInt(1)) != 0 {
		t.Fatalf("the empty product is %v", got)
	}
}

// BenchmarkFactorial: n! by the prime factorization and by math/big's
// MulRange, at sizes PARI/GP's factorial was timed on.
func BenchmarkFactorial(b *testing.B) {
	for _, n := range []int{1000, 10000, MaxFactorialN} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				factorial(context.Background(), n)
			}
		})
		b.Run(fmt.Sprintf("n=%d/MulRange", n), func(b *testing.B) {
			for b.Loop() {
				new(big.Int).MulRange(1, int64(n))
			}
		})
	}
}
