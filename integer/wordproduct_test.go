package integer

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestWordProduct compares wordProduct with the running product of the
// words, on lengths around the leaf and parallel thresholds, with random
// words and with all-ones words (every carry propagates).
func TestWordProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	lengths := []int{0, 1, 2, 3, wordLeafSize - 1, wordLeafSize, wordLeafSize + 1, 2 * wordLeafSize, wordParallelSize - 1, wordParallelSize, 3*wordParallelSize + 7, 2000}
	for range 20 {
		lengths = append(lengths, rng.IntN(5000))
	}
	for _, n := range lengths {
		for _, ones := range []bool{false, true} {
			ws := make([]uint64, n)
			want := big.NewInt(1)
			for i := range ws {
				ws[i] = rng.Uint64()
				if ones {
					ws[i] = ^uint64(0)
				}
				want.Mul(want, new(big.Int).SetUint64(ws[i]))
			}
			if got := wordProduct(ws); got.Cmp(want) != 0 {
				t.Fatalf("wordProduct of %d words (all ones %v) differs from the running product", n, ones)
			}
		}
	}
}
