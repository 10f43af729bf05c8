package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
	"jacobian.dev/core/factor"
)

// trialFactor is the reference: trial division by every d ≥ 2.
func trialFactor(n uint64) []factor.PrimePower {
	var out []factor.PrimePower
	for d := uint64(2); d*d <= n; d++ {
		e := 0
		for n%d == 0 {
			n /= d
			e++
		}
		if e > 0 {
			out = append(out, factor.PrimePower{Base: new(big.Int).SetUint64(d), Exponent: e})
		}
	}
	if n > 1 {
		out = append(out, factor.PrimePower{Base: new(big.Int).SetUint64(n), Exponent: 1})
	}
	return out
}

func sameFactors(r FactorResult, want []factor.PrimePower) bool {
	if len(r.Factors) != len(want) || r.Status != Complete {
		return false
	}
	for i, f := range r.Factors {
		if f.Prime.Big().Cmp(want[i].Base) != 0 || f.Exponent != want[i].Exponent {
			return false
		}
	}
	return true
}

// TestFactorExhaustive compares with trial division for every n in
// [-3000, 200000] except 0, and for random n below 10^10.
func TestFactorExhaustive(t *testing.T) {
	check := func(n int64) {
		r, err := factorize(context.Background(), big.NewInt(n), 1<<40)
		if err != nil {
			t.Fatal(err)
		}
		want := trialFactor(uint64(abs64(n)))
		if !sameFactors(r, want) || r.Sign != int(sign64(n)) {
			t.Fatalf("factor(%d) = %+v, want %v", n, r, want)
		}
		if err := checkFactorization(context.Background(), FactorRequest{N: core.Int64(n)}, r); err != nil {
			t.Fatalf("factor(%d): %v", n, err)
		}
	}
	for n := int64(-3000); n <= 200_000; n++ {
		if n != 0 {
			check(n)
		}
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for range 1000 {
		check(rng.Int64N(1e10) + 1)
	}
}

// TestFactorConstructed factors products of known random primes (from 2 to
// 36 bits, and squares and cubes of 80-bit primes, which only perfect-power
// detection makes reachable) and compares with the construction.
func TestFactorConstructed(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := 0; i < 60; i++ {
		n := big.NewInt(1)
		var want []factor.PrimePower
		for range rng.IntN(5) + 1 {
			p := randomPrime(rng, rng.IntN(35)+2)
			e := rng.IntN(3) + 1
			want = append(want, factor.PrimePower{Base: p, Exponent: e})
			n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(e)), nil))
		}
		if i%4 == 0 {
			p := randomPrime(rng, 80)
			e := 2 + i%3
			want = append(want, factor.PrimePower{Base: p, Exponent: e})
			n.Mul(n, new(big.Int).Exp(p, big.NewInt(int64(e)), nil))
		}
		want = factor.Merge(want)
		r, err := factorize(context.Background(), n, DefaultFactorIterations)
		if err != nil {
			t.Fatal(err)
		}
		if !sameFactors(r, want) {
			t.Fatalf("factor(%v) = %+v, want %v", n, r, want)
		}
		if err := checkFactorization(context.Background(), FactorRequest{N: core.Int(n)}, r); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFactorIncomplete: with a tiny budget the product of three 40-bit
// primes with a squared 40-bit prime stays unfactored, and the result still
// multiplies back to n.
func TestFactorIncomplete(t *testing.T) {
	rt := newRuntime(t)
	rng := rand.New(rand.NewPCG(17, 18))
	p, q := randomPrime(rng, 40), randomPrime(rng, 40)
	n := new(big.Int).Mul(p, q)
	n.Mul(n, big.NewInt(12))
	var r FactorResult
	runValue(t, rt, "integer.compute.prime_factorization", fmt.Sprintf(`{"n":"%v","max_iterations":500}`, n), &r)
	pq := new(big.Int).Mul(p, q)
	if r.Status != Incomplete || len(r.Unfactored) != 1 || r.Unfactored[0].Composite.Big().Cmp(pq) != 0 {
		t.Fatalf("got %+v", r)
	}
	if len(r.Factors) != 2 || r.Factors[0].Prime.String() != "2" || r.Factors[0].Exponent != 2 {
		t.Errorf("small factors: %+v", r.Factors)
	}
	// With the default budget it completes.
	runValue(t, rt, "integer.compute.prime_factorization", fmt.Sprintf(`{"n":"%v"}`, n), &r)
	if r.Status != Complete || len(r.Factors) != 4 {
		t.Errorf("default budget: %+v", r)
	}
}

