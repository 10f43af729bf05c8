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

// TestBernoulliLowestTerms: bernoulliZeta sets B_n's denominator without
// a gcd, so its numerator and denominator must already be coprime and the
// text equal to that of the normalized rational; the small and odd
// indices (B_0, B_1 = −1/2, B_3 = 0, B_39 = 0) keep the recurrence's
// values, on seeded even n up to 3000 and at n = 1000 and 10,000.
func TestBernoulliLowestTerms(t *testing.T) {
	ctx := context.Background()
	small := bernoulliByRecurrence(41)
	for _, n := range []int{0, 1, 2, 3, 38, 39, 40, 41} {
		if got, _ := bernoulli(ctx, n); got.Cmp(small[n]) != 0 || got.RatString() != small[n].RatString() {
			t.Fatalf("B_%d = %s, the recurrence gives %s", n, got.RatString(), small[n].RatString())
		}
	}
	rng := rand.New(rand.NewPCG(45, 46))
	ns := []int{1000, 10_000}
	for range 12 {
		ns = append(ns, 2*(bernoulliZetaFrom/2+rng.IntN(1500)))
	}
	for _, n := range ns {
		got, err := bernoulli(ctx, n)
		if err != nil {
			t.Fatalf("B_%d: %v", n, err)
		}
		if g := new(big.Int).GCD(nil, nil, got.Num(), got.Denom()); g.Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("B_%d: numerator and denominator share %v", n, g)
		}
		norm := new(big.Rat).SetFrac(got.Num(), got.Denom())
		if got.RatString() != norm.RatString() {
			t.Fatalf("B_%d: %s is not the normalized %s", n, clipString(got.RatString()), clipString(norm.RatString()))
		}
		if err := checkBernoulli(n, got); err != nil {
			t.Fatalf("B_%d: %v", n, err)
		}
	}
}

// TestEulerProductFromMantissa holds eulerProduct started at a seeded
// M ∈ [2^(wp−1), 2^wp), as bernoulliZeta starts it at the numerator's
// mantissa, to M·ζ(n) from eulerZeta's own product within the
// (3n/4 + n/2 + 2)·2^(−wp) relative error the two bounds allow together.
func TestEulerProductFromMantissa(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(47, 48))
	for range 20 {
		n := 2 * (bernoulliZetaFrom/2 + rng.IntN(500))
		wp := uint(64 + rng.IntN(8*n))
		words := make([]big.Word, (wp+63)/64)
		for i := range words {
			words[i] = big.Word(rng.Uint64())
		}
		m := new(big.Int).SetBits(words)
		m.Rsh(m, uint(64*len(words))-wp+1).SetBit(m, int(wp-1), 1) // wp bits
		got, err := eulerProduct(ctx, new(big.Int).Set(m), n, wp, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		zeta, _ := eulerZeta(ctx, n, wp, 2, 0)
		prec := 2*wp + 64
		want := new(big.Float).SetPrec(prec).SetInt(m)
		want.Mul(want, new(big.Float).SetPrec(prec).SetMantExp(new(big.Float).SetInt(zeta), -int(wp)))
		d := new(big.Float).SetPrec(prec).Sub(new(big.Float).SetPrec(prec).SetInt(got), want)
		d.Quo(d, want)
		bound := new(big.Float).SetMantExp(big.NewFloat(float64(3*n/4+n/2+2)), -int(wp))
		if d.Abs(d).Cmp(bound) > 0 {
			t.Fatalf("n = %d, wp = %d: eulerProduct errs by %.3g relatively, beyond %.3g", n, wp, d, bound)
		}
	}
}
