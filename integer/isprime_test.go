package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"jacobian.dev/core"
)

func decide(t *testing.T, n *big.Int) PrimalityResult {
	t.Helper()
	r, err := checkPrimality(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	if err := verifyPrimality(context.Background(), PrimalityRequest{core.Int(n)}, r); err != nil {
		t.Fatalf("%v: postcondition: %v", n, err)
	}
	switch r.Method {
	case MethodPocklington:
		recheck(t, n, r.Certificate)
	case MethodECPP:
		recheckECPP(t, n, r.ECPP)
	}
	return r
}

// recheck re-verifies an accepted primality verdict's certificate with the
// certificate checker, as a client that trusts nobody would.
func recheck(t *testing.T, n *big.Int, cert []PocklingtonStep) {
	t.Helper()
	c, err := checkCertificate(context.Background(), CertificateRequest{N: core.Int(n), Certificate: cert})
	if err != nil || c.Verdict != core.Accepted {
		t.Fatalf("%v: the certificate checker says %s (%s, %v)", n, c.Verdict, c.Reason, err)
	}
}

// recheckECPP is recheck for an ECPP certificate.
func recheckECPP(t *testing.T, n *big.Int, steps []ECPPStep) {
	t.Helper()
	c, err := checkCertificate(context.Background(), CertificateRequest{N: core.Int(n), ECPP: steps})
	if err != nil || c.Verdict != core.Accepted {
		t.Fatalf("%v: the certificate checker says %s (%s, %v) of the ECPP certificate", n, c.Verdict, c.Reason, err)
	}
}

// TestPrimalityExhaustive compares with trial division on [-20, 200000] and
// on a stretch just above 2^28, where Miller–Rabin takes over.
func TestPrimalityExhaustive(t *testing.T) {
	check := func(n int64) {
		r := decide(t, big.NewInt(n))
		want := core.Rejected
		if n >= 2 && trialDivisionPrime(uint64(n)) {
			want = core.Accepted
		}
		if r.Verdict != want {
			t.Fatalf("%d: %s (%s), want %s", n, r.Verdict, r.Method, want)
		}
	}
	for n := int64(-20); n <= 200_000; n++ {
		check(n)
	}
	for n := int64(1<<28 - 1000); n <= 1<<28+5000; n++ {
		check(n)
	}
}

// TestPrimalityHardCases: pseudoprimes must be rejected with a witness or
// factor, primes above 3.3e24 accepted with a certificate.
func TestPrimalityHardCases(t *testing.T) {
	tests := []struct {
		n      string
		want   core.Verdict
		method PrimalityMethod
	}{
		// Carmichael numbers: 561 = 3·11·17, and Chernick's
		// (6k+1)(12k+1)(18k+1) at k = 2876, 17257·34513·51769 (all three
		// prime, SymPy 1.14 isprime), which has no factor below 2^14.
		{"561", core.Rejected, MethodFactor},
		{"30833142247729", core.Rejected, MethodWitness},
		// ψ9 = 3825123056546413051, strong pseudoprime to the bases 2..23.
		{"3825123056546413051", core.Rejected, MethodWitness},
		// ψ12 = 318665857834031151167461 (Sorenson–Webster 2017).
		{"318665857834031151167461", core.Rejected, MethodWitness},
		// Mersenne primes 2^107 − 1 and 2^127 − 1 (Lucas–Lehmer).
		{"162259276829213363391578010288127", core.Accepted, MethodPocklington},
		{"170141183460469231731687303715884105727", core.Accepted, MethodPocklington},
		// 2^128 + 1 = 59649589127497217 · 5704689200685129054721 (PARI/GP
		// 2.15 factor): no small factor, rejected by a witness.
		{"340282366920938463463374607431768211457", core.Rejected, MethodWitness},
		{"-7", core.Rejected, MethodBelowTwo},
		{"0", core.Rejected, MethodBelowTwo},
	}
	for _, tc := range tests {
		n, _ := new(big.Int).SetString(tc.n, 10)
		r := decide(t, n)
		if r.Verdict != tc.want || r.Method != tc.method {
			t.Errorf("%s: %s by %s, want %s by %s", tc.n, r.Verdict, r.Method, tc.want, tc.method)
		}
	}
}

// TestNestedCertificate: for a safe prime p = 2q + 1 with q beyond the
// deterministic range, p − 1 = 2q needs q proven by its own step.
func TestNestedCertificate(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for {
		q := randomPrime(rng, 100)
		p := new(big.Int).Lsh(q, 1)
		p.Add(p, big.NewInt(1))
		if !p.ProbablyPrime(20) {
			continue
		}
		r := decide(t, p)
		if r.Method != MethodPocklington {
			t.Logf("safe prime %v not certified (%s); trying another", p, r.Method)
			continue
		}
		if len(r.Certificate) < 2 || r.Certificate[1].N.Big().Cmp(q) != 0 {
			t.Fatalf("certificate of %v lacks a step for q = %v: %+v", p, q, r.Certificate)
		}
		return
	}
}

// TestVerifyCertificateRejects tampers with a good certificate in each way
// the verifier must notice.
func TestVerifyCertificateRejects(t *testing.T) {
	n, _ := new(big.Int).SetString("170141183460469231731687303715884105727", 10)
	good := decide(t, n).Certificate
	if err := verifyCertificate(n, good); err != nil {
		t.Fatal(err)
	}
	clone := func() []PocklingtonStep {
		out := make([]PocklingtonStep, len(good))
		for i, s := range good {
			out[i] = s
			out[i].Factors = append([]CertifiedPrime(nil), s.Factors...)
		}
		return out
	}
	tamper := map[string]func(c []PocklingtonStep){
		"witness":        func(c []PocklingtonStep) { c[0].Factors[0].Witness = core.Int64(1) },
		"dropped factor": func(c []PocklingtonStep) { c[0].Factors = c[0].Factors[1:] },
		"factored part": func(c []PocklingtonStep) {
			c[0].FactoredPart = core.Int(new(big.Int).Add(c[0].FactoredPart.Big(), big.NewInt(2)))
		},
		"proof method": func(c []PocklingtonStep) { c[0].Factors[len(c[0].Factors)-1].Proof = ProofPocklington },
		"other number": func(c []PocklingtonStep) { c[0].N = core.Int64(1000003) },
	}
	for name, f := range tamper {
		c := clone()
		f(c)
		if err := verifyCertificate(n, c); err == nil {
			t.Errorf("%s: tampered certificate accepted", name)
		}
	}
	// F must exceed √n: a certificate for a composite built from a small F
	// is refused even when every witness condition holds.
	comp := big.NewInt(341) // 11·31, 340 = 2^2·5·17
	fake := []PocklingtonStep{{N: core.Int(comp), FactoredPart: core.Int64(4), Cofactor: core.Int64(85),
		Factors: []CertifiedPrime{{Prime: core.Int64(2), Exponent: 2, Witness: core.Int64(2), Proof: ProofTrialDivision}}}}
	if err := verifyCertificate(comp, fake); err == nil {
		t.Error("certificate with F ≤ √n accepted")
	}
}

// TestVerifyPrimalityRejects makes sure the checker's postcondition can fail.
func TestVerifyPrimalityRejects(t *testing.T) {
	w := core.Int64(2)
	f := core.Int64(7)
	bad := []struct {
		n int64
		r PrimalityResult
	}{
		{97, PrimalityResult{CheckResult: core.CheckResult{Verdict: core.Rejected}, Method: MethodFactor, Factor: &f}},
		{91, PrimalityResult{CheckResult: core.CheckResult{Verdict: core.Accepted}, Method: MethodTrialDivision}},
		{1000003, PrimalityResult{CheckResult: core.CheckResult{Verdict: core.Rejected}, Method: MethodWitness, Witness: &w}},
		{2, PrimalityResult{CheckResult: core.CheckResult{Verdict: core.Rejected}, Method: MethodBelowTwo}},
		{91, PrimalityResult{CheckResult: core.CheckResult{Verdict: core.Accepted}, Method: MethodFactor, Factor: &f}},
	}
	for _, b := range bad {
		if err := verifyPrimality(context.Background(), PrimalityRequest{core.Int64(b.n)}, b.r); err == nil {
			t.Errorf("%d %+v accepted", b.n, b.r)
		}
	}
}

// TestPrimalityRandomLarge: random primes of 80 to 200 bits are never
// rejected; products of two are never accepted.
func TestPrimalityRandomLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	certified := 0
	for range 40 {
		p, q := randomPrime(rng, 80+rng.IntN(120)), randomPrime(rng, 80+rng.IntN(120))
		if r := decide(t, p); r.Verdict == core.Rejected {
			t.Fatalf("prime %v rejected", p)
		} else if r.Verdict == core.Accepted {
			certified++
		}
		if r := decide(t, new(big.Int).Mul(p, q)); r.Verdict != core.Rejected {
			t.Fatalf("composite %v·%v: %s", p, q, r.Verdict)
		}
	}
	t.Logf("%d of 40 random primes certified", certified)
}