// TestCheckFactorizationRejects makes sure the postcondition can fail.
func TestCheckFactorizationRejects(t *testing.T) {
	pf := func(p int64, e int) PrimeFactor { return PrimeFactor{core.Int64(p), e, Proven} }
	q := FactorRequest{N: core.Int64(60)}
	bad := map[string]FactorResult{
		"wrong product":   {Sign: 1, Factors: []PrimeFactor{pf(2, 2), pf(3, 1), pf(5, 2)}, Status: Complete},
		"composite prime": {Sign: 1, Factors: []PrimeFactor{pf(4, 1), pf(15, 1)}, Status: Complete},
		"unsorted":        {Sign: 1, Factors: []PrimeFactor{pf(3, 1), pf(2, 2), pf(5, 1)}, Status: Complete},
		"wrong sign":      {Sign: -1, Factors: []PrimeFactor{pf(2, 2), pf(3, 1), pf(5, 1)}, Status: Complete},
		"prime unfactored": {Sign: 1, Factors: []PrimeFactor{pf(2, 2), pf(3, 1)}, Status: Incomplete,
			Unfactored: []UnfactoredPart{{core.Int64(5), 1}}},
		"status": {Sign: 1, Factors: []PrimeFactor{pf(2, 2), pf(3, 1), pf(5, 1)}, Status: Incomplete},
	}
	for name, r := range bad {
		if err := checkFactorization(context.Background(), q, r); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	good := FactorResult{Sign: 1, Factors: []PrimeFactor{pf(2, 2), pf(3, 1), pf(5, 1)}, Status: Complete}
	if err := checkFactorization(context.Background(), q, good); err != nil {
		t.Errorf("correct factorization rejected: %v", err)
	}
	// A large prime marked proven needs its certificate.
	big31, _ := new(big.Int).SetString("1000000000000000000000000000057", 10)
	fake := FactorResult{Sign: 1, Factors: []PrimeFactor{{core.Int(big31), 1, Proven}}, Status: Complete}
	if err := checkFactorization(context.Background(), FactorRequest{N: core.Int(big31)}, fake); err == nil {
		t.Error("proven without certificate accepted")
	}
}

// TestFactorCancel cancels the declared slow payloads; they must end as
// CANCELLED (CHECKER_INTERRUPTED for the checker), and progress must have
// been reported. The latency is logged, not asserted.
func TestFactorCancel(t *testing.T) {
	rt := newRuntime(t)
	for _, id := range []string{"integer.compute.prime_factorization", "integer.check.primality"} {
		t.Run(id, func(t *testing.T) { cancelSlow(t, rt, id) })
	}
}

func cancelSlow(t *testing.T, rt *core.Runtime, id string) {
	d, _ := rt.Registry().Lookup(id)
	if d.Slow == nil {
		t.Fatal("no slow payload declared")
	}
	var reports atomic.Int64
	ctx, cancel := context.WithCancel(core.WithProgress(context.Background(), func(done, total float64, _ string) {
		reports.Add(1)
	}))
	done := make(chan core.Outcome)
	go func() {
		done <- rt.Run(ctx, core.RunRequest{CapabilityID: d.ID, Payload: json.RawMessage(d.Slow())})
	}()
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	cancel()
	o := <-done
	want := core.Cancelled
	if d.Kind == core.Check {
		want = core.CheckerInterrupted
	}
	if o.Outcome != core.OutcomeNonConclusion || o.Reason != want {
		t.Fatalf("got %+v", o)
	}
	if reports.Load() == 0 {
		t.Error("no progress reported")
	}
	t.Logf("cancelled after %v; %d progress reports", time.Since(start), reports.Load())
}

// TestFactorDomain: 0 is refused with a reason; ±1 have no factors.
func TestFactorDomain(t *testing.T) {
	rt := newRuntime(t)
	o := run(t, rt, "integer.compute.prime_factorization", `{"n":"0"}`)
	if o.Code != core.DomainError || !strings.Contains(o.Message, "nonzero") {
		t.Errorf("n = 0: %+v", o)
	}
	var r FactorResult
	runValue(t, rt, "integer.compute.prime_factorization", `{"n":"-1"}`, &r)
	if r.Sign != -1 || len(r.Factors) != 0 || r.Status != Complete {
		t.Errorf("n = -1: %+v", r)
	}
	o = run(t, rt, "integer.compute.prime_factorization", `{"n":"10","max_iterations":-1}`)
	if o.Code != core.DomainError {
		t.Errorf("negative budget: %+v", o)
	}
}

// TestPrimalityOfFactors: every factor is proven below 3.3e24, and the
// certificates of large proven ones verify independently.
func TestPrimalityOfFactors(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	proven := 0
	for range 20 {
		p := randomPrime(rng, 90+rng.IntN(60))
		n := new(big.Int).Mul(p, big.NewInt(int64(2+rng.IntN(1000))))
		r, err := factorize(context.Background(), n, DefaultFactorIterations)
		if err != nil {
			t.Fatal(err)
		}
		last := r.Factors[len(r.Factors)-1]
		if last.Prime.Big().Cmp(p) != 0 {
			t.Fatalf("largest factor of %v is %v, want %v", n, last.Prime, p)
		}
		if last.Primality == Proven {
			proven++
			if err := verifyCertificate(p, r.certificates[p.String()]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d of 20 large prime factors proven by certificate", proven)
	if proven == 0 {
		t.Error("no large factor was proven")
	}
}

// TestFactorDigitLimit: 500 digits are accepted, 501 refused before work.
func TestFactorDigitLimit(t *testing.T) {
	rt := newRuntime(t)
	var r FactorResult
	runValue(t, rt, "integer.compute.prime_factorization", `{"n":"-1`+strings.Repeat("0", MaxFactorDigits-1)+`"}`, &r)
	if r.Status != Complete || len(r.Factors) != 2 || r.Factors[0].Exponent != MaxFactorDigits-1 {
		t.Errorf("10^499: %+v", r)
	}
	o := run(t, rt, "integer.compute.prime_factorization", `{"n":"1`+strings.Repeat("0", MaxFactorDigits)+`"}`)
	if o.Reason != core.ResourceRefused || !strings.Contains(o.Detail, "501 digits") {
		t.Errorf("10^500: %+v", o)
	}
}

// TestSlowSemiprime: the slow payload is p·q as PARI gives it, and neither
// p − 1 nor q − 1 is smooth enough for p − 1. PARI/GP 2.15:
// factor(p-1) = 2·283·49663·3557546769822241483571 and
// factor(q-1) = 2^2·5·281·1804711·78959579·124868011271, whose largest
// primes are above 2^16, the bound of stage 1; rho would need about 10^14
// iterations, so the quadratic sieve splits it, in some seconds.
func TestSlowSemiprime(t *testing.T) {
	p, _ := new(big.Int).SetString("100000000000000000000000000319", 10)
	q, _ := new(big.Int).SetString("100000000000000000010000000381", 10)
	n := new(big.Int).Mul(p, q)
	if n.String() != slowSemiprime || !p.ProbablyPrime(20) || !q.ProbablyPrime(20) {
		t.Fatal("slowSemiprime is not the documented product of two primes")
	}
	f := factor.New(context.Background(), MaxFactorIterations)
	if d, err := f.PM1(n); d != nil || err != nil {
		t.Errorf("p − 1 splits the slow payload: %v %v", d, err)
	}
}

// TestBudgetDescription keeps the schema's words in step with the constants.
func TestBudgetDescription(t *testing.T) {
	rt := newRuntime(t)
	d, _ := rt.Registry().Lookup("integer.compute.prime_factorization")
	desc := d.RequestSchema().Properties["max_iterations"].Description
	for _, v := range []int64{defaultFactorBudget(512), defaultFactorBudget(bitsOf("3" + strings.Repeat("0", 499))), MaxFactorIterations} {
		if !strings.Contains(desc, fmt.Sprint(v)) {
			t.Errorf("max_iterations description %q does not state %d", desc, v)
		}
	}
}

// TestPARIFactorECM: products with prime factors of 11 to 20 digits, which
// only the elliptic curve method reaches within the default budget (rho
// would need 10^5 to 10^10 iterations), including five balanced 40-digit
// semiprimes, factor completely as PARI/GP 2.15 factors them
// (testdata/ecm.txt, made by generate.sh); every factor is proven.
func TestPARIFactorECM(t *testing.T) {
	if testing.Short() {
		t.Skip("about ten seconds of curves")
	}
	rt := newRuntime(t)
	for _, c := range conformance.AtLeast(t, "ecm.txt", 50, readCases(t, "ecm.txt")) {
		var r FactorResult
		runValue(t, rt, "integer.compute.prime_factorization", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		var got []string
		for _, f := range r.Factors {
			got = append(got, fmt.Sprintf("%v,%d", f.Prime, f.Exponent))
			if f.Primality != Proven {
				t.Errorf("factor(%s): %v is %s", c[0], f.Prime, f.Primality)
			}
		}
		if r.Status != Complete || strings.Join(got, " ") != strings.Join(c[1:], " ") {
			t.Errorf("factor(%s) = %s %v, PARI says %v", c[0], r.Status, got, c[1:])
		}
	}
}

// BenchmarkFactorSIQS: balanced semiprimes in the quadratic sieve's range,
// through the whole operation pipeline's factorize (the bench-peers rows
// int_factor_semiprime_* time the same sizes against PARI/GP and FLINT).
func BenchmarkFactorSIQS(b *testing.B) {
	for _, digits := range []int{30, 40, 50, 60} {
		rng := rand.New(rand.NewPCG(uint64(digits), 60))
		prime := func(d int) *big.Int {
			p := randomDigits(rng, d)
			for !p.ProbablyPrime(20) {
				p.Add(p, big.NewInt(1))
			}
			return p
		}
		n := new(big.Int).Mul(prime(digits/2), prime(digits-digits/2))
		b.Run(fmt.Sprintf("semiprime=%ddigits", digits), func(b *testing.B) {
			for b.Loop() {
				r, err := factorize(context.Background(), n, DefaultFactorIterations)
				if err != nil || r.Status != Complete {
					b.Fatal(err, r.Status)
				}
			}
		})
	}
}

// TestDefaultFactorBudgetFitsDeadline: at every size the default budget
// is at least the half-deadline one and its cost at the measured rate
// stays within the deadline; where it is raised it is the sieve's
// projected work and a fifth, or the deadline's budget where that is
// less and the projection fits it, which happens for some sizes.
func TestDefaultFactorBudgetFitsDeadline(t *testing.T) {
	raised := 0
	for bits := 2; bits <= 1700; bits++ {
		words := int64(max((bits+63)/64, factorMinWords))
		perIteration := words * words * factorRunNanosPerWord2
		base := min(DefaultFactorIterations, MaxFactorCostMS/2*1_000_000/perIteration)
		b := defaultFactorBudget(bits)
		if b < base || b*perIteration > MaxFactorCostMS*1_000_000 {
			t.Fatalf("%d bits: default budget %d (half-deadline %d) costs %d ms", bits, b, base, b*perIteration/1_000_000)
		}
		if b != base {
			raised++
			deadline := MaxFactorCostMS * 1_000_000 / perIteration
			if w := factor.SIQSWork(bits); w > deadline || b != min(w+w/5, deadline) {
				t.Fatalf("%d bits: budget %d, projected sieve work %d, the deadline's budget %d", bits, b, w, deadline)
			}
		}
	}
	if raised == 0 {
		t.Fatal("no size has its budget raised for the sieve")
	}
}
