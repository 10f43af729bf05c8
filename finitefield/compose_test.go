package finitefield

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"jacobian.dev/core/gfpoly"
)

// hornerCompose is f(a) mod g by Horner's rule, one product modulo g a
// coefficient: the reference for the Brent–Kung composer.
func hornerCompose(fl *gfpoly.Field, f, a []uint64, md *gfpoly.Modulus) []uint64 {
	var r []uint64
	for i := len(f) - 1; i >= 0; i-- {
		r = fl.Add(fl.MulModBy(r, a, md), []uint64{f[i]})
	}
	return fl.RemBy(r, md)
}

// TestComposerAgainstHorner holds the Brent–Kung composer to Horner's
// rule on seeded random f, a and monic g, below and above
// composeParallelFrom (where the powers and the compositions are shared
// between two goroutines), for one use and several (enough for the
// giant powers' linear combinations, sumCheaper), over a small prime, a
// prime with its own transform and a 61-bit one; with two procs, so that
// the split is taken whatever the test's -cpu. Tables of powerBlocksFrom
// powers or more take their powers in blocks (MulModPreparedMany), the
// others one product at a time; two uses at degrees 300 and 1000 take
// Horner's rule by groups (outerGroup), the second on two goroutines.
func TestComposerAgainstHorner(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rng := rand.New(rand.NewPCG(14, 4))
	ctx := context.Background()
	split, giant, blocks, outer, outerSplit := 0, 0, 0, 0, 0
	for _, p := range []uint64{3, 10007, 998244353, 1<<61 - 1, 1<<64 - 59} {
		w := newWordFactorer(p)
		fl := w.fld
		for _, n := range []int{40, 300, composeParallelFrom} {
			random := func(k int) []uint64 { return randomWords(rng, fl, p, k) }
			md := fl.NewModulus(randomMonic(rng, p, n))
			a := random(n)
			for _, uses := range []int{1, 2, 7, 16} {
				c, err := w.newComposer(ctx, a, md, uses)
				if err != nil {
					t.Fatal(err)
				}
				if c.split > 0 {
					split++
				}
				if c.giant != nil {
					giant++
				}
				if c.t >= powerBlocksFrom {
					blocks++
				}
				if c.outer != nil {
					outer++
					if c.split > 0 {
						outerSplit++
					}
				}
				for _, k := range []int{n, 3} {
					f := random(k)
					got, err := c.compose(ctx, f)
					if err != nil {
						t.Fatal(err)
					}
					if want := hornerCompose(fl, f, a, md); !gfpoly.Equal(got, want) {
						t.Fatalf("GF(%d), n = %d, uses %d, deg f < %d: composer %v, Horner %v", p, n, uses, k, got, want)
					}
				}
			}
		}
	}
	if split == 0 {
		t.Fatal("no composer split its work: the two-goroutine path went untested")
	}
	if giant == 0 {
		t.Fatal("no composer kept its giant powers: the linear combinations went untested")
	}
	if blocks == 0 {
		t.Fatal("no composer took its powers in blocks")
	}
	if outer == 0 || outerSplit == 0 {
		t.Fatalf("%d composers took Horner's rule by groups, %d of them split: a path went untested", outer, outerSplit)
	}
}

// TestIntervalProductHalves holds the interval product in two halves to
// the one taken factor by factor, ∏_j (H − h_j) mod g with plain
// products, on seeded random residues.
func TestIntervalProductHalves(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rng := rand.New(rand.NewPCG(14, 5))
	for _, p := range []uint64{10007, 1<<61 - 1} {
		fl := gfpoly.NewField(p)
		for _, n := range []int{50, 300} {
			random := func(k int) []uint64 { return randomWords(rng, fl, p, k) }
			md := fl.NewModulus(randomMonic(rng, p, n))
			H := random(n)
			for _, l := range []int{1, 5, 16} {
				baby := make([][]uint64, l)
				mus := make([]*gfpoly.Multiplier, l)
				want := []uint64{1}
				for j := range baby {
					baby[j] = random(n)
					mus[j] = fl.NewMultiplier(baby[j], md)
					want = fl.MulModBy(want, fl.Sub(H, baby[j]), md)
				}
				for _, two := range []bool{false, true} {
					got := intervalProduct(fl, md, fl.NewMultiplier(H, md), mus, two)
					if !gfpoly.Equal(got, want) {
						t.Fatalf("GF(%d), n = %d, l = %d, two halves %v: got %v, want %v", p, n, l, two, got, want)
					}
				}
			}
		}
	}
}

// randomMonic is a seeded random monic polynomial of degree n over GF(p).
func randomMonic(rng *rand.Rand, p uint64, n int) []uint64 {
	g := make([]uint64, n+1)
	for i := range n {
		g[i] = rng.Uint64N(p)
	}
	g[n] = 1
	return g
}

// randomWords is a seeded random residue of k words over GF(p), normalized
// (trailing zeros dropped).
func randomWords(rng *rand.Rand, fl *gfpoly.Field, p uint64, k int) []uint64 {
	v := make([]uint64, k)
	for i := range v {
		v[i] = rng.Uint64N(p)
	}
	return fl.Normalize(v)
}
