package bignum

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestModInverse checks ModInverse against big.Int.ModInverse, exhaustively
// on small moduli and randomly on units and non-units around
// inverseThresholdBits and the Lehmer and half-gcd switch-overs, with
// negative operands and operands above the modulus.
func TestModInverse(t *testing.T) {
	check := func(x, m *big.Int) {
		t.Helper()
		got, ok := ModInverse(new(big.Int), x, m)
		want := new(big.Int)
		wantOK := true
		if m.Cmp(big.NewInt(1)) != 0 {
			wantOK = want.ModInverse(x, m) != nil
		}
		if ok != wantOK || ok && got.Cmp(want) != 0 {
			t.Fatalf("ModInverse(%v, %v) = %v, %v; want %v, %v", x, m, got, ok, want, wantOK)
		}
		// The same through the Euclidean path whatever the size.
		xr := new(big.Int).Mod(x, m)
		r, c, err := EuclidBelowCofactor(context.Background(), m, xr, big.NewInt(1))
		if err != nil {
			t.Fatal(err)
		}
		if (r.Cmp(big.NewInt(1)) == 0) != wantOK {
			t.Fatalf("Euclid's remainder %v for x = %v, m = %v; unit %v", r, x, m, wantOK)
		}
		if wantOK && c.Mod(c, m).Cmp(want) != 0 {
			t.Fatalf("Euclid's cofactor for x = %v, m = %v is not the inverse", x, m)
		}
	}
	for m := int64(1); m <= 60; m++ {
		for x := int64(-2 * m); x <= 2*m; x++ {
			check(big.NewInt(x), big.NewInt(m))
		}
	}
	rng := rand.New(rand.NewPCG(31, 7))
	for _, n := range []int{62, 64, 65, 127, 128, 129, inverseThresholdBits - 1, inverseThresholdBits, inverseThresholdBits + 1, 700, 3320, hgcdThreshold + 5, 3 * hgcdThreshold} {
		for i := range 12 {
			m := randomBits(rng, n)
			m.SetBit(m, n-1, 1)
			x := randomBits(rng, n+i%3*40)
			switch i % 4 {
			case 1:
				x.Neg(x)
			case 2:
				// A common factor: no inverse.
				f := big.NewInt(int64(rng.IntN(1000) + 2))
				m.Mul(m, f)
				x.Mul(x, f)
			}
			check(x, m)
		}
		// A Fibonacci pair: the longest quotient sequence.
		a, b := fibonacciPair(n)
		check(b, a)
	}
	if _, _, err := ModInverseContext(context.Background(), new(big.Int), big.NewInt(3), big.NewInt(0)); err == nil {
		t.Fatal("a zero modulus was accepted")
	}
}

// BenchmarkModInverse times ModInverse beside big.Int.ModInverse on a
// random unit.
func BenchmarkModInverse(b *testing.B) {
	for _, n := range []int{128, 192, 256, 384, 512, 704, 1024, 3320, 10_000} {
		rng := rand.New(rand.NewPCG(uint64(n), 8))
		m := randomBits(rng, n)
		m.SetBit(m, n-1, 1).SetBit(m, 0, 1)
		x := randomBits(rng, n-1)
		x.SetBit(x, 1, 1)
		for new(big.Int).GCD(nil, nil, x, m).Cmp(big.NewInt(1)) != 0 {
			x.Add(x, big.NewInt(1))
		}
		z := new(big.Int)
		b.Run(fmt.Sprintf("euclid/bits=%d", n), func(b *testing.B) {
			for b.Loop() {
				if r, _, _ := EuclidBelowCofactor(context.Background(), m, x, big.NewInt(1)); r.Cmp(big.NewInt(1)) != 0 {
					b.Fatal("not a unit")
				}
			}
		})
		b.Run(fmt.Sprintf("math-big/bits=%d", n), func(b *testing.B) {
			for b.Loop() {
				z.ModInverse(x, m)
			}
		})
	}
}
