package integer

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARIDivisors: the divisors agree with PARI/GP 2.15's divisors()
// (testdata/divisors.txt, made by generate.sh).
func TestPARIDivisors(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "divisors.txt", 50, readCases(t, "divisors.txt")) {
		var r DivisorsResult
		runValue(t, rt, "integer.compute.divisors", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		var got []string
		for _, d := range r.Divisors {
			got = append(got, d.String())
		}
		if r.Status != Complete || strings.Join(got, " ") != strings.Join(c[1:], " ") {
			t.Errorf("divisors(%s) = %s %v, PARI says %v", c[0], r.Status, got, c[1:])
		}
	}
}

// TestPARIArithmetic: σ_k, τ, φ, λ, μ, ω, Ω and the radical agree with
// PARI/GP 2.15 (testdata/arith.txt).
func TestPARIArithmetic(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "arith.txt", 50, readCases(t, "arith.txt")) {
		var r ArithmeticResult
		runValue(t, rt, "integer.compute.arithmetic_functions", fmt.Sprintf(`{"n":"%s","sigma_index":%s}`, c[0], c[1]), &r)
		if r.Status != Complete {
			t.Errorf("%s: %s", c[0], r.Status)
			continue
		}
		f := r.Functions
		got := []string{f.Sigma.String(), f.Tau.String(), f.Phi.String(), f.Carmichael.String(),
			strconv.Itoa(f.Mobius), strconv.Itoa(f.Omega), strconv.Itoa(f.BigOmega), f.Radical.String()}
		if strings.Join(got, " ") != strings.Join(c[2:], " ") {
			t.Errorf("functions of %s (k = %s) = %v, PARI says %v", c[0], c[1], got, c[2:])
		}
	}
}

// TestArithmeticExhaustive: for every n up to 3000 the functions match
// their definitions computed by trial (λ as the least e with x^e ≡ 1 for
// every unit x), and the divisors match trial division.
func TestArithmeticExhaustive(t *testing.T) {
	ctx := context.Background()
	for n := int64(1); n <= 3000; n++ {
		primes, un, err := factorForFunctions(ctx, big.NewInt(n))
		if err != nil || un != nil {
			t.Fatal(n, err, un)
		}
		f := arithmeticOf(primes, 2)
		var divs []int64
		sigma2 := int64(0)
		for d := int64(1); d <= n; d++ {
			if n%d == 0 {
				divs = append(divs, d)
				sigma2 += d * d
			}
		}
		var units []int64
		for x := int64(1); x <= n; x++ {
			if gcdInt64(x, n) == 1 {
				units = append(units, x%n)
			}
		}
		lambda := int64(1)
		for ; ; lambda++ {
			all := true
			for _, x := range units {
				if new(big.Int).Exp(big.NewInt(x), big.NewInt(lambda), big.NewInt(n)).Int64() != 1%n {
					all = false
					break
				}
			}
			if all {
				break
			}
		}
		omega, bigOmega, rad, squarefree := 0, 0, int64(1), true
		for p, m := int64(2), n; m > 1; p++ {
			if m%p != 0 {
				continue
			}
			omega++
			rad *= p
			e := 0
			for m%p == 0 {
				m /= p
				e++
			}
			bigOmega += e
			squarefree = squarefree && e == 1
		}
		mu := 0
		if squarefree {
			mu = 1 - 2*(omega%2)
		}
		if f.Sigma.Big().Int64() != sigma2 || f.Tau.Big().Int64() != int64(len(divs)) ||
			f.Phi.Big().Int64() != int64(len(units)) || f.Carmichael.Big().Int64() != lambda ||
			f.Mobius != mu || f.Omega != omega || f.BigOmega != bigOmega || f.Radical.Big().Int64() != rad {
			t.Fatalf("functions of %d: %+v; by trial σ₂ %d τ %d φ %d λ %d μ %d ω %d Ω %d rad %d",
				n, f, sigma2, len(divs), len(units), lambda, mu, omega, bigOmega, rad)
		}
		got := divisorsOf(primes)
		if len(got) != len(divs) {
			t.Fatalf("divisors of %d: %v", n, got)
		}
		for i := range got {
			if got[i].Int64() != divs[i] {
				t.Fatalf("divisors of %d: %v, want %v", n, got, divs)
			}
		}
	}
}

// TestArithmeticPostconditionCatches: a wrong radical, φ and μ are each
// refused.
func TestArithmeticPostconditionCatches(t *testing.T) {
	q := ArithmeticRequest{N: core.Int64(360)}
	primes, _, _ := factorForFunctions(context.Background(), big.NewInt(360))
	good := arithmeticOf(primes, 1)
	for name, mutate := range map[string]func(*Arithmetic){
		"radical": func(f *Arithmetic) { f.Radical = core.Int64(6) },
		"phi":     func(f *Arithmetic) { f.Phi = core.Int64(95) },
		"mobius":  func(f *Arithmetic) { f.Mobius = 1 },
	} {
		f := good
		mutate(&f)
		if checkArithmetic(context.Background(), q, ArithmeticResult{Status: Complete, Functions: &f}) == nil {
			t.Errorf("a wrong %s passes", name)
		}
	}
	if err := checkArithmetic(context.Background(), q, ArithmeticResult{Status: Complete, Functions: &good}); err != nil {
		t.Errorf("the right functions fail: %v", err)
	}
}

// BenchmarkArithmetic: the functions and the 4096 divisors of
// n = (2·3·5·7·11·13)³, factoring included (PARI/GP's sigma and divisors on
// the same n for comparison).
func BenchmarkArithmetic(b *testing.B) {
	smooth := big.NewInt(1)
	for _, p := range []int64{2, 3, 5, 7, 11, 13} {
		smooth.Mul(smooth, new(big.Int).Exp(big.NewInt(p), big.NewInt(3), nil))
	}
	b.Run("smooth", func(b *testing.B) {
		for b.Loop() {
			primes, _, _ := factorForFunctions(context.Background(), smooth)
			arithmeticOf(primes, 1)
		}
	})
	b.Run("smooth/divisors", func(b *testing.B) {
		for b.Loop() {
			primes, _, _ := factorForFunctions(context.Background(), smooth)
			divisorsOf(primes)
		}
	})
}

// TestCheckDivisorPairs: the divisors of a word n and of n·(2^61 − 1) pass
// checkDivisorPairs on both of its routes, and a swapped pair, a repeated
// divisor or a wrong one is refused on each.
func TestCheckDivisorPairs(t *testing.T) {
	for _, n := range []*big.Int{big.NewInt(720720), new(big.Int).Mul(big.NewInt(720720), big.NewInt(1<<61-1))} {
		primes, _, err := factorForFunctions(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		var good []core.Integer
		for _, d := range divisorsOf(primes) {
			good = append(good, core.Int(d))
		}
		if err := checkDivisorPairs(good, n); err != nil {
			t.Fatalf("the divisors of %v fail: %v", n, err)
		}
		for name, mutate := range map[string]func([]core.Integer){
			"swapped":  func(ds []core.Integer) { ds[3], ds[4] = ds[4], ds[3] },
			"repeated": func(ds []core.Integer) { ds[5] = ds[4] },
			"wrong":    func(ds []core.Integer) { ds[1] = core.Int64(3) },
			"too big":  func(ds []core.Integer) { ds[0] = core.Int(new(big.Int).Lsh(big.NewInt(1), 70)) },
		} {
			ds := append([]core.Integer(nil), good...)
			mutate(ds)
			if checkDivisorPairs(ds, n) == nil {
				t.Errorf("n = %v: %s divisors pass", n, name)
			}
		}
	}
}
