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
	"math/bits"
	"runtime"
	"sync"
)

// parseThreshold is the length in digits below which ParseDecimal converts
// on one goroutine without polling ctx (parseMedium), and parseLeaf the
// length of the pieces the parallel recursion hands to parseMedium above.
// They were measured when parseMedium was big.Int.SetString, with
// BenchmarkDecimal: at 10^4 digits big.Int.SetString took 123 µs and the
// recursion 157 µs; at 10^5 digits 15.7 ms against 4.8 ms. Leaves of 2^10,
// 2^11 and 2^13 digits took 64, 60 and 76 ms at 10^6 digits.
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

// powersOfTen holds 10^(leaf·2^j) for j = 0, 1, ..., built on demand, and
// for each j the transforms of the last keptShapes transform products a
// join took by it (joinDecimal).
type powersOfTen struct {
	leaf      int
	mu        sync.Mutex
	pow       []*big.Int
	transform [][]*nttTransformed
}

// keptShapes is the number of transforms kept for each power: a string
// splits into a high and a low part whose joins at one level take two
// shapes at most.
const keptShapes = 2

// transformOf returns the transform of 10^(leaf·2^j) for products of shape
// sh: a kept one of that shape, or a new one, kept in place of the
// least recently used. Strings of one length take the same shapes at
// every level, so repeated conversions of such strings (the same
// operation on inputs of one size) transform each power once. A kept
// transform is about six times its power's size (three primes, twice
// the length, a word a point): 2 MB beside the 10^(2048·2^9) of a
// million-digit string.
func (p *powersOfTen) transformOf(j int, sh pieceShape) *nttTransformed {
	pow := p.get(j)
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.transform) <= j {
		p.transform = append(p.transform, nil)
	}
	kept := p.transform[j]
	for i, t := range kept {
		if t.sh == sh {
			copy(kept[1:i+1], kept[:i])
			kept[0] = t
			return t
		}
	}
	t := nttForward(pow.Bits(), sh)
	if len(kept) < keptShapes {
		kept = append(kept, nil)
	}
	copy(kept[1:], kept)
	kept[0] = t
	p.transform[j] = kept
	return t
}

// keptTransformWords is the length of a power from which joinDecimal
// multiplies by its kept transform once hi has unbalancedThreshold words,
// below Mul's crossovers: with the power's transform kept the product
// costs two transforms a prime instead of three. One core, minima of 40,
// against big.Int.Mul by 10^32768 (1701 words): hi of 681 words 226-232
// against 299-301 µs, 851 words 229-322 against 276-393 µs, 1276 words
// 367-503 against 526-637 µs, 1701 words 546-553 against 628-631 µs; hi
// of 307 and 511 words lost (298-415 against 182-255 µs), and so did
// every hi by 10^16384 (851 words): 851 words 194-255 against 151-196 µs.
const keptTransformWords = 1536

// joinDecimal sets z to hi·10^(leaf·2^j) + lo and returns z; a product
// that Mul would take by the transform, or of a power of keptTransformWords
// or more by hi of unbalancedThreshold words or more, multiplies by the
// power's kept transform (transformOf), two transforms a prime instead of
// three.
func (p *powersOfTen) joinDecimal(z, hi, lo *big.Int, j int) *big.Int {
	pow := p.get(j)
	kept := bits.UintSize == 64 && len(pow.Bits()) >= keptTransformWords && len(hi.Bits()) >= unbalancedThreshold
	if hi.Sign() > 0 && (kept || useTransform(hi, pow)) {
		z.SetBits(nttMulTransformed(hi.Bits(), p.transformOf(j, productShape(hi.BitLen(), pow.BitLen()))))
	} else {
		Mul(z, hi, pow)
	}
	return z.Add(z, lo)
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
		parseMedium(z, digits)
		if neg {
			z.Neg(z)
		}
		return z, true, nil
	}
	v, err := parseDigits(ctx, digits, powersFor(&parsePowers, parseCachedLevels, topLevel(parseLeaf, len(digits))), runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, false, err
	}
	z.Set(v)
	if neg {
		z.Neg(z)
	}
	return z, true, nil
}

