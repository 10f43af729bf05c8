package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestPARICertificates: for PARI/GP 2.15's primes (testdata/
// certificate.txt, isprime = 1) every accepted verdict of
// integer.check.primality carries a certificate that
// integer.check.primality_certificate accepts through the pipeline; for
// its composites no certificate is produced, and a prime's certificate
// relabelled to the composite is rejected.
func TestPARICertificates(t *testing.T) {
	rt := newRuntime(t)
	accepted := 0
	var spare []PocklingtonStep
	for _, c := range conformance.AtLeast(t, "certificate.txt", 50, readCases(t, "certificate.txt")) {
		var r PrimalityResult
		runValue(t, rt, "integer.check.primality", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		if c[1] == "0" {
			if r.Verdict == core.Accepted {
				t.Errorf("%s: accepted, PARI says composite", c[0])
			}
			if spare != nil {
				fake := append([]PocklingtonStep(nil), spare...)
				fake[0].N = mustInt(t, c[0])
				payload, _ := json.Marshal(CertificateRequest{N: mustInt(t, c[0]), Certificate: fake})
				var cr CertificateResult
				runValue(t, rt, "integer.check.primality_certificate", string(payload), &cr)
				if cr.Verdict != core.Rejected {
					t.Errorf("%s: a relabelled certificate is %s", c[0], cr.Verdict)
				}
			}
			continue
		}
		if r.Verdict != core.Accepted {
			continue // a probable prime without a certificate within the budget
		}
		accepted++
		if r.Certificate != nil {
			spare = r.Certificate
		}
		payload, _ := json.Marshal(CertificateRequest{N: mustInt(t, c[0]), Certificate: r.Certificate, ECPP: r.ECPP})
		var cr CertificateResult
		runValue(t, rt, "integer.check.primality_certificate", string(payload), &cr)
		if cr.Verdict != core.Accepted {
			t.Errorf("%s: the checker says %s: %s", c[0], cr.Verdict, cr.Reason)
		}
	}
	if accepted < 40 {
		t.Errorf("only %d of PARI's primes were proven", accepted)
	}
	t.Logf("%d of PARI's 50 primes proven and re-verified", accepted)
}

// TestCertificateNeedsECM: p − 1 = s·q·r with s small and q, r primes of
// about 17 digits, so the factored part reaches ∛p only if q·r is split,
// which rho (about 2^27 iterations) cannot do within the certificate's
// budget of 2^22 and ECM can.
// The certificate is then re-verified by the checker.
func TestCertificateNeedsECM(t *testing.T) {
	rng := rand.New(rand.NewPCG(94, 95))
	q, r := randomPrime(rng, 55), randomPrime(rng, 56)
	qr := new(big.Int).Mul(q, r)
	p := new(big.Int)
	for s := int64(2); ; s += 2 {
		p.Mul(qr, big.NewInt(s)).Add(p, big.NewInt(1))
		if p.ProbablyPrime(20) {
			break
		}
	}
	res, err := checkPrimality(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Method != MethodPocklington {
		t.Fatalf("%v (p − 1 = s·%v·%v): %s, not a certificate", p, q, r, res.Method)
	}
	recheck(t, p, res.Certificate)
}

// TestCertificateNeedsSIQS: p = 3385848950907645784653106412486351020091343755135351
// (172 bits) has, by PARI/GP 2.15, factor(p − 1) =
// 2·5²·19²·149·239·919·953·1361498984138866943·4417539792479982017: a
// 50-bit smooth part, below ∛p, and a 38-digit product of two 19-digit
// primes, beyond rho and the short ECM pass within the certificate's
// budget. The quadratic sieve splits it, so p gets a certificate, which
// the checker re-verifies.
func TestCertificateNeedsSIQS(t *testing.T) {
	p, _ := new(big.Int).SetString("3385848950907645784653106412486351020091343755135351", 10)
	res, err := checkPrimality(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Method != MethodPocklington {
		t.Fatalf("%v: %s, not a certificate", p, res.Method)
	}
	var primes []string
	for _, f := range res.Certificate[0].Factors {
		primes = append(primes, f.Prime.Big().String())
	}
	if !slices.Contains(primes, "1361498984138866943") {
		t.Errorf("the certificate's factors %v miss the sieve's 19-digit prime", primes)
	}
	recheck(t, p, res.Certificate)
}

// TestCertificateTampering: every way of tampering with a good
// certificate is rejected by the checker, with the step at fault.
func TestCertificateTampering(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	for range 10 {
		p := randomPrime(rng, rng.IntN(100)+90)
		r, err := checkPrimality(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Method != MethodPocklington {
			continue
		}
		good := r.Certificate
		clone := func() []PocklingtonStep {
			out := make([]PocklingtonStep, len(good))
			for i, s := range good {
				out[i] = s
				out[i].Factors = append([]CertifiedPrime(nil), s.Factors...)
			}
			return out
		}
		last := len(good) - 1
		for name, f := range map[string]func(c []PocklingtonStep){
			"witness":        func(c []PocklingtonStep) { c[0].Factors[0].Witness = core.Int64(1) },
			"dropped factor": func(c []PocklingtonStep) { c[0].Factors = c[0].Factors[1:] },
			"exponent":       func(c []PocklingtonStep) { c[0].Factors[0].Exponent++ },
			"cofactor": func(c []PocklingtonStep) {
				c[0].Cofactor = core.Int(new(big.Int).Add(c[0].Cofactor.Big(), big.NewInt(1)))
			},
			"criterion":       func(c []PocklingtonStep) { c[last].Criterion = "factored_part_above_cube_root" },
			"last step's N":   func(c []PocklingtonStep) { c[last].N = core.Int(new(big.Int).Add(c[last].N.Big(), big.NewInt(2))) },
			"proof by a step": func(c []PocklingtonStep) { c[last].Factors[0].Proof = ProofPocklington },
		} {
			c := clone()
			f(c)
			res, err := checkCertificate(context.Background(), CertificateRequest{N: core.Int(p), Certificate: c})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict == core.Accepted {
				// A changed criterion can still hold; everything else
				// must be refused.
				if name == "criterion" && verifyCertificate(p, c) == nil {
					continue
				}
				t.Errorf("%v: %s tampering accepted", p, name)
			}
			if res.Verdict == core.Rejected && res.FailedStep == nil {
				t.Errorf("%v: %s rejected without naming the step", p, name)
			}
		}
		res, _ := checkCertificate(context.Background(), CertificateRequest{N: core.Int(p), Certificate: good})
		if res.Verdict != core.Accepted {
			t.Fatalf("%v: the good certificate is %s: %s", p, res.Verdict, res.Reason)
		}
	}
}

// TestCertificateCancel: an ended context ends a check with its error,
// never with a verdict.
func TestCertificateCancel(t *testing.T) {
	p, _ := new(big.Int).SetString("170141183460469231731687303715884105727", 10)
	r, _ := checkPrimality(context.Background(), p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := checkCertificate(ctx, CertificateRequest{N: core.Int(p), Certificate: r.Certificate}); err == nil {
		t.Error("a cancelled check returned a verdict")
	}
}

// BenchmarkCertificate compares finding a certificate with checking it,
// at the sizes the target names (the check should cost under a
// tenth of the proof).
func BenchmarkCertificate(b *testing.B) {
	for _, bits := range []int{128, 256, 512} {
		rng := rand.New(rand.NewPCG(93, uint64(bits)))
		var p *big.Int
		var cert []PocklingtonStep
		for cert == nil {
			p = randomPrime(rng, bits)
			if r, _ := checkPrimality(context.Background(), p); r.Method == MethodPocklington {
				cert = r.Certificate
			}
		}
		b.Run(fmt.Sprintf("bits=%d/prove", bits), func(b *testing.B) {
			for b.Loop() {
				checkPrimality(context.Background(), p)
			}
		})
		b.Run(fmt.Sprintf("bits=%d/check", bits), func(b *testing.B) {
			for b.Loop() {
				checkCertificate(context.Background(), CertificateRequest{N: core.Int(p), Certificate: cert})
			}
		})
	}
}
