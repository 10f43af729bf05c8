package bignum

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// schoolbookConvolution is Convolve's reference.
func schoolbookConvolution(a, b []*big.Int) []*big.Int {
	c := make([]*big.Int, len(a)+len(b)-1)
	for i := range c {
		c[i] = new(big.Int)
	}
	for i, x := range a {
		for j, y := range b {
			c[i+j].Add(c[i+j], new(big.Int).Mul(x, y))
		}
	}
	return c
}

func randomSequence(rng *rand.Rand, n, bitLen int, extreme bool) []*big.Int {
	s := make([]*big.Int, n)
	for i := range s {
		x := randomBits(rng, bitLen)
		if extreme {
			x = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bitLen)), big.NewInt(1))
		}
		if !extreme && rng.IntN(2) == 0 {
			x.Neg(x)
		}
		s[i] = x
	}
	return s
}

func seqBits(a []*big.Int) int {
	m := 0
	for _, x := range a {
		m = max(m, x.BitLen())
	}
	return m
}

// TestConvolve compares Convolve with the schoolbook convolution for every
// number of primes (coefficient sizes from 0 to the largest bound), lengths
// around powers of two and 3·2^k, signed and extreme (all coefficients
// 2^b − 1, the largest output for the bound) coefficients.
func TestConvolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	lengths := []int{1, 2, 3, 5, 8, 13, 33, 64, 100}
	for _, b := range []int{0, 1, 30, 60, 61, 62, 100, 150, 250, (MaxConvolveBits - 10) / 2} {
		for _, n := range lengths {
			m := lengths[rng.IntN(len(lengths))]
			for _, extreme := range []bool{false, true} {
				x, y := randomSequence(rng, n, b, extreme), randomSequence(rng, m, b, extreme)
				bound := seqBits(x) + seqBits(y) + bits.Len(uint(min(n, m))) + 1
				want := schoolbookConvolution(x, y)
				got := Convolve(x, y, bound)
				if len(got) != len(want) {
					t.Fatalf("length %d, want %d", len(got), len(want))
				}
				for i := range got {
					if got[i].Cmp(want[i]) != 0 {
						t.Fatalf("%d×%d coefficients of %d bits (extreme %v, bound %d): c_%d = %v, want %v", n, m, b, extreme, bound, i, got[i], want[i])
					}
				}
			}
		}
	}
	if Convolve(nil, []*big.Int{big.NewInt(1)}, 10) != nil {
		t.Fatal("convolution with an empty sequence is not empty")
	}
}