// TestCubeRootCondition checks the Brillhart–Lehmer–Selfridge condition
// both ways on small numbers: for n = (aF + 1)(bF + 1) ≤ F³ the discriminant
// c1² − 4c2 is a square, and for every prime n < 30000 and every divisor F
// of n − 1 with ∛n ≤ F ≤ √n it is not.
func TestCubeRootCondition(t *testing.T) {
	for f := int64(2); f < 60; f++ {
		for a := int64(1); a < f; a++ {
			for b := a; a*b < f; b++ {
				n := (a*f + 1) * (b*f + 1)
				if f*f*f < n {
					continue
				}
				if cubeRootConditionHolds(big.NewInt(n), big.NewInt(f)) {
					t.Fatalf("composite %d = (%d·%d+1)(%d·%d+1) passes with F = %d", n, a, f, b, f, f)
				}
			}
		}
	}
	for n := int64(3); n < 30000; n++ {
		if !trialDivisionPrime(uint64(n)) {
			continue
		}
		for f := int64(2); f*f <= n; f++ {
			if (n-1)%f != 0 || f*f*f < n {
				continue
			}
			if !cubeRootConditionHolds(big.NewInt(n), big.NewInt(f)) {
				t.Fatalf("prime %d fails with F = %d", n, f)
			}
		}
	}
}

