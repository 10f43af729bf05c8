package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/conformance"
	"jacobian.dev/core"
)

// TestECPPAgainstPARI: for PARI/GP 2.15's numbers (testdata/ecpp.txt,
// isprime(n, 3), PARI's own ECPP proof) every prime gets an ECPP
// certificate that integer.check.primality_certificate accepts through
// the pipeline, integer.check.primality agrees with PARI on every
// number, and each of its accepted verdicts is re-verified too.
func TestECPPAgainstPARI(t *testing.T) {
	rt := newRuntime(t)
	proven := 0
	for _, c := range conformance.AtLeast(t, "ecpp.txt", 50, readCases(t, "ecpp.txt")) {
		n := mustInt(t, c[0]).Big()
		var r PrimalityResult
		runValue(t, rt, "integer.check.primality", fmt.Sprintf(`{"n":"%s"}`, c[0]), &r)
		want := core.Rejected
		if c[1] == "1" {
			want = core.Accepted
		}
		if r.Verdict != want {
			t.Errorf("%s: %s (%s), PARI says isprime = %s", c[0], r.Verdict, r.Method, c[1])
			continue
		}
		if want == core.Rejected {
			continue
		}
		payload, _ := json.Marshal(CertificateRequest{N: core.Int(n), Certificate: r.Certificate, ECPP: r.ECPP})
		var cr CertificateResult
		runValue(t, rt, "integer.check.primality_certificate", string(payload), &cr)
		if cr.Verdict != core.Accepted {
			t.Errorf("%s: the checker says %s: %s", c[0], cr.Verdict, cr.Reason)
		}
		// ECPP itself, whatever method the checker chose.
		steps, err := newECPPProver(context.Background()).prove(n)
		if err != nil || steps == nil {
			t.Errorf("%s: no ECPP certificate (%v)", c[0], err)
			continue
		}
		payload, _ = json.Marshal(CertificateRequest{N: core.Int(n), ECPP: steps})
		runValue(t, rt, "integer.check.primality_certificate", string(payload), &cr)
		if cr.Verdict != core.Accepted {
			t.Errorf("%s: the checker says %s of the ECPP certificate: %s", c[0], cr.Verdict, cr.Reason)
		}
		proven++
	}
	if proven < 50 {
		t.Errorf("only %d of PARI's primes got an ECPP certificate", proven)
	}
}

// ecppCertificate proves a random prime of the given size by ECPP.
func ecppCertificate(t testing.TB, rng *rand.Rand, bits int) (*big.Int, []ECPPStep) {
	t.Helper()
	for {
		p := randomPrime(rng, bits)
		steps, err := newECPPProver(context.Background()).prove(p)
		if err != nil {
			t.Fatal(err)
		}
		if steps != nil {
			return p, steps
		}
	}
}

// TestECPPTampering: every change to a good ECPP certificate is rejected
// with the step at fault, and a certificate moved to a composite is
// rejected.
func TestECPPTampering(t *testing.T) {
	rng := rand.New(rand.NewPCG(96, 97))
	bump := func(x core.Integer, d int64) core.Integer { return core.Int(new(big.Int).Add(x.Big(), big.NewInt(d))) }
	for range 4 {
		p, good := ecppCertificate(t, rng, 150+rng.IntN(100))
		last := len(good) - 1
		for name, f := range map[string]func(c []ECPPStep){
			"x":          func(c []ECPPStep) { c[0].X = bump(c[0].X, 1) },
			"y":          func(c []ECPPStep) { c[0].Y = bump(c[0].Y, 1) },
			"a":          func(c []ECPPStep) { c[last].A = bump(c[last].A, 1) },
			"b":          func(c []ECPPStep) { c[0].B = bump(c[0].B, 2) },
			"m":          func(c []ECPPStep) { c[0].M = bump(c[0].M, 2) },
			"m = q":      func(c []ECPPStep) { c[0].M = c[0].Q },
			"q":          func(c []ECPPStep) { c[0].Q = bump(c[0].Q, 2) },
			"last q":     func(c []ECPPStep) { c[last].Q = bump(c[last].Q, 2) },
			"dropped":    func(c []ECPPStep) { copy(c[1:], c[2:]) },
			"negative y": func(c []ECPPStep) { c[0].Y = core.Int(new(big.Int).Sub(c[0].Y.Big(), c[0].N.Big())) },
			"n":          func(c []ECPPStep) { c[0].N = bump(c[0].N, 2) },
		} {
			if name == "dropped" && len(good) < 3 {
				continue
			}
			c := append([]ECPPStep(nil), good...)
			f(c)
			if name == "dropped" {
				c = c[:len(c)-1]
			}
			res, err := checkCertificate(context.Background(), CertificateRequest{N: core.Int(p), ECPP: c})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != core.Rejected {
				t.Errorf("%v: %s tampering is %s", p, name, res.Verdict)
			}
			if res.FailedStep == nil {
				t.Errorf("%v: %s rejected without naming the step (%s)", p, name, res.Reason)
			}
		}
		res, _ := checkCertificate(context.Background(), CertificateRequest{N: core.Int(p), ECPP: good})
		if res.Verdict != core.Accepted {
			t.Fatalf("%v: the good certificate is %s: %s", p, res.Verdict, res.Reason)
		}
		// The same curve data claimed for a composite of the same size.
		comp := new(big.Int).Mul(randomPrime(rng, p.BitLen()/2), randomPrime(rng, p.BitLen()-p.BitLen()/2))
		fake := append([]ECPPStep(nil), good...)
		fake[0].N = core.Int(comp)
		if res, _ := checkCertificate(context.Background(), CertificateRequest{N: core.Int(comp), ECPP: fake}); res.Verdict != core.Rejected {
			t.Errorf("%v: a relabelled ECPP certificate is %s", comp, res.Verdict)
		}
		// Both kinds at once are refused.
		if res, _ := checkCertificate(context.Background(), CertificateRequest{N: core.Int(p), ECPP: good, Certificate: []PocklingtonStep{{N: core.Int(p)}}}); res.Verdict != core.Rejected {
			t.Errorf("%v: a request with both kinds is %s", p, res.Verdict)
		}
	}
}

