package matrix

// Cost estimates for preflight.
//
// The determinant and the characteristic polynomial of a matrix with long
// entries can be far inside the dimension and entry limits and still need
// hours: a 400×400 determinant with 95-digit entries needs its image
// modulo about 2,100 primes of 62 bits (Hadamard's bound is about 128,000
// bits), each an O(n³) elimination after reducing 160,000 multi-word
// entries. Preflight therefore estimates the running time on one core from
// the sizes alone, with the same bounds the algorithms use to choose their
// number of primes, and refuses what one core could not finish within the
// default deadline (core.DefaultTimeout). On more cores the images run in
// parallel, so a request just inside the limit finishes sooner; a request
// refused here would need more than the default deadline even so on two
// cores for the examples the limit was set by.
//
// The unit costs are measured by BenchmarkCostModel on the reference
// machine (one core of an AMD EPYC, Go 1.26), rounded down, so that the
// estimate errs towards accepting:
//
//	determinant_image/n=400   44 ms  → 0.6 ns·n³ for the PLE decomposition
//	charpoly_image/n=200      61 ms  → 6 ns·n³ for the Hessenberg form
//	reduce, small entries     ~10 ns per entry and prime
//	reduce, multi-word        ~250 ns + 15 ns per word, per entry and prime
//
// The estimate follows the path the operation takes: Bareiss or Berkowitz
// below the multi-modular thresholds and beyond maxPrimes (costed as
// O(n³) or O(n⁴) products of integers of up to Hadamard's bound, at
// Karatsuba's exponent), the divisor path of determinant_crt.go for word
// matrices (one PLE decomposition, the lifting steps, and the few cofactor
// primes a nonsingular matrix needs), and the classical multi-modular path
// otherwise. A singular word matrix costs about as much again as a
// nonsingular one (the kernel certificate of determinant_crt.go: one more
// decomposition and a lifting twice as long); only one whose rank modulo
// the first prime falls below its rank over Q takes the classical path,
// which can cost more than estimated, and the deadline still bounds it.

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"sync"
	"time"

	"jacobian.dev/core"
)

// MaxEstimatedMillis bounds the estimated running time, on one core, of
// the determinant and of the characteristic polynomial: the default
// deadline.
const MaxEstimatedMillis = int64(core.DefaultTimeout / time.Millisecond)

// Unit costs in nanoseconds, from BenchmarkCostModel (see above).
const (
	plePerCube        = 0.6
	hessenbergPerCube = 6.0
	reduceSmallEntry  = 10.0
	reduceWideEntry   = 250.0
	reducePerWord     = 15.0
	// wordProduct is the cost of a product of two one-word integers in
	// math/big; a product of w words costs wordProduct·w^1.585.
	wordProduct = 2.0
	// liftStep is the cost per n² of one Dixon lifting step (two
	// triangular substitutions and one integer matrix-vector product).
	liftStep = 4.0
)

// clearedRowBits returns, for each row, the bits of its longest entry once
// denominators are cleared: by each row's own lcm, or with common by the
// lcm of all entries. Preflight has already bounded the cleared matrix by
// MaxScaledBits, so the exact lcms are cheap.
func clearedRowBits(rows [][]core.Rational, common bool) []int {
	out := make([]int, len(rows))
	l := big.NewInt(1)
	var g, q big.Int
	lcm := func(row []core.Rational) {
		for _, x := range row {
			if d := denominator(x.Rat()); d.BitLen() > 1 {
				g.GCD(nil, nil, l, d)
				l.Mul(l, q.Quo(d, &g))
			}
		}
	}
	if common {
		for _, row := range rows {
			lcm(row)
		}
	}
	for i, row := range rows {
		if !common {
			l.SetInt64(1)
			lcm(row)
		}
		num := 0
		for _, x := range row {
			num = max(num, x.Rat().Num().BitLen())
		}
		out[i] = num + l.BitLen() - 1
	}
	return out
}

// wordRowBits is clearedRowBits for a matrix of words: the bit length of
// each row's largest entry in absolute value.
func wordRowBits(a [][]int64) []int {
	out := make([]int, len(a))
	for i, row := range a {
		var m uint64
		for _, v := range row {
			if v < 0 {
				v = -v
			}
			m = max(m, uint64(v))
		}
		out[i] = bits.Len64(m)
	}
	return out
}

// hadamardEstimate bounds log₂ of Hadamard's row bound from the row bit
// sizes: ‖row‖ ≤ √n·2^b.
func hadamardEstimate(rowBits []int) int {
	n := len(rowBits)
	half := (bits.Len(uint(n)) + 1) / 2
	h := 0
	for _, b := range rowBits {
		h += b + half
	}
	return h
}

// reduceCost is the time to reduce n² entries of b bits modulo one prime.
func reduceCost(n, b int) float64 {
	if b < 63 {
		return float64(n*n) * reduceSmallEntry
	}
	return float64(n*n) * (reduceWideEntry + reducePerWord*float64(b/64+1))
}

// productCost is the time of one product of integers of b bits.
func productCost(b int) float64 {
	return wordProduct * math.Pow(float64(b/64+1), 1.585)
}

// estimateDeterminant returns the estimated running time of the
// determinant, in nanoseconds on one core.
func estimateDeterminant(rows [][]core.Rational) float64 {
	return estimateDeterminantBits(clearedRowBits(rows, false))
}

