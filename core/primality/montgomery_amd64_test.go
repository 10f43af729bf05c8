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
	forOperandPairs(rand.New(rand.NewPCG(12, 38)), 7, func(mg *montgomery, nb, xb, yb *big.Int, x, y []uint64) {
		k := len(x)
		want, got := make([]uint64, k), make([]uint64, k)
		mg.mulGeneric(want, x, y)
		if !mulADX(got, x, y, mg.m, mg.minv) {
			if k <= 6 {
				t.Fatalf("mulADX refused %d words", k)
			}
			return
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
	})
}

// TestSqrADXAgainstGeneric: sqrADX agrees with mulGeneric and math/big
// (x²·R⁻¹ mod n) for moduli of 2 to 6 words below 2^(64k−1), top words
// 2^63 − 1 − small, random and short, operands 0, 1, n − 1, n − 2 and
// seeded random ones, aliased or not; it refuses moduli with the top bit
// set and lengths past 6, where the processor has BMI2 and ADX (sqr
// takes it there, so the other tests run it too).
func TestSqrADXAgainstGeneric(t *testing.T) {
	if !hasADX {
		t.Skip("no BMI2 and ADX")
	}
	rng := rand.New(rand.NewPCG(12, 39))
	for k := 2; k <= 7; k++ {
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*k))
		for i := range 60 {
			n := oddTestWords(rng, k, i%3 == 0)
			switch i % 4 {
			case 0, 1:
				n[k-1] >>= 1
			case 2:
				n[k-1] = n[k-1]>>(1+uint(rng.IntN(62))) | 1
			case 3:
				n[k-1] |= 1 << 63
			}
			nb := new(big.Int).SetBits(wordsToBig(n))
			mg := newMontgomery(nb)
			rinv := new(big.Int).ModInverse(R, nb)
			vals := testOperands(rng, nb, 8)
			want, got := make([]uint64, k), make([]uint64, k)
			for _, xb := range vals {
				x := words(xb, k)
				mg.mulGeneric(want, x, x)
				wb := new(big.Int).Mul(xb, xb)
				wb.Mul(wb, rinv).Mod(wb, nb)
				if !equal(want, words(wb, k)) {
					t.Fatalf("n = %v, x = %v: mulGeneric %v, math/big %v", nb, xb, want, wb)
				}
				took := sqrADX(got, x, mg.m, mg.minv)
				if took != (k <= 6 && n[k-1]>>63 == 0) {
					t.Fatalf("sqrADX took %v for %d words, n = %v", took, k, nb)
				}
				if !took {
					continue
				}
				if !equal(got, want) {
					t.Fatalf("n = %v, x = %v: sqrADX %v, generic %v", nb, xb, got, want)
				}
				sqrADX(x, x, mg.m, mg.minv)
				if !equal(x, want) {
					t.Fatalf("n = %v, x = %v: sqrADX aliased %v, generic %v", nb, xb, x, want)
				}
			}
		}
	}
}
