package primality

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMontgomeryAgainstMathBig: To and From invert each other, and Mul
// and Exp agree with math/big's products and powers modulo seeded random
// odd n of 65 to 2048 bits, with exponents of 0 to 600 bits.
func TestMontgomeryAgainstMathBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	random := func(bits int) *big.Int { // bits long, top bit set
		x := new(big.Int)
		for x.BitLen() < bits {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()|1<<63))
		}
		return x.Rsh(x, uint(x.BitLen()-bits))
	}
	for range 300 {
		bits := 65 + rng.IntN(64*maxMontWords-64)
		n := random(bits)
		n.SetBit(n, 0, 1)
		m, ok := NewMontgomery(n)
		if !ok {
			t.Fatalf("n of %d bits refused", n.BitLen())
		}
		if m.N().Cmp(n) != 0 {
			t.Fatalf("N() = %v, want %v", m.N(), n)
		}
		x, y := random(bits+10), random(rng.IntN(bits)+1)
		if rng.IntN(4) == 0 {
			x.Neg(x)
		}
		xm, ym := m.To(x), m.To(y)
		want := new(big.Int).Mod(x, n)
		if got := m.From(xm); got.Cmp(want) != 0 {
			t.Fatalf("From(To(x)) = %v, want %v mod %v", got, want, n)
		}
		z := make([]uint64, m.Words())
		m.Mul(z, xm, ym)
		want.Mul(x, y).Mod(want, n)
		if got := m.From(z); got.Cmp(want) != 0 {
			t.Fatalf("x·y mod n: %v, want %v", got, want)
		}
		e := random(rng.IntN(600) + 1)
		if rng.IntN(10) == 0 {
			e.SetInt64(int64(rng.IntN(3)))
		}
		m.Exp(z, xm, e)
		want.Exp(new(big.Int).Mod(x, n), e, n)
		if got := m.From(z); got.Cmp(want) != 0 {
			t.Fatalf("x^%v mod n: %v, want %v", e, got, want)
		}
		m.Exp(xm, xm, e) // aliased
		if got := m.From(xm); got.Cmp(want) != 0 {
			t.Fatalf("aliased x^%v mod n: %v, want %v", e, got, want)
		}
	}
	for _, n := range []*big.Int{big.NewInt(7), new(big.Int).Lsh(big.NewInt(1), 100), new(big.Int).Lsh(big.NewInt(1), 64*maxMontWords+1).Sub(new(big.Int).Lsh(big.NewInt(1), 64*maxMontWords+1), big.NewInt(1)), big.NewInt(-9)} {
		if _, ok := NewMontgomery(n); ok {
			t.Errorf("NewMontgomery(%v) accepted", n)
		}
	}
}