// TestECPPLarge: 512- and 1000-bit primes get certificates the checker
// accepts; the check costs far less than the proof.
func TestECPPLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of proving")
	}
	rng := rand.New(rand.NewPCG(98, 99))
	for _, bits := range []int{512, 1000} {
		p, steps := ecppCertificate(t, rng, bits)
		if err := verifyECPP(p, steps); err != nil {
			t.Fatalf("%d bits: %v", bits, err)
		}
		recheckECPP(t, p, steps)
		t.Logf("%d bits: %d steps", bits, len(steps))
	}
}

// TestECPPCancel: a cancelled context ends the search with its error.
func TestECPPCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(100, 101))
	p := randomPrime(rng, 800)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newECPPProver(ctx).prove(p); err == nil {
		t.Error("a cancelled search returned without its error")
	}
}

// TestCornacchiaAgainstSearch: the modified Cornacchia algorithm against
// a direct search for 4p = t² + D·s² over small primes p and D.
func TestCornacchiaAgainstSearch(t *testing.T) {
	for _, p := range []int64{101, 103, 107, 109, 113, 1009, 10007} {
		bp := big.NewInt(p)
		for _, d := range ecppDiscriminants()[:60] {
			if d.D >= 4*p {
				continue
			}
			negD := big.NewInt(-d.D)
			if big.Jacobi(new(big.Int).Mod(negD, bp), bp) != 1 {
				continue
			}
			r, err := sqrtModProbablePrime(negD, bp)
			if err != nil {
				t.Fatalf("√−%d mod %d: %v", d.D, p, err)
			}
			tt, s, ok := cornacchia4(bp, d.D, r)
			found := false
			for ss := int64(1); d.D*ss*ss <= 4*p; ss++ {
				rest := 4*p - d.D*ss*ss
				if x := int64(new(big.Int).Sqrt(big.NewInt(rest)).Int64()); x*x == rest {
					found = true
				}
			}
			if ok != found {
				t.Errorf("4·%d = t² + %d·s²: Cornacchia %v, search %v", p, d.D, ok, found)
			}
			if ok {
				lhs := new(big.Int).Mul(tt, tt)
				lhs.Add(lhs, new(big.Int).Mul(big.NewInt(d.D), new(big.Int).Mul(s, s)))
				if lhs.Cmp(big.NewInt(4*p)) != 0 {
					t.Errorf("4·%d ≠ %v² + %d·%v²", p, tt, d.D, s)
				}
			}
		}
	}
}

