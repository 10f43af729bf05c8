package zpoly

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core/bignum"
)

// randomPoly returns n coefficients of up to `bits` bits, of random sign;
// with extreme, every coefficient is ±(2^bits − 1).
func randomPoly(rng *rand.Rand, n, bits int, extreme bool) []*big.Int {
	p := make([]*big.Int, n)
	for i := range p {
		c := new(big.Int)
		if extreme {
			c.Lsh(big.NewInt(1), uint(bits)).Sub(c, big.NewInt(1))
		} else {
			for j := range bits {
				if rng.IntN(2) == 1 {
					c.SetBit(c, j, 1)
				}
			}
		}
		if rng.IntN(2) == 1 {
			c.Neg(c)
		}
		p[i] = c
	}
	return p
}

func equal(a, b []*big.Int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

// TestKronecker compares Kronecker substitution with the schoolbook
// product at lengths around powers of two and the crossover, with signed,
// zero, extreme and one-sided coefficients.
func TestKronecker(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	lengths := []int{1, 2, 3, 7, 8, 9, 31, 32, 33, schoolbookLength, schoolbookLength + 1, 100}
	for _, n := range lengths {
		for _, m := range []int{1, 2, n, n + 5} {
			for _, bits := range []int{0, 1, 63, 64, 65, 100, 300} {
				for _, extreme := range []bool{false, true} {
					a, b := randomPoly(rng, n, bits, extreme), randomPoly(rng, m, bits/2+1, extreme)
					if extreme && n > 2 {
						// All of one sign: the largest product coefficients.
						for _, c := range b {
							c.Abs(c)
						}
						for _, c := range a {
							c.Abs(c)
						}
					}
					want := Schoolbook(a, b)
					got, err := kronecker(context.Background(), a, b)
					if err != nil {
						t.Fatal(err)
					}
					if !equal(got, want) {
						t.Fatalf("len %d×%d, %d bits (extreme %v): Kronecker product differs from schoolbook", n, m, bits, extreme)
					}
					if !equal(Mul(a, b), want) {
						t.Fatalf("len %d×%d, %d bits: Mul differs from schoolbook", n, m, bits)
					}
				}
			}
		}
	}
}

// TestMulLarge checks products long enough for the multimodular
// convolution (length at and above convolveLength, 100-bit coefficients,
// of one sign for the largest outputs), and for Kronecker substitution on
// the transform integer product (coefficients too long for the
// convolution's primes), against the schoolbook one.
func TestMulLarge(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	rng := rand.New(rand.NewPCG(8, 1))
	cases := []struct{ n, m, bits int }{
		{convolveLength - 1, convolveLength - 1, 100},
		{convolveLength, convolveLength + 7, 100},
		{n, n, 100},
		{n, n/2 + 1, 300},
		{n / 3, n / 3, 400},
	}
	for _, c := range cases {
		for _, extreme := range []bool{false, true} {
			a, b := randomPoly(rng, c.n, c.bits, extreme), randomPoly(rng, c.m, c.bits, extreme)
			if extreme {
				for _, x := range append(a, b...) {
					x.Abs(x)
				}
			}
			if !equal(Mul(a, b), Schoolbook(a, b)) {
				t.Fatalf("len %d×%d, %d bits (extreme %v): Mul differs from schoolbook", c.n, c.m, c.bits, extreme)
			}
		}
	}
}

// TestMulEdges covers empty inputs, zero polynomials, leading zeros and
// the independence of the result from the inputs.
func TestMulEdges(t *testing.T) {
	if Mul(nil, []*big.Int{big.NewInt(1)}) != nil || Mul([]*big.Int{big.NewInt(1)}, nil) != nil {
		t.Fatal("product with an empty polynomial is not empty")
	}
	zero := []*big.Int{new(big.Int), new(big.Int), new(big.Int)}
	rng := rand.New(rand.NewPCG(9, 1))
	a := randomPoly(rng, 80, 70, false)
	for _, c := range Mul(zero, a) {
		if c.Sign() != 0 {
			t.Fatal("zero times a polynomial is not zero")
		}
	}
	// (x − 1)(x + 1) = x² − 1, and with leading zeros kept.
	got := Mul([]*big.Int{big.NewInt(-1), big.NewInt(1), new(big.Int)}, []*big.Int{big.NewInt(1), big.NewInt(1)})
	if fmt.Sprint(got) != "[-1 0 1 0]" {
		t.Fatalf("(x − 1)(x + 1) with a leading zero = %v", got)
	}
	b := randomPoly(rng, 80, 70, false)
	c := Mul(a, b)
	c[0].SetInt64(12345)
	if a[0].Cmp(big.NewInt(12345)) == 0 || b[0].Cmp(big.NewInt(12345)) == 0 {
		t.Fatal("the product shares coefficients with its inputs")
	}
}

// TestMulCancel checks that a cancelled context stops a long product.
func TestMulCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rng := rand.New(rand.NewPCG(10, 1))
	a := randomPoly(rng, 2*schoolbookLength+2, 10, false)
	if _, err := MulContext(ctx, a, a); err != context.Canceled {
		t.Fatalf("MulContext on a cancelled context: err = %v", err)
	}
}

// BenchmarkZPolyMul times Mul beside the schoolbook product (the math/big
// baseline) where that finishes in reasonable time.
func BenchmarkZPolyMul(b *testing.B) {
	for _, deg := range []int{10, 100, 1000, 10_000} {
		for _, bits := range []int{100} {
			rng := rand.New(rand.NewPCG(uint64(deg), 11))
			x, y := randomPoly(rng, deg+1, bits, false), randomPoly(rng, deg+1, bits, false)
			b.Run(fmt.Sprintf("deg=%d/bits=%d", deg, bits), func(b *testing.B) {
				for b.Loop() {
					Mul(x, y)
				}
			})
			if deg <= 1000 {
				b.Run(fmt.Sprintf("deg=%d/bits=%d/schoolbook", deg, bits), func(b *testing.B) {
					for b.Loop() {
						Schoolbook(x, y)
					}
				})
			}
		}
	}
}

// BenchmarkZPolyMulShort times both methods at lengths around the
// crossover.
func BenchmarkZPolyMulShort(b *testing.B) {
	for _, n := range []int{2, 4, 8, 16, 32} {
		rng := rand.New(rand.NewPCG(uint64(n), 12))
		x, y := randomPoly(rng, n, 100, false), randomPoly(rng, n, 100, false)
		b.Run(fmt.Sprintf("len=%d/kronecker", n), func(b *testing.B) {
			for b.Loop() {
				kronecker(context.Background(), x, y)
			}
		})
		b.Run(fmt.Sprintf("len=%d/schoolbook", n), func(b *testing.B) {
			for b.Loop() {
				Schoolbook(x, y)
			}
		})
	}
}

// BenchmarkZPolyMulMethods times Kronecker substitution and the
// multimodular convolution at lengths around their crossover.
func BenchmarkZPolyMulMethods(b *testing.B) {
	for _, n := range []int{16, 32, 64, 128, 256, 1024, 10_001} {
		rng := rand.New(rand.NewPCG(uint64(n), 13))
		x, y := randomPoly(rng, n, 100, false), randomPoly(rng, n, 100, false)
		b.Run(fmt.Sprintf("len=%d/kronecker", n), func(b *testing.B) {
			for b.Loop() {
				kronecker(context.Background(), x, y)
			}
		})
		b.Run(fmt.Sprintf("len=%d/convolve", n), func(b *testing.B) {
			for b.Loop() {
				bignum.Convolve(x, y, productBound(x, y))
			}
		})
	}
}
