package polynomial

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// gcdCheckCase is two inputs and their primitive gcd by the subresultant
// PRS, independent of the modular algorithm and of both certificates.
type gcdCheckCase struct {
	a, b, g zpoly
}

// randomGCDCheckCase builds a = g·u·w and b = g·v·w from random factors of
// small degree (w often constant, so the gcd is g or g·w), with the true
// primitive gcd computed by gcdSubresultant.
func randomGCDCheckCase(t *testing.T, rng *rand.Rand) gcdCheckCase {
	t.Helper()
	nonzero := func(deg, bits int) zpoly {
		for {
			if f := randomZ(rng, deg, bits); len(f) > 0 {
				return f
			}
		}
	}
	g := nonzero(1+rng.IntN(5), 1+rng.IntN(40))
	w := nonzero(rng.IntN(3), 8)
	u := nonzero(rng.IntN(6), 1+rng.IntN(30))
	v := nonzero(rng.IntN(6), 1+rng.IntN(30))
	gw, _ := zmul(bg, g, w)
	a, _ := zmul(bg, gw, u)
	b, _ := zmul(bg, gw, v)
	_, pa := bgPrimitive(a)
	_, pb := bgPrimitive(b)
	truth, err := gcdSubresultant(bg, pa, pb)
	if err != nil {
		t.Fatal(err)
	}
	return gcdCheckCase{a: a, b: b, g: truth}
}

func certifyBoth(g, a, b zpoly) (fast, ref error) {
	return certifyGCD(bg, g, a, b), certifyGCDReference(bg, g, a, b)
}

// TestCertifyGCDAcceptsTheGCD: both certificates accept the gcd computed
// by the subresultant PRS, also when one input is zero.
func TestCertifyGCDAcceptsTheGCD(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	for range 200 {
		c := randomGCDCheckCase(t, rng)
		if fast, ref := certifyBoth(c.g, c.a, c.b); fast != nil || ref != nil {
			t.Fatalf("gcd(%v, %v) = %v rejected: fast %v, reference %v", c.a, c.b, c.g, fast, ref)
		}
		_, pa := bgPrimitive(c.a)
		if fast, ref := certifyBoth(pa, c.a, nil); fast != nil || ref != nil {
			t.Fatalf("gcd(%v, 0) = %v rejected: fast %v, reference %v", c.a, pa, fast, ref)
		}
		if fast, ref := certifyBoth(pa, nil, c.a); fast != nil || ref != nil {
			t.Fatalf("gcd(0, %v) = %v rejected: fast %v, reference %v", c.a, pa, fast, ref)
		}
	}
}

// TestCertifyGCDRejectsWrongGCDs: both certificates reject a gcd missing a
// factor, a gcd times an extra factor, a perturbed gcd (a non-divisor) and,
// with a zero input, a proper factor of the other input.
func TestCertifyGCDRejectsWrongGCDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	for range 200 {
		c := randomGCDCheckCase(t, rng)
		var wrong []zpoly
		// Missing a factor: a and b times a common linear factor, offered
		// the old gcd.
		h := zpoly{big.NewInt(int64(rng.IntN(7) - 3)), big.NewInt(int64(1 + rng.IntN(3)))}
		ah, _ := zmul(bg, c.a, h)
		bh, _ := zmul(bg, c.b, h)
		if fast, ref := certifyBoth(c.g, ah, bh); fast == nil || ref == nil {
			t.Fatalf("gcd missing the factor %v of %v, %v accepted: fast %v, reference %v", h, ah, bh, fast, ref)
		}
		// An extra factor: h does not divide both inputs unless it divides
		// both cofactors, which the subresultant gcd rules out.
		gh, _ := zmul(bg, c.g, h)
		wrong = append(wrong, gh)
		// A non-divisor: the gcd with its constant term moved.
		gp := c.g.clone()
		gp[0] = new(big.Int).Add(gp[0], big.NewInt(int64(1+rng.IntN(5))))
		wrong = append(wrong, gp)
		for _, g := range wrong {
			if fast, ref := certifyBoth(g, c.a, c.b); fast == nil || ref == nil {
				t.Fatalf("wrong gcd %v of %v, %v accepted: fast %v, reference %v", g, c.a, c.b, fast, ref)
			}
		}
		if c.a.deg() > c.g.deg() {
			if fast, ref := certifyBoth(c.g, c.a, nil); fast == nil || ref == nil {
				t.Fatalf("proper factor %v of %v accepted as gcd with 0: fast %v, reference %v", c.g, c.a, fast, ref)
			}
		}
	}
	if fast, ref := certifyBoth(zpoly{big.NewInt(1)}, nil, nil); fast == nil || ref == nil {
		t.Fatalf("gcd 1 of two zeros accepted: fast %v, reference %v", fast, ref)
	}
}

