package matrix

// Multi-modular determinant.
//
// For an integer matrix B, Hadamard's inequality bounds the determinant:
// |det B| ≤ ∏ᵢ ‖rowᵢ‖₂. With H the bit length of that bound, det B is the
// unique integer in (−M/2, M/2] congruent to its images modulo primes whose
// product M exceeds 2^(H+1). Each image is an O(n³) elimination on machine
// words over GF(p) (core/modular), the images are independent, so they are
// computed in parallel, and Garner's scheme (modular.CRT) combines them.
// This is the classical method of von zur Gathen and Gerhard, Modern
// Computer Algebra, §5.5; it does no big-integer arithmetic in its inner
// loop, where Bareiss multiplies and divides integers of up to H bits.
//
// The primes are the largest primes below 2^62, taken in decreasing order,
// so the computation is deterministic. Bareiss (eliminate.go) stays as the
// simple reference; the tests compare the two.

import (
	"context"
	"math/big"
	"runtime"
	"sync"

	"jacobian.dev/core/modular"
)

// multimodularThreshold is the order from which the multi-modular path
// beats Bareiss on small entries (measured: BenchmarkDeterminantPaths).
const multimodularThreshold = 24

// hadamardBits returns H with |det b| < 2^H, from the row norms.
func hadamardBits(b [][]*big.Int) int {
	h := 0
	var s, t big.Int
	for _, row := range b {
		s.SetInt64(0)
		for _, x := range row {
			s.Add(&s, t.Mul(x, x))
		}
		// ‖row‖ = √s < 2^⌈bitlen(s)/2⌉.
		h += (s.BitLen() + 1) / 2
	}
	return h
}

// determinantMultimodular returns det b for a square integer matrix.
func determinantMultimodular(ctx context.Context, b [][]*big.Int) (*big.Int, error) {
	if len(b) == 0 {
		return big.NewInt(1), nil
	}
	vals, err := reconstruct(ctx, hadamardBits(b)+1, 1, "determinant modulo primes", func(p uint64) []uint64 {
		return []uint64{modular.DeterminantInPlace(reduceMatrix(b, p), p)}
	})
	if err != nil {
		return nil, err
	}
	return vals[0], nil
}

// reduceMatrix returns b mod p.
func reduceMatrix(b [][]*big.Int, p uint64) modular.Matrix {
	img := make(modular.Matrix, len(b))
	for i, row := range b {
		img[i] = make([]uint64, len(row))
		for j, x := range row {
			img[i][j] = modular.Reduce(x, p)
		}
	}
	return img
}

// reconstruct recovers width integers, each of absolute value below
// 2^(bits−1), from their images modulo the largest primes below 2^62:
// image(p) returns the width residues modulo p. Images are computed in
// parallel on all cores and combined by Garner's scheme into the symmetric
// range.
func reconstruct(ctx context.Context, bits, width int, what string, image func(p uint64) []uint64) ([]*big.Int, error) {
	// Each prime exceeds 2^61, so k primes give M > 2^(61k) ≥ 2^bits,
	// twice the bound on the values.
	need := bits/61 + 1
	// The feeder finds the primes as it goes (thousands may be needed for
	// long entries), so cancellation is noticed between any two of them.
	primes := make([]uint64, 0, need)
	residues := make([][]uint64, need)
	type job struct {
		k int
		p uint64
	}
	next := make(chan job)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), need) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				residues[j.k] = image(j.p)
			}
		}()
	}
	var err error
	candidate := uint64(1)<<62 - 1
	for k := 0; k < need && err == nil; k++ {
		for !modular.IsPrime(candidate) {
			candidate -= 2
		}
		primes = append(primes, candidate)
		select {
		case next <- job{k, candidate}:
			reportEvery(ctx, k, need, what)
		case <-ctx.Done():
			err = ctx.Err()
		}
		candidate -= 2
	}
	close(next)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	out := make([]*big.Int, width)
	for w := range out {
		var crt modular.CRT
		for k, p := range primes {
			crt.Add(residues[k][w], p)
		}
		out[w] = crt.Symmetric()
	}
	return out, nil
}
