//go:build amd64 && !purego

package primality

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestADXAgainstGeneric: mulADX agrees with mulGeneric for moduli of 2
// to 6 words, edge moduli and operands, aliased or not, where the
// processor has BMI2 and ADX (mul takes it there, so the other tests run
// it too).
func TestADXAgainstGeneric(t *testing.T) {
	if !hasADX {
		t.Skip("no BMI2 and ADX")
	}
	rng := rand.New(rand.NewPCG(12, 38))
	for k := 2; k <= 7; k++ {
		for i := range 60 {
			n := make([]uint64, k)
			for j := range n {
				n[j] = rng.Uint64()
				if i%3 == 0 {
					n[j] = ^uint64(0) - uint64(rng.IntN(3))
				}
			}
			n[0] |= 1
			n[k-1] |= 1 << 63 >> uint(rng.IntN(64))
			nb := new(big.Int).SetBits(wordsToBig(n))
			mg := newMontgomery(nb)
			vals := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(nb, big.NewInt(1)), new(big.Int).Sub(nb, big.NewInt(2))}
			for range 4 {
				vals = append(vals, randomBelow(rng, nb))
			}
			want, got := make([]uint64, k), make([]uint64, k)
			for _, xb := range vals {
				for _, yb := range vals {
					x, y := words(xb, k), words(yb, k)
					mg.mulGeneric(want, x, y)
					if !mulADX(got, x, y, mg.m, mg.minv) {
						if k <= 6 {
							t.Fatalf("mulADX refused %d words", k)
						}
						continue
					}
					if k > 6 {
						t.Fatalf("mulADX took %d words", k)
					}
					if !equal(got, want) {
						t.Fatalf("n = %v, x = %v, y = %v: mulADX %v, generic %v", nb, xb, yb, got, want)
					}
					mulADX(x, x, y, mg.m, mg.minv)
					if !equal(x, want) {
						t.Fatalf("n = %v: mulADX aliased to x differs", nb)
					}
				}
			}
		}
	}
}
