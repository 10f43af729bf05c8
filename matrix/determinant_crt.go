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

// hadamardBits returns H with |det b| < 2^H, from the row norms. It
// squares every entry, so it polls ctx once per row.
func hadamardBits(ctx context.Context, b [][]*big.Int) (int, error) {
	h := 0
	var s, t big.Int
	for _, row := range b {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		s.SetInt64(0)
		for _, x := range row {
			s.Add(&s, t.Mul(x, x))
		}
		// ‖row‖ = √s < 2^⌈bitlen(s)/2⌉.
		h += (s.BitLen() + 1) / 2
	}
	return h, nil
}

// determinantMultimodular returns det b for a square integer matrix; ok
// is false when it would need more than maxPrimes primes.
func determinantMultimodular(ctx context.Context, b [][]*big.Int) (det *big.Int, ok bool, err error) {
	if len(b) == 0 {
		return big.NewInt(1), true, nil
	}
	h, err := hadamardBits(ctx, b)
	if err != nil {
		return nil, false, err
	}
	vals, ok, err := reconstructSkipping(ctx, h+1, 1, 0, "determinant modulo primes", func(p uint64) []uint64 {
		return []uint64{modular.DeterminantInPlace(reduceMatrix(b, p), p)}
	})
	if err != nil || !ok {
		return nil, false, err
	}
	return vals[0], true, nil
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

// maxPrimes bounds the primes of one reconstruction, about 250,000 bits.
// Garner's reconstruction costs O(k²) word operations per value for k
// primes; beyond this bound the simple methods, which poll for
// cancellation throughout, take over.
const maxPrimes = 4096

// maxResidueWords bounds the residues one reconstruction holds at once
// (k primes × width values), 128 MiB; larger inputs go to the simple
// methods, whose working set the operations' limits bound.
const maxResidueWords = 1 << 24

// reconstructSkipping recovers width integers, each of absolute value
// below 2^(bits−1), from their images modulo the largest primes below
// 2^62: image(p) returns the width residues modulo p, or nil when p is
// unlucky for the input (the prime is then skipped). Images are computed
// in parallel on all cores and combined by Garner's scheme into the
// symmetric range. ok is false, with no error, when more than maxSkips
// primes were unlucky or the bounds maxPrimes or maxResidueWords would be
// exceeded.
func reconstructSkipping(ctx context.Context, bits, width, maxSkips int, what string, image func(p uint64) []uint64) ([]*big.Int, bool, error) {
	// Each prime exceeds 2^61, so k primes give M > 2^(61k) ≥ 2^bits,
	// twice the bound on the values.
	need := bits/61 + 1
	if need > maxPrimes || need*width > maxResidueWords {
		return nil, false, nil
	}
	var primes []uint64
	var residues [][]uint64
	candidate := uint64(1)<<62 - 1
	skipped := 0
	for len(primes) < need {
		// One round computes the images still needed; an unlucky prime
		// (rare) costs another round.
		round := make([]uint64, 0, need-len(primes))
		for len(round) < cap(round) {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
			for !modular.IsPrime(candidate) {
				candidate -= 2
			}
			round = append(round, candidate)
			candidate -= 2
		}
		images, err := parallelImages(ctx, round, what, image)
		if err != nil {
			return nil, false, err
		}
		for k, img := range images {
			if img == nil {
				skipped++
				continue
			}
			primes = append(primes, round[k])
			residues = append(residues, img)
		}
		if skipped > maxSkips {
			return nil, false, nil
		}
	}
	var basis modular.CRTBasis
	for _, p := range primes {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		basis.Extend(p)
	}
	out := make([]*big.Int, width)
	column := make([]uint64, len(primes))
	digits := make([]uint64, len(primes))
	// One value costs about k² word operations; poll about every 2^20.
	pollEvery := max(1, 1<<20/(len(primes)*len(primes)))
	for w := range out {
		if w%pollEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
		}
		for k := range primes {
			column[k] = residues[k][w]
		}
		out[w] = basis.Symmetric(column, digits)
	}
	return out, true, nil
}

// parallelImages computes image(p) for every prime on all cores. The
// feeder checks for cancellation between any two primes.
func parallelImages(ctx context.Context, primes []uint64, what string, image func(p uint64) []uint64) ([][]uint64, error) {
	images := make([][]uint64, len(primes))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(primes)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				images[k] = image(primes[k])
			}
		}()
	}
	var err error
	for k := 0; k < len(primes) && err == nil; k++ {
		select {
		case next <- k:
			reportEvery(ctx, k, len(primes), what)
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	close(next)
	wg.Wait()
	return images, err
}
