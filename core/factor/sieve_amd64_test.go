//go:build amd64 && !purego

package factor

import (
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// BenchmarkRootMatches times the root-matching kernels on 4,400 primes
// from 2^15 to about 2^17, as tryRoots meets those from the block to 2M
// at 80 digits, and twelve positions.
func BenchmarkRootMatches(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 4400
	primes := make([]uint32, n)
	roots := make([][2]uint32, n)
	for i := range primes {
		p := uint32(siqsBlock + rng.IntN(100_000))
		primes[i] = p
		roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
	}
	at := make([]uint64, 12)
	for k := range at {
		at[k] = uint64(rng.IntN(1 << 17))
	}
	match := make([]uint64, n)
	if cpu.X86.HasAVX2 {
		b.Run("avx2", func(b *testing.B) {
			for b.Loop() {
				rootMatchesAVX2(at, primes, roots, match)
			}
		})
	}
	if hasAVX512 {
		b.Run("avx512", func(b *testing.B) {
			for b.Loop() {
				rootMatchesAVX512(at, primes, roots, match)
			}
		})
	}
}

// BenchmarkLargeMatches times largeMatches against largeMatchesGo on a
// list of 14,000 hits over 2M = 2^17 positions and twelve candidates.
func BenchmarkLargeMatches(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	list := make([]uint64, 14_000)
	for i := range list {
		list[i] = uint64(i)<<32 | uint64(rng.IntN(1<<17))
	}
	bitsOf := new([siqsMaxSieve / 64]uint64)
	for range 12 {
		j := rng.IntN(1 << 17)
		bitsOf[j/64] |= 1 << (j % 64)
	}
	out := make([]uint64, 0, 64)
	b.Run("go", func(b *testing.B) {
		for b.Loop() {
			out = largeMatchesGo(list, bitsOf, out[:0])
		}
	})
	b.Run("kernel", func(b *testing.B) {
		for b.Loop() {
			out = largeMatches(list, bitsOf, out[:0])
		}
	})
}

// BenchmarkMoveRoots times the root-moving kernels on the 13,000 primes
// of the factor base at 80 digits.
func BenchmarkMoveRoots(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const count = 13_000
	primes := make([]uint32, count)
	roots := make([][2]uint32, count)
	delta := make([]uint32, count)
	for i := range primes {
		p := uint32(3 + rng.IntN(300_000))
		primes[i], delta[i] = p, rng.Uint32N(p)
		roots[i] = [2]uint32{rng.Uint32N(p), rng.Uint32N(p)}
	}
	if cpu.X86.HasAVX2 {
		b.Run("avx2", func(b *testing.B) {
			for b.Loop() {
				moveRootsAVX2(roots, primes, delta, false)
			}
		})
	}
	if hasAVX512 {
		b.Run("avx512", func(b *testing.B) {
			for b.Loop() {
				moveRootsAVX512(roots, primes, delta, false)
			}
		})
	}
}
