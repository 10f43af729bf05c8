package bignum

// The previous AppendDecimal, kept beside the scaled remainder tree of
// print.go for BenchmarkAppendDecimal (digits=…/divide-and-conquer).
//
// Decimal printing by divide and conquer (Brent and Zimmermann, Modern
// Computer Arithmetic, §1.7.2, Algorithm 1.26): an integer x with
// 10^(k·2^j) ≤ x < 10^(k·2^(j+1)) is split as q·10^(k·2^j) + r, r is
// written as exactly k·2^j digits (zero-padded, split the same way down to
// pieces of k digits) and q recursively. The powers 10^(k·2^j) and, for
// the longest, their Newton reciprocals (div.go) are computed once and kept
// for the life of the process, so that a split of a long integer costs two
// transform products (quotient estimate and remainder) and no reciprocal.
// The two halves of a split are converted on separate goroutines while
// GOMAXPROCS allows, writing into disjoint parts of one buffer. Pieces of k
// digits go to big.Int.Append, itself a divide and conquer on math/big's
// recursive division (Burnikel–Ziegler on Karatsuba products).
//
// Dividing v by 10^k as ⌊v/2^k⌋ by 5^k, a third shorter, measured no
// faster with math/big's division (87,000 digits, one core: 3.6 ms against
// 3.5 ms). A faster split at 10^5 digits would need the scaled remainder
// tree (Bernstein), one truncated product per split instead of two.

import (
	"math/big"
	"runtime"
	"slices"
	"sync"
)

// dcPrintLeaf is the length in digits of the pieces dcAppendDecimal hands to
// big.Int.Append; dcPrintRecipWords is the word length of a power of ten
// from which a split divides by its cached reciprocal rather than by
// big.Int.QuoRem; dcPrintThreshold is the word length (49,000 digits) below
// which dcAppendDecimal hands over the whole integer.
//
// Measured on a 2-core amd64 shared with other work (minimum of 5 to 60
// rounds). One core, by process CPU time, big.Int.Append against the
// recursion: with reciprocals from 1024 words 0.67 against 0.73 ms at
// 30,000 digits, 23.3 against 27.0 ms at 300,000 digits (top power 13,600
// words), 151 against 111 ms at 10^6 digits (27,000 words); with
// math/big's division at every split 0.73 against 0.81 ms at 30,000
// digits, 3.9 against 4.1 ms at 87,000, 24.5 against 25.7 ms at 300,000:
// on one core the recursion is big.Int.Append's own, plus allocations.
// Two cores, one of them free, wall time: 0.58 against 0.69 ms at 20,000
// digits, 1.05 against 1.09 ms at 40,000, 1.89 against 1.58 ms at 60,000,
// 3.4 against 2.6–2.9 ms at 87,000, 23.1 against 17.0 ms at 300,000.
const (
	dcPrintLeaf       = 1 << 12
	dcPrintRecipWords = 16384
	dcPrintThreshold  = 2560
)

// dcPrintPowers holds 10^(dcPrintLeaf·2^j), and for those of at least
// dcPrintRecipWords words their reciprocals ≈ 2^(2n)/10^(dcPrintLeaf·2^j) for n
// the bit length, built on demand and shared by all conversions. The
// declared limits on operands bound how many are ever built.
var dcPrintPowers struct {
	mu    sync.Mutex
	pow   []*big.Int
	recip []*big.Int
}

// dcPrintPower returns 10^(dcPrintLeaf·2^j) and its reciprocal, or nil for a
// power shorter than dcPrintRecipWords words. Both are read-only.
func dcPrintPower(j int) (pow, recip *big.Int) {
	p := &dcPrintPowers
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pow) == 0 {
		p.pow = append(p.pow, new(big.Int).Exp(big.NewInt(10), big.NewInt(dcPrintLeaf), nil))
		p.recip = append(p.recip, nil)
	}
	for len(p.pow) <= j {
		last := p.pow[len(p.pow)-1]
		next := Sqr(new(big.Int), last)
		var v *big.Int
		if len(next.Bits()) >= dcPrintRecipWords {
			v = reciprocal(next, divThreshold)
		}
		p.pow = append(p.pow, next)
		p.recip = append(p.recip, v)
	}
	return p.pow[j], p.recip[j]
}