// TestCubeRootCertificate finds a prime certified by the cube-root
// criterion and checks that the verifier holds it to that criterion.
func TestCubeRootCertificate(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for range 200 {
		p := randomPrime(rng, 90+rng.IntN(40))
		r := decide(t, p)
		if r.Method != MethodPocklington || r.Certificate[0].Criterion != AboveCubeRoot {
			continue
		}
		c := append([]PocklingtonStep(nil), r.Certificate...)
		c[0].Criterion = AboveSquareRoot
		if err := verifyCertificate(p, c); err == nil {
			t.Fatalf("%v: cube-root step accepted as square-root step", p)
		}
		c[0].Criterion = "other"
		if err := verifyCertificate(p, c); err == nil {
			t.Fatalf("%v: unknown criterion accepted", p)
		}
		return
	}
	t.Fatal("no prime among 200 used the cube-root criterion")
}

// TestSlowPrime: the slow payload is the prime PARI names; its ECPP
// proof takes minutes, and a deadline ends the search promptly with the
// context's error, never a verdict.
func TestSlowPrime(t *testing.T) {
	p := slowPrime()
	if !p.ProbablyPrime(20) || p.BitLen() != MaxPrimalityBits {
		t.Fatalf("slow payload %v is not a %d-bit probable prime", p, MaxPrimalityBits)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	start := time.Now()
	if r, err := checkPrimality(ctx, p); err == nil {
		t.Errorf("got %s by %s before the deadline", r.Verdict, r.Method)
	}
	if d := time.Since(start); d > 6*time.Second {
		t.Errorf("the search ended %v after its start, the deadline was 3 s", d)
	}
}
