package gfpoly

import (
	"runtime"
	"sync"
)

// Sums of products with shared transforms.
//
// The half-gcd spends its time applying 2×2 polynomial matrices to vectors
// and multiplying matrices: sums such as a·x + b·y in which every operand
// occurs in several products. sumsOfProducts transforms each operand once,
// forms every sum pointwise in the transform domain (linearity), and
// transforms each sum back once: 8 transforms for a matrix applied to a
// vector instead of 12, 12 for a product of matrices instead of 24. The
// coefficient bound grows with the number of terms in a sum, which the
// choice of transform primes takes into account.

// productTerm names two operands, by index, whose product enters a sum.
type productTerm [2]int

// sumsOfProducts returns, for each list of terms, Σ in[i]·in[j].
func (f *Field) sumsOfProducts(in [][]uint64, sums [][]productTerm) [][]uint64 {
	outLen := 0
	terms, shortest := 1, 0
	used := make([]bool, len(in))
	for _, s := range sums {
		terms = max(terms, len(s))
		for _, t := range s {
			x, y := in[t[0]], in[t[1]]
			if len(x) == 0 || len(y) == 0 {
				continue
			}
			outLen = max(outLen, len(x)+len(y)-1)
			shortest = max(shortest, min(len(x), len(y)))
			used[t[0]], used[t[1]] = true, true
		}
	}
	out := make([][]uint64, len(sums))
	if shortest < f.nttCrossover() {
		for i, s := range sums {
			for _, t := range s {
				out[i] = f.Add(out[i], f.Mul(in[t[0]], in[t[1]]))
			}
		}
		return out
	}
	logN := log2Ceil(outLen)
	var primes []*nttPrime
	if f.self != nil && logN <= f.self.maxLog {
		primes = []*nttPrime{f.self}
	} else {
		c := threePrimes()
		primes = c.t[:primesNeeded(terms*shortest, f.p)]
	}
	size := 1 << logN
	res := make([][][]uint64, len(primes)) // res[prime][sum]
	run := func(k int) {
		t := primes[k]
		spec := make([][]uint64, len(in))
		for i, x := range in {
			if used[i] {
				spec[i] = make([]uint64, size)
				f.load(spec[i], x, t.q)
				t.forward(spec[i], logN)
			}
		}
		res[k] = make([][]uint64, len(sums))
		for si, s := range sums {
			acc := make([]uint64, size)
			for _, tm := range s {
				x, y := spec[tm[0]], spec[tm[1]]
				if x == nil || y == nil || len(in[tm[0]]) == 0 || len(in[tm[1]]) == 0 {
					continue
				}
				y = y[:len(x)]
				for i, u := range x {
					v := acc[i] + t.montMul(u, y[i])
					if v >= t.q {
						v -= t.q
					}
					acc[i] = v
				}
			}
			t.inverse(acc, logN)
			acc = acc[:outLen]
			t.finish(acc, logN)
			res[k][si] = acc
		}
	}
	if len(primes) > 1 && logN >= parallelMinLog && runtime.GOMAXPROCS(0) > 1 {
		var wg sync.WaitGroup
		for k := 1; k < len(primes); k++ {
			wg.Go(func() { run(k) })
		}
		run(0)
		wg.Wait()
	} else {
		for k := range primes {
			run(k)
		}
	}
	for si := range sums {
		if primes[0] == f.self {
			out[si] = trim(res[0][si])
			continue
		}
		rs := make([][]uint64, len(primes))
		for k := range primes {
			rs[k] = res[k][si]
		}
		out[si] = trim(f.garner(rs))
	}
	return out
}
