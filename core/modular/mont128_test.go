package modular

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMont128 checks To, Mul and From against big.Int products on seeded
// random odd moduli of every length up to 127 bits, with operands of
// every sign and size, and the refusal of moduli outside its range.
func TestMont128(t *testing.T) {
	rng := rand.New(rand.NewPCG(128, 1))
	for range 5000 {
		bits := 2 + rng.IntN(126)
		n := randomBits(rng, bits)
		n.SetBit(n, bits-1, 1).SetBit(n, 0, 1)
		m, ok := NewMont128(n)
		if !ok {
			t.Fatalf("n = %v refused", n)
		}
		x := new(big.Int).Lsh(big.NewInt(int64(rng.Uint64()>>1)), uint(rng.IntN(140)))
		y := new(big.Int).Sub(n, big.NewInt(int64(1+rng.IntN(3))))
		if rng.IntN(2) == 0 {
			x.Neg(x)
		}
		if rng.IntN(3) == 0 {
			y = randomBits(rng, bits)
			y.Mod(y, n)
		}
		want := new(big.Int).Mul(x, y)
		want.Mod(want, n)
		if got := m.From(m.Mul(m.To(x), m.To(y))); got.Cmp(want) != 0 {
			t.Fatalf("n = %v: %v·%v = %v, want %v", n, x, y, got, want)
		}
		sum, diff := new(big.Int).Add(x, y), new(big.Int).Sub(x, y)
		if got := m.From(m.Add(m.To(x), m.To(y))); got.Cmp(sum.Mod(sum, n)) != 0 {
			t.Fatalf("n = %v: %v + %v = %v, want %v", n, x, y, got, sum)
		}
		if got := m.From(m.Sub(m.To(x), m.To(y))); got.Cmp(diff.Mod(diff, n)) != 0 {
			t.Fatalf("n = %v: %v − %v = %v, want %v", n, x, y, got, diff)
		}
		if m.From(m.One()).Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("n = %v: One is not 1", n)
		}
	}
	for _, s := range []string{"0", "1", "-7", "10", "170141183460469231731687303715884105729"} { // the last is 2^127 + 1
		n, _ := new(big.Int).SetString(s, 10)
		if _, ok := NewMont128(n); ok {
			t.Errorf("NewMont128(%s) accepted", s)
		}
	}
	// The largest modulus: 2^127 − 1, with operands n − 1.
	n := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))
	m, _ := NewMont128(n)
	a := new(big.Int).Sub(n, big.NewInt(1))
	if got := m.From(m.Mul(m.To(a), m.To(a))); got.Cmp(big.NewInt(1)) != 0 {
		t.Fatalf("(n − 1)² mod n = %v, want 1", got)
	}
}

// randomBits is a random integer in [0, 2^bits).
func randomBits(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int).SetUint64(rng.Uint64())
	x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	return x.Rsh(x, uint(128-bits))
}
