package bignum

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestDivide compares the reciprocal division with big.Int.QuoRem, its
// recursion bottoming out at 4 words so that small sizes exercise every
// Newton level: divisors around powers of two, exact divisions, dividends
// shorter than, equal to and far longer than the divisor, all-ones words.
func TestDivide(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 1))
	for _, dn := range edgeSizes(1 << 9) {
		if dn == 0 {
			continue
		}
		for _, an := range []int{1, dn, dn + 1, 2 * dn, 2*dn + 1, 7*dn + 3} {
			for _, ones := range []bool{false, true} {
				a, d := randomWords(rng, an, ones), randomWords(rng, dn, ones)
				exact := Mul(new(big.Int), d, randomWords(rng, max(1, an-dn), false))
				for _, x := range []*big.Int{a, exact, new(big.Int)} {
					wq, wr := new(big.Int).QuoRem(x, d, new(big.Int))
					q, r, err := divide(context.Background(), x, d, 4)
					if err != nil {
						t.Fatal(err)
					}
					if q.Cmp(wq) != 0 || r.Cmp(wr) != 0 {
						t.Fatalf("%d-word by %d-word (all ones %v): quotient or remainder differs from big.Int.QuoRem", x.BitLen()/64, dn, ones)
					}
				}
			}
		}
	}
}

// TestQuoRem compares QuoRem with big.Int.QuoRem across its crossover, with
// all sign combinations and aliasing.
func TestQuoRem(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2))
	type size struct{ a, d int }
	sizes := []size{{1, 1}, {3, 2}, {2*divThreshold - 2, divThreshold - 1}, {2*divThreshold + 1, divThreshold}}
	if !testing.Short() {
		sizes = append(sizes, size{3*divThreshold + 5, divThreshold + 1})
	}
	for _, sz := range sizes {
		a, d := randomWords(rng, sz.a, false), randomWords(rng, sz.d, false)
		for _, sx := range []int64{1, -1} {
			for _, sy := range []int64{1, -1} {
				x := new(big.Int).Mul(a, big.NewInt(sx))
				y := new(big.Int).Mul(d, big.NewInt(sy))
				wq, wr := new(big.Int).QuoRem(x, y, new(big.Int))
				q, r := QuoRem(new(big.Int), new(big.Int), x, y)
				if q.Cmp(wq) != 0 || r.Cmp(wr) != 0 {
					t.Fatalf("%d-word by %d-word (signs %d, %d): QuoRem differs from big.Int.QuoRem", sz.a, sz.d, sx, sy)
				}
				xc, yc := new(big.Int).Set(x), new(big.Int).Set(y)
				if QuoRem(xc, yc, xc, yc); xc.Cmp(wq) != 0 || yc.Cmp(wr) != 0 {
					t.Fatalf("%d-word by %d-word: QuoRem into its operands is wrong", sz.a, sz.d)
				}
			}
		}
	}
}

// TestReciprocal checks the reciprocal's error bound on random divisors.
func TestReciprocal(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	for _, n := range []int{4, 5, 31, 64, 100, 1000} {
		d := randomWords(rng, n, false)
		v := reciprocal(d, 4)
		exact := new(big.Int).Lsh(big.NewInt(1), uint(2*d.BitLen()))
		exact.Quo(exact, d)
		if diff := new(big.Int).Sub(v, exact); diff.CmpAbs(big.NewInt(8)) > 0 {
			t.Fatalf("%d words: reciprocal off by %v", n, diff)
		}
	}
}

// TestQuoRemCancel checks that a cancelled context stops a long division.
func TestQuoRemCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	x, y := randomWords(rng, 3*divThreshold, false), randomWords(rng, divThreshold, false)
	if _, _, err := QuoRemContext(ctx, new(big.Int), new(big.Int), x, y); err != context.Canceled {
		t.Fatalf("QuoRemContext on a cancelled context: err = %v", err)
	}
}
