package finitefield

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestWordExtensionAgainstBig compares the machine-word extension-field
// arithmetic with the math/big reference on the same fields, up to p just
// below 2^32 and k = 16.
func TestWordExtensionAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	// PARI/GP 2.15: precprime(2^32) = 4294967291.
	for _, pk := range [][2]int64{{2, 8}, {3, 5}, {65521, 3}, {4294967291, 4}, {7, 16}} {
		fast := extension(big.NewInt(pk[0]), int(pk[1]), uint64(pk[0]))
		if fast.wext == nil {
			t.Fatalf("GF(%s) should take the word path", fast.qString())
		}
		ref := *fast
		ref.wext = nil
		for range 200 {
			a, b := fast.random(rng), fast.random(rng)
			if !equal(fast.mul(a, b), ref.mul(a, b)) {
				t.Fatalf("GF(%s): products differ", fast.qString())
			}
		}
		for range 10 {
			a := randomPoly(rng, fast, rng.IntN(12))
			b := randomPoly(rng, fast, 1+rng.IntN(6))
			if !polyEqual(fast.pmul(a, b), ref.pmul(a, b)) {
				t.Fatalf("GF(%s): polynomial products differ", fast.qString())
			}
			q1, r1 := fast.pdivmod(a, b)
			q2, r2 := ref.pdivmod(a, b)
			if !polyEqual(q1, q2) || !polyEqual(r1, r2) {
				t.Fatalf("GF(%s): divisions differ", fast.qString())
			}
			m := fast.pmonic(b)
			if deg(m) < 1 {
				continue
			}
			if !sameFrobenius(t, fast, &ref, a, m) {
				t.Fatalf("GF(%s): Frobenius maps differ", fast.qString())
			}
		}
	}
}
