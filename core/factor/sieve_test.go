package factor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSieveBlockKernel holds sieveBlock (the amd64 kernel where there is
// one) to sieveBlockGo, and both to a plain count of each progression's
// hits: seeded random primes from 30 to the block's size with their two
// roots in [0, p) (equal roots included), and primes whose roots lie
// past every position as those of A do, sieved over four consecutive
// blocks from blank bytes.
func TestSieveBlockKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for trial := range 40 {
		n := 1 + rng.IntN(600)
		primes := make([]uint32, n)
		logs := make([]uint8, n)
		roots := make([][2]uint32, n)
		for i := range primes {
			p := uint32(30 + rng.IntN(siqsBlock-30))
			if trial%4 == 0 {
				p = uint32(30 + rng.IntN(300))
			}
			primes[i], logs[i] = p, uint8(rng.IntN(40))
			roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
			switch rng.IntN(10) {
			case 0:
				roots[i][1] = roots[i][0]
			case 1:
				roots[i] = [2]uint32{math.MaxUint32, math.MaxUint32}
			}
		}
		const blocks = 4
		want := make([]byte, blocks*siqsBlock)
		for i, p := range primes {
			for _, r := range roots[i] {
				for j := uint64(r); j < uint64(len(want)); j += uint64(p) {
					want[j] += logs[i]
				}
			}
		}
		fast, slow := slices.Clone(roots), slices.Clone(roots)
		for b := range blocks {
			start := b * siqsBlock
			gotFast, gotSlow := new([siqsBlock]byte), new([siqsBlock]byte)
			sieveBlock(gotFast, start, primes, logs, fast)
			sieveBlockGo(gotSlow, start, primes, logs, slow)
			if !slices.Equal(fast, slow) {
				t.Fatalf("trial %d block %d: next positions differ", trial, b)
			}
			if *gotFast != *gotSlow {
				t.Fatalf("trial %d block %d: the kernel's bytes differ from the Go loop's", trial, b)
			}
			if !slices.Equal(gotSlow[:], want[start:start+siqsBlock]) {
				t.Fatalf("trial %d block %d: the bytes differ from the plain sieve's", trial, b)
			}
		}
	}
}