// dcAppendDecimal appends the decimal digits of x, with a leading '-' if x is
// negative, to dst and returns the extended slice: the same bytes as
// x.Append(dst, 10), converted by divide and conquer for long x.
func dcAppendDecimal(dst []byte, x *big.Int) []byte {
	if len(x.Bits()) < dcPrintThreshold {
		return x.Append(dst, 10)
	}
	if x.Sign() < 0 {
		dst = append(dst, '-')
		x = new(big.Int).Neg(x)
	}
	return dcAppendDigits(dst, x, runtime.GOMAXPROCS(0))
}

// dcAppendDigits appends the digits of x ≥ 0, without leading zeros.
func dcAppendDigits(dst []byte, x *big.Int, workers int) []byte {
	// The largest j with 10^(dcPrintLeaf·2^j) ≤ x; digits bounds x's length
	// from above, so no power longer than x is built.
	digits := x.BitLen()*30103/100000 + 1
	j := -1
	for dcPrintLeaf<<(j+1) <= digits {
		if pow, _ := dcPrintPower(j + 1); pow.Cmp(x) > 0 {
			break
		}
		j++
	}
	if j < 0 {
		return x.Append(dst, 10)
	}
	q, r := dcSplitPower(x, j)
	low := dcPrintLeaf << j
	if workers > 1 {
		// r has k·2^j digits, q at most as many and usually far fewer, so
		// r's conversion keeps all the workers and q's runs beside it.
		buf := make([]byte, low)
		var wg sync.WaitGroup
		wg.Go(func() { dcFillDigits(buf, r, j, workers) })
		dst = dcAppendDigits(dst, q, 1)
		wg.Wait()
		return append(dst, buf...)
	}
	dst = dcAppendDigits(dst, q, 1)
	n := len(dst)
	dst = slices.Grow(dst, low)[:n+low]
	dcFillDigits(dst[n:], r, j, 1)
	return dst
}

// dcFillDigits writes v, 0 ≤ v < 10^(dcPrintLeaf·2^j), as exactly
// len(buf) = dcPrintLeaf·2^j digits with leading zeros.
func dcFillDigits(buf []byte, v *big.Int, j, workers int) {
	if j == 0 {
		// The full slice expression keeps Append inside buf, which a
		// neighbouring goroutine's part of the buffer follows.
		s := v.Append(buf[:0:len(buf)], 10)
		pad := len(buf) - len(s)
		copy(buf[pad:], s)
		for i := range pad {
			buf[i] = '0'
		}
		return
	}
	q, r := dcSplitPower(v, j-1)
	half := len(buf) / 2
	if workers > 1 {
		var wg sync.WaitGroup
		wg.Go(func() { dcFillDigits(buf[half:], r, j-1, workers/2) })
		dcFillDigits(buf[:half], q, j-1, workers-workers/2)
		wg.Wait()
		return
	}
	dcFillDigits(buf[:half], q, j-1, 1)
	dcFillDigits(buf[half:], r, j-1, 1)
}

// dcSplitPower returns ⌊v/P⌋ and v mod P for P = 10^(dcPrintLeaf·2^j) and
// 0 ≤ v < P², dividing by P's cached reciprocal when it has one.
func dcSplitPower(v *big.Int, j int) (q, r *big.Int) {
	pow, recip := dcPrintPower(j)
	if recip != nil {
		// v < P² < 2^(2n) for n the bit length of P, as divideShort needs.
		return divideShort(v, pow, recip, pow.BitLen())
	}
	q, r = new(big.Int), new(big.Int)
	return q.QuoRem(v, pow, r)
}
