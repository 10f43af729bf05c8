package finitefield

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestWordPathAgainstBig compares the machine-word polynomial arithmetic
// with the math/big reference on the same fields, including p just below
// 2^63 where the accumulators carry most.
func TestWordPathAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	// PARI/GP 2.15: precprime(2^63) = 9223372036854775783.
	for _, p := range []*big.Int{big.NewInt(2), big.NewInt(65537), mersenne(61), mustBig("9223372036854775783")} {
		fast := newGF(p, 1, nil)
		if fast.word == 0 {
			t.Fatalf("p = %s should take the word path", p)
		}
		ref := *fast
		ref.word = 0
		for range 30 {
			a := randomPoly(rng, fast, rng.IntN(40))
			b := randomPoly(rng, fast, 1+rng.IntN(20))
			if !polyEqual(fast.pmul(a, b), ref.pmul(a, b)) {
				t.Fatalf("p = %s: products differ", p)
			}
			q1, r1 := fast.pdivmod(a, b)
			q2, r2 := ref.pdivmod(a, b)
			if !polyEqual(q1, q2) || !polyEqual(r1, r2) {
				t.Fatalf("p = %s: divisions differ", p)
			}
			m := fast.pmonic(b)
			if deg(m) < 1 {
				continue
			}
			if !polyEqual(fast.pgcd(a, b), ref.pgcd(a, b)) || !polyEqual(fast.pmulmod(a, b, m), ref.pmulmod(a, b, m)) {
				t.Fatalf("p = %s: gcds or modular products differ", p)
			}
			e := randomBelow(rng, new(big.Int).Lsh(big.NewInt(1), 90))
			pw1, err := fast.ppowmod(ctx, a, e, m)
			if err != nil {
				t.Fatal(err)
			}
			pw2, err := ref.ppowmod(ctx, a, e, m)
			if err != nil {
				t.Fatal(err)
			}
			xw1, err := fast.pxpowmod(ctx, e, m)
			if err != nil {
				t.Fatal(err)
			}
			xw2, err := ref.pxpowmod(ctx, e, m)
			if err != nil {
				t.Fatal(err)
			}
			if !polyEqual(pw1, pw2) || !polyEqual(xw1, xw2) {
				t.Fatalf("p = %s: modular powers differ", p)
			}
			if !sameFrobenius(t, fast, &ref, a, m) {
				t.Fatalf("p = %s: Frobenius maps differ", p)
			}
			rs1, err := fast.rootsOf(ctx, a, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			rs2, err := ref.rootsOf(ctx, a, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if len(rs1) != len(rs2) {
				t.Fatalf("p = %s: root counts differ", p)
			}
			for i := range rs1 {
				if !equal(rs1[i], rs2[i]) {
					t.Fatalf("p = %s: roots differ", p)
				}
			}
		}
	}
}

// sameFrobenius reports whether the Frobenius maps modulo m of the word
// path (fast) and of the math/big reference (ref) agree on a mod m.
func sameFrobenius(t *testing.T, fast, ref *gf, a, m poly) bool {
	t.Helper()
	fr1, err := fast.newFrobeniusMap(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	fr2, err := ref.newFrobeniusMap(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	h := fast.pmod(a, m)
	return polyEqual(fr1.apply(h), fr2.apply(h))
}