// TestCertifyGCDMatchesReference: on random candidates (true gcds, their
// factors and multiples, random polynomials) the certificate and its
// reference agree.
func TestCertifyGCDMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	for range 300 {
		c := randomGCDCheckCase(t, rng)
		var g zpoly
		switch rng.IntN(4) {
		case 0:
			g = c.g
		case 1:
			g, _ = zmul(bg, c.g, randomZ(rng, 1, 4))
		case 2:
			g = randomZ(rng, rng.IntN(4), 6)
		default:
			_, g = bgPrimitive(c.a)
		}
		if len(g) == 0 {
			continue
		}
		fast, ref := certifyBoth(g, c.a, c.b)
		if (fast == nil) != (ref == nil) {
			t.Fatalf("candidate %v for gcd(%v, %v): fast %v, reference %v", g, c.a, c.b, fast, ref)
		}
	}
}

// TestCheckGCDRejectsTamperedResults runs the whole postcondition on the
// operation's own answers and on altered ones: the gcd times a constant,
// a gcd missing a factor, and a non-divisor must all be rejected.
func TestCheckGCDRejectsTamperedResults(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	for i := range 60 {
		c := randomGCDCheckCase(t, rng)
		ring := []Ring{RingZ, RingQ}[i%2]
		q := GCDRequest{Left: polyInputOf("x", toQ(c.a)), Right: polyInputOf("x", toQ(c.b)), Ring: ring}
		r, err := runGCD(bg, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkGCD(bg, q, r); err != nil {
			t.Fatalf("gcd(%v, %v) over %s: the operation's answer rejected: %v", c.a, c.b, ring, err)
		}
		three := big.NewRat(3, 1)
		tampered := []GCDResult{
			// The gcd times 3 (content and gcd consistent).
			{Ring: ring, GCD: polyOf("x", qscale(qOf(r.GCD), three)), Content: ratTimes(r.Content.Rat(), three), PrimitivePart: r.PrimitivePart},
		}
		// A non-divisor: the primitive gcd times x^2 + 4x + 5, which the
		// subresultant gcd shows is not a factor of both cofactors.
		g, _ := zmul(bg, c.g, zpoly{big.NewInt(5), big.NewInt(4), big.NewInt(1)})
		tampered = append(tampered, resultFor(ring, g, r.Content.Rat()))
		for _, bad := range tampered {
			if err := checkGCD(bg, q, bad); err == nil {
				t.Fatalf("gcd(%v, %v) over %s: tampered answer %v accepted", c.a, c.b, ring, bad.GCD)
			}
		}
		h := zpoly{big.NewInt(-1), big.NewInt(2)}
		ah, _ := zmul(bg, c.a, h)
		bh, _ := zmul(bg, c.b, h)
		qh := GCDRequest{Left: polyInputOf("x", toQ(ah)), Right: polyInputOf("x", toQ(bh)), Ring: ring}
		if err := checkGCD(bg, qh, r); err == nil {
			t.Fatalf("gcd(%v, %v) over %s: answer missing 2x − 1 accepted", ah, bh, ring)
		}
	}
}

func ratTimes(x, y *big.Rat) core.Rational { return core.Rat(new(big.Rat).Mul(x, y)) }

// resultFor is the GCDResult of a primitive g over ring, with content c
// over Z.
func resultFor(ring Ring, g zpoly, c *big.Rat) GCDResult {
	content := new(big.Rat).Set(c)
	if ring == RingQ {
		content.SetFrac(big.NewInt(1), g.lc())
	}
	return GCDResult{Ring: ring, GCD: polyOf("x", qscale(toQ(g), content)), Content: core.Rat(content), PrimitivePart: polyOfZ("x", g)}
}
