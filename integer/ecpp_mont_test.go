package integer

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randomOdd is a random odd integer of exactly bits bits.
func randomOdd(rng *rand.Rand, bits int) *big.Int {
	n := randomBits(rng, bits)
	return n.SetBit(n, 0, 1)
}

// TestMontModArithmetic holds the Montgomery product, sum and difference
// to big.Int arithmetic modulo random odd moduli of 2 bits to montWords
// words, including ones whose top word is all ones.
func TestMontModArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	sizes := []int{2, 3, 63, 64, 65, 127, 128, 500, 1000, 1024, 2047, 2048, 64 * montWords}
	for _, bits := range sizes {
		for trial := range 20 {
			n := randomOdd(rng, bits)
			if trial == 0 {
				// 2^bits − 1: every word all ones.
				n = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
			}
			m, ok := newMontMod(n)
			if !ok {
				t.Fatalf("%d bits: modulus %v refused", bits, n)
			}
			x := randBelow(rng, n)
			y := randBelow(rng, n)
			if trial == 1 {
				x.Sub(n, big.NewInt(1))
				y.Set(x)
			}
			var fx, fy, z felem
			m.set(&fx, x)
			m.set(&fy, y)
			if got := m.big(&fx); got.Cmp(x) != 0 {
				t.Fatalf("%d bits: round trip of %v gave %v", bits, x, got)
			}
			check := func(op string, want *big.Int) {
				t.Helper()
				want.Mod(want, n)
				if got := m.big(&z); got.Cmp(want) != 0 {
					t.Fatalf("%d bits, n = %v: %s gave %v, want %v", bits, n, op, got, want)
				}
			}
			m.mul(&z, &fx, &fy)
			check("x·y", new(big.Int).Mul(x, y))
			m.add(&z, &fx, &fy)
			check("x + y", new(big.Int).Add(x, y))
			m.sub(&z, &fx, &fy)
			check("x − y", new(big.Int).Sub(x, y))
			z = fx
			m.mul(&z, &z, &z)
			check("x² in place", new(big.Int).Mul(x, x))
		}
	}
	for _, n := range []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(10), new(big.Int).Lsh(big.NewInt(1), 64*montWords)} {
		if _, ok := newMontMod(n); ok {
			t.Errorf("modulus %v accepted", n)
		}
	}
}

// randBelow is a random integer in [0, n), near uniform.
func randBelow(rng *rand.Rand, n *big.Int) *big.Int {
	r := randomBits(rng, n.BitLen()+64)
	return r.Mod(r, n)
}

// TestMultiplyMontgomery holds the Montgomery scalar multiplication to
// multiplyBig on random curves through a random point, modulo random
// primes and odd composites of 64 to 2048 bits and for scalars of 1 to
// 2100 bits: the Jacobian coordinates must agree exactly.
func TestMultiplyMontgomery(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 3))
	ctx := context.Background()
	for _, bits := range []int{64, 65, 128, 300, 1000, 1500, 2048} {
		for trial := range 4 {
			n := randomOdd(rng, bits)
			if trial < 2 {
				n = randomPrime(rng, bits)
			}
			a := randBelow(rng, n)
			x := randBelow(rng, n)
			y := randBelow(rng, n)
			// b puts (x, y) on the curve.
			b := new(big.Int).Mul(x, x)
			b.Add(b, a).Mul(b, x).Neg(b).Add(b, new(big.Int).Mul(y, y)).Mod(b, n)
			c := curveMod{n, a, b}
			for _, kb := range []int{1, 2, 5, 64, 700, 2100} {
				k := randomBits(rng, kb)
				got, ok, err := c.multiply(ctx, x, y, k)
				if err != nil {
					t.Fatal(err)
				}
				table, tok := c.oddMultiples(x, y, min(1<<(ecppWindow-1), (k.BitLen()+1)/2+1))
				if ok != tok {
					t.Fatalf("%d-bit n, %d-bit k: multiply reports %v, the table %v", bits, kb, ok, tok)
				}
				if !ok {
					continue
				}
				want, err := c.multiplyBig(ctx, table, k)
				if err != nil {
					t.Fatal(err)
				}
				for i, pair := range [][2]*big.Int{{got.x, want.x}, {got.y, want.y}, {got.z, want.z}} {
					if pair[0].Cmp(pair[1]) != 0 {
						t.Fatalf("%d-bit n, k = %v: coordinate %d is %v, big.Int says %v", bits, k, i, pair[0], pair[1])
					}
				}
			}
		}
	}
}

// BenchmarkScalarMultiply times [k]P for a 1000-bit k modulo a 1000-bit
// prime in Montgomery form (multiply) and on big.Int (multiplyBig).
func BenchmarkScalarMultiply(b *testing.B) {
	for _, bits := range []int{256, 1000, 2048} {
		rng := rand.New(rand.NewPCG(12, uint64(bits)))
		n := randomPrime(rng, bits)
		a, x, y := randomBits(rng, bits-1), randomBits(rng, bits-1), randomBits(rng, bits-1)
		cb := new(big.Int).Mul(x, x)
		cb.Add(cb, a).Mul(cb, x).Neg(cb).Add(cb, new(big.Int).Mul(y, y)).Mod(cb, n)
		c := curveMod{n, a, cb}
		k := randomBits(rng, bits)
		ctx := context.Background()
		b.Run(fmt.Sprintf("bits=%d/montgomery", bits), func(b *testing.B) {
			for b.Loop() {
				c.multiply(ctx, x, y, k)
			}
		})
		table, _ := c.oddMultiples(x, y, 1<<(ecppWindow-1))
		b.Run(fmt.Sprintf("bits=%d/big", bits), func(b *testing.B) {
			for b.Loop() {
				c.multiplyBig(ctx, table, k)
			}
		})
	}
}