// estimateDeterminantBits is estimateDeterminant from the bits of each
// row's longest entry once denominators are cleared (clearedRowBits).
func estimateDeterminantBits(rowBits []int) float64 {
	n := len(rowBits)
	if n == 0 {
		return 0
	}
	h := hadamardEstimate(rowBits)
	b := 0
	for _, x := range rowBits {
		b = max(b, x)
	}
	cube := float64(n) * float64(n) * float64(n)
	bareiss := cube / 3 * productCost(h/2)
	if n < multimodularThreshold {
		return bareiss
	}
	if b+bits.Len(uint(n)) < 61 {
		// The divisor path: one PLE decomposition, lifting to twice the
		// Cramer bounds, and the cofactor primes of a random matrix.
		primes := float64(speculativeLimit(n) + dixonPrimes)
		steps := float64(2*h/61 + 2)
		return primes*(plePerCube*cube+reduceCost(n, b)) + steps*liftStep*float64(n*n)
	}
	primes := h/61 + 1
	if primes > maxPrimes {
		return bareiss
	}
	return float64(primes) * (plePerCube*cube + reduceCost(n, b))
}

// estimateCharpoly returns the estimated running time of the
// characteristic polynomial, in nanoseconds on one core.
func estimateCharpoly(rows [][]core.Rational) float64 {
	n := len(rows)
	if n == 0 {
		return 0
	}
	rowBits := clearedRowBits(rows, true)
	h := hadamardEstimate(rowBits) + n
	b := 0
	for _, x := range rowBits {
		b = max(b, x)
	}
	fn := float64(n)
	berkowitz := fn * fn * fn * fn * productCost(h/2)
	if n < charpolyMultimodularThreshold {
		return berkowitz
	}
	primes := h/61 + 1
	if primes > maxPrimes || primes*(n+1) > maxResidueWords {
		return berkowitz
	}
	k := float64(primes)
	// The CRT tree combines n+1 coefficients of k words each.
	crt := (fn + 1) * productCost(61*primes) * math.Log2(k+1)
	return k*(hessenbergPerCube*fn*fn*fn+reduceCost(n, b)) + crt
}

// checkEstimate refuses a request whose estimated time, in nanoseconds,
// exceeds MaxEstimatedMillis.
func checkEstimate(what string, ns float64) error {
	if ms := ns / 1e6; ms > float64(MaxEstimatedMillis) {
		return core.Refusef("%s is estimated to take about %s on one core (from the matrix order, the entry sizes and Hadamard's bound, which sets the number of 62-bit primes); at most %s is allowed: send a smaller matrix or shorter entries", what, seconds(ms), seconds(float64(MaxEstimatedMillis)))
	}
	return nil
}

func seconds(ms float64) string {
	if ms >= 1e5 {
		return fmt.Sprintf("%.3g s", ms/1e3)
	}
	return fmt.Sprintf("%.1f s", ms/1e3)
}

// estimateLimit declares MaxEstimatedMillis. Its probes are n×n matrices
// whose every entry has the same number of digits: At has the most digits
// the estimate accepts at order n, Beyond one digit more.
func estimateLimit(n int, estimate func([][]core.Rational) float64) core.Limit {
	// Found only when a probe is asked for: registration stays cheap.
	at := sync.OnceValue(func() int { return estimateBoundaryDigits(n, estimate) })
	return core.Limit{
		Name: "estimated_time", Max: MaxEstimatedMillis, Unit: "milliseconds on one core",
		Description: "estimated running time on one core, from the order, the entry bits after clearing denominators and Hadamard's bound on the result",
		At:          func() string { return nineMatrixJSON("matrix", n, at()) },
		Beyond:      func() string { return nineMatrixJSON("matrix", n, at()+1) },
	}
}

// estimateBoundaryDigits is the largest d ≤ MaxEntryDigits for which the
// n×n matrix of d-digit entries has an estimate within the limit (0 if
// none has), found by bisection: the estimate grows with d.
func estimateBoundaryDigits(n int, estimate func([][]core.Rational) float64) int {
	return largestWithin(MaxEntryDigits, func(d int) bool {
		return estimate(nineMatrix(n, d))/1e6 <= float64(MaxEstimatedMillis)
	})
}

// nineMatrix is the n×n matrix whose entries are all 10^d − 1, one shared
// value (the estimate reads only sizes).
func nineMatrix(n, d int) [][]core.Rational {
	x := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil)
	v := core.Rat(new(big.Rat).SetInt(x.Sub(x, big.NewInt(1))))
	m := make([][]core.Rational, n)
	row := make([]core.Rational, n)
	for j := range row {
		row[j] = v
	}
	for i := range m {
		m[i] = row
	}
	return m
}

// nineMatrixJSON is the payload of nineMatrix(n, d) in field.
func nineMatrixJSON(field string, n, d int) string {
	entry := `"` + nines(d) + `"`
	b := make([]byte, 0, n*n*(d+3)+len(field)+8)
	b = append(b, `{"`+field+`":[`...)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for j := 0; j < n; j++ {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, entry...)
		}
		b = append(b, ']')
	}
	return string(append(b, "]}"...))
}

func nines(d int) string {
	if d == 0 {
		return "0"
	}
	b := make([]byte, d)
	for i := range b {
		b[i] = '9'
	}
	return string(b)
}
