package integer

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestKroneckerLarge: the half-gcd symbol agrees with Cohen's quadratic
// algorithm on operands past the half-gcd's switch-over (thousands of
// bits), even and negative n and shared factors included, and is
// multiplicative in a.
func TestKroneckerLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	for _, bits := range []int{300, 2047, 2049, 5000, 12000} {
		for i := range 8 {
			a, b, n := randomInt(rng, bits), randomInt(rng, bits), randomInt(rng, bits)
			switch i % 4 {
			case 1:
				a.Neg(a)
				n.Lsh(n, uint(1+rng.IntN(5)))
			case 2:
				n.Neg(n)
			case 3:
				f := randomInt(rng, bits/4)
				a.Mul(a, f)
				n.Mul(n, f)
			}
			k := kronecker(a, n)
			if want := kroneckerCohen(a, n); k != want {
				t.Fatalf("%d bits, case %d: (a | n) = %d, Cohen's algorithm %d", bits, i, k, want)
			}
			if kronecker(new(big.Int).Mul(a, b), n) != k*kronecker(b, n) {
				t.Fatalf("%d bits: (ab | n) ≠ (a | n)(b | n)", bits)
			}
		}
	}
}

// TestSymbolPostconditionCatches: the postcondition refuses a flipped
// sign on small operands and a wrong zero on large ones, and accepts the
// right symbols.
func TestSymbolPostconditionCatches(t *testing.T) {
	ctx := context.Background()
	post := jacobiOperation().Postcondition
	rng := rand.New(rand.NewPCG(73, 74))
	check := func(a, n *big.Int, symbol int, ok bool) {
		t.Helper()
		err := post(ctx, SymbolRequest{core.Int(a), core.Int(n)}, SymbolResult{symbol})
		if (err == nil) != ok {
			t.Fatalf("(%v | %v) = %d: postcondition error %v", clipped(a), clipped(n), symbol, err)
		}
	}
	// 2 is a square mod 7 (3² ≡ 2), 3 is not.
	check(big.NewInt(2), big.NewInt(7), 1, true)
	check(big.NewInt(2), big.NewInt(7), -1, false)
	check(big.NewInt(3), big.NewInt(7), -1, true)
	check(big.NewInt(3), big.NewInt(7), 1, false)
	check(big.NewInt(6), big.NewInt(9), 0, true)
	check(big.NewInt(6), big.NewInt(9), 1, false)
	check(big.NewInt(2), big.NewInt(7), 2, false)
	a, n := randomDigits(rng, 3000), randomDigits(rng, 3000)
	n.SetBit(n, 0, 1)
	k := kronecker(a, n)
	check(a, n, k, true)
	check(a, n, 0, k == 0)
	f := randomDigits(rng, 100)
	fa, fn := new(big.Int).Mul(a, f), new(big.Int).Mul(n, f)
	check(fa, fn, 0, true)
	check(fa, fn, 1, false)
}
