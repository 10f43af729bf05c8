package bignum

// Decimal parsing by divide and conquer (Brent and Zimmermann, Modern
// Computer Arithmetic, §1.7, Algorithm 1.25): a string of k·2^j + m digits
// is the integer of its top m digits times 10^(k·2^j) plus the integer of
// the rest, each converted recursively (the two halves on separate
// goroutines while GOMAXPROCS allows). The powers 10^(k·2^j), by repeated
// squaring, are kept for the life of the process up to a bound
// (parseCachedLevels) and built per conversion above it: at 10^5 digits
// they were 11% of a conversion's CPU time (0.42 of 3.8 ms), at 3·10^5
// digits 17% (3.3 of 19.4 ms). With the transform product this
// is O(M(n) log n), against math/big's quadratic parsing: 60 ms against
// 1.3 s for big.Int.SetString at 10^6 digits.
//
// Printing is the counterpart in print.go (AppendDecimal), by a scaled
// remainder tree: multiplications by cached powers of ten instead of
// divisions. A version on the reciprocal division with reciprocals
// recomputed per conversion had measured no faster than big.Int.String
// (BenchmarkDecimal, 10^6 digits: 187 ms against 146 ms; 10^5 digits: 5.9
// against 5.4 ms).

import (
	"context"
	"math/big"
	"runtime"
	"sync"
)

// parseThreshold is the length in digits below which ParseDecimal hands the
// whole string to big.Int.SetString, and parseLeaf the length of the pieces
// it hands over above. Measured with BenchmarkDecimal: at 10^4 digits
// big.Int.SetString takes 123 µs and the recursion 157 µs; at 10^5 digits
// 15.7 ms against 4.8 ms. Leaves of 2^10, 2^11 and 2^13 digits took 64, 60
// and 76 ms at 10^6 digits.
const (
	parseThreshold = 1 << 14
	parseLeaf      = 1 << 11
)

// parseCachedLevels is the number of powers 10^(parseLeaf·2^j) kept across
// conversions: up to j = 9, 10^1,048,576 of 435 KB, all of them under
// 1 MB, which serve strings of up to parseLeaf·2^10 = 2,097,152 digits,
// beyond the longest integer any operation accepts.
const parseCachedLevels = 10

// parsePowers holds the powers shared by all conversions, j below
// parseCachedLevels; they are read-only once built.
var parsePowers = powersOfTen{leaf: parseLeaf}

// powersFor returns the powers for a conversion that needs 10^(leaf·2^j):
// shared itself when j < levels, else a private set that starts with
// shared's first levels powers and builds the longer ones for this
// conversion alone.
func powersFor(shared *powersOfTen, levels, j int) *powersOfTen {
	if j < levels {
		return shared
	}
	shared.get(levels - 1)
	shared.mu.Lock()
	defer shared.mu.Unlock()
	return &powersOfTen{leaf: shared.leaf, pow: append([]*big.Int(nil), shared.pow[:levels]...)}
}

// powersOfTen holds 10^(leaf·2^j) for j = 0, 1, ..., built on demand.
type powersOfTen struct {
	leaf int
	mu   sync.Mutex
	pow  []*big.Int
}

// get returns 10^(leaf·2^j).
func (p *powersOfTen) get(j int) *big.Int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pow) == 0 {
		p.pow = append(p.pow, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(p.leaf)), nil))
	}
	for len(p.pow) <= j {
		last := p.pow[len(p.pow)-1]
		p.pow = append(p.pow, Sqr(new(big.Int), last))
	}
	return p.pow[j]
}

// ParseDecimal sets z to the value of s, an optional sign '+' or '-'
// followed by one or more ASCII decimal digits, and returns (z, true); on
// any other s it returns (nil, false) and leaves z unchanged. It agrees with
// big.Int.SetString(s, 10), converting long strings by divide and conquer.
func ParseDecimal(z *big.Int, s string) (*big.Int, bool) {
	z, ok, _ := ParseDecimalContext(context.Background(), z, s)
	return z, ok
}

// ParseDecimalContext is ParseDecimal that stops with ctx.Err() once ctx
// is done, polled at every piece of at least parseLeaf digits.
func ParseDecimalContext(ctx context.Context, z *big.Int, s string) (*big.Int, bool, error) {
	neg := false
	digits := s
	if len(digits) > 0 && (digits[0] == '+' || digits[0] == '-') {
		neg = digits[0] == '-'
		digits = digits[1:]
	}
	if len(digits) == 0 {
		return nil, false, nil
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return nil, false, nil
		}
	}
	if len(digits) <= 19 {
		// Below 10^19 the value is a word, read without math/big's
		// scanner: 18 ns against 146 ns for "1000000" (minima of three
		// interleaved runs).
		var w uint64
		for i := 0; i < len(digits); i++ {
			w = w*10 + uint64(digits[i]-'0')
		}
		z.SetUint64(w)
		if neg {
			z.Neg(z)
		}
		return z, true, nil
	}
	if len(digits) < parseThreshold {
		z.SetString(digits, 10)
		if neg {
			z.Neg(z)
		}
		return z, true, nil
	}
	v, err := parseDigits(ctx, digits, powersFor(&parsePowers, parseCachedLevels, topLevel(len(digits))), runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, false, err
	}
	z.Set(v)
	if neg {
		z.Neg(z)
	}
	return z, true, nil
}

// topLevel returns the largest j with parseLeaf·2^j < n, for n > parseLeaf:
// the low part of a split of n digits has parseLeaf·2^j of them, and j is
// the longest power a conversion of n digits uses.
func topLevel(n int) int {
	j := 0
	for parseLeaf<<(j+1) < n {
		j++
	}
	return j
}

// parseDigits converts a string of decimal digits.
func parseDigits(ctx context.Context, s string, pow *powersOfTen, workers int) (*big.Int, error) {
	if len(s) <= parseLeaf {
		v, _ := new(big.Int).SetString(s, 10)
		return v, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	j := topLevel(len(s))
	low := parseLeaf << j
	hiDigits, loDigits := s[:len(s)-low], s[len(s)-low:]
	var hi, lo *big.Int
	var hiErr, loErr error
	if workers > 1 {
		var wg sync.WaitGroup
		wg.Go(func() { lo, loErr = parseDigits(ctx, loDigits, pow, workers/2) })
		hi, hiErr = parseDigits(ctx, hiDigits, pow, workers-workers/2)
		wg.Wait()
	} else {
		lo, loErr = parseDigits(ctx, loDigits, pow, 1)
		hi, hiErr = parseDigits(ctx, hiDigits, pow, 1)
	}
	if hiErr != nil {
		return nil, hiErr
	}
	if loErr != nil {
		return nil, loErr
	}
	Mul(hi, hi, pow.get(j))
	return hi.Add(hi, lo), nil
}