// topLevel returns the largest j with leaf·2^j < n, for n > leaf: the
// low part of a split of n digits has leaf·2^j of them, and j is the
// longest power a conversion of n digits uses.
func topLevel(leaf, n int) int {
	j := 0
	for leaf<<(j+1) < n {
		j++
	}
	return j
}

// parseDigits converts a string of decimal digits.
func parseDigits(ctx context.Context, s string, pow *powersOfTen, workers int) (*big.Int, error) {
	if len(s) <= parseLeaf {
		return parseMedium(new(big.Int), s), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	j := topLevel(parseLeaf, len(s))
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
	return pow.joinDecimal(hi, hi, lo, j), nil
}

// Strings shorter than parseThreshold, and the leaves of the recursion
// above it, are converted by the same splitting with short leaves:
// mediumLeaf digits, 16 words of 19 digits, read eight digits at a time
// and combined by Horner's rule in words, then the halves joined by
// products with cached powers 10^(mediumLeaf·2^j). math/big's SetString
// reads its string a byte at a time through an io.ByteScanner, which at
// these lengths costs more than its arithmetic.
const mediumLeaf = 16 * leafDigits

// mediumPowers holds 10^(mediumLeaf·2^j), all kept: j ≤ 6 serves up to
// parseThreshold digits.
var mediumPowers = powersOfTen{leaf: mediumLeaf}

// parseMedium sets z to the value of the ASCII decimal digits s and
// returns z.
func parseMedium(z *big.Int, s string) *big.Int {
	if len(s) <= mediumLeaf {
		return parseLeafWords(z, s)
	}
	j := topLevel(mediumLeaf, len(s))
	low := mediumLeaf << j
	hi := parseMedium(new(big.Int), s[:len(s)-low])
	lo := parseMedium(new(big.Int), s[len(s)-low:])
	z.Mul(hi, mediumPowers.get(j))
	return z.Add(z, lo)
}

// parseLeafWords sets z to the value of at most mediumLeaf ASCII decimal
// digits: words of 19 digits from the most significant, each folded in
// as w ← w·10^19 + chunk.
func parseLeafWords(z *big.Int, s string) *big.Int {
	var acc [mediumLeaf/leafDigits + 1]uint64
	n := 0
	head := len(s) % leafDigits
	if head == 0 {
		head = leafDigits
	}
	for len(s) > 0 {
		chunk := parseShort(s[:head])
		s = s[head:]
		mul := uint64(leafPow)
		if n == 0 {
			mul = 0 // the first chunk starts the value
		}
		carry := chunk
		for i := range n {
			hi, lo := bits.Mul64(acc[i], mul)
			lo, c := bits.Add64(lo, carry, 0)
			acc[i], carry = lo, hi+c
		}
		if carry != 0 || n == 0 {
			acc[n] = carry
			n++
		}
		head = leafDigits
	}
	return setWords(z, acc[:n])
}

// parseShort is the value of at most 19 ASCII decimal digits, eight at a
// time by SIMD within a register: the byte lanes of a word, less '0',
// are paired into two-digit, then four- and eight-digit lanes.
func parseShort(s string) uint64 {
	var w uint64
	for len(s) >= 8 {
		w = w*100_000_000 + parse8(s)
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		w = w*10 + uint64(s[i]-'0')
	}
	return w
}

// parse8 is the value of the eight ASCII decimal digits s[:8].
func parse8(s string) uint64 {
	_ = s[7]
	v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	v -= 0x3030303030303030
	// The first digit is the low byte: a lane's value is its low digit
	// times the base plus its high digit.
	v = (v*10 + v>>8) & 0x00ff00ff00ff00ff
	v = (v*100 + v>>16) & 0x0000ffff0000ffff
	return (v*10000 + v>>32) & 0xffffffff
}

// setWords sets z to the little-endian words w and returns z.
func setWords(z *big.Int, w []uint64) *big.Int {
	if bits.UintSize == 64 {
		nat := make([]big.Word, len(w))
		for i, x := range w {
			nat[i] = big.Word(x)
		}
		return z.SetBits(nat)
	}
	nat := make([]big.Word, 2*len(w))
	for i, x := range w {
		nat[2*i], nat[2*i+1] = big.Word(uint32(x)), big.Word(x>>32)
	}
	return z.SetBits(nat)
}
