package matrix

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
	"jacobian.dev/core/modular"
)

// TestDeterminantAgainstCofactor checks Bareiss against Laplace expansion
// on random integer and rational matrices up to 6×6.
func TestDeterminantAgainstCofactor(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := range 600 {
		n := trial % 7
		m := randomMatrix(rng, n, n)
		got, err := determinant(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if want := cofactorDeterminant(ratMatrix(m)); got.Cmp(want) != 0 {
			t.Fatalf("det %v = %s, cofactor expansion gives %s", m, got.RatString(), want.RatString())
		}
	}
}

// TestDeterminantAgainstRatElimination checks Bareiss against Gaussian
// elimination over big.Rat on larger matrices.
func TestDeterminantAgainstRatElimination(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for trial := range 40 {
		n := 7 + trial%20
		m := randomMatrix(rng, n, n)
		got, err := determinant(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, want := ratRREF(ratMatrix(m)); got.Cmp(want) != 0 {
			t.Fatalf("n=%d: det = %s, big.Rat elimination gives %s", n, got.RatString(), want.RatString())
		}
	}
}

func BenchmarkDeterminant(b *testing.B) {
	for _, n := range []int{50, 100, 200, 400, 1000} {
		m := intMatrix(rand.New(rand.NewPCG(uint64(n), 3)), n, n, 99)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := determinant(context.Background(), m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// Singular (the last row repeats the first): the kernel certificate.
	for _, n := range []int{200, 1000} {
		m := intMatrix(rand.New(rand.NewPCG(uint64(n), 3)), n, n, 99)
		m[n-1] = m[0]
		b.Run(fmt.Sprintf("singular/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := determinant(context.Background(), m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMultimodularAgainstBareiss compares the two determinant algorithms on
// integer matrices of growing size and entry length, singular ones included.
func TestMultimodularAgainstBareiss(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 60 {
		n := trial%30 + 1
		bound := []int64{1, 9, 99, 1 << 40}[trial%4]
		m := intMatrix(rng, n, n, bound)
		if trial%5 == 0 && n > 1 {
			m[n-1] = m[0]
		}
		b, _ := ints(m...)
		got, ok, err := determinantMultimodular(context.Background(), b)
		if err != nil || !ok {
			t.Fatal(err)
		}
		b, _ = ints(m...)
		want, err := determinantBareiss(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("n=%d bound=%d: multi-modular %s, Bareiss %s", n, bound, got, want)
		}
	}
}

func BenchmarkDeterminantPaths(b *testing.B) {
	for _, n := range []int{8, 12, 16, 24, 32, 48} {
		m := intMatrix(rand.New(rand.NewPCG(uint64(n), 3)), n, n, 99)
		b.Run(fmt.Sprintf("bareiss/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				bi, _ := ints(m...)
				if _, err := eliminate(context.Background(), bi, n, false); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("multimodular/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				bi, _ := ints(m...)
				if _, _, err := determinantMultimodular(context.Background(), bi); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// matrixRNG depends on the matrix alone: equal matrices draw the same
// primes, and a changed entry, a fraction in place of an integer, a sign
// or another shape with the same entries draws others.
func TestMatrixRNGFollowsTheMatrix(t *testing.T) {
	parse := func(s string) core.Matrix {
		var m core.Matrix
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	draw := func(s string) uint64 { return modular.RandomPrime(matrixRNG(parse(s)), modular.PrimeBits) }
	base := `[["1","2"],["3","4"]]`
	if first, again := draw(base), draw(base); first != again {
		t.Fatal("equal matrices met different primes")
	}
	for _, other := range []string{`[["1","2"],["3","5"]]`, `[["1","2"],["3","4/5"]]`, `[["1","2"],["3","-4"]]`, `[["1","2","3","4"]]`, `[["1"],["2"],["3"],["4"]]`, `[["18446744073709551617","2"],["3","4"]]`} {
		if draw(base) == draw(other) {
			t.Errorf("%s met the same prime as %s", other, base)
		}
	}
}
