package integer

import (
	"context"
	"fmt"
	"math/big"
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

// TestFactorialAgainstProduct compares MulRange with the plain running
// product for n up to 600, and the identity n! = n·(n − 1)!.
func TestFactorialAgainstProduct(t *testing.T) {
	want := big.NewInt(1)
	for n := int64(0); n <= 600; n++ {
		if n > 0 {
			want.Mul(want, big.NewInt(n))
		}
		if got := new(big.Int).MulRange(1, n); got.Cmp(want) != 0 {
			t.Fatalf("%d! differs from the running product", n)
		}
	}
	op := factorialOperation()
	r, _ := op.Run(context.Background(), FactorialRequest{MaxFactorialN})
	if d := len(r.Factorial.String()); d > 100_000 {
		t.Errorf("%d! has %d digits, beyond an integer result's 100,000", MaxFactorialN, d)
	}
}

// BenchmarkFactorial: n! at sizes PARI/GP's factorial was timed on.
func BenchmarkFactorial(b *testing.B) {
	for _, n := range []int64{1000, 10000, MaxFactorialN} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				new(big.Int).MulRange(1, n)
			}
		})
	}
}
