package matrix

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"jacobian.dev/core"
)

// TestCharpolyMultimodularAgainstBerkowitz compares the two algorithms on
// integer matrices of growing order and entry size, with repeated rows and
// zero blocks to exercise Hessenberg breakdowns.
func TestCharpolyMultimodularAgainstBerkowitz(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for trial := range 40 {
		n := trial%20 + 1
		bound := []int64{1, 9, 99, 1 << 40}[trial%4]
		m := intMatrix(rng, n, n, bound)
		if trial%3 == 0 && n > 2 {
			m[1] = m[0]
			for j := range m[2] {
				m[2][j] = ratInt64(0)
			}
		}
		matchBerkowitz(t, m, fmt.Sprintf("n=%d bound=%d", n, bound))
	}
}

// TestCharpolyBoundExtremal runs the multi-modular path on Sylvester's
// Hadamard matrices, times a large scalar and with a column negated: their
// determinants meet Hadamard's bound exactly, so a coefficient bound short
// by a prime's worth of bits reconstructs a wrong residue (checked against
// Berkowitz; 70 bits short fails it).
func TestCharpolyBoundExtremal(t *testing.T) {
	for _, n := range []int{16, 32} {
		for _, scale := range []int64{1, 3, 1 << 40} {
			h := [][]int64{{scale}}
			for len(h) < n {
				k := len(h)
				next := make([][]int64, 2*k)
				for i := range next {
					next[i] = make([]int64, 2*k)
					for j := range next[i] {
						v := h[i%k][j%k]
						if i >= k && j >= k {
							v = -v
						}
						next[i][j] = v
					}
				}
				h = next
			}
			for i := range h {
				h[i][n-1] = -h[i][n-1]
			}
			m := make([][]core.Rational, n)
			for i := range m {
				m[i] = make([]core.Rational, n)
				for j := range m[i] {
					m[i][j] = ratInt64(h[i][j])
				}
			}
			if got, want := preciseHadamardBits(h), charpolyBits(h); want < got {
				t.Fatalf("n=%d: coefficient bound %d bits below Hadamard's %d", n, want, got)
			}
			matchBerkowitz(t, m, fmt.Sprintf("n=%d scale=%d", n, scale))
		}
	}
}

func BenchmarkCharpolyPaths(b *testing.B) {
	for _, n := range []int{8, 12, 16, 32, 64} {
		m := intMatrix(rand.New(rand.NewPCG(uint64(n), 5)), n, n, 99)
		b.Run(fmt.Sprintf("berkowitz/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				bi, _ := ints(m...)
				if _, err := berkowitz(context.Background(), bi); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("multimodular/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				bi, _ := ints(m...)
				if _, _, err := charpolyMultimodular(context.Background(), bi); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// matchBerkowitz holds the multimodular characteristic polynomial of m to
// Berkowitz's division-free one.
func matchBerkowitz(t *testing.T, m [][]core.Rational, label string) {
	t.Helper()
	b, _ := ints(m...)
	got, ok, err := charpolyMultimodular(context.Background(), b)
	if err != nil || !ok {
		t.Fatal(err)
	}
	b, _ = ints(m...)
	want, err := berkowitz(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	for k := range want {
		if got[k].Cmp(want[k]) != 0 {
			t.Fatalf("%s: coefficient %d is %s, Berkowitz gives %s", label, k, got[k], want[k])
		}
	}
}
