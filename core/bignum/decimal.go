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
	if !allDigits(digits) {
		return nil, false, nil
	}
	if _, err := parseValidDigits(ctx, z, digits); err != nil {
		return nil, false, err
	}
	if neg {
		z.Neg(z)
	}
	return z, true, nil
}

// ParseDigits sets z to the value of digits and returns z, for a caller
// that has already checked that digits is one or more ASCII decimal
// digits and nothing else (a canonical integer that a request's schema
// accepted): ParseDecimal without the second pass over the string that
// checks it. On any other byte the value is unspecified, but it never
// panics. At 2,000 digits the check was 4.8 thousand of ParseDecimal's
// 69 thousand instructions (callgrind).
func ParseDigits(z *big.Int, digits string) *big.Int {
	parseValidDigits(context.Background(), z, digits)
	return z
}

// parseValidDigits is the conversion of ParseDecimalContext once the
// digits are checked: nonnegative, and an error only from ctx.
func parseValidDigits(ctx context.Context, z *big.Int, digits string) (*big.Int, error) {
	if len(digits) <= 19 {
		// Below 10^19 the value is a word, read without math/big's
		// scanner: 18 ns against 146 ns for "1000000" (minima of three
		// interleaved runs).
		var w uint64
		for i := 0; i < len(digits); i++ {
			w = w*10 + uint64(digits[i]-'0')
		}
		return z.SetUint64(w), nil
	}
	if len(digits) < parseThreshold {
		return parseMedium(z, digits), nil
	}
	v, err := parseDigits(ctx, digits, powersFor(&parsePowers, parseCachedLevels, topLevel(parseLeaf, len(digits))), runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	return z.Set(v), nil
}

// allDigits reports whether every byte of s is an ASCII decimal digit,
// eight bytes at a time (SIMD within a register): a byte b < 0x80 is a
// digit when (b | 0x80) − 0x30 keeps its top bit (b ≥ '0') and b + 0x46
// does not set it (b ≤ '9'); neither step carries across bytes. At 2,000
// digits, 2.7 thousand instructions against 16 thousand a byte at a time
// (allDigitsByByte, the reference; callgrind).
func allDigits(s string) bool {
	const ones = 0x0101010101010101
	var bad uint64
	for len(s) >= 8 {
		v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		bad |= v | ^((v | 0x80*ones) - 0x30*ones) | (v + 0x46*ones)
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		c := uint64(s[i])
		bad |= (c | ^((c | 0x80) - 0x30) | (c + 0x46)) & 0x80
	}
	return bad&(0x80*ones) == 0
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
// above it, are converted by the same splitting into a high and a low
// part, hi·10^k + lo, with k = mediumLeaf·2^j digits, a multiple of 64:
// 10^k = 5^k·2^k and 2^k is k/64 whole words, so the join is
//
//	hi·10^k + lo = (hi·5^k + ⌊lo/2^k⌋)·2^k + (lo mod 2^k),
//
// a product by 5^k, of 0.7 the words of 10^k, written k/64 words up, onto
// which the words of lo above k/64 are added; lo's low words are already
// in place (Brent and Zimmermann, Modern Computer Arithmetic, §1.7, for
// the splitting; the factor 2^k of a power of ten is a shift, as in
// Bernstein's "Scaled remainder trees"). Everything is computed in one
// array of words for the value and one of scratch, with no allocation
// per node. Strings of at most mediumUnsplit digits are read 19 digits a
// word and combined by Horner's rule in words. math/big's SetString, the
// reference (TestParseMedium), reads its string a byte at a time through
// an io.ByteScanner, which at these lengths costs more than its
// arithmetic.
//
// Against the joins by products with 10^k that this replaced (leaves of
// 304 digits), one core, minima of 200 alternations on the loaded
// machine: 2,000 digits 4.99 against 7.41 µs, 4,000 digits 15.6 against
// 21.9 µs, 10^4 digits 70.6 against 79.0 µs, 1,000 digits 1.91 against
// 2.40 µs, 300 digits 359 against 335 ns (one leaf both). Leaves of 128
// and 192 digits, and mediumUnsplit 256 and 384, measured no better.
const (
	mediumLeaf    = 256
	mediumUnsplit = 2 * mediumLeaf
)

// mediumFives holds 5^(mediumLeaf·2^j) for mediumLeaf·2^j ≤ 2·parseThreshold,
// the powers the joins of parseMedium multiply by for strings of up to
// 4·parseThreshold digits (ParseDecimal gives it fewer than parseThreshold).
var mediumFives = sync.OnceValue(func() [][]big.Word {
	var pows [][]big.Word
	five := big.NewInt(5)
	for k := mediumLeaf; k <= 2*parseThreshold; k *= 2 {
		pows = append(pows, new(big.Int).Exp(five, big.NewInt(int64(k)), nil).Bits())
	}
	return pows
})

// parseMedium sets z to the value of the ASCII decimal digits s, at most
// 4·parseThreshold of them, and returns z.
func parseMedium(z *big.Int, s string) *big.Int {
	if bits.UintSize != 64 {
		z.SetString(s, 10) // the leaves read 19 digits into a word
		return z
	}
	dst := make([]big.Word, mediumWords(len(s)))
	if len(s) <= mediumUnsplit {
		return z.SetBits(dst[:parseLeafInto(dst, s)])
	}
	buf := mediumScratchPool.Get().(*[]big.Word)
	if need := mediumScratch(len(s)); cap(*buf) < need {
		*buf = make([]big.Word, need)
	}
	n := parseNode(dst, (*buf)[:cap(*buf)], s, mediumFives())
	mediumScratchPool.Put(buf)
	return z.SetBits(dst[:n])
}

// mediumScratchPool holds parseMedium's scratch between conversions; the
// words are overwritten before they are read, never cleared.
var mediumScratchPool = sync.Pool{New: func() any { return new([]big.Word) }}

// mediumWords is the room parseNode takes for a value of d digits: its
// fracWords(d) words, and up to four more for a join's product before
// normalization (q + fracWords(hi) + len(5^k) + 1 ≤ fracWords(d) + 4 for
// q = k/64 words).
func mediumWords(d int) int { return fracWords(d) + 4 }

// mediumScratch is the scratch parseNode takes for d digits: the high
// part's value, then the larger of the high part's own scratch and the
// copy of the low part's top words; the low part, converted first, takes
// the same scratch before them.
func mediumScratch(d int) int {
	if d <= mediumUnsplit {
		return 0
	}
	k := mediumLeaf << topLevel(mediumLeaf, d)
	return max(mediumScratch(k), mediumWords(d-k)+max(mediumScratch(d-k), fracWords(k)))
}

// parseNode writes the value of the digits s into dst, of at least
// mediumWords(len(s)) words, with scratch of mediumScratch(len(s)) words,
// and returns its length in words, normalized; fives is mediumFives().
func parseNode(dst, scratch []big.Word, s string, fives [][]big.Word) int {
	if len(s) <= mediumUnsplit {
		return parseLeafInto(dst, s)
	}
	j := topLevel(mediumLeaf, len(s))
	k := mediumLeaf << j
	q := k / 64
	nlo := parseNode(dst, scratch, s[len(s)-k:], fives)
	hiWords := mediumWords(len(s) - k)
	hiDst := scratch[:hiWords:hiWords]
	nhi := parseNode(hiDst, scratch[hiWords:], s[:len(s)-k], fives)
	if nhi == 0 {
		return nlo // leading zeros: the value is lo
	}
	if nlo < q {
		clear(dst[nlo:q]) // lo below 2^k: the words up to q are zero
	}
	// lo's words from q are overwritten by the product: kept in scratch,
	// past the high part, whose own scratch is no longer needed.
	var top big.Int
	if nlo > q {
		saved := scratch[hiWords : hiWords+nlo-q]
		copy(saved, dst[q:nlo])
		top.SetBits(saved)
	}
	var hi, pow, sum big.Int
	hi.SetBits(hiDst[:nhi])
	pow.SetBits(fives[j])
	sum.SetBits(dst[q:q:len(dst)])
	sum.Mul(&hi, &pow)
	sum.Add(&sum, &top)
	return q + len(sum.Bits())
}

// parseLeafInto writes the value of at most mediumUnsplit ASCII decimal
// digits into dst and returns its length in words, normalized: chunks of
// 19 digits from the most significant, two at a time, each pair c·10^19
// + c' folded in as w ← w·10^38 + (c·10^19 + c'), a pass over the words
// with two products each (10^38 is two words) where a chunk at a time
// took two passes. A string of an odd number of chunks folds its first
// chunk alone. parseLeafByChunk, a chunk at a time, is the reference
// (TestParseLeafAgrees).
func parseLeafInto(dst []big.Word, s string) int {
	if len(s) == 0 {
		return 0
	}
	head := len(s) % (2 * leafDigits)
	if head == 0 {
		head = 2 * leafDigits
	}
	n := 0
	if head > leafDigits {
		// The first pair, shorter than 38 digits: its value, below
		// 10^38 < 2^127, is the first words.
		c1, c0 := bits.Mul64(parseShort(s[:head-leafDigits]), leafPow)
		var k uint64
		c0, k = bits.Add64(c0, parseShort(s[head-leafDigits:head]), 0)
		c1 += k
		n = putCarry(dst, 0, c0, c1)
	} else {
		n = putCarry(dst, 0, parseShort(s[:head]), 0)
	}
	for s = s[head:]; len(s) > 0; s = s[2*leafDigits:] {
		c1, c0 := bits.Mul64(parse19(s), leafPow)
		var k uint64
		c0, k = bits.Add64(c0, parse19(s[leafDigits:]), 0)
		c1 += k
		acc := dst[:n:n]
		for i, w := range acc {
			// w·10^38 + c1·2^64 + c0: the low word stays, the
			// next two carry.
			h0, l0 := bits.Mul64(uint64(w), pow38Lo)
			h1, l1 := bits.Mul64(uint64(w), pow38Hi)
			lo, k := bits.Add64(l0, c0, 0)
			mid, k1 := bits.Add64(h0, l1, k)
			mid, k2 := bits.Add64(mid, c1, 0)
			acc[i], c0, c1 = big.Word(lo), mid, h1+k1+k2
		}
		n = putCarry(dst, n, c0, c1)
	}
	return n
}

// pow38Hi and pow38Lo are the words of 10^38.
const (
	pow38Hi = 0x4b3b4ca85a86c47a
	pow38Lo = 0x098a224000000000
)

// putCarry stores the carry c1·2^64 + c0 at dst[n:] and returns the
// length, normalized when dst[:n] is (or n is 0).
func putCarry(dst []big.Word, n int, c0, c1 uint64) int {
	switch {
	case c1 != 0:
		dst[n], dst[n+1] = big.Word(c0), big.Word(c1)
		return n + 2
	case c0 != 0:
		dst[n] = big.Word(c0)
		return n + 1
	}
	return n
}

// parseLeafByChunk is parseLeafInto a chunk of 19 digits at a time:
// w ← w·10^19 + chunk.
func parseLeafByChunk(dst []big.Word, s string) int {
	n := 0
	head := len(s) % leafDigits
	if head == 0 {
		head = leafDigits
	}
	for len(s) > 0 {
		carry := parseShort(s[:head])
		s = s[head:]
		head = leafDigits
		acc := dst[:n:n]
		for i, w := range acc {
			hi, lo := bits.Mul64(uint64(w), leafPow)
			lo, c := bits.Add64(lo, carry, 0)
			acc[i], carry = big.Word(lo), hi+c
		}
		if carry != 0 {
			dst[n] = big.Word(carry)
			n++
		}
	}
	return n
}

// parseShort is the value of at most 19 ASCII decimal digits, eight at a
// time by SIMD within a register (lanes8).
func parseShort(s string) uint64 {
	if len(s) == leafDigits {
		return parse19(s)
	}
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

// DecimalChunks appends to dst the digits of the decimal s in base
// 10^19, a word each, most significant first: the first len(s) mod 19
// digits, when there are any, then 19 at a time. It serves a caller that
// takes residues of a long decimal by Horner's rule over the chunks
// (integer's perfect_power). The digits are trusted as ParseDigits trusts
// them: on any other byte the values are unspecified, but it never
// panics.
func DecimalChunks(dst []uint64, s string) []uint64 {
	if head := len(s) % leafDigits; head > 0 {
		dst = append(dst, parseShort(s[:head]))
		s = s[head:]
	}
	for ; len(s) >= leafDigits; s = s[leafDigits:] {
		// parse19 written out: with its call a 2,000-digit perfect_power
		// run took 37.6 thousand instructions, without it 33.7.
		head := uint64(s[0])*100 + uint64(s[1])*10 + uint64(s[2]) - '0'*111
		dst = append(dst, head*10_000_000_000_000_000+lanes8(load8(s[3:]))*100_000_000+lanes8(load8(s[11:])))
	}
	return dst
}

// parse19 is the value of the 19 ASCII decimal digits s[:19], a whole
// word's chunk, as 3 + 8 + 8 digits.
func parse19(s string) uint64 {
	_ = s[18]
	head := uint64(s[0])*100 + uint64(s[1])*10 + uint64(s[2]) - '0'*111
	return head*10_000_000_000_000_000 + lanes8(load8(s[3:]))*100_000_000 + lanes8(load8(s[11:]))
}

// parse8 is the value of the eight ASCII decimal digits s[:8].
func parse8(s string) uint64 { return lanes8(load8(s)) }

// load8 is the little-endian word of s[:8].
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// lanes8 is the value of eight ASCII decimal digits in the byte lanes of
// v, the first digit the lowest, by SIMD within a register: the low
// nibbles are paired into two-digit, then four- and eight-digit lanes by
// one product each, whose sum of a lane times the base and its
// neighbour lands in the upper lane, shifted down (Lemire, "Parsing
// integers quickly", 2018; the multipliers of fast_float's
// parse_eight_digits_unrolled); it replaced a subtraction of '0' and
// three rounds of shifted sums, at 2,000 digits 5.9 thousand
// instructions of the conversion's 64 thousand (callgrind). Where a byte
// is no digit the value is unspecified. A loop a digit at a time is the
// reference (TestParse8, TestParse19).
func lanes8(v uint64) uint64 {
	v = (v & 0x0f0f0f0f0f0f0f0f) * (10<<8 + 1) >> 8
	v = (v & 0x00ff00ff00ff00ff) * (100<<16 + 1) >> 16
	return (v & 0x0000ffff0000ffff) * (10000<<32 + 1) >> 32
}
