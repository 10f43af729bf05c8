package gfpoly

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadix4 holds the fused two-level passes of forward and inverse
// (and their depth-first split above nttBlockLog) to the level-by-level
// reference, entry for entry modulo q (the lazy representatives may
// differ: difLevel's blocks of four reduce where a twiddle 1 is
// multiplied here), within the output bounds ([0, 2q) forward, [0, 4q)
// inverse), on random entries in the input ranges and at their top.
func TestRadix4(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	for _, q := range []uint64{nttQ0, nttQ1, nttQ2, 998244353, 65537} {
		tp := newNTTPrime(q)
		for logN := 0; logN <= min(tp.maxLog, nttBlockLog+3); logN++ {
			size := 1 << logN
			for trial := range 3 {
				fwd, inv := make([]uint64, size), make([]uint64, size)
				for i := range fwd {
					switch trial {
					case 0:
						fwd[i], inv[i] = rng.Uint64N(2*q), rng.Uint64N(4*q)
					case 1:
						fwd[i], inv[i] = 2*q-1, 4*q-1
					default:
						fwd[i], inv[i] = rng.Uint64N(2), rng.Uint64N(2)*(4*q-1)
					}
				}
				want, got := slices.Clone(fwd), slices.Clone(fwd)
				tp.forwardRadix2(want, logN)
				tp.forward(got, logN)
				if !equalMod(got, want, q, 2*q) {
					t.Fatalf("q = %d, 2^%d, trial %d: forward differs from the radix-2 reference", q, logN, trial)
				}
				want, got = slices.Clone(inv), slices.Clone(inv)
				tp.inverseRadix2(want, logN)
				tp.inverse(got, logN)
				if !equalMod(got, want, q, 4*q) {
					t.Fatalf("q = %d, 2^%d, trial %d: inverse differs from the radix-2 reference", q, logN, trial)
				}
			}
		}
	}
}

// equalMod reports whether got and want agree modulo q with every entry
// of got below bound.
func equalMod(got, want []uint64, q, bound uint64) bool {
	for i, x := range got {
		if x >= bound || x%q != want[i]%q {
			return false
		}
	}
	return len(got) == len(want)
}

// BenchmarkNTT is one forward and one inverse transform of 2^8, 2^11
// and 2^14 words modulo the first transform prime.
func BenchmarkNTT(b *testing.B) {
	t := threePrimes().t[0]
	for _, logN := range []int{8, 11, 14} {
		rng := rand.New(rand.NewPCG(3, uint64(logN)))
		in := make([]uint64, 1<<logN)
		for i := range in {
			in[i] = rng.Uint64N(t.q)
		}
		a := make([]uint64, len(in))
		b.Run("log="+itoa(uint64(logN)), func(b *testing.B) {
			for b.Loop() {
				copy(a, in)
				t.forward(a, logN)
				t.inverse(a, logN)
			}
		})
	}
}

// TestBlock4 holds difBlock4 and ditBlock4 (the assembly kernels where
// there are any) to difBlock4Go and ditBlock4Go word for word, on every
// transform prime, for quarters of 1 to 2^9 entries, on random entries
// in the passes' input ranges ([0, 2q) forward, [0, 4q) inverse) and on
// entries at their top.
func TestBlock4(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 4))
	for _, pr := range threePrimes().t {
		for trial := range 40 {
			j := 2 + trial%9
			m := 1 << (j - 1)
			for _, fwd := range []bool{true, false} {
				bound, tw := 2*pr.q, pr.forward4(j)
				if !fwd {
					bound, tw = 4*pr.q, pr.inverse4(j-1)
				}
				a := make([]uint64, 4*m)
				for i := range a {
					a[i] = rng.Uint64N(bound)
					if trial%4 == 0 {
						a[i] = bound - 1 - uint64(rng.IntN(2))
					}
				}
				want := slices.Clone(a)
				if fwd {
					difBlock4(a, tw, pr.q)
					difBlock4Go(want, tw, pr.q)
				} else {
					ditBlock4(a, tw, pr.q)
					ditBlock4Go(want, tw, pr.q)
				}
				if !slices.Equal(a, want) {
					t.Fatalf("q=%d, quarter %d, forward %v: the kernel and the Go loop differ", pr.q, m, fwd)
				}
			}
		}
	}
}