// TestSplitRootReference: the Cantor–Zassenhaus root of a product of
// random linear factors modulo a prime is one of them (the reference is
// the factors themselves).
func TestSplitRootReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(102, 103))
	for range 20 {
		n := randomPrime(rng, 100+rng.IntN(200))
		deg := 1 + rng.IntN(8)
		f := []*big.Int{big.NewInt(1)}
		roots := map[string]bool{}
		for range deg {
			r := new(big.Int).Mod(randomInt(rng, n.BitLen()+8), n)
			roots[r.String()] = true
			next := make([]*big.Int, len(f)+1)
			for i := range next {
				next[i] = new(big.Int)
			}
			for i, c := range f {
				next[i+1].Add(next[i+1], c)
				next[i].Sub(next[i], new(big.Int).Mul(c, r))
			}
			for _, c := range next {
				c.Mod(c, n)
			}
			f = next
		}
		if len(roots) < deg {
			continue
		}
		got, err := splitRoot(context.Background(), f, n)
		if err != nil || !roots[got.String()] {
			t.Errorf("degree %d mod %v: root %v (%v) is none of the factors", deg, n, got, err)
		}
	}
}

// BenchmarkECPP: proving against checking, by size.
func BenchmarkECPP(b *testing.B) {
	for _, bits := range []int{256, 512, 1000} {
		rng := rand.New(rand.NewPCG(104, uint64(bits)))
		p, steps := ecppCertificate(b, rng, bits)
		b.Run(fmt.Sprintf("bits=%d/prove", bits), func(b *testing.B) {
			for b.Loop() {
				newECPPProver(context.Background()).prove(p)
			}
		})
		b.Run(fmt.Sprintf("bits=%d/check", bits), func(b *testing.B) {
			for b.Loop() {
				verifyECPP(p, steps)
			}
		})
	}
}

// TestScalarMultiplyReference: the sliding-window multiplication against
// repeated affine addition, on a curve modulo a prime, for k up to 300.
func TestScalarMultiplyReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(105, 106))
	n := randomPrime(rng, 120)
	c := curveMod{n, big.NewInt(7), big.NewInt(11)}
	var x, y *big.Int
	for v := int64(1); ; v++ {
		bx := big.NewInt(v)
		rhs := new(big.Int).Mul(bx, bx)
		rhs.Add(rhs, c.a).Mul(rhs, bx).Add(rhs, c.b).Mod(rhs, n)
		if r, err := sqrtModProbablePrime(rhs, n); err == nil {
			x, y = bx, r
			break
		}
	}
	// Reference: [k]P = [k − 1]P + P in affine coordinates.
	ax, ay := x, y
	for k := int64(2); k <= 300; k++ {
		var ok bool
		if k == 2 {
			num := new(big.Int).Mul(x, x)
			num.Mul(num, big.NewInt(3)).Add(num, c.a)
			ax, ay, ok = c.affineStep(x, y, x, num, new(big.Int).Lsh(y, 1))
		} else {
			ax, ay, ok = c.affineStep(ax, ay, x, new(big.Int).Sub(y, ay), new(big.Int).Sub(x, ax))
		}
		if !ok {
			t.Fatalf("k=%d: the reference hit a non-unit", k)
		}
		p, ok, err := c.multiply(context.Background(), x, y, big.NewInt(k))
		if err != nil || !ok {
			t.Fatalf("k=%d: %v %v", k, ok, err)
		}
		gx, gy, ok := c.affine(p)
		if !ok || gx.Cmp(ax) != 0 || gy.Cmp(ay) != 0 {
			t.Fatalf("k=%d: (%v, %v), want (%v, %v)", k, gx, gy, ax, ay)
		}
	}
}

// TestPrime199HardNMinus1: a 199-bit prime p with p − 1 = s·r₁·r₂·Q, r₁
// and r₂ primes of 19 digits (a 38-digit cofactor beyond rho) and Q a
// 63-bit prime, is proven, by Pocklington after the sieve splits r₁·r₂
// or else by ECPP, and the checker re-verifies the verdict.
func TestPrime199HardNMinus1(t *testing.T) {
	rng := rand.New(rand.NewPCG(107, 108))
	r1, r2, q := randomPrime(rng, 63), randomPrime(rng, 63), randomPrime(rng, 63)
	base := new(big.Int).Mul(new(big.Int).Mul(r1, r2), q)
	p := new(big.Int)
	for s := int64(2); ; s += 2 {
		p.Mul(base, big.NewInt(s)).Add(p, big.NewInt(1))
		if p.BitLen() >= 199 && p.ProbablyPrime(20) {
			break
		}
	}
	r := decide(t, p)
	if r.Verdict != core.Accepted {
		t.Fatalf("%v (%d bits): %s by %s", p, p.BitLen(), r.Verdict, r.Method)
	}
	t.Logf("%d bits: proven by %s", p.BitLen(), r.Method)
}
