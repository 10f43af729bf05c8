package gfpoly

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCombineRows holds CombineRows to the sum of the rows computed in
// math/big, on both accumulators: small p (one word), 61-bit p (double
// words), rows of one length (the eight- and four-row passes) and of mixed lengths,
// zero coefficients and a zero result.
func TestCombineRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for _, p := range []uint64{2, 3, 10007, 1<<31 - 1, 1<<61 - 1} {
		for trial := range 40 {
			n := 1 + rng.IntN(30)
			if trial%2 == 1 {
				n = 1 + rng.IntN(3)
			}
			rows := make([][]uint64, 1+rng.IntN(n))
			coefs := make([]uint64, len(rows))
			for i := range rows {
				rows[i] = make([]uint64, rng.IntN(n+1))
				if trial%3 == 2 {
					rows[i] = make([]uint64, n) // the eight- and four-row passes
				}
				for j := range rows[i] {
					rows[i][j] = rng.Uint64N(p)
				}
				if rng.IntN(4) > 0 {
					coefs[i] = rng.Uint64N(p)
				}
			}
			if trial == 0 {
				clear(coefs)
			}
			want := make([]uint64, n)
			for j := range want {
				s := new(big.Int)
				for i, r := range rows {
					if j < len(r) {
						s.Add(s, new(big.Int).Mul(new(big.Int).SetUint64(coefs[i]), new(big.Int).SetUint64(r[j])))
					}
				}
				want[j] = s.Mod(s, new(big.Int).SetUint64(p)).Uint64()
			}
			want = trim(want)
			if got := CombineRows(coefs, rows, n, p); !slices.Equal(got, want) {
				t.Fatalf("p=%d trial %d: %v, math/big gives %v", p, trial, got, want)
			}
		}
	}
}
