package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestGCDCertificate checks the gcd operation's run against big.Int.GCD on
// seeded random pairs with common factors, from a few bits to past the
// half-gcd threshold, and that checkGCD accepts exactly the right answers:
// the true gcd with its certificate or without, and neither a proper
// divisor of it (with the true certificate or none), nor a multiple, nor
// the true gcd with a tampered certificate.
func TestGCDCertificate(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	run := gcdOperation().Run
	for _, bits := range []int{1, 30, 64, 200, 3000, 70_000, 150_000} {
		for trial := range 3 {
			g := randomInt(rng, bits/4+1)
			a := new(big.Int).Mul(g, randomInt(rng, bits))
			b := new(big.Int).Mul(g, randomInt(rng, bits/(trial+1)+1))
			if trial == 1 {
				a.Neg(a)
			}
			r, err := run(context.Background(), PairRequest{Left: core.Int(a), Right: core.Int(b)})
			if err != nil {
				t.Fatal(err)
			}
			want := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), new(big.Int).Abs(b))
			got := r.GCD.Big()
			if got.Cmp(want) != 0 {
				t.Fatalf("%d bits: gcd %v, big.Int.GCD says %v", bits, got, want)
			}
			if err := checkGCD(a, b, got, r.bezout); err != nil {
				t.Fatalf("%d bits: the right gcd with its certificate was refused: %v", bits, err)
			}
			if bits > 100_000 {
				continue // the fallback is big.Int.GCD of full-size cofactors
			}
			if err := checkGCD(a, b, got, nil); err != nil {
				t.Fatalf("%d bits: the right gcd without certificate was refused: %v", bits, err)
			}
			if want.Sign() == 0 {
				continue
			}
			// 3·g divides a and b only if 3 | gcd(a/g, b/g) = 1.
			if checkGCD(a, b, new(big.Int).Mul(got, big.NewInt(3)), r.bezout) == nil {
				t.Fatalf("%d bits: 3·gcd accepted", bits)
			}
			// Scale both operands by 5: the old g is a proper divisor.
			a5, b5 := new(big.Int).Mul(a, big.NewInt(5)), new(big.Int).Mul(b, big.NewInt(5))
			if checkGCD(a5, b5, got, r.bezout) == nil || checkGCD(a5, b5, got, nil) == nil {
				t.Fatalf("%d bits: a proper divisor of the gcd accepted", bits)
			}
			bad := [2]*big.Int{new(big.Int).Add(r.bezout[0], big.NewInt(1)), r.bezout[1]}
			if a.Sign() != 0 && checkGCD(a, b, got, &bad) == nil {
				t.Fatalf("%d bits: a tampered certificate accepted", bits)
			}
		}
	}
}
