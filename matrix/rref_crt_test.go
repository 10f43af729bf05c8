package matrix

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// lowRank returns an r×c integer matrix of rank at most k: a product of
// r×k and k×c matrices with entries in [−bound, bound], with some columns
// zeroed to move the pivots.
func lowRank(rng *rand.Rand, r, c, k int, bound int64) core.Matrix {
	m, err := multiply(context.Background(), intMatrix(rng, r, k, bound), intMatrix(rng, k, c, bound))
	if err != nil {
		panic(err)
	}
	for j := 0; j < c; j += 5 {
		for i := range m {
			m[i][j] = ratInt64(0)
		}
	}
	return m
}

func sameReduction(t *testing.T, got, want *reduced, rows, cols int) {
	t.Helper()
	if !slices.Equal(got.pivots, want.pivots) || !slices.Equal(got.inconsistent, want.inconsistent) {
		t.Fatalf("pivots %v inconsistent %v; fraction-free gives %v and %v", got.pivots, got.inconsistent, want.pivots, want.inconsistent)
	}
	for i := 0; i < len(got.pivots); i++ {
		for j := 0; j < cols; j++ {
			if got.at(i, j).Rat().Cmp(want.at(i, j).Rat()) != 0 {
				t.Fatalf("entry (%d, %d): %s, fraction-free gives %s", i, j, got.at(i, j), want.at(i, j))
			}
		}
	}
}

// TestMultimodularRREFAgainstFractionFree compares the two methods on full
// and deficient rank, rational rows and augmented systems with
// inconsistent right-hand sides.
func TestMultimodularRREFAgainstFractionFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	sawInconsistent := false
	for trial := range 40 {
		r, c := 16+rng.IntN(12), 16+rng.IntN(12)
		var m core.Matrix
		switch trial % 4 {
		case 0:
			m = intMatrix(rng, r, c, 99)
		case 1:
			m = lowRank(rng, r, c, 3+rng.IntN(10), 9)
		case 2:
			m = randomMatrix(rng, r, c)
		case 3:
			m = lowRank(rng, r, c, 5, 1<<20)
		}
		pc := c
		if trial%2 == 1 {
			// Augment with right-hand sides, one of them in the column
			// space (the sum of the first two columns).
			pc = c - 3
			for i := range m {
				m[i][c-1] = core.Rat(new(big.Rat).Add(m[i][0].Rat(), m[i][1].Rat()))
			}
		}
		b, _ := ints(m...)
		got, ok, err := reduceMultimodular(context.Background(), b, pc, modular.RandomPrime(rng, modular.PrimeBits))
		if err != nil || !ok {
			t.Fatalf("trial %d: multi-modular refused (%v)", trial, err)
		}
		b, _ = ints(m...)
		want, err := reduceFractionFree(context.Background(), b, pc)
		if err != nil {
			t.Fatal(err)
		}
		sameReduction(t, got, want, r, c)
		sawInconsistent = sawInconsistent || slices.Contains(got.inconsistent, true)
	}
	if !sawInconsistent {
		t.Fatal("no trial had an inconsistent right-hand side")
	}
}

// TestMultimodularRREFRefusesAnUnluckyProfile gives the method a prime that
// divides the whole first column: modulo it the rank profile is wrong, the
// certificate must fail, and reduce must still answer correctly.
func TestMultimodularRREFRefusesAnUnluckyProfile(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	p := modular.RandomPrime(rng, modular.PrimeBits)
	m := intMatrix(rng, 20, 20, 99)
	for i := range m {
		m[i][0] = core.Rat(new(big.Rat).SetInt(new(big.Int).Mul(big.NewInt(int64(i+1)), new(big.Int).SetUint64(p))))
	}
	b, _ := ints(m...)
	if _, ok, err := reduceMultimodular(context.Background(), b, 20, p); ok || err != nil {
		t.Fatalf("a profile computed modulo a prime dividing a column was certified (err %v)", err)
	}
	red, err := reduce(context.Background(), m, 20)
	if err != nil {
		t.Fatal(err)
	}
	if len(red.pivots) != 20 {
		t.Fatalf("rank %d, want 20", len(red.pivots))
	}
}

// TestCertifyRejectsCorruption perturbs one entry of a correct reduction;
// the shape check or the certificate must notice.
func TestCertifyRejectsCorruption(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 66))
	for trial := range 20 {
		m := lowRank(rng, 18, 22, 10, 9)
		b, _ := ints(m...)
		red, err := reduceFractionFree(context.Background(), b, 22)
		if err != nil {
			t.Fatal(err)
		}
		b, _ = ints(m...)
		k := rng.IntN(len(red.pivots))
		j := rng.IntN(22)
		red.a[k][j].Add(red.a[k][j], big.NewInt(int64(trial+1)))
		ok := rrefShape(red, 22)
		if ok {
			ok, err = certify(context.Background(), b, red, 22, nil)
			if err != nil {
				t.Fatal(err)
			}
		}
		if ok {
			t.Fatalf("corrupted entry (%d, %d) passed the certificate", k, j)
		}
	}
}

func BenchmarkRREFPaths(b *testing.B) {
	for _, n := range []int{8, 16, 32, 64} {
		m := intMatrix(rand.New(rand.NewPCG(uint64(n), 7)), n, n, 99)
		b.Run(fmt.Sprintf("fraction_free/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				bi, _ := ints(m...)
				if _, err := reduceFractionFree(context.Background(), bi, n); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("multimodular/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				bi, _ := ints(m...)
				if _, ok, err := reduceMultimodular(context.Background(), bi, n, 4611686018427387847); err != nil || !ok {
					b.Fatal(err)
				}
			}
		})
	}
}
