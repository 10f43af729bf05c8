package integer

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestBernoulliZetaRandom compares the ζ(n) method with the tangent
// numbers on seeded random even n from 40 to 1600.
func TestBernoulliZetaRandom(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(41, 42))
	for range 10 {
		n := 2 * (bernoulliZetaFrom/2 + rng.IntN(781))
		got, err := bernoulliZeta(ctx, n)
		if err != nil {
			t.Fatalf("B_%d: %v", n, err)
		}
		if want, _ := bernoulliTangent(ctx, n); got.Cmp(want) != 0 {
			t.Fatalf("B_%d by ζ(n) is %s, the tangent numbers give %s", n, clipString(got.RatString()), clipString(want.RatString()))
		}
	}
}

// TestEulerZeta holds the fixed-point Euler product to ζ(n) = Σ k^(−n)
// summed at 64 more bits, within the (n/2 + 1)·2^(−wp) relative error
// the analysis at the top of bernoulli_zeta.go allows it, whole and as
// the fixedProduct of its two parts at eulerSplit, on seeded n and
// precisions.
func TestEulerZeta(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(43, 44))
	for range 20 {
		n := 2 * (bernoulliZetaFrom/2 + rng.IntN(500))
		wp := uint(64 + rng.IntN(8*n))
		whole, err := eulerZeta(ctx, n, wp, 2, 0)
		if err != nil {
			t.Fatalf("ζ(%d) at %d bits: %v", n, wp, err)
		}
		split := eulerSplit(n, wp)
		head, _ := eulerZeta(ctx, n, wp, 2, split)
		tail, _ := eulerZeta(ctx, n, wp, split, 0)
		// Σ_{k > K} k^(−n) < 2^(−wp−64) once (n − 1)·log₂K ≥ wp + 65.
		rp := wp + 64
		want := new(big.Float).SetPrec(rp).SetInt64(1)
		last := uint64(math.Exp2(float64(wp+65)/float64(n-1))) + 1
		for k := uint64(2); k <= last; k++ {
			pk := new(big.Int).Exp(new(big.Int).SetUint64(k), big.NewInt(int64(n)), nil)
			term := new(big.Float).SetPrec(rp).SetInt(pk)
			want.Add(want, term.Quo(new(big.Float).SetPrec(rp).SetInt64(1), term))
		}
		for _, z := range []*big.Int{whole, fixedProduct(head, tail, wp)} {
			got := new(big.Float).SetInt(z)
			got.SetMantExp(got, -int(wp))
			d := new(big.Float).SetPrec(rp).Sub(got, want)
			d.Quo(d, want)
			bound := new(big.Float).SetMantExp(big.NewFloat(float64(n/2+1)), -int(wp))
			if d.Abs(d).Cmp(bound) > 0 {
				t.Fatalf("ζ(%d) at %d bits (split at %d) errs by %.3g relatively, beyond (n/2 + 1)·2^(−wp)", n, wp, split, d)
			}
		}
	}
}
